//! PerDome and energy-dome grids over (log2 I_C, log2 I_G) for one I.
//!
//! Cells whose centre is outside the valid region of Lemma 2 hold `None`
//! (no such partition). The edges I_C = 0 and I_G = 0 cannot be placed on
//! a log axis; they are computed as separate strips.

use super::eval::time_per_flop;
use super::machine::Platform;
use super::partition::cp_shares_unchecked;

/// Which quantity a grid holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Metric {
    /// Performance upper bound, GFLOP/s.
    Performance,
    /// Energy efficiency, GFLOP/J.
    EnergyEfficiency,
}

impl Metric {
    pub fn label(self) -> &'static str {
        match self {
            Metric::Performance => "Performance bound",
            Metric::EnergyEfficiency => "Energy efficiency",
        }
    }
    pub fn unit(self) -> &'static str {
        match self {
            Metric::Performance => "GFLOP/s",
            Metric::EnergyEfficiency => "GFLOP/J",
        }
    }
    /// Short key used in file names and JSON.
    pub fn key(self) -> &'static str {
        match self {
            Metric::Performance => "gflops",
            Metric::EnergyEfficiency => "gflop_per_joule",
        }
    }
}

/// Where and how finely to sample.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GridSpec {
    /// Workload intensity I, flop/byte.
    pub i: f64,
    /// log2 of the I_C range (cell edges).
    pub x_log2: (f64, f64),
    /// log2 of the I_G range (cell edges).
    pub y_log2: (f64, f64),
    pub nx: usize,
    pub ny: usize,
}

impl GridSpec {
    /// A square grid of `n` x `n` cells centred on log2 I, `half_span`
    /// octaves to each side. log2 I falls on a cell edge when `n` is even,
    /// so no cell centre lies on the lines I_C = I or I_G = I.
    pub fn centred(i: f64, half_span: f64, n: usize) -> GridSpec {
        let c = i.log2();
        GridSpec {
            i,
            x_log2: (c - half_span, c + half_span),
            y_log2: (c - half_span, c + half_span),
            nx: n,
            ny: n,
        }
    }

    /// The half span (octaves) that shows every given nonzero intensity
    /// with a margin of one octave, and at least `min_half_span`.
    pub fn half_span_for(i: f64, points: impl IntoIterator<Item = f64>, min_half_span: f64) -> f64 {
        let c = i.log2();
        let mut span = min_half_span;
        for v in points {
            if v > 0.0 && v.is_finite() {
                span = span.max((v.log2() - c).abs().ceil() + 1.0);
            }
        }
        span.min(40.0)
    }

    pub fn dx(&self) -> f64 {
        (self.x_log2.1 - self.x_log2.0) / self.nx as f64
    }
    pub fn dy(&self) -> f64 {
        (self.y_log2.1 - self.y_log2.0) / self.ny as f64
    }
    /// log2 I_C at the centre of column `ix`.
    pub fn x_centre(&self, ix: usize) -> f64 {
        self.x_log2.0 + (ix as f64 + 0.5) * self.dx()
    }
    /// log2 I_G at the centre of row `iy`.
    pub fn y_centre(&self, iy: usize) -> f64 {
        self.y_log2.0 + (iy as f64 + 0.5) * self.dy()
    }
}

/// Sampled values of one metric. Row-major, row `iy` is one I_G.
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    /// The range and the counts: `nx` columns, `ny` rows (of a refined
    /// grid, the counts of [`Grid::xs`] and [`Grid::ys`]).
    pub spec: GridSpec,
    pub metric: Metric,
    /// log2 I_C of each column: the cell centres, and for a refined grid
    /// also the given points' coordinates, ascending.
    pub xs: Vec<f64>,
    /// log2 I_G of each row, as [`Grid::xs`].
    pub ys: Vec<f64>,
    /// `nx * ny` values; NaN marks "no such partition" (use [`Grid::get`]).
    values: Vec<f32>,
    /// Values on the edge I_C = 0, one per row (I_G).
    pub edge_ic0: Vec<Option<f64>>,
    /// Values on the edge I_G = 0, one per column (I_C).
    pub edge_ig0: Vec<Option<f64>>,
    /// Smallest and largest valid value (cells and edges), if any.
    pub range: Option<(f64, f64)>,
}

impl Grid {
    pub fn get(&self, ix: usize, iy: usize) -> Option<f64> {
        let v = *self.values.get(iy * self.spec.nx + ix)?;
        if v.is_nan() { None } else { Some(v as f64) }
    }

    /// Raw row-major values with NaN for invalid cells (for renderers that
    /// map a whole image at once).
    pub fn raw(&self) -> &[f32] {
        &self.values
    }

    pub fn valid_count(&self) -> usize {
        self.values.iter().filter(|v| !v.is_nan()).count()
    }
}

/// Both metrics over one grid.
#[derive(Clone, Debug, PartialEq)]
pub struct GridPair {
    pub performance: Grid,
    pub energy: Grid,
}

/// Per-column and per-row factors of the grid kernel.
///
/// With b_C = |I - I_G| D and b_G = |I_C - I| D, D = 1 / (I |I_C - I_G|)
/// (Eq. 15-16 per flop), the time per flop of Eq. 17 is
/// D max(|I - I_G| A_C, |I_C - I| A_G) with A_C = max(t_fC I_C, t_bC) and
/// A_G = max(t_fG I_G, t_bG), and the energy per flop of Eq. 24 is
/// D (|I - I_G| (e_fC I_C + e_bC) + |I_C - I| (e_fG I_G + e_bG)) + P t.
/// So a cell costs one division per metric and no branch: in each row the
/// valid columns are one contiguous run (Lemma 2).
struct Axes {
    /// I_C per column.
    ic: Vec<f64>,
    /// |I_C - I| per column.
    dc: Vec<f64>,
    /// A_C per column.
    ac: Vec<f64>,
    /// e_fC I_C + e_bC per column.
    ec: Vec<f64>,
    /// First column with I_C > I.
    split: usize,
}

fn axes(p: &Platform, i: f64, xs: &[f64]) -> Axes {
    let ic: Vec<f64> = xs.iter().map(|x| x.exp2()).collect();
    Axes {
        dc: ic.iter().map(|v| (v - i).abs()).collect(),
        ac: ic.iter().map(|v| (p.cpu.t_f * v).max(p.cpu.t_b)).collect(),
        ec: ic.iter().map(|v| p.cpu.e_f * v + p.cpu.e_b).collect(),
        split: ic.iter().position(|v| *v > i).unwrap_or(ic.len()),
        ic,
    }
}

/// The columns valid in a row: below I when I_G is above it, and the other
/// way round; none when a cell centre sits exactly on I.
fn valid_columns(ax: &Axes, i: f64, i_g: f64) -> std::ops::Range<usize> {
    let on_line = ax.ic.get(ax.split.wrapping_sub(1)).is_some_and(|v| *v == i);
    if i_g == i {
        0..0
    } else if i_g > i {
        0..if on_line { ax.split - 1 } else { ax.split }
    } else {
        ax.split..ax.ic.len()
    }
}

/// The performance grid alone (GFLOP/s), as `Vec<f32>` with NaN for no
/// partition: the hot path of the PerDome heat map.
pub fn compute_performance(p: &Platform, spec: GridSpec) -> Vec<f32> {
    let xs: Vec<f64> = (0..spec.nx).map(|k| spec.x_centre(k)).collect();
    let ax = axes(p, spec.i, &xs);
    let i = spec.i;
    let mut out = vec![f32::NAN; spec.nx * spec.ny];
    for iy in 0..spec.ny {
        let i_g = spec.y_centre(iy).exp2();
        let dg = (i - i_g).abs();
        let ag = (p.gpu.t_f * i_g).max(p.gpu.t_b);
        let k = 1000.0 * i;
        let cols = valid_columns(&ax, i, i_g);
        let row = &mut out[iy * spec.nx..(iy + 1) * spec.nx];
        for c in cols {
            let t = (dg * ax.ac[c]).max(ax.dc[c] * ag);
            row[c] = (k * (ax.ic[c] - i_g).abs() / t) as f32;
        }
    }
    out
}

/// Compute the performance and energy grids in one pass.
/// The platform must be valid (see [`Platform::validate`]).
pub fn compute(p: &Platform, spec: GridSpec) -> GridPair {
    let xs: Vec<f64> = (0..spec.nx).map(|k| spec.x_centre(k)).collect();
    let ys: Vec<f64> = (0..spec.ny).map(|k| spec.y_centre(k)).collect();
    compute_on(p, spec, xs, ys)
}

/// How close to the lines I_C = I and I_G = I (octaves) a refined grid
/// adds a column and a row on each side: where the bound bends most
/// sharply (Lemma 2's boundary, where one processor's share vanishes).
pub const NEAR_I: f64 = 1e-3;

/// [`compute`] with a column and a row through each of `points` (I_C,
/// I_G; zero or outside the range: none) and on both sides of I, so that
/// a surface drawn through the grid's values has these partitions as
/// vertices: its peak is the bound's at the best partition found, not
/// the nearest cell centre's.
pub fn compute_refined(p: &Platform, spec: GridSpec, points: &[(f64, f64)]) -> GridPair {
    let c = spec.i.log2();
    let refine = |n: usize, centre: &dyn Fn(usize) -> f64, range: (f64, f64), at: &[f64]| {
        let mut v: Vec<f64> = (0..n).map(centre).collect();
        v.extend([c - NEAR_I, c + NEAR_I]);
        v.extend(
            at.iter()
                .filter(|a| **a > 0.0 && a.is_finite())
                .map(|a| a.log2()),
        );
        v.retain(|x| *x > range.0 && *x < range.1);
        v.sort_by(f64::total_cmp);
        v.dedup_by(|a, b| (*a - *b).abs() < 1e-9);
        v
    };
    let xs = refine(
        spec.nx,
        &|k| spec.x_centre(k),
        spec.x_log2,
        &points.iter().map(|q| q.0).collect::<Vec<_>>(),
    );
    let ys = refine(
        spec.ny,
        &|k| spec.y_centre(k),
        spec.y_log2,
        &points.iter().map(|q| q.1).collect::<Vec<_>>(),
    );
    compute_on(p, spec, xs, ys)
}

/// Both grids on columns `xs` and rows `ys` (log2, ascending).
fn compute_on(p: &Platform, spec: GridSpec, xs: Vec<f64>, ys: Vec<f64>) -> GridPair {
    let spec = GridSpec {
        nx: xs.len(),
        ny: ys.len(),
        ..spec
    };
    let (nx, ny) = (spec.nx, spec.ny);
    let i = spec.i;
    let ax = axes(p, i, &xs);
    let mut perf = vec![f32::NAN; nx * ny];
    let mut energy = vec![f32::NAN; nx * ny];
    let ps = p.static_power();
    // Value ranges tracked in the loop: (lo, hi) of performance, energy.
    let mut pr = (f32::INFINITY, f32::NEG_INFINITY);
    let mut er = (f32::INFINITY, f32::NEG_INFINITY);
    for (iy, y) in ys.iter().enumerate() {
        let i_g = y.exp2();
        let dg = (i - i_g).abs();
        let ag = (p.gpu.t_f * i_g).max(p.gpu.t_b);
        let eg = p.gpu.e_f * i_g + p.gpu.e_b;
        let cols = valid_columns(&ax, i, i_g);
        let row_p = &mut perf[iy * nx..(iy + 1) * nx];
        let row_e = &mut energy[iy * nx..(iy + 1) * nx];
        for c in cols {
            // Everything per flop times I |I_C - I_G| (= 1 / D).
            let t = (dg * ax.ac[c]).max(ax.dc[c] * ag);
            let e = dg * ax.ec[c] + ax.dc[c] * eg + ps * t;
            let scale = 1000.0 * i * (ax.ic[c] - i_g).abs();
            let (vp, ve) = ((scale / t) as f32, (scale / e) as f32);
            row_p[c] = vp;
            row_e[c] = ve;
            pr = (pr.0.min(vp), pr.1.max(vp));
            er = (er.0.min(ve), er.1.max(ve));
        }
    }
    let edge = |i_c: f64, i_g: f64| super::eval::cp_point(p, i, i_c, i_g);
    let ic0: Vec<Option<(f64, f64)>> = ys.iter().map(|y| edge(0.0, y.exp2())).collect();
    let ig0: Vec<Option<(f64, f64)>> = xs.iter().map(|x| edge(x.exp2(), 0.0)).collect();
    let make =
        |metric: Metric, values: Vec<f32>, cells: (f32, f32), pick: fn(&(f64, f64)) -> f64| {
            let edge_ic0: Vec<Option<f64>> = ic0.iter().map(|v| v.as_ref().map(pick)).collect();
            let edge_ig0: Vec<Option<f64>> = ig0.iter().map(|v| v.as_ref().map(pick)).collect();
            let cells = [cells.0 as f64, cells.1 as f64]
                .into_iter()
                .filter(|v| v.is_finite());
            let edges = edge_ic0.iter().chain(edge_ig0.iter()).flatten().copied();
            let range = value_range(cells.chain(edges));
            Grid {
                spec,
                metric,
                xs: xs.clone(),
                ys: ys.clone(),
                values,
                edge_ic0,
                edge_ig0,
                range,
            }
        };
    GridPair {
        performance: make(Metric::Performance, perf, pr, |v| v.0),
        energy: make(Metric::EnergyEfficiency, energy, er, |v| v.1),
    }
}

fn value_range(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    let mut lo = f64::INFINITY;
    let mut hi = f64::NEG_INFINITY;
    for v in values {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    (lo <= hi).then_some((lo, hi))
}

/// Time per flop at one grid point (used by hover readouts and tests);
/// `None` outside the valid region.
pub fn time_per_flop_at(p: &Platform, i: f64, i_c: f64, i_g: f64) -> Option<f64> {
    if (i_c > i) == (i_g > i) || i_c == i || i_g == i {
        return None;
    }
    Some(time_per_flop(p, &cp_shares_unchecked(i, i_c, i_g)))
}

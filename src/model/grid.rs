//! PerDome and energy-dome grids over (log2 I_C, log2 I_G) for one I.
//!
//! Cells whose centre is outside the valid region of Lemma 2 hold `None`
//! (no such partition). The edges I_C = 0 and I_G = 0 cannot be placed on
//! a log axis; they are computed as separate strips.

use super::machine::Platform;
use super::partition::cp_shares_unchecked;
use super::perdome::time_per_flop;

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
    pub spec: GridSpec,
    pub metric: Metric,
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

/// Compute the performance and energy grids in one pass.
/// The platform must be valid (see [`Platform::validate`]).
pub fn compute(p: &Platform, spec: GridSpec) -> GridPair {
    let (nx, ny) = (spec.nx, spec.ny);
    let i = spec.i;
    let xs: Vec<f64> = (0..nx).map(|k| spec.x_centre(k).exp2()).collect();
    let mut perf = vec![f32::NAN; nx * ny];
    let mut energy = vec![f32::NAN; nx * ny];
    let ps = p.static_power();
    let (cpu, gpu) = (p.cpu, p.gpu);
    for iy in 0..ny {
        let i_g = spec.y_centre(iy).exp2();
        let g_above = i_g > i;
        let row_p = &mut perf[iy * nx..(iy + 1) * nx];
        let row_e = &mut energy[iy * nx..(iy + 1) * nx];
        for ix in 0..nx {
            let i_c = xs[ix];
            if (i_c > i) == g_above || i_c == i || i_g == i {
                continue;
            }
            let s = cp_shares_unchecked(i, i_c, i_g);
            let t = (cpu.t_f * s.flops_c)
                .max(cpu.t_b * s.bytes_c)
                .max(gpu.t_f * s.flops_g)
                .max(gpu.t_b * s.bytes_g);
            let e = cpu.e_f * s.flops_c
                + cpu.e_b * s.bytes_c
                + gpu.e_f * s.flops_g
                + gpu.e_b * s.bytes_g
                + ps * t;
            row_p[ix] = (1000.0 / t) as f32;
            row_e[ix] = (1000.0 / e) as f32;
        }
    }
    let edge = |i_c: f64, i_g: f64| super::perdome::cp_point(p, i, i_c, i_g);
    let ic0: Vec<Option<(f64, f64)>> = (0..ny).map(|iy| edge(0.0, spec.y_centre(iy).exp2())).collect();
    let ig0: Vec<Option<(f64, f64)>> = (0..nx).map(|ix| edge(spec.x_centre(ix).exp2(), 0.0)).collect();
    let make = |metric: Metric, values: Vec<f32>, pick: fn(&(f64, f64)) -> f64| {
        let edge_ic0: Vec<Option<f64>> = ic0.iter().map(|v| v.as_ref().map(pick)).collect();
        let edge_ig0: Vec<Option<f64>> = ig0.iter().map(|v| v.as_ref().map(pick)).collect();
        let range = value_range(&values, edge_ic0.iter().chain(edge_ig0.iter()).flatten().copied());
        Grid {
            spec,
            metric,
            values,
            edge_ic0,
            edge_ig0,
            range,
        }
    };
    GridPair {
        performance: make(Metric::Performance, perf, |v| v.0),
        energy: make(Metric::EnergyEfficiency, energy, |v| v.1),
    }
}

fn value_range(values: &[f32], extra: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    let mut lo = f64::INFINITY;
    let mut hi = f64::NEG_INFINITY;
    for v in values.iter().filter(|v| !v.is_nan()).map(|&v| v as f64).chain(extra) {
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

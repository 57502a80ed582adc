//! The class variables of Table 1 (defined in Section 4.2) for concrete
//! sizes:
//!
//! - w: parallel work-units (GPU threads),
//! - m: operator applications per work-unit,
//! - o: offset operations per work-unit (index computation, pre-loading),
//! - d: input plus output elements,
//! - c: compulsory off-chip accesses that are coalesced (sequential),
//! - u: compulsory off-chip accesses that are uncoalesced (scattered),
//!
//! and the floors that apply (last column of Table 1). d, c and u count
//! 32-bit elements.
//!
//! Two places where Table 1 disagrees with its own definitions are
//! selectable with [`Table1Reading`]:
//!
//! - scale down (`AxB|tile(UxV) -> A/UxB/V|element`) prints d = 2·A·B, but
//!   input plus output is A·B + A·B/(U·V);
//! - enlarge (`AxB|element -> A·UxB·V|tile(UxV)`) prints w = A/U·B/V and
//!   d = 2·A·B, which read as if A x B were the output; with A x B the input
//!   (as the class name says) there is one work-unit per input element,
//!   w = A·B, and d = A·B + A·B·U·V.
//!
//! The default is [`Table1Reading::Derived`]; the paper's Table 5 is
//! reproduced with [`Table1Reading::AsPrinted`] (its y-projection uses the
//! printed d = 2·A·B: tests/boathull_paper.rs).
//!
//! The neighbourhood classes' alpha and beta (extra halo accesses, left out
//! of Table 1) come from [`HaloEstimate`].

use super::BoatHullError;
use super::class_shape::ClassShape;

/// How to read the rows of Table 1 that contradict the definitions of
/// Section 4.2 (see the module documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Table1Reading {
    /// d is input plus output, w counts work-units of the named input.
    #[default]
    Derived,
    /// The values exactly as printed in Table 1.
    AsPrinted,
}

impl Table1Reading {
    /// The spelling in JSON and on the command line.
    pub fn key(self) -> &'static str {
        match self {
            Table1Reading::Derived => "derived",
            Table1Reading::AsPrinted => "as-printed",
        }
    }
}

/// Halo estimate for the neighbourhood classes (alpha and beta of Table 1).
///
/// The image is processed in blocks of `rows x cols` output elements (one
/// GPU thread block each). A block of an n x m neighbourhood reads
/// (rows + n - 1)(cols + m - 1) elements, of which rows·cols are its own
/// (counted in d); the rest is the halo. The halo is read around the block
/// in short pieces, so it is charged as uncoalesced: alpha = 0 and
/// beta = blocks x halo per block. Blocks are clipped to the image size.
/// With the default 16 x 16 block this reproduces the low end of the
/// GTX470 kernel range of Table 5 (tests/boathull_paper.rs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HaloEstimate {
    rows: u64,
    cols: u64,
}

impl Default for HaloEstimate {
    fn default() -> Self {
        HaloEstimate { rows: 16, cols: 16 }
    }
}

impl HaloEstimate {
    /// A block of `rows x cols` output elements; both at least 1.
    pub fn new(rows: u64, cols: u64) -> Result<Self, BoatHullError> {
        if rows == 0 || cols == 0 {
            Err(BoatHullError::HaloBlock { rows, cols })
        } else {
            Ok(HaloEstimate { rows, cols })
        }
    }

    pub fn rows(&self) -> u64 {
        self.rows
    }

    pub fn cols(&self) -> u64 {
        self.cols
    }

    /// Halo elements read for an `a x b` image and an `n x m` window.
    pub fn halo_elements(&self, a: u64, b: u64, n: u64, m: u64) -> f64 {
        let r = self.rows.min(a).max(1);
        let c = self.cols.min(b).max(1);
        let blocks = a.div_ceil(r) as f64 * b.div_ceil(c) as f64;
        let (r, c, n, m) = (r as f64, c as f64, n as f64, m as f64);
        blocks * ((r + n - 1.0) * (c + m - 1.0) - r * c)
    }

    /// (alpha, beta): extra coalesced and uncoalesced elements.
    pub fn alpha_beta(&self, a: u64, b: u64, n: u64, m: u64) -> (f64, f64) {
        (0.0, self.halo_elements(a, b, n, m))
    }
}

/// Choices the paper leaves open when computing class variables.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ClassOptions {
    pub halo: HaloEstimate,
    pub reading: Table1Reading,
}

impl ClassOptions {
    /// Table 1 as printed, with the default halo estimate: the reading
    /// that reproduces the paper's Table 5.
    pub fn as_printed() -> Self {
        ClassOptions {
            halo: HaloEstimate::default(),
            reading: Table1Reading::AsPrinted,
        }
    }
}

/// Which GPU floors of Table 1's last column apply to a class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Floors {
    /// c1: no fused multiply-add (every class of Table 1).
    pub c1: bool,
    /// m1: scattered memory accesses (unordered classes, x-projection).
    pub m1: bool,
}

/// The class variables of one class with concrete sizes (Table 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClassVars {
    /// Work-units.
    pub w: f64,
    /// Operator applications per work-unit.
    pub m: f64,
    /// Offset operations per work-unit.
    pub o: f64,
    /// Input plus output data, elements.
    pub d: f64,
    /// Coalesced compulsory accesses, elements.
    pub c: f64,
    /// Uncoalesced compulsory accesses, elements.
    pub u: f64,
    pub floors: Floors,
}

impl ClassVars {
    /// The GPU variables of Table 1.
    pub fn gpu(shape: &ClassShape, options: &ClassOptions) -> ClassVars {
        let printed = options.reading == Table1Reading::AsPrinted;
        let (a, b) = shape.input_extent();
        let (af, bf) = (a as f64, b as f64);
        let ab = af * bf;
        let c1_only = Floors {
            c1: true,
            m1: false,
        };
        let both = Floors { c1: true, m1: true };
        // (w, m, o, d, c, u, floors); c = NAN means c = d.
        let (w, m, o, d, c, u, floors) = match *shape {
            ClassShape::Element { .. } => (ab, 1.0, 16.0, 2.0 * ab, f64::NAN, 0.0, c1_only),
            ClassShape::UnorderedElement { .. } => (ab, 1.0, 16.0, 2.0 * ab, f64::NAN, 0.0, both),
            ClassShape::XProjection { .. } => (af, bf, 4.0 * bf, ab + af, f64::NAN, 0.0, both),
            ClassShape::TileToElement { u, v, .. } => {
                let uv = u as f64 * v as f64;
                let d = if printed { 2.0 * ab } else { ab + ab / uv };
                (ab / uv, uv, 4.0 * uv, d, f64::NAN, 0.0, c1_only)
            }
            ClassShape::TileToTile { u, v, .. } => {
                let uv = u as f64 * v as f64;
                (ab / uv, uv, 4.0 * uv, 2.0 * ab, ab, ab, c1_only)
            }
            ClassShape::ElementToTile { u, v, .. } => {
                let uv = u as f64 * v as f64;
                let (w, d) = if printed {
                    (ab / uv, 2.0 * ab)
                } else {
                    (ab, ab + ab * uv)
                };
                (w, uv, 4.0 * uv, d, f64::NAN, 0.0, c1_only)
            }
            ClassShape::Neighbourhood2d { n, m, .. } => {
                let (alpha, beta) = options.halo.alpha_beta(a, b, n, m);
                let nm = n as f64 * m as f64;
                (ab, nm, 64.0, 2.0 * ab, 2.0 * ab + alpha, beta, c1_only)
            }
            ClassShape::Neighbourhood1d { n, .. } => {
                let (alpha, beta) = options.halo.alpha_beta(a, b, 1, n);
                (
                    ab,
                    n as f64,
                    64.0,
                    2.0 * ab,
                    2.0 * ab + alpha,
                    beta,
                    c1_only,
                )
            }
            ClassShape::Reduce { .. } => (ab, 1.0, 16.0, ab + 1.0, ab, 1.0, c1_only),
            ClassShape::Histogram { bins, .. } => {
                // Printed as d = A·B + N, c = N, u = A·B with N the C bins.
                let bins = bins as f64;
                (ab, 1.0, 64.0, ab + bins, bins, ab, c1_only)
            }
            ClassShape::Pairwise { .. } => (ab, 1.0, 32.0, 3.0 * ab, f64::NAN, 0.0, c1_only),
        };
        ClassVars {
            w,
            m,
            o,
            d,
            c: if c.is_nan() { d } else { c },
            u,
            floors,
        }
    }

    /// The CPU variables (Section 4.4): w, m, d, c and u as for the GPU;
    /// the offset o is the GPU offset divided by 4. Section 4.4 sets o = 4
    /// for `AxB|element -> AxB|element`, where Table 1 has 16 for the GPU;
    /// it gives no CPU offset for the other classes, so the same ratio is
    /// used for all of them.
    pub fn cpu(shape: &ClassShape, options: &ClassOptions) -> ClassVars {
        let g = ClassVars::gpu(shape, options);
        ClassVars { o: g.o / 4.0, ..g }
    }

    /// Operations of the compute equation: w (f m + o) (Section 4.2).
    pub fn operations(&self, f: f64) -> f64 {
        self.w * (f * self.m + self.o)
    }

    /// Operations of the operator alone, w·m·f: what a roofline counts
    /// (it knows nothing of the class offset o).
    pub fn operator_operations(&self, f: f64) -> f64 {
        self.w * self.m * f
    }
}

//! Which of the 11 classes of Table 1 a parsed class name is.
//!
//! Sizes are `rows x columns`: `AxB` has A rows of B elements, so the
//! x-projection `AxB|tile(1xB) -> A|element` sums each row. A size written
//! as one number `K` is one row of K elements. Sizes are compared by their
//! extent with dimensions of 1 ignored, so `1024` and `1x1024` (or `1024x1`)
//! name the same output.

use super::class_parse::{ClassName, Kind, Part, Size};

/// One of the 11 classes of Table 1 with its concrete sizes (rows a, b
/// columns; tile u x v; neighbourhood n x m).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClassShape {
    /// `AxB|element -> AxB|element` (binarization).
    Element { a: u64, b: u64 },
    /// `unordered AxB|element -> AxB|element` (xy-mirroring).
    UnorderedElement { a: u64, b: u64 },
    /// `AxB|tile(1xB) -> A|element` (x-projection).
    XProjection { a: u64, b: u64 },
    /// `AxB|tile(UxV) -> A/UxB/V|element` (scale down; also the
    /// y-projection `AxB|tile(Ax1) -> B|element` of Table 4).
    TileToElement { a: u64, b: u64, u: u64, v: u64 },
    /// `AxB|tile(UxV) -> AxB|tile(UxV)` (2D-DCT).
    TileToTile { a: u64, b: u64, u: u64, v: u64 },
    /// `AxB|element -> A·UxB·V|tile(UxV)` (enlarge).
    ElementToTile { a: u64, b: u64, u: u64, v: u64 },
    /// `AxB|neighbourhood(NxM) -> AxB|element` (2D-convolution); n rows,
    /// m columns.
    Neighbourhood2d { a: u64, b: u64, n: u64, m: u64 },
    /// `AxB|neighbourhood(N) -> AxB|element` (1D-convolution along a row).
    Neighbourhood1d { a: u64, b: u64, n: u64 },
    /// `AxB|element -> 1|shared` (sum).
    Reduce { a: u64, b: u64 },
    /// `AxB|element -> C|shared` (histogram with C bins, C > 1).
    Histogram { a: u64, b: u64, bins: u64 },
    /// `AxB|element ^ AxB|element -> AxB|element` (differencing).
    Pairwise { a: u64, b: u64 },
}

impl ClassShape {
    /// Row of Table 1, 1 to 11 in the table's order.
    pub fn table1_row(&self) -> usize {
        match self {
            ClassShape::Element { .. } => 1,
            ClassShape::UnorderedElement { .. } => 2,
            ClassShape::XProjection { .. } => 3,
            ClassShape::TileToElement { .. } => 4,
            ClassShape::TileToTile { .. } => 5,
            ClassShape::ElementToTile { .. } => 6,
            ClassShape::Neighbourhood2d { .. } => 7,
            ClassShape::Neighbourhood1d { .. } => 8,
            ClassShape::Reduce { .. } => 9,
            ClassShape::Histogram { .. } => 10,
            ClassShape::Pairwise { .. } => 11,
        }
    }

    /// The symbolic class of Table 1.
    pub fn table1_class(&self) -> &'static str {
        match self {
            ClassShape::Element { .. } => "AxB|element -> AxB|element",
            ClassShape::UnorderedElement { .. } => "unordered AxB|element -> AxB|element",
            ClassShape::XProjection { .. } => "AxB|tile(1xB) -> A|element",
            ClassShape::TileToElement { .. } => "AxB|tile(UxV) -> A/UxB/V|element",
            ClassShape::TileToTile { .. } => "AxB|tile(UxV) -> AxB|tile(UxV)",
            ClassShape::ElementToTile { .. } => "AxB|element -> A·UxB·V|tile(UxV)",
            ClassShape::Neighbourhood2d { .. } => "AxB|neighbourhood(NxM) -> AxB|element",
            ClassShape::Neighbourhood1d { .. } => "AxB|neighbourhood(N) -> AxB|element",
            ClassShape::Reduce { .. } => "AxB|element -> 1|shared",
            ClassShape::Histogram { .. } => "AxB|element -> C|shared",
            ClassShape::Pairwise { .. } => "AxB|element ^ AxB|element -> AxB|element",
        }
    }

    /// Table 1's example primitive for the class.
    pub fn example(&self) -> &'static str {
        match self {
            ClassShape::Element { .. } => "binarization",
            ClassShape::UnorderedElement { .. } => "xy-mirroring",
            ClassShape::XProjection { .. } => "x-projection",
            ClassShape::TileToElement { .. } => "scale down",
            ClassShape::TileToTile { .. } => "2D-DCT",
            ClassShape::ElementToTile { .. } => "enlarge",
            ClassShape::Neighbourhood2d { .. } => "2D-convolution",
            ClassShape::Neighbourhood1d { .. } => "1D-convolution",
            ClassShape::Reduce { .. } => "sum",
            ClassShape::Histogram { .. } => "histogram",
            ClassShape::Pairwise { .. } => "differencing",
        }
    }

    /// Input size (a rows, b columns) of one input.
    pub fn input_extent(&self) -> (u64, u64) {
        match *self {
            ClassShape::Element { a, b }
            | ClassShape::UnorderedElement { a, b }
            | ClassShape::XProjection { a, b }
            | ClassShape::TileToElement { a, b, .. }
            | ClassShape::TileToTile { a, b, .. }
            | ClassShape::ElementToTile { a, b, .. }
            | ClassShape::Neighbourhood2d { a, b, .. }
            | ClassShape::Neighbourhood1d { a, b, .. }
            | ClassShape::Reduce { a, b }
            | ClassShape::Histogram { a, b, .. }
            | ClassShape::Pairwise { a, b } => (a, b),
        }
    }

    /// The canonical class name for these sizes.
    pub fn name(&self) -> ClassName {
        let el = |size| Part {
            size,
            kind: Kind::Element,
        };
        let (a, b) = self.input_extent();
        let input = || el(row_size(a, b));
        let (unordered, inputs, outputs) = match *self {
            ClassShape::Element { .. } => (false, vec![input()], vec![input()]),
            ClassShape::UnorderedElement { .. } => (true, vec![input()], vec![input()]),
            ClassShape::Pairwise { .. } => (false, vec![input(), input()], vec![input()]),
            ClassShape::XProjection { .. } | ClassShape::TileToElement { .. } => {
                let (u, v) = match *self {
                    ClassShape::TileToElement { u, v, .. } => (u, v),
                    _ => (1, b),
                };
                let tiled = Part {
                    size: row_size(a, b),
                    kind: Kind::Tile(Size(vec![u, v])),
                };
                let out = out_size(a.checked_div(u).unwrap_or(0), b.checked_div(v).unwrap_or(0));
                (false, vec![tiled], vec![el(out)])
            }
            ClassShape::TileToTile { u, v, .. } => {
                let tiled = Part {
                    size: row_size(a, b),
                    kind: Kind::Tile(Size(vec![u, v])),
                };
                (false, vec![tiled.clone()], vec![tiled])
            }
            ClassShape::ElementToTile { u, v, .. } => {
                let out = Part {
                    size: row_size(a.saturating_mul(u), b.saturating_mul(v)),
                    kind: Kind::Tile(Size(vec![u, v])),
                };
                (false, vec![input()], vec![out])
            }
            ClassShape::Neighbourhood2d { n, m, .. } => {
                let part = Part {
                    size: row_size(a, b),
                    kind: Kind::Neighbourhood(Size(vec![n, m])),
                };
                (false, vec![part], vec![input()])
            }
            ClassShape::Neighbourhood1d { n, .. } => {
                let part = Part {
                    size: row_size(a, b),
                    kind: Kind::Neighbourhood(Size(vec![n])),
                };
                (false, vec![part], vec![input()])
            }
            ClassShape::Reduce { .. } | ClassShape::Histogram { .. } => {
                let bins = match *self {
                    ClassShape::Histogram { bins, .. } => bins,
                    _ => 1,
                };
                let out = Part {
                    size: Size(vec![bins]),
                    kind: Kind::Shared,
                };
                (false, vec![input()], vec![out])
            }
        };
        ClassName {
            unordered,
            inputs,
            outputs,
        }
    }
}

/// `K` for a single row, `AxB` otherwise.
pub(super) fn row_size(a: u64, b: u64) -> Size {
    if a == 1 {
        Size(vec![b])
    } else {
        Size(vec![a, b])
    }
}

/// An output size with dimensions of 1 left out.
pub(super) fn out_size(a: u64, b: u64) -> Size {
    match (a, b) {
        (1, b) => Size(vec![b]),
        (a, 1) => Size(vec![a]),
        (a, b) => Size(vec![a, b]),
    }
}

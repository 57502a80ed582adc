//! The 2-D primitives a projected surface is made of, in pixels: what the
//! projection, its axes and its canvas produce and the GUI and the SVG
//! exporter paint alike.

use crate::perdome::case::MarkerKind;

/// Where text sits relative to its point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

/// A 2-D drawing primitive in pixels (y down), painted in list order.
#[derive(Clone, Debug, PartialEq)]
pub enum Prim {
    Poly {
        pts: Vec<[f32; 2]>,
        fill: [u8; 4],
        stroke: Option<([u8; 4], f32)>,
    },
    Line {
        pts: Vec<[f32; 2]>,
        color: [u8; 4],
        width: f32,
        dashed: bool,
    },
    Text {
        pos: [f32; 2],
        text: String,
        size: f32,
        color: [u8; 4],
        anchor: Anchor,
    },
    Dot {
        pos: [f32; 2],
        radius: f32,
        fill: [u8; 3],
        kind: MarkerKind,
    },
}

/// Colour of the floor edges, axes and axis texts.
pub(super) const INK: [u8; 4] = [60, 60, 60, 255];

//! The surface's axes: tick labels along the floor edges nearest the
//! viewer, pushed outward from the floor; axis titles beyond the tick
//! labels; the value axis at the floor corner furthest left on screen.
//! A last pass keeps the titles and drops any tick label that would
//! overlap a text already placed, so no two axis texts overlap at any
//! camera angle.

use super::SurfaceFigure;
use super::clip::{Canvas, prim_text_box};
use super::prim::{Anchor, INK, Prim};
use super::screen::Proj;
use crate::axis::nice_ticks;
use crate::text::{boxes_overlap, text_width};
use hetscope_model::format::fmt_tick;

/// Font sizes of tick labels and titles, px at text scale 1.
const TICK: f32 = 11.0;
const TITLE: f32 = 12.0;

/// An axis text before the collision pass: titles are kept first.
struct AxisText {
    prim: Prim,
    title: bool,
}

impl SurfaceFigure {
    /// Push the axes' lines and texts onto `canvas`; returns the boxes of
    /// the texts drawn (for the marker labels to avoid).
    pub(super) fn push_axes(&self, pr: &Proj, canvas: &mut Canvas, ts: f32) -> Vec<[f64; 4]> {
        let mut texts = self.floor_axis_texts(pr, ts);
        texts.extend(self.value_axis(pr, canvas, ts));
        place_axis_texts(texts, canvas)
    }

    /// Tick labels and titles of the I_C and I_G axes.
    fn floor_axis_texts(&self, pr: &Proj, ts: f32) -> Vec<AxisText> {
        let (xlo, xhi) = (self.x.full_lo(), self.x.hi);
        let (ylo, yhi) = (self.y.full_lo(), self.y.hi);
        let centre = pr.at((xlo + xhi) / 2.0, (ylo + yhi) / 2.0, 0.0).0;
        // The I_C axis runs along y = ylo or y = yhi, whichever is nearer.
        let y_edge = nearer(pr, |t| (t, ylo), |t| (t, yhi), (xlo, xhi));
        let x_ticks: Vec<_> = self
            .x
            .ticks()
            .into_iter()
            .map(|(p, l)| ((p, y_edge), l))
            .collect();
        let x_mid = ((xlo + xhi) / 2.0, y_edge);
        let mut out = edge_texts(pr, centre, &x_ticks, x_mid, &self.x.title(), ts);
        let x_edge = nearer(pr, |t| (xlo, t), |t| (xhi, t), (ylo, yhi));
        let y_ticks: Vec<_> = self
            .y
            .ticks()
            .into_iter()
            .map(|(p, l)| ((x_edge, p), l))
            .collect();
        let y_mid = (x_edge, (ylo + yhi) / 2.0);
        out.extend(edge_texts(pr, centre, &y_ticks, y_mid, &self.y.title(), ts));
        out
    }

    /// The vertical value axis at the floor corner furthest left on
    /// screen (clear of the surface whatever the yaw): its line and tick
    /// marks go on the canvas, its texts are returned.
    fn value_axis(&self, pr: &Proj, canvas: &mut Canvas, ts: f32) -> Vec<AxisText> {
        let (xlo, xhi) = (self.x.full_lo(), self.x.hi);
        let (ylo, yhi) = (self.y.full_lo(), self.y.hi);
        let (zx, zy) = [(xlo, ylo), (xlo, yhi), (xhi, ylo), (xhi, yhi)]
            .into_iter()
            .min_by(|a, b| pr.at(a.0, a.1, 0.0).0[0].total_cmp(&pr.at(b.0, b.1, 0.0).0[0]))
            .unwrap_or((xlo, ylo));
        let z0 = pr.at(zx, zy, 0.0).0;
        let z1 = pr.at(zx, zy, self.z.hi).0;
        canvas.push(line(vec![z0, z1]));
        let mut out = Vec::new();
        for t in nice_ticks(0.0, self.z.hi, 5) {
            let p = pr.at(zx, zy, t).0;
            canvas.push(line(vec![p, [p[0] - 4.0 * ts, p[1]]]));
            let at = [p[0] - 6.0 * ts, p[1] + 4.0 * ts];
            out.push(tick(text(at, fmt_tick(t), TICK * ts, Anchor::End)));
        }
        let at = [z1[0], z1[1] - 10.0 * ts];
        out.push(AxisText {
            prim: text(at, self.z.title(), TITLE * ts, Anchor::Middle),
            title: true,
        });
        out
    }
}

/// Of two floor edges (parametrised over `range`), the coordinate of the
/// one nearer the viewer: `a` and `b` map a parameter to (x, y).
fn nearer(
    pr: &Proj,
    a: impl Fn(f64) -> (f64, f64),
    b: impl Fn(f64) -> (f64, f64),
    range: (f64, f64),
) -> f64 {
    let mid = (range.0 + range.1) / 2.0;
    let (pa, pb) = (a(mid), b(mid));
    let (da, db) = (pr.at(pa.0, pa.1, 0.0).1, pr.at(pb.0, pb.1, 0.0).1);
    // Return the coordinate that differs between the two edges.
    let (ca, cb) = if pa.0 == pb.0 {
        (pa.1, pb.1)
    } else {
        (pa.0, pb.0)
    };
    if da <= db { ca } else { cb }
}

/// Tick labels along one floor edge, pushed away from the floor's centre,
/// and the title beyond the widest of them.
fn edge_texts(
    pr: &Proj,
    centre: [f32; 2],
    ticks: &[((f64, f64), String)],
    mid: (f64, f64),
    title: &str,
    ts: f32,
) -> Vec<AxisText> {
    let m = pr.at(mid.0, mid.1, 0.0).0;
    let u = unit([m[0] - centre[0], m[1] - centre[1]]);
    let gap = 8.0 * ts;
    let mut out = Vec::new();
    let mut reach: f32 = 0.0;
    for ((x, y), label) in ticks {
        let p = pr.at(*x, *y, 0.0).0;
        let size = TICK * ts;
        let half = half_extent(u, label, size);
        reach = reach.max(2.0 * half);
        out.push(tick(centred(p, u, gap + half, label.clone(), size)));
    }
    let size = TITLE * ts;
    let d = gap + reach + gap + half_extent(u, title, size);
    out.push(AxisText {
        prim: centred(m, u, d, title.to_string(), size),
        title: true,
    });
    out
}

/// A text centred at `p + u * d`.
fn centred(p: [f32; 2], u: [f32; 2], d: f32, s: String, size: f32) -> Prim {
    let c = [p[0] + u[0] * d, p[1] + u[1] * d];
    // The box spans baseline - 0.85 size to baseline + 0.2 size.
    text([c[0], c[1] + 0.325 * size], s, size, Anchor::Middle)
}

/// Half the extent of a text's box along direction `u`.
fn half_extent(u: [f32; 2], s: &str, size: f32) -> f32 {
    let w = text_width(s, size as f64) as f32;
    let h = 1.05 * size;
    u[0].abs() * w / 2.0 + u[1].abs() * h / 2.0
}

fn unit(v: [f32; 2]) -> [f32; 2] {
    let n = v[0].hypot(v[1]);
    if n > 1e-3 && n.is_finite() {
        [v[0] / n, v[1] / n]
    } else {
        [0.0, 1.0]
    }
}

/// Titles first (moved inside the canvas), then tick labels that overlap
/// nothing placed; returns the boxes of the texts placed.
fn place_axis_texts(texts: Vec<AxisText>, canvas: &mut Canvas) -> Vec<[f64; 4]> {
    let mut placed: Vec<[f64; 4]> = Vec::new();
    let (titles, ticks): (Vec<_>, Vec<_>) = texts.into_iter().partition(|t| t.title);
    for t in titles {
        place_title(t.prim, canvas, &mut placed);
    }
    for t in ticks {
        place(t.prim, canvas, &mut placed);
    }
    placed
}

/// Push a title inside the canvas, moved up or down by whole lines
/// until it is clear of the texts placed (as it is if nothing is free).
fn place_title(prim: Prim, canvas: &mut Canvas, placed: &mut Vec<[f64; 4]>) {
    let prim = inside(prim, canvas.rect);
    let Prim::Text { size, .. } = &prim else {
        return;
    };
    let step = size * 1.2;
    for k in [0.0, 1.0, -1.0, 2.0, -2.0, 3.0, -3.0, 4.0, -4.0] {
        if place(shifted(&prim, k * step), canvas, placed) {
            return;
        }
    }
    if let Some(b) = prim_text_box(&prim) {
        placed.push(b);
    }
    canvas.push(prim);
}

/// A text moved down by `dy` pixels.
fn shifted(prim: &Prim, dy: f32) -> Prim {
    let mut p = prim.clone();
    if let Prim::Text { pos, .. } = &mut p {
        pos[1] += dy;
    }
    p
}

/// Push a text unless its box overlaps one in `placed`.
pub(super) fn place(prim: Prim, canvas: &mut Canvas, placed: &mut Vec<[f64; 4]>) -> bool {
    let Some(b) = prim_text_box(&prim) else {
        return false;
    };
    if placed.iter().any(|o| boxes_overlap(o, &b)) {
        return false;
    }
    if canvas.push(prim).is_some() {
        placed.push(b);
        return true;
    }
    false
}

/// A text moved (not cut) so that its box lies inside `rect` where it
/// can.
fn inside(prim: Prim, rect: [f32; 4]) -> Prim {
    let Some(b) = prim_text_box(&prim) else {
        return prim;
    };
    let r = rect.map(|v| v as f64);
    let dx = if b[0] < r[0] {
        r[0] - b[0]
    } else if b[2] > r[2] {
        (r[2] - b[2]).max(r[0] - b[0])
    } else {
        0.0
    };
    let dy = if b[1] < r[1] {
        r[1] - b[1]
    } else if b[3] > r[3] {
        (r[3] - b[3]).max(r[1] - b[1])
    } else {
        0.0
    };
    match prim {
        Prim::Text {
            pos,
            text,
            size,
            color,
            anchor,
        } => Prim::Text {
            pos: [pos[0] + dx as f32, pos[1] + dy as f32],
            text,
            size,
            color,
            anchor,
        },
        other => other,
    }
}

fn tick(prim: Prim) -> AxisText {
    AxisText { prim, title: false }
}

fn text(pos: [f32; 2], t: String, size: f32, anchor: Anchor) -> Prim {
    Prim::Text {
        pos,
        text: t,
        size,
        color: INK,
        anchor,
    }
}

fn line(pts: Vec<[f32; 2]>) -> Prim {
    Prim::Line {
        pts,
        color: INK,
        width: 1.0,
        dashed: false,
    }
}

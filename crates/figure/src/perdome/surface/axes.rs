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
    /// Push the axes' lines and texts onto `canvas`, the texts clear of
    /// the boxes in `avoid` (the marker symbols: a title moves a line up
    /// or down, a tick label is left out); returns those boxes and the
    /// texts' (for the marker labels to avoid).
    pub(super) fn push_axes(
        &self,
        pr: &Proj,
        canvas: &mut Canvas,
        ts: f32,
        avoid: Vec<[f64; 4]>,
    ) -> Vec<[f64; 4]> {
        let mut texts = self.floor_axis_texts(pr, ts);
        texts.extend(self.value_axis(pr, canvas, ts));
        place_axis_texts(texts, canvas, avoid)
    }

    /// Pixels the axes' texts take beyond the box's extent on screen
    /// (left, top, right, bottom), for [`Proj::refit`]: the floor axes'
    /// texts, the value axis's ticks, the height of its title over any
    /// corner, and at the top at least a marker label's height. Where the
    /// camera's turn is about to move a floor axis to the other edge, that
    /// axis's room is blended with the other edge's (half and half at the
    /// switch), so that the figure's size does not jump while it turns.
    pub(super) fn axis_room(&self, pr: &Proj, ts: f32) -> [f64; 4] {
        let (xlo, xhi) = (self.x.full_lo(), self.x.hi);
        let (ylo, yhi) = (self.y.full_lo(), self.y.hi);
        let b = pr.screen_box();
        let room_of = |texts: &[AxisText]| {
            let mut room = [0.0f64; 4];
            for t in texts.iter().filter_map(|t| prim_text_box(&t.prim)) {
                room = [
                    room[0].max(b[0] - t[0]),
                    room[1].max(b[1] - t[1]),
                    room[2].max(t[2] - b[2]),
                    room[3].max(t[3] - b[3]),
                ];
            }
            room
        };
        let (xmid, ymid) = ((xlo + xhi) / 2.0, (ylo + yhi) / 2.0);
        let centre = pr.at(xmid, ymid, 0.0).0;
        // The I_C axis on y = ylo or yhi, the I_G axis on x = xlo or xhi.
        let ic = |edge: f64| room_of(&self.ic_texts(pr, centre, edge, ts));
        let ig = |edge: f64| room_of(&self.ig_texts(pr, centre, edge, ts));
        let ic_room = blend(pr, (ic(ylo), ic(yhi)), (xmid, ylo), (xmid, yhi));
        let ig_room = blend(pr, (ig(xlo), ig(xhi)), (xlo, ymid), (xhi, ymid));
        let mut value = self.value_axis_texts(pr, self.value_corner(pr), ts);
        value.pop();
        let mut room = room_of(&value);
        room[1] = room[1].max(24.0 * ts as f64);
        // The value axis's title moves sideways into the canvas where it
        // would leave it (`place_title`): only its height counts.
        for corner in [(xlo, ylo), (xlo, yhi), (xhi, ylo), (xhi, yhi)] {
            let title = self.value_axis_texts(pr, corner, ts).pop();
            if let Some(t) = title.and_then(|t| prim_text_box(&t.prim)) {
                room[1] = room[1].max(b[1] - t[1]);
            }
        }
        std::array::from_fn(|i| room[i].max(ic_room[i]).max(ig_room[i]) + 4.0 * ts as f64)
    }

    /// Tick labels and titles of the I_C and I_G axes, each on its floor
    /// edge nearer the viewer.
    fn floor_axis_texts(&self, pr: &Proj, ts: f32) -> Vec<AxisText> {
        let (xlo, xhi) = (self.x.full_lo(), self.x.hi);
        let (ylo, yhi) = (self.y.full_lo(), self.y.hi);
        let centre = pr.at((xlo + xhi) / 2.0, (ylo + yhi) / 2.0, 0.0).0;
        let y_edge = nearer(pr, |t| (t, ylo), |t| (t, yhi), (xlo, xhi));
        let x_edge = nearer(pr, |t| (xlo, t), |t| (xhi, t), (ylo, yhi));
        let mut out = self.ic_texts(pr, centre, y_edge, ts);
        out.extend(self.ig_texts(pr, centre, x_edge, ts));
        out
    }

    /// The I_C axis's tick labels and title along y = `y_edge`.
    fn ic_texts(&self, pr: &Proj, centre: [f32; 2], y_edge: f64, ts: f32) -> Vec<AxisText> {
        let ticks: Vec<_> = self
            .x
            .ticks()
            .into_iter()
            .map(|(p, l)| ((p, y_edge), l))
            .collect();
        let mid = ((self.x.full_lo() + self.x.hi) / 2.0, y_edge);
        edge_texts(pr, centre, &ticks, mid, &self.x.title(), ts)
    }

    /// The I_G axis's tick labels and title along x = `x_edge`.
    fn ig_texts(&self, pr: &Proj, centre: [f32; 2], x_edge: f64, ts: f32) -> Vec<AxisText> {
        let ticks: Vec<_> = self
            .y
            .ticks()
            .into_iter()
            .map(|(p, l)| ((x_edge, p), l))
            .collect();
        let mid = (x_edge, (self.y.full_lo() + self.y.hi) / 2.0);
        edge_texts(pr, centre, &ticks, mid, &self.y.title(), ts)
    }

    /// The floor corner furthest left on screen, where the value axis
    /// stands (clear of the surface whatever the yaw).
    fn value_corner(&self, pr: &Proj) -> (f64, f64) {
        let (xlo, xhi) = (self.x.full_lo(), self.x.hi);
        let (ylo, yhi) = (self.y.full_lo(), self.y.hi);
        [(xlo, ylo), (xlo, yhi), (xhi, ylo), (xhi, yhi)]
            .into_iter()
            .min_by(|a, b| pr.at(a.0, a.1, 0.0).0[0].total_cmp(&pr.at(b.0, b.1, 0.0).0[0]))
            .unwrap_or((xlo, ylo))
    }

    /// The vertical value axis: its line and tick marks go on the canvas,
    /// its texts are returned.
    fn value_axis(&self, pr: &Proj, canvas: &mut Canvas, ts: f32) -> Vec<AxisText> {
        let (zx, zy) = self.value_corner(pr);
        canvas.push(line(vec![pr.at(zx, zy, 0.0).0, pr.at(zx, zy, self.z.hi).0]));
        for t in nice_ticks(0.0, self.z.hi, 5) {
            let p = pr.at(zx, zy, t).0;
            canvas.push(line(vec![p, [p[0] - 4.0 * ts, p[1]]]));
        }
        self.value_axis_texts(pr, (zx, zy), ts)
    }

    /// The value axis's tick labels at floor corner (zx, zy), then its
    /// title over the axis's top.
    fn value_axis_texts(&self, pr: &Proj, (zx, zy): (f64, f64), ts: f32) -> Vec<AxisText> {
        let mut out = Vec::new();
        for t in nice_ticks(0.0, self.z.hi, 5) {
            let p = pr.at(zx, zy, t).0;
            let at = [p[0] - 6.0 * ts, p[1] + 4.0 * ts];
            out.push(tick(text(at, fmt_tick(t), TICK * ts, Anchor::End)));
        }
        let z1 = pr.at(zx, zy, self.z.hi).0;
        let at = [z1[0], z1[1] - 10.0 * ts];
        out.push(AxisText {
            prim: text(at, self.z.title(), TITLE * ts, Anchor::Middle),
            title: true,
        });
        out
    }
}

/// The room of an axis on the nearer of its two floor edges (`rooms` on
/// the edge through floor point `a`, on the one through `b`, both at the
/// edges' middles), blended with the farther's as their depths close in:
/// half and half where they are equal (the switch), the nearer alone from
/// a depth gap of `BLEND_DEPTH` on.
fn blend(pr: &Proj, rooms: ([f64; 4], [f64; 4]), a: (f64, f64), b: (f64, f64)) -> [f64; 4] {
    let (da, db) = (pr.at(a.0, a.1, 0.0).1, pr.at(b.0, b.1, 0.0).1);
    let (near, far) = if da <= db { rooms } else { (rooms.1, rooms.0) };
    let w = 0.5 * (1.0 - (da - db).abs() / BLEND_DEPTH).clamp(0.0, 1.0);
    std::array::from_fn(|i| (1.0 - w) * near[i] + w * far[i])
}

/// Depth gap between an axis's two edges (in half widths of the floor)
/// below which their rooms are blended: about 15 degrees of turn before
/// the switch at the default pitch.
const BLEND_DEPTH: f64 = 0.45;

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
fn place_axis_texts(
    texts: Vec<AxisText>,
    canvas: &mut Canvas,
    avoid: Vec<[f64; 4]>,
) -> Vec<[f64; 4]> {
    let mut placed = avoid;
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
    // Half a pixel further in than the edge, so that the box's corners,
    // rounded to f32 in the text's position, stay inside.
    let r = rect.map(|v| v as f64);
    let r = [r[0] + 0.5, r[1] + 0.5, r[2] - 0.5, r[3] - 0.5];
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

//! The projection's canvas: primitives are clipped to the plot rectangle
//! as they are pushed, so nothing drawn leaves it whatever the zoom.
//! Polygons are cut (Sutherland-Hodgman), lines are cut into the runs
//! inside, text and symbols outside are dropped.

use super::prim::{Anchor, Prim};
use crate::text::{text_box, text_width};

/// Primitives in paint order, all inside `rect`.
pub(super) struct Canvas {
    /// x0, y0, x1, y1 in pixels.
    pub(super) rect: [f32; 4],
    pub(super) prims: Vec<Prim>,
}

impl Canvas {
    pub(super) fn new(rect: [f32; 4]) -> Canvas {
        let [x, y, w, h] = rect;
        Canvas {
            rect: [x, y, x + w.max(0.0), y + h.max(0.0)],
            prims: Vec::new(),
        }
    }

    /// Push `p` clipped to the rectangle; returns its index, or `None`
    /// where nothing of it is inside.
    pub(super) fn push(&mut self, p: Prim) -> Option<usize> {
        match p {
            Prim::Poly { pts, fill, stroke } => {
                let pts = clip_polygon(&pts, self.rect);
                (pts.len() >= 3).then(|| self.add(Prim::Poly { pts, fill, stroke }))
            }
            Prim::Line {
                pts,
                color,
                width,
                dashed,
            } => {
                let mut first = None;
                for run in clip_polyline(&pts, self.rect) {
                    let i = self.add(Prim::Line {
                        pts: run,
                        color,
                        width,
                        dashed,
                    });
                    first.get_or_insert(i);
                }
                first
            }
            Prim::Text { .. } => self.inside_box(&p).then(|| self.add(p)),
            Prim::Dot { pos, radius, .. } => {
                let r = self.rect;
                let inside = pos[0] - radius >= r[0]
                    && pos[0] + radius <= r[2]
                    && pos[1] - radius >= r[1]
                    && pos[1] + radius <= r[3];
                inside.then(|| self.add(p))
            }
        }
    }

    fn add(&mut self, p: Prim) -> usize {
        self.prims.push(p);
        self.prims.len() - 1
    }

    /// Whether a text's estimated box lies inside the rectangle.
    fn inside_box(&self, p: &Prim) -> bool {
        let Some(b) = prim_text_box(p) else {
            return false;
        };
        let r = self.rect.map(|v| v as f64);
        b[0] >= r[0] && b[1] >= r[1] && b[2] <= r[2] && b[3] <= r[3]
    }
}

/// The estimated box `[x0, y0, x1, y1]` of a text primitive.
pub fn prim_text_box(p: &Prim) -> Option<[f64; 4]> {
    let Prim::Text {
        pos,
        text,
        size,
        anchor,
        ..
    } = p
    else {
        return None;
    };
    let size = *size as f64;
    let w = text_width(text, size);
    Some(text_box(
        pos[0] as f64,
        pos[1] as f64,
        anchor_fraction(*anchor),
        w,
        size,
    ))
}

/// 0 for start, 0.5 for middle, 1 for end.
pub(super) fn anchor_fraction(a: Anchor) -> f64 {
    match a {
        Anchor::Start => 0.0,
        Anchor::Middle => 0.5,
        Anchor::End => 1.0,
    }
}

/// Sutherland-Hodgman against the four edges of `r` (x0, y0, x1, y1).
fn clip_polygon(pts: &[[f32; 2]], r: [f32; 4]) -> Vec<[f32; 2]> {
    let mut out: Vec<[f32; 2]> = pts.to_vec();
    // Each edge: (axis, bound, keep values >= bound?).
    for (axis, bound, keep_above) in [
        (0, r[0], true),
        (0, r[2], false),
        (1, r[1], true),
        (1, r[3], false),
    ] {
        if out.is_empty() {
            break;
        }
        let inside = |p: &[f32; 2]| {
            if keep_above {
                p[axis] >= bound
            } else {
                p[axis] <= bound
            }
        };
        let input = std::mem::take(&mut out);
        let n = input.len();
        for i in 0..n {
            let (a, b) = (input[(i + n - 1) % n], input[i]);
            match (inside(&a), inside(&b)) {
                (true, true) => out.push(b),
                (true, false) => out.push(cross(a, b, axis, bound)),
                (false, true) => {
                    out.push(cross(a, b, axis, bound));
                    out.push(b);
                }
                (false, false) => {}
            }
        }
    }
    out
}

/// Where segment a-b crosses the line `p[axis] = bound`.
fn cross(a: [f32; 2], b: [f32; 2], axis: usize, bound: f32) -> [f32; 2] {
    let t = (bound - a[axis]) / (b[axis] - a[axis]);
    let mut p = [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
    p[axis] = bound;
    p
}

/// The runs of a polyline inside `r` (Liang-Barsky per segment).
fn clip_polyline(pts: &[[f32; 2]], r: [f32; 4]) -> Vec<Vec<[f32; 2]>> {
    let mut runs: Vec<Vec<[f32; 2]>> = Vec::new();
    let mut run: Vec<[f32; 2]> = Vec::new();
    for w in pts.windows(2) {
        match clip_segment(w[0], w[1], r) {
            Some((a, b, cut_end)) => {
                if run.last() != Some(&a) {
                    if run.len() > 1 {
                        runs.push(std::mem::take(&mut run));
                    }
                    run.clear();
                    run.push(a);
                }
                run.push(b);
                if cut_end {
                    runs.push(std::mem::take(&mut run));
                }
            }
            None => {
                if run.len() > 1 {
                    runs.push(std::mem::take(&mut run));
                }
                run.clear();
            }
        }
    }
    if run.len() > 1 {
        runs.push(run);
    }
    runs
}

/// The part of a-b inside `r`, and whether its end was cut.
fn clip_segment(a: [f32; 2], b: [f32; 2], r: [f32; 4]) -> Option<([f32; 2], [f32; 2], bool)> {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    for (p, q) in [
        (-dx, a[0] - r[0]),
        (dx, r[2] - a[0]),
        (-dy, a[1] - r[1]),
        (dy, r[3] - a[1]),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    if t0 > t1 {
        return None;
    }
    let at = |t: f32| [a[0] + t * dx, a[1] + t * dy];
    Some((at(t0), at(t1), t1 < 1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_polygon_across_an_edge_is_cut_at_it() {
        let r = [0.0, 0.0, 10.0, 10.0];
        let cut = clip_polygon(&[[5.0, 5.0], [15.0, 5.0], [15.0, 8.0], [5.0, 8.0]], r);
        assert!(cut.iter().all(|p| p[0] <= 10.0 && p[0] >= 5.0));
        assert_eq!(cut.len(), 4);
        assert!(clip_polygon(&[[11.0, 1.0], [12.0, 1.0], [12.0, 2.0]], r).is_empty());
    }

    #[test]
    fn a_line_leaving_and_reentering_becomes_two_runs() {
        let r = [0.0, 0.0, 10.0, 10.0];
        let runs = clip_polyline(&[[1.0, 1.0], [20.0, 1.0], [20.0, 5.0], [1.0, 5.0]], r);
        assert_eq!(runs.len(), 2);
        assert_eq!(runs[0], vec![[1.0, 1.0], [10.0, 1.0]]);
        assert_eq!(runs[1], vec![[10.0, 5.0], [1.0, 5.0]]);
    }
}

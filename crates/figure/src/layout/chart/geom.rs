//! Pixel geometry of a chart panel: rectangles, the mapping of data values
//! to pixels, and segments cut to a rectangle.

use crate::chart::{ChartAxis, ChartPanel, Orientation, RefLine, Series};

pub use crate::layout::scene::Rect;

/// A point in pixels.
pub type Pt = (f64, f64);

/// A segment cut to a rectangle: its ends, and whether each was cut.
pub type Clipped = (Pt, Pt, bool, bool);

/// Maps data values of a panel to pixels.
pub struct Frame {
    pub plot: Rect,
    xr: (f64, f64),
    yr: (f64, f64),
}

impl Frame {
    pub fn new(plot: Rect, x: &ChartAxis, y: &ChartAxis) -> Frame {
        Frame {
            plot,
            xr: x.pos_range(),
            yr: y.pos_range(),
        }
    }

    /// Pixel x of an axis position.
    pub fn px(&self, p: f64) -> f64 {
        let [x0, _, x1, _] = self.plot;
        x0 + (p - self.xr.0) / (self.xr.1 - self.xr.0) * (x1 - x0)
    }

    /// Pixel y of an axis position.
    pub fn py(&self, p: f64) -> f64 {
        let [_, y0, _, y1] = self.plot;
        y1 - (p - self.yr.0) / (self.yr.1 - self.yr.0) * (y1 - y0)
    }

    /// Pixel position of a data point; `None` if it cannot be placed.
    pub fn point(&self, p: &ChartPanel, x: f64, y: f64) -> Option<(f64, f64)> {
        let (px, py) = (self.px(p.x.pos(x)?), self.py(p.y.pos(y)?));
        (px.is_finite() && py.is_finite()).then_some((px, py))
    }

    /// Pixel position of a marker, when it lies inside the plot (within
    /// a pixel).
    pub fn marker_at(&self, p: &ChartPanel, mk: &crate::chart::PointMarker) -> Option<(f64, f64)> {
        self.point(p, mk.x, mk.y)
            .filter(|(x, y)| self.inside(*x, *y, 1.0))
    }

    pub fn inside(&self, x: f64, y: f64, tol: f64) -> bool {
        let [x0, y0, x1, y1] = self.plot;
        x >= x0 - tol && x <= x1 + tol && y >= y0 - tol && y <= y1 + tol
    }
}

pub fn overlaps(a: &Rect, b: &Rect) -> bool {
    a[0] < b[2] && a[2] > b[0] && a[1] < b[3] && a[3] > b[1]
}

/// The part of segment a-b inside `r` (Liang-Barsky), with whether each
/// end was cut.
pub fn clip_segment(a: Pt, b: Pt, r: &Rect) -> Option<Clipped> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (pp, q) in [
        (-dx, a.0 - r[0]),
        (dx, r[2] - a.0),
        (-dy, a.1 - r[1]),
        (dy, r[3] - a.1),
    ] {
        if pp == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else {
            let t = q / pp;
            if pp < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    if t0 > t1 || !t0.is_finite() || !t1.is_finite() {
        return None;
    }
    let at = |t: f64| (a.0 + t * dx, a.1 + t * dy);
    Some((at(t0), at(t1), t0 > 0.0, t1 < 1.0))
}

/// Radius of the dots of a `points_only` series, px.
pub fn dot_radius(s: &Series, k: f64) -> f64 {
    ((s.width as f64).max(0.3) * 1.9 * k).max(3.5 * k)
}

/// The pixel segments of the line series inside the plot.
pub fn line_segments(p: &ChartPanel, fr: &Frame) -> Vec<(Pt, Pt)> {
    let mut out = Vec::new();
    for s in p.series.iter().filter(|s| !s.points_only) {
        let mut prev: Option<(f64, f64)> = None;
        for pt in &s.points {
            let cur = fr.point(p, pt[0], pt[1]);
            if let (Some(a), Some(b)) = (prev, cur)
                && let Some((a, b, _, _)) = clip_segment(a, b, &fr.plot)
            {
                out.push((a, b));
            }
            prev = cur;
        }
    }
    out
}

/// The reference lines inside the plot as pixel segments across it.
pub fn ref_segments(p: &ChartPanel, fr: &Frame) -> Vec<(Pt, Pt)> {
    let [x0, y0, x1, y1] = fr.plot;
    p.ref_lines
        .iter()
        .filter_map(|r| {
            let v = ref_px(p, fr, r)?;
            Some(match r.orientation {
                Orientation::Horizontal => ((x0, v), (x1, v)),
                Orientation::Vertical => ((v, y0), (v, y1)),
            })
        })
        .collect()
}

/// Pixel coordinate of a reference line, if it is inside the plot.
pub fn ref_px(p: &ChartPanel, fr: &Frame, r: &RefLine) -> Option<f64> {
    let [x0, y0, x1, y1] = fr.plot;
    match r.orientation {
        Orientation::Horizontal => {
            let y = fr.py(p.y.pos(r.value)?);
            (y >= y0 - 0.5 && y <= y1 + 0.5).then_some(y)
        }
        Orientation::Vertical => {
            let x = fr.px(p.x.pos(r.value)?);
            (x >= x0 - 0.5 && x <= x1 + 0.5).then_some(x)
        }
    }
}

/// The whisker of bar `bi` of set `si` (drawn at `r`): its range's ends
/// in pixels, through the bar's middle; none without a range on the axis.
pub fn whisker_segment(
    p: &ChartPanel,
    fr: &Frame,
    r: &Rect,
    si: usize,
    bi: usize,
) -> Option<(Pt, Pt)> {
    let (lo, hi) = p.bars.get(si)?.bars.get(bi)?.range?;
    let (_, val) = p.category_and_value_axes();
    let (lo, hi) = (val.pos(lo)?, val.pos(hi)?);
    Some(if p.horizontal {
        let cy = (r[1] + r[3]) / 2.0;
        ((fr.px(lo), cy), (fr.px(hi), cy))
    } else {
        let cx = (r[0] + r[2]) / 2.0;
        ((cx, fr.py(lo)), (cx, fr.py(hi)))
    })
}

/// Pixel rectangles of the placeable bars: (rect, set index, bar index).
pub fn bar_rects(p: &ChartPanel, fr: &Frame) -> Vec<(Rect, usize, usize)> {
    let mut out = Vec::new();
    let (cat, val) = p.category_and_value_axes();
    for (si, set) in p.bars.iter().enumerate() {
        for (bi, b) in set.bars.iter().enumerate() {
            let c = p.category_at(b.category) + set.offset;
            let (Some(ca), Some(cb), Some(top)) = (
                cat.pos(c - set.width / 2.0),
                cat.pos(c + set.width / 2.0),
                val.pos(b.value),
            ) else {
                continue;
            };
            let base = val.base_pos(b.base);
            if !base.is_finite() {
                continue;
            }
            let (xa, xb, ya, yb) = if p.horizontal {
                (fr.px(base), fr.px(top), fr.py(ca), fr.py(cb))
            } else {
                (fr.px(ca), fr.px(cb), fr.py(top), fr.py(base))
            };
            let r = [xa.min(xb), ya.min(yb), xa.max(xb), ya.max(yb)];
            if r.iter().all(|v| v.is_finite()) {
                out.push((r, si, bi));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::clip_segment;

    #[test]
    fn segments_are_cut_at_the_rectangle() {
        let r = [0.0, 0.0, 10.0, 10.0];
        let (a, b, ca, cb) = clip_segment((-5.0, 5.0), (5.0, 5.0), &r).expect("crosses");
        assert_eq!((a, b, ca, cb), ((0.0, 5.0), (5.0, 5.0), true, false));
        assert!(clip_segment((-5.0, -5.0), (-1.0, 20.0), &r).is_none());
        let (_, _, ca, cb) = clip_segment((1.0, 1.0), (2.0, 2.0), &r).expect("inside");
        assert!(!ca && !cb);
    }
}

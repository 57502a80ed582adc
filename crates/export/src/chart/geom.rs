//! Pixel geometry of a chart panel: rectangles, the mapping of data values
//! to pixels, and segments cut to a rectangle.

use hetscope_figure::chart::{ChartAxis, ChartPanel};

/// A rectangle in pixels: x0, y0, x1, y1.
pub(super) type Rect = [f64; 4];

/// A point in pixels.
pub(super) type Pt = (f64, f64);

/// A segment cut to a rectangle: its ends, and whether each was cut.
pub(super) type Clipped = (Pt, Pt, bool, bool);

/// Maps data values of a panel to pixels.
pub(super) struct Frame {
    pub(super) plot: Rect,
    xr: (f64, f64),
    yr: (f64, f64),
}

impl Frame {
    pub(super) fn new(plot: Rect, x: &ChartAxis, y: &ChartAxis) -> Frame {
        Frame {
            plot,
            xr: x.pos_range(),
            yr: y.pos_range(),
        }
    }

    /// Pixel x of an axis position.
    pub(super) fn px(&self, p: f64) -> f64 {
        let [x0, _, x1, _] = self.plot;
        x0 + (p - self.xr.0) / (self.xr.1 - self.xr.0) * (x1 - x0)
    }

    /// Pixel y of an axis position.
    pub(super) fn py(&self, p: f64) -> f64 {
        let [_, y0, _, y1] = self.plot;
        y1 - (p - self.yr.0) / (self.yr.1 - self.yr.0) * (y1 - y0)
    }

    /// Pixel position of a data point; `None` if it cannot be placed.
    pub(super) fn point(&self, p: &ChartPanel, x: f64, y: f64) -> Option<(f64, f64)> {
        let (px, py) = (self.px(p.x.pos(x)?), self.py(p.y.pos(y)?));
        (px.is_finite() && py.is_finite()).then_some((px, py))
    }

    pub(super) fn inside(&self, x: f64, y: f64, tol: f64) -> bool {
        let [x0, y0, x1, y1] = self.plot;
        x >= x0 - tol && x <= x1 + tol && y >= y0 - tol && y <= y1 + tol
    }
}

pub(super) fn overlaps(a: &Rect, b: &Rect) -> bool {
    a[0] < b[2] && a[2] > b[0] && a[1] < b[3] && a[3] > b[1]
}

/// The part of segment a-b inside `r` (Liang-Barsky), with whether each
/// end was cut.
pub(super) fn clip_segment(a: Pt, b: Pt, r: &Rect) -> Option<Clipped> {
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

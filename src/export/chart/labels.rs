//! Label placement inside the plot: each label takes the first candidate
//! spot free of earlier labels and, where possible, of the data.

use super::Style;
use super::geom::{Frame, Pt, Rect, clip_segment, overlaps};
use super::lines::ref_px;
use crate::export::layout::{text_box, text_width};
use crate::export::svg_util::{Align, Svg};
use crate::figure::chart::{ChartPanel, Orientation, PointMarker, RefLine};

/// Boxes already taken by labels, symbols, bars and the legend, and the
/// segments of the drawn lines, which labels avoid where they can.
pub(super) struct Taken {
    /// Labels, marker symbols and the legend: never covered if avoidable.
    pub(super) boxes: Vec<Rect>,
    /// Bars and dots: covered only when no place is free of them.
    pub(super) areas: Vec<Rect>,
    pub(super) segments: Vec<(Pt, Pt)>,
    pub(super) bounds: Rect,
}

impl Taken {
    fn fits(&self, b: &Rect) -> bool {
        b[0] >= self.bounds[0]
            && b[2] <= self.bounds[2]
            && b[1] >= self.bounds[1]
            && b[3] <= self.bounds[3]
    }
    fn free(&self, b: &Rect) -> bool {
        self.boxes.iter().all(|o| !overlaps(b, o))
    }
    fn off_data(&self, b: &Rect) -> bool {
        self.areas.iter().all(|o| !overlaps(b, o)) && self.off_lines(b)
    }
    fn off_lines(&self, b: &Rect) -> bool {
        self.segments
            .iter()
            .all(|(p, q)| clip_segment(*p, *q, b).is_none())
    }
    /// The first candidate (baseline x, y, anchor) whose box fits and is
    /// free of labels and data, else free of labels, else one that fits,
    /// else the first; reserves its box.
    fn choose(&mut self, cands: &[(f64, f64, Align)], text: &str, size: f64) -> (f64, f64, Align) {
        let w = text_width(text, size);
        let bx = |c: &(f64, f64, Align)| text_box(c.0, c.1, c.2, w, size);
        let pick = cands
            .iter()
            .find(|c| {
                let b = bx(c);
                self.fits(&b) && self.free(&b) && self.off_data(&b)
            })
            .or_else(|| {
                cands.iter().find(|c| {
                    let b = bx(c);
                    self.fits(&b) && self.free(&b)
                })
            })
            .or_else(|| cands.iter().find(|c| self.fits(&bx(c))))
            .or(cands.first())
            .copied()
            .unwrap_or((0.0, 0.0, Align::Start));
        self.boxes.push(bx(&pick));
        pick
    }
}

pub(super) fn ref_label(
    svg: &mut Svg,
    st: &Style,
    p: &ChartPanel,
    fr: &Frame,
    r: &RefLine,
    taken: &mut Taken,
) {
    if r.label.trim().is_empty() {
        return;
    }
    let Some(v) = ref_px(p, fr, r) else { return };
    let k = st.k;
    let [x0, y0, x1, y1] = fr.plot;
    let size = st.marker * 0.95;
    let g = 4.0 * k;
    let cands = match r.orientation {
        Orientation::Horizontal => [
            (x1 - g, v - g, Align::End),
            (x1 - g, v + g + size * 0.85, Align::End),
            (x0 + g, v - g, Align::Start),
            (x0 + g, v + g + size * 0.85, Align::Start),
            ((x0 + x1) / 2.0, v - g, Align::Middle),
            ((x0 + x1) / 2.0, v + g + size * 0.85, Align::Middle),
            (x0 + (x1 - x0) * 0.75, v - g, Align::Middle),
            (x0 + (x1 - x0) * 0.25, v - g, Align::Middle),
            (x0 + (x1 - x0) * 0.75, v + g + size * 0.85, Align::Middle),
            (x0 + (x1 - x0) * 0.25, v + g + size * 0.85, Align::Middle),
        ],
        Orientation::Vertical => [
            (v + g, y0 + g + size, Align::Start),
            (v - g, y0 + g + size, Align::End),
            (v + g, y1 - g - size * 0.3, Align::Start),
            (v - g, y1 - g - size * 0.3, Align::End),
            (v + g, (y0 + y1) / 2.0, Align::Start),
            (v - g, (y0 + y1) / 2.0, Align::End),
            (v + g, y0 + (y1 - y0) * 0.25, Align::Start),
            (v - g, y0 + (y1 - y0) * 0.25, Align::End),
            (v + g, y0 + (y1 - y0) * 0.75, Align::Start),
            (v - g, y0 + (y1 - y0) * 0.75, Align::End),
        ],
    };
    let (x, y, a) = taken.choose(&cands, &r.label, size);
    svg.halo_text(x, y, size, a, &r.label);
}

pub(super) fn marker_label(
    svg: &mut Svg,
    st: &Style,
    taken: &mut Taken,
    x: f64,
    y: f64,
    r: f64,
    mk: &PointMarker,
) {
    if mk.label.trim().is_empty() {
        return;
    }
    let h = st.marker;
    let gap = r + 3.0 * st.k;
    let cands = [
        (x + gap, y - gap + h * 0.2, Align::Start),
        (x + gap, y + h * 0.35, Align::Start),
        (x + gap, y + gap + h * 0.6, Align::Start),
        (x - gap, y - gap + h * 0.2, Align::End),
        (x - gap, y + h * 0.35, Align::End),
        (x - gap, y + gap + h * 0.6, Align::End),
        (x, y - gap - 2.0 * st.k, Align::Middle),
        (x, y + gap + h, Align::Middle),
        (x + gap, y - gap - h, Align::Start),
        (x - gap, y - gap - h, Align::End),
        (x + gap, y + gap + 2.0 * h, Align::Start),
        (x - gap, y + gap + 2.0 * h, Align::End),
    ];
    let (tx, ty, a) = taken.choose(&cands, &mk.label, h);
    svg.halo_text(tx, ty, h, a, &mk.label);
}

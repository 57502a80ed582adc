//! Label placement inside the plot: each label takes the first candidate
//! spot free of earlier labels and, where possible, of the data.

use super::Style;
use super::geom::{Frame, Pt, Rect, clip_segment, overlaps};
use super::lines::ref_px;
use crate::layout::{text_box, text_width};
use crate::svg_util::{Align, Svg};
use hetscope_figure::chart::{ChartPanel, PointMarker, RefLine};
use hetscope_figure::labels::{Spot, marker_spots, ref_line_spots};

/// Spots as (x, y, alignment) candidates.
fn aligned(spots: Vec<Spot>) -> Vec<(f64, f64, Align)> {
    spots
        .into_iter()
        .map(|s| {
            let a = if s.align < 0.25 {
                Align::Start
            } else if s.align > 0.75 {
                Align::End
            } else {
                Align::Middle
            };
            (s.x, s.y, a)
        })
        .collect()
}

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
    let size = st.marker * 0.95;
    let cands = aligned(ref_line_spots(r.orientation, v, fr.plot, size, 4.0 * k));
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
    let cands = aligned(marker_spots(x, y, r, h, 3.0 * st.k));
    let (tx, ty, a) = taken.choose(&cands, &mk.label, h);
    svg.halo_text(tx, ty, h, a, &mk.label);
}

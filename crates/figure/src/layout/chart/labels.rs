//! Label placement inside the plot: each label takes the first candidate
//! spot free of earlier labels and, where possible, of the data.

use super::geom::{Frame, Pt, Rect, clip_segment, overlaps, ref_px};
use super::style::Style;
use crate::chart::{ChartPanel, RefLine};
use crate::labels::{Spot, marker_spots, ref_line_spots};
use crate::layout::scene::{Anchor, Scene, Text, TextRole};
use crate::text::{text_box, text_width};

/// Spots as (x, y, anchor) candidates.
fn aligned(spots: Vec<Spot>) -> Vec<(f64, f64, Anchor)> {
    spots
        .into_iter()
        .map(|s| (s.x, s.y, Anchor::from_fraction(s.align)))
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
    /// The bars' whiskers: the reference lines' and markers' labels and
    /// the legend avoid them; a bar's value label is placed beside its
    /// own whisker already (see `bars.rs`).
    pub(super) whiskers: Vec<(Pt, Pt)>,
    pub(super) bounds: Rect,
}

impl Taken {
    fn fits(&self, b: &Rect) -> bool {
        b[0] >= self.bounds[0]
            && b[2] <= self.bounds[2]
            && b[1] >= self.bounds[1]
            && b[3] <= self.bounds[3]
    }
    pub(super) fn free(&self, b: &Rect) -> bool {
        self.boxes.iter().all(|o| !overlaps(b, o))
    }
    fn off_data(&self, b: &Rect) -> bool {
        self.areas.iter().all(|o| !overlaps(b, o))
            && self.off_lines(b)
            && self
                .whiskers
                .iter()
                .all(|(p, q)| clip_segment(*p, *q, b).is_none())
    }
    /// Off the data but the bar `own` (a value written inside its bar).
    pub(super) fn off_data_but(&self, b: &Rect, own: &Rect) -> bool {
        self.areas
            .iter()
            .filter(|o| *o != own)
            .all(|o| !overlaps(b, o))
            && self.off_lines(b)
    }
    fn off_lines(&self, b: &Rect) -> bool {
        // A segment whose bounding box misses the box cannot cross it
        // (most of a long series' segments: no clipping needed).
        self.segments.iter().all(|(p, q)| {
            let apart = p.0.max(q.0) < b[0]
                || p.0.min(q.0) > b[2]
                || p.1.max(q.1) < b[1]
                || p.1.min(q.1) > b[3];
            apart || clip_segment(*p, *q, b).is_none()
        })
    }
    /// The first candidate (baseline x, y, anchor) whose box fits and is
    /// free of labels and data, else (`may_cover_data`) one free of
    /// labels; reserves its box. None where every candidate would cover a
    /// label or leave the plot (the label is then left out: no two texts
    /// overlap).
    fn choose(
        &mut self,
        cands: &[(f64, f64, Anchor)],
        text: &str,
        size: f64,
        may_cover_data: bool,
    ) -> Option<(f64, f64, Anchor)> {
        let w = text_width(text, size);
        let bx = |c: &(f64, f64, Anchor)| text_box(c.0, c.1, c.2.fraction(), w, size);
        // Apart from other labels by a third of a letter, so that two
        // never read as one ("1x" beside "1" is not "1x1").
        let gap = size / 3.0;
        let spaced = |b: Rect| [b[0] - gap, b[1], b[2] + gap, b[3]];
        let pick = cands
            .iter()
            .find(|c| {
                let b = bx(c);
                self.fits(&b) && self.free(&spaced(b)) && self.off_data(&b)
            })
            .or_else(|| {
                cands.iter().filter(|_| may_cover_data).find(|c| {
                    let b = bx(c);
                    self.fits(&b) && self.free(&spaced(b))
                })
            })
            .copied()?;
        self.boxes.push(bx(&pick));
        Some(pick)
    }
}

pub(super) fn ref_label(
    sc: &mut Scene,
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
    let size = crate::layout::scene::font(st.marker * 0.95);
    let cands = aligned(ref_line_spots(r.orientation, v, fr.plot, size, 4.0 * k));
    // Never over the data: a label with no free place goes to the legend
    // (`layout` lays the figure out again with it there).
    let Some((x, y, a)) = taken.choose(&cands, &r.label, size, false) else {
        return;
    };
    sc.text(Text::new(x, y, size, a, TextRole::Label, &r.label).halo());
}

/// A marker's label beside it, never over the data or another label, and
/// nearer its own marker than any other of `centres` (every marker's
/// centre): a label with no such place goes to the legend (`layout` lays
/// the figure out again with it there).
pub(super) fn marker_label(
    sc: &mut Scene,
    st: &Style,
    taken: &mut Taken,
    (x, y, r): (f64, f64, f64),
    centres: &[(f64, f64)],
    label: &str,
) {
    if label.trim().is_empty() {
        return;
    }
    let h = st.marker;
    let w = text_width(label, h);
    let dist = |b: &Rect, (px, py): (f64, f64)| {
        let dx = (b[0] - px).max(px - b[2]).max(0.0);
        let dy = (b[1] - py).max(py - b[3]).max(0.0);
        dx.hypot(dy)
    };
    let cands: Vec<(f64, f64, Anchor)> = aligned(marker_spots(x, y, r, h, 3.0 * st.k))
        .into_iter()
        .filter(|c| {
            let b = text_box(c.0, c.1, c.2.fraction(), w, h);
            let own = dist(&b, (x, y));
            centres
                .iter()
                .filter(|c| !crate::labels::same_spot([c.0, c.1], [x, y]))
                .all(|&c| dist(&b, c) > own)
        })
        .collect();
    let Some((tx, ty, a)) = taken.choose(&cands, label, h, false) else {
        return;
    };
    sc.text(Text::new(tx, ty, h, a, TextRole::Label, label).halo());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_label_at_the_same_marker_moves_and_a_hopeless_one_is_left_out() {
        let mut taken = Taken {
            boxes: Vec::new(),
            areas: Vec::new(),
            segments: Vec::new(),
            whiskers: Vec::new(),
            bounds: [0.0, 0.0, 400.0, 300.0],
        };
        let spots = aligned(marker_spots(200.0, 150.0, 5.0, 12.0, 3.0));
        let a = taken
            .choose(&spots, "GPU-only", 12.0, true)
            .expect("a spot");
        let b = taken
            .choose(&spots, "CPU-only", 12.0, true)
            .expect("another spot");
        assert_ne!(a, b);
        let bx = |c: (f64, f64, Anchor), t: &str| {
            text_box(c.0, c.1, c.2.fraction(), text_width(t, 12.0), 12.0)
        };
        assert!(!overlaps(&bx(a, "GPU-only"), &bx(b, "CPU-only")));
        taken.boxes.push([0.0, 0.0, 400.0, 300.0]);
        assert_eq!(taken.choose(&spots, "x", 12.0, true), None);
    }
}

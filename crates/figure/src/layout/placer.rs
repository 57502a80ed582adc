//! Labels around marker symbols, each at the first spot around its symbol
//! free of the others and of the symbols, inside given bounds.

use super::scene::Anchor;
use crate::text::{text_box, text_width};

/// Places marker labels so that they do not overlap each other or the
/// marker symbols.
pub struct LabelPlacer {
    boxes: Vec<[f64; 4]>,
    bounds: [f64; 4],
}

impl LabelPlacer {
    /// `bounds`: (x0, y0, x1, y1) that labels should stay inside.
    pub fn new(bounds: [f64; 4]) -> LabelPlacer {
        LabelPlacer {
            boxes: Vec::new(),
            bounds,
        }
    }

    /// Reserve the area of a symbol.
    pub fn block(&mut self, x: f64, y: f64, r: f64) {
        self.boxes.push([x - r, y - r, x + r, y + r]);
    }

    /// Choose a position for `text` next to the point (x, y) with symbol
    /// radius `r`: returns the baseline start and anchor.
    pub fn place(&mut self, x: f64, y: f64, r: f64, text: &str, size: f64) -> (f64, f64, Anchor) {
        let w = text_width(text, size);
        let h = size;
        let gap = r + 3.0;
        // (baseline x, baseline y, anchor) candidates around the point.
        let cands = [
            (x + gap, y + h * 0.35, Anchor::Start),
            (x + gap, y - gap + h * 0.2, Anchor::Start),
            (x + gap, y + gap + h * 0.6, Anchor::Start),
            (x - gap, y + h * 0.35, Anchor::End),
            (x - gap, y - gap + h * 0.2, Anchor::End),
            (x - gap, y + gap + h * 0.6, Anchor::End),
            (x, y - gap - 2.0, Anchor::Middle),
            (x, y + gap + h, Anchor::Middle),
            (x + gap, y - gap - h, Anchor::Start),
            (x + gap, y + gap + 2.0 * h, Anchor::Start),
        ];
        let bx = |c: &(f64, f64, Anchor)| text_box(c.0, c.1, c.2.fraction(), w, h);
        let [bx0, by0, bx1, by1] = self.bounds;
        let fits = |b: &[f64; 4]| b[0] >= bx0 && b[2] <= bx1 && b[1] >= by0 && b[3] <= by1;
        let free = |b: &[f64; 4], boxes: &[[f64; 4]]| {
            boxes
                .iter()
                .all(|o| b[2] <= o[0] || b[0] >= o[2] || b[3] <= o[1] || b[1] >= o[3])
        };
        let pick = cands
            .iter()
            .find(|c| {
                let b = bx(c);
                fits(&b) && free(&b, &self.boxes)
            })
            .or_else(|| cands.iter().find(|c| fits(&bx(c))))
            .unwrap_or(&cands[0]);
        self.boxes.push(bx(pick));
        *pick
    }
}

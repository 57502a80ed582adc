//! Bars: their pixel rectangles and the value labels above them.

use super::Style;
use super::geom::{Frame, Rect};
use super::labels::Taken;
use crate::layout::text_width;
use crate::svg_util::{Align, INK, Svg};
use hetscope_figure::chart::ChartPanel;
use hetscope_model::format::fmt_tick;

/// Pixel rectangles of the placeable bars: (rect, set index, bar index).
pub(super) fn bar_rects(p: &ChartPanel, fr: &Frame) -> Vec<(Rect, usize, usize)> {
    let mut out = Vec::new();
    for (si, set) in p.bars.iter().enumerate() {
        for (bi, b) in set.bars.iter().enumerate() {
            let c = b.category as f64 + set.offset;
            let (Some(xa), Some(xb), Some(top)) = (
                p.x.pos(c - set.width / 2.0),
                p.x.pos(c + set.width / 2.0),
                p.y.pos(b.value),
            ) else {
                continue;
            };
            let base = p.y.base_pos(b.base);
            if !base.is_finite() {
                continue;
            }
            let (xa, xb, ya, yb) = (fr.px(xa), fr.px(xb), fr.py(top), fr.py(base));
            let r = [xa.min(xb), ya.min(yb), xa.max(xb), ya.max(yb)];
            if r.iter().all(|v| v.is_finite()) {
                out.push((r, si, bi));
            }
        }
    }
    out
}

/// Each bar's value above it (inside it when another bar stacks on it or
/// when there is no room above), for the sets that ask for it.
pub(super) fn value_labels(
    svg: &mut Svg,
    st: &Style,
    p: &ChartPanel,
    fr: &Frame,
    rects: &[(Rect, usize, usize)],
    taken: &mut Taken,
) {
    let k = st.k;
    let [_, y0, _, y1] = fr.plot;
    for (r, si, bi) in rects {
        let set = &p.bars[*si];
        if !set.value_labels {
            continue;
        }
        let b = &set.bars[*bi];
        let text = fmt_tick(b.value);
        let bw = r[2] - r[0];
        let size = (11.0 * k)
            .min(bw * 1.15 / (text.chars().count().max(1) as f64 * 0.56))
            .max(6.5 * k);
        let cx = (r[0] + r[2]) / 2.0;
        let top = r[1];
        let err_top = b
            .range
            .and_then(|(lo, hi)| p.y.pos(lo.max(hi)))
            .map(|v| fr.py(v))
            .unwrap_or(top)
            .min(top);
        let above = err_top - 4.0 * k;
        let stacked = p.is_stacked_under(set, b);
        let seg_h = r[3] - r[1];
        let (y, inside) = if !stacked && above - size >= y0 {
            (above, false)
        } else if seg_h >= size * 1.3 && r[1] >= y0 - 1.0 && r[3] <= y1 + 1.0 {
            let y = if stacked {
                (r[1] + r[3]) / 2.0 + size * 0.35
            } else {
                top + size * 1.1
            };
            (y, true)
        } else {
            continue;
        };
        let w = text_width(&text, size);
        taken
            .boxes
            .push([cx - w / 2.0, y - size * 0.85, cx + w / 2.0, y + size * 0.2]);
        if inside {
            svg.halo_text(cx, y, size, Align::Middle, &text);
        } else {
            svg.text(cx, y, size, Align::Middle, INK, &text);
        }
    }
}

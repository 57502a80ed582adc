//! The bars' value labels, above them or inside them.

use super::geom::{Frame, Rect};
use super::labels::Taken;
use super::style::Style;
use crate::chart::ChartPanel;
use crate::layout::scene::{Anchor, Scene, Text, TextRole};
use crate::text::text_width;
use hetscope_model::format::fmt_tick;

/// `v` to three significant figures, its zeros kept.
fn fmt_figures(v: f64) -> String {
    if !v.is_finite() || v == 0.0 {
        return fmt_tick(v);
    }
    let decimals = (2 - v.abs().log10().floor() as i32).clamp(0, 12) as usize;
    format!("{v:.decimals$}")
}

/// Each bar's value above it (inside it when another bar stacks on it or
/// when there is no room above), for the sets that ask for it.
pub(super) fn value_labels(
    sc: &mut Scene,
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
        // Every value to three figures, zeros kept: "0.0720" beside
        // "0.0610", never "0.07" beside "0.071".
        let text = fmt_figures(b.value);
        let bw = r[2] - r[0];
        // One size for every value (never shrunk to a bar's width): a
        // value with no room is left to the hover.
        let size = crate::layout::scene::font(11.0 * k);
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
        // Above the bar (not under a stacked one), else inside it where it
        // is tall enough; the first spot free of other labels.
        let mut spots = Vec::new();
        if !stacked && above - size >= y0 {
            spots.push((above, false));
        }
        let fits_inside = text_width(&text, size) <= bw * 0.95;
        if fits_inside && seg_h >= size * 1.3 && r[1] >= y0 - 1.0 && r[3] <= y1 + 1.0 {
            let y = if stacked {
                (r[1] + r[3]) / 2.0 + size * 0.35
            } else {
                top + size * 1.1
            };
            spots.push((y, true));
        }
        let w = text_width(&text, size);
        let boxed = |y: f64| [cx - w / 2.0, y - size * 0.85, cx + w / 2.0, y + size * 0.2];
        // A value with no free spot is left out (the bar's hover and the
        // CSV have it).
        let Some((y, inside)) = spots.into_iter().find(|(y, _)| taken.free(&boxed(*y))) else {
            continue;
        };
        taken.boxes.push(boxed(y));
        let t = Text::new(cx, y, size, Anchor::Middle, TextRole::Label, &text);
        sc.text(if inside { t.halo() } else { t });
    }
}

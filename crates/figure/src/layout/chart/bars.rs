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

/// Where a bar's value goes: its baseline point, turned or not, inside
/// its bar or above it, and the box it covers.
struct ValueSpot {
    x: f64,
    y: f64,
    turned: bool,
    inside: bool,
    bounds: Rect,
    /// Where the text hangs from (x, y), where not the default (middle,
    /// or start for a turned one).
    anchor: Option<Anchor>,
}

/// The place of a horizontal bar's value: beyond its end (right of a bar
/// that grows to the right, `rightward`, left of the others), level
/// with its middle.
fn value_spots_across(r: &Rect, rightward: bool, w: f64, size: f64, gap: f64) -> Vec<ValueSpot> {
    let y = (r[1] + r[3]) / 2.0 + size * 0.35;
    let (x, anchor, x0) = if rightward {
        (r[2] + gap, Anchor::Start, r[2] + gap)
    } else {
        (r[0] - gap, Anchor::End, r[0] - gap - w)
    };
    vec![ValueSpot {
        x,
        y,
        turned: false,
        inside: false,
        bounds: [x0, y - size * 0.85, x0 + w, y + size * 0.2],
        anchor: Some(anchor),
    }]
}

/// The places a value of `w` px at `size` may take for the bar `r`, in
/// order of preference: upright above the bar, turned above it (a value
/// wider than its bar), upright inside it, turned inside it. `above`: the
/// baseline just over the bar (its whisker counted); `stacked`: another
/// bar sits on this one (nothing goes above it); `inside_top`: where the
/// inside places start (the bar's top, or the lower end of its whisker
/// where that lies in the bar, so that no value sits on its whisker).
fn value_spots(
    r: &Rect,
    (above, inside_top): (f64, f64),
    stacked: bool,
    w: f64,
    size: f64,
    gap: f64,
) -> Vec<ValueSpot> {
    let cx = (r[0] + r[2]) / 2.0;
    let upright = |y: f64, inside: bool| ValueSpot {
        x: cx,
        y,
        turned: false,
        inside,
        bounds: [cx - w / 2.0, y - size * 0.85, cx + w / 2.0, y + size * 0.2],
        anchor: None,
    };
    // Turned a quarter anticlockwise about its baseline start, reading
    // upward: the glyphs span 0.85 of the size left of the baseline and
    // 0.2 right of it, so the baseline sits 0.325 of a size right of the
    // bar's middle.
    let turned = |bottom: f64, inside: bool| ValueSpot {
        x: cx + size * 0.325,
        y: bottom,
        turned: true,
        inside,
        bounds: [cx - size * 0.525, bottom - w, cx + size * 0.525, bottom],
        anchor: None,
    };
    let mut spots = Vec::new();
    if !stacked {
        spots.push(upright(above, false));
        spots.push(turned(above, false));
    }
    let (top, bottom) = (inside_top, r[3]);
    if stacked {
        spots.push(upright((top + bottom) / 2.0 + size * 0.35, true));
    } else {
        spots.push(upright(top + size * 1.1, true));
    }
    spots.push(turned(top + gap + w, true));
    spots
}

/// Each bar's value above it (inside it when another bar stacks on it or
/// when there is no room above), upright, or turned where it is wider
/// than its bar, for the sets that ask for it; never over another bar,
/// a line or a label.
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
        // One size for every value (never shrunk to a bar's width): a
        // value with no room is left to the hover.
        let size = crate::layout::scene::font(11.0 * k);
        let w = text_width(&text, size);
        let err_top = b
            .range
            .and_then(|(lo, hi)| p.y.pos(lo.max(hi)))
            .map(|v| fr.py(v))
            .unwrap_or(r[1])
            .min(r[1]);
        let above = err_top - 4.0 * k;
        let inside_top = b
            .range
            .and_then(|(lo, hi)| p.y.pos(lo.min(hi)))
            .map(|v| fr.py(v) + 4.0 * k)
            .filter(|y| *y > r[1] && *y < r[3])
            .unwrap_or(r[1]);
        let stacked = p.is_stacked_under(set, b);
        let spots = if p.horizontal {
            value_spots_across(r, b.value >= b.base, w, size, 4.0 * k)
        } else {
            value_spots(r, (above, inside_top), stacked, w, size, 4.0 * k)
        };
        // Apart from other labels by a third of a letter ("1x" beside "1"
        // is not "1x1").
        let g = size / 3.0;
        let fits = |v: &ValueSpot| {
            let bx = v.bounds;
            let in_own = bx[0] >= r[0] && bx[2] <= r[2] && bx[1] >= r[1] && bx[3] <= r[3];
            bx[1] >= y0
                && bx[3] <= y1
                && bx[0] >= fr.plot[0]
                && bx[2] <= fr.plot[2]
                && (!v.inside || in_own)
                && taken.free(&[bx[0] - g, bx[1] - g, bx[2] + g, bx[3] + g])
                && taken.off_data_but(&bx, r)
        };
        // A value with no free spot is left out (the bar's hover and the
        // CSV have it).
        let Some(v) = spots.into_iter().find(|v| fits(v)) else {
            continue;
        };
        taken.boxes.push(v.bounds);
        let anchor = match v.anchor {
            Some(a) => a,
            None if v.turned => Anchor::Start,
            None => Anchor::Middle,
        };
        let mut t = Text::new(v.x, v.y, size, anchor, TextRole::Label, &text);
        if v.turned {
            t = t.rotated(-90.0);
        }
        sc.text(if v.inside { t.halo() } else { t });
    }
}

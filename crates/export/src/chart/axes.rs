//! Axes: the ticks inside an axis range, tick labels that do not touch,
//! and category names under bar panels.

use super::geom::Frame;
use super::style::Style;
use crate::layout::text_width;
use crate::svg_util::{Align, INK, Svg};
use hetscope_figure::chart::{ChartAxis, ChartPanel, Scale};

/// Labels of the ticks inside the axis range, with whether each is a major
/// tick (a power of ten on a log axis; every tick on a linear one).
pub(super) fn axis_ticks(a: &ChartAxis) -> Vec<(f64, String, bool)> {
    let (lo, hi) = a.pos_range();
    let eps = (hi - lo) * 1e-9;
    a.ticks()
        .into_iter()
        .filter_map(|(v, label)| {
            let p = a.pos(v)?;
            if p < lo - eps || p > hi + eps {
                return None;
            }
            let major = a.scale == Scale::Linear || (p - p.round()).abs() < 1e-9;
            Some((p, label, major))
        })
        .collect()
}

/// Rotation of category labels that do not fit side by side.
const ROT_DEG: f64 = -35.0;
pub(super) const ROT_SIN: f64 = 0.574;
const ROT_COS: f64 = 0.819;

pub(super) fn max_rotated_len(k: f64) -> f64 {
    150.0 * k
}

/// X tick labels, powers of ten first, skipping labels that would touch.
pub(super) fn tick_labels_x(svg: &mut Svg, st: &Style, ticks: &[(f64, String, bool)], fr: &Frame) {
    let k = st.k;
    let [_, _, _, y1] = fr.plot;
    let mut placed: Vec<(f64, f64)> = Vec::new();
    let order = ticks
        .iter()
        .filter(|t| t.2)
        .chain(ticks.iter().filter(|t| !t.2));
    for (pos, label, _) in order {
        let x = fr.px(*pos);
        svg.line(x, y1, x, y1 + 4.0 * k, INK, 0.9 * k);
        let w = text_width(label, st.tick);
        let (a, b) = (x - w / 2.0 - 4.0 * k, x + w / 2.0 + 4.0 * k);
        if placed.iter().any(|(c, d)| a < *d && b > *c) {
            continue;
        }
        placed.push((a, b));
        svg.text(
            x,
            y1 + 6.0 * k + st.tick,
            st.tick,
            Align::Middle,
            INK,
            label,
        );
    }
}

/// Y tick labels, powers of ten first, skipping labels that would touch.
pub(super) fn y_tick_labels(svg: &mut Svg, st: &Style, ticks: &[(f64, String, bool)], fr: &Frame) {
    let k = st.k;
    let x0 = fr.plot[0];
    let mut placed: Vec<f64> = Vec::new();
    let order = ticks
        .iter()
        .filter(|t| t.2)
        .chain(ticks.iter().filter(|t| !t.2));
    for (pos, label, _) in order {
        let y = fr.py(*pos);
        if placed.iter().any(|c| (c - y).abs() < st.tick * 1.15) {
            continue;
        }
        placed.push(y);
        svg.text(
            x0 - 7.0 * k,
            y + st.tick * 0.35,
            st.tick,
            Align::End,
            INK,
            label,
        );
    }
}

/// Category names under a bar panel, rotated when they do not fit.
pub(super) fn category_labels(svg: &mut Svg, st: &Style, p: &ChartPanel, fr: &Frame, rotate: bool) {
    let k = st.k;
    let y1 = fr.plot[3];
    let n = p.categories.len();
    let slot = if n > 0 {
        (fr.px(1.0) - fr.px(0.0)).abs()
    } else {
        1.0
    };
    // Rotated labels need about one line height each.
    let every = if rotate {
        ((st.tick * 1.2) / slot.max(1e-9)).ceil().max(1.0) as usize
    } else {
        1
    };
    for (i, c) in p.categories.iter().enumerate() {
        let Some(pos) = p.x.pos(i as f64) else {
            continue;
        };
        let x = fr.px(pos);
        if x < fr.plot[0] - 1.0 || x > fr.plot[2] + 1.0 || i % every != 0 {
            continue;
        }
        svg.line(x, y1, x, y1 + 4.0 * k, INK, 0.9 * k);
        if rotate {
            let room = max_rotated_len(k).min((x - 2.0 * k) / ROT_COS);
            let label = truncate(c, st.tick, room);
            svg.text_ex(
                x + 4.0 * k,
                y1 + 14.0 * k,
                st.tick,
                Align::End,
                INK,
                &label,
                "",
                ROT_DEG,
            );
        } else {
            svg.text(x, y1 + 6.0 * k + st.tick, st.tick, Align::Middle, INK, c);
        }
    }
}

/// `s` cut with an ellipsis to about `width` px.
fn truncate(s: &str, size: f64, width: f64) -> String {
    if text_width(s, size) <= width {
        return s.to_string();
    }
    let n = ((width / (size * 0.56)).floor() as usize)
        .saturating_sub(1)
        .max(1);
    let mut out: String = s.chars().take(n).collect();
    out.push('…');
    out
}

//! Axes: the ticks inside an axis range, tick labels that do not touch,
//! and category names under bar panels.

use super::geom::Frame;
use super::style::{CategoryNames, Style};
use crate::chart::{ChartAxis, ChartPanel, Scale};
use crate::layout::scene::{Anchor, INK, Scene, Stroke, Text, TextRole, shorten};
use crate::text::text_width;

/// A tick: its position on the axis, its label and whether it is major
/// (a power of ten on a log axis; every tick on a linear one).
#[derive(Clone, Debug, PartialEq)]
pub struct Tick {
    pub pos: f64,
    pub label: String,
    pub major: bool,
}

/// Labels of the ticks inside the axis range, with whether each is a major
/// tick (a power of ten on a log axis; every tick on a linear one).
pub fn axis_ticks(a: &ChartAxis, powers: bool) -> Vec<Tick> {
    let (lo, hi) = a.pos_range();
    let eps = (hi - lo) * 1e-9;
    a.ticks_as(powers)
        .into_iter()
        .filter_map(|(v, label)| {
            let p = a.pos(v)?;
            if p < lo - eps || p > hi + eps {
                return None;
            }
            let major = a.scale == Scale::Linear || (p - p.round()).abs() < 1e-9;
            Some(Tick {
                pos: p,
                label,
                major,
            })
        })
        .collect()
}

pub(super) fn max_rotated_len(k: f64) -> f64 {
    150.0 * k
}

/// X tick labels, powers of ten first, skipping labels that would touch.
pub(super) fn tick_labels_x(sc: &mut Scene, st: &Style, ticks: &[Tick], fr: &Frame) {
    let k = st.k;
    let [_, _, _, y1] = fr.plot;
    let mut placed: Vec<(f64, f64)> = Vec::new();
    let order = ticks
        .iter()
        .filter(|t| t.major)
        .chain(ticks.iter().filter(|t| !t.major));
    for t in order {
        let x = fr.px(t.pos);
        sc.line([x, y1], [x, y1 + 4.0 * k], Stroke::solid(INK, 0.9 * k));
        let w = text_width(&t.label, st.tick);
        let (a, b) = (x - w / 2.0 - 4.0 * k, x + w / 2.0 + 4.0 * k);
        if placed.iter().any(|(c, d)| a < *d && b > *c) {
            continue;
        }
        placed.push((a, b));
        sc.text(Text::new(
            x,
            y1 + 6.0 * k + st.tick,
            st.tick,
            Anchor::Middle,
            TextRole::Tick,
            &t.label,
        ));
    }
}

/// Y tick labels, powers of ten first, skipping labels that would touch.
pub(super) fn y_tick_labels(sc: &mut Scene, st: &Style, ticks: &[Tick], fr: &Frame) {
    let k = st.k;
    let x0 = fr.plot[0];
    let mut placed: Vec<f64> = Vec::new();
    let order = ticks
        .iter()
        .filter(|t| t.major)
        .chain(ticks.iter().filter(|t| !t.major));
    for t in order {
        let y = fr.py(t.pos);
        if placed.iter().any(|c| (c - y).abs() < st.tick * 1.15) {
            continue;
        }
        placed.push(y);
        sc.text(Text::new(
            x0 - 7.0 * k,
            y + st.tick * 0.35,
            st.tick,
            Anchor::End,
            TextRole::Tick,
            &t.label,
        ));
    }
}

/// Category names left of a horizontal bar panel, each in full at its
/// bars' height, right-aligned against its tick, wrapped into lines
/// `width` wide (each line keeps the whole name for the audit and the
/// hover).
pub(super) fn category_labels_left(
    sc: &mut Scene,
    st: &Style,
    p: &ChartPanel,
    fr: &Frame,
    width: f64,
) {
    let (k, size) = (st.k, st.tick);
    let x0 = fr.plot[0];
    let line_h = size * 1.15;
    for (i, name) in p.categories.iter().enumerate() {
        let Some(pos) = p.y.pos(p.category_at(i)) else {
            continue;
        };
        let y = fr.py(pos);
        sc.line([x0 - 4.0 * k, y], [x0, y], Stroke::solid(INK, 0.9 * k));
        let lines = crate::layout::wrap(name, size, width.max(size));
        let first = y - (lines.len() as f64 - 1.0) * line_h / 2.0 + 0.35 * size;
        for (j, line) in lines.iter().enumerate() {
            let mut t = Text::new(
                x0 - 6.0 * k,
                first + j as f64 * line_h,
                size,
                Anchor::End,
                TextRole::Category,
                line,
            );
            if lines.len() > 1 {
                t.full = Some(name.clone());
            }
            sc.text(t);
        }
    }
}

/// Category names under a bar panel, every one, as `names` says.
pub(super) fn category_labels(
    sc: &mut Scene,
    st: &Style,
    p: &ChartPanel,
    fr: &Frame,
    names: &CategoryNames,
) {
    let k = st.k;
    let y1 = fr.plot[3];
    let size = names.size;
    let (s, c) = names.angle.to_radians().sin_cos();
    for (i, name) in p.categories.iter().enumerate() {
        let Some(pos) = p.x.pos(i as f64) else {
            continue;
        };
        let x = fr.px(pos);
        if x < fr.plot[0] - 1.0 || x > fr.plot[2] + 1.0 {
            continue;
        }
        sc.line([x, y1], [x, y1 + 4.0 * k], Stroke::solid(INK, 0.9 * k));
        if names.angle == 0.0 {
            let t = Text::new(
                x,
                y1 + 6.0 * k + size,
                size,
                Anchor::Middle,
                TextRole::Category,
                name,
            );
            sc.text(t);
            continue;
        }
        // The end of the turned name under its tick, its lines centred on
        // the tick and its top corner clear of the tick mark.
        let room = if c > 1e-6 {
            max_rotated_len(k).min((x - 2.0 * k - 0.55 * size * s) / c)
        } else {
            max_rotated_len(k)
        };
        let label = shorten(name, size, room);
        let full = (label != *name).then(|| name.clone());
        let (ax, ay) = (x + 0.325 * size * s, y1 + 6.0 * k + 0.85 * size * c);
        let mut t =
            Text::new(ax, ay, size, Anchor::End, TextRole::Category, &label).rotated(-names.angle);
        t.full = full;
        sc.text(t);
    }
}

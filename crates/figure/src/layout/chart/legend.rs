//! Legends: one entry a name, placed in a free corner of the plot or in
//! rows under it.

use super::geom::{Frame, Rect, bar_rects, clip_segment, overlaps, whisker_segment};
use super::style::Style;
use crate::chart::{ChartPanel, LineStyle};
use crate::layout::scene::{Anchor, INK, Scene, Shape, Stroke, Text, TextRole, fitted};
use crate::text::text_width;

/// What a legend entry shows next to its name.
#[derive(Clone, Copy)]
enum Swatch {
    Line([u8; 3], LineStyle, f32),
    Dot([u8; 3]),
    Block([u8; 3]),
}

pub(super) struct Entry<'a> {
    name: &'a str,
    swatch: Swatch,
}

/// Series not hidden from the legend, then bar sets; one entry a name.
pub(super) fn legend_entries(p: &ChartPanel) -> Vec<Entry<'_>> {
    let mut out: Vec<Entry> = Vec::new();
    let series = p
        .series
        .iter()
        .filter(|s| !s.hide_in_legend)
        .map(|s| Entry {
            name: &s.name,
            swatch: if s.points_only {
                Swatch::Dot(s.color)
            } else {
                Swatch::Line(s.color, s.style, s.width)
            },
        });
    let bars = p.bars.iter().map(|b| Entry {
        name: &b.name,
        swatch: Swatch::Block(b.color),
    });
    for e in series.chain(bars) {
        if !e.name.trim().is_empty() && !out.iter().any(|o| o.name == e.name) {
            out.push(e);
        }
    }
    out
}

/// Where a panel's legend goes.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum LegendPlace {
    None,
    /// Inside the plot, at this box.
    Inside(Rect),
    Below,
}

pub(super) fn entry_w(e: &Entry, st: &Style) -> f64 {
    st.swatch_w() + 6.0 * st.k + text_width(e.name, st.legend) + 16.0 * st.k
}

/// Size of the legend drawn as a box inside the plot.
fn legend_box_size(entries: &[Entry], st: &Style) -> (f64, f64) {
    let pad = 7.0 * st.k;
    let w = entries
        .iter()
        .map(|e| text_width(e.name, st.legend))
        .fold(0.0, f64::max);
    (
        2.0 * pad + st.swatch_w() + 6.0 * st.k + w,
        2.0 * pad + entries.len() as f64 * st.legend_row() - (st.legend_row() - st.legend),
    )
}

/// A corner of the plot where the legend box hides no data; with `force`
/// the least covered corner, else `Below` when every corner hides data.
pub(super) fn legend_place(p: &ChartPanel, fr: &Frame, st: &Style, force: bool) -> LegendPlace {
    let entries = legend_entries(p);
    if entries.is_empty() {
        return LegendPlace::None;
    }
    let (w, h) = legend_box_size(&entries, st);
    let [x0, y0, x1, y1] = fr.plot;
    let inset = 6.0 * st.k;
    let big = w > (x1 - x0) * 0.55 || h > (y1 - y0) * 0.6;
    if big && !force {
        return LegendPlace::Below;
    }
    let corners = [
        [x1 - inset - w, y0 + inset, x1 - inset, y0 + inset + h],
        [x0 + inset, y0 + inset, x0 + inset + w, y0 + inset + h],
        [x1 - inset - w, y1 - inset - h, x1 - inset, y1 - inset],
        [x0 + inset, y1 - inset - h, x0 + inset + w, y1 - inset],
    ];
    let scores = covered(p, fr, &corners, st);
    if let Some(i) = scores.iter().position(|s| *s == 0) {
        return LegendPlace::Inside(corners[i]);
    }
    if !force || big {
        return LegendPlace::Below;
    }
    let best = (0..4).min_by_key(|i| scores[*i]).unwrap_or(0);
    LegendPlace::Inside(corners[best])
}

/// How much of the panel's data each box of `boxes` would hide: the
/// data are placed once, then tested against every box.
fn covered<const N: usize>(
    p: &ChartPanel,
    fr: &Frame,
    boxes: &[Rect; N],
    st: &Style,
) -> [usize; N] {
    let k = st.k;
    let grown = boxes.map(|b| {
        [
            b[0] - 3.0 * k,
            b[1] - 3.0 * k,
            b[2] + 3.0 * k,
            b[3] + 3.0 * k,
        ]
    });
    let hit_pt = |g: &Rect, x: f64, y: f64| x >= g[0] && x <= g[2] && y >= g[1] && y <= g[3];
    // A segment whose bounding box misses a box cannot cross it.
    let near = |g: &Rect, a: (f64, f64), c: (f64, f64)| {
        a.0.max(c.0) >= g[0] && a.0.min(c.0) <= g[2] && a.1.max(c.1) >= g[1] && a.1.min(c.1) <= g[3]
    };
    let mut n = [0; N];
    for s in &p.series {
        let mut prev: Option<(f64, f64)> = None;
        for pt in &s.points {
            let cur = fr.point(p, pt[0], pt[1]);
            if let Some((x, y)) = cur {
                for (g, count) in grown.iter().zip(n.iter_mut()) {
                    if hit_pt(g, x, y) {
                        *count += 1;
                    } else if !s.points_only
                        && let Some(a) = prev
                        && near(g, a, (x, y))
                        && clip_segment(a, (x, y), g).is_some()
                    {
                        *count += 1;
                    }
                }
            }
            prev = cur;
        }
    }
    for (r, si, bi) in bar_rects(p, fr) {
        let whisker = whisker_segment(p, fr, &r, si, bi);
        for (g, count) in grown.iter().zip(n.iter_mut()) {
            let crossed = whisker.is_some_and(|(a, b)| clip_segment(a, b, g).is_some());
            if overlaps(&r, g) || crossed {
                *count += 1;
            }
        }
    }
    for m in &p.markers {
        if let Some((x, y)) = fr.point(p, m.x, m.y) {
            let w = text_width(&m.label, st.marker);
            let r = [x - 6.0 * k, y - st.marker, x + 10.0 * k + w, y + 6.0 * k];
            for (g, count) in grown.iter().zip(n.iter_mut()) {
                if overlaps(&r, g) {
                    *count += 1;
                }
            }
        }
    }
    n
}

/// A legend entry's swatch with its left edge at x, centred on y.
fn swatch(sc: &mut Scene, st: &Style, e: &Entry, x: f64, y: f64) {
    let k = st.k;
    let w = st.swatch_w();
    match e.swatch {
        Swatch::Line(color, style, width) => {
            let width = (width as f64).clamp(0.8, 4.0) * k;
            let stroke = Stroke {
                color,
                width,
                style,
            };
            sc.line([x, y], [x + w, y], stroke);
        }
        Swatch::Dot(c) => sc.shape(Shape::Circle {
            centre: [x + w / 2.0, y],
            r: 3.5 * k,
            fill: c,
        }),
        Swatch::Block(c) => {
            let s = crate::layout::scene::font(st.legend * 0.9);
            let x0 = x + (w - s) / 2.0;
            sc.shape(Shape::Rect {
                rect: [x0, y - s / 2.0, x0 + s, y + s / 2.0],
                fill: Some((c, 1.0)),
                stroke: None,
                radius: 0.0,
            });
        }
    }
}

/// An entry's name in the lines a legend row `width` wide holds: one
/// line where it fits, else wrapped at spaces.
pub(super) fn entry_lines(e: &Entry, st: &Style, width: f64) -> Vec<String> {
    let room = width - st.swatch_w() - 6.0 * st.k;
    if text_width(e.name, st.legend) <= room + 1e-6 || room <= 0.0 {
        return vec![e.name.to_string()];
    }
    crate::layout::wrap(e.name, st.legend, room)
}

/// An entry's swatch and name, the name's baseline at `y + 0.35 em`,
/// wrapped over rows where it is wider than `right - x` (each line
/// fitted to end by `right`).
fn entry(sc: &mut Scene, st: &Style, e: &Entry, at: [f64; 2], right: f64) {
    let [x, y] = at;
    swatch(sc, st, e, x, y);
    let tx = x + st.swatch_w() + 6.0 * st.k;
    for (i, line) in entry_lines(e, st, right - x).iter().enumerate() {
        let t = Text::new(
            tx,
            y + st.legend * 0.35 + i as f64 * st.legend_row(),
            st.legend,
            Anchor::Start,
            TextRole::Legend,
            line,
        );
        sc.text(fitted(t.color(INK), right - tx));
    }
}

pub(super) fn legend_box(sc: &mut Scene, st: &Style, entries: &[Entry], b: Rect) {
    let k = st.k;
    sc.shape(Shape::Rect {
        rect: b,
        fill: Some(([0xff; 3], 0.88)),
        stroke: Some(Stroke::solid([0xbb; 3], 0.8 * k)),
        radius: 3.0 * k,
    });
    let pad = 7.0 * k;
    let mut y = b[1] + pad + st.legend * 0.5;
    for e in entries {
        entry(sc, st, e, [b[0] + pad, y], b[2]);
        y += st.legend_row();
    }
}

/// The legend in rows under the plot, from `at` (x, y) across `width`;
/// returns the y under it.
pub(super) fn legend_below(
    sc: &mut Scene,
    st: &Style,
    entries: &[Entry],
    rows: &[Vec<usize>],
    at: [f64; 2],
    width: f64,
) -> f64 {
    let [x, y] = at;
    let mut y = y + st.legend * 0.5;
    for row in rows {
        let mut ex = x;
        for e in row.iter().filter_map(|i| entries.get(*i)) {
            entry(sc, st, e, [ex, y], x + width);
            ex += entry_w(e, st);
        }
        y += st.legend_row();
    }
    y - st.legend * 0.5 + 2.0 * st.k
}

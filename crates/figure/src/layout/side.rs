//! Pieces beside a heat map or surface, laid out once for the window and
//! the exports: the colour bar's ticks and title, the markers' legend and
//! the marker symbols' outlines. The colour bar's gradient, the symbols'
//! fill and the hatching are each painter's (they are not text).

use super::scene::{Anchor, INK, Rect, Scene, Shape, Stroke, TITLE_INK, Text, TextRole};
use crate::color::ColorScale;
use crate::perdome::MarkerKind;
use crate::text::text_width;
use hetscope_model::format::{fmt_tick, fmt_tick_step};

/// The marker kinds in the order legends list them.
pub const LEGEND_ORDER: [MarkerKind; 5] = [
    MarkerKind::PerfectDp,
    MarkerKind::CpuOnly,
    MarkerKind::GpuOnly,
    MarkerKind::Optimum,
    MarkerKind::Partition,
];

/// The note beside the hatched swatch.
pub const EMPTY_NOTE: &str = "empty: no such partition (Lemma 2)";

/// A marker kind's name in legends.
pub fn kind_name(kind: MarkerKind) -> &'static str {
    match kind {
        MarkerKind::PerfectDp => "p-DP (perfect data partition)",
        MarkerKind::CpuOnly => "CPU-only",
        MarkerKind::GpuOnly => "GPU-only",
        MarkerKind::Optimum => "optimum (best found)",
        MarkerKind::Partition => "workload partition",
    }
}

/// A marker symbol to draw: its centre, kind and radius, px.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Symbol {
    pub at: [f64; 2],
    pub kind: MarkerKind,
    pub r: f64,
}

/// The outline of a symbol (none for the circle of p-DP): square for
/// CPU-only, triangle for GPU-only, star for the optimum, diamond for a
/// workload partition.
pub fn symbol_outline(s: &Symbol) -> Option<Vec<[f64; 2]>> {
    let ([x, y], r) = (s.at, s.r);
    Some(match s.kind {
        MarkerKind::PerfectDp => return None,
        MarkerKind::CpuOnly => {
            let q = r * 0.9;
            vec![
                [x - q, y - q],
                [x + q, y - q],
                [x + q, y + q],
                [x - q, y + q],
            ]
        }
        MarkerKind::GpuOnly => vec![
            [x, y - r * 1.15],
            [x + r * 1.1, y + r * 0.75],
            [x - r * 1.1, y + r * 0.75],
        ],
        MarkerKind::Partition => {
            let q = r * 1.15;
            vec![[x, y - q], [x + q, y], [x, y + q], [x - q, y]]
        }
        MarkerKind::Optimum => (0..10)
            .map(|i| {
                let a = std::f64::consts::PI * (i as f64) / 5.0 - std::f64::consts::FRAC_PI_2;
                let rr = if i % 2 == 0 { r * 1.35 } else { r * 0.6 };
                [x + rr * a.cos(), y + rr * a.sin()]
            })
            .collect(),
    })
}

/// A colour bar's frame, ticks, numbers and title for the gradient in
/// `bar`: upright (low values at the bottom, the title rotated along its
/// right side) where `bar` is taller than wide, else across (low values at
/// the left, numbers and title under it). Returns the y under its texts.
pub fn color_bar(scene: &mut Scene, scale: &ColorScale, bar: Rect, k: f64) -> f64 {
    let [x, y, x1, y1] = bar;
    let (w, h) = (x1 - x, y1 - y);
    scene.shape(Shape::Rect {
        rect: bar,
        fill: None,
        stroke: Some(Stroke::solid(INK, 0.8 * k)),
        radius: 0.0,
    });
    let across = w > h;
    let size = crate::layout::scene::font(11.5 * k);
    let mut widest: f64 = 0.0;
    for (t, label) in tick_labels(scale) {
        let tick = Stroke::solid(INK, 0.8 * k);
        let text = if across {
            let px = x + w * scale.t(t);
            scene.line([px, y1], [px, y1 + 5.0 * k], tick);
            Text::new(
                px,
                y1 + 7.0 * k + size,
                size,
                Anchor::Middle,
                TextRole::Tick,
                &label,
            )
        } else {
            let py = y + h * (1.0 - scale.t(t));
            scene.line([x + w, py], [x + w + 5.0 * k, py], tick);
            let at = (x + w + 8.0 * k, py + size * 0.35);
            Text::new(at.0, at.1, size, Anchor::Start, TextRole::Tick, &label)
        };
        widest = widest.max(text_width(&label, size));
        scene.text(text);
    }
    let title_size = crate::layout::scene::font(13.0 * k);
    if across {
        let ty = y1 + 12.0 * k + size + title_size;
        let title = Text::new(
            x + w / 2.0,
            ty,
            title_size,
            Anchor::Middle,
            TextRole::AxisTitle,
            &scale.title(),
        );
        scene.text(title);
        return ty + title_size * 0.4;
    }
    let tx = x + w + 14.0 * k + widest + 6.0 * k;
    let title = Text::new(
        tx,
        y + h / 2.0,
        title_size,
        Anchor::Middle,
        TextRole::AxisTitle,
        &scale.title(),
    );
    scene.text(title.rotated(90.0));
    y1
}

/// The colour scale's ticks with their numbers.
fn tick_labels(scale: &ColorScale) -> Vec<(f64, String)> {
    let ticks = scale.ticks();
    let step = match ticks.as_slice() {
        [a, b, ..] => (b - a).abs(),
        _ => 0.0,
    };
    ticks
        .into_iter()
        .map(|t| {
            let label = if scale.log {
                fmt_tick(t)
            } else {
                fmt_tick_step(t, step)
            };
            (t, label)
        })
        .collect()
}

/// The width of the column beside a figure, from the colour bar's left
/// edge: 34 px of gap before it at scale `k` are the caller's. Wide
/// enough for the longest marker name and for `also` (another text the
/// column holds), at the fonts [`marker_legend`] writes.
pub fn side_column_width(k: f64, also: &str) -> f64 {
    let size = crate::layout::scene::font(12.0 * k);
    let names = LEGEND_ORDER
        .iter()
        .map(|kind| 20.0 * k + text_width(kind_name(*kind), size))
        .fold(
            text_width(also, crate::layout::scene::font(11.0 * k)),
            f64::max,
        );
    names + 14.0 * k
}

/// The legend of the marker kinds drawn ("Markers", then one line a kind
/// in [`LEGEND_ORDER`]) from (x, y) down: its texts into `scene`; returns
/// the symbols to draw and the y under it.
pub fn marker_legend(
    scene: &mut Scene,
    kinds: &[MarkerKind],
    x: f64,
    y: f64,
    k: f64,
) -> (Vec<Symbol>, f64) {
    let size = crate::layout::scene::font(12.0 * k);
    let mut y = y;
    if kinds.is_empty() {
        return (Vec::new(), y);
    }
    let head = Text::new(x, y, size, Anchor::Start, TextRole::Legend, "Markers");
    scene.text(head.color(TITLE_INK).bold());
    y += 8.0 * k;
    let mut symbols = Vec::new();
    for kind in LEGEND_ORDER.iter().filter(|kk| kinds.contains(kk)) {
        y += 20.0 * k;
        symbols.push(Symbol {
            at: [x + 7.0 * k, y - size * 0.35],
            kind: *kind,
            r: 5.5 * k,
        });
        let t = Text::new(
            x + 20.0 * k,
            y,
            size,
            Anchor::Start,
            TextRole::Legend,
            kind_name(*kind),
        );
        scene.text(t);
    }
    (symbols, y + 14.0 * k)
}

/// The markers' legend in rows from (x, y) across `width` (for a canvas
/// too narrow for a column beside the figure): its texts into `scene`;
/// returns the symbols to draw and the y of its last row.
pub fn marker_legend_rows(
    scene: &mut Scene,
    kinds: &[MarkerKind],
    at: [f64; 2],
    width: f64,
    k: f64,
) -> (Vec<Symbol>, f64) {
    let size = crate::layout::scene::font(11.5 * k);
    let [x0, mut y] = at;
    let mut x = x0;
    let mut symbols = Vec::new();
    for kind in LEGEND_ORDER.iter().filter(|kk| kinds.contains(kk)) {
        let name = kind_name(*kind);
        let w = 20.0 * k + text_width(name, size) + 14.0 * k;
        if x > x0 && x + w > x0 + width {
            (x, y) = (x0, y + size * 1.6);
        }
        symbols.push(Symbol {
            at: [x + 7.0 * k, y - size * 0.35],
            kind: *kind,
            r: 5.0 * k,
        });
        scene.text(Text::new(
            x + 18.0 * k,
            y,
            size,
            Anchor::Start,
            TextRole::Legend,
            name,
        ));
        x += w;
    }
    (symbols, y)
}

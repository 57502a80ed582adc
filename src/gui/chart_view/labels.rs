//! Labels in a chart panel, placed by the shared collision pass
//! ([`hetscope_figure::labels`], as in the exports): the panel's frame with
//! its legend and marker dots taken, then reference-line, marker and bar
//! value labels each at the first free spot (left out where none is).

use eframe::egui::{Align, Align2, Color32, Pos2, RichText};
use egui_plot::{Corner, PlotPoint, PlotUi, Text};

use super::axes::legend_corner;
use hetscope_figure::chart::{ChartPanel, RefLine};
use hetscope_figure::labels::{LabelBoxes, Spot, ref_line_spots};

/// A bar's value label: where (plot coordinates), the text, and whether it
/// sits inside its bar (a stacked segment) rather than on top.
pub(super) type ValueLabel = (PlotPoint, String, bool);

/// Font size of the bars' value labels, px (egui's small text).
const VALUE_SIZE: f64 = 10.0;

/// The bars' value labels that collide with no other label; a label that
/// would print over another is left out (the bar's hover still has it).
pub(super) fn value_labels(
    pui: &mut PlotUi<'_>,
    values: Vec<ValueLabel>,
    ink: Color32,
    taken: &mut LabelBoxes,
) {
    for (at, text, inside) in values {
        let s = pui.screen_from_plot(at);
        let (x, y) = (s.x as f64, s.y as f64);
        // The spot is the text's baseline, centred on the bar.
        let spot = if inside {
            Spot {
                x,
                y: y + VALUE_SIZE * 0.32,
                align: 0.5,
            }
        } else {
            Spot {
                x,
                y: y - VALUE_SIZE * 0.25,
                align: 0.5,
            }
        };
        if taken.choose(&[spot], &text, VALUE_SIZE).is_none() {
            continue;
        }
        let (anchor, rich) = (
            if inside {
                Align2::CENTER_CENTER
            } else {
                Align2::CENTER_BOTTOM
            },
            RichText::new(text).small().color(ink),
        );
        pui.text(Text::new("", at, rich).anchor(anchor).allow_hover(false));
    }
}

/// Font size of the labels in a plot, px (egui's body text).
pub(super) const LABEL_SIZE: f64 = 12.5;
/// Radius of a marker's dot, px.
pub(super) const MARKER_RADIUS: f32 = 5.0;

/// The plot's frame in screen pixels, with the markers' dots taken, for
/// the labels' collision pass (`figure::labels`, as in the exports).
pub(super) fn label_boxes(pui: &PlotUi<'_>, p: &ChartPanel) -> LabelBoxes {
    let f = *pui.transform().frame();
    let bounds = [f.min.x, f.min.y, f.max.x, f.max.y].map(f64::from);
    let mut taken = LabelBoxes::new(bounds);
    taken.take(legend_box(p, bounds));
    for m in &p.markers {
        if let Some(c) = marker_screen_pos(pui, p, m.x, m.y) {
            let r = MARKER_RADIUS as f64 + 1.0;
            taken.take([c[0] - r, c[1] - r, c[0] + r, c[1] + r]);
        }
    }
    taken
}

/// The estimated box of the panel's legend in its corner of `frame`.
fn legend_box(p: &ChartPanel, frame: [f64; 4]) -> [f64; 4] {
    let names = p
        .series
        .iter()
        .filter(|s| !s.hide_in_legend && !s.name.is_empty())
        .map(|s| s.name.as_str())
        .chain(p.bars.iter().map(|b| b.name.as_str()));
    let (mut n, mut chars) = (0usize, 0usize);
    for name in names {
        n += 1;
        chars = chars.max(name.chars().count());
    }
    if n == 0 {
        return [frame[0], frame[1], frame[0], frame[1]];
    }
    let (w, h) = (
        chars as f64 * LABEL_SIZE * 0.56 + 36.0,
        n as f64 * 18.0 + 12.0,
    );
    let [x0, y0, x1, y1] = frame;
    let (left, top) = match legend_corner(p) {
        Corner::LeftTop => (x0, y0),
        Corner::RightTop => (x1 - w, y0),
        Corner::LeftBottom => (x0, y1 - h),
        Corner::RightBottom => (x1 - w, y1 - h),
    };
    [left, top, left + w, top + h]
}

/// Screen position of a data point, if it can be placed.
pub(super) fn marker_screen_pos(
    pui: &PlotUi<'_>,
    p: &ChartPanel,
    x: f64,
    y: f64,
) -> Option<[f64; 2]> {
    let (x, y) = (p.x.pos(x)?, p.y.pos(y)?);
    let s = pui.screen_from_plot(PlotPoint::new(x, y));
    Some([s.x as f64, s.y as f64])
}

/// A label at a chosen spot: a plot text anchored at its bottom, left,
/// centre or right as the spot's alignment says.
pub(crate) fn spot_text(pui: &mut PlotUi<'_>, s: Spot, text: RichText) {
    let h = if s.align < 0.25 {
        Align::Min
    } else if s.align > 0.75 {
        Align::Max
    } else {
        Align::Center
    };
    // The spot is the baseline; the text's box ends 0.2 of a line below.
    let bottom = Pos2::new(s.x as f32, (s.y + LABEL_SIZE * 0.2) as f32);
    let at = pui.plot_from_screen(bottom);
    pui.text(
        Text::new("", at, text)
            .anchor(Align2([h, Align::Max]))
            .allow_hover(false),
    );
}

/// A reference line's label at the first free spot along the line (left
/// out where every spot is taken).
pub(super) fn ref_label(
    pui: &mut PlotUi<'_>,
    r: &RefLine,
    v: f64,
    label: RichText,
    taken: &mut LabelBoxes,
) {
    if r.label.trim().is_empty() {
        return;
    }
    let spots = ref_line_spots(r.orientation, v, taken.bounds, LABEL_SIZE, 4.0);
    if let Some(s) = taken.choose(&spots, &r.label, LABEL_SIZE) {
        spot_text(pui, s, label);
    }
}

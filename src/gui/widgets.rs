//! Small pieces shared by the panels and views: the labelled slider row
//! with its exact number field (the slider: `widgets/log_slider.rs`), a
//! table of text with resizable columns (`widgets/table.rs`), parsing typed
//! numbers and the note a typed value leaves (`widgets/typed.rs`), colour
//! conversion (colour bars are part of the figures' layouts).

mod log_slider;
pub mod table;
mod typed;

pub use log_slider::{FINE, LogSlider, PX_PER_DECADE};
pub use typed::{SMALL_TEXT, TypedCheck, parse_edit};
use typed::{typed_note_ui, typed_parser};

use eframe::egui;
use eframe::egui::{Color32, DragValue, Ui};
use std::ops::RangeInclusive;

use hetscope_model::Range;
use hetscope_model::format::fmt_edit;

/// One labelled row of a grid: name, log slider, exact number field.
/// Returns true when the value changed.
pub fn value_row_ui(
    ui: &mut Ui,
    label: &str,
    tooltip: &str,
    value: &mut f64,
    range: RangeInclusive<f64>,
    unit: &str,
) -> bool {
    let changed = value_cells_ui(ui, label, tooltip, value, range, unit);
    ui.end_row();
    changed
}

/// The cells of [`value_row_ui`] without ending the grid row (for a row
/// with more cells after them).
pub fn value_cells_ui(
    ui: &mut Ui,
    label: &str,
    tooltip: &str,
    value: &mut f64,
    range: RangeInclusive<f64>,
    unit: &str,
) -> bool {
    cells_ui(ui, (label, tooltip), value, range, None, unit)
}

/// [`value_row_ui`] for a model parameter: label, tooltip and the unit of
/// the number field; the slider shows `slider` (within the limits), and
/// the slider, the number field and a typed value stay within the
/// parameter's physical range `limits` (both bounds in the tooltip).
pub fn param_row_ui(
    ui: &mut Ui,
    text: (&str, &str, &str),
    value: &mut f64,
    slider: RangeInclusive<f64>,
    limits: &Range,
) -> bool {
    let changed = param_cells_ui(ui, text, value, slider, limits);
    ui.end_row();
    changed
}

/// The cells of [`param_row_ui`] without ending the grid row.
pub fn param_cells_ui(
    ui: &mut Ui,
    (label, tooltip, unit): (&str, &str, &str),
    value: &mut f64,
    slider: RangeInclusive<f64>,
    limits: &Range,
) -> bool {
    let tip = format!("{tooltip}\nRange: {}", limits.need());
    cells_ui(ui, (label, &tip), value, slider, Some(limits), unit)
}

fn cells_ui(
    ui: &mut Ui,
    (label, tooltip): (&str, &str),
    value: &mut f64,
    range: RangeInclusive<f64>,
    limits: Option<&Range>,
    unit: &str,
) -> bool {
    let name = ui.label(label).on_hover_text(tooltip);
    // Widen the slider's range to show a typed value outside it, within
    // the limits.
    let (mut lo, mut hi) = (*range.start(), *range.end());
    if let Some(l) = limits {
        lo = lo.max(l.lowest());
        hi = hi.min(l.max);
    }
    if value.is_finite() && *value > 0.0 {
        lo = lo.min(*value);
        hi = hi.max(*value);
    }
    let before = *value;
    ui.add(
        LogSlider::new(value, lo..=hi)
            .limits(limits)
            .unit(unit),
    )
    .labelled_by(name.id)
    .on_hover_text(format!(
        "{tooltip}\nDrag: ten times the value per {PX_PER_DECADE} points, {FINE} times finer with Shift; \
         double-click to type a value."
    ));
    // The number field's drag too: a factor of ten per PX_PER_DECADE
    // points (Shift: finer, as egui does).
    let speed = if value.is_finite() && *value != 0.0 {
        value.abs() * std::f64::consts::LN_10 / PX_PER_DECADE
    } else {
        0.01
    };
    let note_id = name.id.with("typed_note");
    let parser = typed_parser(ui.ctx(), note_id, unit, limits.copied());
    let mut field = DragValue::new(value)
        .speed(speed)
        .suffix(format!(" {unit}"))
        .custom_formatter(|v, _| fmt_edit(v))
        .custom_parser(parser);
    if let Some(l) = limits {
        field = field.range(l.inclusive());
    }
    ui.vertical(|ui| {
        ui.add(field)
            .labelled_by(name.id)
            .on_hover_text(format!("{tooltip}\nDrag, or click to type an exact value."));
        typed_note_ui(ui, note_id);
    });
    if let Some(l) = limits
        && before.to_bits() != value.to_bits()
    {
        *value = l.clamp(*value);
    }
    before.to_bits() != value.to_bits()
}

/// A small tag naming where a value comes from ("[spec sheet]",
/// "[paper]", "[derived]", "[measured]", "[estimate]", "[edited]"), the
/// citation or rule on hover.
pub fn source_tag_ui(ui: &mut Ui, kind: &str, detail: &str) {
    let tag = ui.label(
        egui::RichText::new(format!("[{kind}]"))
            .size(SMALL_TEXT)
            .weak(),
    );
    if !detail.is_empty() {
        tag.on_hover_text(detail);
    }
}

pub fn rgb(c: [u8; 3]) -> Color32 {
    Color32::from_rgb(c[0], c[1], c[2])
}

pub fn rgba(c: [u8; 4]) -> Color32 {
    Color32::from_rgba_unmultiplied(c[0], c[1], c[2], c[3])
}

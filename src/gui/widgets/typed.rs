//! Typed numbers: how a field reads one (`parse_edit`), and what a typed
//! value leaves under its field: a text that is no number, or a number
//! outside what the field takes (which the field then sets to the nearest
//! allowed value), says so for a few seconds, in the window's smallest
//! text, instead of passing in silence.

use eframe::egui;
use eframe::egui::{DragValue, Ui};
use std::ops::RangeInclusive;

use hetscope_model::Range;
use hetscope_model::format::fmt_edit;

/// How long a typed value's note stays under its field, seconds.
const NOTE_SECONDS: f64 = 8.0;

/// The parser of a number field: what was typed, read in `unit` (rounded
/// where the field holds `whole` numbers); `check` gives the note a
/// number leaves (none where it is taken as typed).
fn noting_parser(
    ctx: &egui::Context,
    (note_id, whole): (egui::Id, bool),
    unit: &str,
    check: impl 'static + Fn(f64) -> Option<String>,
) -> impl 'static + Fn(&str) -> Option<f64> {
    let (ctx, unit) = (ctx.clone(), unit.to_string());
    move |s: &str| {
        let typed = parse_edit(s, &unit);
        let parsed = if whole { typed.map(f64::round) } else { typed };
        let note = match typed {
            None => Some(format!("“{}” is not a number: the value is kept", s.trim())),
            Some(v) => check(v),
        };
        let now = ctx.input(|i| i.time);
        ctx.data_mut(|d| d.insert_temp(note_id, note.map(|n| (n, now))));
        parsed
    }
}

/// The parser of a parameter's field: a number outside the parameter's
/// `limits` says what the parameter must be and what it was set to.
pub(super) fn typed_parser(
    ctx: &egui::Context,
    note_id: egui::Id,
    unit: &str,
    limits: Option<Range>,
) -> impl 'static + Fn(&str) -> Option<f64> {
    noting_parser(ctx, (note_id, false), unit, move |v| {
        let l = limits.as_ref().filter(|l| !l.contains(v))?;
        Some(format!(
            "{} is not {}: set to {}",
            fmt_edit(v),
            l.need(),
            fmt_edit(l.clamp(v))
        ))
    })
}

/// The note a typed value left under its field, for a few seconds.
pub(super) fn typed_note_ui(ui: &mut Ui, note_id: egui::Id) {
    let Some((note, at)) = ui
        .data(|d| d.get_temp::<Option<(String, f64)>>(note_id))
        .flatten()
    else {
        return;
    };
    let age = ui.input(|i| i.time) - at;
    if age > NOTE_SECONDS {
        ui.data_mut(|d| d.remove::<Option<(String, f64)>>(note_id));
        return;
    }
    ui.ctx()
        .request_repaint_after(std::time::Duration::from_secs_f64(NOTE_SECONDS - age));
    ui.label(
        egui::RichText::new(note)
            .size(SMALL_TEXT)
            .color(ui.visuals().error_fg_color),
    );
}

/// A number field that takes `lo..=hi` and says what happened to a typed
/// value outside it or that is no number: give the field to
/// [`TypedCheck::field`] (which sets its range and parser), add it, then
/// [`TypedCheck::note_ui`] where the note goes.
pub struct TypedCheck {
    id: egui::Id,
    range: RangeInclusive<f64>,
    unit: String,
    /// Whether the field holds whole numbers (a typed 2.5 is rounded).
    whole: bool,
}

impl TypedCheck {
    /// A check of the field named `id` (unique in the window), taking
    /// `range`, typed in `unit` (a suffix the field shows, or "").
    pub fn new(
        id: impl std::hash::Hash + std::fmt::Debug,
        range: RangeInclusive<f64>,
        unit: &str,
    ) -> TypedCheck {
        TypedCheck {
            id: egui::Id::unique(("typed_check", id)),
            range,
            unit: unit.trim().to_string(),
            whole: false,
        }
    }

    /// The field holds whole numbers: a fraction typed says it was
    /// rounded.
    pub fn whole(mut self) -> TypedCheck {
        self.whole = true;
        self
    }

    /// `field` taking this check's range, read by its parser.
    pub fn field<'a>(&self, ctx: &egui::Context, field: DragValue<'a>) -> DragValue<'a> {
        let (range, whole) = (self.range.clone(), self.whole);
        let parser = noting_parser(ctx, (self.id, whole), &self.unit, move |v| {
            let (lo, hi) = (*range.start(), *range.end());
            if v < lo || v > hi {
                let set = v.clamp(lo, hi);
                let set = if whole { set.round() } else { set };
                return Some(format!(
                    "{} is outside {} to {}: set to {}",
                    fmt_edit(v),
                    fmt_edit(lo),
                    fmt_edit(hi),
                    fmt_edit(set)
                ));
            }
            (whole && v.fract() != 0.0).then(|| {
                format!(
                    "{} is not a whole number: set to {}",
                    fmt_edit(v),
                    fmt_edit(v.round())
                )
            })
        });
        field.range(self.range.clone()).custom_parser(parser)
    }

    /// The note the last typed value left, for a few seconds.
    pub fn note_ui(&self, ui: &mut Ui) {
        typed_note_ui(ui, self.id);
    }
}

/// The smallest text the window writes, px: a side note, a tag.
pub const SMALL_TEXT: f32 = 11.0;

/// Parse what the user typed in a number field: a finite number, with or
/// without the unit after it.
pub fn parse_edit(s: &str, unit: &str) -> Option<f64> {
    let t = s.trim();
    let t = if unit.is_empty() {
        t
    } else {
        t.trim_end_matches(unit).trim()
    };
    t.parse::<f64>().ok().filter(|v| v.is_finite())
}

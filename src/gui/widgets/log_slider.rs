//! The logarithmic slider of the parameter rows. A drag moves the value
//! by one decade per [`PX_PER_DECADE`] points whatever the slider's range
//! (egui's slider spreads its whole range over its width, so that a drag
//! of a few points jumped over decades), ten times finer with Shift; the
//! arrow keys step it; a double click opens a field where the value is
//! typed, checked against the range with a message when it is outside.
//! It looks like egui's slider and tells a screen reader the same: a
//! slider with its value, its bounds, and SetValue, Increment, Decrement.

use std::ops::RangeInclusive;

use eframe::egui::{
    self, Id, Key, Rect, Response, RichText, Sense, TextEdit, Ui, Widget, WidgetInfo, pos2, vec2,
};

use hetscope_model::Range;
use hetscope_model::format::fmt_edit;

/// Points of drag for a factor of ten.
pub const PX_PER_DECADE: f64 = 150.0;
/// How much finer a drag or an arrow key is with Shift held.
pub const FINE: f64 = 10.0;
/// Decades an arrow key or a screen reader's increment moves.
const STEP_DECADES: f64 = 1.0 / 15.0;

/// A value on a logarithmic rail, as a widget.
pub struct LogSlider<'a> {
    value: &'a mut f64,
    /// The rail's ends; the lower one may be 0 where 0 is allowed.
    range: RangeInclusive<f64>,
    /// What a typed value must be, where a parameter says it (else the
    /// rail's range).
    limits: Option<&'a Range>,
    /// The unit a typed value may be followed by.
    unit: &'a str,
}

/// A drag under way: the value it started from, how far the pointer has
/// gone (in full-speed points) and where it was last frame.
#[derive(Clone, Copy, Debug)]
struct Drag {
    start: f64,
    travelled: f64,
    last_x: f32,
}

/// A value being typed, and why the last one was refused.
#[derive(Clone, Debug)]
struct Typing {
    text: String,
    error: Option<String>,
    /// The field was just opened (or refused a value): focus it, its text
    /// selected.
    focus: bool,
}

impl<'a> LogSlider<'a> {
    pub fn new(value: &'a mut f64, range: RangeInclusive<f64>) -> Self {
        LogSlider {
            value,
            range,
            limits: None,
            unit: "",
        }
    }

    /// A typed value must lie in `limits` (a parameter's physical range).
    pub fn limits(mut self, limits: Option<&'a Range>) -> Self {
        self.limits = limits;
        self
    }

    /// The unit a typed value may carry.
    pub fn unit(mut self, unit: &'a str) -> Self {
        self.unit = unit;
        self
    }

    /// The lowest positive value the rail shows (its left end, or the
    /// point after 0 where the range starts at 0).
    fn low(&self) -> f64 {
        let (lo, hi) = (*self.range.start(), *self.range.end());
        if lo > 0.0 { lo } else { 0.01f64.min(hi / 10.0) }
    }

    /// Where `v` sits along the rail, 0 to 1.
    fn fraction(&self, v: f64) -> f32 {
        let (a, b) = (self.low().log10(), self.range.end().log10());
        let shown = v > 0.0 && b > a;
        if !shown {
            return 0.0;
        }
        ((v.log10() - a) / (b - a)).clamp(0.0, 1.0) as f32
    }

    /// `from` moved by `decades` powers of ten, kept on the rail (the
    /// left end is 0 where the range starts at 0).
    fn moved(&self, from: f64, decades: f64) -> f64 {
        let (lo, hi) = (*self.range.start(), *self.range.end());
        let low = self.low();
        let base = if from > 0.0 { from } else { low };
        let v = base * 10f64.powf(decades);
        if v < low {
            if lo <= 0.0 { lo.max(0.0) } else { low }
        } else {
            v.min(hi)
        }
    }

    /// A typed value, or why it cannot be used.
    fn check(&self, text: &str) -> Result<f64, String> {
        let Some(v) = super::parse_edit(text, self.unit) else {
            return Err(format!("`{}` is not a number", text.trim()));
        };
        match self.limits {
            Some(l) if l.contains(v) => Ok(v),
            Some(l) => Err(format!("{}: must be {}", fmt_edit(v), l.need())),
            None if self.range.contains(&v) => Ok(v),
            None => {
                let unit = if self.unit.is_empty() {
                    String::new()
                } else {
                    format!(" {}", self.unit)
                };
                Err(format!(
                    "{}: must be between {} and {}{unit}",
                    fmt_edit(v),
                    fmt_edit(*self.range.start()),
                    fmt_edit(*self.range.end()),
                ))
            }
        }
    }

    /// The rail: drag, keys, screen reader; painted like egui's slider.
    fn rail_ui(mut self, ui: &mut Ui, size: egui::Vec2) -> Response {
        let (rect, mut response) = ui.allocate_exact_size(size, Sense::click_and_drag());
        let id = response.id;
        let before = *self.value;
        if response.double_clicked() {
            ui.data_mut(|d| d.remove::<Drag>(id));
            let text = fmt_edit(*self.value);
            let typing = Typing {
                text,
                error: None,
                focus: true,
            };
            ui.data_mut(|d| d.insert_temp(id, typing));
            // The field replaces the rail from the next frame on.
            ui.ctx().request_repaint();
        } else {
            self.drag(ui, &response);
        }
        self.keys(ui, &response);
        if let Some(v) = accesskit_value(ui, id) {
            *self.value = v;
        }
        if before.to_bits() != self.value.to_bits() {
            response.mark_changed();
        }
        let value = *self.value;
        response.widget_info(|| WidgetInfo::slider(ui.is_enabled(), value, ""));
        let (lo, hi) = (*self.range.start(), *self.range.end());
        ui.ctx().accesskit_node_builder(id, |node| {
            use egui::accesskit::Action;
            node.set_min_numeric_value(lo);
            node.set_max_numeric_value(hi);
            node.add_action(Action::SetValue);
            node.add_action(Action::Increment);
            node.add_action(Action::Decrement);
        });
        if ui.is_rect_visible(rect) {
            paint(ui, rect, &response, self.fraction(value));
        }
        response
    }

    /// Follow a drag: the value it started from times ten to the points
    /// gone over [`PX_PER_DECADE`] (each point a tenth with Shift).
    fn drag(&mut self, ui: &Ui, response: &Response) {
        let id = response.id;
        let pointer = ui.input(|i| i.pointer.interact_pos());
        if !response.dragged() {
            ui.data_mut(|d| d.remove::<Drag>(id));
            return;
        }
        let Some(at) = pointer else { return };
        let mut drag = ui.data(|d| d.get_temp::<Drag>(id)).unwrap_or_else(|| Drag {
            start: *self.value,
            travelled: 0.0,
            last_x: ui.input(|i| i.pointer.press_origin()).map_or(at.x, |p| p.x),
        });
        let dx = f64::from(at.x - drag.last_x);
        if dx != 0.0 {
            let fine = ui.input(|i| i.modifiers.shift);
            drag.travelled += if fine { dx / FINE } else { dx };
            drag.last_x = at.x;
            *self.value = self.moved(drag.start, drag.travelled / PX_PER_DECADE);
        }
        ui.data_mut(|d| d.insert_temp(id, drag));
    }

    /// Arrow keys while focused, and a screen reader's increments.
    fn keys(&mut self, ui: &Ui, response: &Response) {
        let mut steps = 0i32;
        if response.has_focus() {
            let arrows = egui::EventFilter {
                horizontal_arrows: true,
                ..Default::default()
            };
            ui.memory_mut(|m| m.set_focus_lock_filter(response.id, arrows));
            steps += ui.input(|i| {
                i.num_presses(Key::ArrowRight) as i32 - i.num_presses(Key::ArrowLeft) as i32
            });
        }
        steps += ui.input(|i| {
            use egui::accesskit::Action;
            i.num_accesskit_action_requests(response.id, Action::Increment) as i32
                - i.num_accesskit_action_requests(response.id, Action::Decrement) as i32
        });
        if steps != 0 {
            let fine = if ui.input(|i| i.modifiers.shift) {
                FINE
            } else {
                1.0
            };
            *self.value = self.moved(*self.value, f64::from(steps) * STEP_DECADES / fine);
        }
    }

    /// The field of a value being typed, in the rail's place, with the
    /// reason a value was refused under it. Enter takes a valid value,
    /// Escape or a click elsewhere closes it.
    fn typing_ui(self, ui: &mut Ui, id: Id, mut t: Typing, size: egui::Vec2) -> Response {
        let edit_id = id.with("typed");
        let response = ui
            .vertical(|ui| {
                let r = ui.add_sized(size, TextEdit::singleline(&mut t.text).id(edit_id));
                if let Some(e) = &t.error {
                    ui.set_max_width(size.x.max(120.0));
                    ui.label(
                        RichText::new(e)
                            .size(super::SMALL_TEXT)
                            .color(ui.visuals().error_fg_color),
                    );
                }
                r
            })
            .inner;
        if std::mem::take(&mut t.focus) {
            response.request_focus();
            if let Some(mut state) = egui::text_edit::TextEditState::load(ui.ctx(), edit_id) {
                let all = egui::text::CCursorRange::select_all_str(&t.text);
                state.cursor.set_char_range(Some(all));
                state.store(ui.ctx(), edit_id);
            }
        }
        let enter = response.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
        let mut response =
            response.on_hover_text("Enter takes the value, Escape keeps the old one");
        if enter {
            match self.check(&t.text) {
                Ok(v) => {
                    *self.value = v;
                    response.mark_changed();
                    ui.data_mut(|d| d.remove::<Typing>(id));
                    ui.ctx().request_repaint();
                    return response;
                }
                Err(e) => {
                    t.error = Some(e);
                    t.focus = true;
                }
            }
        } else if response.lost_focus() {
            ui.data_mut(|d| d.remove::<Typing>(id));
            ui.ctx().request_repaint();
            return response;
        }
        ui.data_mut(|d| d.insert_temp(id, t));
        response
    }
}

impl Widget for LogSlider<'_> {
    fn ui(self, ui: &mut Ui) -> Response {
        let thickness = ui
            .text_style_height(&egui::TextStyle::Body)
            .max(ui.spacing().interact_size.y);
        let size = vec2(ui.spacing().slider_width, thickness);
        // The rail's id, whether the rail or the typing field is shown.
        let id = ui.next_auto_id();
        match ui.data(|d| d.get_temp::<Typing>(id)) {
            Some(t) => {
                ui.skip_ahead_auto_ids(1);
                self.typing_ui(ui, id, t, size)
            }
            None => self.rail_ui(ui, size),
        }
    }
}

/// The value a screen reader asked for this frame, if any.
fn accesskit_value(ui: &Ui, id: Id) -> Option<f64> {
    use egui::accesskit::{Action, ActionData};
    ui.input(|i| {
        i.accesskit_action_requests(id, Action::SetValue)
            .filter_map(|r| match r.data {
                Some(ActionData::NumericValue(v)) => Some(v),
                _ => None,
            })
            .last()
    })
}

/// The rail and the handle at `fraction` of it, as egui paints a slider.
fn paint(ui: &Ui, rect: Rect, response: &Response, fraction: f32) {
    let widgets = &ui.visuals().widgets;
    let rail_half = (ui.spacing().slider_rail_height / 2.0).max(0.0);
    let rail = Rect::from_min_max(
        pos2(rect.left(), rect.center().y - rail_half),
        pos2(rect.right(), rect.center().y + rail_half),
    );
    let corner = widgets.inactive.corner_radius;
    ui.painter()
        .rect_filled(rail, corner, widgets.inactive.bg_fill);
    let radius = rect.height() / 2.5;
    let half_width = match ui.visuals().handle_shape {
        egui::style::HandleShape::Circle => radius,
        egui::style::HandleShape::Rect { aspect_ratio } => radius * aspect_ratio,
    };
    let x = egui::lerp(
        (rect.left() + half_width)..=(rect.right() - half_width),
        fraction,
    );
    if ui.visuals().slider_trailing_fill {
        let mut fill = rail;
        fill.max.x = x;
        ui.painter()
            .rect_filled(fill, corner, ui.visuals().selection.bg_fill);
    }
    let v = ui.style().interact(response);
    let center = pos2(x, rail.center().y);
    match ui.visuals().handle_shape {
        egui::style::HandleShape::Circle => {
            ui.painter()
                .circle(center, radius + v.expansion, v.bg_fill, v.fg_stroke);
        }
        egui::style::HandleShape::Rect { .. } => {
            let r = Rect::from_center_size(center, vec2(2.0 * half_width, 2.0 * radius));
            ui.painter().rect(
                r.expand(v.expansion),
                v.corner_radius,
                v.bg_fill,
                v.fg_stroke,
                egui::StrokeKind::Inside,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_values_are_checked_against_the_range() {
        let mut v = 1.0;
        let ps = Range::new(1e-6, 1e6, "ps");
        let s = LogSlider::new(&mut v, 0.01..=1000.0)
            .limits(Some(&ps))
            .unit("ps");
        assert_eq!(s.check(" 2.5 ps "), Ok(2.5));
        // Beyond the slider's rail, within the parameter's range.
        assert_eq!(s.check("5000"), Ok(5000.0));
        let e = s.check("5e9").unwrap_err();
        assert!(e.starts_with("5e9: must be between"), "{e}");
        assert!(e.ends_with("ps"), "{e}");
        assert_eq!(s.check("fast").unwrap_err(), "`fast` is not a number");
        assert!(s.check("NaN").is_err());

        let threads = Range::new(1.0, 64.0, "threads").whole();
        let s = LogSlider::new(&mut v, 1.0..=64.0).limits(Some(&threads));
        assert!(s.check("3.5").unwrap_err().contains("whole number"));
        let watts = Range::new(1.0, 1000.0, "W").or_zero();
        let s = LogSlider::new(&mut v, 0.0..=1000.0).limits(Some(&watts));
        assert_eq!(s.check("0"), Ok(0.0));

        // Without a parameter's range, the slider's.
        let s = LogSlider::new(&mut v, 1.0..=100.0).unit("blocks");
        assert_eq!(
            s.check("200").unwrap_err(),
            "200: must be between 1 and 100 blocks"
        );
    }

    #[test]
    fn a_drag_moves_by_decades_and_stays_on_the_rail() {
        let mut v = 1.0;
        let s = LogSlider::new(&mut v, 0.01..=1000.0);
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9 * b.abs().max(1.0);
        assert!(close(s.moved(1.0, 1.0), 10.0));
        assert!(close(s.moved(2.0, -0.5), 2.0 / 10f64.sqrt()));
        assert_eq!(s.moved(1.0, 9.0), 1000.0);
        assert_eq!(s.moved(1.0, -9.0), 0.01);
        assert_eq!(s.fraction(0.01), 0.0);
        assert_eq!(s.fraction(1000.0), 1.0);
        assert!((s.fraction(1.0) - 0.4).abs() < 1e-6);
        // A range from 0: its left end is 0, the drag starts at its
        // lowest positive point.
        let s = LogSlider::new(&mut v, 0.0..=1000.0);
        assert_eq!(s.moved(0.5, -3.0), 0.0);
        assert!(close(s.moved(0.0, 1.0), 0.1));
        assert_eq!(s.fraction(0.0), 0.0);
    }
}

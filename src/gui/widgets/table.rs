//! A table of text whose columns share the area's width until a person
//! widens or narrows one by dragging the line after its header; scrolled
//! sideways when dragged wider than its area and down when it is longer (only the rows in view are laid
//! out); a cell cut short by its column shows its whole text on hover.
//! The widths are kept in egui's memory under the table's id, so they
//! last while the window is open and are saved with it.

use eframe::egui::{
    Align, CursorIcon, Id, Label, Layout, Rect, RichText, ScrollArea, Sense, Ui, UiBuilder, pos2,
    vec2,
};

/// Narrowest a column is dragged to, points.
const MIN_WIDTH: f32 = 32.0;
/// Space between two columns, points; the resize line sits in its middle.
const GAP: f32 = 12.0;

/// A column: its title (with the unit of its values), what it holds (on
/// hover) and its width before any resizing, points.
#[derive(Clone, Copy, Debug)]
pub struct Column {
    pub title: &'static str,
    pub tip: &'static str,
    pub width: f32,
}

/// One cell: its text and, where it says more, a text shown on hover.
#[derive(Clone, Debug, Default)]
pub struct Cell {
    pub text: RichText,
    pub hover: Option<String>,
}

impl Cell {
    pub fn new(text: impl Into<RichText>) -> Cell {
        Cell {
            text: text.into(),
            hover: None,
        }
    }

    /// The cell with `hover` shown when the pointer rests on it.
    pub fn hover(mut self, hover: impl Into<String>) -> Cell {
        self.hover = Some(hover.into());
        self
    }
}

/// The table `id_salt` of `columns` and `rows` rows, `cell(row, column)`
/// giving each cell (asked for the rows in view only).
pub fn table_ui(
    ui: &mut Ui,
    id_salt: &str,
    columns: &[Column],
    rows: usize,
    cell: impl Fn(usize, usize) -> Cell,
) {
    let id = ui.make_persistent_id(id_salt);
    // Until a person drags a column, the columns share the area's width
    // in the proportions of their first widths: every column in sight.
    let room = ui.available_width() - 16.0;
    let mut widths: Vec<f32> = ui
        .data_mut(|d| d.get_persisted::<Vec<f32>>(id))
        .filter(|w| w.len() == columns.len())
        .unwrap_or_else(|| fitted_widths(columns, room));
    let before = widths.clone();
    let row_height = ui.spacing().interact_size.y;
    ScrollArea::horizontal()
        .id_salt(id.with("across"))
        .auto_shrink([false, false])
        .show(ui, |ui| {
            header_ui(ui, id, columns, &mut widths, row_height);
            let total = total_width(&widths);
            ScrollArea::vertical()
                .id_salt(id.with("down"))
                .auto_shrink([false, false])
                .show_rows(ui, row_height, rows, |ui, shown| {
                    ui.set_min_width(total);
                    for r in shown {
                        row_ui(ui, (id, r), &widths, row_height, &cell);
                    }
                });
        });
    if widths != before {
        ui.data_mut(|d| d.insert_persisted(id, widths));
    }
}

/// The columns' first widths scaled down to `room` points where they
/// are wider together (never under [`MIN_WIDTH`]).
fn fitted_widths(columns: &[Column], room: f32) -> Vec<f32> {
    let first: Vec<f32> = columns.iter().map(|c| c.width).collect();
    let total = total_width(&first);
    if total <= room || room <= 0.0 {
        return first;
    }
    let scale = (room - GAP * columns.len() as f32).max(0.0) / (total - GAP * columns.len() as f32);
    first.iter().map(|w| (w * scale).max(MIN_WIDTH)).collect()
}

/// The width of the columns with the gaps after them.
fn total_width(widths: &[f32]) -> f32 {
    widths.iter().map(|w| w + GAP).sum()
}

/// The titles, each with its resize line after it.
fn header_ui(ui: &mut Ui, id: Id, columns: &[Column], widths: &mut [f32], height: f32) {
    let (rect, _) = ui.allocate_exact_size(vec2(total_width(widths), height), Sense::hover());
    let mut x = rect.left();
    for (k, c) in columns.iter().enumerate() {
        let cell = Rect::from_min_size(pos2(x, rect.top()), vec2(widths[k], height));
        let title = RichText::new(c.title).strong();
        in_cell(ui, id.with(("title", k)), cell, |ui| {
            ui.add(Label::new(title).truncate())
                .on_hover_text(format!("{}\n{}", c.title, c.tip));
        });
        let line_x = cell.right() + GAP / 2.0;
        let grip = Rect::from_x_y_ranges((line_x - 4.0)..=(line_x + 4.0), rect.y_range());
        let drag = ui
            .interact(grip, id.with(("resize", k)), Sense::drag())
            .on_hover_text(format!("Drag to widen or narrow “{}”", c.title));
        if drag.dragged() {
            widths[k] = (widths[k] + drag.drag_delta().x).max(MIN_WIDTH);
        }
        let active = drag.hovered() || drag.dragged();
        if active {
            ui.ctx().set_cursor_icon(CursorIcon::ResizeColumn);
        }
        let stroke = if active {
            ui.visuals().widgets.hovered.fg_stroke
        } else {
            ui.visuals().widgets.noninteractive.bg_stroke
        };
        ui.painter().vline(line_x, rect.y_range(), stroke);
        x += widths[k] + GAP;
    }
}

/// Row `r`, striped, its cells cut to their columns.
fn row_ui(
    ui: &mut Ui,
    (id, r): (Id, usize),
    widths: &[f32],
    height: f32,
    cell: &impl Fn(usize, usize) -> Cell,
) {
    let (rect, _) = ui.allocate_exact_size(vec2(total_width(widths), height), Sense::hover());
    if r % 2 == 1 {
        ui.painter()
            .rect_filled(rect, 0.0, ui.visuals().faint_bg_color);
    }
    let mut x = rect.left();
    for (k, w) in widths.iter().enumerate() {
        let area = Rect::from_min_size(pos2(x, rect.top()), vec2(*w, height));
        let c = cell(r, k);
        in_cell(ui, id.with(("cell", r, k)), area, |ui| {
            let shown = ui.add(Label::new(c.text).truncate());
            if let Some(h) = c.hover {
                shown.on_hover_text(h);
            }
        });
        x += w + GAP;
    }
}

/// `add` in a child of `ui` that fills `area` from the left, clipped to it.
fn in_cell(ui: &mut Ui, id: Id, area: Rect, add: impl FnOnce(&mut Ui)) {
    let mut child = ui.new_child(
        UiBuilder::new()
            .id_salt(id)
            .max_rect(area)
            .layout(Layout::left_to_right(Align::Center)),
    );
    child.set_clip_rect(area.intersect(ui.clip_rect()));
    child.set_max_width(area.width());
    add(&mut child);
}

//! The paper check's table: a striped grid in a scroll area, the status
//! coloured, the reason in its own column (cut short, whole on hover).

use eframe::egui::{self, Color32, Grid, Label, RichText, ScrollArea, Ui};

use hetscope_core::paper_check::{Row, Status, counts_line};

/// Green, amber or grey by status.
pub fn status_color(ui: &Ui, s: Status) -> Color32 {
    match s {
        Status::Reproduced => {
            if ui.visuals().dark_mode {
                Color32::from_rgb(110, 200, 120)
            } else {
                Color32::from_rgb(20, 120, 40)
            }
        }
        Status::Differs => ui.visuals().warn_fg_color,
        Status::NotComputable => ui.visuals().weak_text_color(),
    }
}

const HEADER: [&str; 8] = [
    "Paper",
    "Where",
    "Quantity",
    "Printed",
    "hetscope",
    "Rel. diff",
    "Status",
    "Reason",
];

/// Width of the reason column, px (the whole reason shows on hover).
const REASON_WIDTH: f32 = 420.0;

/// Widths of the long text columns (whole text on hover), so that the
/// values and the status stay in view.
const PLACE_WIDTH: f32 = 150.0;
const QUANTITY_WIDTH: f32 = 300.0;
const PRINTED_WIDTH: f32 = 120.0;

/// The counts of the rows shown, then the table.
pub fn table_ui(ui: &mut Ui, rows: &[&Row]) {
    ui.strong(counts_line(rows.iter().copied()));
    ui.add_space(4.0);
    ScrollArea::both()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            Grid::new("paper_check_table")
                .striped(true)
                .num_columns(HEADER.len())
                .spacing([12.0, 4.0])
                .show(ui, |ui| {
                    for h in HEADER {
                        ui.label(RichText::new(h).strong());
                    }
                    ui.end_row();
                    for r in rows {
                        row_ui(ui, r);
                    }
                });
        });
}

fn row_ui(ui: &mut Ui, r: &Row) {
    ui.label(r.paper.title());
    cell_ui(ui, &r.place, PLACE_WIDTH);
    cell_ui(ui, &r.quantity, QUANTITY_WIDTH);
    cell_ui(ui, &r.printed.text, PRINTED_WIDTH);
    let computed = match (&r.unit, r.computed_text()) {
        (Some(u), t) if !t.is_empty() && u != "%" => format!("{t} {u}"),
        (_, t) => t,
    };
    cell_ui(ui, &computed, PRINTED_WIDTH);
    ui.label(
        r.rel_diff()
            .map_or(String::new(), |d| format!("{:+.1}%", 100.0 * d)),
    );
    let color = status_color(ui, r.status);
    ui.label(RichText::new(r.status.key()).color(color).strong())
        .on_hover_text(&r.reason);
    cell_ui(ui, &r.reason, REASON_WIDTH);
    ui.end_row();
}

/// Text in a column of `width`, left-aligned, cut with an ellipsis; the
/// whole text on hover.
fn cell_ui(ui: &mut Ui, text: &str, width: f32) {
    let size = egui::vec2(width, ui.spacing().interact_size.y);
    ui.allocate_ui_with_layout(
        size,
        egui::Layout::left_to_right(egui::Align::Center),
        |ui| {
            ui.set_max_width(width);
            ui.add(Label::new(text).truncate()).on_hover_text(text);
        },
    );
}

//! The paper check's table: a striped grid in a scroll area, the status
//! coloured, the reason in its own column (cut short, whole on hover).

use eframe::egui::{Color32, Grid, Label, RichText, ScrollArea, Ui};

use crate::paper_check::{Row, Status, counts_line};

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
    ui.label(&r.place);
    ui.label(&r.quantity);
    ui.label(&r.printed.text);
    let computed = match (&r.unit, r.computed_text()) {
        (Some(u), t) if !t.is_empty() && u != "%" => format!("{t} {u}"),
        (_, t) => t,
    };
    ui.label(computed);
    ui.label(
        r.rel_diff()
            .map_or(String::new(), |d| format!("{:+.1}%", 100.0 * d)),
    );
    let color = status_color(ui, r.status);
    ui.label(RichText::new(r.status.key()).color(color).strong())
        .on_hover_text(&r.reason);
    ui.add_sized(
        [REASON_WIDTH, ui.spacing().interact_size.y],
        Label::new(&r.reason).truncate(),
    )
    .on_hover_text(&r.reason);
    ui.end_row();
}

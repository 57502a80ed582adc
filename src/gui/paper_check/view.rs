//! The paper check's table: resizable columns (drag the line after a
//! header), scrolled sideways and down, striped, the status coloured; a
//! cell cut short by its column shows its whole text on hover.

use eframe::egui::{Color32, RichText, Ui};

use crate::gui::widgets::table::{Cell, Column, table_ui};
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

/// The columns and their first widths, points: the long texts (place,
/// quantity, reason) narrower than they need so that the values and the
/// status stay in view; each widens by a drag, or shows whole on hover.
const COLUMNS: [Column; 8] = [
    Column {
        title: "Paper",
        tip: "The paper that prints the number",
        width: 90.0,
    },
    Column {
        title: "Where",
        tip: "Where the paper prints it: section, table, figure, equation",
        width: 150.0,
    },
    Column {
        title: "Quantity",
        tip: "What the number is",
        width: 300.0,
    },
    Column {
        title: "Printed",
        tip: "The value as the paper prints it, with its unit",
        width: 120.0,
    },
    Column {
        title: "hetscope",
        tip: "The value hetscope computes, with its unit",
        width: 120.0,
    },
    Column {
        title: "Rel. diff (%)",
        tip: "(hetscope - printed) / printed, percent",
        width: 80.0,
    },
    Column {
        title: "Status",
        tip: "reproduced, differs or not computable (the side panel says what each means)",
        width: 110.0,
    },
    Column {
        title: "Reason",
        tip: "The reading used, or why the value differs",
        width: 420.0,
    },
];

/// The counts of the rows shown, then the table.
pub fn table_ui_of(ui: &mut Ui, rows: &[&Row]) {
    ui.strong(counts_line(rows.iter().copied()));
    ui.add_space(4.0);
    let colors = Status::ALL.map(|s| (s, status_color(ui, s)));
    table_ui(ui, "paper_check_table", &COLUMNS, rows.len(), |r, k| {
        cell(rows[r], k, &colors)
    });
}

/// Column `k` of row `r`.
fn cell(r: &Row, k: usize, colors: &[(Status, Color32)]) -> Cell {
    match k {
        0 => Cell::new(r.paper.title()),
        1 => Cell::new(&r.place),
        2 => Cell::new(&r.quantity),
        3 => Cell::new(&r.printed.text),
        4 => Cell::new(match (&r.unit, r.computed_text()) {
            (Some(u), t) if !t.is_empty() && u != "%" => format!("{t} {u}"),
            (_, t) => t,
        }),
        5 => Cell::new(
            r.rel_diff()
                .map_or(String::new(), |d| format!("{:+.1}", 100.0 * d)),
        ),
        6 => {
            let color = colors
                .iter()
                .find(|(s, _)| *s == r.status)
                .map_or(Color32::GRAY, |(_, c)| *c);
            Cell::new(RichText::new(r.status.key()).color(color).strong()).hover(&r.reason)
        }
        _ => Cell::new(&r.reason),
    }
}

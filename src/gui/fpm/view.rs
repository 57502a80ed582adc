//! Central area of the FPM views: the chart, and under the times view the
//! partition table (after the FPM paper's Table III), solved with the
//! figure.

use eframe::egui::{self, RichText, Ui};

use crate::gui::widgets::rgb;
use hetscope_core::fpm::FpmScenario;
use hetscope_figure::fpm::{self, fmt_size};
use hetscope_figure::{Figure, View};
use hetscope_model::format::fmt_sig;

pub fn fpm_view_ui(
    ui: &mut Ui,
    state: &FpmScenario,
    view: View,
    fig: &Figure,
    table: Option<&fpm::FpmTable>,
) {
    if view == View::FpmTimes
        && let Some(t) = table
    {
        let rows = t.devices.len() as f32 + 4.0;
        let want = rows * (ui.text_style_height(&egui::TextStyle::Body) + 8.0) + 30.0;
        let size = want.min(ui.available_height() * 0.38);
        egui::Panel::bottom("fpm_partition_table")
            .resizable(true)
            .min_size(size)
            .default_size(size)
            .show(ui, |ui| {
                egui::ScrollArea::both().show(ui, |ui| {
                    table_ui(ui, state, t);
                });
            });
    }
    match fig {
        Figure::Chart(c) => crate::gui::chart_view::chart_ui(ui, c),
        Figure::Pair(p) => crate::gui::chart_view::chart_pair_ui(ui, p),
        _ => {
            ui.label("Not an FPM figure.");
        }
    }
}

/// Devices down, and per method the share and the predicted time.
fn table_ui(ui: &mut Ui, state: &FpmScenario, t: &fpm::FpmTable) {
    let (unit, t_unit, cols) = (&t.size_unit, &t.time_unit, &t.columns);
    ui.strong(format!(
        "Partition of n = {} {unit}: share x_i ({unit}) and predicted time x_i / s_i(x_i) ({t_unit})",
        fmt_size(state.n_units, state.integer)
    ));
    egui::Grid::new("fpm_partition_grid")
        .striped(true)
        .num_columns(1 + 2 * cols.len())
        .spacing([14.0, 3.0])
        .show(ui, |ui| {
            ui.strong("Device");
            for c in cols {
                ui.label(RichText::new(&c.method).strong().color(rgb(c.color)));
                ui.label("");
            }
            ui.end_row();
            ui.label("");
            for _ in cols {
                ui.weak(format!("share ({unit})"));
                ui.weak(format!("time ({t_unit})"));
            }
            ui.end_row();
            for (k, name) in t.devices.iter().enumerate() {
                ui.label(name);
                for c in cols {
                    let (x, t) = c.cells.get(k).copied().unwrap_or((f64::NAN, f64::NAN));
                    ui.label(fmt_size(x, state.integer));
                    ui.label(fmt_sig(t));
                }
                ui.end_row();
            }
            ui.strong("all");
            for c in cols {
                let total: f64 = c.cells.iter().map(|v| v.0).sum();
                let makespan = c.cells.iter().map(|v| v.1).fold(0.0f64, f64::max);
                ui.strong(fmt_size(total, state.integer));
                ui.strong(format!("max {}", fmt_sig(makespan)));
            }
            ui.end_row();
        });
}

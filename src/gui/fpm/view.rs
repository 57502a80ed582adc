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
                egui::ScrollArea::vertical().show(ui, |ui| {
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

/// Per method a block (devices down, the share and the predicted time
/// across), the blocks side by side where the area is wide enough and
/// wrapped under each other where it is not.
fn table_ui(ui: &mut Ui, state: &FpmScenario, t: &fpm::FpmTable) {
    let (unit, t_unit) = (&t.size_unit, &t.time_unit);
    ui.add(
        egui::Label::new(RichText::new(format!(
            "Partition of n = {} {unit}: share x_i ({unit}) and predicted time x_i / s_i(x_i) ({t_unit})",
            fmt_size(state.n_units, state.integer)
        ))
        .strong())
        .wrap(),
    );
    let per_row = ((ui.available_width() / block_width(ui, t)).floor() as usize).max(1);
    for (r, row) in t.columns.chunks(per_row).enumerate() {
        ui.horizontal_top(|ui| {
            for (j, c) in row.iter().enumerate() {
                ui.group(|ui| {
                    ui.vertical(|ui| method_block_ui(ui, state, t, (r * per_row + j, c)));
                });
            }
        });
    }
}

/// About how wide one method's block is: the longest device name, two
/// numbers and the spacing, points.
fn block_width(ui: &Ui, t: &fpm::FpmTable) -> f32 {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let width = |s: &str| {
        ui.painter()
            .layout_no_wrap(s.to_string(), font.clone(), egui::Color32::WHITE)
            .size()
            .x
    };
    let name = t
        .devices
        .iter()
        .map(|d| width(d))
        .fold(width("Device"), f32::max);
    let share = width(&format!("share ({})", t.size_unit)).max(width("00000000"));
    let time = width(&format!("time ({})", t.time_unit)).max(width("max 00.000"));
    name + share + time + 2.0 * 14.0 + 2.0 * ui.spacing().window_margin.leftf() + 24.0
}

/// One method's block of [`table_ui`].
fn method_block_ui(
    ui: &mut Ui,
    state: &FpmScenario,
    t: &fpm::FpmTable,
    (i, c): (usize, &fpm::TableColumn),
) {
    let (unit, t_unit) = (&t.size_unit, &t.time_unit);
    ui.label(RichText::new(&c.method).strong().color(rgb(c.color)));
    egui::Grid::new(("fpm_partition_grid", i))
        .striped(true)
        .num_columns(3)
        .spacing([14.0, 3.0])
        .show(ui, |ui| {
            ui.strong("Device");
            ui.weak(format!("share ({unit})"));
            ui.weak(format!("time ({t_unit})"));
            ui.end_row();
            for (k, name) in t.devices.iter().enumerate() {
                let (x, time) = c.cells.get(k).copied().unwrap_or((f64::NAN, f64::NAN));
                ui.label(name);
                ui.label(fmt_size(x, state.integer));
                ui.label(fmt_sig(time));
                ui.end_row();
            }
            let total: f64 = c.cells.iter().map(|v| v.0).sum();
            let makespan = c.cells.iter().map(|v| v.1).fold(0.0f64, f64::max);
            ui.strong("all");
            ui.strong(fmt_size(total, state.integer));
            ui.strong(format!("max {}", fmt_sig(makespan)));
            ui.end_row();
        });
}

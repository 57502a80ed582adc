//! Draws any [`ChartFigure`] with egui_plot (placeholder).

use eframe::egui::Ui;

use crate::figure::ChartFigure;

pub fn show(ui: &mut Ui, fig: &ChartFigure) {
    ui.heading(&fig.title);
}

//! Central area of the boat hull views: the chart, with its hover readout,
//! the readout at the chosen f and the notes, all from the figure.

use eframe::egui::Ui;

use hetscope_figure::ChartFigure;

pub fn boathull_view_ui(ui: &mut Ui, fig: &ChartFigure) {
    crate::gui::chart_view::chart_ui(ui, fig);
}

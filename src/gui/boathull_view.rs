//! Central area of the boat hull views: the chart (with its hover
//! readout), the readout at the chosen f and the notes, all from the
//! figure.

use eframe::egui::Ui;

use super::boathull_state::BoathullState;
use crate::figure::{ChartFigure, View};

pub fn show(ui: &mut Ui, _state: &mut BoathullState, _view: View, fig: &ChartFigure) {
    super::chart_view::show(ui, fig);
}

//! Central area of the boathull views: the chart and its readouts.

use eframe::egui::Ui;

use super::boathull_state::BoathullState;
use crate::figure::{ChartFigure, View};

pub fn show(ui: &mut Ui, _state: &mut BoathullState, _view: View, fig: &ChartFigure) {
    super::chart_view::show(ui, fig);
}

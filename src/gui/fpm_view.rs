//! Central area of the fpm views: the chart and its readouts.

use eframe::egui::Ui;

use super::fpm_state::FpmState;
use crate::figure::{ChartFigure, View};

pub fn show(ui: &mut Ui, _state: &mut FpmState, _view: View, fig: &ChartFigure) {
    super::chart_view::show(ui, fig);
}

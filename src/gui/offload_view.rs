//! Central area of the offload views: the chart and its readouts.

use eframe::egui::Ui;

use super::offload_state::OffloadState;
use crate::figure::{ChartFigure, View};

pub fn show(ui: &mut Ui, _state: &mut OffloadState, _view: View, fig: &ChartFigure) {
    super::chart_view::show(ui, fig);
}

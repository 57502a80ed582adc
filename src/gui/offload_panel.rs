//! Side panel of the offload views.

use eframe::egui::Ui;

use super::app::HetscopeApp;

pub fn show(ui: &mut Ui, _app: &mut HetscopeApp) {
    ui.label("Offload");
}

//! The platform picker at the top of the window: one CPU+GPU platform for
//! every model's tab.

use eframe::egui::{self, Ui};

use crate::preset::Catalog;

/// The picker; returns the id of a platform the user chose this frame.
pub fn platform_bar_ui(ui: &mut Ui, catalog: &Catalog, current: &Option<String>) -> Option<String> {
    let mut chosen = None;
    ui.horizontal(|ui| {
        let text = current
            .as_deref()
            .and_then(|id| catalog.platform(id))
            .map_or("(each model's own presets)".to_string(), |(e, _)| e.name.clone());
        egui::ComboBox::from_label("Platform for every model")
            .selected_text(text)
            .width(360.0)
            .show_ui(ui, |ui| {
                for (e, p) in catalog.platforms() {
                    let selected = current.as_deref() == Some(e.id.as_str());
                    if ui
                        .selectable_label(selected, &e.name)
                        .on_hover_text(format!("{}\n\n{}", p.source, p.notes))
                        .clicked()
                    {
                        chosen = Some(e.id.clone());
                    }
                }
            })
            .response
            .on_hover_text(
                "One CPU+GPU platform for every model: each model takes its paper's presets where the platform names them, else parameters derived from the platform's spec sheets. Each model's own controls still fine-tune it.",
            );
    });
    chosen
}

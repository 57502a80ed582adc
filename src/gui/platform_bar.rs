//! The platform picker at the top of the window: one CPU+GPU platform for
//! every model's tab.

use eframe::egui::{self, Ui};

use hetscope_preset::Catalog;

/// What the user did in the bar this frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BarAction {
    /// Chose this platform.
    Use(String),
    /// Asked for the platform's own values back.
    Reset,
}

/// The name of the catalog platform `key`, or of the platform file `key`
/// names.
pub fn platform_label(catalog: &Catalog, key: &str) -> String {
    match catalog.platform(key) {
        Some((e, _)) => e.name.clone(),
        None => {
            let name = std::path::Path::new(key).file_name();
            format!("file: {}", name.map_or(key.into(), |n| n.to_string_lossy()))
        }
    }
}

/// The picker and its Reset button.
pub fn platform_bar_ui(
    ui: &mut Ui,
    catalog: &Catalog,
    current: &Option<String>,
) -> Option<BarAction> {
    let mut chosen = None;
    ui.horizontal(|ui| {
        let text = current.as_deref().map_or_else(
            || "(each model's own presets)".to_string(),
            |key| platform_label(catalog, key),
        );
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
                        chosen = Some(BarAction::Use(e.id.clone()));
                    }
                }
            })
            .response
            .on_hover_text(
                "One CPU+GPU platform for every model: each model takes its paper's presets where the platform names them, else parameters derived from the platform's spec sheets. Each model's own controls still fine-tune it, and the fine-tuning is kept per platform.",
            );
        if ui
            .add_enabled(current.is_some(), egui::Button::new("Reset platform"))
            .on_hover_text("Every model back to this platform's own values (drops your fine-tuning of it)")
            .clicked()
        {
            chosen = Some(BarAction::Reset);
        }
    });
    chosen
}

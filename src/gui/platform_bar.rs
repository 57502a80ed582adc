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
    /// Asked for each model's paper's own presets (no platform).
    Papers,
}

/// The picker's entry for each model's paper's own presets.
pub const PAPERS_ENTRY: &str = "(each model's paper presets)";

/// The name of the catalog platform `key`, or the name the platform file
/// `key` gives itself (a measured machine is called the same in every
/// picker, the title and the status line); the file's name where it
/// cannot be read.
pub fn platform_label(catalog: &Catalog, key: &str) -> String {
    match catalog.platform(key) {
        Some((e, _)) => e.name.clone(),
        None => file_platform_name(catalog, key),
    }
}

/// The name of the platform in file `path` (or of the what-if platform
/// `path` names), read once per change of the file (pickers ask every
/// frame).
fn file_platform_name(catalog: &Catalog, path: &str) -> String {
    use std::collections::HashMap;
    use std::sync::Mutex;
    use std::time::SystemTime;
    type Names = HashMap<String, (Option<SystemTime>, String)>;
    static NAMES: Mutex<Option<Names>> = Mutex::new(None);
    let modified = std::fs::metadata(path).and_then(|m| m.modified()).ok();
    let mut names = NAMES.lock().unwrap_or_else(|e| e.into_inner());
    let names = names.get_or_insert_with(HashMap::new);
    if let Some((when, name)) = names.get(path)
        && *when == modified
    {
        return name.clone();
    }
    let read = if hetscope_preset::platform::what_if::WhatIf::parse(path).is_some() {
        hetscope_preset::platform::platform_choice(path, catalog).map(|c| c.preset)
    } else {
        hetscope_preset::platform::load_platform_file(std::path::Path::new(path))
    };
    let name = match read {
        Ok(p) => p.name,
        Err(_) => {
            let file = std::path::Path::new(path).file_name();
            format!(
                "file: {}",
                file.map_or(path.into(), |n| n.to_string_lossy())
            )
        }
    };
    names.insert(path.to_string(), (modified, name.clone()));
    name
}

/// The picker and its Reset button.
pub fn platform_bar_ui(
    ui: &mut Ui,
    catalog: &Catalog,
    current: &Option<String>,
) -> Option<BarAction> {
    let mut chosen = None;
    ui.horizontal(|ui| {
        let text = current
            .as_deref()
            .map_or_else(|| PAPERS_ENTRY.to_string(), |key| platform_label(catalog, key));
        egui::ComboBox::from_label("Platform for every model")
            .selected_text(text)
            .width(360.0)
            .show_ui(ui, |ui| {
                if ui
                    .selectable_label(current.is_none(), PAPERS_ENTRY)
                    .on_hover_text("Each model on the machines of its own paper (PerDome's i7 2600K + GTX 750, the boat hull's GTX470 and i7-930, the FPM paper's hybrid node, the offload paper's POWER9 + V100)")
                    .clicked()
                {
                    chosen = Some(BarAction::Papers);
                }
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

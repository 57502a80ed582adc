//! The chooser a dropped folder of several StarPU codelets or hosts
//! opens in the FPM panel: a codelet, one of its hosts, and a button that
//! takes that model's workers as the devices (a partition is of one
//! codelet on one machine).

use std::path::{Path, PathBuf};

use eframe::egui::{self, Button, Ui};

use super::FpmUi;
use crate::gui::context::ViewContext;
use crate::gui::model_ui::Editing;

/// The folder, its codelets with their hosts, and the choice.
pub struct StarpuChooser {
    folder: PathBuf,
    codelets: Vec<(String, Vec<String>)>,
    codelet: usize,
    host: usize,
}

impl StarpuChooser {
    pub fn new(folder: &Path, codelets: Vec<(String, Vec<String>)>) -> Self {
        StarpuChooser {
            folder: folder.to_path_buf(),
            codelets,
            codelet: 0,
            host: 0,
        }
    }

    /// The chosen codelet and host.
    fn chosen(&self) -> Option<(&str, &str)> {
        let (symbol, hosts) = self.codelets.get(self.codelet)?;
        Some((symbol, hosts.get(self.host)?))
    }
}

/// The chooser, where a folder opened one: codelet and host pickers,
/// "Use these workers" and "Close".
pub fn starpu_chooser_ui(ui: &mut Ui, m: &mut Editing<'_, FpmUi>, ctx: &mut ViewContext<'_>) {
    let Some(c) = &mut m.ui.starpu_chooser else {
        return;
    };
    let mut take = None;
    let mut close = false;
    ui.group(|ui| {
        ui.label(format!(
            "StarPU models in {}: a partition is of one codelet on one machine",
            c.folder.display()
        ));
        let before = c.codelet;
        egui::ComboBox::from_label("Codelet")
            .selected_text(c.codelets[c.codelet].0.as_str())
            .show_ui(ui, |ui| {
                for (k, (symbol, hosts)) in c.codelets.iter().enumerate() {
                    ui.selectable_value(&mut c.codelet, k, symbol.as_str())
                        .on_hover_text(format!("hosts: {}", hosts.join(", ")));
                }
            });
        if c.codelet != before {
            c.host = 0;
        }
        let hosts = &c.codelets[c.codelet].1;
        egui::ComboBox::from_label("Host")
            .selected_text(hosts.get(c.host).map_or("", String::as_str))
            .show_ui(ui, |ui| {
                for (k, host) in hosts.iter().enumerate() {
                    ui.selectable_value(&mut c.host, k, host.as_str());
                }
            });
        ui.horizontal(|ui| {
            let chosen = c.chosen().map(|(s, h)| (s.to_string(), h.to_string()));
            if ui
                .add_enabled(chosen.is_some(), Button::new("Use these workers"))
                .on_hover_text("The chosen codelet's workers on the chosen host become the devices (beside devices of the same unit, else in their place)")
                .clicked()
            {
                take = chosen.map(|(s, h)| (c.folder.clone(), s, h));
            }
            close = ui.button("Close").clicked();
        });
    });
    if let Some((folder, symbol, host)) = take {
        m.load_starpu_chosen(&folder, &symbol, &host, ctx.status);
    }
    if close {
        m.ui.starpu_chooser = None;
    }
}

//! The side panel's "Model against measurement" section: the measured
//! files the first platform's models are compared with (the view of that
//! name draws them), added by path or all of the shipped H100 node's at
//! once, each removable.

use eframe::egui::{self, Ui};

use super::OverviewUi;
use crate::gui::context::ViewContext;
use crate::gui::model_ui::Editing;
use hetscope_core::shipped::{H100_MEASUREMENTS, find};

/// The section (open at first).
pub fn measured_files_ui(ui: &mut Ui, m: &mut Editing<'_, OverviewUi>, ctx: &mut ViewContext<'_>) {
    egui::CollapsingHeader::new("Measured files to compare with")
        .default_open(true)
        .show(ui, |ui| {
            ui.label(
                egui::RichText::new(
                    "Measured files the platform's models are compared with: offload speedups, \
                     boat hull times, PerDome partitions, energy runs, speed functions.",
                )
                .weak(),
            );
            let files = &mut m.state.measured;
            let mut remove = None;
            for (i, f) in files.iter().enumerate() {
                ui.horizontal(|ui| {
                    if ui.small_button("Remove").clicked() {
                        remove = Some(i);
                    }
                    let name = std::path::Path::new(f).file_name();
                    ui.label(name.map_or(f.clone(), |n| n.to_string_lossy().into_owned()))
                        .on_hover_text(f);
                });
            }
            if let Some(i) = remove {
                files.remove(i);
            }
            add_row_ui(ui, m, ctx);
        });
}

fn add_row_ui(ui: &mut Ui, m: &mut Editing<'_, OverviewUi>, ctx: &mut ViewContext<'_>) {
    ui.horizontal(|ui| {
        let label = ui.label("File");
        let edit = ui
            .add(egui::TextEdit::singleline(&mut m.ui.measured_path).desired_width(180.0))
            .labelled_by(label.id)
            .on_hover_text("Path of a measured CSV; Enter or Add");
        let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if ui.button("Add").clicked() || enter {
            let path = m.ui.measured_path.trim().to_string();
            if !std::path::Path::new(&path).is_file() {
                ctx.status.error(format!("No file at '{path}'"));
            } else if !m.state.measured.contains(&path) {
                m.state.measured.push(path);
                m.ui.measured_path.clear();
            }
        }
    });
    let shipped: Vec<String> = H100_MEASUREMENTS
        .iter()
        .filter_map(|f| find(f))
        .map(|p| p.display().to_string())
        .collect();
    let button = ui
        .add_enabled(
            !shipped.is_empty(),
            egui::Button::new("Use the shipped H100 measurements"),
        )
        .on_hover_text("The measured H100 node's offload, boat hull, PerDome and energy files")
        .on_disabled_hover_text(
            "The shipped measurements (assets/data/h100-*.csv) are neither under the working \
             folder nor beside the program: add them by path above",
        );
    if button.clicked() {
        for f in shipped {
            if !m.state.measured.contains(&f) {
                m.state.measured.push(f);
            }
        }
        ctx.status
            .info("Comparing with the shipped H100 measurements (best on the H100 node platform).");
    }
}

//! The measured curve of the boat hull side panel: a typed path, Load
//! (the file is read and checked once, on Load or Enter) and Clear, with
//! the last error in red.

use std::path::Path;

use eframe::egui::{self, TextEdit, Ui};

use super::BoathullUi;
use crate::gui::app::file_name;
use crate::gui::context::{StatusLine, ViewContext};
use crate::gui::model_ui::Editing;

/// "Measured curve: [path] Load / Clear", what is loaded and the error.
pub(super) fn measured_section_ui(
    ui: &mut Ui,
    m: &mut Editing<'_, BoathullUi>,
    ctx: &mut ViewContext<'_>,
) {
    ui.strong("Measured times");
    ui.horizontal(|ui| {
        let label = ui.label("Measured curve");
        let edit = ui
            .add(
                TextEdit::singleline(&mut m.state.measured_path)
                    .hint_text("path/to/measured.csv")
                    .desired_width(190.0),
            )
            .labelled_by(label.id)
            .on_hover_text(
                "CSV with columns f, time_s, processor (optional: class, variant, kind = cpu or gpu); press Enter or Load",
            );
        let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if ui.button("Load").clicked() || enter {
            let path = m.state.measured_path.trim().to_string();
            if path.is_empty() {
                m.ui.measured_error = Some("Type the path of a CSV file first.".into());
            } else {
                m.load_measured(Path::new(&path), ctx.status);
            }
        }
        if ui
            .add_enabled(m.state.measured.is_some(), egui::Button::new("Clear"))
            .on_hover_text("Stop drawing the measured times")
            .clicked()
        {
            m.state.measured = None;
            m.ui.measured_error = None;
        }
    });
    if let Some(c) = &m.state.measured {
        ui.label(format!(
            "{}: {} points of {}",
            c.data().file,
            c.data().points.len(),
            c.data().processors().join(", ")
        ))
        .on_hover_text(
            "Drawn over the time-against-complexity view for the view's class, each processor against the view's processor of its kind (kind column, the word GPU or CPU, else the names' shared words).",
        );
    }
    if let Some(e) = &m.ui.measured_error {
        ui.colored_label(ui.visuals().error_fg_color, e);
    }
}

impl Editing<'_, BoathullUi> {
    /// Load a measured curve. On failure the loaded curve stays and the
    /// panel and the status line name the file, line and column.
    pub fn load_measured(&mut self, path: &Path, status: &mut StatusLine) -> bool {
        match hetscope_core::boathull::load_measured(path) {
            Ok(c) => {
                let n = c.data().points.len();
                self.state.measured = Some(c);
                self.ui.measured_error = None;
                status.info(format!("Loaded {} ({n} measured points)", file_name(path)));
                true
            }
            Err(e) => {
                let msg = format!("Could not load the measured curve: {e}");
                self.ui.measured_error = Some(msg.clone());
                status.error(msg);
                false
            }
        }
    }
}

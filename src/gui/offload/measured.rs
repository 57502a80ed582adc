//! Measured offload speedups in the window: the side panel's "Measured
//! speedups" row (path, Load, Browse, Clear, the file's error), the file
//! read once per load into the scenario (`hetscope_core::offload::
//! load_measured`, as the command line reads it), and the file of a state
//! saved when it held the path alone, read again at start-up.

use std::path::Path;

use eframe::egui::{self, TextEdit, Ui};
use serde::Deserialize;

use super::OffloadUi;
use crate::gui::app::file_name;
use crate::gui::context::ViewContext;
use crate::gui::dialog::FileDialog;
use crate::gui::model_ui::Editing;
use hetscope_core::offload::{OffloadScenario, load_measured};

/// The row's messages: what it asks for, and why the last file could
/// not be read (its measurements are then not drawn).
#[derive(Default)]
pub(super) struct MeasuredRow {
    /// A message of the row (no path typed).
    note: Option<String>,
    error: Option<String>,
}

/// Load the file `path` into `s`: it becomes the scenario's, read
/// afresh; the status line says how it went.
fn load(s: &mut OffloadScenario, row: &mut MeasuredRow, path: &str, ctx: &mut ViewContext<'_>) {
    let path = path.trim().to_string();
    if path.is_empty() {
        row.note = Some("Type the path of a CSV file first.".into());
        return;
    }
    row.note = None;
    s.measured_path = path.clone();
    match load_measured(Path::new(&path), ctx.catalog) {
        Ok(m) => {
            let (file, runs) = (&m.data().file, m.data().runs.len());
            ctx.status
                .info(format!("Loaded {file} ({runs} measured runs)"));
            s.measured = Some(m);
            row.error = None;
        }
        Err(e) => {
            ctx.status
                .error(format!("Could not load the measurements: {e}"));
            s.measured = None;
            row.error = Some(e.to_string());
        }
    }
}

/// The path of the measured-speedup file a saved record names when it
/// is of the form that kept the path alone (`measured: Some("<path>")`).
fn saved_path(record: &str) -> Option<String> {
    #[derive(Deserialize)]
    struct PathOnly {
        #[serde(default)]
        measured: Option<String>,
    }
    ron::from_str::<PathOnly>(record).ok()?.measured
}

/// Read again the file of a record that kept its path alone: the path
/// becomes the typed one, and the file is loaded as by Load.
pub(super) fn reload_saved_path(
    m: &mut Editing<'_, OffloadUi>,
    record: &str,
    ctx: &mut ViewContext<'_>,
) {
    if let Some(path) = saved_path(record) {
        load(m.state, &mut m.ui.measured_row, &path, ctx);
    }
}

/// Pick a CSV in a dialog on a thread, then load it.
fn browse(egui_ctx: &egui::Context, ctx: &mut ViewContext<'_>) {
    let dialog = FileDialog::open("Load measured offload speedups", ("CSV", "csv"));
    let started = crate::gui::model_ui::pick_file_for::<OffloadUi>(
        ctx.jobs,
        egui_ctx,
        dialog,
        |m, path, vc| {
            let path = path.display().to_string();
            load(m.state, &mut m.ui.measured_row, &path, vc);
        },
    );
    if let Err(e) = started {
        ctx.status.error(e);
    }
}

/// "Measured speedups: [path] Load Browse Clear", with the file's error
/// in red and, when loaded, which file is drawn.
pub(super) fn measured_ui(
    ui: &mut Ui,
    s: &mut OffloadScenario,
    row: &mut MeasuredRow,
    ctx: &mut ViewContext<'_>,
) {
    ui.strong("Measured speedups");
    let mut load_typed = false;
    ui.horizontal(|ui| {
        let label = ui.label("CSV file");
        let edit = ui
            .add(
                TextEdit::singleline(&mut s.measured_path)
                    .hint_text("path/to/measured.csv")
                    .desired_width(170.0),
            )
            .labelled_by(label.id)
            .on_hover_text(
                "Columns kernel,n,threads and speedup or cpu_s,gpu_kernel_s,h2d_s,d2h_s; drawn beside the kernel suite's bars. Press Enter or Load",
            );
        load_typed = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        load_typed |= ui.button("Load").clicked();
        if ui
            .button("Browse…")
            .on_hover_text("Pick a CSV file in a dialog")
            .clicked()
        {
            browse(ui.ctx(), ctx);
        }
        let loaded = s.measured.is_some() || row.error.is_some();
        if ui
            .add_enabled(loaded, egui::Button::new("Clear"))
            .on_hover_text("Draw the predictions alone")
            .clicked()
        {
            s.measured = None;
            *row = MeasuredRow::default();
        }
    });
    if load_typed {
        let path = s.measured_path.clone();
        load(s, row, &path, ctx);
    }
    status_ui(ui, s, row);
}

/// The row's note and the loaded file's error in red, or which file is
/// drawn.
fn status_ui(ui: &mut Ui, s: &OffloadScenario, row: &MeasuredRow) {
    let red = ui.visuals().error_fg_color;
    if let Some(note) = &row.note {
        ui.colored_label(red, note);
    }
    if let Some(e) = &row.error {
        ui.colored_label(red, e);
    } else if let Some(m) = &s.measured {
        ui.label(format!(
            "Drawn in the kernel suite view: {}",
            file_name(Path::new(m.path()))
        ));
    }
}

//! Measured offload speedups in the window: reading a file into the
//! figure's [`MeasuredSuite`] (the command line reads it the same way),
//! the parsed file kept between input rebuilds, and the side panel's
//! "Measured speedups" row (path, Load, Browse, Clear, the file's error).

use std::cell::RefCell;
use std::path::Path;

use eframe::egui::{self, TextEdit, Ui};

use super::OffloadUi;
use super::state::OffloadState;
use crate::gui::app::file_name;
use crate::gui::context::ViewContext;
use crate::gui::dialog::FileDialog;
use hetscope_figure::offload::{MeasuredRun, MeasuredSuite, RunTimes};
use hetscope_preset::Catalog;
use hetscope_preset::offload::{MeasuredOffload, load_measured_offload};

/// The figure's measurements of a parsed file, named by `file` in the
/// legend and the notes.
pub fn measured_suite(m: &MeasuredOffload, file: &str) -> MeasuredSuite {
    MeasuredSuite {
        file: file.to_string(),
        runs: m
            .rows
            .iter()
            .map(|r| MeasuredRun {
                kernel: r.kernel.clone(),
                n: r.n,
                threads: r.threads,
                speedup: r.speedup,
                times: r.times.map(|t| RunTimes {
                    cpu_s: t.cpu_s,
                    kernel_s: t.gpu_kernel_s,
                    transfer_s: t.transfer_s(),
                }),
            })
            .collect(),
    }
}

/// Read a measured-speedup file (kernel names matched against `catalog`);
/// the error names the file, line and column.
pub fn read_measured(path: &Path, catalog: &Catalog) -> Result<MeasuredSuite, String> {
    load_measured_offload(path, catalog)
        .map(|m| measured_suite(&m, &file_name(path)))
        .map_err(|e| e.to_string())
}

/// The last file read: its path and what it gave.
pub struct Cached {
    path: String,
    result: Result<MeasuredSuite, String>,
}

/// The parsed file of the state's path, read once per path (Load reads
/// it again), and the row's message.
#[derive(Default)]
pub struct MeasuredFile {
    cache: RefCell<Option<Cached>>,
    /// A message of the row (no path typed).
    note: Option<String>,
}

impl MeasuredFile {
    /// The measurements of `path`, from the cache when it holds that path.
    pub fn get(&self, path: &str, catalog: &Catalog) -> Result<MeasuredSuite, String> {
        let mut slot = self.cache.borrow_mut();
        match slot.as_ref() {
            Some(c) if c.path == path => c.result.clone(),
            _ => {
                let result = read_measured(Path::new(path), catalog);
                *slot = Some(Cached {
                    path: path.to_string(),
                    result: result.clone(),
                });
                result
            }
        }
    }

    /// The error of the file `path`, when it is the one read and failed.
    pub fn error(&self, path: &str) -> Option<String> {
        let slot = self.cache.borrow();
        slot.as_ref()
            .filter(|c| c.path == path)
            .and_then(|c| c.result.as_ref().err().cloned())
    }

    /// Load the file `path` into `s`: it becomes the state's, read
    /// afresh; the status line says how it went.
    pub fn load(&mut self, s: &mut OffloadState, path: &str, ctx: &mut ViewContext<'_>) {
        let path = path.trim().to_string();
        if path.is_empty() {
            self.note = Some("Type the path of a CSV file first.".into());
            return;
        }
        self.note = None;
        s.measured_path = path.clone();
        *self.cache.borrow_mut() = None;
        match self.get(&path, ctx.catalog) {
            Ok(m) => ctx.status.info(format!(
                "Loaded {} ({} measured runs)",
                m.file,
                m.runs.len()
            )),
            Err(e) => ctx
                .status
                .error(format!("Could not load the measurements: {e}")),
        }
        s.measured = Some(path);
        s.measured_reload = s.measured_reload.wrapping_add(1);
    }
}

impl OffloadUi {
    /// The measurements of the state's loaded file, if any and readable.
    pub(super) fn measured(&self, catalog: &Catalog) -> Option<MeasuredSuite> {
        let path = self.state.measured.as_deref()?;
        self.measured_file.get(path, catalog).ok()
    }
}

/// Pick a CSV in a dialog on a thread, then load it.
fn browse(egui_ctx: &egui::Context, ctx: &mut ViewContext<'_>) {
    let dialog = FileDialog::open("Load measured offload speedups", ("CSV", "csv"));
    let started = crate::gui::model_ui::pick_file_for::<OffloadUi>(ctx.jobs, egui_ctx, dialog, |m, path, vc| {
            m.measured_file
                .load(&mut m.state, &path.display().to_string(), vc);
        });
    if let Err(e) = started {
        ctx.status.error(e);
    }
}

/// "Measured speedups: [path] Load Browse Clear", with the file's error
/// in red and, when loaded, which file is drawn.
pub(super) fn measured_ui(
    ui: &mut Ui,
    s: &mut OffloadState,
    file: &mut MeasuredFile,
    ctx: &mut ViewContext<'_>,
) {
    ui.strong("Measured speedups");
    let mut load = false;
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
        load = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        load |= ui.button("Load").clicked();
        if ui
            .button("Browse…")
            .on_hover_text("Pick a CSV file in a dialog")
            .clicked()
        {
            browse(ui.ctx(), ctx);
        }
        if ui
            .add_enabled(s.measured.is_some(), egui::Button::new("Clear"))
            .on_hover_text("Draw the predictions alone")
            .clicked()
        {
            s.measured = None;
            file.note = None;
        }
    });
    if load {
        let path = s.measured_path.clone();
        file.load(s, &path, ctx);
    }
    status_ui(ui, s, file);
}

/// The loaded file's error in red, or which file is drawn.
fn status_ui(ui: &mut Ui, s: &OffloadState, file: &MeasuredFile) {
    let red = ui.visuals().error_fg_color;
    if let Some(note) = &file.note {
        ui.colored_label(red, note);
    }
    let Some(path) = s.measured.as_deref() else {
        return;
    };
    match file.error(path) {
        Some(e) => {
            ui.colored_label(red, e);
        }
        None => {
            ui.label(format!(
                "Drawn in the kernel suite view: {}",
                file_name(Path::new(path))
            ));
        }
    }
}

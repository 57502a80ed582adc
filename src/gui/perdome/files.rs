//! Presets and files: built-in presets from the catalog, preset files
//! opened and saved through the dialogs, and the import of measured CSV
//! files (a measured platform and one workload per kernel).

use eframe::egui;
use std::path::Path;

use super::PerdomeUi;
use crate::gui::app::file_name;
use crate::gui::context::{StatusLine, ViewContext};
use crate::gui::dialog::FileDialog;
use crate::gui::model_ui::Editing;
use hetscope_preset::perdome::{ResolvedPlatform, WorkloadPreset};
use hetscope_preset::{self as preset, PresetError};

impl Editing<'_, PerdomeUi> {
    pub(crate) fn apply_platform(
        &mut self,
        r: ResolvedPlatform,
        preset_source: &str,
        file: Option<String>,
    ) {
        self.state.apply_platform(r, preset_source, file);
    }

    pub(crate) fn apply_workload(&mut self, id: &str, w: &WorkloadPreset, file: Option<String>) {
        self.state.apply_workload(id, w, file);
    }

    /// Use a built-in platform; returns false (and says why) if it fails.
    pub fn select_platform(&mut self, id: &str, ctx: &mut ViewContext<'_>) -> bool {
        let Some((entry, preset)) = ctx.catalog.platform(id) else {
            ctx.status
                .error(format!("There is no built-in platform `{id}`."));
            return false;
        };
        match preset.resolve(&entry.id, ctx.catalog, &entry.path) {
            Ok(r) => {
                let source = preset.source.clone();
                self.apply_platform(r, &source, None);
                ctx.status
                    .info(format!("Platform: {}", self.state.platform.chosen.name));
                true
            }
            Err(e) => {
                ctx.status
                    .error(format!("Could not use platform `{id}`: {e}"));
                false
            }
        }
    }

    /// Use a built-in workload; returns false (and says why) if it fails.
    pub fn select_workload(&mut self, id: &str, ctx: &mut ViewContext<'_>) -> bool {
        let Some((entry, w)) = ctx.catalog.workload(id) else {
            ctx.status
                .error(format!("There is no built-in workload `{id}`."));
            return false;
        };
        let (id, w) = (entry.id.clone(), w.clone());
        self.apply_workload(&id, &w, None);
        ctx.status.info(format!("Workload: {}", w.name));
        true
    }

    /// Load a platform preset file (what "Open…" does). On failure the
    /// previous platform stays and the status line names the file.
    pub fn load_platform_path(&mut self, path: &Path, ctx: &mut ViewContext<'_>) -> bool {
        let origin = path.display().to_string();
        let result = preset::perdome::load_platform_file(path).and_then(|p| {
            p.resolve(&preset::file_id(path), ctx.catalog, &origin)
                .map(|r| (p, r))
        });
        match result {
            Ok((p, r)) => {
                self.apply_platform(r, &p.source, Some(file_name(path)));
                ctx.status
                    .info(format!("Loaded platform {}", file_name(path)));
                true
            }
            Err(e) => {
                load_failed(path, &e, ctx.status);
                false
            }
        }
    }

    /// Load a workload preset file (what "Open…" does). On failure the
    /// previous workload stays and the status line names the file.
    pub fn load_workload_path(&mut self, path: &Path, status: &mut StatusLine) -> bool {
        match preset::perdome::load_workload_file(path) {
            Ok(w) => {
                self.apply_workload(&preset::file_id(path), &w, Some(file_name(path)));
                status.info(format!("Loaded workload {}", file_name(path)));
                true
            }
            Err(e) => {
                load_failed(path, &e, status);
                false
            }
        }
    }

    /// Save the current platform values as a preset file.
    pub fn save_platform_path(&mut self, path: &Path, status: &mut StatusLine) -> bool {
        let preset = self.state.platform.to_preset();
        saved(path, preset::perdome::save_platform(path, &preset), status)
    }

    /// Save the current workload (partitions and measurements) as a preset file.
    pub fn save_workload_path(&mut self, path: &Path, status: &mut StatusLine) -> bool {
        let preset = self.state.workload.to_preset();
        saved(path, preset::perdome::save_workload(path, &preset), status)
    }
}

fn load_failed(path: &Path, e: &PresetError, status: &mut StatusLine) {
    status.error(format!("Could not load {}: {e}", file_name(path)));
}

fn saved(path: &Path, r: Result<(), PresetError>, status: &mut StatusLine) -> bool {
    match r {
        Ok(()) => {
            status.info(format!("Saved {}", path.display()));
            true
        }
        Err(e) => {
            status.error(format!("Could not save {}: {e}", file_name(path)));
            false
        }
    }
}

impl Editing<'_, PerdomeUi> {
    /// Read a measured CSV, use its platform and its first workload, and
    /// offer the other workloads in the picker. On failure nothing changes
    /// and the status line names the file.
    pub fn import_csv_path(&mut self, path: &Path, ctx: &mut ViewContext<'_>) -> bool {
        let file = file_name(path);
        let origin = path.display().to_string();
        let id = preset::file_id(path);
        let name = format!("{id} (measured)");
        let result = preset::read_text(path)
            .and_then(|text| preset::perdome::import_measured_csv(&text, &origin, &id, &name))
            .and_then(|imp| {
                let r = imp
                    .platform
                    .resolve(&imp.platform_id, ctx.catalog, &origin)?;
                Ok((imp, r))
            });
        let (imp, resolved) = match result {
            Ok(v) => v,
            Err(e) => {
                ctx.status.error(format!("Could not import {file}: {e}"));
                return false;
            }
        };
        let Some((wid, w)) = imp.workloads.first().cloned() else {
            ctx.status
                .error(format!("Could not import {file}: it holds no workload"));
            return false;
        };
        self.apply_platform(resolved, &imp.platform.source, Some(file.clone()));
        self.apply_workload(&wid, &w, Some(file.clone()));
        let n = imp.workloads.len();
        self.state.imported = imp.workloads;
        self.state.imported_from = file.clone();
        ctx.status.info(format!(
            "Imported {file}: the measured platform and {n} workload{} (pick them under Workload)",
            if n == 1 { "" } else { "s" }
        ));
        true
    }
}

/// What a file chosen in a dialog of the side panel is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileAction {
    OpenPlatform,
    OpenWorkload,
    ImportCsv,
    SavePlatform,
    SaveWorkload,
}

impl Editing<'_, PerdomeUi> {
    /// Ask for a file for `action` with a dialog on a thread; the action
    /// runs when a file is chosen.
    pub fn ask_file(
        &self,
        action: FileAction,
        egui_ctx: &egui::Context,
        ctx: &mut ViewContext<'_>,
    ) {
        const RON: (&str, &str) = ("RON preset", "ron");
        let dialog = match action {
            FileAction::OpenPlatform => FileDialog::open("Open platform preset", RON),
            FileAction::OpenWorkload => FileDialog::open("Open workload preset", RON),
            FileAction::ImportCsv => FileDialog::open("Import measured CSV", ("CSV", "csv")),
            FileAction::SavePlatform => FileDialog::save(
                "Save platform preset",
                RON,
                format!("{}.ron", self.state.platform.chosen.id),
            ),
            FileAction::SaveWorkload => FileDialog::save(
                "Save workload preset",
                RON,
                format!("{}.ron", self.state.workload.chosen.id),
            ),
        };
        let started = crate::gui::model_ui::pick_file_for::<PerdomeUi>(
            ctx.jobs,
            egui_ctx,
            dialog,
            move |m, path, vc| {
                match action {
                    FileAction::OpenPlatform => m.load_platform_path(&path, vc),
                    FileAction::OpenWorkload => m.load_workload_path(&path, vc.status),
                    FileAction::ImportCsv => m.import_csv_path(&path, vc),
                    FileAction::SavePlatform => m.save_platform_path(&path, vc.status),
                    FileAction::SaveWorkload => m.save_workload_path(&path, vc.status),
                };
            },
        );
        if let Err(e) = started {
            ctx.status.error(e);
        }
    }
}

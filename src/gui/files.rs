//! Presets and files: built-in presets from the catalog, preset files
//! opened and saved through the dialogs, and the import of measured CSV
//! files (a measured platform and one workload per kernel).

use std::path::Path;

use super::app::{HetscopeApp, file_name};
use super::state::{Chosen, PlatformState, WorkloadState};
use crate::preset::{self, PresetError, ResolvedPlatform, WorkloadPreset};

impl HetscopeApp {
    pub(crate) fn apply_platform(
        &mut self,
        r: ResolvedPlatform,
        preset_source: &str,
        file: Option<String>,
    ) {
        self.state.platform = PlatformState {
            chosen: Chosen {
                id: r.id.clone(),
                name: r.name.clone(),
                file,
            },
            source: preset_source.to_string(),
            cpu_name: r.cpu.name.clone(),
            gpu_name: r.gpu.name.clone(),
            params: r.platform,
            loaded: r.platform,
        };
    }

    pub(crate) fn apply_workload(&mut self, id: &str, w: &WorkloadPreset, file: Option<String>) {
        let chosen = Chosen {
            id: id.to_string(),
            name: w.name.clone(),
            file,
        };
        self.state.workload = WorkloadState::from_preset(chosen, w);
    }

    /// Use a built-in platform; returns false (and says why) if it fails.
    pub fn select_platform(&mut self, id: &str) -> bool {
        let Some((entry, preset)) = self.catalog.platform(id) else {
            self.set_error(format!("There is no built-in platform `{id}`."));
            return false;
        };
        match preset.resolve(&entry.id, &self.catalog, &entry.path) {
            Ok(r) => {
                let source = preset.source.clone();
                self.apply_platform(r, &source, None);
                self.set_status(format!("Platform: {}", self.state.platform.chosen.name));
                true
            }
            Err(e) => {
                self.set_error(format!("Could not use platform `{id}`: {e}"));
                false
            }
        }
    }

    /// Use a built-in workload; returns false (and says why) if it fails.
    pub fn select_workload(&mut self, id: &str) -> bool {
        let Some((entry, w)) = self.catalog.workload(id) else {
            self.set_error(format!("There is no built-in workload `{id}`."));
            return false;
        };
        let (id, w) = (entry.id.clone(), w.clone());
        self.apply_workload(&id, &w, None);
        self.set_status(format!("Workload: {}", w.name));
        true
    }

    /// Load a platform preset file (what "Open…" does). On failure the
    /// previous platform stays and the status line names the file.
    pub fn load_platform_path(&mut self, path: &Path) -> bool {
        let origin = path.display().to_string();
        let result = preset::load_platform_file(path).and_then(|p| {
            p.resolve(&preset::file_id(path), &self.catalog, &origin)
                .map(|r| (p, r))
        });
        match result {
            Ok((p, r)) => {
                self.apply_platform(r, &p.source, Some(file_name(path)));
                self.set_status(format!("Loaded platform {}", file_name(path)));
                true
            }
            Err(e) => {
                self.load_failed(path, &e);
                false
            }
        }
    }

    /// Load a workload preset file (what "Open…" does). On failure the
    /// previous workload stays and the status line names the file.
    pub fn load_workload_path(&mut self, path: &Path) -> bool {
        match preset::load_workload_file(path) {
            Ok(w) => {
                self.apply_workload(&preset::file_id(path), &w, Some(file_name(path)));
                self.set_status(format!("Loaded workload {}", file_name(path)));
                true
            }
            Err(e) => {
                self.load_failed(path, &e);
                false
            }
        }
    }

    fn load_failed(&mut self, path: &Path, e: &PresetError) {
        self.set_error(format!("Could not load {}: {e}", file_name(path)));
    }

    /// Save the current platform values as a preset file.
    pub fn save_platform_path(&mut self, path: &Path) -> bool {
        let preset = self.state.platform.to_preset();
        self.saved(path, preset::save_platform(path, &preset))
    }

    /// Save the current workload (partitions and measurements) as a preset file.
    pub fn save_workload_path(&mut self, path: &Path) -> bool {
        let preset = self.state.workload.to_preset();
        self.saved(path, preset::save_workload(path, &preset))
    }

    fn saved(&mut self, path: &Path, r: Result<(), PresetError>) -> bool {
        match r {
            Ok(()) => {
                self.set_status(format!("Saved {}", path.display()));
                true
            }
            Err(e) => {
                self.set_error(format!("Could not save {}: {e}", file_name(path)));
                false
            }
        }
    }

    /// Import measured performance from a CSV file into the current
    /// workload (the rows of the current platform).
    pub fn import_csv_path(&mut self, path: &Path) -> bool {
        import_csv_path(self, path)
    }

    /// Restore the platform's parameters as loaded.
    pub fn reset_platform(&mut self) {
        self.state.platform.params = self.state.platform.loaded;
    }
}

/// Read a measured CSV, use its platform and its first workload, and offer
/// the other workloads in the picker. On failure nothing changes and the
/// status line names the file.
pub fn import_csv_path(app: &mut HetscopeApp, path: &Path) -> bool {
    let file = file_name(path);
    let origin = path.display().to_string();
    let id = preset::file_id(path);
    let name = format!("{id} (measured)");
    let result = preset::read_text(path)
        .and_then(|text| preset::import_measured_csv(&text, &origin, &id, &name))
        .and_then(|imp| {
            let r = imp
                .platform
                .resolve(&imp.platform_id, &app.catalog, &origin)?;
            Ok((imp, r))
        });
    let (imp, resolved) = match result {
        Ok(v) => v,
        Err(e) => {
            app.set_error(format!("Could not import {file}: {e}"));
            return false;
        }
    };
    let Some((wid, w)) = imp.workloads.first().cloned() else {
        app.set_error(format!("Could not import {file}: it holds no workload"));
        return false;
    };
    app.apply_platform(resolved, &imp.platform.source, Some(file.clone()));
    app.apply_workload(&wid, &w, Some(file.clone()));
    let n = imp.workloads.len();
    app.state.imported = imp.workloads;
    app.state.imported_from = file.clone();
    app.set_status(format!(
        "Imported {file}: the measured platform and {n} workload{} (pick them under Workload)",
        if n == 1 { "" } else { "s" }
    ));
    true
}

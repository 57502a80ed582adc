//! What the FPM panel's buttons do: speed functions loaded from and saved
//! to CSV files (through dialogs or a typed path), and a measurement of
//! this machine on a background thread with progress and cancel.

use hetscope_model::platform::Source;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use eframe::egui;

use super::FpmUi;
use super::measuring::Measuring;
use crate::gui::app::file_name;
use crate::gui::context::{StatusLine, ViewContext};
use crate::gui::dialog::FileDialog;
use crate::gui::model_ui::Editing;
use hetscope_core::fpm::measured_speed_csv;
use hetscope_measure::{self as measure, MeasureConfig, MeasureError};
use hetscope_preset::file_id;
use hetscope_preset::fpm::starpu::StarpuFilesError;
use hetscope_preset::fpm::{SpeedCsv, load_speed_csv, save_speed_csv};

impl Editing<'_, FpmUi> {
    /// Pick a CSV in a dialog on a thread, then load it.
    pub(super) fn browse(&self, egui_ctx: &egui::Context, ctx: &mut ViewContext<'_>) {
        let dialog = FileDialog::open("Load a speed function", CSV);
        let started = crate::gui::model_ui::pick_file_for::<FpmUi>(
            ctx.jobs,
            egui_ctx,
            dialog,
            |m, path, vc| {
                m.state.csv_path = path.display().to_string();
                m.load_csv(&path, vc.status);
            },
        );
        if let Err(e) = started {
            ctx.status.error(e);
        }
    }

    /// Ask where to save device `index` as a CSV, on a thread.
    pub(super) fn save_dialog(
        &self,
        egui_ctx: &egui::Context,
        ctx: &mut ViewContext<'_>,
        index: usize,
    ) {
        let Some(d) = self.state.devices.get(index) else {
            return;
        };
        let name = format!("{}.csv", file_stem_of(&d.name));
        let dialog = FileDialog::save("Save the speed function", CSV, name);
        let started = crate::gui::model_ui::pick_file_for::<FpmUi>(
            ctx.jobs,
            egui_ctx,
            dialog,
            move |m, path, vc| {
                m.save_csv(index, &path, vc.status);
            },
        );
        if let Err(e) = started {
            ctx.status.error(e);
        }
    }
}

/// The file type of speed functions.
const CSV: (&str, &str) = ("CSV", "csv");

/// A file name from a device name: letters, digits, '-' and '_'.
fn file_stem_of(name: &str) -> String {
    let s: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    let s = s.trim_matches('-').to_string();
    if s.is_empty() { "device".into() } else { s }
}

impl Editing<'_, FpmUi> {
    /// Save device `index` as a speed-function CSV (written atomically:
    /// a failed save leaves no partial file). Returns true on success.
    pub fn save_csv(&mut self, index: usize, path: &Path, status: &mut StatusLine) -> bool {
        let Some(d) = self.state.devices.get(index) else {
            status.error(format!("There is no device {} to save.", index + 1));
            return false;
        };
        let name = d.name.clone();
        match save_speed_csv(path, &SpeedCsv::from_device(d)) {
            Ok(()) => {
                status.info(format!("Saved {name} to {}", file_name(path)));
                true
            }
            Err(e) => {
                status.error(format!("Could not save {name}: {e}"));
                false
            }
        }
    }

    /// Load a speed-function CSV as a new device. On failure nothing
    /// changes and the panel and the status line say which file, line and
    /// column are wrong.
    pub fn load_csv(&mut self, path: &Path, status: &mut StatusLine) -> bool {
        match load_speed_csv(path) {
            Ok(csv) => {
                let d = csv.file_device(&file_id(path), &path.display().to_string());
                let n = csv.rows.len();
                self.state.add_device(d);
                self.ui.load_error = None;
                status.info(format!("Loaded {} ({n} points)", file_name(path)));
                true
            }
            Err(e) => {
                let msg = format!("Could not load the speed function {e}");
                self.ui.load_error = Some(msg.clone());
                status.error(msg);
                false
            }
        }
    }

    /// The workers of a StarPU model file, or of a folder of one
    /// codelet's models on one host, as devices: added to devices of the
    /// same unit, else in their place; the status line says which. A
    /// folder of several codelets or hosts opens the panel's chooser of
    /// them instead; any other refusal says why, changing nothing.
    pub fn load_starpu(&mut self, path: &Path, status: &mut StatusLine) -> bool {
        match self.take_starpu(path, None, None, status) {
            Err(e) if several(&e) => self.open_starpu_chooser(path, status),
            Err(e) => {
                self.starpu_refused(&e, status);
                false
            }
            Ok(()) => true,
        }
    }

    /// The workers of `symbol` on `host` of the models at `path`; the
    /// status line says what was taken, or why nothing.
    pub(super) fn load_starpu_chosen(
        &mut self,
        path: &Path,
        symbol: &str,
        host: &str,
        status: &mut StatusLine,
    ) {
        if let Err(e) = self.take_starpu(path, Some(symbol), Some(host), status) {
            self.starpu_refused(&e, status);
        }
    }

    fn take_starpu(
        &mut self,
        path: &Path,
        symbol: Option<&str>,
        host: Option<&str>,
        status: &mut StatusLine,
    ) -> Result<(), hetscope_core::CoreError> {
        let workers = hetscope_core::fpm::starpu::starpu_workers(path, symbol, host)?;
        let n = workers.devices.len();
        let unit = workers
            .devices
            .first()
            .map(|d| d.unit.clone())
            .unwrap_or_default();
        let replaced = self.state.take_devices(workers.devices);
        self.ui.load_error = None;
        self.ui.starpu_health = Some((workers.file, workers.health));
        let of = match (symbol, host) {
            (Some(s), Some(h)) => format!(" ({s} on {h})"),
            _ => String::new(),
        };
        status.info(format!(
            "{}{of}: {n} StarPU worker{} ({unit}) {}",
            file_name(path),
            if n == 1 { "" } else { "s" },
            if replaced {
                "in place of the devices of another unit"
            } else {
                "added to the devices"
            }
        ));
        Ok(())
    }

    /// The chooser of the codelets and hosts at `path`, opened on the
    /// first of each; the status line says to choose.
    fn open_starpu_chooser(&mut self, path: &Path, status: &mut StatusLine) -> bool {
        match hetscope_core::fpm::starpu::starpu_codelets(path) {
            Ok(codelets) if !codelets.is_empty() => {
                let hosts: usize = codelets.iter().map(|c| c.1.len()).sum();
                status.info(format!(
                    "{}: StarPU models of {} codelet{} ({hosts} model files): choose a codelet and a host in the FPM panel",
                    file_name(path),
                    codelets.len(),
                    if codelets.len() == 1 { "" } else { "s" },
                ));
                self.ui.starpu_chooser =
                    Some(super::starpu_chooser::StarpuChooser::new(path, codelets));
                true
            }
            Ok(_) => false,
            Err(e) => {
                self.starpu_refused(&e, status);
                false
            }
        }
    }

    fn starpu_refused(&mut self, e: &hetscope_core::CoreError, status: &mut StatusLine) {
        let msg = format!("StarPU models not used (nothing changed): {e}");
        self.ui.load_error = Some(msg.clone());
        status.error(msg);
    }

    /// Start measuring the chosen kernel on a background thread.
    pub fn start_measure(&mut self, egui_ctx: &egui::Context, ctx: &mut ViewContext<'_>) {
        if self.ui.measuring.is_some() {
            return;
        }
        let s = &self.state;
        let kernel = s.kernel;
        let mut cfg = MeasureConfig::new(kernel, s.threads);
        cfg.sizes = s.sizes.sizes(kernel);
        let label = format!(
            "{}, {} thread{}",
            kernel.key(),
            s.threads,
            if s.threads == 1 { "" } else { "s" }
        );
        let done = Arc::new(AtomicUsize::new(0));
        let cancel = Arc::new(AtomicBool::new(false));
        let (done2, cancel2, ctx2, name) = (
            done.clone(),
            cancel.clone(),
            egui_ctx.clone(),
            label.clone(),
        );
        let total = cfg.sizes.len();
        let work = move || {
            let mut progress = |_: &measure::Measurement| {
                done2.fetch_add(1, Ordering::Relaxed);
                ctx2.request_repaint();
            };
            measure::measure(&cfg, &mut progress, &cancel2).map(|ms| measured_speed_csv(&cfg, &ms))
        };
        let started = crate::gui::model_ui::spawn_for::<FpmUi, _>(
            ctx.jobs,
            egui_ctx,
            "measure",
            work,
            move |m, result, vc| m.measured(&name, result, vc.status),
        );
        match started {
            Ok(()) => {
                self.ui.measuring = Some(Measuring {
                    done,
                    total,
                    cancel,
                    label: label.clone(),
                });
                ctx.status.info(format!("Measuring {label}…"));
            }
            Err(e) => ctx.status.error(e),
        }
    }

    /// Ask the running measurement to stop.
    pub fn cancel_measure(&mut self) {
        if let Some(m) = &self.ui.measuring {
            m.cancel.store(true, Ordering::Relaxed);
        }
    }

    fn measured(
        &mut self,
        label: &str,
        result: Result<SpeedCsv, MeasureError>,
        status: &mut StatusLine,
    ) {
        self.ui.measuring = None;
        match result {
            Ok(csv) => {
                let n = csv.rows.len();
                let d = csv.to_device(
                    label,
                    Source::Measured("measured on this machine by hetscope".into()),
                );
                self.state.add_device(d);
                status.info(format!("Measured {label}: {n} sizes, added as a device"));
            }
            Err(MeasureError::Cancelled) => status.info("Measurement cancelled."),
            Err(e) => status.error(format!("Measurement failed: {e}")),
        }
    }
}

impl FpmUi {
    /// Whether a measurement is running.
    pub fn measuring(&self) -> bool {
        self.measuring.is_some()
    }
}

/// Whether `e` refuses a folder for holding several codelets or hosts.
fn several(e: &hetscope_core::CoreError) -> bool {
    matches!(
        e,
        hetscope_core::CoreError::Starpu(
            StarpuFilesError::SeveralSymbols { .. } | StarpuFilesError::SeveralHosts { .. }
        )
    )
}

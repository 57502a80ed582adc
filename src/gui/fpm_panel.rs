//! Side panel of the FPM views: the devices (add a built-in one, a CSV
//! file or a measurement of this machine; rename, contention, socket,
//! remove), the problem size n, the display options, and the measurement
//! with its progress bar and cancel button. Loading and measuring change
//! `state.fpm`; the app rebuilds the figure when its input changes.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use eframe::egui::{self, Button, DragValue, ProgressBar, RichText, TextEdit, Ui};

use super::app::{HetscopeApp, file_name};
use super::fpm_state::{FpmState, MeasureKernel, Measuring, SizesPreset, paper_devices};
use super::jobs::{Done, with_extension};
use super::side_panel::value_row;
use super::widgets::rgb;
use crate::figure::fpm::{FpmDevice, device_color};
use crate::measure::{self, MAX_THREADS, MeasureConfig, MeasureError};
use crate::preset::{SpeedCsv, file_id, load_speed_csv, save_speed_csv};

pub fn show(ui: &mut Ui, app: &mut HetscopeApp) {
    ui.spacing_mut().slider_width = 150.0;
    egui::ScrollArea::vertical().show(ui, |ui| {
        devices_section(ui, app);
        ui.separator();
        problem_section(ui, &mut app.state.fpm);
        ui.separator();
        measure_section(ui, app);
    });
}

fn devices_section(ui: &mut Ui, app: &mut HetscopeApp) {
    ui.heading("Devices");
    ui.weak("Speed functions s(x); the contention factor scales a device while another device of its socket works (socket 0: none).");
    let mut remove = None;
    let mut save = None;
    let fpm = &mut app.state.fpm;
    egui::Grid::new("fpm_devices")
        .num_columns(6)
        .spacing([6.0, 4.0])
        .striped(true)
        .show(ui, |ui| {
            ui.label("");
            ui.strong("Device");
            ui.strong("Contention");
            ui.strong("Socket");
            ui.label("");
            ui.label("");
            ui.end_row();
            for (i, d) in fpm.devices.iter_mut().enumerate() {
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
                ui.painter().rect_filled(rect, 2.0, rgb(device_color(i)));
                ui.add_sized(
                    [130.0, ui.spacing().interact_size.y],
                    TextEdit::singleline(&mut d.name),
                )
                .on_hover_text(device_tip(d));
                ui.add(
                    DragValue::new(&mut d.contention)
                        .range(0.05..=1.0)
                        .speed(0.005)
                        .max_decimals(3),
                )
                .on_hover_text("Speed factor while another device of the same socket has work (FPM paper, Section V: about 0.85 for a GPU next to busy cores); 1 = no loss");
                let mut socket = d.socket.unwrap_or(0);
                if ui
                    .add(DragValue::new(&mut socket).range(0..=64))
                    .on_hover_text("Devices with the same socket number share resources; 0 = alone")
                    .changed()
                {
                    d.socket = (socket > 0).then_some(socket);
                }
                if ui
                    .small_button("Save…")
                    .accessible_name(format!("Save {}", d.name))
                    .on_hover_text(format!(
                        "Save the speed function of {} as a CSV file (size,speed)",
                        d.name
                    ))
                    .clicked()
                {
                    save = Some(i);
                }
                if ui
                    .small_button("Remove")
                    .accessible_name(format!("Remove {}", d.name))
                    .on_hover_text(format!("Remove {}", d.name))
                    .clicked()
                {
                    remove = Some(i);
                }
                ui.end_row();
            }
        });
    if let Some(i) = remove {
        fpm.remove_device(i);
    }
    if let Some(i) = save {
        save_dialog(ui.ctx(), app, i);
    }
    ui.horizontal(|ui| {
        let mut pick = None;
        egui::ComboBox::from_label("Add built-in device")
            .selected_text("choose…")
            .show_ui(ui, |ui| {
                for (id, path) in crate::cli::fpm::builtin_devices() {
                    if ui
                        .selectable_label(false, &id)
                        .on_hover_text(path)
                        .clicked()
                    {
                        pick = Some(id);
                    }
                }
            });
        if let Some(id) = pick {
            match crate::cli::fpm::builtin_device_csv(&id) {
                Some(Ok(csv)) => {
                    let d = FpmDevice::from_csv(&id, &format!("built-in {id}"), &csv);
                    app.state.fpm.add_device(d);
                    app.set_status(format!("Added the built-in device {id}"));
                }
                Some(Err(e)) => app.set_error(format!("Could not read {id}: {e}")),
                None => app.set_error(format!("There is no built-in device {id}")),
            }
        }
    });
    if ui
        .button("Paper's hybrid node")
        .on_hover_text("Replace the devices by the FPM paper's G1, G2, 2 x S5 and 2 x S6 (Table III) at n = 3600 blocks")
        .clicked()
    {
        let fpm = &mut app.state.fpm;
        fpm.devices = paper_devices();
        fpm.n_units = crate::figure::fpm::PAPER_N;
        fpm.integer = true;
    }
    ui.add_space(4.0);
    ui.strong("Speed function from a CSV file");
    ui.horizontal(|ui| {
        let label = ui.label("CSV file");
        let edit = ui
            .add(
                TextEdit::singleline(&mut app.state.fpm.csv_path)
                    .hint_text("path/to/speed.csv")
                    .desired_width(210.0),
            )
            .labelled_by(label.id)
            .on_hover_text(
                "Columns size,speed (# max_size: N sets a memory limit); press Enter or Load",
            );
        let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if ui.button("Load").clicked() || enter {
            let path = app.state.fpm.csv_path.trim().to_string();
            if path.is_empty() {
                app.fpm_rt.load_error = Some("Type the path of a CSV file first.".into());
            } else {
                app.fpm_load_csv(Path::new(&path));
            }
        }
        if ui
            .button("Browse…")
            .on_hover_text("Pick a CSV file in a dialog")
            .clicked()
        {
            browse(ui.ctx(), app);
        }
    });
    if let Some(e) = &app.fpm_rt.load_error {
        ui.colored_label(ui.visuals().error_fg_color, e);
    }
}

fn device_tip(d: &FpmDevice) -> String {
    let mut t = format!("{}\n{} points, unit: {}", d.source, d.points.len(), d.unit);
    if let Some(l) = d.max_size_units {
        t.push_str(&format!("\nmemory limit: {l} {}", d.unit));
    }
    t
}

fn problem_section(ui: &mut Ui, s: &mut FpmState) {
    ui.heading("Problem size");
    let unit = s.unit();
    let (lo, hi) = s.n_range();
    egui::Grid::new("fpm_n")
        .num_columns(3)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            let label = format!("n ({unit})");
            let tip = "Total problem size to partition over the devices, in their computation unit";
            if value_row(ui, &label, tip, &mut s.n_units, lo..=hi, &unit) {
                s.round_n();
            }
        });
    if ui
        .checkbox(&mut s.integer, "Whole units (blocks)")
        .on_hover_text("Every share is a whole number of units, adding up to n (Table III counts 640 x 640 blocks)")
        .changed()
    {
        s.round_n();
    }
    ui.horizontal(|ui| {
        ui.label("Axes");
        ui.radio_value(&mut s.log_axes, true, "log");
        ui.radio_value(&mut s.log_axes, false, "linear");
    });
    ui.horizontal(|ui| {
        ui.label("Partitions");
        ui.checkbox(&mut s.show_even, "homogeneous")
            .on_hover_text("n / p units each");
        ui.checkbox(&mut s.show_cpm, "CPM").on_hover_text(
            "Shares in proportion to constant speeds, each measured at the even share",
        );
        ui.checkbox(&mut s.show_fpm, "FPM")
            .on_hover_text("Shares on the speed functions so that every device finishes together");
    });
}

fn measure_section(ui: &mut Ui, app: &mut HetscopeApp) {
    ui.heading("Measure this machine");
    ui.weak("Times a kernel over problem sizes and adds its speed function as a device; thread counts stand for devices.");
    let running = app.fpm_rt.measuring.is_some();
    let s = &mut app.state.fpm;
    ui.add_enabled_ui(!running, |ui| {
        ui.horizontal(|ui| {
            ui.label("Kernel");
            ui.radio_value(&mut s.kernel, MeasureKernel::Gemm, "gemm")
                .on_hover_text("C = A B of f64 matrices (compute bound); unit Mflop");
            ui.radio_value(&mut s.kernel, MeasureKernel::Triad, "triad")
                .on_hover_text("a = b + s c over f64 vectors (memory bound); unit M elements");
        });
        ui.horizontal(|ui| {
            let l = ui.label("Threads");
            ui.add(DragValue::new(&mut s.threads).range(1..=MAX_THREADS))
                .labelled_by(l.id);
            let kernel = s.kernel.kernel();
            egui::ComboBox::from_label("Sizes")
                .selected_text(s.sizes.title())
                .show_ui(ui, |ui| {
                    for p in SizesPreset::ALL {
                        let sizes: Vec<String> =
                            p.sizes(kernel).iter().map(|v| v.to_string()).collect();
                        ui.selectable_value(&mut s.sizes, p, p.title())
                            .on_hover_text(sizes.join(", "));
                    }
                });
        });
    });
    ui.horizontal(|ui| {
        if ui
            .add_enabled(!running, Button::new("Start measurement"))
            .on_hover_text("Runs on a background thread; the result becomes a new device")
            .clicked()
        {
            app.fpm_start_measure(ui.ctx());
        }
        if ui
            .add_enabled(running, Button::new("Cancel"))
            .on_hover_text("Stop after the current sample")
            .clicked()
        {
            app.fpm_cancel_measure();
        }
    });
    if let Some(m) = &app.fpm_rt.measuring {
        let done = m.done.load(Ordering::Relaxed);
        let cancelling = m.cancel.load(Ordering::Relaxed);
        let text = if cancelling {
            "cancelling…".to_string()
        } else {
            format!("{}: {done} of {} sizes", m.label, m.total)
        };
        ui.add(ProgressBar::new(m.fraction()).text(text).animate(true));
        ui.ctx().request_repaint_after(Duration::from_millis(100));
    } else {
        ui.label(RichText::new("Use a release build for meaningful speeds.").weak());
    }
}

/// Pick a CSV in a dialog on a thread, then load it.
fn browse(ctx: &egui::Context, app: &mut HetscopeApp) {
    let started = app.jobs.spawn(ctx, "dialog", move || {
        let path = rfd::FileDialog::new()
            .set_title("Load a speed function")
            .add_filter("CSV", &["csv"])
            .pick_file();
        Done::Apply(Box::new(move |app: &mut HetscopeApp| match path {
            Some(p) => {
                app.state.fpm.csv_path = p.display().to_string();
                app.fpm_load_csv(&p);
            }
            None => app.set_status("No file chosen."),
        }))
    });
    if let Err(e) = started {
        app.set_error(e);
    }
}

/// Ask where to save device `index` as a CSV, on a thread.
fn save_dialog(ctx: &egui::Context, app: &mut HetscopeApp, index: usize) {
    let Some(d) = app.state.fpm.devices.get(index) else {
        return;
    };
    let suggested = format!("{}.csv", file_stem_of(&d.name));
    let started = app.jobs.spawn(ctx, "dialog", move || {
        let path = rfd::FileDialog::new()
            .set_title("Save the speed function")
            .add_filter("CSV", &["csv"])
            .set_file_name(suggested)
            .save_file();
        Done::Apply(Box::new(move |app: &mut HetscopeApp| match path {
            Some(p) => {
                app.fpm_save_csv(index, &with_extension(p, "csv"));
            }
            None => app.set_status("No file chosen."),
        }))
    });
    if let Err(e) = started {
        app.set_error(e);
    }
}

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

impl HetscopeApp {
    /// Save device `index` as a speed-function CSV (written atomically:
    /// a failed save leaves no partial file). Returns true on success.
    pub fn fpm_save_csv(&mut self, index: usize, path: &Path) -> bool {
        let Some(d) = self.state.fpm.devices.get(index) else {
            self.set_error(format!("There is no device {} to save.", index + 1));
            return false;
        };
        let name = d.name.clone();
        match save_speed_csv(path, &d.to_csv()) {
            Ok(()) => {
                self.set_status(format!("Saved {name} to {}", file_name(path)));
                true
            }
            Err(e) => {
                self.set_error(format!("Could not save {name}: {e}"));
                false
            }
        }
    }

    /// Load a speed-function CSV as a new device. On failure nothing
    /// changes and the panel and the status line say which file, line and
    /// column are wrong.
    pub fn fpm_load_csv(&mut self, path: &Path) -> bool {
        match load_speed_csv(path) {
            Ok(csv) => {
                let d =
                    FpmDevice::from_csv(&file_id(path), &format!("file {}", path.display()), &csv);
                let n = csv.rows.len();
                self.state.fpm.add_device(d);
                self.fpm_rt.load_error = None;
                self.set_status(format!("Loaded {} ({n} points)", file_name(path)));
                true
            }
            Err(e) => {
                let msg = format!("Could not load the speed function {e}");
                self.fpm_rt.load_error = Some(msg.clone());
                self.set_error(msg);
                false
            }
        }
    }

    /// Whether a measurement is running.
    pub fn fpm_measuring(&self) -> bool {
        self.fpm_rt.measuring.is_some()
    }

    /// Start measuring the chosen kernel on a background thread.
    pub fn fpm_start_measure(&mut self, ctx: &egui::Context) {
        if self.fpm_rt.measuring.is_some() {
            return;
        }
        let s = &self.state.fpm;
        let kernel = s.kernel.kernel();
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
        let (done2, cancel2, ctx2, name) =
            (done.clone(), cancel.clone(), ctx.clone(), label.clone());
        let total = cfg.sizes.len();
        let started = self.jobs.spawn(ctx, "measure", move || {
            let mut progress = |_: &measure::Measurement| {
                done2.fetch_add(1, Ordering::Relaxed);
                ctx2.request_repaint();
            };
            let result = measure::measure(&cfg, &mut progress, &cancel2)
                .map(|ms| measure::to_speed_csv(&cfg, &ms));
            Done::Apply(Box::new(move |app: &mut HetscopeApp| {
                app.fpm_measured(&name, result)
            }))
        });
        match started {
            Ok(()) => {
                self.fpm_rt.measuring = Some(Measuring {
                    done,
                    total,
                    cancel,
                    label: label.clone(),
                });
                self.set_status(format!("Measuring {label}…"));
            }
            Err(e) => self.set_error(e),
        }
    }

    /// Ask the running measurement to stop.
    pub fn fpm_cancel_measure(&mut self) {
        if let Some(m) = &self.fpm_rt.measuring {
            m.cancel.store(true, Ordering::Relaxed);
        }
    }

    fn fpm_measured(&mut self, label: &str, result: Result<SpeedCsv, MeasureError>) {
        self.fpm_rt.measuring = None;
        match result {
            Ok(csv) => {
                let n = csv.rows.len();
                let d = FpmDevice::from_csv(label, "measured on this machine by hetscope", &csv);
                self.state.fpm.add_device(d);
                self.set_status(format!("Measured {label}: {n} sizes, added as a device"));
            }
            Err(MeasureError::Cancelled) => self.set_status("Measurement cancelled."),
            Err(e) => self.set_error(format!("Measurement failed: {e}")),
        }
    }
}

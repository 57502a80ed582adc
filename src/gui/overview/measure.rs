//! "Measure this machine" in the overview's side panel: this CPU measured
//! on a background thread (progress bar, Cancel), written as a processor
//! description and a platform with a catalog GPU (the files
//! `hetscope measure cpu --out-dir` writes), and the platform then used
//! by every model. The command line shares the speed functions
//! (`hetscope_core::fpm::speed_csvs`) and the writer.

use crate::gui::widgets::TypedCheck;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use eframe::egui::{self, Button, DragValue, ProgressBar, TextEdit, Ui};
use serde::{Deserialize, Serialize};

use super::OverviewUi;
use crate::gui::context::{Request, ViewContext};
use crate::gui::model_ui::Editing;
use hetscope_core::fpm::speed_csvs;
use hetscope_measure::cpu::{CpuMeasureConfig, STEPS, measure_cpu};
use hetscope_measure::{MAX_THREADS, MeasureError};
use hetscope_preset::platform::{MeasuredFiles, write_measured};

/// The settings of a measurement (saved with the overview).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MeasureSettings {
    pub quick: bool,
    pub threads: usize,
    /// The catalog GPU the platform pairs the CPU with.
    pub gpu: String,
    /// Folder of the files written.
    pub folder: String,
    /// The platform file the last measurement wrote.
    pub last: Option<String>,
    /// A catalog CPU spec sheet to compare the roofs with.
    pub spec: Option<String>,
    /// What the last measurement found (against the spec sheet).
    pub summary: String,
}

impl Default for MeasureSettings {
    fn default() -> Self {
        MeasureSettings {
            quick: true,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            gpu: "h100-sxm5".into(),
            folder: default_folder(),
            last: None,
            spec: None,
            summary: String::new(),
        }
    }
}

/// The app's data folder (`measured` in it), else the temporary folder.
fn default_folder() -> String {
    eframe::storage_dir("hetscope")
        .unwrap_or_else(std::env::temp_dir)
        .join("measured")
        .display()
        .to_string()
}

/// A measurement under way.
pub struct CpuMeasuring {
    /// The step running (index into [`STEPS`]).
    pub step: Arc<AtomicUsize>,
    pub cancel: Arc<AtomicBool>,
}

/// Why a measurement of this machine gave no platform.
#[derive(Debug, thiserror::Error)]
enum MeasureFailure {
    #[error("Measurement cancelled.")]
    Cancelled,
    #[error("Measuring this machine: {0}")]
    Measure(MeasureError),
    /// The folder for the files could not be made.
    #[error("{path}: {source}")]
    Folder {
        path: String,
        source: std::io::Error,
    },
    #[error(transparent)]
    Write(#[from] hetscope_preset::PresetError),
}

/// What a finished measurement gives: the files written and a summary.
type Outcome = Result<(MeasuredFiles, String), MeasureFailure>;

impl OverviewUi {
    /// Start measuring on a background thread.
    pub fn start_measure(&mut self, egui_ctx: &egui::Context, ctx: &mut ViewContext<'_>) {
        if self.measuring.is_some() {
            return;
        }
        let s = self.measure.clone();
        let cfg = match CpuMeasureConfig::new(s.quick, Some(s.threads)) {
            Ok(c) => c,
            Err(e) => return ctx.status.error(e),
        };
        let (step, cancel) = (
            Arc::new(AtomicUsize::new(0)),
            Arc::new(AtomicBool::new(false)),
        );
        let (step2, cancel2, repaint) = (step.clone(), cancel.clone(), egui_ctx.clone());
        let catalog = ctx.catalog.clone();
        let spec = s
            .spec
            .as_deref()
            .and_then(|id| catalog.cpu(id))
            .map(|e| e.1.clone());
        let work = move || -> Outcome {
            let mut progress = |k: usize, _: &str| {
                step2.store(k, Ordering::Relaxed);
                repaint.request_repaint();
            };
            let m = measure_cpu(&cfg, &mut progress, &cancel2).map_err(|e| match e {
                MeasureError::Cancelled => MeasureFailure::Cancelled,
                e => MeasureFailure::Measure(e),
            })?;
            let speed = speed_csvs(&m);
            let dir = PathBuf::from(&s.folder);
            std::fs::create_dir_all(&dir).map_err(|source| MeasureFailure::Folder {
                path: dir.display().to_string(),
                source,
            })?;
            let files =
                write_measured(&dir, "measured-cpu", &m.to_spec(), &s.gpu, &speed, &catalog)?;
            let one_triad = m.triad_by_threads.first().map_or(m.triad, |&(_, r)| r);
            let mut summary = format!(
                "FMA f32 {:.0} GFLOP/s ({:.0} on one thread), triad {:.1} GB/s ({:.1} on one thread), latency {:.0} ns",
                m.fma_f32.value,
                m.fma_f32_1t.value,
                m.triad.value,
                one_triad.value,
                m.latency.value
            );
            if let Some(sp) = &spec {
                summary.push_str(&format!(
                    "; of the {} sheet: {:.1} % of its peak, {:.1} % of its bandwidth",
                    sp.name,
                    100.0 * m.fma_f32.value / sp.peak_gflops(),
                    100.0 * m.triad.value / sp.mem_bw_gbs
                ));
            }
            Ok((files, summary))
        };
        let started = crate::gui::model_ui::spawn_for::<OverviewUi, _>(
            ctx.jobs,
            egui_ctx,
            "measure",
            work,
            |m, r, vc| m.ui.measured(r, vc),
        );
        match started {
            Ok(()) => {
                self.measuring = Some(CpuMeasuring { step, cancel });
                ctx.status.info("Measuring this machine…");
            }
            Err(e) => ctx.status.error(e),
        }
    }

    fn measured(&mut self, outcome: Outcome, ctx: &mut ViewContext<'_>) {
        self.measuring = None;
        match outcome {
            Ok((files, summary)) => {
                let platform = files.platform.display().to_string();
                ctx.status.info(format!(
                    "Measured this machine ({summary}): {} and {}; every model now uses it.",
                    files.cpu.display(),
                    platform
                ));
                self.measure.last = Some(platform.clone());
                self.measure.summary = summary;
                ctx.requests.push(Request::UsePlatform(platform));
            }
            Err(MeasureFailure::Cancelled) => {
                ctx.status.info(MeasureFailure::Cancelled.to_string())
            }
            Err(why) => ctx.status.error(why),
        }
    }
}

/// The section: settings, Measure and Cancel, the progress bar.
/// Where the measured files go; a long path wraps in its field rather
/// than run out of sight.
fn folder_ui(ui: &mut Ui, folder: &mut String) {
    ui.horizontal_top(|ui| {
        let l = ui.label("Folder");
        let field = TextEdit::multiline(folder)
            .desired_rows(1)
            .desired_width(ui.available_width().clamp(120.0, 260.0));
        ui.add(field)
            .labelled_by(l.id)
            .on_hover_text("Where measured-cpu.ron, the platform and the speed functions go");
    });
}

pub fn measure_ui(ui: &mut Ui, m: &mut Editing<'_, OverviewUi>, ctx: &mut ViewContext<'_>) {
    ui.heading("Measure this machine");
    ui.weak("Times this CPU's FMA peak, memory, cache and strided bandwidth, latency and speed functions, and makes a platform of it with a GPU of the catalog.");
    let running = m.ui.measuring.is_some();
    let s = &mut m.ui.measure;
    ui.add_enabled_ui(!running, |ui| {
        ui.horizontal(|ui| {
            ui.checkbox(&mut s.quick, "Quick").on_hover_text(
                "Short runs (seconds) with a larger spread; off: up to a minute, stable",
            );
            let l = ui.label("Threads");
            let check = TypedCheck::new("measure threads", 1.0..=MAX_THREADS as f64, "").whole();
            ui.add(check.field(ui.ctx(), DragValue::new(&mut s.threads)))
                .labelled_by(l.id)
                .on_hover_text("Threads of the all-thread roofs and speed functions");
            check.note_ui(ui);
        });
        egui::ComboBox::from_label("GPU of the platform")
            .selected_text(&s.gpu)
            .show_ui(ui, |ui| {
                for (e, g) in ctx.catalog.gpus() {
                    ui.selectable_value(&mut s.gpu, e.id.clone(), &g.name);
                }
            });
        let spec_name = s
            .spec
            .as_deref()
            .and_then(|id| ctx.catalog.cpu(id))
            .map_or("(none)".to_string(), |e| e.1.name.clone());
        egui::ComboBox::from_label("Spec sheet to compare")
            .selected_text(spec_name)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut s.spec, None, "(none)");
                for (e, c) in ctx.catalog.cpus() {
                    ui.selectable_value(&mut s.spec, Some(e.id.clone()), &c.name);
                }
            })
            .response
            .on_hover_text("The achieved fraction of its FMA peak and memory bandwidth");
        folder_ui(ui, &mut s.folder);
    });
    ui.horizontal(|ui| {
        if ui
            .add_enabled(!running, Button::new("Measure"))
            .on_hover_text(
                "Runs on a background thread; the platform it makes becomes every model's",
            )
            .clicked()
        {
            m.ui.start_measure(ui.ctx(), ctx);
        }
        if ui
            .add_enabled(running, Button::new("Cancel measurement"))
            .clicked()
            && let Some(r) = &m.ui.measuring
        {
            r.cancel.store(true, Ordering::Relaxed);
        }
    });
    super::measure_loops::loops_ui(ui, m, ctx);
    if let Some(r) = &m.ui.measuring {
        let k = r.step.load(Ordering::Relaxed).min(STEPS.len() - 1);
        let text = if r.cancel.load(Ordering::Relaxed) {
            "cancelling…".to_string()
        } else {
            format!("{} of {}: {}", k + 1, STEPS.len(), STEPS[k])
        };
        ui.add(
            ProgressBar::new(k as f32 / STEPS.len() as f32)
                .text(text)
                .animate(true),
        );
        ui.ctx().request_repaint_after(Duration::from_millis(100));
    } else if let Some(p) = &m.ui.measure.last {
        ui.weak(format!("Last: {p}"));
        ui.label(&m.ui.measure.summary);
    }
}

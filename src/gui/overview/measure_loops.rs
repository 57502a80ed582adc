//! "Time the host loops" in the overview's "Measure this machine": the
//! offload suite's loops built with this machine's C compiler and timed
//! on a background thread (progress bar, Cancel), the CSV written to the
//! measure folder (`hetscope measure loops` writes the same) and added
//! to the files the "Model against measurement" view compares, which
//! then opens.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use eframe::egui::{self, Button, ProgressBar, Ui};

use super::OverviewUi;
use crate::gui::Tab;
use crate::gui::context::{Request, ViewContext};
use crate::gui::model_ui::Editing;
use hetscope_figure::View;
use hetscope_measure::MeasureError;
use hetscope_measure::loops::{LoopsConfig, measure_loops};

/// The file the loops are written to, in the measure folder.
pub const LOOPS_FILE: &str = "host-loops.csv";

/// A timing of the loops under way: loops done of all, and Cancel.
pub struct LoopsTiming {
    pub done: Arc<AtomicUsize>,
    pub total: Arc<AtomicUsize>,
    pub cancel: Arc<AtomicBool>,
}

type Outcome = Result<PathBuf, String>;

impl OverviewUi {
    /// Start timing the loops on a background thread.
    pub fn start_loops(&mut self, egui_ctx: &egui::Context, ctx: &mut ViewContext<'_>) {
        if self.loops.is_some() {
            return;
        }
        let folder = PathBuf::from(&self.measure.folder);
        let cfg = LoopsConfig {
            quick: self.measure.quick,
            ..LoopsConfig::default()
        };
        let timing = LoopsTiming {
            done: Arc::new(AtomicUsize::new(0)),
            total: Arc::new(AtomicUsize::new(0)),
            cancel: Arc::new(AtomicBool::new(false)),
        };
        let (done, total, cancel) = (
            timing.done.clone(),
            timing.total.clone(),
            timing.cancel.clone(),
        );
        let repaint = egui_ctx.clone();
        let work = move || -> Outcome {
            std::fs::create_dir_all(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
            let out = folder.join(LOOPS_FILE);
            let mut progress = |k: usize, n: usize, _: &str| {
                done.store(k, Ordering::Relaxed);
                total.store(n, Ordering::Relaxed);
                repaint.request_repaint();
            };
            measure_loops(&cfg, &out, &mut progress, &cancel).map_err(|e| match e {
                MeasureError::Cancelled => "Timing of the host loops cancelled.".to_string(),
                e => format!("Timing the host loops: {e}"),
            })?;
            Ok(out)
        };
        let started = crate::gui::model_ui::spawn_for::<OverviewUi, _>(
            ctx.jobs,
            egui_ctx,
            "host loops",
            work,
            loops_timed,
        );
        match started {
            Ok(()) => {
                self.loops = Some(timing);
                ctx.status.info("Timing the host loops…");
            }
            Err(e) => ctx.status.error(e),
        }
    }
}

/// The loops timed: their file compared with the models, the
/// comparison shown.
fn loops_timed(m: &mut Editing<'_, OverviewUi>, outcome: Outcome, ctx: &mut ViewContext<'_>) {
    let cancelled =
        m.ui.loops
            .as_ref()
            .is_some_and(|l| l.cancel.load(Ordering::Relaxed));
    m.ui.loops = None;
    match outcome {
        Ok(path) => {
            let key = path.display().to_string();
            if !m.state.measured.contains(&key) {
                m.state.measured.push(key.clone());
            }
            ctx.status.info(format!(
                "Timed the host loops: {key}, now compared with the host model."
            ));
            ctx.requests
                .push(Request::Open(Tab::Figure(View::Validation)));
        }
        Err(why) if cancelled => ctx.status.info(why),
        Err(why) => ctx.status.error(why),
    }
}

/// The button, Cancel and the progress bar.
pub fn loops_ui(ui: &mut Ui, m: &mut Editing<'_, OverviewUi>, ctx: &mut ViewContext<'_>) {
    let running = m.ui.loops.is_some();
    ui.horizontal(|ui| {
        if ui
            .add_enabled(!running, Button::new("Time host loops"))
            .on_hover_text(
                "Builds the offload suite's loops with this machine's C compiler (cc -fopenmp) and times them at sizes from cache to memory on 1, 2, 4, ... threads; the host model is then compared with them",
            )
            .clicked()
        {
            m.ui.start_loops(ui.ctx(), ctx);
        }
        if ui
            .add_enabled(running, Button::new("Cancel timing"))
            .clicked()
            && let Some(l) = &m.ui.loops
        {
            l.cancel.store(true, Ordering::Relaxed);
        }
    });
    if let Some(l) = &m.ui.loops {
        let (k, n) = (
            l.done.load(Ordering::Relaxed),
            l.total.load(Ordering::Relaxed),
        );
        let text = if l.cancel.load(Ordering::Relaxed) {
            "cancelling…".to_string()
        } else if n == 0 {
            "building the loops…".to_string()
        } else {
            format!("loop {k} of {n}")
        };
        let share = if n == 0 { 0.0 } else { k as f32 / n as f32 };
        ui.add(ProgressBar::new(share).text(text).animate(true));
        ui.ctx().request_repaint_after(Duration::from_millis(100));
    }
}

//! The application: persisted state, the analysis computed from it, and
//! the actions the panels trigger (load, save, import, export).

mod chart_views;

use eframe::egui;
use std::path::{Path, PathBuf};

use crate::figure::{self, Analysis, Figure, ModelGroup, Resolution, Scenario, View};
use crate::model::{Platform, Processor};
use crate::preset::Catalog;

use super::boathull_state::BoathullRuntime;
use super::fpm_state::FpmRuntime;
use super::jobs::{Done, Jobs, Purpose};
use super::offload_state::OffloadRuntime;
use super::state::{AppState, Chosen, PlatformState, Tab, WorkloadState};
use super::surface_view;
use super::{boathull_panel, fpm_panel, offload_panel};
use super::{classification_view, compare_view, export_panel, heatmap_view, side_panel};

/// Key of the persisted state in eframe's storage.
pub const STATE_KEY: &str = "hetscope-state";
/// The built-in presets shown at first start.
pub const DEFAULT_PLATFORM: &str = "i7-gtx750-perdome";
pub const DEFAULT_WORKLOAD: &str = "perdome-sa";

/// How a status message reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatusKind {
    Info,
    Error,
}

/// The model results of the last valid parameters, and the figure of the
/// current view built from them.
#[derive(Default)]
struct Computed {
    /// The scenario of the last computation, valid or not.
    scenario: Option<Scenario>,
    analysis: Option<Analysis>,
    /// Why the current parameters could not be used.
    error: Option<String>,
    figure: Option<(View, Figure)>,
    /// Bumped every time `figure` changes (views cache their drawings).
    generation: u64,
}

use chart_views::ChartComputed;

/// The hetscope window.
pub struct HetscopeApp {
    /// Everything persisted; panels edit it directly.
    pub state: AppState,
    pub(crate) catalog: Catalog,
    computed: Computed,
    status: Option<(StatusKind, String)>,
    pub(crate) jobs: Jobs,
    pub(crate) heatmap_cache: heatmap_view::Cache,
    pub(crate) surface_cache: surface_view::Cache,
    chart: ChartComputed,
    /// Per-run state of the boat hull, FPM and offload views.
    pub(crate) boathull_rt: BoathullRuntime,
    pub(crate) fpm_rt: FpmRuntime,
    pub(crate) offload_rt: OffloadRuntime,
}

fn fallback_state() -> AppState {
    let p = Processor {
        t_f: 1.0,
        t_b: 10.0,
        e_f: 10.0,
        e_b: 100.0,
        p_s: 10.0,
    };
    let platform = Platform { cpu: p, gpu: p };
    AppState::new(
        PlatformState {
            chosen: Chosen::builtin("none", "no platform"),
            source: String::new(),
            cpu_name: "CPU".into(),
            gpu_name: "GPU".into(),
            params: platform,
            loaded: platform,
        },
        WorkloadState {
            chosen: Chosen::builtin("none", "no workload"),
            source: String::new(),
            notes: String::new(),
            intensity: 1.0,
            partitions: Vec::new(),
            measured: Vec::new(),
        },
    )
}

impl HetscopeApp {
    /// The app with the default presets and no stored state (also what the
    /// tests drive).
    pub fn default_state() -> Self {
        let (catalog, err) = match Catalog::builtin() {
            Ok(c) => (c, None),
            Err(e) => (Catalog::default(), Some(e)),
        };
        let mut app = HetscopeApp {
            state: fallback_state(),
            catalog,
            computed: Computed::default(),
            status: None,
            jobs: Jobs::default(),
            heatmap_cache: Default::default(),
            surface_cache: Default::default(),
            chart: ChartComputed::default(),
            boathull_rt: Default::default(),
            fpm_rt: Default::default(),
            offload_rt: Default::default(),
        };
        if let Some(e) = err {
            app.set_error(format!("The built-in presets could not be read: {e}"));
        } else {
            app.select_platform(DEFAULT_PLATFORM);
            app.select_workload(DEFAULT_WORKLOAD);
            app.status = None;
        }
        app.refresh();
        app
    }

    /// The app as eframe starts it: the stored state when there is one.
    pub fn new(cc: &eframe::CreationContext<'_>) -> Self {
        cc.egui_ctx.set_theme(egui::Theme::Light);
        let mut app = Self::default_state();
        if let Some(storage) = cc.storage
            && let Some(state) = eframe::get_value::<AppState>(storage, STATE_KEY)
        {
            app.state = state;
            app.refresh();
        }
        app
    }

    // ----- read access (panels and tests) -----

    /// The analysis of the last valid parameters.
    pub fn analysis(&self) -> Option<&Analysis> {
        self.computed.analysis.as_ref()
    }

    /// The figure of the current view.
    pub fn figure(&self) -> Option<&Figure> {
        let view = self.state.tab.view()?;
        let fig = if view.group() == ModelGroup::Perdome {
            &self.computed.figure
        } else {
            &self.chart.figure
        };
        fig.as_ref().filter(|(v, _)| *v == view).map(|(_, f)| f)
    }

    /// Why the current parameters are not used, if they are not: the
    /// PerDome parameters on the PerDome tabs, the view's own inputs on
    /// the other models' tabs.
    pub fn param_error(&self) -> Option<&str> {
        if self.state.tab.group() == ModelGroup::Perdome {
            self.computed.error.as_deref()
        } else {
            self.chart.error.as_deref()
        }
    }

    /// The status line's message.
    pub fn status(&self) -> Option<(StatusKind, &str)> {
        self.status.as_ref().map(|(k, s)| (*k, s.as_str()))
    }

    pub fn set_status(&mut self, text: impl Into<String>) {
        self.status = Some((StatusKind::Info, text.into()));
    }

    pub fn set_error(&mut self, text: impl Into<String>) {
        self.status = Some((StatusKind::Error, text.into()));
    }

    // ----- recomputation -----

    /// Recompute the analysis when the scenario changed and rebuild the
    /// figure when the analysis or the view changed. Returns true when
    /// something changed.
    pub fn refresh(&mut self) -> bool {
        let mut changed = false;
        let scenario = self.state.scenario();
        let c = &mut self.computed;
        if c.scenario.as_ref() != Some(&scenario) {
            match Analysis::compute(&scenario, Resolution::default()) {
                Ok(a) => {
                    c.analysis = Some(a);
                    c.error = None;
                    c.figure = None;
                }
                Err(e) => c.error = Some(format!("Invalid parameter: {e}")),
            }
            c.scenario = Some(scenario);
            changed = true;
        }
        let view = self.state.tab.view();
        let stale = match (&c.figure, view) {
            (Some((v, _)), Some(w)) => *v != w,
            (None, Some(_)) => true,
            _ => false,
        };
        if stale
            && let (Some(a), Some(v)) = (&c.analysis, view)
            && let Some(fig) = figure::build(v, a)
        {
            c.figure = Some((v, fig));
            c.generation += 1;
            changed = true;
        }
        if let Some(v) = view
            && v.group() != ModelGroup::Perdome
        {
            changed |= self.refresh_chart(v);
        }
        changed
    }

    // ----- background work -----

    /// Open a file dialog for `purpose` on a thread.
    pub(crate) fn ask_file(&mut self, ctx: &egui::Context, purpose: Purpose) {
        let suggested = match purpose {
            Purpose::SavePlatform => format!("{}.ron", self.state.platform.chosen.id),
            Purpose::SaveWorkload => format!("{}.ron", self.state.workload.chosen.id),
            _ => String::new(),
        };
        if let Err(e) = self.jobs.pick_file(ctx, purpose, suggested) {
            self.set_error(e);
        }
    }

    fn handle_done(&mut self, ctx: &egui::Context, done: Done) {
        match done {
            Done::Picked { path: None, .. } => self.set_status("No file chosen."),
            Done::Picked {
                purpose,
                path: Some(path),
            } => {
                let _ = match purpose {
                    Purpose::OpenPlatform => self.load_platform_path(&path),
                    Purpose::OpenWorkload => self.load_workload_path(&path),
                    Purpose::ImportCsv => self.import_csv_path(&path),
                    Purpose::SavePlatform => self.save_platform_path(&path),
                    Purpose::SaveWorkload => self.save_workload_path(&path),
                };
            }
            Done::Exported(Ok(Some(path))) => {
                self.set_status(format!("Exported {}", path.display()))
            }
            Done::Exported(Ok(None)) => self.set_status("Export cancelled."),
            Done::Exported(Err(e)) => self.set_error(format!("Export failed: {e}")),
            Done::Apply(apply) => apply(self),
        }
        ctx.request_repaint();
    }

    /// Export the current figure to `path` on a thread (`None`: ask first).
    pub fn start_export(&mut self, ctx: &egui::Context, ext: &'static str, path: Option<PathBuf>) {
        export_panel::start_export(self, ctx, ext, path);
    }

    /// Whether a dialog or export is still running.
    pub fn busy(&self) -> bool {
        self.jobs.busy()
    }

    // ----- drawing -----

    fn status_line(&self, ui: &mut egui::Ui) {
        ui.horizontal_wrapped(|ui| {
            let red = ui.visuals().error_fg_color;
            if let Some(e) = &self.computed.error {
                ui.colored_label(red, e);
                ui.separator();
            }
            match &self.status {
                Some((StatusKind::Error, s)) => {
                    ui.colored_label(red, s);
                }
                Some((StatusKind::Info, s)) => {
                    ui.label(s);
                }
                None => {
                    ui.weak("Ready.");
                }
            }
            if self.jobs.busy() {
                ui.spinner();
            }
        });
    }

    fn central(&mut self, ui: &mut egui::Ui) {
        if let Some(view) = self.state.tab.view()
            && view.group() != ModelGroup::Perdome
        {
            self.central_chart(ui, view);
            return;
        }
        if let Some(e) = &self.computed.error {
            let red = ui.visuals().error_fg_color;
            ui.colored_label(red, format!("{e} (showing the last valid result)"));
        }
        let Some(analysis) = &self.computed.analysis else {
            ui.label("Nothing to show until the parameters are valid.");
            return;
        };
        let generation = self.computed.generation;
        match (self.state.tab, &self.computed.figure) {
            (Tab::Classification, _) => classification_view::show(ui, analysis),
            (Tab::Figure(_), Some((_, Figure::Heatmap(f)))) => {
                heatmap_view::show(ui, f, generation, &mut self.heatmap_cache)
            }
            (Tab::Figure(_), Some((_, Figure::Surface(f)))) => surface_view::show(
                ui,
                f,
                generation,
                &mut self.state.camera,
                &mut self.surface_cache,
            ),
            (Tab::Figure(_), Some((_, Figure::Compare(f)))) => compare_view::show(ui, f),
            (Tab::Figure(_), Some((_, Figure::Chart(_)))) => {}
            (Tab::Figure(_), None) => {
                ui.label("Computing…");
            }
        }
    }
}

impl HetscopeApp {
    /// The side panel of the current model.
    fn side(&mut self, ui: &mut egui::Ui) {
        match self.state.tab.group() {
            ModelGroup::Perdome => side_panel::show(ui, self),
            ModelGroup::Boathull => boathull_panel::show(ui, self),
            ModelGroup::Fpm => fpm_panel::show(ui, self),
            ModelGroup::Offload => offload_panel::show(ui, self),
        }
    }
}

/// Two rows: the models, then the views of the current model.
fn tab_bar(ui: &mut egui::Ui, tab: &mut Tab) {
    ui.horizontal_wrapped(|ui| {
        let current = tab.group();
        for g in ModelGroup::ALL {
            let resp = ui
                .selectable_label(current == g, egui::RichText::new(g.title()).strong())
                .on_hover_text(format!("Show the {} views", g.title()));
            if resp.clicked()
                && current != g
                && let Some(first) = Tab::of_group(g).first()
            {
                *tab = *first;
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        for t in Tab::of_group(tab.group()) {
            ui.selectable_value(tab, t, t.title());
        }
    });
}

/// The file name of a path, for messages.
pub fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

impl eframe::App for HetscopeApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        for done in self.jobs.poll() {
            self.handle_done(&ctx, done);
        }
        self.refresh();

        egui::Panel::bottom("status_line").show(ui, |ui| self.status_line(ui));
        egui::Panel::left("side_panel")
            .resizable(true)
            .default_size(410.0)
            .show(ui, |ui| self.side(ui));
        egui::Panel::top("tab_bar").show(ui, |ui| tab_bar(ui, &mut self.state.tab));
        if self.state.tab.view().is_some() {
            egui::Panel::bottom("export_panel").show(ui, |ui| export_panel::show(ui, self));
        }
        egui::CentralPanel::default().show(ui, |ui| self.central(ui));

        if self.refresh() {
            ctx.request_repaint();
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, STATE_KEY, &self.state);
    }
}

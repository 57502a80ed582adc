//! The PerDome / PeaPaw views in the window: heat maps and surfaces of
//! performance and energy efficiency, the partition comparison and the
//! platform classification.
//!
//! - `state.rs`: what is saved (platform, workload, camera, specs);
//! - `files.rs`: presets picked, opened, saved, and measured CSV imported;
//! - `panel.rs` + `specs_panel.rs` + `energy_fit_panel.rs`: the side
//!   panel (the last: energy parameters fitted to measured runs);
//! - one file per central view (`heatmap_view.rs`, `surface_view.rs`,
//!   `compare_view.rs`, `classification_view.rs`).

mod classification_view;
mod compare_view;
pub mod energy_fit_panel;
mod files;
mod heatmap_view;
mod panel;
mod segments;
mod specs_panel;
pub mod state;
mod surface_view;

use eframe::egui::Ui;
use hetscope_preset::platform::PlatformChoice;

use super::context::ViewContext;
use super::model_ui::{ModelUi, Shown};
use super::state::Tab;
use hetscope_core::CoreError;
use hetscope_figure::perdome::energy_fit::{self, EnergyFitInput};
use hetscope_figure::{self as figure, Camera, Figure, FigureError, ModelId, View};
use hetscope_model::perdome::{Analysis, Platform, Processor, Resolution, Scenario};
use hetscope_preset::{Catalog, defaults};
use state::{Chosen, PerdomeState, PlatformState, WorkloadState};

/// The PerDome / PeaPaw model's UI: its state and the drawings its views
/// keep between frames.
pub struct PerdomeUi {
    pub state: PerdomeState,
    /// The drawings of the platform and of the one compared with.
    heatmap_cache: [heatmap_view::Cache; 2],
    surface_cache: [surface_view::Cache; 2],
}

/// What the views are computed from: the workload on the platform and,
/// when one is chosen, on the platform compared with.
#[derive(Clone, Debug, PartialEq)]
pub struct PerdomeInput {
    pub scenario: Scenario,
    pub compared: Option<Scenario>,
    /// The measured energy runs of the energy-fit view.
    pub energy: EnergyFitInput,
    /// The partition comparison's value axes in powers of ten.
    pub log_bars: bool,
}

/// The analyses of [`PerdomeInput`].
pub struct PerdomeComputed {
    pub analysis: Analysis,
    pub compared: Option<Analysis>,
    /// What the energy-fit view is drawn from.
    pub energy: EnergyFitInput,
    pub log_bars: bool,
}

/// The state when no preset can be read: a made-up platform, no workload
/// partitions (the status line says why).
fn fallback_state() -> PerdomeState {
    let p = Processor {
        t_f: 1.0,
        t_b: 10.0,
        e_f: 10.0,
        e_b: 100.0,
        p_s: 10.0,
    };
    let platform = Platform { cpu: p, gpu: p };
    PerdomeState::new(
        PlatformState {
            chosen: Chosen::builtin("none", "no platform"),
            source: String::new(),
            cpu_name: "CPU".into(),
            gpu_name: "GPU".into(),
            params: platform,
            loaded: platform,
            sources: Vec::new(),
        },
        WorkloadState {
            chosen: Chosen::builtin("none", "no workload"),
            source: String::new(),
            notes: String::new(),
            intensity: 1.0,
            partitions: Vec::new(),
            measured: Vec::new(),
            segments: Vec::new(),
        },
    )
}

impl ModelUi for PerdomeUi {
    type State = PerdomeState;
    type Input = PerdomeInput;
    type Computed = PerdomeComputed;

    const GROUP: ModelId = ModelId::Perdome;

    fn new(catalog: &Catalog) -> Self {
        let mut ui = PerdomeUi {
            state: fallback_state(),
            heatmap_cache: Default::default(),
            surface_cache: Default::default(),
        };
        ui.apply_default_presets(catalog);
        ui
    }

    fn state(&self) -> &PerdomeState {
        &self.state
    }

    fn set_state(&mut self, state: PerdomeState) {
        self.state = state;
    }

    /// Version 1 kept these fields at the top of its single record.
    fn legacy_state(old: &str) -> Option<PerdomeState> {
        ron::from_str(old).ok()
    }

    fn tabs() -> Vec<Tab> {
        let mut tabs: Vec<Tab> = View::of(Self::GROUP).into_iter().map(Tab::Figure).collect();
        tabs.push(Tab::Classification);
        tabs
    }

    fn input(&self, _catalog: &Catalog) -> Result<PerdomeInput, CoreError> {
        if let Some(Err(e)) = self.state.workload.counted() {
            return Err(e.into());
        }
        Ok(PerdomeInput {
            scenario: self.state.scenario(),
            compared: self.state.compared_scenario(),
            energy: self.state.energy_runs.input(),
            log_bars: self.state.log_bars,
        })
    }

    fn compute(input: &PerdomeInput) -> Result<PerdomeComputed, CoreError> {
        let res = Resolution::default();
        Ok(PerdomeComputed {
            analysis: Analysis::compute(&input.scenario, res)?,
            compared: match &input.compared {
                Some(s) => Some(Analysis::compute(s, res)?),
                None => None,
            },
            energy: input.energy.clone(),
            log_bars: input.log_bars,
        })
    }

    fn figure(view: View, c: &PerdomeComputed) -> Result<Figure, CoreError> {
        if view == View::EnergyFit {
            return Ok(Figure::Chart(energy_fit::build(&c.energy)?));
        }
        let mut fig = figure::perdome::build_pair(view, &c.analysis, c.compared.as_ref()).ok_or(
            FigureError::WrongView {
                view: view.key(),
                model: "PerDome / PeaPaw",
            },
        )?;
        if let Figure::Compare(f) = &mut fig {
            f.log_scale = c.log_bars;
        }
        Ok(fig)
    }

    fn camera(&self) -> Camera {
        self.state.camera
    }

    fn use_platform(&mut self, platform: &PlatformChoice, ctx: &mut ViewContext<'_>) {
        let p = &platform.preset;
        match p.resolve(&platform.id, ctx.catalog, &platform.origin) {
            Ok(r) => self.apply_platform(r, &p.source, None),
            Err(e) => ctx.status.error(e),
        }
    }

    /// The second platform's processors, beside the heat maps and
    /// surfaces.
    fn use_second_platform(
        &mut self,
        platform: Option<&PlatformChoice>,
        ctx: &mut ViewContext<'_>,
    ) {
        self.state.compare = None;
        let Some(platform) = platform else {
            return;
        };
        let p = &platform.preset;
        match p.resolve(&platform.id, ctx.catalog, &platform.origin) {
            Ok(r) => {
                let chosen = Chosen::builtin(&r.id, &r.name);
                self.state.compare = Some((chosen, r.platform));
            }
            Err(e) => ctx.status.error(e),
        }
    }

    fn platform_part(&self) -> Option<String> {
        ron::to_string(&self.state.platform).ok()
    }

    fn set_platform_part(&mut self, text: &str) -> bool {
        ron::from_str(text).map(|p| self.state.platform = p).is_ok()
    }

    fn side_panel_ui(&mut self, ui: &mut Ui, shown: Shown<'_, Self>, ctx: &mut ViewContext<'_>) {
        panel::side_panel_ui(ui, self, shown.computed.map(|c| &c.analysis), ctx);
    }

    fn central_ui(
        &mut self,
        ui: &mut Ui,
        tab: Tab,
        shown: Shown<'_, Self>,
        _ctx: &mut ViewContext<'_>,
    ) {
        match (tab, shown.figure, shown.computed) {
            (Tab::Classification, _, Some(c)) => match &c.compared {
                Some(b) => {
                    ui.columns(2, |cols| {
                        classification_view::classification_ui(&mut cols[0], &c.analysis);
                        classification_view::classification_ui(&mut cols[1], b);
                    });
                }
                None => classification_view::classification_ui(ui, &c.analysis),
            },
            (_, Some(Figure::Pair(p)), _) => {
                let [c0, c1] = &mut self.heatmap_cache;
                let [s0, s1] = &mut self.surface_cache;
                let camera = &mut self.state.camera;
                let generation = shown.generation;
                ui.columns(2, |cols| {
                    let [l, r] = cols else { return };
                    l.push_id("left", |ui| {
                        figure_ui(ui, &p.left, generation, camera, (c0, s0))
                    });
                    r.push_id("right", |ui| {
                        figure_ui(ui, &p.right, generation, camera, (c1, s1))
                    });
                });
            }
            (_, Some(fig), _) => {
                if matches!(fig, Figure::Compare(_)) {
                    ui.checkbox(&mut self.state.log_bars, "Log scale").on_hover_text(
                        "Value axes in powers of ten: small bars stay visible beside large ones.",
                    );
                }
                let [c0, _] = &mut self.heatmap_cache;
                let [s0, _] = &mut self.surface_cache;
                figure_ui(ui, fig, shown.generation, &mut self.state.camera, (c0, s0));
            }
            _ => {
                ui.label("Computing…");
            }
        }
    }
}

/// One heat map, surface or comparison, with its drawing cache.
fn figure_ui(
    ui: &mut Ui,
    fig: &Figure,
    generation: u64,
    camera: &mut Camera,
    (heatmap, surface): (&mut heatmap_view::Cache, &mut surface_view::Cache),
) {
    match fig {
        Figure::Heatmap(f) => heatmap_view::heatmap_ui(ui, f, generation, heatmap),
        Figure::Surface(f) => surface_view::surface_ui(ui, f, generation, camera, surface),
        Figure::Compare(f) => compare_view::compare_ui(ui, f),
        Figure::Chart(f) => crate::gui::chart_view::chart_ui(ui, f),
        _ => {
            ui.label("Not a PerDome / PeaPaw figure.");
        }
    }
}

impl PerdomeUi {
    /// Use the first-start platform and workload of the catalog.
    fn apply_default_presets(&mut self, catalog: &Catalog) {
        if let Some((e, p)) = catalog.platform(defaults::PLATFORM)
            && let Ok(r) = p.resolve(&e.id, catalog, &e.path)
        {
            let source = p.source.clone();
            self.apply_platform(r, &source, None);
        }
        if let Some((e, w)) = catalog.workload(defaults::WORKLOAD) {
            let (id, w) = (e.id.clone(), w.clone());
            self.apply_workload(&id, &w, None);
        }
        // The shipped energy runs, where they are found (else the path
        // field stays empty and the view says how to load some).
        if !self.state.energy_runs.path.is_empty() {
            let _ = self.state.energy_runs.load();
        }
    }
}

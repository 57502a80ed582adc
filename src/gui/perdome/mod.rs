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
mod surface_view;

use eframe::egui::Ui;
use hetscope_preset::platform::PlatformChoice;

use super::context::ViewContext;
use super::model_ui::{ModelUi, Shown};
use super::state::Tab;
use hetscope_core::CoreError;
use hetscope_figure::{Camera, Figure, ModelId, View};

use hetscope_core::Model;
use hetscope_core::perdome::Perdome;
use hetscope_core::perdome::{PerdomeInput, PerdomeOutput as PerdomeComputed, PerdomeScenario};
use hetscope_preset::Catalog;

/// The PerDome / PeaPaw model's UI: its state and the drawings its views
/// keep between frames.
pub struct PerdomeUi {
    pub state: PerdomeScenario,
    /// The drawings of the platform and of the one compared with.
    heatmap_cache: [heatmap_view::Cache; 2],
    surface_cache: [surface_view::Cache; 2],
}

impl ModelUi for PerdomeUi {
    type State = PerdomeScenario;
    type Input = PerdomeInput;
    type Computed = PerdomeComputed;

    const GROUP: ModelId = ModelId::Perdome;

    fn new(catalog: &Catalog) -> Self {
        PerdomeUi {
            state: PerdomeScenario::from_catalog(catalog),
            heatmap_cache: Default::default(),
            surface_cache: Default::default(),
        }
    }

    fn state(&self) -> &PerdomeScenario {
        &self.state
    }

    fn set_state(&mut self, state: PerdomeScenario) {
        self.state = state;
    }

    /// Version 1 kept these fields at the top of its single record.
    fn legacy_state(old: &str) -> Option<PerdomeScenario> {
        ron::from_str(old).ok()
    }

    fn tabs() -> Vec<Tab> {
        let mut tabs: Vec<Tab> = View::of(Self::GROUP).into_iter().map(Tab::Figure).collect();
        tabs.push(Tab::Classification);
        tabs
    }

    fn input(&self, catalog: &Catalog) -> Result<PerdomeInput, CoreError> {
        Perdome::input(&self.state, catalog)
    }

    fn compute(input: &PerdomeInput) -> Result<PerdomeComputed, CoreError> {
        Perdome::compute(input)
    }

    fn figure(view: View, c: &PerdomeComputed) -> Result<Figure, CoreError> {
        Perdome::figure(view, c)
    }

    fn camera(&self) -> Camera {
        self.state.camera
    }

    fn use_platform(&mut self, platform: &PlatformChoice, ctx: &mut ViewContext<'_>) {
        if let Err(e) = Perdome::use_platform(&mut self.state, platform, ctx.catalog) {
            ctx.status.error(e);
        }
    }

    /// The second platform's processors, beside the heat maps and
    /// surfaces.
    fn use_second_platform(
        &mut self,
        platform: Option<&PlatformChoice>,
        ctx: &mut ViewContext<'_>,
    ) {
        if let Err(e) = Perdome::use_second_platform(&mut self.state, platform, ctx.catalog) {
            ctx.status.error(e);
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

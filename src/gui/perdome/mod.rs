//! The PerDome / PeaPaw views in the window: heat maps and surfaces of
//! performance and energy efficiency, the partition comparison and the
//! platform classification.
//!
//! - the scenario (platform, workload, camera, specs) is
//!   `hetscope_core::perdome`'s;
//! - `files.rs`: presets picked, opened, saved, and measured CSV imported;
//! - `panel.rs` + `specs_panel.rs` + `energy_fit_panel.rs`: the side
//!   panel (the last: energy parameters fitted to measured runs);
//! - one file per central view (`heatmap_view.rs`, `surface_view.rs`,
//!   `classification_view.rs`); the partition comparison is drawn as a
//!   chart (`CompareFigure::chart`, `gui/chart_view.rs`).

mod classification_view;
mod dropped;
pub mod energy_fit_panel;
mod files;
mod heatmap_view;
mod panel;
mod segments;
mod specs_panel;
mod surface_view;

use eframe::egui::Ui;

use super::context::ViewContext;
use super::model_ui::{Editing, ModelUi, Scenario, Shown};
use super::state::Tab;
use hetscope_core::perdome::{Perdome, PerdomeScenario};
use hetscope_figure::color::ColorOptions;
use hetscope_figure::{Camera, Figure, ModelId, View};
use hetscope_preset::Catalog;

/// The PerDome / PeaPaw panels: the drawings their views keep between
/// frames.
#[derive(Default)]
pub struct PerdomeUi {
    /// The drawings of the platform and of the one compared with.
    heatmap_cache: [heatmap_view::Cache; 2],
    surface_cache: [surface_view::Cache; 2],
    /// The shipped energy runs were looked for (once a run).
    shipped_runs_tried: bool,
    /// Open the energy runs' loader in the side panel next frame.
    open_energy_loader: bool,
}

impl ModelUi for PerdomeUi {
    type Model = Perdome;

    fn take_file(
        m: &mut Editing<'_, Self>,
        kind: hetscope_core::recognize::FileKind,
        path: &std::path::Path,
        ctx: &mut ViewContext<'_>,
    ) -> Option<Tab> {
        dropped::take_file(m, kind, path, ctx)
    }

    fn new(_catalog: &Catalog) -> Self {
        PerdomeUi::default()
    }

    /// The platform compared with is analysed again only when it changed.
    fn compute(
        &self,
        input: &hetscope_core::perdome::PerdomeInput,
        last: Option<&hetscope_core::perdome::PerdomeOutput>,
    ) -> Result<hetscope_core::perdome::PerdomeOutput, hetscope_core::CoreError> {
        Perdome::compute_reusing(input, last)
    }

    /// Version 1 kept these fields at the top of its single record.
    fn legacy_state(old: &str) -> Option<PerdomeScenario> {
        ron::from_str(old).ok()
    }

    fn tabs() -> Vec<Tab> {
        let mut tabs: Vec<Tab> = View::of(ModelId::Perdome)
            .into_iter()
            .map(Tab::Figure)
            .collect();
        tabs.push(Tab::Classification);
        tabs
    }

    fn platform_part(state: &PerdomeScenario) -> Option<String> {
        ron::to_string(&state.platform).ok()
    }

    fn set_platform_part(state: &mut Scenario<Self>, text: &str) -> bool {
        ron::from_str(text).map(|p| state.platform = p).is_ok()
    }

    fn side_panel_ui(
        m: &mut Editing<'_, Self>,
        ui: &mut Ui,
        shown: Shown<'_, Self>,
        ctx: &mut ViewContext<'_>,
    ) {
        energy_fit_panel::load_shipped_once(
            &mut m.ui.shipped_runs_tried,
            &mut m.state.energy_runs,
            ctx,
        );
        panel::side_panel_ui(ui, m, shown.computed.map(|c| &c.analysis), ctx);
    }

    fn central_ui(
        m: &mut Editing<'_, Self>,
        ui: &mut Ui,
        tab: Tab,
        shown: Shown<'_, Self>,
        _ctx: &mut ViewContext<'_>,
    ) {
        match (tab, shown.figure, shown.computed) {
            (Tab::Figure(View::EnergyFit), _, _) if m.state.energy_runs.loaded.is_none() => {
                let st = &m.state.energy_runs;
                energy_fit_panel::no_runs_ui(ui, st, &mut m.ui.open_energy_loader);
            }
            (Tab::Classification, _, Some(c)) => {
                classification_view::classifications_ui(ui, &c.analysis, c.compared.as_ref());
            }
            (_, Some(Figure::Pair(p)), _) => {
                color_options_ui(ui, &mut m.state.colors, true);
                let [c0, c1] = &mut m.ui.heatmap_cache;
                let [s0, s1] = &mut m.ui.surface_cache;
                let camera = &mut m.state.camera;
                let generation = shown.generation;
                if let Some(height) = crate::gui::chart_view::stacked_pair(ui) {
                    // Narrow: one under the other, each across the width.
                    eframe::egui::ScrollArea::vertical()
                        .id_salt("perdome_pair_stacked")
                        .show(ui, |ui| {
                            for (k, (fig, caches)) in [(&p.left, (c0, s0)), (&p.right, (c1, s1))]
                                .into_iter()
                                .enumerate()
                            {
                                let size = eframe::egui::vec2(ui.available_width(), height);
                                ui.push_id(("pair", k), |ui| {
                                    ui.allocate_ui(size, |ui| {
                                        ui.set_min_size(size);
                                        figure_ui(ui, fig, generation, camera, caches)
                                    })
                                });
                            }
                        });
                } else {
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
            }
            (_, Some(fig), _) => {
                if matches!(fig, Figure::Compare(_)) {
                    ui.checkbox(&mut m.state.log_bars, "Log scale").on_hover_text(
                        "Value axes in powers of ten: small bars stay visible beside large ones.",
                    );
                }
                if matches!(fig, Figure::Heatmap(_) | Figure::Surface(_)) {
                    color_options_ui(ui, &mut m.state.colors, false);
                }
                let [c0, _] = &mut m.ui.heatmap_cache;
                let [s0, _] = &mut m.ui.surface_cache;
                figure_ui(ui, fig, shown.generation, &mut m.state.camera, (c0, s0));
            }
            _ => {
                ui.label("Computing…");
            }
        }
    }
}

/// How the heat maps and surfaces colour their values: a log scale, and
/// beside a second platform each platform on its own range.
fn color_options_ui(ui: &mut Ui, colors: &mut ColorOptions, paired: bool) {
    ui.horizontal(|ui| {
        ui.checkbox(&mut colors.log, "Log colour scale").on_hover_text(
            "Colours by powers of ten: values spread over several powers of ten keep their detail.",
        );
        if paired {
            ui.checkbox(&mut colors.own, "Each platform its own range")
                .on_hover_text(
                    "Each colour bar spans its own platform's values (said in its title); \
                     off: one range for both, so that a colour means the same on both sides.",
                );
        }
    });
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
        Figure::Compare(f) => crate::gui::chart_view::chart_ui(ui, &f.chart()),
        Figure::Chart(f) => crate::gui::chart_view::chart_ui(ui, f),
        _ => {
            ui.label("Not a PerDome / PeaPaw figure.");
        }
    }
}

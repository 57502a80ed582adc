//! The platform overview in the window: every model's verdict on the
//! platform chosen at the top, and a second platform beside it.
//!
//! - the scenario and the input are `hetscope_core::overview`'s;
//! - `panel.rs`: the side panel (pickers and
//!   the sources of every parameter); `view.rs`: the verdict cards, each
//!   opening its model's view, and the figure;
//! - `measure.rs`: "Measure this machine" (a platform of this CPU).

pub mod measure;
pub mod measure_loops;
mod panel;
pub mod sensitivity;
mod validation;
mod view;

pub use hetscope_core::overview::{
    DEFAULT_FPM_N, OverviewOptions, OverviewScenario, choice_input, platform_input,
};

use eframe::egui::Ui;

use super::context::ViewContext;
use super::model_ui::{Editing, ModelUi, Shown};
use super::state::Tab;
use hetscope_core::overview::{Overview, Tuned};
use hetscope_core::sensitivity::tornado::Asked;
use hetscope_core::{CoreError, Session};
use hetscope_figure::overview::OverviewInput;
use hetscope_figure::{Figure, View};
use hetscope_preset::Catalog;

pub use hetscope_core::overview::OverviewOutput as OverviewComputed;

/// The overview's panels: "Measure this machine" with its settings and
/// the measurement under way.
#[derive(Default)]
pub struct OverviewUi {
    /// The measurement of this machine under way.
    pub measuring: Option<measure::CpuMeasuring>,
    /// Settings of "Measure this machine".
    pub measure: measure::MeasureSettings,
    /// The timing of the host loops under way.
    pub loops: Option<measure_loops::LoopsTiming>,
    /// The path typed in "Model against measurement".
    pub measured_path: String,
    /// The sensitivity tables computed off the UI thread.
    pub sensitivity: sensitivity::SensitivityCache,
    /// Every model's parameters as its tab holds them, where the tabs are
    /// on the overview's platform (the window sets them before a frame).
    pub tuned: Option<Tuned>,
    /// Counts the changes of `tuned`: the overview is evaluated again.
    pub tuned_generation: u64,
    /// The `tuned_generation` the last input was made with.
    input_tuned: std::cell::Cell<u64>,
    /// The session `tuned` was read from (only the parts it reads), so
    /// that the tabs' inputs are made again only when one changed.
    tuned_from: Option<Session>,
}

impl OverviewUi {
    /// Take the tabs' parameters from `session` where what they are read
    /// from changed since the last frame; true when they changed.
    pub fn follow_tabs(&mut self, session: &Session, catalog: &Catalog) -> bool {
        if self
            .tuned_from
            .as_ref()
            .is_some_and(|f| same_tab_values(f, session))
        {
            return false;
        }
        self.tuned_from = Some(session.clone());
        let tuned = hetscope_core::overview::tuned(session, catalog);
        if self.tuned == tuned {
            return false;
        }
        self.tuned = tuned;
        self.tuned_generation += 1;
        true
    }
}

/// Whether `a` and `b` agree on what [`hetscope_core::overview::tuned`]
/// reads: the platforms and every model's scenario.
fn same_tab_values(a: &Session, b: &Session) -> bool {
    let (x, y) = (&a.overview, &b.overview);
    a.platform == b.platform
        && (&x.platform, x.cpus, x.gpus) == (&y.platform, y.cpus, y.gpus)
        && a.perdome == b.perdome
        && a.boathull == b.boathull
        && a.offload == b.offload
        && a.fpm == b.fpm
}

impl ModelUi for OverviewUi {
    type Model = Overview;

    fn new(_catalog: &Catalog) -> Self {
        OverviewUi::default()
    }

    /// The overview is newer than the single record.
    fn legacy_state(_old: &str) -> Option<OverviewScenario> {
        None
    }

    /// The overview with the sensitivity of the chosen result, where it
    /// has been computed for this scenario; the last input again where
    /// only the sensitivity view's choices changed (another result).
    fn input(
        &self,
        state: &OverviewScenario,
        catalog: &Catalog,
        last: Option<(&OverviewScenario, &OverviewInput)>,
    ) -> Result<OverviewInput, CoreError> {
        let same_tuned = self.input_tuned.replace(self.tuned_generation) == self.tuned_generation;
        let mut input = match last {
            Some((s, i)) if same_tuned && s.same_but_sensitivity(state) => OverviewInput {
                sensitivity: None,
                ..i.clone()
            },
            _ => Overview::input_tuned(state, catalog, self.tuned.as_ref())?,
        };
        if let Some(s) = self.sensitivity.table(&Asked::of(state)) {
            let key = s.chosen_key(&state.sensitivity.result);
            input.sensitivity = s.tornado(&key).ok();
        }
        Ok(input)
    }

    /// The last verdicts again where only the sensitivity changed (no
    /// verdict reads it).
    fn compute(
        &self,
        input: &OverviewInput,
        last: Option<&OverviewComputed>,
    ) -> Result<OverviewComputed, CoreError> {
        match last {
            Some(out) if out.input.same_but_sensitivity(input) => Ok(OverviewComputed {
                input: input.clone(),
                ..out.clone()
            }),
            _ => Overview::compute_reusing(input, last),
        }
    }

    fn input_generation(&self) -> u64 {
        self.sensitivity.generation + self.tuned_generation
    }

    /// The settings of "Measure this machine".
    fn settings(&self) -> Option<String> {
        ron::to_string(&self.measure).ok()
    }

    /// Saved on their own, or (by the version before) in the overview's
    /// scenario record as its `measure` field.
    fn restore_settings(&mut self, settings: Option<&str>, record: Option<&str>) {
        let own = settings.and_then(|t| ron::from_str(t).ok());
        let older = || {
            record
                .and_then(|r| super::model_ui::legacy_field!(r, measure, measure::MeasureSettings))
        };
        if let Some(m) = own.or_else(older) {
            self.measure = m;
        }
    }

    fn side_panel_ui(
        m: &mut Editing<'_, Self>,
        ui: &mut Ui,
        shown: Shown<'_, Self>,
        ctx: &mut ViewContext<'_>,
    ) {
        let inputs: Option<Vec<_>> = shown.computed.map(|c| {
            std::iter::once(&c.input.first)
                .chain(c.input.second.as_ref())
                .collect()
        });
        panel::side_panel_ui(ui, m, inputs.as_deref(), ctx);
    }

    fn central_ui(
        m: &mut Editing<'_, Self>,
        ui: &mut Ui,
        tab: Tab,
        shown: Shown<'_, Self>,
        ctx: &mut ViewContext<'_>,
    ) {
        match (tab, shown.computed, shown.figure) {
            (Tab::Figure(View::Validation), _, Some(Figure::Chart(fig))) => {
                crate::gui::chart_view::chart_ui(ui, fig);
            }
            (Tab::Figure(View::Sensitivity), _, Some(Figure::Chart(fig))) => {
                sensitivity::sensitivity_view_ui(ui, m, fig, ctx);
            }
            (_, Some(c), Some(Figure::Chart(fig))) => {
                let asked = Asked::of(m.state);
                let quick = Asked {
                    flips: false,
                    ..asked.clone()
                };
                m.ui.sensitivity.request(quick, ctx, ui);
                let leaders = m.ui.sensitivity.of_platform(&asked);
                let leaders = leaders
                    .as_ref()
                    .map(|r| r.as_deref().map_err(String::as_str));
                view::overview_view_ui(ui, c, fig, leaders, ctx);
            }
            _ => {}
        }
    }
}

//! The platform overview in the window: every model's verdict on the
//! platform chosen at the top, and a second platform beside it.
//!
//! - `input.rs`: a platform preset resolved into the overview's input
//!   (shared with the command line);
//! - `state.rs`: what is saved; `panel.rs`: the side panel (pickers and
//!   the sources of every parameter); `view.rs`: the verdict cards, each
//!   opening its model's view, and the figure;
//! - `measure.rs`: "Measure this machine" (a platform of this CPU).

pub mod measure;
mod panel;
mod view;

pub use hetscope_core::overview::{
    DEFAULT_FPM_N, OverviewOptions, OverviewScenario, choice_input, platform_input,
};

use eframe::egui::Ui;

use super::context::ViewContext;
use super::model_ui::{ModelUi, Shown};
use super::state::Tab;
use hetscope_core::CoreError;
use hetscope_core::Model;
use hetscope_core::overview::Overview;
use hetscope_figure::overview::OverviewInput;
use hetscope_figure::{Figure, ModelId, View};
use hetscope_preset::Catalog;
use hetscope_preset::platform::PlatformChoice;

/// The overview's UI.
pub struct OverviewUi {
    pub state: OverviewScenario,
    /// The measurement of this machine under way.
    pub measuring: Option<measure::CpuMeasuring>,
    /// Settings of "Measure this machine".
    pub measure: measure::MeasureSettings,
}

pub use hetscope_core::overview::OverviewOutput as OverviewComputed;

impl ModelUi for OverviewUi {
    type State = OverviewScenario;
    type Input = OverviewInput;
    type Computed = OverviewComputed;

    const GROUP: ModelId = ModelId::Overview;

    fn new(_catalog: &Catalog) -> Self {
        OverviewUi {
            state: OverviewScenario::default(),
            measuring: None,
            measure: Default::default(),
        }
    }

    fn state(&self) -> &OverviewScenario {
        &self.state
    }

    fn set_state(&mut self, state: OverviewScenario) {
        self.state = state;
    }

    /// The overview is newer than the single record.
    fn legacy_state(_old: &str) -> Option<OverviewScenario> {
        None
    }

    fn input(&self, catalog: &Catalog) -> Result<OverviewInput, CoreError> {
        Overview::input(&self.state, catalog)
    }

    fn compute(input: &OverviewInput) -> Result<OverviewComputed, CoreError> {
        Overview::compute(input)
    }

    fn figure(view: View, c: &OverviewComputed) -> Result<Figure, CoreError> {
        Overview::figure(view, c)
    }

    fn use_platform(&mut self, platform: &PlatformChoice, ctx: &mut ViewContext<'_>) {
        let _ = Overview::use_platform(&mut self.state, platform, ctx.catalog);
    }

    fn use_second_platform(
        &mut self,
        platform: Option<&PlatformChoice>,
        ctx: &mut ViewContext<'_>,
    ) {
        let _ = Overview::use_second_platform(&mut self.state, platform, ctx.catalog);
    }

    fn side_panel_ui(&mut self, ui: &mut Ui, shown: Shown<'_, Self>, ctx: &mut ViewContext<'_>) {
        let inputs: Option<Vec<_>> = shown.computed.map(|c| {
            std::iter::once(&c.input.first)
                .chain(c.input.second.as_ref())
                .collect()
        });
        panel::side_panel_ui(ui, self, inputs.as_deref(), ctx);
    }

    fn central_ui(
        &mut self,
        ui: &mut Ui,
        _tab: Tab,
        shown: Shown<'_, Self>,
        ctx: &mut ViewContext<'_>,
    ) {
        if let (Some(c), Some(Figure::Chart(fig))) = (shown.computed, shown.figure) {
            view::overview_view_ui(ui, c, fig, ctx);
        }
    }
}

//! The platform overview in the window: every model's verdict on the
//! platform chosen at the top, and a second platform beside it.
//!
//! - `input.rs`: a platform preset resolved into the overview's input
//!   (shared with the command line);
//! - `state.rs`: what is saved; `panel.rs`: the side panel (pickers and
//!   the sources of every parameter); `view.rs`: the verdict cards, each
//!   opening its model's view, and the figure;
//! - `measure.rs`: "Measure this machine" (a platform of this CPU).

pub mod input;
pub mod measure;
mod panel;
pub mod state;
mod view;

pub use input::{DEFAULT_FPM_N, OverviewOptions, choice_input, platform_input};

use eframe::egui::Ui;

use super::context::ViewContext;
use super::model_ui::{ModelUi, Shown};
use super::state::Tab;
use hetscope_core::CoreError;
use hetscope_figure::overview::{Overview, OverviewInput, build_from};
use hetscope_figure::{Figure, ModelId, View};
use hetscope_preset::Catalog;
use hetscope_preset::platform::PlatformChoice;
use state::OverviewState;

/// The overview's UI.
pub struct OverviewUi {
    pub state: OverviewState,
    /// The measurement of this machine under way.
    pub measuring: Option<measure::CpuMeasuring>,
}

/// The input with every model's verdicts.
pub struct OverviewComputed {
    pub input: OverviewInput,
    pub overview: Overview,
    /// Each platform's five verdict sentences, and what changed between
    /// them: written once per change, not every frame.
    pub texts: Vec<[String; 5]>,
    pub differences: Vec<String>,
}

impl ModelUi for OverviewUi {
    type State = OverviewState;
    type Input = OverviewInput;
    type Computed = OverviewComputed;

    const GROUP: ModelId = ModelId::Overview;

    fn new(_catalog: &Catalog) -> Self {
        OverviewUi {
            state: OverviewState::default(),
            measuring: None,
        }
    }

    fn state(&self) -> &OverviewState {
        &self.state
    }

    fn set_state(&mut self, state: OverviewState) {
        self.state = state;
    }

    /// The overview is newer than the single record.
    fn legacy_state(_old: &str) -> Option<OverviewState> {
        None
    }

    fn input(&self, catalog: &Catalog) -> Result<OverviewInput, CoreError> {
        let (first, second) = self.state.options();
        Ok(OverviewInput {
            first: platform_input(catalog, &self.state.platform, &first)?,
            second: self
                .state
                .platform2
                .as_deref()
                .map(|p| platform_input(catalog, p, &second))
                .transpose()?,
        })
    }

    fn compute(input: &OverviewInput) -> Result<OverviewComputed, CoreError> {
        let overview = Overview::compute(input)?;
        let texts = std::iter::once(&overview.first)
            .chain(overview.second.as_ref())
            .map(|v| v.sentences())
            .collect();
        Ok(OverviewComputed {
            differences: overview.differences(),
            texts,
            overview,
            input: input.clone(),
        })
    }

    fn figure(view: View, c: &OverviewComputed) -> Result<Figure, CoreError> {
        if view != View::Overview {
            return Err(hetscope_figure::FigureError::WrongView {
                view: view.key(),
                model: "overview",
            }
            .into());
        }
        Ok(Figure::Chart(build_from(&c.input, &c.overview)))
    }

    fn use_platform(&mut self, platform: &PlatformChoice, _ctx: &mut ViewContext<'_>) {
        if self.state.platform != platform.key {
            (self.state.cpus, self.state.gpus) = (None, None);
        }
        self.state.platform = platform.key.clone();
    }

    fn use_second_platform(
        &mut self,
        platform: Option<&PlatformChoice>,
        _ctx: &mut ViewContext<'_>,
    ) {
        self.state.platform2 = platform.map(|p| p.key.clone());
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

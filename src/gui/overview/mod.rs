//! The platform overview in the window: every model's verdict on the
//! platform chosen at the top, and a second platform beside it.
//!
//! - the scenario and the input are `hetscope_core::overview`'s;
//! - `panel.rs`: the side panel (pickers and
//!   the sources of every parameter); `view.rs`: the verdict cards, each
//!   opening its model's view, and the figure;
//! - `measure.rs`: "Measure this machine" (a platform of this CPU).

pub mod measure;
mod panel;
mod validation;
mod view;

pub use hetscope_core::overview::{
    DEFAULT_FPM_N, OverviewOptions, OverviewScenario, choice_input, platform_input,
};

use eframe::egui::Ui;

use super::context::ViewContext;
use super::model_ui::{Editing, ModelUi, Shown};
use super::state::Tab;
use hetscope_core::overview::Overview;
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
    /// The path typed in "Model against measurement".
    pub measured_path: String,
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
        _m: &mut Editing<'_, Self>,
        ui: &mut Ui,
        tab: Tab,
        shown: Shown<'_, Self>,
        ctx: &mut ViewContext<'_>,
    ) {
        match (tab, shown.computed, shown.figure) {
            (Tab::Figure(View::Validation), _, Some(Figure::Chart(fig))) => {
                crate::gui::chart_view::chart_ui(ui, fig);
            }
            (_, Some(c), Some(Figure::Chart(fig))) => view::overview_view_ui(ui, c, fig, ctx),
            _ => {}
        }
    }
}

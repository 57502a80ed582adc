//! The functional performance model's views in the window: speed
//! functions with the FPM line, times per device, the sweep over n.
//!
//! The scenario (devices with their points, n, options), its input, the
//! figures and platforms come from `hetscope_core::fpm`; here:
//!
//! - `actions.rs`: loading and saving speed functions, measuring this
//!   machine on a thread (`measuring.rs`: its progress);
//! - `panel.rs`: the side panel; `view.rs`: the central area.

mod actions;
mod measuring;
mod panel;
mod view;

use eframe::egui::Ui;
use hetscope_preset::platform::PlatformChoice;

use super::context::ViewContext;
use super::model_ui::{ModelUi, Shown};
use super::state::Tab;
use hetscope_core::fpm::{Fpm, FpmOutput, FpmScenario};
use hetscope_core::{CoreError, Model};
use hetscope_figure::fpm::FpmInput;
use hetscope_figure::{Figure, ModelId, View};
use hetscope_preset::Catalog;
use measuring::Measuring;

/// The FPM model's UI.
pub struct FpmUi {
    pub state: FpmScenario,
    /// The measurement in progress.
    measuring: Option<Measuring>,
    /// Why the last CSV could not be loaded.
    load_error: Option<String>,
}

impl ModelUi for FpmUi {
    type State = FpmScenario;
    type Input = FpmInput;
    type Computed = FpmOutput;

    const GROUP: ModelId = ModelId::Fpm;

    fn new(catalog: &Catalog) -> Self {
        FpmUi {
            state: Fpm::first_scenario(catalog),
            measuring: None,
            load_error: None,
        }
    }

    fn state(&self) -> &FpmScenario {
        &self.state
    }

    fn set_state(&mut self, state: FpmScenario) {
        self.state = state;
    }

    /// Version 1 kept this state in the `fpm` field of its record.
    fn legacy_state(old: &str) -> Option<FpmScenario> {
        super::model_ui::legacy_field!(old, fpm, FpmScenario)
    }

    fn input(&self, catalog: &Catalog) -> Result<FpmInput, CoreError> {
        Fpm::input(&self.state, catalog)
    }

    fn compute(input: &FpmInput) -> Result<FpmOutput, CoreError> {
        Fpm::compute(input)
    }

    fn figure(view: View, output: &FpmOutput) -> Result<Figure, CoreError> {
        Fpm::figure(view, output)
    }

    /// The platform's devices: its measured speed functions, else one
    /// per socket and GPU from its spec sheets; n in blocks.
    fn use_platform(&mut self, platform: &PlatformChoice, ctx: &mut ViewContext<'_>) {
        if let Err(e) = Fpm::use_platform(&mut self.state, platform, ctx.catalog) {
            ctx.status.error(e);
        }
    }

    /// The second platform's speed functions over the speed view.
    fn use_second_platform(
        &mut self,
        platform: Option<&PlatformChoice>,
        ctx: &mut ViewContext<'_>,
    ) {
        if let Err(e) = Fpm::use_second_platform(&mut self.state, platform, ctx.catalog) {
            ctx.status.error(e);
        }
    }

    fn platform_part(&self) -> Option<String> {
        let s = &self.state;
        ron::to_string(&(&s.devices, s.n_units, s.integer)).ok()
    }

    fn set_platform_part(&mut self, text: &str) -> bool {
        let s = &mut self.state;
        ron::from_str(text)
            .map(|(d, n, i)| (s.devices, s.n_units, s.integer) = (d, n, i))
            .is_ok()
    }

    fn side_panel_ui(&mut self, ui: &mut Ui, _shown: Shown<'_, Self>, ctx: &mut ViewContext<'_>) {
        panel::side_panel_ui(ui, self, ctx);
    }

    fn central_ui(
        &mut self,
        ui: &mut Ui,
        tab: Tab,
        shown: Shown<'_, Self>,
        _ctx: &mut ViewContext<'_>,
    ) {
        if let (Some(view), Some(fig)) = (tab.view(), shown.figure) {
            let table = shown.computed.and_then(|c| c.table.as_ref());
            view::fpm_view_ui(ui, &self.state, view, fig, table);
        }
    }
}

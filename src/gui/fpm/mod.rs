//! The functional performance model's views in the window: speed
//! functions with the FPM line, times per device, the sweep over n.
//!
//! - `state.rs`: what is saved (devices with their points, n, options);
//! - `actions.rs`: loading and saving speed functions, measuring this
//!   machine on a thread;
//! - `panel.rs`: the side panel; `view.rs`: the central area.

mod actions;
mod panel;
pub mod state;
mod view;

use eframe::egui::Ui;
use hetscope_preset::platform::PlatformChoice;

use super::context::ViewContext;
use super::model_ui::{ModelUi, Shown};
use super::state::Tab;
use hetscope_core::CoreError;
use hetscope_figure::fpm::{FpmInput, FpmTable};
use hetscope_figure::{self as figure, Figure, ModelId, View};
use hetscope_preset::Catalog;
use state::{FpmState, Measuring};

/// The FPM model's UI.
pub struct FpmUi {
    pub state: FpmState,
    /// The measurement in progress.
    measuring: Option<Measuring>,
    /// Why the last CSV could not be loaded.
    load_error: Option<String>,
}

/// The figures' input and the partition table of the times view.
pub struct FpmComputed {
    pub input: FpmInput,
    /// None when the partitions cannot be solved (the times figure then
    /// says why).
    pub table: Option<FpmTable>,
}

impl ModelUi for FpmUi {
    type State = FpmState;
    type Input = FpmInput;
    type Computed = FpmComputed;

    const GROUP: ModelId = ModelId::Fpm;

    fn new(catalog: &Catalog) -> Self {
        FpmUi {
            state: FpmState::from_catalog(catalog),
            measuring: None,
            load_error: None,
        }
    }

    fn state(&self) -> &FpmState {
        &self.state
    }

    fn set_state(&mut self, state: FpmState) {
        self.state = state;
    }

    /// Version 1 kept this state in the `fpm` field of its record.
    fn legacy_state(old: &str) -> Option<FpmState> {
        super::model_ui::legacy_field!(old, fpm, FpmState)
    }

    fn input(&self, _catalog: &Catalog) -> Result<FpmInput, CoreError> {
        self.state.input()
    }

    fn compute(input: &FpmInput) -> Result<FpmComputed, CoreError> {
        Ok(FpmComputed {
            input: input.clone(),
            table: figure::fpm::table(input).ok(),
        })
    }

    fn figure(view: View, c: &FpmComputed) -> Result<Figure, CoreError> {
        Ok(figure::fpm::build_figure(view, &c.input)?)
    }

    /// The platform's devices: its measured speed functions, else one
    /// per socket and GPU from its spec sheets; n in blocks.
    fn use_platform(&mut self, platform: &PlatformChoice, ctx: &mut ViewContext<'_>) {
        match platform.preset.fpm(ctx.catalog, &platform.origin) {
            Ok(r) => {
                self.state.devices = r.value;
                self.state.platform = platform.preset.name.clone();
                self.state.n_units = hetscope_preset::fpm::PAPER_N;
                self.state.integer = true;
            }
            Err(e) => ctx.status.error(e),
        }
    }

    /// The second platform's speed functions over the speed view.
    fn use_second_platform(
        &mut self,
        platform: Option<&PlatformChoice>,
        ctx: &mut ViewContext<'_>,
    ) {
        let Some(platform) = platform else {
            self.state.compare = None;
            return;
        };
        match platform.preset.fpm(ctx.catalog, &platform.origin) {
            Ok(r) => self.state.compare = Some((platform.preset.name.clone(), r.value)),
            Err(e) => ctx.status.error(e),
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

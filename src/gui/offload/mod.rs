//! The offload decision's views in the window: CPU and GPU time and the
//! speedup against problem size, and the kernel suite. The scenario (what
//! is saved), its input, the decision readout and the figures are the
//! core's (`hetscope_core::offload`).
//!
//! - `panel.rs`: the side panel; `view.rs`: the central area with the
//!   editable access table;
//! - `measured.rs`: measured speedups beside the suite (the panel's row,
//!   the file read once per load).

mod measured;
mod panel;
mod view;

use eframe::egui::Ui;
use hetscope_preset::platform::PlatformChoice;

use super::context::ViewContext;
use super::model_ui::{ModelUi, Shown};
use super::state::Tab;
use hetscope_core::offload::{BasePlatform, Offload, OffloadOutput, OffloadScenario};
use hetscope_core::{CoreError, Model};
use hetscope_figure::offload::OffloadInput;
use hetscope_figure::{Figure, ModelId, View};
use hetscope_preset::Catalog;

/// The offload model's UI.
pub struct OffloadUi {
    pub state: OffloadScenario,
    access_rows: view::AccessRows,
    /// The platform before the overrides, by platform id: resolved once
    /// per platform, not every frame.
    base: Option<(String, Option<BasePlatform>)>,
    /// The measured-speedup row's messages.
    measured_row: measured::MeasuredRow,
}

impl ModelUi for OffloadUi {
    type State = OffloadScenario;
    type Input = OffloadInput;
    type Computed = OffloadOutput;

    const GROUP: ModelId = ModelId::Offload;

    fn new(catalog: &Catalog) -> Self {
        OffloadUi {
            state: OffloadScenario::from_catalog(catalog),
            access_rows: Default::default(),
            base: None,
            measured_row: Default::default(),
        }
    }

    fn state(&self) -> &OffloadScenario {
        &self.state
    }

    fn set_state(&mut self, state: OffloadScenario) {
        self.state = state;
    }

    /// Version 1 kept this state in the `offload` field of its record.
    fn legacy_state(old: &str) -> Option<OffloadScenario> {
        super::model_ui::legacy_field!(old, offload, OffloadScenario)
    }

    /// A record that held the measured-speedup file by its path alone:
    /// the file is read again.
    fn restored(&mut self, record: &str, ctx: &mut ViewContext<'_>) {
        measured::reload_saved_path(self, record, ctx);
    }

    fn input(&self, catalog: &Catalog) -> Result<OffloadInput, CoreError> {
        Offload::input(&self.state, catalog)
    }

    fn compute(input: &OffloadInput) -> Result<OffloadOutput, CoreError> {
        Offload::compute(input)
    }

    fn figure(view: View, c: &OffloadOutput) -> Result<Figure, CoreError> {
        Offload::figure(view, c)
    }

    /// The platform's id: the offload scenario resolves it (its paper's
    /// offload preset, else derived from its hardware).
    fn use_platform(&mut self, platform: &PlatformChoice, ctx: &mut ViewContext<'_>) {
        if let Err(e) = Offload::use_platform(&mut self.state, platform, ctx.catalog) {
            ctx.status.error(e.to_string());
        }
    }

    /// The second platform's curves over the offload view.
    fn use_second_platform(
        &mut self,
        platform: Option<&PlatformChoice>,
        ctx: &mut ViewContext<'_>,
    ) {
        if let Err(e) = Offload::use_second_platform(&mut self.state, platform, ctx.catalog) {
            ctx.status.error(e.to_string());
        }
    }

    fn platform_part(&self) -> Option<String> {
        ron::to_string(&(&self.state.platform, &self.state.overrides)).ok()
    }

    fn set_platform_part(&mut self, text: &str) -> bool {
        ron::from_str(text)
            .map(|(p, o)| (self.state.platform, self.state.overrides) = (p, o))
            .is_ok()
    }

    fn side_panel_ui(&mut self, ui: &mut Ui, shown: Shown<'_, Self>, ctx: &mut ViewContext<'_>) {
        self.state.sync_edit(ctx.catalog);
        let readout = match (shown.error, shown.computed) {
            (Some(e), _) => Some(Err(e)),
            (None, Some(c)) => Some(c.readout.as_ref()),
            (None, None) => None,
        };
        if self
            .base
            .as_ref()
            .is_none_or(|(id, _)| *id != self.state.platform)
        {
            let base = self.state.base(ctx.catalog).ok();
            self.base = Some((self.state.platform.clone(), base));
        }
        let base = self.base.as_ref().and_then(|(_, b)| b.as_ref());
        let row = &mut self.measured_row;
        let cat = ctx.catalog;
        panel::side_panel_ui(ui, &mut self.state, base, readout, cat, |ui, s| {
            measured::measured_ui(ui, s, row, ctx);
        });
    }

    fn central_ui(
        &mut self,
        ui: &mut Ui,
        tab: Tab,
        shown: Shown<'_, Self>,
        _ctx: &mut ViewContext<'_>,
    ) {
        if let (Some(view), Some(Figure::Chart(fig))) = (tab.view(), shown.figure) {
            view::offload_view_ui(ui, &mut self.state, &mut self.access_rows, view, fig);
        }
    }
}

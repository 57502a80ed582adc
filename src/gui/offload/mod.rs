//! The offload decision's views in the window: CPU and GPU time and the
//! speedup against problem size, and the kernel suite.
//!
//! - `state.rs`: what is saved (platform, overrides, kernel, edited
//!   subscripts, sizes) and the decision readout;
//! - `panel.rs`: the side panel; `view.rs`: the central area with the
//!   editable access table;
//! - `measured.rs`: measured speedups beside the suite (the file read
//!   once per load, the panel's row).

pub mod measured;
mod panel;
pub mod state;
mod view;

use eframe::egui::Ui;
use hetscope_preset::platform::PlatformChoice;

use super::context::ViewContext;
use super::model_ui::{ModelUi, Shown};
use super::state::Tab;
use hetscope_core::CoreError;
use hetscope_figure::offload::OffloadInput;
use hetscope_figure::{self as figure, Figure, ModelId, View};
use hetscope_preset::Catalog;
use state::{BasePlatform, OffloadState, Readout};

/// The offload model's UI.
pub struct OffloadUi {
    pub state: OffloadState,
    access_rows: view::AccessRows,
    /// The platform before the overrides, by platform id: resolved once
    /// per platform, not every frame.
    base: Option<(String, Option<BasePlatform>)>,
    /// The measured-speedup file, parsed once per load.
    measured_file: measured::MeasuredFile,
}

/// The figures' input and the side panel's decision readout.
pub struct OffloadComputed {
    pub input: OffloadInput,
    pub readout: Result<Readout, CoreError>,
}

impl ModelUi for OffloadUi {
    type State = OffloadState;
    type Input = OffloadInput;
    type Computed = OffloadComputed;

    const GROUP: ModelId = ModelId::Offload;

    fn new(catalog: &Catalog) -> Self {
        let mut state = OffloadState::default();
        state.sync_edit(catalog);
        OffloadUi {
            state,
            access_rows: Default::default(),
            base: None,
            measured_file: Default::default(),
        }
    }

    fn state(&self) -> &OffloadState {
        &self.state
    }

    fn set_state(&mut self, state: OffloadState) {
        self.state = state;
    }

    /// Version 1 kept this state in the `offload` field of its record.
    fn legacy_state(old: &str) -> Option<OffloadState> {
        super::model_ui::legacy_field!(old, offload, OffloadState)
    }

    fn input(&self, catalog: &Catalog) -> Result<OffloadInput, CoreError> {
        self.state.input_with(catalog, |_| self.measured(catalog))
    }

    fn compute(input: &OffloadInput) -> Result<OffloadComputed, CoreError> {
        Ok(OffloadComputed {
            input: input.clone(),
            readout: Readout::of(input),
        })
    }

    fn figure(view: View, c: &OffloadComputed) -> Result<Figure, CoreError> {
        Ok(figure::offload::build(view, &c.input).map(Figure::Chart)?)
    }

    /// The platform's id: the offload state resolves it (its paper's
    /// offload preset, else derived from its hardware).
    fn use_platform(&mut self, platform: &PlatformChoice, _ctx: &mut ViewContext<'_>) {
        self.state.select_platform(&platform.id);
    }

    /// The second platform's curves over the offload view.
    fn use_second_platform(
        &mut self,
        platform: Option<&PlatformChoice>,
        _ctx: &mut ViewContext<'_>,
    ) {
        self.state.compare = platform.map(|p| p.id.clone());
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
        let file = &mut self.measured_file;
        let cat = ctx.catalog;
        panel::side_panel_ui(ui, &mut self.state, base, readout, cat, |ui, s| {
            measured::measured_ui(ui, s, file, ctx);
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

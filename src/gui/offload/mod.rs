//! The offload decision's views in the window: CPU and GPU time and the
//! speedup against problem size, and the kernel suite. The scenario (what
//! is saved), its input, the decision readout and the figures are the
//! core's (`hetscope_core::offload`).
//!
//! - `panel.rs`: the side panel; `view.rs`: the central area with the
//!   editable access table;
//! - `measured.rs`: measured speedups beside the suite (the panel's row,
//!   the file read once per load).

mod dropped;
mod measured;
mod panel;
mod view;

use eframe::egui::Ui;

use super::context::ViewContext;
use super::model_ui::{Editing, ModelUi, Scenario, Shown};
use super::state::Tab;
use hetscope_core::CoreError;
use hetscope_core::offload::{BasePlatform, Offload, OffloadScenario};
use hetscope_figure::Figure;
use hetscope_figure::offload::OffloadInput;
use hetscope_preset::Catalog;

/// The offload panels, with what they keep between frames.
#[derive(Default)]
pub struct OffloadUi {
    access_rows: view::AccessRows,
    /// The platform before the overrides, by platform id: resolved once
    /// per platform, not every frame.
    base: Option<(String, Option<BasePlatform>)>,
    /// The measured-speedup row's messages.
    measured_row: measured::MeasuredRow,
}

impl ModelUi for OffloadUi {
    type Model = Offload;

    fn take_file(
        m: &mut Editing<'_, Self>,
        kind: hetscope_core::recognize::FileKind,
        path: &std::path::Path,
        ctx: &mut ViewContext<'_>,
    ) -> Option<Tab> {
        dropped::take_file(m, kind, path, ctx)
    }

    fn new(_catalog: &Catalog) -> Self {
        OffloadUi::default()
    }

    /// Version 1 kept this state in the `offload` field of its record.
    fn legacy_state(old: &str) -> Option<OffloadScenario> {
        super::model_ui::legacy_field!(old, offload, OffloadScenario)
    }

    /// A record that held the measured-speedup file by its path alone:
    /// the file is read again.
    fn restored(m: &mut Editing<'_, Self>, record: &str, ctx: &mut ViewContext<'_>) {
        measured::reload_saved_path(m, record, ctx);
    }

    /// The kernels of the last input are taken where unchanged (a drag
    /// parses no subscript again).
    fn input(
        &self,
        state: &OffloadScenario,
        catalog: &Catalog,
        last: Option<(&OffloadScenario, &OffloadInput)>,
    ) -> Result<OffloadInput, CoreError> {
        state.input_reusing(catalog, last)
    }

    fn platform_part(s: &OffloadScenario) -> Option<String> {
        ron::to_string(&(&s.platform, &s.overrides)).ok()
    }

    fn set_platform_part(s: &mut Scenario<Self>, text: &str) -> bool {
        ron::from_str(text)
            .map(|(p, o)| (s.platform, s.overrides) = (p, o))
            .is_ok()
    }

    fn side_panel_ui(
        m: &mut Editing<'_, Self>,
        ui: &mut Ui,
        shown: Shown<'_, Self>,
        ctx: &mut ViewContext<'_>,
    ) {
        let Editing { ui: me, state } = m;
        state.sync_edit(ctx.catalog);
        let readout = match (shown.error, shown.computed) {
            (Some(e), _) => Some(Err(e)),
            (None, Some(c)) => Some(c.readout.as_ref()),
            (None, None) => None,
        };
        if me.base.as_ref().is_none_or(|(id, _)| *id != state.platform) {
            let base = state.base(ctx.catalog).ok();
            me.base = Some((state.platform.clone(), base));
        }
        let base = me.base.as_ref().and_then(|(_, b)| b.as_ref());
        let row = &mut me.measured_row;
        let cat = ctx.catalog;
        panel::side_panel_ui(ui, state, base, readout, cat, |ui, s| {
            measured::measured_ui(ui, s, row, ctx);
        });
    }

    fn central_ui(
        m: &mut Editing<'_, Self>,
        ui: &mut Ui,
        tab: Tab,
        shown: Shown<'_, Self>,
        _ctx: &mut ViewContext<'_>,
    ) {
        if let (Some(view), Some(Figure::Chart(fig))) = (tab.view(), shown.figure) {
            view::offload_view_ui(ui, m.state, &mut m.ui.access_rows, view, fig);
        }
    }
}

//! The functional performance model's views in the window: speed
//! functions with the FPM line, times per device, the sweep over n.
//!
//! The scenario (devices with their points, n, options), its input, the
//! figures and platforms come from `hetscope_core::fpm`; here:
//!
//! - `actions.rs`: loading and saving speed functions, measuring this
//!   machine on a thread (`measuring.rs`: its progress);
//! - `panel.rs`: the side panel (`health.rs`: a dropped StarPU model's
//!   calibration health; `starpu_chooser.rs`: the codelet and host of a
//!   dropped folder of several); `view.rs`: the central area.

mod actions;
mod dropped;
mod health;
mod measuring;
mod panel;
mod starpu_chooser;
mod view;

use eframe::egui::Ui;

use super::context::ViewContext;
use super::model_ui::{Editing, ModelUi, Scenario, Shown};
use super::state::Tab;
use hetscope_core::fpm::{Fpm, FpmScenario};
use hetscope_preset::Catalog;
use measuring::Measuring;

/// The FPM panels: the measurement in progress and the last load's
/// error.
#[derive(Default)]
pub struct FpmUi {
    /// The measurement in progress.
    measuring: Option<Measuring>,
    /// Why the last CSV could not be loaded.
    load_error: Option<String>,
    /// The calibration health of the last StarPU model taken, with its
    /// file's name.
    starpu_health: Option<(String, Vec<hetscope_model::fpm::DeviceHealth>)>,
    /// The codelets and hosts of a dropped folder of several, to choose
    /// one from.
    starpu_chooser: Option<starpu_chooser::StarpuChooser>,
}

impl ModelUi for FpmUi {
    type Model = Fpm;

    fn take_file(
        m: &mut Editing<'_, Self>,
        kind: hetscope_core::recognize::FileKind,
        path: &std::path::Path,
        ctx: &mut ViewContext<'_>,
    ) -> Option<Tab> {
        dropped::take_file(m, kind, path, ctx)
    }

    fn new(_catalog: &Catalog) -> Self {
        FpmUi::default()
    }

    /// Version 1 kept this state in the `fpm` field of its record.
    fn legacy_state(old: &str) -> Option<FpmScenario> {
        super::model_ui::legacy_field!(old, fpm, FpmScenario)
    }

    fn platform_part(s: &FpmScenario) -> Option<String> {
        ron::to_string(&(&s.devices, s.n_units, s.integer)).ok()
    }

    fn set_platform_part(s: &mut Scenario<Self>, text: &str) -> bool {
        ron::from_str(text)
            .map(|(d, n, i)| (s.devices, s.n_units, s.integer) = (d, n, i))
            .is_ok()
    }

    fn side_panel_ui(
        m: &mut Editing<'_, Self>,
        ui: &mut Ui,
        _shown: Shown<'_, Self>,
        ctx: &mut ViewContext<'_>,
    ) {
        panel::side_panel_ui(ui, m, ctx);
    }

    fn central_ui(
        m: &mut Editing<'_, Self>,
        ui: &mut Ui,
        tab: Tab,
        shown: Shown<'_, Self>,
        _ctx: &mut ViewContext<'_>,
    ) {
        if let (Some(view), Some(fig)) = (tab.view(), shown.figure) {
            let table = shown.computed.and_then(|c| c.table.as_ref());
            view::fpm_view_ui(ui, m.state, view, fig, table);
        }
    }
}

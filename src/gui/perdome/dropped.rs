//! Files dropped on the window that PerDome / PeaPaw reads: a processor
//! preset (one side of the platform), a workload preset, a measured CSV
//! and energy runs, each as the panel's own buttons read them.

use std::path::Path;

use super::PerdomeUi;
use crate::gui::app::file_name;
use crate::gui::context::ViewContext;
use crate::gui::model_ui::Editing;
use crate::gui::state::Tab;
use hetscope_core::perdome::energy_runs::load_energy_runs;
use hetscope_core::recognize::FileKind;
use hetscope_figure::View;
use hetscope_preset::load_processor_file;

/// Read `path` of `kind` into the scenario; the tab that shows it.
pub fn take_file(
    m: &mut Editing<'_, PerdomeUi>,
    kind: FileKind,
    path: &Path,
    ctx: &mut ViewContext<'_>,
) -> Option<Tab> {
    let heatmap = Tab::Figure(View::PerdomeHeatmap);
    match kind {
        FileKind::Processor => take_processor(m, path, ctx).then_some(heatmap),
        FileKind::Workload => m.load_workload_path(path, ctx.status).then_some(heatmap),
        FileKind::PerdomeMeasured => m.import_csv_path(path, ctx).then_some(heatmap),
        FileKind::EnergyRuns => {
            take_energy_runs(m, path, ctx).then_some(Tab::Figure(View::EnergyFit))
        }
        _ => None,
    }
}

/// A processor preset becomes its side (CPU or GPU) of the platform.
fn take_processor(m: &mut Editing<'_, PerdomeUi>, path: &Path, ctx: &mut ViewContext<'_>) -> bool {
    let name = file_name(path);
    match load_processor_file(path) {
        Ok(p) => {
            let platform = &mut m.state.platform;
            let side = p.kind;
            *platform.params.side_mut(side) = p.processor();
            *platform.loaded.side_mut(side) = p.processor();
            match side {
                hetscope_model::perdome::Side::Cpu => platform.cpu_name = p.name.clone(),
                hetscope_model::perdome::Side::Gpu => platform.gpu_name = p.name.clone(),
            }
            ctx.status.info(format!(
                "{name}: processor preset {}, now the platform's {}",
                p.name,
                side.name()
            ));
            true
        }
        Err(e) => {
            ctx.status.error(format!("Could not read {name}: {e}"));
            false
        }
    }
}

/// Energy runs become the energy fit's runs.
fn take_energy_runs(
    m: &mut Editing<'_, PerdomeUi>,
    path: &Path,
    ctx: &mut ViewContext<'_>,
) -> bool {
    let name = file_name(path);
    match load_energy_runs(path) {
        Ok(runs) => {
            let n = runs.data().runs.len();
            let state = &mut m.state.energy_runs;
            state.path = path.display().to_string();
            state.loaded = Some(runs);
            ctx.status.info(format!(
                "{name}: {n} energy runs, now fitted in the energy fit view"
            ));
            true
        }
        Err(e) => {
            ctx.status.error(format!("Could not read {name}: {e}"));
            false
        }
    }
}

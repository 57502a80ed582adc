//! Files dropped on the window that the offload decision reads: measured
//! speedups, a kernel preset (shown in the offload view) and an offload
//! platform preset (the platform of both views).

use std::path::Path;

use super::OffloadUi;
use crate::gui::app::file_name;
use crate::gui::context::ViewContext;
use crate::gui::model_ui::Editing;
use crate::gui::state::Tab;
use hetscope_core::offload::{BasePlatform, KernelEdit, load_measured};
use hetscope_core::recognize::FileKind;
use hetscope_figure::View;
use hetscope_model::platform::Source;
use hetscope_preset::file_id;
use hetscope_preset::offload::{load_offload_kernel_file, load_offload_platform_file};

/// Read `path` of `kind` into the scenario; the tab that shows it.
pub fn take_file(
    m: &mut Editing<'_, OffloadUi>,
    kind: FileKind,
    path: &Path,
    ctx: &mut ViewContext<'_>,
) -> Option<Tab> {
    let name = file_name(path);
    let s = &mut m.state;
    let read: Result<(String, Tab), String> = match kind {
        FileKind::OffloadSpeedups => load_measured(path, ctx.catalog)
            .map(|measured| {
                let runs = measured.data().runs.len();
                s.measured_path = path.display().to_string();
                s.measured = Some(measured);
                let said = format!("{name}: {runs} measured runs, drawn beside the kernel suite");
                (said, Tab::Figure(View::OffloadSuite))
            })
            .map_err(|e| e.to_string()),
        FileKind::OffloadKernel => load_offload_kernel_file(path)
            .map(|k| {
                let id = file_id(path);
                s.given.kernels.retain(|(i, _)| *i != id);
                s.edit = KernelEdit::from_preset(&id, &k);
                s.given.kernels.push((id.clone(), k));
                s.kernel = id.clone();
                let said = format!("{name}: offload kernel {id}, now the offload view's kernel");
                (said, Tab::Figure(View::Offload))
            })
            .map_err(|e| e.to_string()),
        FileKind::OffloadPlatform => load_offload_platform_file(path)
            .and_then(|p| {
                let model = p.to_model()?;
                let id = file_id(path);
                let said = format!(
                    "{name}: offload platform {}, now the offload platform",
                    p.name
                );
                s.given.platform = Some(BasePlatform {
                    name: p.name.clone(),
                    model,
                    sources: vec![("platform".into(), Source::Paper(p.source.clone()))],
                    derived: false,
                });
                s.platform = id;
                s.overrides.clear();
                Ok((said, Tab::Figure(View::Offload)))
            })
            .map_err(|e| e.to_string()),
        _ => return None,
    };
    match read {
        Ok((said, tab)) => {
            ctx.status.info(said);
            Some(tab)
        }
        Err(e) => {
            ctx.status.error(format!("Could not read {name}: {e}"));
            None
        }
    }
}

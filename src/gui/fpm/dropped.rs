//! Files dropped on the window that the FPM tab reads: a speed function
//! (CSV) becomes a device, as the panel's Load button makes it; a StarPU
//! model file, or a folder of one codelet's models on one host, gives
//! its workers.

use std::path::Path;

use super::FpmUi;
use crate::gui::context::ViewContext;
use crate::gui::model_ui::Editing;
use crate::gui::state::Tab;
use hetscope_core::recognize::FileKind;
use hetscope_figure::View;

/// Read `path` of `kind` into the scenario; the tab that shows it.
pub fn take_file(
    m: &mut Editing<'_, FpmUi>,
    kind: FileKind,
    path: &Path,
    ctx: &mut ViewContext<'_>,
) -> Option<Tab> {
    match kind {
        FileKind::SpeedFunction => m
            .load_csv(path, ctx.status)
            .then_some(Tab::Figure(View::FpmSpeed)),
        FileKind::StarpuModel => m
            .load_starpu(path, ctx.status)
            .then_some(Tab::Figure(View::FpmSpeed)),
        _ => None,
    }
}

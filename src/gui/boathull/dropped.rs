//! Files dropped on the window that the boat hull reads: an application
//! preset and measured times, as the panel's own buttons read them.

use std::path::Path;

use super::BoathullUi;
use crate::gui::app::file_name;
use crate::gui::context::ViewContext;
use crate::gui::model_ui::Editing;
use crate::gui::state::Tab;
use hetscope_core::boathull::ApplicationChoice;
use hetscope_core::recognize::FileKind;
use hetscope_figure::View;
use hetscope_preset::boathull::load_application_file;

/// Read `path` of `kind` into the scenario; the tab that shows it.
pub fn take_file(
    m: &mut Editing<'_, BoathullUi>,
    kind: FileKind,
    path: &Path,
    ctx: &mut ViewContext<'_>,
) -> Option<Tab> {
    match kind {
        FileKind::Application => {
            let file = file_name(path);
            match load_application_file(path) {
                Ok(preset) => {
                    ctx.status.info(format!(
                        "{file}: application preset {}, now the boat hull's application",
                        preset.name
                    ));
                    m.state.application = ApplicationChoice::File { file, preset };
                    Some(Tab::Figure(View::BoathullApp))
                }
                Err(e) => {
                    ctx.status.error(format!("Could not read {file}: {e}"));
                    None
                }
            }
        }
        FileKind::BoathullTimes => {
            m.state.measured_path = path.display().to_string();
            m.load_measured(path, ctx.status)
                .then_some(Tab::Figure(View::Boathull))
        }
        _ => None,
    }
}

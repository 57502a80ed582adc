//! The window's own persisted state: the tab on screen and the export
//! size. Each model keeps its own state (see `model_ui.rs`).

use serde::{Deserialize, Serialize};

/// The format of the saved state. Version 1 kept everything in one record;
/// version 2 keeps the window's state here and each model's under its own
/// key, and reads a version 1 record once to migrate it.
pub const STATE_VERSION: u32 = 2;

pub use hetscope_core::session::Tab;

/// Default export size, px.
pub const EXPORT_SIZE: (u32, u32) = (1500, 950);

/// What the window saves of its own.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct AppState {
    /// [`STATE_VERSION`] when saved by this version; a record without it
    /// is version 1.
    #[serde(default = "version_1")]
    pub version: u32,
    /// The session's page (`Session::tab`) as saved.
    pub tab: Tab,
    /// Export size, px.
    pub export_width: u32,
    pub export_height: u32,
    /// The folder of the last file chosen; dialogs start there.
    pub last_folder: Option<std::path::PathBuf>,
    /// The session's platform (`Session::platform`, chosen at the top of
    /// the window) as saved; none until one is chosen: each model then
    /// shows its own presets.
    pub shared_platform: Option<String>,
    /// Each model's fine-tuning of each platform it was used with, by
    /// "<platform id>/<model key>" (RON), so that coming back to a
    /// platform finds it as it was left.
    pub tuned: std::collections::BTreeMap<String, String>,
    /// The view last shown of each model, by model key: a model's tab
    /// opens on it again (moving around, not an edit of the session).
    #[serde(default)]
    pub sub_views: std::collections::BTreeMap<String, Tab>,
}

impl Default for AppState {
    fn default() -> Self {
        AppState {
            version: STATE_VERSION,
            tab: Tab::default(),
            export_width: EXPORT_SIZE.0,
            export_height: EXPORT_SIZE.1,
            last_folder: None,
            shared_platform: None,
            tuned: Default::default(),
            sub_views: Default::default(),
        }
    }
}

fn version_1() -> u32 {
    1
}

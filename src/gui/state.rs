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
    /// Light, dark or as the desktop says.
    #[serde(default)]
    pub theme: ThemeChoice,
    /// Session files last opened or saved, the latest first.
    #[serde(default)]
    pub recent: Vec<std::path::PathBuf>,
    /// The format of the last export (what Ctrl+E exports).
    #[serde(default = "svg")]
    pub last_export: String,
    /// Exports drawn in the dark palette (light unless asked).
    #[serde(default)]
    pub export_dark: bool,
    /// The getting-started panel was closed for good.
    #[serde(default)]
    pub getting_started_done: bool,
}

/// How many session files File > Open recent lists.
pub const RECENT_FILES: usize = 8;

impl AppState {
    /// `path` is the latest session file: first in the recent list.
    pub fn remember_session_file(&mut self, path: &std::path::Path) {
        self.recent.retain(|p| p != path);
        self.recent.insert(0, path.to_path_buf());
        self.recent.truncate(RECENT_FILES);
    }

    /// The extension of the last export (SVG before any).
    pub fn last_export_ext(&self) -> &'static str {
        ["png", "svg", "pdf", "csv"]
            .into_iter()
            .find(|e| *e == self.last_export)
            .unwrap_or("svg")
    }
}

fn svg() -> String {
    "svg".to_string()
}

/// The window's theme.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ThemeChoice {
    /// As the desktop says (light where it says nothing).
    #[default]
    System,
    Light,
    Dark,
}

impl ThemeChoice {
    pub const ALL: [ThemeChoice; 3] = [ThemeChoice::System, ThemeChoice::Light, ThemeChoice::Dark];

    pub fn title(self) -> &'static str {
        match self {
            ThemeChoice::System => "As the desktop",
            ThemeChoice::Light => "Light",
            ThemeChoice::Dark => "Dark",
        }
    }

    /// Use this theme in the window.
    pub fn apply(self, ctx: &eframe::egui::Context) {
        use eframe::egui::{Theme, ThemePreference};
        ctx.options_mut(|o| o.fallback_theme = Theme::Light);
        ctx.set_theme(match self {
            ThemeChoice::System => ThemePreference::System,
            ThemeChoice::Light => ThemePreference::Light,
            ThemeChoice::Dark => ThemePreference::Dark,
        });
    }
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
            theme: ThemeChoice::default(),
            recent: Vec::new(),
            last_export: svg(),
            export_dark: false,
            getting_started_done: false,
        }
    }
}

fn version_1() -> u32 {
    1
}

//! What a model's panels get besides their own state: the built-in
//! catalog, the background jobs and the status line. Never the whole app.

use super::jobs::Jobs;
use super::state::Tab;
use hetscope_preset::Catalog;

/// How a status message reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatusKind {
    Info,
    Error,
}

/// The message at the bottom of the window.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StatusLine {
    message: Option<(StatusKind, String)>,
}

impl StatusLine {
    pub fn info(&mut self, text: impl Into<String>) {
        self.message = Some((StatusKind::Info, text.into()));
    }

    /// Show an error: a message, or any error as it displays.
    pub fn error(&mut self, text: impl std::fmt::Display) {
        self.message = Some((StatusKind::Error, text.to_string()));
    }

    pub fn clear(&mut self) {
        self.message = None;
    }

    /// The message, if there is one.
    pub fn get(&self) -> Option<(StatusKind, &str)> {
        self.message.as_ref().map(|(k, s)| (*k, s.as_str()))
    }
}

/// What a panel asks of the window (handled after the panel is drawn).
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    /// Show this tab.
    Open(Tab),
    /// Choose this platform (a catalog id) for every model, as the picker
    /// at the top of the window does.
    UsePlatform(String),
    /// Compare every model that can with this platform (a catalog id), or
    /// with none.
    CompareWith(Option<String>),
    /// Use this platform for every model with these CPU sockets and GPUs
    /// counted (PeaPaw 3.3; none: all of them).
    Regroup {
        id: String,
        cpus: Option<u32>,
        gpus: Option<u32>,
    },
}

/// Passed to every panel of a model instead of the app.
pub struct ViewContext<'a> {
    /// The built-in presets.
    pub catalog: &'a Catalog,
    /// File dialogs, exports, measurements: work off the UI thread.
    pub jobs: &'a mut Jobs,
    pub status: &'a mut StatusLine,
    /// What the panels asked of the window this frame.
    pub requests: &'a mut Vec<Request>,
}

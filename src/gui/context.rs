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

/// How long the status line shows a piece of news (an error stays until
/// the next message).
pub const INFO_SHOWN: std::time::Duration = std::time::Duration::from_secs(20);

/// The message at the bottom of the window, and when it was given.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StatusLine {
    message: Option<(StatusKind, String)>,
    at: Option<std::time::Instant>,
}

impl StatusLine {
    pub fn info(&mut self, text: impl Into<String>) {
        self.message = Some((StatusKind::Info, text.into()));
        self.at = Some(std::time::Instant::now());
    }

    /// Show an error: a message, or any error as it displays.
    pub fn error(&mut self, text: impl std::fmt::Display) {
        self.message = Some((StatusKind::Error, text.to_string()));
        self.at = Some(std::time::Instant::now());
    }

    pub fn clear(&mut self) {
        self.message = None;
    }

    /// The message the line shows at `now`: news for [`INFO_SHOWN`] (it
    /// is then stale: "Ready." again), an error until the next message;
    /// and how long until what is shown changes.
    pub fn shown(
        &self,
        now: std::time::Instant,
    ) -> (Option<(StatusKind, &str)>, Option<std::time::Duration>) {
        let age = self.at.map(|at| now.saturating_duration_since(at));
        match (self.get(), age) {
            (Some((StatusKind::Info, _)), Some(age)) if age >= INFO_SHOWN => (None, None),
            (Some((StatusKind::Info, s)), Some(age)) => {
                (Some((StatusKind::Info, s)), Some(INFO_SHOWN - age))
            }
            (m, _) => (m, None),
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn news_goes_stale_and_an_error_stays() {
        let mut s = StatusLine::default();
        s.info("Opened session s.ron");
        let now = std::time::Instant::now();
        let (shown, left) = s.shown(now);
        assert_eq!(shown, Some((StatusKind::Info, "Opened session s.ron")));
        assert!(left.is_some_and(|l| l <= INFO_SHOWN));
        assert_eq!(s.shown(now + INFO_SHOWN + Duration::from_secs(1)).0, None);
        s.error("could not read x.ron");
        let later = s.shown(now + INFO_SHOWN * 10).0;
        assert_eq!(later, Some((StatusKind::Error, "could not read x.ron")));
    }
}

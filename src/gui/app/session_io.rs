//! Session files in the window: File > New, Open, Save, Save as and Open
//! recent, and the file named on the command line. The format, its
//! version and migrations are the core's (`hetscope_core::session_file`).

use std::path::{Path, PathBuf};

use eframe::egui;

use super::{HetscopeApp, file_name};
use crate::gui::dialog::{FileDialog, OnPick, PathRequest};
use hetscope_core::Session;
use hetscope_core::session_file::{open_session, save_session};

/// The filter of session file dialogs.
pub const SESSION_FILTER: (&str, &str) = ("hetscope session", "ron");

impl HetscopeApp {
    /// Every model back to its first-start values, no file (one undo
    /// step).
    pub fn new_session(&mut self) {
        let fresh = Session {
            tab: self.session.tab,
            ..Session::new(&self.catalog)
        };
        self.replace_session(fresh, || "New session".to_string());
        self.session_file = None;
        let now = self.session.clone();
        self.edits.mark_saved(&now);
        self.status
            .info("New session: every model on its first-start values.");
    }

    /// Open the session file `path` (one undo step); what went wrong is
    /// named on the status line and nothing changes.
    pub fn open_session_file(&mut self, path: &Path) {
        match open_session(path) {
            Ok(opened) => {
                let name = file_name(path);
                self.replace_session(opened.session, || format!("Open {name}"));
                self.after_session_change();
                self.session_file = Some(path.to_path_buf());
                self.state.remember_session_file(path);
                let now = self.session.clone();
                self.edits.mark_saved(&now);
                let notes = opened.notes.join("; ");
                let sep = if notes.is_empty() { "" } else { ": " };
                self.status
                    .info(format!("Opened session {name}{sep}{notes}"));
            }
            Err(e) => self
                .status
                .error(format!("Could not open the session: {e}")),
        }
    }

    /// Save the session to `path` (atomically); it becomes the session's
    /// file.
    pub fn save_session_file(&mut self, path: &Path) {
        match save_session(path, &self.session) {
            Ok(()) => {
                self.session_file = Some(path.to_path_buf());
                self.state.remember_session_file(path);
                let now = self.session.clone();
                self.edits.mark_saved(&now);
                self.status
                    .info(format!("Saved session {}", path.display()));
            }
            Err(e) => self
                .status
                .error(format!("Could not save the session: {e}")),
        }
    }

    /// Ask for a session file to open, or (`save`) where to save.
    pub(super) fn ask_session_file(&mut self, ctx: &egui::Context, save: bool) {
        let dialog = if save {
            let name = self
                .session_file
                .as_deref()
                .map_or("session.ron".to_string(), file_name);
            FileDialog::save("Save session", SESSION_FILTER, name)
        } else {
            FileDialog::open("Open session", SESSION_FILTER)
        };
        let on_pick = OnPick::Session { save };
        if let Err(e) = self.jobs.pick(ctx, PathRequest { dialog, on_pick }) {
            self.status.error(e);
        }
    }

    /// A session file was chosen in a dialog.
    pub(super) fn session_path_chosen(&mut self, path: PathBuf, save: bool) {
        if save {
            self.save_session_file(&path);
        } else {
            self.open_session_file(&path);
        }
    }

    /// After the whole session changed: every model compares with its
    /// second platform, the page exists.
    pub(super) fn after_session_change(&mut self) {
        let tab = self.session.tab;
        let known = tab == crate::gui::Tab::PaperCheck
            || self.models.all().any(|m| m.tabs().contains(&tab));
        if !known {
            self.session.tab = Default::default();
        }
    }
}

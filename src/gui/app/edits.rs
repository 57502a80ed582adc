//! Undo and redo in the window. Once a frame, when no pointer button is
//! held and no text field has the keyboard, the session is compared with
//! the last one recorded: a change of content is one step (a slider drag
//! is one step, however many frames it took; a typed value one step when
//! the field is left), a change of page or camera only moves the mark.

use eframe::egui;

use super::HetscopeApp;
use hetscope_core::Session;
use hetscope_core::history::{History, same_content};

/// The history and the sessions it is measured against.
pub struct Edits {
    pub history: History,
    /// The session as last recorded (a step starts from it).
    committed: Session,
    /// The session's content when it was last saved or opened (or at the
    /// start): the title's star says the content differs from it.
    saved: Session,
    /// Whether the content differs from `saved`, as of the last step.
    unsaved: bool,
}

impl Edits {
    /// No steps yet; `session` is both the start and the saved content.
    pub fn new(session: &Session) -> Edits {
        Edits {
            history: History::default(),
            committed: session.clone(),
            saved: session.clone(),
            unsaved: false,
        }
    }

    /// Whether the session has changes that no file holds.
    pub fn unsaved(&self) -> bool {
        self.unsaved
    }

    /// `session` is what is now in a file (saved, or just opened).
    pub fn mark_saved(&mut self, session: &Session) {
        self.saved = session.clone();
        self.committed = session.clone();
        self.unsaved = false;
    }

    fn commit(&mut self, session: &Session) {
        self.committed = session.clone();
        self.unsaved = !same_content(&self.saved, session);
    }
}

impl HetscopeApp {
    /// Record the frame's edit as a step when the person has let go of
    /// what they were editing.
    pub(super) fn track_edits(&mut self, ctx: &egui::Context) {
        if self.session == self.edits.committed {
            return;
        }
        let busy = ctx.input(|i| i.pointer.any_down()) || ctx.egui_wants_keyboard_input();
        if busy {
            return;
        }
        let before = std::mem::replace(&mut self.edits.committed, self.session.clone());
        self.edits.history.record(&before, &self.session);
        self.edits.commit(&self.session.clone());
    }

    /// Record the change to `after` as one step named `label` (opening a
    /// file, a new session), and show `after`.
    pub(super) fn replace_session(&mut self, after: Session, label: impl FnOnce() -> String) {
        self.edits
            .history
            .record_named(&self.session, &after, label);
        self.session = after;
        let now = self.session.clone();
        self.edits.commit(&now);
    }

    /// Undo the last step, if any; the status line names it.
    pub fn undo(&mut self) -> bool {
        let label = self.edits.history.undo_label().map(str::to_string);
        let Some(back) = self.edits.history.undo(&self.session) else {
            self.status.info("Nothing to undo.");
            return false;
        };
        self.show_step(back);
        self.status
            .info(format!("Undone: {}", label.unwrap_or_default()));
        true
    }

    /// Redo the last undone step, if any.
    pub fn redo(&mut self) -> bool {
        let label = self.edits.history.redo_label().map(str::to_string);
        let Some(again) = self.edits.history.redo(&self.session) else {
            self.status.info("Nothing to redo.");
            return false;
        };
        self.show_step(again);
        self.status
            .info(format!("Redone: {}", label.unwrap_or_default()));
        true
    }

    fn show_step(&mut self, session: Session) {
        self.session = session;
        let now = self.session.clone();
        self.edits.commit(&now);
    }

    /// The name of the step Undo would undo ("t_fC 0.14 -> 0.35 ps").
    pub fn undo_label(&self) -> Option<&str> {
        self.edits.history.undo_label()
    }

    /// The name of the step Redo would redo.
    pub fn redo_label(&self) -> Option<&str> {
        self.edits.history.redo_label()
    }

    /// Whether the session has changes no file holds (the title's star).
    pub fn unsaved(&self) -> bool {
        self.edits.unsaved()
    }
}

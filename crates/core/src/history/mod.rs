//! Undo and redo of a session's content: a bounded list of earlier
//! sessions, each step named by what it changed ("t_fC 0.14 -> 0.35
//! ps"). Moving around (the page on screen, the 3-D camera) is not
//! content: two sessions that differ only there are the same step, and an
//! undone step keeps the page and camera of the moment it is undone.
//!
//! Sessions hold loaded data by shared reference ([`crate::Loaded`]), so a
//! step costs a clone of the edited values, not of the data.

mod describe;
mod leaves;

pub use describe::describe_change;

use std::collections::VecDeque;

use crate::Session;

/// How many steps the history keeps by default; the oldest go first.
pub const HISTORY_LIMIT: usize = 200;

/// One edit: the session's content before and after it, and its name.
#[derive(Clone, Debug)]
struct Step {
    label: String,
    before: Session,
    after: Session,
}

/// The steps that can be undone and redone.
#[derive(Clone, Debug)]
pub struct History {
    undo: VecDeque<Step>,
    redo: Vec<Step>,
    limit: usize,
}

impl Default for History {
    fn default() -> Self {
        History::new(HISTORY_LIMIT)
    }
}

impl History {
    /// An empty history that keeps at most `limit` steps (at least one).
    pub fn new(limit: usize) -> History {
        History {
            undo: VecDeque::new(),
            redo: Vec::new(),
            limit: limit.max(1),
        }
    }

    /// Record the edit from `before` to `after`, when their content
    /// differs (else nothing happens and false comes back). A new edit
    /// drops what could be redone.
    pub fn record(&mut self, before: &Session, after: &Session) -> bool {
        self.record_named(before, after, || describe_change(before, after))
    }

    /// [`History::record`] with the step's name given (an opened file,
    /// a reset), made only when the step is recorded.
    pub fn record_named(
        &mut self,
        before: &Session,
        after: &Session,
        label: impl FnOnce() -> String,
    ) -> bool {
        if same_content(before, after) {
            return false;
        }
        self.undo.push_back(Step {
            label: label(),
            before: content_of(before),
            after: content_of(after),
        });
        while self.undo.len() > self.limit {
            self.undo.pop_front();
        }
        self.redo.clear();
        true
    }

    /// Undo the last step: the session to show now (the step's content
    /// before, with `now`'s page and camera), or none when nothing is left.
    pub fn undo(&mut self, now: &Session) -> Option<Session> {
        let step = self.undo.pop_back()?;
        let back = with_navigation(&step.before, now);
        self.redo.push(step);
        Some(back)
    }

    /// Redo the last undone step.
    pub fn redo(&mut self, now: &Session) -> Option<Session> {
        let step = self.redo.pop()?;
        let again = with_navigation(&step.after, now);
        self.undo.push_back(step);
        Some(again)
    }

    /// The name of the step [`History::undo`] would undo.
    pub fn undo_label(&self) -> Option<&str> {
        self.undo.back().map(|s| s.label.as_str())
    }

    /// The name of the step [`History::redo`] would redo.
    pub fn redo_label(&self) -> Option<&str> {
        self.redo.last().map(|s| s.label.as_str())
    }

    /// Steps that can be undone.
    pub fn undo_len(&self) -> usize {
        self.undo.len()
    }

    /// Steps that can be redone.
    pub fn redo_len(&self) -> usize {
        self.redo.len()
    }

    /// Forget every step (a new or opened session starts its own history).
    pub fn clear(&mut self) {
        self.undo.clear();
        self.redo.clear();
    }
}

/// Whether two sessions hold the same content: equal but for the page on
/// screen and the 3-D camera.
pub fn same_content(a: &Session, b: &Session) -> bool {
    content_of(a) == content_of(b)
}

/// `session` without its navigation (the page and camera of a fresh
/// session), the part an undo step keeps.
fn content_of(session: &Session) -> Session {
    let mut c = session.clone();
    c.tab = Default::default();
    c.perdome.camera = Default::default();
    c
}

/// `content` shown with the page and camera of `now`.
fn with_navigation(content: &Session, now: &Session) -> Session {
    let mut s = content.clone();
    s.tab = now.tab;
    s.perdome.camera = now.perdome.camera;
    s
}

#[cfg(test)]
mod tests;

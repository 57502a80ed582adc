//! Work that must not block the UI thread: native file dialogs and
//! exports run on their own threads and report back through a channel
//! that the app polls once per frame.

use eframe::egui;
use std::any::Any;
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, channel};

use super::dialog::{PathRequest, PickOutcome};
use super::error::JobError;
use super::path_prompt::PathPrompt;
use hetscope_export::ExportError;
use hetscope_figure::ModelId;

/// A finished background job.
pub enum Done {
    /// A file dialog closed.
    Picked {
        request: PathRequest,
        outcome: PickOutcome,
    },
    /// An export finished: the file written, or why not.
    Exported(Result<PathBuf, ExportError>),
    /// A model's own job finished: apply its result to that model (a
    /// closure only that model's slot knows the type of, see
    /// `model_ui::spawn_for`).
    ForModel {
        model: ModelId,
        apply: Box<dyn Any + Send>,
        /// A job in the background (a table computed ahead for a view):
        /// it does not make the window busy.
        quiet: bool,
    },
}

impl std::fmt::Debug for Done {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Done::Picked { outcome, .. } => f.debug_tuple("Picked").field(outcome).finish(),
            Done::Exported(r) => f.debug_tuple("Exported").field(r).finish(),
            Done::ForModel { model, quiet, .. } => {
                f.debug_tuple("ForModel").field(model).field(quiet).finish()
            }
        }
    }
}

/// Background jobs and their results, and the choosing of files: native
/// dialogs on threads, or the in-window path prompt where none can be
/// shown.
pub struct Jobs {
    tx: Sender<Done>,
    rx: Receiver<Done>,
    running: usize,
    /// Of those, the ones in the background ([`Done::ForModel`]'s `quiet`).
    quiet: usize,
    /// A native dialog was found not to show on this desktop: files are
    /// asked for in the window from now on.
    pub dialogs_unavailable: bool,
    /// The file being asked for in the window.
    pub prompt: Option<PathPrompt>,
    /// The folder of the last file chosen (dialogs start there).
    pub last_folder: Option<PathBuf>,
}

impl Default for Jobs {
    fn default() -> Self {
        let (tx, rx) = channel();
        Jobs {
            tx,
            rx,
            running: 0,
            quiet: 0,
            dialogs_unavailable: false,
            prompt: None,
            last_folder: None,
        }
    }
}

impl Jobs {
    /// Run `work` on a new thread; its result arrives through [`Jobs::poll`]
    /// and wakes the UI. Fails only when no thread can be started.
    pub fn spawn(
        &mut self,
        ctx: &egui::Context,
        name: &str,
        work: impl FnOnce() -> Done + Send + 'static,
    ) -> Result<(), JobError> {
        self.start(ctx, name, work, false)
    }

    /// [`Jobs::spawn`] for a job in the background: the window is not
    /// busy while it runs (its result must be a quiet [`Done::ForModel`]).
    pub fn spawn_quiet(
        &mut self,
        ctx: &egui::Context,
        name: &str,
        work: impl FnOnce() -> Done + Send + 'static,
    ) -> Result<(), JobError> {
        self.start(ctx, name, work, true)
    }

    fn start(
        &mut self,
        ctx: &egui::Context,
        name: &str,
        work: impl FnOnce() -> Done + Send + 'static,
        quiet: bool,
    ) -> Result<(), JobError> {
        let tx = self.tx.clone();
        let ctx = ctx.clone();
        std::thread::Builder::new()
            .name(format!("hetscope-{name}"))
            .spawn(move || {
                let done = work();
                // The receiver lives as long as the app; if it is gone there
                // is nobody left to tell.
                let _ = tx.send(done);
                ctx.request_repaint();
            })
            .map_err(JobError)?;
        if quiet {
            self.quiet += 1;
        } else {
            self.running += 1;
        }
        Ok(())
    }

    /// Results that arrived since the last call.
    pub fn poll(&mut self) -> Vec<Done> {
        let done: Vec<Done> = self.rx.try_iter().collect();
        let quiet = done
            .iter()
            .filter(|d| matches!(d, Done::ForModel { quiet: true, .. }))
            .count();
        self.quiet = self.quiet.saturating_sub(quiet);
        self.running = self.running.saturating_sub(done.len() - quiet);
        done
    }

    /// Whether a job in the background is still running.
    pub fn background(&self) -> bool {
        self.quiet > 0
    }

    /// Whether a job is still running.
    pub fn busy(&self) -> bool {
        self.running > 0
    }

    /// Ask for a file: a native dialog on a thread, or the in-window
    /// prompt where no dialog can be shown. The answer comes back as
    /// [`Done::Picked`] (from the prompt: when the person confirms it).
    pub fn pick(&mut self, ctx: &egui::Context, request: PathRequest) -> Result<(), JobError> {
        if self.dialogs_unavailable {
            self.prompt = Some(PathPrompt::new(request, self.last_folder.as_deref()));
            return Ok(());
        }
        let folder = self.last_folder.clone();
        self.spawn(ctx, "dialog", move || {
            let outcome = request.dialog.run(folder);
            Done::Picked { request, outcome }
        })
    }
}

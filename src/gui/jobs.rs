//! Work that must not block the UI thread: native file dialogs and
//! exports run on their own threads and report back through a channel
//! that the app polls once per frame.

use eframe::egui;
use std::any::Any;
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, Instant};

use super::context::ViewContext;
use super::error::JobError;
use super::export_panel::ExportRequest;
use super::model_ui::ModelUi;
use super::path_prompt::PathPrompt;
use hetscope_export::ExportError;
use hetscope_figure::ModelId;

/// A native file dialog: its title, the file type it offers and, for a
/// save dialog, the suggested file name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileDialog {
    pub title: &'static str,
    /// (name, extension), e.g. `("RON preset", "ron")`.
    pub filter: (&'static str, &'static str),
    /// `Some(name)`: a save dialog suggesting `name`; `None`: an open dialog.
    pub save_as: Option<String>,
}

impl FileDialog {
    pub fn open(title: &'static str, filter: (&'static str, &'static str)) -> FileDialog {
        FileDialog {
            title,
            filter,
            save_as: None,
        }
    }

    pub fn save(
        title: &'static str,
        filter: (&'static str, &'static str),
        name: String,
    ) -> FileDialog {
        FileDialog {
            title,
            filter,
            save_as: Some(name),
        }
    }

    /// Show the native dialog starting in `folder` (blocking: call it off
    /// the UI thread). A dialog that closes without a file faster than a
    /// person could cancel it was never shown (no portal, no display
    /// support): that is [`PickOutcome::Unavailable`], not a cancel.
    fn run(&self, folder: Option<PathBuf>) -> PickOutcome {
        let (filter_name, ext) = self.filter;
        let mut dialog = rfd::FileDialog::new()
            .set_title(self.title)
            .add_filter(filter_name, &[ext]);
        if let Some(f) = folder {
            dialog = dialog.set_directory(f);
        }
        let started = Instant::now();
        let path = match &self.save_as {
            Some(name) => dialog.set_file_name(name).save_file(),
            None => dialog.pick_file(),
        };
        match path {
            Some(p) => PickOutcome::Chosen(self.with_default_extension(p)),
            None if started.elapsed() < NO_DIALOG_WITHIN => PickOutcome::Unavailable,
            None => PickOutcome::Cancelled,
        }
    }

    /// A path to save to gets the filter's extension when it has none.
    pub fn with_default_extension(&self, path: PathBuf) -> PathBuf {
        if self.save_as.is_some() {
            with_extension(path, self.filter.1)
        } else {
            path
        }
    }

    pub fn is_save(&self) -> bool {
        self.save_as.is_some()
    }
}

/// A native dialog that returns no file within this time was not shown.
const NO_DIALOG_WITHIN: Duration = Duration::from_millis(300);

/// How a file dialog ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PickOutcome {
    Chosen(PathBuf),
    /// The person closed the dialog without a file.
    Cancelled,
    /// No native dialog could be shown.
    Unavailable,
}

/// What a chosen path is for, run on the UI thread.
pub enum OnPick {
    /// Hand it to a model's UI (see [`Jobs::pick_file_for`]).
    Model { group: ModelId, apply: PathFn },
    /// Export the figure there.
    Export(Box<ExportRequest>),
}

/// A path handed to a model's UI (downcast from `Any`).
pub type PathFn = Box<dyn FnOnce(&mut dyn Any, PathBuf, &mut ViewContext<'_>) + Send>;

/// A file to choose: the dialog and what the path is for.
pub struct PathRequest {
    pub dialog: FileDialog,
    pub on_pick: OnPick,
}

/// A change to one model's UI computed off the UI thread (a loaded file, a
/// finished measurement), applied on the UI thread when it arrives. It
/// receives the model's UI (see [`Jobs::spawn_for`]) and the context its
/// panels get.
pub type ApplyFn = Box<dyn FnOnce(&mut dyn Any, &mut ViewContext<'_>) + Send>;

/// A finished background job.
pub enum Done {
    /// A file dialog closed.
    Picked {
        request: PathRequest,
        outcome: PickOutcome,
    },
    /// An export finished: the file written, or why not.
    Exported(Result<PathBuf, ExportError>),
    /// A model's own job finished: apply its result to that model.
    ForModel { group: ModelId, apply: ApplyFn },
}

impl std::fmt::Debug for Done {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Done::Picked { outcome, .. } => f.debug_tuple("Picked").field(outcome).finish(),
            Done::Exported(r) => f.debug_tuple("Exported").field(r).finish(),
            Done::ForModel { group, .. } => f.debug_tuple("ForModel").field(group).finish(),
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
        self.running += 1;
        Ok(())
    }

    /// Results that arrived since the last call.
    pub fn poll(&mut self) -> Vec<Done> {
        let done: Vec<Done> = self.rx.try_iter().collect();
        self.running = self.running.saturating_sub(done.len());
        done
    }

    /// Whether a job is still running.
    pub fn busy(&self) -> bool {
        self.running > 0
    }

    /// Run `work` on a new thread and hand its result to `apply` with the
    /// UI of model `M`, on the UI thread.
    pub fn spawn_for<M: ModelUi, R: Send + 'static>(
        &mut self,
        ctx: &egui::Context,
        name: &str,
        work: impl FnOnce() -> R + Send + 'static,
        apply: impl FnOnce(&mut M, R, &mut ViewContext<'_>) + Send + 'static,
    ) -> Result<(), JobError> {
        self.spawn(ctx, name, move || {
            let result = work();
            Done::ForModel {
                group: M::GROUP,
                apply: Box::new(move |any, vc| {
                    if let Some(m) = any.downcast_mut::<M>() {
                        apply(m, result, vc);
                    }
                }),
            }
        })
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

    /// Ask for a file for model `M`; the path chosen goes to `on_pick`
    /// with the model's UI.
    pub fn pick_file_for<M: ModelUi>(
        &mut self,
        ctx: &egui::Context,
        dialog: FileDialog,
        on_pick: impl FnOnce(&mut M, PathBuf, &mut ViewContext<'_>) + Send + 'static,
    ) -> Result<(), JobError> {
        let apply: PathFn = Box::new(move |any, path, vc| {
            if let Some(m) = any.downcast_mut::<M>() {
                on_pick(m, path, vc);
            }
        });
        let on_pick = OnPick::Model {
            group: M::GROUP,
            apply,
        };
        self.pick(ctx, PathRequest { dialog, on_pick })
    }
}

/// `path` with extension `ext` added when it has none.
pub fn with_extension(path: PathBuf, ext: &str) -> PathBuf {
    if path.extension().is_some() {
        path
    } else {
        path.with_extension(ext)
    }
}

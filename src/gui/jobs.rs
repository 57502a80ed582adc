//! Work that must not block the UI thread: native file dialogs and
//! exports run on their own threads and report back through a channel
//! that the app polls once per frame.

use eframe::egui;
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, channel};

/// What a file picked in a dialog is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    OpenPlatform,
    OpenWorkload,
    ImportCsv,
    SavePlatform,
    SaveWorkload,
}

impl Purpose {
    pub fn is_save(self) -> bool {
        matches!(self, Purpose::SavePlatform | Purpose::SaveWorkload)
    }

    fn title(self) -> &'static str {
        match self {
            Purpose::OpenPlatform => "Open platform preset",
            Purpose::OpenWorkload => "Open workload preset",
            Purpose::ImportCsv => "Import measured CSV",
            Purpose::SavePlatform => "Save platform preset",
            Purpose::SaveWorkload => "Save workload preset",
        }
    }

    fn filter(self) -> (&'static str, &'static str) {
        match self {
            Purpose::ImportCsv => ("CSV", "csv"),
            _ => ("RON preset", "ron"),
        }
    }
}

/// A change to the app computed off the UI thread (a loaded file, a
/// finished measurement), applied by the UI thread when it arrives.
pub type ApplyFn = Box<dyn FnOnce(&mut super::app::HetscopeApp) + Send>;

/// A finished background job.
pub enum Done {
    /// A file dialog closed (`None`: cancelled, or no dialog available).
    Picked {
        purpose: Purpose,
        path: Option<PathBuf>,
    },
    /// An export finished: the file written, or the error text
    /// (`Ok(None)`: the save dialog was cancelled).
    Exported(Result<Option<PathBuf>, String>),
    /// A model view's own job finished: apply its result.
    Apply(ApplyFn),
}

impl std::fmt::Debug for Done {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Done::Picked { purpose, path } => f
                .debug_struct("Picked")
                .field("purpose", purpose)
                .field("path", path)
                .finish(),
            Done::Exported(r) => f.debug_tuple("Exported").field(r).finish(),
            Done::Apply(_) => f.write_str("Apply(..)"),
        }
    }
}

/// Background jobs and their results.
pub struct Jobs {
    tx: Sender<Done>,
    rx: Receiver<Done>,
    running: usize,
}

impl Default for Jobs {
    fn default() -> Self {
        let (tx, rx) = channel();
        Jobs { tx, rx, running: 0 }
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
    ) -> Result<(), String> {
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
            .map_err(|e| format!("could not start a background task: {e}"))?;
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

    /// Open a native file dialog on a thread.
    pub fn pick_file(
        &mut self,
        ctx: &egui::Context,
        purpose: Purpose,
        suggested_name: String,
    ) -> Result<(), String> {
        self.spawn(ctx, "dialog", move || {
            let (filter_name, ext) = purpose.filter();
            let dialog = rfd::FileDialog::new()
                .set_title(purpose.title())
                .add_filter(filter_name, &[ext]);
            let path = if purpose.is_save() {
                dialog
                    .set_file_name(suggested_name)
                    .save_file()
                    .map(|p| with_extension(p, ext))
            } else {
                dialog.pick_file()
            };
            Done::Picked { purpose, path }
        })
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

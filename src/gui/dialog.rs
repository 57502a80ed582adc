//! Choosing a file: a native dialog (run off the UI thread by
//! [`super::jobs::Jobs::pick`]) or, where none can be shown, the
//! in-window prompt; and what the chosen path is for.

use std::any::Any;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::export_request::ExportRequest;
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
    pub fn run(&self, folder: Option<PathBuf>) -> PickOutcome {
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
    /// Hand it to a model (a closure only that model's slot knows the
    /// type of, see `model_ui::pick_file_for`).
    Model {
        model: ModelId,
        apply: Box<dyn Any + Send>,
    },
    /// Export the figure there.
    Export(Box<ExportRequest>),
    /// Open the session file there, or (`save`) save the session there.
    Session { save: bool },
}

/// A file to choose: the dialog and what the path is for.
pub struct PathRequest {
    pub dialog: FileDialog,
    pub on_pick: OnPick,
}

/// `path` with extension `ext` added when it has none.
pub fn with_extension(path: PathBuf, ext: &str) -> PathBuf {
    if path.extension().is_some() {
        path
    } else {
        path.with_extension(ext)
    }
}

//! What can go wrong in the window itself (a model's errors are
//! [`hetscope_core::CoreError`]).

/// The window could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum WindowError {
    #[error(
        "cannot open the hetscope window: no graphical display is available \
         (neither DISPLAY nor WAYLAND_DISPLAY is set). Run it on a graphical desktop, \
         or use the command line (hetscope --help)."
    )]
    NoDisplay,
    /// The windowing or graphics layer refused (the message without the
    /// source locations some of its errors carry).
    #[error("cannot open the hetscope window: {0}")]
    Platform(String),
}

/// A background task that could not be started.
#[derive(Debug, thiserror::Error)]
#[error("could not start a background task: {0}")]
pub struct JobError(#[from] pub std::io::Error);

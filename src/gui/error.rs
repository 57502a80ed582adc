//! Why a model's state gives no figure: the error a view shows under its
//! last valid figure, naming the value, field or file at fault.

use hetscope_figure::FigureError;
use hetscope_model::boathull::{BoatHullError, ClassError};
use hetscope_model::offload::OffloadError;
use hetscope_model::perdome::ParamError;
use hetscope_preset::PresetError;

/// Why the current state of a model cannot be drawn.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ViewError {
    #[error(transparent)]
    Figure(#[from] FigureError),
    #[error(transparent)]
    Preset(#[from] PresetError),
    #[error(transparent)]
    Offload(#[from] OffloadError),
    #[error("Invalid parameter: {0}")]
    Param(#[from] ParamError),
    /// Code segments that give no partition.
    #[error("Code segments: {0}")]
    Counts(#[from] hetscope_model::perdome::CountsError),
    /// A class name that does not parse (the text as typed).
    #[error("Class `{text}`: {source}")]
    Class { text: String, source: ClassError },
    /// An application whose primitives the model refuses.
    #[error("{name}: {source}")]
    Application { name: String, source: BoatHullError },
    /// A preset named in the state that the catalog does not hold.
    #[error("unknown {kind} '{key}'")]
    Unknown { kind: &'static str, key: String },
}

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

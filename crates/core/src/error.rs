//! Why a scenario gives no result: the error the window shows under the
//! last valid figure and the command line prints, naming the value, field
//! or file at fault. It wraps the errors of the layers below.

use hetscope_figure::FigureError;
use hetscope_model::boathull::{BoatHullError, ClassError};
use hetscope_model::fpm::PartitionError;
use hetscope_model::offload::OffloadError;
use hetscope_model::perdome::ParamError;
use hetscope_preset::PresetError;

/// Why a scenario cannot be evaluated or drawn.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum CoreError {
    #[error(transparent)]
    Figure(#[from] FigureError),
    #[error(transparent)]
    Preset(#[from] PresetError),
    #[error(transparent)]
    Offload(#[from] OffloadError),
    /// StarPU performance models that give no devices.
    #[error(transparent)]
    Starpu(#[from] hetscope_preset::fpm::starpu::StarpuFilesError),
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
    #[error(transparent)]
    BoatHull(#[from] BoatHullError),
    /// A measured file the model cannot be set against (the file as
    /// named).
    #[error("{path}: {source}")]
    Measured {
        path: String,
        source: Box<FigureError>,
    },
    /// A scenario whose application view or evaluation has no
    /// application chosen.
    #[error("no application is chosen")]
    NoApplication,
    /// A partition the FPM cannot make (n beyond the devices' memory,
    /// a method that fails on the speed functions).
    #[error(transparent)]
    Partition(#[from] PartitionError),
    /// Whole units asked for a problem size that is not a whole number
    /// of them (or beyond 2^53).
    #[error("n = {n} must be a whole number (at most 2^53) with whole units")]
    NotWholeUnits { n: f64 },
    /// A sensitivity that cannot be computed (a step out of range, a
    /// platform without hardware to vary): the message says which.
    #[error("{0}")]
    Sensitivity(String),
    /// A model's own option that names what it cannot take (a processor
    /// of the wrong kind, a kernel that is none): the message says which.
    #[error("{0}")]
    Choice(String),
    /// An offload kernel preset the model cannot take (a subscript that
    /// does not parse, a launch out of range), by the id the scenario
    /// names it with; the preset's error names the field.
    #[error("{source}")]
    OffloadKernel {
        id: String,
        source: Box<PresetError>,
    },
    /// A host thread count of the offload suite's evaluation (the paper's,
    /// or a measured one) that the platform refuses.
    #[error("threads = {threads}: {source}")]
    SuiteThreads { threads: f64, source: OffloadError },
    /// A preset named in the state that the catalog does not hold.
    #[error("unknown {kind} '{key}'")]
    Unknown { kind: &'static str, key: String },
    /// A session file or a dropped file that cannot be read (file, line
    /// and column, or the measured file at fault).
    #[error(transparent)]
    File(#[from] crate::file_error::FileError),
    /// A speed-function CSV that cannot be read (file, line, column).
    #[error("{0}")]
    SpeedCsv(#[from] hetscope_preset::fpm::SpeedCsvError),
    /// A parameter set by name (`NAME=VALUE`) that no model takes, or a
    /// value its model refuses: the item as given and why.
    #[error("{item}: {message}")]
    Set { item: String, message: String },
}

//! Why a figure could not be built: its input out of range, a view asked
//! of the wrong model, or the model refusing a value (named with what it
//! was computing).

use hetscope_model::boathull::BoatHullError;
use hetscope_model::fpm::{PartitionError, SpeedError};
use hetscope_model::offload::OffloadError;
use hetscope_model::perdome::WpError;
use hetscope_model::perdome::energy_fit::FitError;

/// A figure that could not be built, and why.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum FigureError {
    /// A view asked of a model it does not belong to.
    #[error("'{view}' is not a view of the {model} model")]
    WrongView {
        view: &'static str,
        model: &'static str,
    },
    /// A value of the figure's input the figure cannot draw: `what` names
    /// it (with its value and unit), `need` says what is allowed.
    #[error("{what}: {need}")]
    Input { what: String, need: &'static str },
    #[error("{}{source}", prefix(.context))]
    BoatHull {
        context: Option<String>,
        source: BoatHullError,
    },
    #[error("{}{source}", prefix(.context))]
    Speed {
        context: Option<String>,
        source: SpeedError,
    },
    #[error("{}{source}", prefix(.context))]
    Partition {
        context: Option<String>,
        source: PartitionError,
    },
    #[error("{}{source}", prefix(.context))]
    Perdome {
        context: Option<String>,
        source: WpError,
    },
    #[error("{}{source}", prefix(.context))]
    Offload {
        context: Option<String>,
        source: OffloadError,
    },
    /// The energy fit of measured runs (`context`: the file).
    #[error("{}{source}", prefix(.context))]
    EnergyFit {
        context: Option<String>,
        source: FitError,
    },
}

/// "context: " before a model error, or nothing.
fn prefix(context: &Option<String>) -> String {
    context
        .as_ref()
        .map(|c| format!("{c}: "))
        .unwrap_or_default()
}

impl FigureError {
    /// An input value out of range.
    pub fn input(what: impl Into<String>, need: &'static str) -> FigureError {
        FigureError::Input {
            what: what.into(),
            need,
        }
    }

    /// The same error, said of `context` (a device, a processor, a kernel).
    pub fn of(self, context: impl Into<String>) -> FigureError {
        let context = Some(context.into());
        match self {
            FigureError::BoatHull { source, .. } => FigureError::BoatHull { context, source },
            FigureError::Speed { source, .. } => FigureError::Speed { context, source },
            FigureError::Partition { source, .. } => FigureError::Partition { context, source },
            FigureError::Offload { source, .. } => FigureError::Offload { context, source },
            FigureError::Perdome { source, .. } => FigureError::Perdome { context, source },
            FigureError::EnergyFit { source, .. } => FigureError::EnergyFit { context, source },
            other => other,
        }
    }
}

impl From<BoatHullError> for FigureError {
    fn from(source: BoatHullError) -> Self {
        FigureError::BoatHull {
            context: None,
            source,
        }
    }
}

impl From<SpeedError> for FigureError {
    fn from(source: SpeedError) -> Self {
        FigureError::Speed {
            context: None,
            source,
        }
    }
}

impl From<PartitionError> for FigureError {
    fn from(source: PartitionError) -> Self {
        FigureError::Partition {
            context: None,
            source,
        }
    }
}

impl From<OffloadError> for FigureError {
    fn from(source: OffloadError) -> Self {
        FigureError::Offload {
            context: None,
            source,
        }
    }
}

impl From<WpError> for FigureError {
    fn from(source: WpError) -> Self {
        FigureError::Perdome {
            context: None,
            source,
        }
    }
}

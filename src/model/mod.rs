//! The analytical models. Pure math on plain structs: no drawing, no I/O,
//! no global state. Every number hetscope shows or writes comes from here.
//!
//! Units: ps (time per flop / byte), pJ (energy per flop / byte), W (static
//! power), flop/byte (intensities), GFLOP/s (performance), GFLOP/J (energy
//! efficiency).

pub mod boathull;
pub mod classify;
pub mod energy_fit;
pub mod fpm;
pub mod grid;
pub mod machine;
pub mod measured;
pub mod offload;
pub mod optimum;
pub mod partition;
pub mod perdome;

pub use classify::{Classification, EPaw, PPaw};
pub use grid::{Grid, GridSpec, Metric};
pub use machine::{Param, Platform, Processor, Side, Specs};
pub use optimum::{Optima, Optimum};
pub use partition::{NoSuchPartition, Shares, Wp, WpKind};
pub use perdome::{DpChoice, DpEnergy, WpError, WpEval};

/// A parameter value the models cannot use.
#[derive(Clone, Debug, PartialEq)]
pub enum ParamError {
    Machine {
        processor: String,
        symbol: &'static str,
        unit: &'static str,
        value: f64,
        allows_zero: bool,
    },
    Spec {
        processor: String,
        name: &'static str,
        unit: &'static str,
        value: f64,
    },
    Intensity {
        name: &'static str,
        value: f64,
        allows_zero: bool,
    },
}

impl std::fmt::Display for ParamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let need = |z: bool| if z { "zero or positive" } else { "positive" };
        match self {
            ParamError::Machine {
                processor,
                symbol,
                unit,
                value,
                allows_zero,
            } => write!(
                f,
                "{processor} {symbol} = {value} {unit}: must be a finite {} number",
                need(*allows_zero)
            ),
            ParamError::Spec {
                processor,
                name,
                unit,
                value,
            } => write!(
                f,
                "{processor} {name} = {value} {unit}: must be a finite positive number"
            ),
            ParamError::Intensity {
                name,
                value,
                allows_zero,
            } => write!(
                f,
                "{name} = {value} flop/byte: must be a finite {} number",
                need(*allows_zero)
            ),
        }
    }
}

impl std::error::Error for ParamError {}

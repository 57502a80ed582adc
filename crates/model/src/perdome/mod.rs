//! PerDome and PeaPaw: the performance upper bound and the energy
//! efficiency of a CPU+GPU workload partition (WP) over the CPU's and the
//! GPU's operational intensities, and the P-Paw / E-Paw platform
//! categories.
//!
//! - `machine.rs`: processor and platform parameters, PeaPaw Eq. 5-6 from
//!   specifications;
//! - `partition.rs`: the essential WP parameters, Lemma 1-2 validity and
//!   the shares of Eq. 14-18; `counts.rs`: (I, I_C, I_G) from the flops
//!   and bytes of code segments;
//! - `eval.rs`: the performance bound (PerDome Eq. 11/19/20) and energy
//!   efficiency (PeaPaw Eq. 21-25) of one WP, and the energy-best DP;
//! - `classify.rs`: P-Paw (Eq. 27) and E-Paw (Eq. 28-29) with explicit
//!   precedence and guidelines;
//! - `optimum.rs`: the best partition search; `grid.rs`: the 2-D grids
//!   behind heat maps and surfaces;
//! - `measured.rs`: tightness and ranking fidelity against measurements;
//!   `energy_fit.rs`: energy parameters from measured runs;
//! - `analysis.rs`: a scenario (platform, workload, partitions) and every
//!   result the views need, computed once per change.
//!
//! Units: ps (time per flop / byte), pJ (energy per flop / byte), W (static
//! power), flop/byte (intensities), GFLOP/s (performance), GFLOP/J (energy
//! efficiency).

pub mod analysis;
pub mod classify;
pub mod counts;
pub mod energy_fit;
pub mod eval;
pub mod grid;
pub mod machine;
pub mod measured;
pub mod optimum;
pub mod partition;

pub use analysis::{Analysis, Case, NamedPartition, PartitionResult, Resolution};
pub use classify::{Classification, EPaw, PPaw};
pub use counts::{Counted, CountsError, Segment, intensities};
pub use eval::{
    DpChoice, DpEnergy, WpError, WpEval, cp_point, energy_best_dp, energy_per_flop, evaluate,
    pdp_cpu_fraction, pdp_gflops, pdp_shares, time_per_flop,
};
pub use grid::{Grid, GridSpec, Metric};
pub use machine::{Param, Platform, Processor, Side, Specs};
pub use optimum::{Optima, Optimum};
pub use partition::{NoSuchPartition, Shares, Wp, WpKind};

/// A parameter value the models cannot use.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ParamError {
    /// A machine parameter, a specification or an intensity outside its
    /// physical range (the message names it, its unit and both bounds).
    #[error(transparent)]
    Range(Box<crate::OutOfRange>),
    /// No data partition was found at I (cannot happen for an I in range).
    #[error("no data partition at I = {i} flop/byte")]
    NoDataPartition { i: f64 },
}

impl From<crate::OutOfRange> for ParamError {
    fn from(e: crate::OutOfRange) -> Self {
        ParamError::Range(Box::new(e))
    }
}

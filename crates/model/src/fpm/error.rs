//! Errors of the functional performance models: building a speed function
//! or a contention factor, and partitioning.

/// Which list of points an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Curve {
    /// The points up to the memory limit.
    InCore,
    /// The points of the out-of-core extension, beyond the memory limit.
    OutOfCore,
}

impl Curve {
    fn name(self) -> &'static str {
        match self {
            Curve::InCore => "in-core",
            Curve::OutOfCore => "out-of-core",
        }
    }
}

/// Why a speed function (or a contention factor) cannot be built. Point
/// indices are positions in the list as given, before sorting.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SpeedError {
    /// A number of a device outside its physical range; `at` says which
    /// point it belongs to (`in-core point 2: `), if any.
    #[error("{at}{error}")]
    Range {
        at: String,
        error: Box<crate::OutOfRange>,
    },
    #[error("{} speed function has no points", .curve.name())]
    NoPoints { curve: Curve },
    #[error("{} point {index}: size {size_units} units must be finite and positive", .curve.name())]
    BadSize {
        curve: Curve,
        index: usize,
        size_units: f64,
    },
    #[error(
        "{} point {index}: speed {speed_units_per_s} units/s must be finite and positive",
        .curve.name()
    )]
    BadSpeed {
        curve: Curve,
        index: usize,
        speed_units_per_s: f64,
    },
    #[error(
        "{} points {first} and {second} have the same size {size_units} units",
        .curve.name()
    )]
    DuplicateSize {
        curve: Curve,
        first: usize,
        second: usize,
        size_units: f64,
    },
    #[error("memory limit {limit_units} units must be finite and positive")]
    BadMemoryLimit { limit_units: f64 },
    /// An in-core point lies beyond the memory limit.
    #[error(
        "in-core point {index}: size {size_units} units lies beyond the memory limit {limit_units} units"
    )]
    PointBeyondLimit {
        index: usize,
        size_units: f64,
        limit_units: f64,
    },
    /// An out-of-core point lies at or below the memory limit.
    #[error(
        "out-of-core point {index}: size {size_units} units must lie beyond the memory limit {limit_units} units"
    )]
    OutOfCorePointWithinLimit {
        index: usize,
        size_units: f64,
        limit_units: f64,
    },
    #[error("an out-of-core extension needs a memory limit")]
    OutOfCoreWithoutLimit,
}

/// Why no partition was made.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PartitionError {
    #[error("no devices to partition over")]
    NoDevices,
    /// A problem size neither 0 nor in its range
    /// ([`super::FpmParam::ProblemSize`]).
    #[error(
        "problem size n = {} units must be 0 or {}",
        crate::format::fmt_value(*.n_units),
        super::FpmParam::ProblemSize.range().need()
    )]
    BadProblemSize { n_units: f64 },
    /// More whole blocks than f64 sizes count exactly.
    #[error("{n_blocks} blocks are more than the {max_blocks} a partition can count exactly")]
    TooManyBlocks { n_blocks: u64, max_blocks: u64 },
    /// The devices' maximum sizes add up to less than n.
    #[error(
        "problem size {n_units} units does not fit: the devices hold at most {capacity_units} units together"
    )]
    NotEnoughMemory { n_units: f64, capacity_units: f64 },
    /// A list given next to the speed functions has another length.
    #[error("{got} {what} given for {expected} devices")]
    LengthMismatch {
        what: &'static str,
        expected: usize,
        got: usize,
    },
    #[error(
        "device {device}: constant speed {speed_units_per_s} units/s must be finite and positive"
    )]
    BadConstant {
        device: usize,
        speed_units_per_s: f64,
    },
    #[error("device {device}: size {size_units} units must be finite and not negative")]
    BadSize { device: usize, size_units: f64 },
    #[error("device {device}: size {size_units} units exceeds its maximum {max_units} units")]
    SizeBeyondLimit {
        device: usize,
        size_units: f64,
        max_units: f64,
    },
}

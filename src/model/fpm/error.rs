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
#[derive(Clone, Debug, PartialEq)]
pub enum SpeedError {
    NoPoints {
        curve: Curve,
    },
    BadSize {
        curve: Curve,
        index: usize,
        size_units: f64,
    },
    BadSpeed {
        curve: Curve,
        index: usize,
        speed_units_per_s: f64,
    },
    DuplicateSize {
        curve: Curve,
        first: usize,
        second: usize,
        size_units: f64,
    },
    BadMemoryLimit {
        limit_units: f64,
    },
    /// An in-core point lies beyond the memory limit.
    PointBeyondLimit {
        index: usize,
        size_units: f64,
        limit_units: f64,
    },
    /// An out-of-core point lies at or below the memory limit.
    OutOfCorePointWithinLimit {
        index: usize,
        size_units: f64,
        limit_units: f64,
    },
    OutOfCoreWithoutLimit,
    BadContention {
        factor: f64,
    },
}

impl std::fmt::Display for SpeedError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SpeedError::NoPoints { curve } => {
                write!(f, "{} speed function has no points", curve.name())
            }
            SpeedError::BadSize {
                curve,
                index,
                size_units,
            } => write!(
                f,
                "{} point {index}: size {size_units} units must be finite and positive",
                curve.name()
            ),
            SpeedError::BadSpeed {
                curve,
                index,
                speed_units_per_s,
            } => write!(
                f,
                "{} point {index}: speed {speed_units_per_s} units/s must be finite and positive",
                curve.name()
            ),
            SpeedError::DuplicateSize {
                curve,
                first,
                second,
                size_units,
            } => write!(
                f,
                "{} points {first} and {second} have the same size {size_units} units",
                curve.name()
            ),
            SpeedError::BadMemoryLimit { limit_units } => write!(
                f,
                "memory limit {limit_units} units must be finite and positive"
            ),
            SpeedError::PointBeyondLimit {
                index,
                size_units,
                limit_units,
            } => write!(
                f,
                "in-core point {index}: size {size_units} units lies beyond the memory limit {limit_units} units"
            ),
            SpeedError::OutOfCorePointWithinLimit {
                index,
                size_units,
                limit_units,
            } => write!(
                f,
                "out-of-core point {index}: size {size_units} units must lie beyond the memory limit {limit_units} units"
            ),
            SpeedError::OutOfCoreWithoutLimit => {
                write!(f, "an out-of-core extension needs a memory limit")
            }
            SpeedError::BadContention { factor } => write!(
                f,
                "contention factor {factor} must lie in (0, 1]: it scales the speed down"
            ),
        }
    }
}

impl std::error::Error for SpeedError {}

/// Why no partition was made.
#[derive(Clone, Debug, PartialEq)]
pub enum PartitionError {
    NoDevices,
    BadProblemSize {
        n_units: f64,
    },
    /// More whole blocks than f64 sizes count exactly.
    TooManyBlocks {
        n_blocks: u64,
        max_blocks: u64,
    },
    /// The devices' maximum sizes add up to less than n.
    NotEnoughMemory {
        n_units: f64,
        capacity_units: f64,
    },
    /// A list given next to the speed functions has another length.
    LengthMismatch {
        what: &'static str,
        expected: usize,
        got: usize,
    },
    BadConstant {
        device: usize,
        speed_units_per_s: f64,
    },
    BadSize {
        device: usize,
        size_units: f64,
    },
    SizeBeyondLimit {
        device: usize,
        size_units: f64,
        max_units: f64,
    },
}

impl std::fmt::Display for PartitionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PartitionError::NoDevices => write!(f, "no devices to partition over"),
            PartitionError::BadProblemSize { n_units } => write!(
                f,
                "problem size {n_units} units must be finite and not negative"
            ),
            PartitionError::TooManyBlocks {
                n_blocks,
                max_blocks,
            } => write!(
                f,
                "{n_blocks} blocks are more than the {max_blocks} a partition can count exactly"
            ),
            PartitionError::NotEnoughMemory {
                n_units,
                capacity_units,
            } => write!(
                f,
                "problem size {n_units} units does not fit: the devices hold at most {capacity_units} units together"
            ),
            PartitionError::LengthMismatch {
                what,
                expected,
                got,
            } => write!(f, "{got} {what} given for {expected} devices"),
            PartitionError::BadConstant {
                device,
                speed_units_per_s,
            } => write!(
                f,
                "device {device}: constant speed {speed_units_per_s} units/s must be finite and positive"
            ),
            PartitionError::BadSize { device, size_units } => write!(
                f,
                "device {device}: size {size_units} units must be finite and not negative"
            ),
            PartitionError::SizeBeyondLimit {
                device,
                size_units,
                max_units,
            } => write!(
                f,
                "device {device}: size {size_units} units exceeds its maximum {max_units} units"
            ),
        }
    }
}

impl std::error::Error for PartitionError {}

//! Functional performance models (FPM paper: data partitioning on
//! heterogeneous multicore and multi-GPU systems with functional
//! performance models; its partitioning algorithm is that of the paper's
//! ref. [5]).
//!
//! A device (a socket of cores, or a GPU with its dedicated core) is
//! described by its speed function s(x): computation units per second as a
//! function of the problem size x in computation units (Section II), built
//! from measurements (Section V). A divisible problem of n units is shared
//! over p devices homogeneously, by constant speeds (CPM) or by speed
//! functions (FPM), and each share's time is predicted as x / s(x)
//! (Section VI).
//!
//! Units: sizes in computation units (the application defines the unit;
//! the paper's matrix multiplication uses b x b blocks), speeds in units/s,
//! times in s.
//!
//! - `speed.rs`: speed and time functions, memory limit, out-of-core
//!   extension; `point.rs`: one measured point; `piecewise.rs`: the
//!   validated points and the linear pieces between them; `error.rs`: the
//!   error types.
//! - `contention.rs`: speed loss next to busy devices of the same socket;
//!   `device.rs`: a device of a partitioning problem and the speed
//!   functions to partition with (contention applied).
//! - `described.rs`: a device as its measurements describe it (points,
//!   memory limit, out-of-core extension, unit, socket), plain data the
//!   others are built from.
//! - `partition.rs`: even, CPM and FPM partitions in continuous sizes, and
//!   the per-device report (size, time, makespan, imbalance).
//! - `blocks.rs`: the same in whole blocks.
//! - `param.rs`: the adjustable numbers and their physical ranges.

pub mod blocks;
pub mod contention;
pub mod described;
pub mod device;
pub mod error;
pub mod fitted;
pub mod health;
pub mod interval;
pub mod param;
pub mod partition;
mod piecewise;
mod point;
pub mod speed;

pub use blocks::{MAX_BLOCKS, partition_blocks, partition_units};
pub use contention::{Contention, PAPER_GPU_LOSS_PERCENT};
pub use described::{FpmDevice, OutOfCore};
pub use device::{Device, effective_speeds};
pub use fitted::{FITTED_POINTS, FitKind, FittedTime};
pub use health::{DeviceHealth, PEER_FACTOR, calibration_health, group_by_name};
pub use param::FpmParam;
pub use partition::{
    Method, Partition, PartitionError, Share, cpm_constants, evaluate, partition,
    partition_with_constants,
};
pub use point::{CALIBRATION_MINIMUM, Runs, SpeedPoints};
pub use speed::{Curve, SpeedError, SpeedFunction, SpeedPoint};

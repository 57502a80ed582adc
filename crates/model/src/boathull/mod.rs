//! The boat hull model (Nugteren & Corporaal, CF'12): a class-specific
//! roofline that predicts the execution time of a primitive from its
//! algorithm class and the complexity of its operator, before any code for
//! the target processor exists.
//!
//! - [`class_parse`]: the class-name language of the paper's Table 1 and
//!   Table 4 (`1024x1024|neighbourhood(7x7) -> 1024x1024|element`), with
//!   errors in [`class_error`] that name the column and the text found.
//! - [`class_shape`]: the 11 classes of Table 1 and which one a parsed name
//!   is (the matching itself in the private `class_match`).
//! - [`class`](mod@class): a class name parsed and matched with its shape
//!   ([`Class`]), as the model takes it.
//! - [`class_sizes`]: Table 1's example classes and the sizes of a class by
//!   their letters.
//! - [`class_vars`]: the class variables w, m, o, d, c, u and the floors of
//!   Table 1, with the halo estimate the paper leaves out.
//! - [`gpu`]: Section 4.2 (c0, m0, floors c1 and m1, transfer t0), Table 2.
//! - [`cpu`]: Section 4.4 (c0, m0, floors c1, c2, c3), Table 3.
//! - [`roofline`]: the classic roofline for the same primitive (Section 3.1,
//!   Figure 1), for the comparison of Section 5.
//! - [`application`]: primitives on one processor summed into a kernel time
//!   range plus transfers (Section 5, Tables 4 and 5).
//! - [`crossover`](mod@crossover): the operator complexity at which two times cross.
//! - [`machine`]: a processor of either kind, as presets and the GUI hold it.
//! - [`measured`]: measured times against f and their relative error.
//!
//! Units: operator complexity f in operations per element of the operator,
//! P_compute in GFLOP/s (10^9 operations per second), bandwidths in GB/s
//! (10^9 bytes per second), W_vector in bits, times in seconds. The class
//! variables d, c and u count 32-bit elements; bytes are 4 x count
//! ([`BYTES_PER_ELEMENT`], Section 4.1).

pub mod application;
pub mod class;
pub mod class_error;
mod class_match;
pub mod class_parse;
pub mod class_shape;
pub mod class_sizes;
pub mod class_vars;
pub mod cpu;
pub mod crossover;
pub mod gpu;
pub mod machine;
pub mod measured;
pub mod param;
pub mod roofline;

pub use application::{Application, ApplicationTime, Complexity, Primitive, Target, Transfers};
pub use class::Class;
pub use class_error::{ClassError, ClassProblem};
pub use class_parse::{ClassName, Kind, Part, Size};
pub use class_shape::ClassShape;
pub use class_sizes::{SizeField, SizeKey, size_fields, table1_examples, with_size};
pub use class_vars::{ClassOptions, ClassVars, Floors, HaloEstimate, Table1Reading};
pub use cpu::{Cpu, CpuAssumptions, CpuCompute, CpuTimes};
pub use crossover::{balance_complexity, crossover};
pub use gpu::{Gpu, GpuAssumptions, GpuTimes};
pub use machine::{AssumptionSet, Machine};
pub use measured::{MeasuredCurve, MeasuredPoint, Operator};
pub use param::{BoathullParam, check_complexity};
pub use roofline::{Roofline, RooflinePoint};

/// Size of one data element in bytes: the paper assumes 32-bit elements
/// (Section 4.1, footnote 1).
pub const BYTES_PER_ELEMENT: f64 = 4.0;

/// How much is known about whether a floor applies (Section 4.2: floors
/// depend on the operator and the access pattern, not on the class).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Assume {
    /// The roof equation holds (c0 or m0): the floor does not apply.
    Roof,
    /// The floor holds (where the class has it).
    Floor,
    /// Not known: the prediction is the range from roof to floor.
    Unknown,
}

impl Assume {
    pub const ALL: [Assume; 3] = [Assume::Roof, Assume::Floor, Assume::Unknown];
}

/// A predicted execution time that may be a range, in seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeRange {
    /// Fastest predicted time, s.
    pub low_s: f64,
    /// Slowest predicted time, s.
    pub high_s: f64,
}

impl TimeRange {
    /// A single time, s.
    pub fn exactly(t_s: f64) -> Self {
        TimeRange {
            low_s: t_s,
            high_s: t_s,
        }
    }

    /// Middle of the range, s (Table 5 compares with this "average").
    pub fn mid_s(&self) -> f64 {
        0.5 * (self.low_s + self.high_s)
    }

    /// Whether `t_s` lies in the range (ends included).
    pub fn contains(&self, t_s: f64) -> bool {
        self.low_s <= t_s && t_s <= self.high_s
    }

    /// |mid - measured| / measured: the "difference" column of Table 5.
    pub fn relative_difference(&self, measured_s: f64) -> f64 {
        (self.mid_s() - measured_s).abs() / measured_s
    }

    /// Both ends shifted by `t_s` seconds.
    pub fn plus(&self, t_s: f64) -> Self {
        TimeRange {
            low_s: self.low_s + t_s,
            high_s: self.high_s + t_s,
        }
    }

    /// End-wise sum of two ranges.
    pub fn add(&self, other: &TimeRange) -> Self {
        TimeRange {
            low_s: self.low_s + other.low_s,
            high_s: self.high_s + other.high_s,
        }
    }
}

/// A value the boat hull model cannot use.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum BoatHullError {
    /// A processor parameter out of range (zero, negative, NaN, ...).
    #[error("{processor} {field} = {value}{}: must be {rule}", crate::with_space(.unit))]
    Param {
        processor: &'static str,
        field: &'static str,
        unit: &'static str,
        value: f64,
        rule: &'static str,
    },
    /// A parameter, the operator complexity or a transfer outside its
    /// physical range; `field` is its name in a file.
    #[error("{error}")]
    Range {
        field: &'static str,
        error: Box<crate::OutOfRange>,
    },
    /// A complexity range whose low end exceeds its high end.
    #[error("operator complexity range {low}..{high}: the low end must not exceed the high end")]
    ComplexityRange { low: f64, high: f64 },
    /// A halo block size of zero.
    #[error("halo block {rows}x{cols} elements: both sides must be at least 1")]
    HaloBlock { rows: u64, cols: u64 },
    /// The class of a named primitive could not be read.
    #[error("primitive `{primitive}`: {error}")]
    Class {
        primitive: String,
        error: class_error::ClassError,
    },
}

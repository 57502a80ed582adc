//! The adjustable numbers of the functional performance models: the
//! problem size, and of each device its memory limit, contention and
//! out-of-core factors, socket and the points of its speed function, each
//! with its physical range. Sizes are in the application's computation
//! units, speeds in units/s; the ranges keep every time (size / speed,
//! slowed by both factors) finite: at most 1e15 / (1e-6 x 1e-3 x 1e-3) =
//! 1e27 s.

use crate::{OutOfRange, Range};

/// One adjustable number of the FPM.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FpmParam {
    /// The problem size n, units.
    ProblemSize,
    /// A device's memory limit, units.
    MaxSize,
    /// Speed factor while another device of the socket has work.
    Contention,
    /// Speed beyond the memory limit as a fraction of the speed at it.
    OutOfCoreFactor,
    /// Socket number, 0 alone.
    Socket,
    /// The size of a measured point, units.
    PointSize,
    /// The speed of a measured point, units/s.
    PointSpeed,
}

use FpmParam as F;

impl FpmParam {
    pub const ALL: [FpmParam; 7] = [
        F::ProblemSize,
        F::MaxSize,
        F::Contention,
        F::OutOfCoreFactor,
        F::Socket,
        F::PointSize,
        F::PointSpeed,
    ];

    /// The name as files and options write it.
    pub fn name(self) -> &'static str {
        match self {
            F::ProblemSize => "n",
            F::MaxSize => "max_size",
            F::Contention => "contention",
            F::OutOfCoreFactor => "out_of_core",
            F::Socket => "socket",
            F::PointSize => "size",
            F::PointSpeed => "speed",
        }
    }

    /// What it is, for messages.
    pub fn what(self) -> &'static str {
        match self {
            F::ProblemSize => "problem size",
            F::MaxSize => "memory limit",
            F::Contention => "speed factor while the socket is busy",
            F::OutOfCoreFactor => "speed factor beyond the memory limit",
            F::Socket => "socket number, 0 alone",
            F::PointSize => "problem size of a measured point",
            F::PointSpeed => "speed of a measured point",
        }
    }

    /// The physical range: sizes 1e-6 to 1e15 units, speeds 1e-6 to 1e15
    /// units/s, factors 0.001 to 1, sockets 0 to 64.
    pub fn range(self) -> Range {
        match self {
            F::ProblemSize | F::MaxSize | F::PointSize => Range::new(1e-6, 1e15, "units"),
            F::PointSpeed => Range::new(1e-6, 1e15, "units/s"),
            F::Contention | F::OutOfCoreFactor => Range::new(1e-3, 1.0, ""),
            F::Socket => Range::new(0.0, 64.0, "").whole(),
        }
    }

    /// `Ok` when `v` lies in the range, else the error naming the
    /// parameter and both bounds.
    pub fn check(self, v: f64) -> Result<(), OutOfRange> {
        self.range().check(self.name(), self.what(), v)
    }
}

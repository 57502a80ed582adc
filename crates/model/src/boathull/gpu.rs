//! The boat hull model of an NVIDIA GPU (Section 4.2) and the two GPUs of
//! Table 2.
//!
//! With f the operator complexity and counts in 32-bit elements:
//!
//! - c0 = w (f m + o) / P_compute (compute equation),
//! - m0 = 4 c / P_coalesced + 4 u / P_uncoalesced (memory equation; the
//!   4 turns elements into bytes, Section 4.1),
//! - c1 = 2 c0 (no fused multiply-add). The paper prints c1 = c0 / 2,
//!   which reads as a rate: P_compute counts a multiply-add as two
//!   operations, so without it half the rate is reached and the time
//!   doubles. As a time the floor is at or above the hull.
//! - m1 = 4 d / P_uncoalesced (scattered accesses),
//! - t0 = 4 d / B_bus (host-accelerator copy-in and copy-out of all input
//!   and output data).
//!
//! The hull is max(c0, m0); the floors of Table 1's last column can only
//! make the time longer.

use serde::{Deserialize, Serialize};

use super::class_vars::ClassVars;
use super::{Assume, BYTES_PER_ELEMENT, BoatHullError, TimeRange, check_complexity};

/// The four GPU parameters of Section 4.3 / Table 2.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Gpu {
    /// Peak compute rate P_compute, GFLOP/s (a multiply-add counts as 2).
    pub p_compute_gflops: f64,
    /// Practical peak bandwidth for sequential accesses P_coalesced, GB/s.
    pub p_coalesced_gbs: f64,
    /// Practical peak bandwidth for scattered accesses P_uncoalesced, GB/s.
    pub p_uncoalesced_gbs: f64,
    /// Practical host-accelerator bus bandwidth B_bus, GB/s.
    pub b_bus_gbs: f64,
}

impl Gpu {
    /// GeForce GTX470 (sm_20), Table 2.
    pub const GTX470: Gpu = Gpu {
        p_compute_gflops: 1089.0,
        p_coalesced_gbs: 95.0,
        p_uncoalesced_gbs: 5.9,
        b_bus_gbs: 5.1,
    };

    /// GeForce GTS250 (sm_11), Table 2.
    pub const GTS250: Gpu = Gpu {
        p_compute_gflops: 470.0,
        p_coalesced_gbs: 56.0,
        p_uncoalesced_gbs: 3.5,
        b_bus_gbs: 2.1,
    };

    /// All equations of Section 4.2 for one class and operator complexity
    /// f (operations per element), after checking both.
    pub fn times(&self, vars: &ClassVars, f: f64) -> Result<GpuTimes, BoatHullError> {
        self.validate()?;
        let f = check_complexity(f)?;
        let c0_s = vars.operations(f) / (self.p_compute_gflops * 1e9);
        let bytes = |elements: f64| elements * BYTES_PER_ELEMENT;
        let m0_s = bytes(vars.c) / (self.p_coalesced_gbs * 1e9)
            + bytes(vars.u) / (self.p_uncoalesced_gbs * 1e9);
        let m1 = bytes(vars.d) / (self.p_uncoalesced_gbs * 1e9);
        Ok(GpuTimes {
            c0_s,
            c1_s: vars.floors.c1.then_some(2.0 * c0_s),
            m0_s,
            m1_s: vars.floors.m1.then_some(m1),
            t0_s: self.transfer_s(vars.d),
        })
    }

    /// t0: time to move `elements` 32-bit elements over the bus, s.
    pub fn transfer_s(&self, elements: f64) -> f64 {
        elements * BYTES_PER_ELEMENT / (self.b_bus_gbs * 1e9)
    }
}

/// What is assumed about the GPU floors (Section 4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GpuAssumptions {
    /// `Roof`: fused multiply-adds are used (c0); `Floor`: they are not
    /// (c1); `Unknown`: either.
    pub fma: Assume,
    /// `Roof`: accesses as the class says (m0); `Floor`: all scattered
    /// (m1); `Unknown`: any fraction in between.
    pub coalescing: Assume,
}

impl GpuAssumptions {
    /// The hull itself: c0 and m0.
    pub const HULL: GpuAssumptions = GpuAssumptions {
        fma: Assume::Roof,
        coalescing: Assume::Roof,
    };
    /// Section 5 / Table 5: no fused multiply-add, nothing assumed about
    /// the access pattern.
    pub const TABLE5: GpuAssumptions = GpuAssumptions {
        fma: Assume::Floor,
        coalescing: Assume::Unknown,
    };
    /// Nothing assumed: from the hull to the highest applicable floor.
    pub const UNKNOWN: GpuAssumptions = GpuAssumptions {
        fma: Assume::Unknown,
        coalescing: Assume::Unknown,
    };
}

/// The GPU equations of Section 4.2 for one class and complexity, s.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GpuTimes {
    /// Compute equation c0, s.
    pub c0_s: f64,
    /// Floor c1 (no fused multiply-add), s, where the class has it.
    pub c1_s: Option<f64>,
    /// Memory equation m0, s.
    pub m0_s: f64,
    /// Floor m1 (scattered accesses), s, where the class has it.
    pub m1_s: Option<f64>,
    /// Host-accelerator transfer t0, s.
    pub t0_s: f64,
}

/// (low, high) from a roof time, an optional floor time and an assumption.
pub(crate) fn pick(roof: f64, floor: Option<f64>, assume: Assume) -> (f64, f64) {
    let floor = floor.unwrap_or(roof);
    match assume {
        Assume::Roof => (roof, roof),
        Assume::Floor => (floor, floor),
        Assume::Unknown => (roof, floor),
    }
}

impl GpuTimes {
    /// The hull: max(c0, m0), s.
    pub fn hull_s(&self) -> f64 {
        self.c0_s.max(self.m0_s)
    }

    /// The slowest applicable equation, s.
    pub fn slowest_s(&self) -> f64 {
        self.hull_s()
            .max(self.c1_s.unwrap_or(0.0))
            .max(self.m1_s.unwrap_or(0.0))
    }

    /// Kernel time under `assume`: the maximum of the compute and memory
    /// times, each taken from roof or floor; a range where unknown, s.
    pub fn range(&self, assume: GpuAssumptions) -> TimeRange {
        let (c_lo, c_hi) = pick(self.c0_s, self.c1_s, assume.fma);
        let (m_lo, m_hi) = pick(self.m0_s, self.m1_s, assume.coalescing);
        TimeRange {
            low_s: c_lo.max(m_lo),
            high_s: c_hi.max(m_hi),
        }
    }

    /// Kernel time plus the transfer t0 (the dashed lines of Figure 2), s.
    pub fn total_range(&self, assume: GpuAssumptions) -> TimeRange {
        self.range(assume).plus(self.t0_s)
    }
}

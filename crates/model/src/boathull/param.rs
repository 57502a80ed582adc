//! The adjustable numbers of the boat hull model: each processor
//! parameter of Table 2 (GPU) and Table 3 (CPU) and the operator
//! complexity f, with its `--set` name, its field in a processor file,
//! its unit and its physical range (`machine.rs` reads and sets it on a
//! processor).

use super::BoatHullError;
use crate::Range;
use crate::perdome::Side;

/// One adjustable number of the boat hull model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoathullParam {
    /// P_compute, GFLOP/s (both kinds).
    PCompute,
    /// P_coalesced, GB/s (GPU).
    PCoalesced,
    /// P_uncoalesced, GB/s (GPU).
    PUncoalesced,
    /// B_bus, GB/s (GPU).
    BBus,
    /// P_memory, GB/s (CPU).
    PMemory,
    /// N_threads (CPU).
    NThreads,
    /// W_vector, bits (CPU).
    WVector,
    /// The operator complexity f, operations per element.
    F,
}

use BoathullParam as B;

impl BoathullParam {
    pub const ALL: [BoathullParam; 8] = [
        B::PCompute,
        B::PCoalesced,
        B::PUncoalesced,
        B::BBus,
        B::PMemory,
        B::NThreads,
        B::WVector,
        B::F,
    ];

    /// The parameters of a processor of kind `side`, f last.
    pub fn of(side: Side) -> [BoathullParam; 5] {
        match side {
            Side::Gpu => [B::PCompute, B::PCoalesced, B::PUncoalesced, B::BBus, B::F],
            Side::Cpu => [B::PCompute, B::PMemory, B::NThreads, B::WVector, B::F],
        }
    }

    /// The paper's symbol, the `--set` name.
    pub fn name(self) -> &'static str {
        match self {
            B::PCompute => "P_compute",
            B::PCoalesced => "P_coalesced",
            B::PUncoalesced => "P_uncoalesced",
            B::BBus => "B_bus",
            B::PMemory => "P_memory",
            B::NThreads => "N_threads",
            B::WVector => "W_vector",
            B::F => "f",
        }
    }

    /// The field in a processor file (`f` for the complexity).
    pub fn field(self) -> &'static str {
        match self {
            B::PCompute => "p_compute_gflops",
            B::PCoalesced => "p_coalesced_gbs",
            B::PUncoalesced => "p_uncoalesced_gbs",
            B::BBus => "b_bus_gbs",
            B::PMemory => "p_memory_gbs",
            B::NThreads => "n_threads",
            B::WVector => "w_vector_bits",
            B::F => "f",
        }
    }

    /// What it is, for messages.
    pub fn what(self) -> &'static str {
        match self {
            B::PCompute => "peak compute rate",
            B::PCoalesced => "bandwidth of sequential accesses",
            B::PUncoalesced => "bandwidth of scattered accesses",
            B::BBus => "host-accelerator bus bandwidth",
            B::PMemory => "memory bandwidth",
            B::NThreads => "hardware threads",
            B::WVector => "vector register width, a multiple of 32",
            B::F => "operator complexity",
        }
    }

    /// The physical range: rates 1e-3 to 1e9 GFLOP/s, bandwidths 1e-3 to
    /// 1e6 GB/s, 1 to 1e6 threads, 32 to 65536 bits, f from 0 to 1e12
    /// operations per element.
    pub fn range(self) -> Range {
        match self {
            B::PCompute => Range::new(1e-3, 1e9, "GFLOP/s"),
            B::PCoalesced | B::PUncoalesced | B::BBus | B::PMemory => Range::new(1e-3, 1e6, "GB/s"),
            B::NThreads => Range::new(1.0, 1e6, "threads").whole(),
            B::WVector => Range::new(32.0, 65536.0, "bits").whole(),
            B::F => Range::new(0.0, 1e12, "operations per element"),
        }
    }

    /// `Ok` when `v` lies in the range (and W_vector is a multiple of 32),
    /// else the error naming the parameter, its unit and both bounds.
    pub fn check(self, v: f64) -> Result<(), BoatHullError> {
        let range = self.range();
        let error = |error| BoatHullError::Range {
            field: self.field(),
            error: Box::new(error),
        };
        range.check(self.name(), self.what(), v).map_err(error)?;
        if self == B::WVector && v % 32.0 != 0.0 {
            // The range's message names the multiple of 32 in `what`.
            let e = crate::OutOfRange {
                name: self.name().to_string(),
                what: self.what().to_string(),
                value: v,
                range,
            };
            return Err(error(e));
        }
        Ok(())
    }

    /// The parameter of a `--set` name.
    pub fn from_name(name: &str) -> Option<BoathullParam> {
        B::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// Check an operator complexity f (operations per element) against its
/// range ([`BoathullParam::F`]).
pub fn check_complexity(f: f64) -> Result<f64, BoatHullError> {
    BoathullParam::F.check(f)?;
    Ok(f)
}

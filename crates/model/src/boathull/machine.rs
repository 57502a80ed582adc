//! A processor of the boat hull model, of either kind: the one type for a
//! machine that presets, the GUI and the command line share.

use serde::{Deserialize, Serialize};

use super::param::BoathullParam;
use super::{BoatHullError, Cpu, CpuAssumptions, Gpu, GpuAssumptions};
use crate::perdome::Side;
use BoathullParam as B;

/// A GPU (Section 4.2, Table 2) or a CPU (Section 4.4, Table 3).
///
/// Written in files as `Gpu(p_compute_gflops: .., p_coalesced_gbs: ..,
/// p_uncoalesced_gbs: .., b_bus_gbs: ..)` or `Cpu(p_compute_gflops: ..,
/// p_memory_gbs: .., n_threads: .., w_vector_bits: ..)`, a CPU derived
/// from a spec sheet with `thread_speedup: Some(..)` too.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(from = "MachineFields", into = "MachineFields")]
pub enum Machine {
    Gpu(Gpu),
    Cpu(Cpu),
}

impl Machine {
    /// The processor kind.
    pub fn kind(&self) -> Side {
        match self {
            Machine::Gpu(_) => Side::Gpu,
            Machine::Cpu(_) => Side::Cpu,
        }
    }

    pub fn gpu(&self) -> Option<Gpu> {
        match *self {
            Machine::Gpu(g) => Some(g),
            Machine::Cpu(_) => None,
        }
    }

    pub fn cpu(&self) -> Option<Cpu> {
        match *self {
            Machine::Cpu(c) => Some(c),
            Machine::Gpu(_) => None,
        }
    }

    /// Every value in range (errors name the field as files write it).
    pub fn validate(&self) -> Result<(), BoatHullError> {
        check_machine(self)
    }
}

impl Cpu {
    /// Every parameter in its range ([`BoathullParam::range`]), the
    /// vector width a multiple of 32 bits.
    pub fn validate(&self) -> Result<(), BoatHullError> {
        check_machine(&Machine::Cpu(*self))
    }
}

impl Gpu {
    /// Every parameter in its range ([`BoathullParam::range`]).
    pub fn validate(&self) -> Result<(), BoatHullError> {
        check_machine(&Machine::Gpu(*self))
    }
}

impl BoathullParam {
    /// The value on `m`; `None` where `m` has no such parameter (and for
    /// f, which is no processor's).
    pub fn get(self, m: &Machine) -> Option<f64> {
        Some(match (m, self) {
            (Machine::Gpu(g), B::PCompute) => g.p_compute_gflops,
            (Machine::Gpu(g), B::PCoalesced) => g.p_coalesced_gbs,
            (Machine::Gpu(g), B::PUncoalesced) => g.p_uncoalesced_gbs,
            (Machine::Gpu(g), B::BBus) => g.b_bus_gbs,
            (Machine::Cpu(c), B::PCompute) => c.p_compute_gflops,
            (Machine::Cpu(c), B::PMemory) => c.p_memory_gbs,
            (Machine::Cpu(c), B::NThreads) => f64::from(c.n_threads),
            (Machine::Cpu(c), B::WVector) => f64::from(c.w_vector_bits),
            _ => return None,
        })
    }

    /// Set the value on `m` after checking it; `false` where `m` has no
    /// such parameter.
    pub fn set(self, m: &mut Machine, v: f64) -> Result<bool, BoatHullError> {
        self.check(v)?;
        let slot = match (m, self) {
            (Machine::Gpu(g), B::PCompute) => &mut g.p_compute_gflops,
            (Machine::Gpu(g), B::PCoalesced) => &mut g.p_coalesced_gbs,
            (Machine::Gpu(g), B::PUncoalesced) => &mut g.p_uncoalesced_gbs,
            (Machine::Gpu(g), B::BBus) => &mut g.b_bus_gbs,
            (Machine::Cpu(c), B::PCompute) => &mut c.p_compute_gflops,
            (Machine::Cpu(c), B::PMemory) => &mut c.p_memory_gbs,
            // Whole numbers of at most 1e6 after `check`.
            // Another thread count: the measured speedup over one thread
            // no longer holds, and Section 4.4's N_threads applies.
            (Machine::Cpu(c), B::NThreads) => {
                if c.n_threads != v as u32 {
                    c.thread_speedup = None;
                }
                c.n_threads = v as u32;
                return Ok(true);
            }
            (Machine::Cpu(c), B::WVector) => {
                c.w_vector_bits = v as u32;
                return Ok(true);
            }
            _ => return Ok(false),
        };
        *slot = v;
        Ok(true)
    }
}

/// Check every parameter of a machine (its kind's, f aside), and a CPU's
/// speedup of all threads over one (finite, positive).
fn check_machine(m: &Machine) -> Result<(), BoatHullError> {
    for p in BoathullParam::ALL {
        if let Some(v) = p.get(m) {
            p.check(v)?;
        }
    }
    if let Machine::Cpu(c) = m {
        let optional = [
            ("thread_speedup", "", c.thread_speedup),
            ("fma_latency_ns", "ns", c.fma_latency_ns),
        ];
        for (field, unit, value) in optional {
            if let Some(v) = value
                && !(v.is_finite() && v > 0.0)
            {
                return Err(BoatHullError::Param {
                    processor: "CPU",
                    field,
                    unit,
                    value: v,
                    rule: "a finite positive number",
                });
            }
        }
    }
    Ok(())
}

/// A named set of assumptions about the floors of both kinds
/// (Sections 4.2, 4.4 and 5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AssumptionSet {
    /// GPU: nothing known (hull to the highest floor); CPU: vector code
    /// on all threads.
    #[default]
    Default,
    /// The hull itself on both kinds (no floor applies).
    Hull,
    /// Nothing known on both kinds: from the hull to the highest floor.
    Unknown,
    /// The paper's Table 5 on a GPU: no fused multiply-add, coalescing
    /// unknown; a CPU keeps the hull.
    Table5,
}

impl AssumptionSet {
    pub const ALL: [AssumptionSet; 4] = [
        AssumptionSet::Default,
        AssumptionSet::Hull,
        AssumptionSet::Unknown,
        AssumptionSet::Table5,
    ];

    pub fn gpu(self) -> GpuAssumptions {
        match self {
            AssumptionSet::Default | AssumptionSet::Unknown => GpuAssumptions::UNKNOWN,
            AssumptionSet::Hull => GpuAssumptions::HULL,
            AssumptionSet::Table5 => GpuAssumptions::TABLE5,
        }
    }

    pub fn cpu(self) -> CpuAssumptions {
        match self {
            AssumptionSet::Unknown => CpuAssumptions::UNKNOWN,
            _ => CpuAssumptions::HULL,
        }
    }
}

impl From<Gpu> for Machine {
    fn from(g: Gpu) -> Self {
        Machine::Gpu(g)
    }
}

impl From<Cpu> for Machine {
    fn from(c: Cpu) -> Self {
        Machine::Cpu(c)
    }
}

/// How a [`Machine`] is written: the kind with the parameters as its
/// fields (a serialization detail; the model works with [`Gpu`] and
/// [`Cpu`]).
#[derive(Clone, Copy, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
enum MachineFields {
    Gpu {
        p_compute_gflops: f64,
        p_coalesced_gbs: f64,
        p_uncoalesced_gbs: f64,
        b_bus_gbs: f64,
    },
    Cpu {
        p_compute_gflops: f64,
        p_memory_gbs: f64,
        n_threads: u32,
        w_vector_bits: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        thread_speedup: Option<f64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        fma_latency_ns: Option<f64>,
    },
}

impl From<MachineFields> for Machine {
    fn from(f: MachineFields) -> Self {
        match f {
            MachineFields::Gpu {
                p_compute_gflops,
                p_coalesced_gbs,
                p_uncoalesced_gbs,
                b_bus_gbs,
            } => Machine::Gpu(Gpu {
                p_compute_gflops,
                p_coalesced_gbs,
                p_uncoalesced_gbs,
                b_bus_gbs,
            }),
            MachineFields::Cpu {
                p_compute_gflops,
                p_memory_gbs,
                n_threads,
                w_vector_bits,
                thread_speedup,
                fma_latency_ns,
            } => Machine::Cpu(Cpu {
                p_compute_gflops,
                p_memory_gbs,
                n_threads,
                w_vector_bits,
                thread_speedup,
                fma_latency_ns,
            }),
        }
    }
}

impl From<Machine> for MachineFields {
    fn from(m: Machine) -> Self {
        match m {
            Machine::Gpu(g) => MachineFields::Gpu {
                p_compute_gflops: g.p_compute_gflops,
                p_coalesced_gbs: g.p_coalesced_gbs,
                p_uncoalesced_gbs: g.p_uncoalesced_gbs,
                b_bus_gbs: g.b_bus_gbs,
            },
            Machine::Cpu(c) => MachineFields::Cpu {
                p_compute_gflops: c.p_compute_gflops,
                p_memory_gbs: c.p_memory_gbs,
                n_threads: c.n_threads,
                w_vector_bits: c.w_vector_bits,
                thread_speedup: c.thread_speedup,
                fma_latency_ns: c.fma_latency_ns,
            },
        }
    }
}

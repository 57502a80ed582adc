//! Every model's parameters from a platform description, by documented
//! rules, each parameter with its [`Source`]. One file per model:
//!
//! - `perdome.rs`: t_f, t_b, e_f, e_b, p_s of both groups (PeaPaw Eq. 5-6,
//!   grouping as PeaPaw 3.3);
//! - `boathull.rs`: P_compute, P_coalesced, P_uncoalesced, B_bus of one GPU;
//!   P_compute, P_memory, N_threads, W_vector and the speedup of all
//!   threads over one of one socket;
//! - `offload.rs`: the Hong & Kim GPU, the OpenMP host (with its rates
//!   over thread counts), the bus;
//! - `fpm.rs`: a speed function per socket and per GPU from their roofs
//!   and memory sizes.

pub mod boathull;
pub mod fpm;
pub mod offload;
pub mod perdome;

use super::source::Source;
use super::spec::Fields;

/// A model's parameters with the source of each, by the model's own
/// parameter names (`t_fC`, `P_compute`, `mem_ld`, ...).
#[derive(Clone, Debug, PartialEq)]
pub struct Derived<T> {
    pub value: T,
    pub sources: Vec<(String, Source)>,
}

impl<T> Derived<T> {
    /// The source of parameter `param`, if it was derived here.
    pub fn source(&self, param: &str) -> Option<&Source> {
        self.sources
            .iter()
            .find(|(p, _)| p == param)
            .map(|(_, s)| s)
    }
}

/// The source of a value a rule computes from `inputs` (a peak from cores,
/// clock and flops per cycle; a time per byte from a bandwidth): measured
/// where at least one input was measured and every other one follows from
/// measurements or rules (none a sheet's, a paper's, an estimate or an
/// edit), its detail the rule and the measurements; else the rule,
/// derived.
pub fn from_inputs(rule: String, inputs: &[Source]) -> Source {
    let measured: Vec<&str> = inputs
        .iter()
        .filter(|s| matches!(s, Source::Measured(_)))
        .map(Source::detail)
        .collect();
    let only_measured = inputs
        .iter()
        .all(|s| matches!(s, Source::Measured(_) | Source::Derived(_)));
    if measured.is_empty() || !only_measured {
        return Source::Derived(rule);
    }
    let mut unique: Vec<&str> = Vec::new();
    for m in measured {
        if !unique.contains(&m) {
            unique.push(m);
        }
    }
    Source::Measured(format!("{rule}; measured: {}", unique.join("; ")))
}

/// The fields a CPU's peak follows from (PeaPaw Eq. 6).
pub const CPU_PEAK: [&str; 3] = ["cores", "clock_ghz", "flops_per_cycle"];
/// The fields a GPU's peak follows from.
pub const GPU_PEAK: [&str; 4] = ["sms", "cores_per_sm", "clock_ghz", "flops_per_cycle"];

/// The sources of the fields a spec's peak follows from.
pub fn peak_inputs(spec: &impl Fields, fields: &[&str]) -> Vec<Source> {
    fields.iter().map(|f| spec.source_of(f)).collect()
}

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

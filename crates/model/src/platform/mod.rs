//! One CPU+GPU platform described once: the spec sheets of its processors,
//! how many of each, and the link between them. Every model's parameters
//! follow from this description by a documented rule (`derive/`), each
//! value with its [`Source`], so a number on screen can be traced to a
//! paper, a spec sheet, a measurement or a rule.
//!
//! The CPU sockets are identical; the GPUs come in groups of identical
//! boards (a node may mix kinds, as the FPM paper's does). All CPUs form
//! one group and all GPUs another, each seen as one processor with
//! aggregated peak and bandwidth (and static power), as PeaPaw Section 3.3
//! describes. Models of one GPU use the node's first GPU.
//!
//! A CPU's FMA rate and bandwidth at a thread count (`threads.rs`) come
//! from the curves over thread counts its spec may hold (`curve.rs`:
//! measured by `measure cpu`), else from a stated rule.

pub mod curve;
pub mod derive;
mod error;
pub mod knobs;
pub mod source;
pub mod spec;
mod spec_fields;
pub mod threads;

pub use curve::CurveError;
pub use derive::Derived;
pub use error::PlatformError;
pub use source::{Source, Sourced};
pub use spec::{CacheLevel, CpuSpec, Direction, Fields, GpuSpec, Link, SpecField, Transfers};
pub use threads::{HostRates, ThreadScaling};

use serde::{Deserialize, Serialize};

/// A CPU+GPU node: `cpus` identical CPU sockets and groups of identical
/// GPUs, joined by one kind of link.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Node {
    pub name: String,
    pub cpu: CpuSpec,
    /// CPU sockets (at least 1).
    pub cpus: u32,
    /// The GPUs, by kind (at least one group).
    pub gpus: Vec<GpuGroup>,
    pub link: Link,
}

/// `count` identical GPUs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GpuGroup {
    pub spec: GpuSpec,
    pub count: u32,
}

impl Node {
    /// Every spec value finite and in range, every source naming a field,
    /// at least one processor of each kind.
    pub fn check(&self) -> Result<(), PlatformError> {
        let gpus: u32 = self.gpus.iter().map(|g| g.count).sum();
        for (part, count) in [("CPU", self.cpus), ("GPU", gpus)] {
            if count == 0 || self.gpus.iter().any(|g| g.count == 0) {
                return Err(PlatformError::NoProcessor {
                    platform: self.name.clone(),
                    part,
                });
            }
        }
        self.cpu.check()?;
        for g in &self.gpus {
            g.spec.check()?;
            g.spec.check_link()?;
        }
        self.link.check()
    }

    /// The first GPU: the one models of a single GPU use.
    pub fn gpu(&self) -> &GpuSpec {
        &self.gpus[0].spec
    }

    /// Whether every GPU is of one kind.
    pub fn identical_gpus(&self) -> bool {
        self.gpus.len() == 1
    }

    /// GPUs in all.
    pub fn gpu_count(&self) -> u32 {
        self.gpus.iter().map(|g| g.count).sum()
    }

    /// "2 x Xeon ..." or the name alone for one.
    pub fn cpu_label(&self) -> String {
        counted(self.cpus, &self.cpu.name)
    }

    /// "8 x H100 ...", "GTX 680 + Tesla C870", or the name alone for one.
    pub fn gpu_label(&self) -> String {
        self.gpus
            .iter()
            .map(|g| counted(g.count, &g.spec.name))
            .collect::<Vec<_>>()
            .join(" + ")
    }
}

fn counted(n: u32, name: &str) -> String {
    if n == 1 {
        name.to_string()
    } else {
        format!("{n} x {name}")
    }
}

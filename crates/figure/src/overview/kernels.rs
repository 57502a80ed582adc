//! The offload model's verdict over the kernel suite: each kernel's
//! decision at its test and benchmark sizes, or why it has none (its data
//! does not fit the GPU's memory, or the model refuses it).

use super::input::{OverviewKernel, PlatformInput};
use hetscope_model::format::{fmt_sig, fmt_speedup};
use hetscope_model::offload::{Decision, OffloadError, decide};

/// One kernel's decision at a size, or why it has none.
#[derive(Clone, Debug, PartialEq)]
pub struct SizedDecision {
    pub n: f64,
    /// The data copied to the device and back, bytes: an upper bound of
    /// what the GPU must hold (an array both read and written counts
    /// twice).
    pub device_bytes: f64,
    /// Whether the data fits the GPU's memory: `Some(true)` even at the
    /// upper bound, `Some(false)` not even the larger of the two copies
    /// (then `decision` says so), `None` in between or when the memory is
    /// not known.
    pub fits_gpu: Option<bool>,
    /// The model's decision, or why there is none (the data does not fit
    /// the GPU's memory, or the model refuses the size).
    pub decision: Result<Decision, DecisionError>,
}

/// The start of the reason of a kernel whose data does not fit the GPU.
pub const DOES_NOT_FIT: &str = "does not fit the GPU";

/// Why a kernel has no offload decision at a size.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum DecisionError {
    /// Not even the smaller of the copies the kernel needs fits the GPU's
    /// memory.
    #[error(
        "{}: at least {} GB against its {} GB",
        DOES_NOT_FIT,
        fmt_sig(.need_bytes / 1e9),
        fmt_sig(.memory_bytes / 1e9)
    )]
    DoesNotFit {
        /// The smaller of the copies, bytes.
        need_bytes: f64,
        /// The GPU's memory, bytes.
        memory_bytes: f64,
    },
    /// The model refuses the kernel or the size.
    #[error(transparent)]
    Model(#[from] OffloadError),
}

/// One offload kernel at its test and benchmark sizes.
#[derive(Clone, Debug, PartialEq)]
pub struct KernelVerdict {
    pub id: String,
    pub name: String,
    pub test: SizedDecision,
    pub benchmark: SizedDecision,
}

/// The offload model over the kernel suite.
#[derive(Clone, Debug, PartialEq)]
pub struct OffloadVerdict {
    pub kernels: Vec<KernelVerdict>,
}

/// Which of a kernel's sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SizeMode {
    Test,
    Benchmark,
}

impl SizeMode {
    pub const BOTH: [SizeMode; 2] = [SizeMode::Test, SizeMode::Benchmark];

    pub fn key(self) -> &'static str {
        match self {
            SizeMode::Test => "test",
            SizeMode::Benchmark => "benchmark",
        }
    }
}

impl KernelVerdict {
    pub fn at(&self, mode: SizeMode) -> &SizedDecision {
        match mode {
            SizeMode::Test => &self.test,
            SizeMode::Benchmark => &self.benchmark,
        }
    }
}

fn sized(k: &OverviewKernel, p: &PlatformInput, n: f64) -> SizedDecision {
    let footprint = k.kernel.footprint(n);
    let device_bytes = footprint.upper;
    let fits_gpu = footprint.fits(p.gpu_mem_bytes);
    let decision = match (fits_gpu, p.gpu_mem_bytes) {
        (Some(false), Some(cap)) => Err(DecisionError::DoesNotFit {
            need_bytes: footprint.lower,
            memory_bytes: cap,
        }),
        _ => decide(&k.kernel, &p.offload, n).map_err(DecisionError::from),
    };
    SizedDecision {
        n,
        device_bytes,
        fits_gpu,
        decision,
    }
}

impl OffloadVerdict {
    pub fn compute(p: &PlatformInput) -> OffloadVerdict {
        let kernels = p
            .kernels
            .iter()
            .map(|k| KernelVerdict {
                id: k.id.clone(),
                name: k.name.clone(),
                test: sized(k, p, k.test_size),
                benchmark: sized(k, p, k.benchmark_size),
            })
            .collect();
        OffloadVerdict { kernels }
    }

    /// The decisions the model could make at `mode`.
    pub fn decisions(&self, mode: SizeMode) -> impl Iterator<Item = (&KernelVerdict, &Decision)> {
        self.kernels
            .iter()
            .filter_map(move |k| k.at(mode).decision.as_ref().ok().map(|d| (k, d)))
    }

    /// Geometric mean of the speedups when offloading only where the
    /// model predicts a gain (elsewhere 1x); NaN without decisions.
    pub fn geomean_profitable(&self, mode: SizeMode) -> f64 {
        crate::offload::geomean(
            self.decisions(mode)
                .map(|(_, d)| if d.offload { d.speedup } else { 1.0 }),
        )
    }

    /// The kernels without a decision at `mode`: those whose data does
    /// not fit the GPU, and the others.
    pub fn undecided(&self, mode: SizeMode) -> (Vec<&str>, Vec<&str>) {
        let (mut big, mut other) = (Vec::new(), Vec::new());
        for k in &self.kernels {
            match &k.at(mode).decision {
                Err(DecisionError::DoesNotFit { .. }) => big.push(k.name.as_str()),
                Err(DecisionError::Model(_)) => other.push(k.name.as_str()),
                Ok(_) => {}
            }
        }
        (big, other)
    }

    pub fn offloaded(&self, mode: SizeMode) -> Vec<&str> {
        self.decisions(mode)
            .filter(|(_, d)| d.offload)
            .map(|(k, _)| k.name.as_str())
            .collect()
    }

    pub fn sentence(&self) -> String {
        let part = |mode: SizeMode| {
            let off = self.offloaded(mode);
            let all = self.decisions(mode).count();
            let which = if off.is_empty() {
                "none".to_string()
            } else {
                off.join(", ")
            };
            format!(
                "at {} size offload {} of {all} ({which}), geometric mean {}",
                mode.key(),
                off.len(),
                fmt_speedup(self.geomean_profitable(mode))
            )
        };
        let mut s = format!(
            "Offload: {}; {}.",
            part(SizeMode::Test),
            part(SizeMode::Benchmark)
        );
        for mode in SizeMode::BOTH {
            let close = self
                .decisions(mode)
                .filter(|(_, d)| d.call() == hetscope_model::offload::Call::TooClose)
                .count();
            if close > 0 {
                s.push_str(&format!(
                    " At {} size {close} of the {} are too close to call (the 90 % interval of their speedup straddles 1).",
                    mode.key(),
                    self.decisions(mode).count()
                ));
            }
        }
        for mode in SizeMode::BOTH {
            let (big, other) = self.undecided(mode);
            if !big.is_empty() {
                s.push_str(&format!(
                    " At {} size the data of {} does not fit the GPU's memory.",
                    mode.key(),
                    big.join(", ")
                ));
            }
            let maybe: Vec<&str> = self
                .kernels
                .iter()
                .filter(|k| k.at(mode).fits_gpu.is_none() && k.at(mode).decision.is_ok())
                .map(|k| k.name.as_str())
                .collect();
            if !maybe.is_empty() && self.kernels.iter().any(|k| k.at(mode).fits_gpu.is_some()) {
                s.push_str(&format!(
                    " At {} size the data of {} may not fit the GPU (it does if the arrays copied back are among those copied in).",
                    mode.key(),
                    maybe.join(", ")
                ));
            }
            if !other.is_empty() {
                s.push_str(&format!(
                    " At {} size the model gives no decision for {}.",
                    mode.key(),
                    other.join(", ")
                ));
            }
        }
        s
    }
}

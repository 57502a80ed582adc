//! The decision of the paper's Section IV-D: predict the loop on the host
//! (OpenMP model) and on the GPU (Hong & Kim plus the transfers), offload
//! when the GPU is predicted faster. Everything is a function of one problem
//! size n, so the speedup can be followed as n grows and the size where the
//! decision flips can be found.
//!
//! The kernel's coalescing comes from its subscripts, evaluated at each n
//! (Section IV-C: the stride is symbolic until the sizes are known).

use super::bus::Bus;
use super::cache::{self, CacheTerms, Caches};
use super::formulation::Formulation;
use super::hong_kim::{GpuKernel, GpuMachine, GpuPrediction};
use super::host_levels::LoopShape;
use super::interval::{Call, SpeedupError, SpeedupInterval, call};
use super::kernel::{HostVectorization, OffloadKernel, Scaling};
use serde::{Deserialize, Serialize};

use super::launch::Runtime;
use super::omp_cpu::{CpuLoop, CpuMachine, CpuPrediction, InstructionMix};
use super::{OffloadError, count, non_negative, positive};
use crate::platform::Direction;
use crate::sampling::log_spaced;

/// The machine the decision needs: host CPU, GPU, bus, and the grid the
/// OpenMP runtime launches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Platform {
    pub cpu: CpuMachine,
    pub gpu: GpuMachine,
    pub bus: Bus,
    pub runtime: Runtime,
    /// How Hong & Kim's #Rep and execution case are read.
    pub formulation: Formulation,
    /// The memory of the GPU and of the host, where known.
    pub memory: Memory,
    /// The caches of both sides, where known (the cache-aware
    /// formulation needs them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caches: Option<Caches>,
    /// How far the formulation's speedups are off on measured runs, where
    /// known: each decision then carries an interval.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speedup_error: Option<SpeedupError>,
}

/// The memory the kernel's data must fit in, bytes; `None`: not known (no
/// check).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Memory {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gpu_bytes: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_bytes: Option<f64>,
}

/// The bytes a kernel's data takes in one memory: exact where the kernel
/// states it (`lower` = `upper`), else as its transfers bound it: at least
/// the larger of the two copies, at most both (an array both copied in
/// and out counts twice).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Footprint {
    pub lower: f64,
    pub upper: f64,
    /// Stated by the kernel rather than bounded by its transfers.
    pub exact: bool,
}

impl Footprint {
    /// Whether the data fits `capacity` bytes: `Some(true)` even at the
    /// upper bound, `Some(false)` not even at the lower, `None` in between
    /// or when the capacity is not known.
    pub fn fits(&self, capacity: Option<f64>) -> Option<bool> {
        let cap = capacity?;
        if self.lower > cap {
            Some(false)
        } else {
            (self.upper <= cap).then_some(true)
        }
    }

    /// "X GB" where exact, "at least X GB" where bounded.
    fn need_text(&self) -> String {
        let gb = format!("{:.3} GB", self.lower / 1e9);
        if self.exact {
            gb
        } else {
            format!("at least {gb}")
        }
    }
}

/// The prediction at one size.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    pub n: f64,
    /// The bytes the kernel's data takes in the GPU's memory.
    pub footprint: Footprint,
    /// The bytes it takes in the host's memory.
    pub host_footprint: Footprint,
    /// Whether it fits the GPU's and the host's memory (see
    /// [`Footprint::fits`]); a loop that cannot fit the GPU is not
    /// offloaded, whatever its speedup would be.
    pub fits_gpu: Option<bool>,
    pub fits_host: Option<bool>,
    pub cpu: CpuPrediction,
    pub gpu: GpuPrediction,
    /// The cache-aware term's classes and host traffic (that formulation
    /// only).
    pub cache: Option<CacheTerms>,
    /// Host time, s.
    pub cpu_seconds: f64,
    /// Kernel time on the GPU, s.
    pub kernel_seconds: f64,
    /// Both transfers over the bus, each direction at its own rate, s.
    pub transfer_seconds: f64,
    /// kernel_seconds + transfer_seconds.
    pub gpu_seconds: f64,
    /// cpu_seconds / gpu_seconds.
    pub speedup: f64,
    /// speedup > 1 and the data does not exceed the GPU's memory.
    pub offload: bool,
    /// The speedup's interval, where the platform knows its error.
    pub interval: Option<SpeedupInterval>,
}

impl Decision {
    /// Offload, keep on the host, or too close to call (the interval
    /// straddles 1 and the data fits).
    pub fn call(&self) -> Call {
        let fits = self.fits_gpu != Some(false) && self.fits_host != Some(false);
        call(self.offload, fits, self.interval.as_ref())
    }

    /// Why the kernel cannot run at this size, if its data exceeds a
    /// memory: which, how much (at least, where bounded by the transfers),
    /// and the capacity.
    pub fn does_not_fit(&self, memory: &Memory) -> Option<String> {
        let gb = |b: f64| format!("{:.3} GB", b / 1e9);
        if let (Some(false), Some(cap)) = (self.fits_host, memory.host_bytes) {
            return Some(format!(
                "does not fit the host's memory: {} against {}",
                self.host_footprint.need_text(),
                gb(cap)
            ));
        }
        if let (Some(false), Some(cap)) = (self.fits_gpu, memory.gpu_bytes) {
            return Some(format!(
                "does not fit the GPU's memory: {} against {}",
                self.footprint.need_text(),
                gb(cap)
            ));
        }
        None
    }
}

impl OffloadKernel {
    /// The GPU kernel at size n: memory instructions split by the stride of
    /// each subscript with respect to the parallel index.
    pub fn gpu_kernel(&self, n: f64) -> Result<GpuKernel, OffloadError> {
        let (iters, trips) = self.counts(n)?;
        let size = n.round().clamp(i64::MIN as f64, i64::MAX as f64) as i64;
        let sizes = [(self.size_name.as_str(), size)];
        let (mut coal, mut uncoal) = (0.0, 0.0);
        for a in &self.accesses {
            non_negative("accesses per trip", "", a.per_trip)?;
            if a.access
                .coalescing(&self.parallel_index, &sizes)?
                .is_coalesced()
            {
                coal += a.per_trip * trips;
            } else {
                uncoal += a.per_trip * trips;
            }
        }
        count("threads_per_block", self.threads_per_block)?;
        count("max_blocks", self.max_blocks)?;
        let blocks = (iters / self.threads_per_block)
            .ceil()
            .clamp(1.0, self.max_blocks);
        Ok(GpuKernel {
            comp_insts: non_negative("gpu_comp_insts", "", self.gpu_comp_insts)? * trips,
            coal_mem_insts: coal,
            uncoal_mem_insts: uncoal,
            sync_insts: self.gpu_sync_insts,
            threads_per_block: self.threads_per_block,
            blocks,
            active_blocks_per_sm: self.active_blocks_per_sm,
            load_bytes_per_warp: self.load_bytes_per_warp,
            loop_iterations: Some(iters),
        })
    }

    /// The bytes the kernel's data takes in the GPU's memory at size n.
    pub fn footprint(&self, n: f64) -> Footprint {
        self.footprint_of(self.device_bytes, n)
    }

    /// The bytes the kernel's data takes in the host's memory at size n.
    pub fn host_footprint(&self, n: f64) -> Footprint {
        self.footprint_of(self.host_bytes, n)
    }

    /// `stated` at n where given, else the bounds of the transfers.
    fn footprint_of(&self, stated: Option<Scaling>, n: f64) -> Footprint {
        if let Some(s) = stated {
            let b = s.at(n);
            return Footprint {
                lower: b,
                upper: b,
                exact: true,
            };
        }
        let (to, from) = (self.bytes_to_device.at(n), self.bytes_from_device.at(n));
        Footprint {
            lower: to.max(from),
            upper: to + from,
            exact: false,
        }
    }

    /// Whether the host vectorizes the loop at size n: every access of the
    /// innermost loop has unit stride or none (an invariant or a
    /// reduction) along its index, so the compiler can run `vector_bits /
    /// (8 x element_bytes)` elements per instruction. A stride of any other
    /// length (a column walk) keeps it scalar, as does a host without a
    /// vector unit modelled (`vector_bits` 0). Reductions count as
    /// vectorizable, as compilers do with re-association allowed.
    pub fn host_vectorized(
        &self,
        n: f64,
        vector_bits: f64,
    ) -> Result<HostVectorization, OffloadError> {
        let size = n.round().clamp(i64::MIN as f64, i64::MAX as f64) as i64;
        let sizes = [(self.size_name.as_str(), size)];
        let scalar = |reason: String| HostVectorization {
            vectorized: false,
            lanes: 1.0,
            reason,
        };
        for a in &self.accesses {
            let stride = a.access.stride(&self.innermost_index, &sizes)?;
            if stride.abs() > 1 {
                return Ok(scalar(format!(
                    "scalar: `{}` has stride {stride} along {}",
                    a.access.text, self.innermost_index
                )));
            }
        }
        let lanes =
            (vector_bits / (8.0 * positive("element_bytes", "bytes", self.element_bytes)?)).floor();
        if lanes < 2.0 {
            return Ok(scalar("scalar: no vector unit modelled on the host".into()));
        }
        Ok(HostVectorization {
            vectorized: true,
            lanes,
            reason: format!(
                "vectorized: unit or no stride along {}, {lanes} lanes of {vector_bits} bits",
                self.innermost_index
            ),
        })
    }

    /// The CPU loop at size n on a host whose vector registers are
    /// `vector_bits` wide (see [`OffloadKernel::host_vectorized`]).
    pub fn cpu_loop(&self, n: f64, vector_bits: f64) -> Result<CpuLoop, OffloadError> {
        let (iters, trips) = self.counts(n)?;
        let vector_lanes = self.host_vectorized(n, vector_bits)?.lanes;
        let m = &self.cpu_mix;
        Ok(CpuLoop {
            iterations: iters,
            mix: InstructionMix {
                int_ops: m.int_ops * trips,
                fp_ops: m.fp_ops * trips,
                loads: m.loads * trips,
                stores: m.stores * trips,
                branches: m.branches * trips,
            },
            cycles_per_iter: None,
            bytes_per_iter: self.cpu_bytes_per_iter.at(n),
            data_passes: 1.0,
            vector_lanes,
            tlb_misses_per_iter: None,
        })
    }

    /// What the hierarchy formulation's host term needs besides the nest
    /// (see [`LoopShape`]).
    pub fn loop_shape(&self, n: f64, vector_bits: f64) -> Result<LoopShape, OffloadError> {
        let (_, trips) = self.counts(n)?;
        let element = positive("element_bytes", "bytes", self.element_bytes)?;
        Ok(LoopShape {
            inner_loop: self.innermost_index != self.parallel_index,
            footprint_bytes: self.host_footprint(n).lower,
            stores_per_iter: self.cpu_mix.stores * trips,
            max_lanes: (vector_bits / (8.0 * element)).floor().max(1.0),
        })
    }

    fn counts(&self, n: f64) -> Result<(f64, f64), OffloadError> {
        positive("problem size n", "", n)?;
        let iters = non_negative("iterations", "", self.iterations.at(n))?.ceil();
        let trips = non_negative("inner_trips", "", self.inner_trips.at(n))?;
        Ok((iters, trips))
    }
}

/// Predicts both sides at size n and decides.
pub fn decide(
    kernel: &OffloadKernel,
    platform: &Platform,
    n: f64,
) -> Result<Decision, OffloadError> {
    let (cpu, gpu, cache) = if platform.formulation.uses_caches() {
        let caches = platform.caches.as_ref().ok_or(OffloadError::NoCaches)?;
        let shape = (platform.formulation == Formulation::Hierarchy)
            .then(|| kernel.loop_shape(n, platform.cpu.vector_bits))
            .transpose()?;
        let (cpu, gpu, terms) = cache::sides(
            &kernel.nest(n)?,
            kernel.cpu_loop(n, platform.cpu.vector_bits)?,
            &platform.cpu,
            (&kernel.gpu_kernel(n)?, &platform.gpu),
            caches,
            shape.as_ref(),
        )?;
        (cpu, gpu, Some(terms))
    } else {
        let cpu = platform
            .cpu
            .predict(&kernel.cpu_loop(n, platform.cpu.vector_bits)?)?;
        let gpu = platform
            .gpu
            .predict_with(&kernel.gpu_kernel(n)?, platform.formulation)?;
        (cpu, gpu, None)
    };
    let own_memory = kernel.host_memory.map(|m| platform.bus.for_memory(Some(m)));
    let bus = own_memory.as_ref().unwrap_or(&platform.bus);
    let transfer_seconds = bus
        .transfer_seconds(Direction::ToDevice, kernel.bytes_to_device.at(n))?
        + bus.transfer_seconds(Direction::FromDevice, kernel.bytes_from_device.at(n))?;
    let gpu_seconds = gpu.seconds + transfer_seconds;
    let speedup = cpu.seconds / gpu_seconds;
    let footprint = kernel.footprint(n);
    let host_footprint = kernel.host_footprint(n);
    for (name, f) in [("device_bytes", footprint), ("host_bytes", host_footprint)] {
        if f.exact {
            non_negative(name, "bytes", f.lower)?;
        }
    }
    let fits_gpu = footprint.fits(platform.memory.gpu_bytes);
    let fits_host = host_footprint.fits(platform.memory.host_bytes);
    Ok(Decision {
        n,
        footprint,
        host_footprint,
        fits_gpu,
        fits_host,
        cpu_seconds: cpu.seconds,
        kernel_seconds: gpu.seconds,
        transfer_seconds,
        gpu_seconds,
        speedup,
        offload: speedup > 1.0 && fits_gpu != Some(false) && fits_host != Some(false),
        interval: platform
            .speedup_error
            .as_ref()
            .and_then(|e| e.interval(speedup)),
        cpu,
        gpu,
        cache,
    })
}

/// `decide` at each size.
pub fn sweep(
    kernel: &OffloadKernel,
    platform: &Platform,
    sizes: &[f64],
) -> Result<Vec<Decision>, OffloadError> {
    sizes.iter().map(|&n| decide(kernel, platform, n)).collect()
}

/// The smallest size in `lo..=hi` where the decision first differs from the
/// one at `lo`, found by a scan over `steps` sizes (at least two) spaced
/// evenly in log(n) ([`log_spaced`]) and bisection inside the first bracket that flips; `None` when no
/// scanned size flips. The result is the upper end of a bracket narrower
/// than 1e-9 relative (integer effects such as ceil make the decision a
/// step function of n).
pub fn crossover(
    kernel: &OffloadKernel,
    platform: &Platform,
    lo: f64,
    hi: f64,
    steps: usize,
) -> Result<Option<f64>, OffloadError> {
    if !(lo.is_finite() && hi.is_finite() && lo > 0.0 && lo < hi) {
        return Err(OffloadError::SizeRange { lo, hi });
    }
    let first = decide(kernel, platform, lo)?.offload;
    let mut prev = lo;
    for n in log_spaced(lo, hi, steps).skip(1) {
        if decide(kernel, platform, n)?.offload != first {
            return flip_between(kernel, platform, prev, n, first).map(Some);
        }
        prev = n;
    }
    Ok(None)
}

/// Where the decision flips between sizes `a < b`, the decision at `a`
/// being `offload_at_a` and the one at `b` the other: bisected in log(n)
/// to a bracket narrower than 1e-9 relative, whose upper end is returned.
pub fn flip_between(
    kernel: &OffloadKernel,
    platform: &Platform,
    a: f64,
    b: f64,
    offload_at_a: bool,
) -> Result<f64, OffloadError> {
    let (mut a, mut b) = (a, b);
    while b / a > 1.0 + 1e-9 {
        let mid = (a * b).sqrt();
        if decide(kernel, platform, mid)?.offload == offload_at_a {
            a = mid;
        } else {
            b = mid;
        }
    }
    Ok(b)
}

/// Every flip between neighbouring decisions of a sweep (`decisions`
/// increasing in n), bisected ([`flip_between`]), at most `max` of them.
/// Over the decisions at `log_spaced(lo, hi, steps)` the first equals
/// [`crossover`]'s, with no decision made twice.
pub fn flips(
    kernel: &OffloadKernel,
    platform: &Platform,
    decisions: &[Decision],
    max: usize,
) -> Result<Vec<f64>, OffloadError> {
    decisions
        .windows(2)
        .filter(|w| w[0].offload != w[1].offload)
        .take(max)
        .map(|w| flip_between(kernel, platform, w[0].n, w[1].n, w[0].offload))
        .collect()
}

//! Measuring this machine's CPU: its roofs (see [`super::roofs`]), the
//! speed functions of gemm and triad over sizes (what FPM needs) and,
//! where the powercap counters can be read, its package energy over runs
//! of different flop/byte mixes, fitted to e_f, e_b, p_s as PeaPaw 6.2
//! does. The FMA peak and the memory triad are timed on 1, 2, 4, ...
//! threads up to all ([`thread_counts`]). The result becomes a processor
//! description in the catalog's format (`cpu_spec.rs`:
//! [`CpuMeasurement::to_spec`]), every measured value tagged `measured`.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::machine::{MachineInfo, Powercap, PowercapError};
use super::roofs::{self, Isa, Roof, Timing};
use super::{Kernel, MAX_THREADS, MeasureConfig, MeasureError, Measurement};
use super::{chain, levels};
use hetscope_model::perdome::energy_fit::{self, EnergyFit, EnergyRun, FitError};
use hetscope_model::platform::CacheLevel;

/// What to measure.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CpuMeasureConfig {
    /// Short runs (under 30 s on two cores) rather than stable ones.
    pub quick: bool,
    /// Threads of the all-thread roofs and speed functions.
    pub threads: usize,
}

impl CpuMeasureConfig {
    /// `threads` or every logical CPU.
    pub fn new(quick: bool, threads: Option<usize>) -> Result<CpuMeasureConfig, MeasureError> {
        let threads =
            threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        if !(1..=MAX_THREADS).contains(&threads) {
            return Err(MeasureError::Invalid(format!(
                "threads {threads} must be 1 to {MAX_THREADS}"
            )));
        }
        Ok(CpuMeasureConfig { quick, threads })
    }

    fn timing(&self) -> Timing {
        if self.quick {
            Timing::QUICK
        } else {
            Timing::FULL
        }
    }
}

/// The steps of a measurement, in order (for a progress bar).
pub const STEPS: [&str; 13] = [
    "FMA f32, one thread",
    "FMA f64, one thread",
    "FMA f32 on 2, 4, ... threads up to all",
    "FMA f64, all threads",
    "triad from memory on 1, 2, 4, ... threads up to all",
    "triad from cache",
    "read, triad and strided read from each cache level on 1, 2, 4, ... threads",
    "strided read",
    "memory latency",
    "latency of a dependent add and FMA",
    "gemm speed function",
    "triad speed function",
    "package energy",
];

/// Why the package energy was not measured or not fitted.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum EnergyError {
    /// The powercap counters cannot be read.
    #[error(transparent)]
    Counters(#[from] PowercapError),
    /// The runs give no fit.
    #[error(transparent)]
    Fit(#[from] FitError),
}

/// Everything measured.
#[derive(Clone, Debug, PartialEq)]
pub struct CpuMeasurement {
    pub machine: MachineInfo,
    pub isa: Isa,
    pub threads: usize,
    pub quick: bool,
    /// GFLOP/s.
    pub fma_f32_1t: Roof,
    pub fma_f64_1t: Roof,
    pub fma_f32: Roof,
    pub fma_f64: Roof,
    /// FMA f32 at each of [`thread_counts`], GFLOP/s: the first is
    /// `fma_f32_1t`, the last `fma_f32`.
    pub fma_f32_by_threads: Vec<(usize, Roof)>,
    /// GB/s, 24 bytes per element.
    pub triad: Roof,
    /// The memory triad at each of [`thread_counts`], GB/s: the last is
    /// `triad`.
    pub triad_by_threads: Vec<(usize, Roof)>,
    pub cache_triad: Roof,
    /// Each data cache level (`machine.caches`) with its bandwidths at
    /// the thread counts where a working set can be held in it and in no
    /// inner level ([`cache_read_sizes`]).
    pub cache_runs: Vec<CacheRun>,
    /// Useful GB/s of the strided read (8 bytes per 128).
    pub strided: Roof,
    /// ns per dependent load.
    pub latency: Roof,
    /// ns per dependent f32 add.
    pub add_latency: Roof,
    /// ns per dependent f32 fused multiply-add (x = x a + b).
    pub fma_latency: Roof,
    /// Elements per array of the memory triad.
    pub triad_elements: usize,
    pub gemm: Vec<Measurement>,
    pub triad_speed: Vec<Measurement>,
    /// The energy runs and their fit, or why there are none.
    pub energy: Result<(Vec<EnergyRun>, EnergyFit), EnergyError>,
    /// Wall time of the whole measurement, s.
    pub seconds: f64,
}

/// One cache level's kernels over thread counts, GB/s: a read (of 8
/// bytes a word), a triad (24 bytes an element) and a strided read (8
/// useful bytes per 128), each from a working set the level holds.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CacheRun {
    pub level: u32,
    pub read: Vec<(usize, Roof)>,
    pub triad: Vec<(usize, Roof)>,
    pub strided: Vec<(usize, Roof)>,
}

impl CpuMeasurement {
    /// The runs of cache `level` (none where it was not timed).
    pub fn cache_run(&self, level: u32) -> Option<&CacheRun> {
        self.cache_runs.iter().find(|r| r.level == level)
    }
}

/// Measure, calling `progress(step, label)` before each step of
/// [`STEPS`]; stops with [`MeasureError::Cancelled`] as soon as `cancel`
/// is set.
pub fn measure_cpu(
    cfg: &CpuMeasureConfig,
    progress: &mut dyn FnMut(usize, &str),
    cancel: &AtomicBool,
) -> Result<CpuMeasurement, MeasureError> {
    let start = Instant::now();
    let (t, n) = (cfg.timing(), cfg.threads);
    let isa = Isa::detect();
    let machine = MachineInfo::read();
    // Wake the cores up (clock ramp) before the first timing.
    let warm = Instant::now();
    while warm.elapsed() < Duration::from_millis(if cfg.quick { 60 } else { 300 }) {
        roofs::fma_burst(isa, n);
    }
    let mut step = 0;
    let mut next = |step: &mut usize| {
        progress(*step, STEPS[*step]);
        *step += 1;
    };
    let counts = thread_counts(n);
    next(&mut step);
    let fma_f32_1t = roofs::fma_gflops(isa, false, 1, &t, cancel)?;
    next(&mut step);
    let fma_f64_1t = roofs::fma_gflops(isa, true, 1, &t, cancel)?;
    next(&mut step);
    let mut fma_f32_by_threads = vec![(1, fma_f32_1t)];
    fma_f32_by_threads.extend(curve(&counts[1..], cancel, &mut |k, cancel| {
        roofs::fma_gflops(isa, false, k, &t, cancel)
    })?);
    let fma_f32 = last(&fma_f32_by_threads).unwrap_or(fma_f32_1t);
    next(&mut step);
    let fma_f64 = roofs::fma_gflops(isa, true, n, &t, cancel)?;
    let elements = memory_elements(&machine);
    next(&mut step);
    let triad_by_threads = curve(&counts, cancel, &mut |k, cancel| {
        roofs::triad_gbs(elements, k, &t, cancel)
    })?;
    let triad = last(&triad_by_threads)
        .ok_or_else(|| MeasureError::Invalid("no thread count to time the triad on".into()))?;
    next(&mut step);
    let cache_triad = roofs::cache_triad_gbs(8_192, n, &t, cancel)?;
    next(&mut step);
    let cache_runs = cache_runs(&machine.caches, &counts, &t, cancel)?;
    next(&mut step);
    let strided = roofs::strided_gbs(2 * elements, n, &t, cancel)?;
    next(&mut step);
    let latency = roofs::latency_ns(elements, &t, cancel)?;
    next(&mut step);
    let add_latency = chain::add_latency_ns(&t, cancel)?;
    let fma_latency = chain::fma_latency_ns(isa, &t, cancel)?;
    next(&mut step);
    let gemm = speed_function(Kernel::Gemm, cfg, cancel)?;
    next(&mut step);
    let triad_speed = speed_function(Kernel::Triad, cfg, cancel)?;
    next(&mut step);
    let energy = energy_runs(cfg, isa, elements, cancel)?;
    Ok(CpuMeasurement {
        machine,
        isa,
        threads: n,
        quick: cfg.quick,
        fma_f32_1t,
        fma_f64_1t,
        fma_f32,
        fma_f64,
        fma_f32_by_threads,
        triad,
        triad_by_threads,
        cache_triad,
        cache_runs,
        strided,
        latency,
        add_latency,
        fma_latency,
        triad_elements: elements,
        gemm,
        triad_speed,
        energy,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// Each cache level's read, triad and strided read at the thread counts
/// [`cache_read_sizes`] gives it.
fn cache_runs(
    caches: &[CacheLevel],
    counts: &[usize],
    t: &Timing,
    cancel: &AtomicBool,
) -> Result<Vec<CacheRun>, MeasureError> {
    let mut runs = Vec::new();
    for (level, sizes) in cache_read_sizes(caches, counts) {
        let mut run = CacheRun {
            level,
            ..CacheRun::default()
        };
        for (k, bytes) in sizes {
            run.read
                .push((k, levels::read_gbs(bytes, k, false, t, cancel)?));
            // The triad's three arrays in the same working set a thread.
            let triad = roofs::cache_triad_gbs(bytes / 24, k, t, cancel)?;
            run.triad.push((k, triad));
            let strided = levels::read_gbs(bytes, k, true, t, cancel)?;
            run.strided.push((k, strided));
        }
        runs.push(run);
    }
    Ok(runs)
}

/// The working set of each thread for reading each cache level of
/// `caches` at each of `counts`: half of what one thread has of the
/// level (its capacity, shared among the threads of one instance where
/// more than two logical CPUs share it, as a last level is). A thread
/// count where that is under twice what a thread has of the next inner
/// level is left out: the inner level would serve much of it. Per level:
/// (level, [(threads, bytes)]).
pub fn cache_read_sizes(
    caches: &[CacheLevel],
    counts: &[usize],
) -> Vec<(u32, Vec<(usize, usize)>)> {
    // Bytes of the level one thread has, at k threads.
    let has = |c: &CacheLevel, k: usize| -> f64 {
        let sharing = if c.shared_by > 2 {
            k.min(c.shared_by as usize).max(1)
        } else {
            1
        };
        c.kib * 1024.0 / sharing as f64
    };
    caches
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let sizes = counts
                .iter()
                .filter_map(|&k| {
                    let bytes = has(c, k) / 2.0;
                    let inner = i.checked_sub(1).map_or(0.0, |j| 2.0 * has(&caches[j], k));
                    (bytes >= inner && bytes >= 4096.0).then_some((k, bytes as usize))
                })
                .collect();
            (c.level, sizes)
        })
        .collect()
}

/// The thread counts of the curves over threads: 1, 2, 4, ... below `n`,
/// then `n` itself.
pub fn thread_counts(n: usize) -> Vec<usize> {
    let n = n.max(1);
    let mut counts: Vec<usize> = std::iter::successors(Some(1usize), |k| k.checked_mul(2))
        .take_while(|&k| k < n)
        .collect();
    counts.push(n);
    counts
}

/// `roof(k)` at each thread count k of `counts`.
fn curve(
    counts: &[usize],
    cancel: &AtomicBool,
    roof: &mut dyn FnMut(usize, &AtomicBool) -> Result<Roof, MeasureError>,
) -> Result<Vec<(usize, Roof)>, MeasureError> {
    counts.iter().map(|&k| Ok((k, roof(k, cancel)?))).collect()
}

/// The roof of the last point of a curve.
fn last(curve: &[(usize, Roof)]) -> Option<Roof> {
    curve.last().map(|&(_, r)| r)
}

/// Elements per array of the memory-resident runs: the three arrays of
/// the triad twice the last-level cache, at least 2^22, at most 2^26 and
/// a quarter of the memory.
fn memory_elements(m: &MachineInfo) -> usize {
    let llc = last_level_cache_bytes().unwrap_or(32 << 20);
    let want = (2 * llc / 24).clamp(1 << 22, 1 << 26);
    let cap = m.mem_gib.map_or(usize::MAX, |g| {
        (g * 1024.0 * 1024.0 * 1024.0 / 4.0 / 24.0) as usize
    });
    want.min(cap).max(1 << 16)
}

/// The largest cache of the first CPU, bytes (Linux sysfs).
fn last_level_cache_bytes() -> Option<usize> {
    let dir = std::fs::read_dir("/sys/devices/system/cpu/cpu0/cache").ok()?;
    dir.flatten()
        .filter_map(|e| {
            let size = std::fs::read_to_string(e.path().join("size")).ok()?;
            let size = size.trim();
            let (num, k) = match size.strip_suffix('K') {
                Some(n) => (n, 1024),
                None => match size.strip_suffix('M') {
                    Some(n) => (n, 1 << 20),
                    None => (size, 1),
                },
            };
            num.parse::<usize>().ok().map(|v| v * k)
        })
        .max()
}

/// The speed function of `kernel` with every thread over a few sizes
/// (quick) or its default sizes.
fn speed_function(
    kernel: Kernel,
    cfg: &CpuMeasureConfig,
    cancel: &AtomicBool,
) -> Result<Vec<Measurement>, MeasureError> {
    let mut m = MeasureConfig::new(kernel, cfg.threads);
    if cfg.quick {
        m.sizes = match kernel {
            Kernel::Gemm => vec![64, 128, 256, 384],
            Kernel::Triad => vec![1 << 12, 1 << 15, 1 << 18, 1 << 21],
        };
        m.budget_per_size = Duration::from_millis(150);
        m.max_samples = 8;
    }
    super::measure(&m, &mut |_| {}, cancel)
}

/// Package energy over an idle run, an FMA run, a memory triad run and a
/// run of both, fitted to E = e_f N_f + e_b N_b + p_s T; why not, where
/// the counters cannot be read.
fn energy_runs(
    cfg: &CpuMeasureConfig,
    isa: Isa,
    elements: usize,
    cancel: &AtomicBool,
) -> Result<Result<(Vec<EnergyRun>, EnergyFit), EnergyError>, MeasureError> {
    let pc = match Powercap::open() {
        Ok(p) => p,
        Err(why) => return Ok(Err(why.into())),
    };
    let span = Duration::from_millis(if cfg.quick { 400 } else { 2000 });
    let mut runs = Vec::new();
    for mix in [Mix::Idle, Mix::Fma, Mix::Triad, Mix::Both] {
        if cancel.load(std::sync::atomic::Ordering::Relaxed) {
            return Err(MeasureError::Cancelled);
        }
        let before = match pc.read() {
            Ok(v) => v,
            Err(why) => return Ok(Err(why.into())),
        };
        let t0 = Instant::now();
        let (flops, bytes) = mix.run(isa, cfg.threads, elements, span);
        let time_s = t0.elapsed().as_secs_f64();
        let after = match pc.read() {
            Ok(v) => v,
            Err(why) => return Ok(Err(why.into())),
        };
        runs.push(EnergyRun {
            n_flops: flops,
            n_bytes: bytes,
            time_s,
            energy_j: pc.joules(&before, &after),
        });
    }
    Ok(energy_fit::fit(&runs, None)
        .map(|f| (runs.clone(), f))
        .map_err(EnergyError::from))
}

/// What an energy run does.
#[derive(Clone, Copy)]
enum Mix {
    Idle,
    Fma,
    Triad,
    Both,
}

impl Mix {
    /// Run for about `span`: the flops and the memory bytes done.
    fn run(self, isa: Isa, threads: usize, elements: usize, span: Duration) -> (f64, f64) {
        if let Mix::Idle = self {
            std::thread::sleep(span);
            return (0.0, 0.0);
        }
        let (mut a, b, c) = (
            vec![0.0f64; elements],
            vec![1.0f64; elements],
            vec![2.0f64; elements],
        );
        let (mut flops, mut bytes) = (0.0, 0.0);
        let start = Instant::now();
        while start.elapsed() < span {
            if matches!(self, Mix::Fma | Mix::Both) {
                flops += roofs::fma_burst(isa, threads);
            }
            if matches!(self, Mix::Triad | Mix::Both) {
                super::triad(&mut a, &b, &c, 0.5, threads);
                flops += 2.0 * elements as f64;
                bytes += 24.0 * elements as f64;
            }
        }
        (flops, bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::{CacheLevel, cache_read_sizes, thread_counts};

    #[test]
    fn each_level_is_read_from_half_a_threads_share_where_no_inner_level_holds_it() {
        // A server socket: L1 48 KiB and L2 2 MiB per core, L3 105 MiB
        // shared by 112 logical CPUs.
        let caches = [
            CacheLevel::new(1, 48.0, 2),
            CacheLevel::new(2, 2048.0, 2),
            CacheLevel::new(3, 107_520.0, 112),
        ];
        let sizes = cache_read_sizes(&caches, &[1, 2, 4, 8, 16, 32, 64, 112]);
        let kib = |l: usize| -> Vec<(usize, usize)> {
            sizes[l].1.iter().map(|&(k, b)| (k, b / 1024)).collect()
        };
        // The private levels: half of each, on every thread count.
        assert!(kib(0).iter().all(|&(_, b)| b == 24));
        assert!(kib(1).iter().all(|&(_, b)| b == 1024));
        assert_eq!(kib(1).len(), 8);
        // The L3: half of each thread's share, only while that is at
        // least twice a core's L2 (4 MiB): up to 8 threads.
        assert_eq!(kib(2), [(1, 53_760), (2, 26_880), (4, 13_440), (8, 6720)]);
        assert_eq!(sizes[2].0, 3);
    }

    #[test]
    fn curves_are_timed_on_powers_of_two_and_all_threads() {
        assert_eq!(thread_counts(1), [1]);
        assert_eq!(thread_counts(2), [1, 2]);
        assert_eq!(thread_counts(6), [1, 2, 4, 6]);
        assert_eq!(thread_counts(16), [1, 2, 4, 8, 16]);
        assert_eq!(thread_counts(0), [1]);
    }
}

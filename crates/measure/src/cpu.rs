//! Measuring this machine's CPU: its roofs (see [`super::roofs`]), the
//! speed functions of gemm and triad over sizes (what FPM needs) and,
//! where the powercap counters can be read, its package energy over runs
//! of different flop/byte mixes, fitted to e_f, e_b, p_s as PeaPaw 6.2
//! does. The result becomes a processor description in the catalog's
//! format ([`CpuMeasurement::to_spec`]), every measured value tagged
//! `measured`.

use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::machine::{MachineInfo, Powercap, PowercapError};
use super::roofs::{self, Isa, Roof, Timing};
use super::{Kernel, MAX_THREADS, MeasureConfig, MeasureError, Measurement};
use hetscope_model::perdome::energy_fit::{self, EnergyFit, EnergyRun, FitError};
use hetscope_model::platform::{CpuSpec, Source};

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
pub const STEPS: [&str; 11] = [
    "FMA f32, one thread",
    "FMA f64, one thread",
    "FMA f32, all threads",
    "FMA f64, all threads",
    "triad from memory",
    "triad from cache",
    "strided read",
    "memory latency",
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
    /// GB/s, 24 bytes per element.
    pub triad: Roof,
    pub cache_triad: Roof,
    /// Useful GB/s of the strided read (8 bytes per 128).
    pub strided: Roof,
    /// ns per dependent load.
    pub latency: Roof,
    /// Elements per array of the memory triad.
    pub triad_elements: usize,
    pub gemm: Vec<Measurement>,
    pub triad_speed: Vec<Measurement>,
    /// The energy runs and their fit, or why there are none.
    pub energy: Result<(Vec<EnergyRun>, EnergyFit), EnergyError>,
    /// Wall time of the whole measurement, s.
    pub seconds: f64,
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
    next(&mut step);
    let fma_f32_1t = roofs::fma_gflops(isa, false, 1, &t, cancel)?;
    next(&mut step);
    let fma_f64_1t = roofs::fma_gflops(isa, true, 1, &t, cancel)?;
    next(&mut step);
    let fma_f32 = roofs::fma_gflops(isa, false, n, &t, cancel)?;
    next(&mut step);
    let fma_f64 = roofs::fma_gflops(isa, true, n, &t, cancel)?;
    let elements = memory_elements(&machine);
    next(&mut step);
    let triad = roofs::triad_gbs(elements, n, &t, cancel)?;
    next(&mut step);
    let cache_triad = roofs::cache_triad_gbs(8_192, n, &t, cancel)?;
    next(&mut step);
    let strided = roofs::strided_gbs(2 * elements, n, &t, cancel)?;
    next(&mut step);
    let latency = roofs::latency_ns(elements, &t, cancel)?;
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
        triad,
        cache_triad,
        strided,
        latency,
        triad_elements: elements,
        gemm,
        triad_speed,
        energy,
        seconds: start.elapsed().as_secs_f64(),
    })
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

/// A value of the energy fit where there is one and it is positive (a
/// fit of runs that do not pin it can come out at 0 or below).
fn fit_value<E>(
    energy: &Result<(Vec<EnergyRun>, EnergyFit), E>,
    of: impl Fn(&EnergyFit) -> f64,
) -> Option<f64> {
    energy
        .as_ref()
        .ok()
        .map(|(_, f)| of(f))
        .filter(|v| *v > 0.0)
}

impl CpuMeasurement {
    /// The processor description: every measured value tagged `measured`
    /// (host, date, threads, spread), what follows from them `derived`,
    /// what cannot be measured here an `estimate`.
    pub fn to_spec(&self) -> CpuSpec {
        let m = &self.machine;
        let run = self.run();
        let cores = self.threads as f64;
        let (clock, clock_src) = match m.clock_ghz {
            Some(c) => (c, Source::Measured(format!("/proc/cpuinfo cpu MHz at {run}"))),
            None => (1.0, Source::Estimate("no clock readable: 1 GHz, so that flops_per_cycle is the measured GFLOP/s per core".into())),
        };
        let static_w = fit_value(&self.energy, |f| f.p_s_w);
        let (e_f_pj, e_b_pj) = (
            fit_value(&self.energy, |f| f.e_f_pj),
            fit_value(&self.energy, |f| f.e_b_pj),
        );
        let mut sources = self.roof_sources(&run);
        sources.insert("clock_ghz".into(), clock_src);
        let fitted = [
            ("static_w", "p_s", static_w),
            ("e_f_pj", "e_f", e_f_pj),
            ("e_b_pj", "e_b", e_b_pj),
        ];
        for (field, what, _) in fitted.iter().filter(|f| f.2.is_some()) {
            let how = format!("{what} of the package energy fit (powercap); {run}");
            sources.insert((*field).into(), Source::Measured(how));
        }
        match m.mem_gib {
            Some(_) => sources.insert(
                "mem_gib".into(),
                Source::Measured("/proc/meminfo MemTotal".into()),
            ),
            None => sources.insert(
                "mem_gib".into(),
                Source::Estimate("MemTotal not readable: 16 GiB assumed".into()),
            ),
        };
        CpuSpec {
            name: format!("{} (measured)", m.cpu_name),
            cores,
            threads_per_core: 1.0,
            clock_ghz: clock,
            flops_per_cycle: self.fma_f32.value / (cores * clock),
            vector_bits: self.isa.vector_bits(),
            mem_bw_gbs: self.triad.value,
            mem_gib: m.mem_gib.unwrap_or(16.0),
            mem_latency_ns: Some(self.latency.value),
            tdp_w: 10.0 * cores,
            static_w,
            source: Source::Measured(run),
            sources,
            e_f_pj,
            e_b_pj,
            idle_w: None,
        }
    }

    /// The run every measured value names: the command, host, date,
    /// threads and instructions.
    fn run(&self) -> String {
        let m = &self.machine;
        format!(
            "hetscope measure cpu{} on {}, {}, {} threads, {}",
            if self.quick { " --quick" } else { "" },
            m.host,
            m.date,
            self.threads,
            self.isa.name()
        )
    }

    /// The sources of the values the roofs and the run give: cores, flops
    /// per cycle, vector width, memory bandwidth and latency, and the TDP
    /// this run cannot measure.
    fn roof_sources(&self, run: &str) -> BTreeMap<String, Source> {
        let measured = |what: &str, r: &Roof| {
            Source::Measured(format!("{what}; {run}; spread {:.1} %", 100.0 * r.spread))
        };
        let mut sources = BTreeMap::new();
        sources.insert(
            "cores".into(),
            Source::Measured(format!(
                "threads measured with ({run}); one per logical CPU"
            )),
        );
        sources.insert(
            "flops_per_cycle".into(),
            Source::derived(format!(
                "FMA f32 peak {:.1} GFLOP/s / (cores x clock); {}",
                self.fma_f32.value,
                measured("FMA f32, all threads", &self.fma_f32)
            )),
        );
        sources.insert(
            "vector_bits".into(),
            Source::Measured(format!(
                "widest vector instructions found: {}",
                self.isa.name()
            )),
        );
        sources.insert(
            "mem_bw_gbs".into(),
            measured(
                &format!(
                    "triad over 3 x {} doubles, 24 bytes per element",
                    self.triad_elements
                ),
                &self.triad,
            ),
        );
        sources.insert(
            "mem_latency_ns".into(),
            measured("pointer chase through memory, one thread", &self.latency),
        );
        sources.insert(
            "tdp_w".into(),
            Source::Estimate(
                "not measurable here: 10 W per core assumed; set it from the vendor's sheet".into(),
            ),
        );
        sources
    }
}

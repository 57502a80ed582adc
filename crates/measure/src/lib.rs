//! Measuring this machine: speed functions of real kernels timed over
//! problem sizes (the measurement step of the functional performance
//! model, FPM paper, Section V; this file), the CPU's roofs (`roofs.rs`),
//! the whole CPU measurement (`cpu.rs`) and its description
//! (`cpu_spec.rs`), and what the operating system says about the machine
//! (`machine.rs`). I/O and clocks live here, not in `model`.
//!
//! Kernels and units:
//!
//! - `gemm`: C = A B with n x n matrices of f64 (`matrixmultiply::dgemm`).
//!   The size parameter is the matrix order n; the computation unit is one
//!   Mflop, so a size is 2 n^3 / 10^6 units and the speed is in Mflop/s.
//!   With more than one thread, the rows of A and C are split into
//!   contiguous bands, one per `std::thread::scope` thread, each band one
//!   `dgemm` call (matrixmultiply's own threading is not used).
//! - `triad`: a[i] = b[i] + s c[i] over vectors of f64 (memory bound). The
//!   size parameter is the vector length m in elements; the computation
//!   unit is one million elements, so a size is m / 10^6 units and the
//!   speed is in M elements/s (24 bytes of traffic per element: multiply
//!   by 24 for MB/s). Threads take contiguous chunks.
//!
//! Different thread counts stand for different devices.
//!
//! Timing: every sample runs the kernel `reps` times (reps chosen after a
//! warm-up so that a sample lasts at least [`MeasureConfig::min_sample`])
//! and counts the time per kernel run. Samples repeat until the relative
//! spread (max - min) / median of the last [`MeasureConfig::window`]
//! samples is below [`MeasureConfig::target_spread`], with at least
//! `min_samples` and at most `max_samples` samples and a time budget per
//! size (at least `min_samples` always run). The reported time is the
//! median of that window.

pub mod chain;
pub mod cpu;
mod cpu_spec;
pub mod levels;
pub mod loops;
pub mod machine;
pub mod roofs;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use hetscope_model::fpm::SpeedPoint;

/// A kernel to time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Kernel {
    Gemm,
    Triad,
}

impl Kernel {
    pub fn key(self) -> &'static str {
        match self {
            Kernel::Gemm => "gemm",
            Kernel::Triad => "triad",
        }
    }

    /// Size parameters used when none are given: the whole default
    /// measurement takes a few seconds at most on a 2-core machine.
    pub fn default_sizes(self) -> Vec<usize> {
        match self {
            Kernel::Gemm => vec![32, 64, 96, 128, 192, 256, 320],
            Kernel::Triad => vec![1 << 10, 1 << 13, 1 << 16, 1 << 18, 1 << 20, 1 << 22],
        }
    }

    /// Largest size parameter accepted (keeps memory use below ~0.5 GB).
    pub fn max_size(self) -> usize {
        match self {
            Kernel::Gemm => 4096,
            Kernel::Triad => 1 << 24,
        }
    }

    /// Computation units of one kernel run with size parameter `size`.
    pub fn units(self, size: usize) -> f64 {
        let n = size as f64;
        match self {
            Kernel::Gemm => 2.0 * n * n * n / 1e6,
            Kernel::Triad => n / 1e6,
        }
    }

    /// What the size parameter and the unit are, for CSV comments.
    pub fn unit_note(self) -> &'static str {
        match self {
            Kernel::Gemm => {
                "gemm C = A B, n x n f64 matrices; size in Mflop (2 n^3 / 1e6), speed in Mflop/s"
            }
            Kernel::Triad => {
                "triad a[i] = b[i] + s c[i], f64 vectors of m elements; size in M elements (m / 1e6), speed in M elements/s (x 24 = MB/s)"
            }
        }
    }
}

/// A name that is no kernel to measure.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown kernel '{0}'; one of: gemm, triad")]
pub struct UnknownKernel(pub String);

impl std::str::FromStr for Kernel {
    type Err = UnknownKernel;
    fn from_str(s: &str) -> Result<Self, UnknownKernel> {
        match s.trim().to_ascii_lowercase().as_str() {
            "gemm" => Ok(Kernel::Gemm),
            "triad" => Ok(Kernel::Triad),
            _ => Err(UnknownKernel(s.to_string())),
        }
    }
}

/// What to measure and how long to try.
#[derive(Clone, Debug, PartialEq)]
pub struct MeasureConfig {
    pub kernel: Kernel,
    /// Threads (1 to [`MAX_THREADS`]).
    pub threads: usize,
    /// Size parameters (gemm: matrix order; triad: vector length).
    pub sizes: Vec<usize>,
    pub min_samples: usize,
    pub max_samples: usize,
    /// Samples considered for the spread and the median.
    pub window: usize,
    /// Stop when (max - min) / median of the window is below this.
    pub target_spread: f64,
    /// Time budget per size (the minimum number of samples always runs).
    pub budget_per_size: Duration,
    /// Shortest sample: short kernels repeat inside one sample.
    pub min_sample: Duration,
}

/// Most threads accepted.
pub const MAX_THREADS: usize = 256;

impl MeasureConfig {
    /// The default settings for `kernel` with its default sizes.
    pub fn new(kernel: Kernel, threads: usize) -> MeasureConfig {
        MeasureConfig {
            kernel,
            threads,
            sizes: kernel.default_sizes(),
            min_samples: 3,
            max_samples: 30,
            window: 3,
            target_spread: 0.05,
            budget_per_size: Duration::from_millis(500),
            min_sample: Duration::from_millis(2),
        }
    }

    fn check(&self) -> Result<(), MeasureError> {
        if !(1..=MAX_THREADS).contains(&self.threads) {
            return Err(MeasureError::Invalid(format!(
                "threads {} must be 1 to {MAX_THREADS}",
                self.threads
            )));
        }
        if self.sizes.is_empty() {
            return Err(MeasureError::Invalid("no sizes to measure".into()));
        }
        let max = self.kernel.max_size();
        for &s in &self.sizes {
            if s == 0 || s > max {
                return Err(MeasureError::Invalid(format!(
                    "size {s} for {} must be 1 to {max}",
                    self.kernel.key()
                )));
            }
        }
        for (i, s) in self.sizes.iter().enumerate() {
            if self.sizes[..i].contains(s) {
                return Err(MeasureError::Invalid(format!("size {s} is given twice")));
            }
        }
        if self.min_samples == 0 || self.window == 0 || self.max_samples < self.min_samples {
            return Err(MeasureError::Invalid(
                "need 1 <= min_samples <= max_samples and window >= 1".into(),
            ));
        }
        Ok(())
    }
}

/// One measured size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Measurement {
    /// The kernel's size parameter (gemm: n; triad: m).
    pub size: usize,
    /// Work of one run, computation units.
    pub units: f64,
    /// Median time of one run over the last samples, s.
    pub time_s: f64,
    /// units / time_s.
    pub speed_units_per_s: f64,
    /// (max - min) / median of the last samples.
    pub spread: f64,
    /// Samples taken.
    pub samples: usize,
    /// Kernel runs per sample.
    pub reps: usize,
}

/// Why a measurement stopped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MeasureError {
    #[error("{0}")]
    Invalid(String),
    #[error("measurement cancelled")]
    Cancelled,
}

/// Times `cfg.kernel` at every size in turn, calling `progress` after each
/// size, and stops with [`MeasureError::Cancelled`] as soon as `cancel` is
/// set (checked between samples). Runs on the calling thread (plus the
/// kernel's worker threads), so a GUI can call it from a background thread.
pub fn measure(
    cfg: &MeasureConfig,
    progress: &mut dyn FnMut(&Measurement),
    cancel: &AtomicBool,
) -> Result<Vec<Measurement>, MeasureError> {
    cfg.check()?;
    let mut out = Vec::with_capacity(cfg.sizes.len());
    for &size in &cfg.sizes {
        let mut work = Work::new(cfg.kernel, size);
        let m = time_one(cfg, size, &mut work, cancel)?;
        progress(&m);
        out.push(m);
    }
    Ok(out)
}

fn time_one(
    cfg: &MeasureConfig,
    size: usize,
    work: &mut Work,
    cancel: &AtomicBool,
) -> Result<Measurement, MeasureError> {
    let cancelled = || cancel.load(Ordering::Relaxed);
    if cancelled() {
        return Err(MeasureError::Cancelled);
    }
    // Warm-up run, which also sets the repetitions per sample.
    let t0 = Instant::now();
    work.run(cfg.threads);
    let once = t0.elapsed().as_secs_f64().max(1e-9);
    let reps = ((cfg.min_sample.as_secs_f64() / once).ceil() as usize).clamp(1, 1_000_000);
    let start = Instant::now();
    let mut samples: Vec<f64> = Vec::new();
    let (mut median, mut spread);
    loop {
        if cancelled() {
            return Err(MeasureError::Cancelled);
        }
        let t = Instant::now();
        for _ in 0..reps {
            work.run(cfg.threads);
        }
        samples.push(t.elapsed().as_secs_f64() / reps as f64);
        (median, spread) = window_stats(&samples, cfg.window);
        let n = samples.len();
        if n >= cfg.min_samples
            && (spread < cfg.target_spread
                || n >= cfg.max_samples
                || start.elapsed() >= cfg.budget_per_size)
        {
            break;
        }
    }
    let units = cfg.kernel.units(size);
    let time_s = median.max(1e-12);
    Ok(Measurement {
        size,
        units,
        time_s,
        speed_units_per_s: units / time_s,
        spread,
        samples: samples.len(),
        reps,
    })
}

/// Median and relative spread of the last `window` samples.
fn window_stats(samples: &[f64], window: usize) -> (f64, f64) {
    let k = samples.len().min(window);
    let mut last: Vec<f64> = samples[samples.len() - k..].to_vec();
    last.sort_by(f64::total_cmp);
    let median = if k % 2 == 1 {
        last[k / 2]
    } else {
        0.5 * (last[k / 2 - 1] + last[k / 2])
    };
    let spread = if median > 0.0 {
        (last[k - 1] - last[0]) / median
    } else {
        0.0
    };
    (median, spread)
}

/// The buffers of one kernel at one size.
enum Work {
    Gemm {
        n: usize,
        a: Vec<f64>,
        b: Vec<f64>,
        c: Vec<f64>,
    },
    Triad {
        a: Vec<f64>,
        b: Vec<f64>,
        c: Vec<f64>,
    },
}

impl Work {
    fn new(kernel: Kernel, size: usize) -> Work {
        let fill = |len: usize, k: usize| -> Vec<f64> {
            (0..len)
                .map(|i| ((i * 7 + k * 13) % 17) as f64 / 17.0 - 0.5)
                .collect()
        };
        match kernel {
            Kernel::Gemm => Work::Gemm {
                n: size,
                a: fill(size * size, 1),
                b: fill(size * size, 2),
                c: vec![0.0; size * size],
            },
            Kernel::Triad => Work::Triad {
                a: vec![0.0; size],
                b: fill(size, 1),
                c: fill(size, 2),
            },
        }
    }

    fn run(&mut self, threads: usize) {
        match self {
            Work::Gemm { n, a, b, c } => gemm(*n, a, b, c, threads),
            Work::Triad { a, b, c } => triad(a, b, c, 3.0, threads),
        }
        match self {
            Work::Gemm { c, .. } | Work::Triad { a: c, .. } => {
                std::hint::black_box(c.as_slice());
            }
        }
    }
}

/// C = A B, row-major n x n, rows split over `threads` threads.
fn gemm(n: usize, a: &[f64], b: &[f64], c: &mut [f64], threads: usize) {
    let threads = threads.min(n).max(1);
    let band = n.div_ceil(threads);
    let one = |a: &[f64], c: &mut [f64]| {
        let rows = c.len() / n;
        // SAFETY: a is rows x n, b is n x n, c is rows x n, all row-major
        // with row stride n and column stride 1, and c does not alias a or b.
        unsafe {
            matrixmultiply::dgemm(
                rows,
                n,
                n,
                1.0,
                a.as_ptr(),
                n as isize,
                1,
                b.as_ptr(),
                n as isize,
                1,
                0.0,
                c.as_mut_ptr(),
                n as isize,
                1,
            );
        }
    };
    if threads == 1 {
        one(a, c);
        return;
    }
    std::thread::scope(|s| {
        for (a_band, c_band) in a.chunks(band * n).zip(c.chunks_mut(band * n)) {
            s.spawn(move || one(a_band, c_band));
        }
    });
}

/// a[i] = b[i] + s c[i], chunks over `threads` threads.
fn triad(a: &mut [f64], b: &[f64], c: &[f64], s: f64, threads: usize) {
    let body = |a: &mut [f64], b: &[f64], c: &[f64]| {
        for ((x, &y), &z) in a.iter_mut().zip(b).zip(c) {
            *x = y + s * z;
        }
    };
    let threads = threads.min(a.len()).max(1);
    if threads == 1 {
        body(a, b, c);
        return;
    }
    let chunk = a.len().div_ceil(threads);
    std::thread::scope(|sc| {
        for ((ac, bc), cc) in a
            .chunks_mut(chunk)
            .zip(b.chunks(chunk))
            .zip(c.chunks(chunk))
        {
            sc.spawn(move || body(ac, bc, cc));
        }
    });
}

/// The measured points: size and speed, computation units, each with the
/// relative spread of its timings.
pub fn points(ms: &[Measurement]) -> impl Iterator<Item = SpeedPoint> + '_ {
    ms.iter()
        .map(|m| SpeedPoint::new(m.units, m.speed_units_per_s).with_spread(m.spread))
}

/// Notes on a measurement for its speed-function file: the command that
/// repeats it, the kernel's unit, the timing rule and the size parameters.
pub fn notes(cfg: &MeasureConfig, ms: &[Measurement]) -> Vec<String> {
    let mut comments = vec![
        format!(
            "hetscope fpm measure --kernel {} --threads {}",
            cfg.kernel.key(),
            cfg.threads
        ),
        cfg.kernel.unit_note().to_string(),
        format!(
            "timing: median of the last {} samples; spread = (max - min) / median of them (column `spread`, ignored on import)",
            cfg.window
        ),
    ];
    let params: Vec<String> = ms.iter().map(|m| m.size.to_string()).collect();
    comments.push(format!(
        "size parameters ({}): {}",
        match cfg.kernel {
            Kernel::Gemm => "matrix order n",
            Kernel::Triad => "vector length m",
        },
        params.join(" ")
    ));
    comments
}

//! The roofs of this machine's CPU: fused multiply-add peak (f32 and f64,
//! with the widest vector instructions the CPU has), triad bandwidth from
//! memory and from cache, a strided read (one useful 8-byte word per 128
//! bytes: the CPU analogue of an uncoalesced GPU access) and the latency
//! of a dependent chain of loads through memory.
//!
//! Each roof repeats until stable (see [`Timing`]); its value is the
//! median of the last samples and its spread (max - min) / median of them.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::{MeasureError, window_stats};

/// Repeat rules of one roof.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    pub min_samples: usize,
    pub max_samples: usize,
    /// Samples the median and the spread are taken over.
    pub window: usize,
    /// Stop when the spread of the window is below this.
    pub target_spread: f64,
    /// Time budget of one roof (the minimum samples always run).
    pub budget: Duration,
    /// Shortest sample: short runs repeat inside one sample.
    pub min_sample: Duration,
}

impl Timing {
    /// A few tenths of a second per roof.
    pub const QUICK: Timing = Timing {
        min_samples: 3,
        max_samples: 12,
        window: 3,
        target_spread: 0.05,
        budget: Duration::from_millis(400),
        min_sample: Duration::from_millis(20),
    };
    /// Up to two seconds per roof.
    pub const FULL: Timing = Timing {
        min_samples: 5,
        max_samples: 40,
        window: 5,
        target_spread: 0.03,
        budget: Duration::from_secs(2),
        min_sample: Duration::from_millis(50),
    };
}

/// A measured rate and how much it moved over the last samples.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Roof {
    /// GFLOP/s, GB/s or ns, as the roof says.
    pub value: f64,
    /// (max - min) / median of the samples the value is the median of.
    pub spread: f64,
}

/// The vector instructions the roof kernels run with on this CPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isa {
    /// AVX-512 with fused multiply-add (512-bit).
    Avx512,
    /// AVX2 with fused multiply-add (256-bit).
    Avx2Fma,
    /// What every CPU of the target has (e.g. SSE2 on x86-64), without
    /// fused multiply-add: a multiply and an add.
    Baseline,
}

impl Isa {
    /// The widest the CPU offers.
    pub fn detect() -> Isa {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx512f") {
                return Isa::Avx512;
            }
            if std::arch::is_x86_feature_detected!("avx2")
                && std::arch::is_x86_feature_detected!("fma")
            {
                return Isa::Avx2Fma;
            }
        }
        Isa::Baseline
    }

    /// Width of the vector registers used, bits.
    pub fn vector_bits(self) -> f64 {
        match self {
            Isa::Avx512 => 512.0,
            Isa::Avx2Fma => 256.0,
            Isa::Baseline => 128.0,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Isa::Avx512 => "AVX-512 FMA",
            Isa::Avx2Fma => "AVX2 FMA",
            Isa::Baseline => "baseline SIMD (no FMA)",
        }
    }
}

/// Independent accumulators: enough to keep two FMA pipes of four cycles'
/// latency busy with 512-bit vectors.
const LANES_F32: usize = 128;
const LANES_F64: usize = 64;

/// FMA iterations of the calibration run.
const FMA_PROBE_ITERS: usize = 2_000;

/// Shortest run of one thread: long enough that starting the threads
/// does not count.
pub(crate) const MIN_THREAD_RUN: Duration = Duration::from_millis(10);

macro_rules! fma_kernel {
    ($name:ident, $t:ty, $lanes:expr, $op:expr) => {
        #[inline(always)]
        fn $name(iters: usize, m: $t, c: $t) -> $t {
            let mut acc = [1.0 as $t; $lanes];
            for _ in 0..iters {
                for a in acc.iter_mut() {
                    *a = ($op)(*a, m, c);
                }
            }
            acc.iter().sum()
        }
    };
}

fma_kernel!(fma_f32, f32, LANES_F32, |a: f32, m, c| a.mul_add(m, c));
fma_kernel!(fma_f64, f64, LANES_F64, |a: f64, m, c| a.mul_add(m, c));
fma_kernel!(muladd_f32, f32, LANES_F32, |a: f32, m, c| a * m + c);
fma_kernel!(muladd_f64, f64, LANES_F64, |a: f64, m, c| a * m + c);

#[cfg(target_arch = "x86_64")]
mod wide {
    #[target_feature(enable = "avx512f")]
    pub fn f32_avx512(iters: usize, m: f32, c: f32) -> f32 {
        super::fma_f32(iters, m, c)
    }
    #[target_feature(enable = "avx512f")]
    pub fn f64_avx512(iters: usize, m: f64, c: f64) -> f64 {
        super::fma_f64(iters, m, c)
    }
    #[target_feature(enable = "avx2,fma")]
    pub fn f32_avx2(iters: usize, m: f32, c: f32) -> f32 {
        super::fma_f32(iters, m, c)
    }
    #[target_feature(enable = "avx2,fma")]
    pub fn f64_avx2(iters: usize, m: f64, c: f64) -> f64 {
        super::fma_f64(iters, m, c)
    }
}

/// One thread's FMA run: `iters` x lanes x 2 flops; returns the sum so
/// that nothing is optimised away.
fn fma_run(isa: Isa, double: bool, iters: usize) -> f64 {
    let (m, c) = (std::hint::black_box(0.999_99), std::hint::black_box(1e-5));
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: `isa` comes from `Isa::detect`, which found these
        // features on this CPU at run time.
        unsafe {
            match (isa, double) {
                (Isa::Avx512, false) => return wide::f32_avx512(iters, m as f32, c as f32) as f64,
                (Isa::Avx512, true) => return wide::f64_avx512(iters, m, c),
                (Isa::Avx2Fma, false) => return wide::f32_avx2(iters, m as f32, c as f32) as f64,
                (Isa::Avx2Fma, true) => return wide::f64_avx2(iters, m, c),
                (Isa::Baseline, _) => {}
            }
        }
    }
    let _ = isa;
    if double {
        muladd_f64(iters, m, c)
    } else {
        muladd_f32(iters, m as f32, c as f32) as f64
    }
}

/// Repeat `run` until the timing rules are met: the median time of one
/// run, s, and its spread.
pub fn time_stable(
    t: &Timing,
    cancel: &AtomicBool,
    run: &mut dyn FnMut(),
) -> Result<(f64, f64), MeasureError> {
    let cancelled = || cancel.load(Ordering::Relaxed);
    if cancelled() {
        return Err(MeasureError::Cancelled);
    }
    let t0 = Instant::now();
    run();
    let once = t0.elapsed().as_secs_f64().max(1e-9);
    let reps = ((t.min_sample.as_secs_f64() / once).ceil() as usize).clamp(1, 1_000_000);
    let start = Instant::now();
    let mut samples = Vec::new();
    loop {
        if cancelled() {
            return Err(MeasureError::Cancelled);
        }
        let s = Instant::now();
        for _ in 0..reps {
            run();
        }
        samples.push(s.elapsed().as_secs_f64() / reps as f64);
        let (median, spread) = window_stats(&samples, t.window);
        let n = samples.len();
        if n >= t.min_samples
            && (spread < t.target_spread || n >= t.max_samples || start.elapsed() >= t.budget)
        {
            return Ok((median.max(1e-12), spread));
        }
    }
}

/// Run `body(k)` on threads 0..threads at once.
fn on_threads(threads: usize, body: &(dyn Fn(usize) + Sync)) {
    if threads <= 1 {
        body(0);
        return;
    }
    std::thread::scope(|s| {
        for k in 0..threads {
            s.spawn(move || body(k));
        }
    });
}

/// FMA iterations that take one thread at least [`MIN_THREAD_RUN`].
fn fma_iters(isa: Isa, double: bool) -> usize {
    let t0 = Instant::now();
    std::hint::black_box(fma_run(isa, double, FMA_PROBE_ITERS));
    let once = t0.elapsed().as_secs_f64().max(1e-9);
    let k = (MIN_THREAD_RUN.as_secs_f64() / once).ceil().clamp(1.0, 1e6) as usize;
    FMA_PROBE_ITERS * k
}

/// FMA peak, GFLOP/s, of `threads` threads at once.
pub fn fma_gflops(
    isa: Isa,
    double: bool,
    threads: usize,
    t: &Timing,
    cancel: &AtomicBool,
) -> Result<Roof, MeasureError> {
    let lanes = if double { LANES_F64 } else { LANES_F32 };
    let iters = fma_iters(isa, double);
    let flops = (threads * iters * lanes * 2) as f64;
    let (s, spread) = time_stable(t, cancel, &mut || {
        on_threads(threads, &|_| {
            std::hint::black_box(fma_run(isa, double, iters));
        })
    })?;
    Ok(Roof {
        value: flops / s / 1e9,
        spread,
    })
}

/// One FMA run (f32) on `threads` threads at once: the flops done.
pub fn fma_burst(isa: Isa, threads: usize) -> f64 {
    let iters = fma_iters(isa, false);
    on_threads(threads, &|_| {
        std::hint::black_box(fma_run(isa, false, iters));
    });
    (threads * iters * LANES_F32 * 2) as f64
}

/// Triad from cache: each thread repeats the triad over its own
/// `per_thread` elements (small enough for its cache) for at least
/// [`MIN_THREAD_RUN`]; GB/s at 24 bytes per element.
pub fn cache_triad_gbs(
    per_thread: usize,
    threads: usize,
    t: &Timing,
    cancel: &AtomicBool,
) -> Result<Roof, MeasureError> {
    let (n, threads) = (per_thread.max(1), threads.max(1));
    let mut a = vec![0.0f64; n * threads];
    let b = vec![1.0f64; n * threads];
    let c = vec![2.0f64; n * threads];
    let t0 = Instant::now();
    super::triad(&mut a[..n], &b[..n], &c[..n], 0.5, 1);
    let once = t0.elapsed().as_secs_f64().max(1e-9);
    let reps = (MIN_THREAD_RUN.as_secs_f64() / once).ceil().clamp(1.0, 1e7) as usize;
    let (s, spread) = time_stable(t, cancel, &mut || {
        std::thread::scope(|sc| {
            for ((ac, bc), cc) in a.chunks_mut(n).zip(b.chunks(n)).zip(c.chunks(n)) {
                sc.spawn(move || {
                    for _ in 0..reps {
                        super::triad(ac, bc, cc, 0.5, 1);
                        std::hint::black_box(&ac[0]);
                    }
                });
            }
        })
    })?;
    Ok(Roof {
        value: 24.0 * (n * threads * reps) as f64 / s / 1e9,
        spread,
    })
}

/// Triad a[i] = b[i] + s c[i] over `elements` f64 per array, split over
/// `threads`: GB/s, counting 24 bytes per element (STREAM's convention:
/// the write-allocate read of a is not counted).
pub fn triad_gbs(
    elements: usize,
    threads: usize,
    t: &Timing,
    cancel: &AtomicBool,
) -> Result<Roof, MeasureError> {
    let elements = elements.max(threads.max(1));
    let mut a = vec![0.0f64; elements];
    let b = vec![1.0f64; elements];
    let c = vec![2.0f64; elements];
    let (s, spread) = time_stable(t, cancel, &mut || {
        super::triad(&mut a, &b, &c, 0.5, threads);
    })?;
    std::hint::black_box(&a);
    Ok(Roof {
        value: 24.0 * elements as f64 / s / 1e9,
        spread,
    })
}

/// Words between two reads of the strided read: 16 x 8 = 128 bytes, so
/// that every read fetches a line (and its neighbour) of its own.
pub const STRIDE_WORDS: usize = 16;

/// Read every [`STRIDE_WORDS`]-th f64 of `elements` (split over
/// `threads`): the useful bytes read per second, GB/s (8 per read).
pub fn strided_gbs(
    elements: usize,
    threads: usize,
    t: &Timing,
    cancel: &AtomicBool,
) -> Result<Roof, MeasureError> {
    let a = vec![1.0f64; elements.max(STRIDE_WORDS)];
    let reads = a.len() / STRIDE_WORDS;
    let chunk = reads.div_ceil(threads.max(1)).max(1);
    let (s, spread) = time_stable(t, cancel, &mut || {
        on_threads(threads, &|k| {
            let (lo, hi) = (k * chunk, ((k + 1) * chunk).min(reads));
            let mut sum = 0.0;
            for i in lo..hi {
                sum += a[i * STRIDE_WORDS];
            }
            std::hint::black_box(sum);
        })
    })?;
    Ok(Roof {
        value: 8.0 * reads as f64 / s / 1e9,
        spread,
    })
}

/// Loads of one latency run.
const CHASE_STEPS: usize = 200_000;

/// Latency of one load from memory, ns: a dependent chain of loads
/// through a cycle over at least `words` 4-byte indices (a pointer
/// chase), one thread.
pub fn latency_ns(words: usize, t: &Timing, cancel: &AtomicBool) -> Result<Roof, MeasureError> {
    let next = chase_cycle(words);
    let mut at = 0u32;
    let (s, spread) = time_stable(t, cancel, &mut || {
        let mut i = at;
        for _ in 0..CHASE_STEPS {
            i = next[i as usize];
        }
        at = std::hint::black_box(i);
    })?;
    Ok(Roof {
        value: s / CHASE_STEPS as f64 * 1e9,
        spread,
    })
}

/// One cycle through all of 0..n, n the power of two at or above `words`
/// (at most 2^30): word i holds the next, (a i + c) mod n, an LCG of full
/// period (Hull-Dobell: c odd, a = 1 mod 4), whose jumps no prefetcher
/// follows.
fn chase_cycle(words: usize) -> Vec<u32> {
    let n = words.clamp(2, 1 << 30).next_power_of_two();
    let mask = (n - 1) as u64;
    const A: u64 = 6_364_136_223_846_793_005;
    const C: u64 = 1_442_695_040_888_963_407;
    (0..n as u64)
        .map(|i| (A.wrapping_mul(i).wrapping_add(C) & mask) as u32)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chase_visits_every_word_once() {
        for words in [1000, 4096] {
            let next = chase_cycle(words);
            let n = next.len();
            assert!(n >= words && n.is_power_of_two());
            let (mut i, mut seen) = (0u32, vec![false; n]);
            for _ in 0..n {
                assert!(!seen[i as usize], "word {i} visited twice");
                seen[i as usize] = true;
                i = next[i as usize];
            }
            assert_eq!(i, 0);
        }
    }

    #[test]
    fn every_kernel_computes_the_same_sum() {
        // x -> x m + c from 1, lanes summed: the same in every variant.
        let isa = Isa::detect();
        for double in [false, true] {
            let wide = fma_run(isa, double, 10);
            let plain = fma_run(Isa::Baseline, double, 10);
            assert!((wide - plain).abs() < 1e-3 * plain.abs(), "{wide} {plain}");
        }
    }
}

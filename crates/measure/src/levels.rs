//! The bandwidth of each cache level: a read and a strided read from a
//! working set a level holds, on each of a few threads, every thread
//! reading its own array again and again (the triad from a level is
//! [`super::roofs::cache_triad_gbs`]).

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::MeasureError;
use super::roofs::{MIN_THREAD_RUN, Roof, STRIDE_WORDS, Timing, time_stable};

/// Read bandwidth from a working set of `per_thread` bytes on each of
/// `threads` threads (its own array each, read again and again for at
/// least [`MIN_THREAD_RUN`]): GB/s of the socket. With `strided`, one
/// word of every [`STRIDE_WORDS`] is read and only it counts (8 useful
/// bytes per 128). The sums run in independent lanes, so that the loads,
/// not the add latency, bound them.
pub fn read_gbs(
    per_thread: usize,
    threads: usize,
    strided: bool,
    t: &Timing,
    cancel: &AtomicBool,
) -> Result<Roof, MeasureError> {
    let block = if strided {
        STRIDE_WORDS * READ_LANES
    } else {
        READ_LANES
    };
    let n = (per_thread / 8).max(block) / block * block;
    let threads = threads.max(1);
    let a = vec![1.0f64; n * threads];
    let sum = |x: &[f64]| {
        if strided {
            strided_sum(x)
        } else {
            lanes_sum(x)
        }
    };
    let t0 = Instant::now();
    std::hint::black_box(sum(&a[..n]));
    let once = t0.elapsed().as_secs_f64().max(1e-9);
    let reps = (MIN_THREAD_RUN.as_secs_f64() / once).ceil().clamp(1.0, 1e7) as usize;
    let (s, spread) = time_stable(t, cancel, &mut || {
        std::thread::scope(|sc| {
            for chunk in a.chunks(n) {
                sc.spawn(move || {
                    for _ in 0..reps {
                        std::hint::black_box(sum(std::hint::black_box(chunk)));
                    }
                });
            }
        })
    })?;
    let words = if strided { n / STRIDE_WORDS } else { n };
    Ok(Roof {
        value: 8.0 * (words * threads * reps) as f64 / s / 1e9,
        spread,
    })
}

/// The sum of every [`STRIDE_WORDS`]-th word of `a` in [`READ_LANES`]
/// lanes (a whole number of blocks of them).
fn strided_sum(a: &[f64]) -> f64 {
    let mut acc = [0.0f64; READ_LANES];
    for block in a.chunks_exact(STRIDE_WORDS * READ_LANES) {
        for (j, s) in acc.iter_mut().enumerate() {
            *s += block[j * STRIDE_WORDS];
        }
    }
    acc.iter().sum()
}

/// Independent sums of the read kernel: eight 256-bit vectors of adds in
/// flight, enough to cover the add latency at two loads a cycle while
/// they stay in registers (sixteen of them on AVX2; 64 lanes spill and
/// read slower on the development machine).
const READ_LANES: usize = 32;

/// The sum of `a` in [`READ_LANES`] independent lanes (a whole number
/// of them).
fn lanes_sum(a: &[f64]) -> f64 {
    let mut acc = [0.0f64; READ_LANES];
    for c in a.chunks_exact(READ_LANES) {
        for (s, x) in acc.iter_mut().zip(c) {
            *s += x;
        }
    }
    acc.iter().sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lane_sums_add_what_they_read() {
        let n = 4 * STRIDE_WORDS * READ_LANES;
        let a: Vec<f64> = (0..n).map(|i| i as f64).collect();
        let all = (n * (n - 1) / 2) as f64;
        assert_eq!(lanes_sum(&a), all);
        // Every 16th word: 16 (0 + 1 + ... + (n/16 - 1)).
        let m = n / STRIDE_WORDS;
        assert_eq!(strided_sum(&a), (STRIDE_WORDS * m * (m - 1) / 2) as f64);
    }
}

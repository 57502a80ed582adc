//! Latencies of dependent chains on one thread: a single-precision add
//! (a loop summing into one register waits this long per element: the
//! offload hierarchy's chain term) and a fused multiply-add (x = x a + b
//! repeated: the boat hull's chain floor).

use std::sync::atomic::AtomicBool;

use super::MeasureError;
use super::roofs::{Isa, Roof, Timing, time_stable};

/// Operations of one dependent chain in one timing.
const CHAIN_OPS: usize = 1_000_000;

/// Latency of one single-precision add in a dependent chain, ns: x = x +
/// y a million times on one thread. Rust keeps float adds in order (no
/// reassociation), so each add waits for the one before, as a C loop
/// summing into one float does at -O3 without -ffast-math.
pub fn add_latency_ns(t: &Timing, cancel: &AtomicBool) -> Result<Roof, MeasureError> {
    let mut x = 0.0f32;
    let (s, spread) = time_stable(t, cancel, &mut || {
        let y = std::hint::black_box(1e-7f32);
        let mut v = std::hint::black_box(x);
        for _ in 0..CHAIN_OPS {
            v += y;
        }
        x = std::hint::black_box(v);
    })?;
    Ok(Roof {
        value: s / CHAIN_OPS as f64 * 1e9,
        spread,
    })
}

/// Latency of one step x = x a + b of a dependent chain, ns: one fused
/// multiply-add where the CPU has it (`isa` other than `Baseline`), else
/// the multiply and the add a compiler emits without it. With a = 0.5 and
/// b = 1 the chain settles at 2: no overflow, no denormals.
pub fn fma_latency_ns(isa: Isa, t: &Timing, cancel: &AtomicBool) -> Result<Roof, MeasureError> {
    let mut x = 0.0f32;
    let (s, spread) = time_stable(t, cancel, &mut || {
        let (a, b) = std::hint::black_box((0.5f32, 1.0f32));
        x = std::hint::black_box(fma_chain(isa, std::hint::black_box(x), a, b));
    })?;
    Ok(Roof {
        value: s / CHAIN_OPS as f64 * 1e9,
        spread,
    })
}

fn fma_chain(isa: Isa, x: f32, a: f32, b: f32) -> f32 {
    #[cfg(target_arch = "x86_64")]
    if isa != Isa::Baseline {
        // SAFETY: `isa` comes from `Isa::detect`, which found FMA.
        return unsafe { fused::chain(x, a, b) };
    }
    let _ = isa;
    let mut v = x;
    for _ in 0..CHAIN_OPS {
        v = v * a + b;
    }
    v
}

#[cfg(target_arch = "x86_64")]
mod fused {
    use super::CHAIN_OPS;

    /// The chain with `mul_add` compiled to one FMA instruction.
    #[target_feature(enable = "fma")]
    pub(super) fn chain(x: f32, a: f32, b: f32) -> f32 {
        let mut v = x;
        for _ in 0..CHAIN_OPS {
            v = v.mul_add(a, b);
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_add_waits_for_the_one_before() {
        let add = add_latency_ns(&Timing::QUICK, &AtomicBool::new(false)).expect("timed");
        // At least one cycle of a 6 GHz core, at most 20 ns (a dependent
        // add is 2 to 6 cycles on every core of the last two decades).
        assert!(add.value > 0.16 && add.value < 20.0, "{}", add.value);
    }

    #[test]
    fn an_fma_waits_for_the_one_before_and_the_chain_stays_finite() {
        let isa = Isa::detect();
        let fma = fma_latency_ns(isa, &Timing::QUICK, &AtomicBool::new(false)).expect("timed");
        // 3 to 6 cycles on current cores (a multiply and an add without
        // FMA): between one cycle at 6 GHz and 20 ns.
        assert!(fma.value > 0.16 && fma.value < 20.0, "{}", fma.value);
        for isa in [isa, Isa::Baseline] {
            let v = fma_chain(isa, 0.0, 0.5, 1.0);
            assert!((v - 2.0).abs() < 1e-6, "{isa:?}: {v}");
        }
    }
}

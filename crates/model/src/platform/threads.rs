//! A CPU's rates at a thread count: its FMA peak and its memory bandwidth
//! with t of its threads, from the curves `measure cpu` times over thread
//! counts, else by a stated rule from the spec sheet. [`CpuSpec::rates_at`]
//! is the one place a model asks for them.
//!
//! A measured curve gives its value at t threads by the interpolation of
//! [`super::curve`]: linear in threads between measured counts, flat
//! beyond the last.
//!
//! A CPU without a curve follows the rule:
//! - compute: F(t) = min(t, cores) x clock x flops per cycle: each busy
//!   core adds its peak at the spec's clock (the clock its peak is quoted
//!   at, PeaPaw Eq. 6); a core's second hardware thread adds nothing;
//! - bandwidth: B(t) = min(min(t, cores) x b_core, mem_bw), with
//!   b_core = max([`CORE_BW_GBS`], mem_bw / cores): one core streams at
//!   most [`CORE_BW_GBS`], and all cores together reach the socket's
//!   bandwidth.
//!
//! With all threads both give the spec's own numbers (peak and
//! `mem_bw_gbs`) for a catalog CPU; for a measured one, `measure cpu`
//! writes the all-thread point of each curve from the same run as those
//! fields.

use serde::{Deserialize, Serialize};

use super::curve::{CACHES, CurveError, Curves, FMA_CURVE, TRIAD_CURVE, check_curve, interpolate};
use super::source::Source;
use super::spec::{CpuSpec, Fields, GpuSpec, Link};

/// What one core streams from memory at most, GB/s, for a CPU without a
/// measured bandwidth curve: a round figure for one core of a current
/// server CPU on a STREAM triad (about 10 to 30 GB/s for recent x86 and
/// Arm cores: a core's outstanding cache misses over the memory latency
/// bound it, not the socket's channels).
pub const CORE_BW_GBS: f64 = 20.0;

/// A CPU's rates at one thread count, each with its source.
#[derive(Clone, Debug, PartialEq)]
pub struct HostRates {
    /// The thread count the rates are for (the one asked for, at least 1).
    pub threads: f64,
    /// Single-precision FMA rate of the socket with that many threads,
    /// GFLOP/s.
    pub fma_gflops: f64,
    /// Memory bandwidth (triad) with that many threads, GB/s.
    pub mem_bw_gbs: f64,
    pub fma_source: Source,
    pub mem_bw_source: Source,
}

impl CpuSpec {
    /// The FMA rate and the memory bandwidth with `threads` threads: from
    /// the measured curve where the spec has one, else by the rule (see
    /// the module's documentation). A thread count below 1 counts as 1.
    pub fn rates_at(&self, threads: f64) -> HostRates {
        let t = if threads.is_finite() {
            threads.max(1.0)
        } else {
            self.threads()
        };
        let (fma_gflops, fma_source) = match interpolate(&self.fma_gflops_by_threads, t) {
            Some(v) => (v, measured_at(self, FMA_CURVE, t)),
            None => (self.rule_gflops(t), self.rule_gflops_source()),
        };
        let (mem_bw_gbs, mem_bw_source) = match interpolate(&self.triad_gbs_by_threads, t) {
            Some(v) => (v, measured_at(self, TRIAD_CURVE, t)),
            None => (self.rule_gbs(t), self.rule_gbs_source()),
        };
        HostRates {
            threads: t,
            fma_gflops,
            mem_bw_gbs,
            fma_source,
            mem_bw_source,
        }
    }

    /// The rule's compute rate: min(t, cores) x clock x flops per cycle.
    fn rule_gflops(&self, t: f64) -> f64 {
        t.min(self.cores) * self.clock_ghz * self.flops_per_cycle
    }

    /// What one core streams by the rule: max(CORE_BW_GBS, mem_bw / cores).
    fn core_gbs(&self) -> f64 {
        CORE_BW_GBS.max(self.mem_bw_gbs / self.cores)
    }

    /// The rule's bandwidth: min(min(t, cores) x b_core, mem_bw).
    fn rule_gbs(&self, t: f64) -> f64 {
        (t.min(self.cores) * self.core_gbs()).min(self.mem_bw_gbs)
    }

    fn rule_gflops_source(&self) -> Source {
        Source::derived(format!(
            "no measured curve: min(threads, {} cores) x {} GHz x {} flop/cycle (a core's second hardware thread adds no peak)",
            self.cores, self.clock_ghz, self.flops_per_cycle
        ))
    }

    fn rule_gbs_source(&self) -> Source {
        Source::Estimate(format!(
            "no measured curve: min(min(threads, {} cores) x {} GB/s per core, {} GB/s of the socket); \
             a core streams at most {CORE_BW_GBS} GB/s (an estimate), all cores reach the socket's bandwidth ({})",
            self.cores,
            crate::format::fmt_tick(self.core_gbs()),
            self.mem_bw_gbs,
            self.source_of("mem_bw_gbs")
        ))
    }

    /// Both curves as a model machine carries them: the measured ones, or
    /// the rule at the thread counts where it bends (exact at every whole
    /// thread count), with the threads of the socket as the reference.
    pub fn thread_scaling(&self) -> ThreadScaling {
        let cores = whole(self.cores);
        let fma = if self.fma_gflops_by_threads.is_empty() {
            sampled(&[1, cores], |t| self.rule_gflops(t))
        } else {
            self.fma_gflops_by_threads.clone()
        };
        let triad = if self.triad_gbs_by_threads.is_empty() {
            let knee = (self.mem_bw_gbs / self.core_gbs()).clamp(1.0, f64::from(cores));
            let counts = [1, knee.floor() as u32, knee.ceil() as u32, cores];
            sampled(&counts, |t| self.rule_gbs(t))
        } else {
            self.triad_gbs_by_threads.clone()
        };
        ThreadScaling {
            reference_threads: whole(self.threads()),
            fma_gflops_by_threads: fma,
            triad_gbs_by_threads: triad,
        }
    }

    /// The sources of [`CpuSpec::thread_scaling`]'s two curves.
    pub fn thread_scaling_sources(&self) -> [(&'static str, Source); 2] {
        let rates = self.rates_at(1.0);
        let curve = |field: &str, rule: Source| {
            if field == FMA_CURVE && !self.fma_gflops_by_threads.is_empty()
                || field == TRIAD_CURVE && !self.triad_gbs_by_threads.is_empty()
            {
                self.source_of(field)
            } else {
                rule
            }
        };
        [
            (FMA_CURVE, curve(FMA_CURVE, rates.fma_source)),
            (TRIAD_CURVE, curve(TRIAD_CURVE, rates.mem_bw_source)),
        ]
    }
}

impl Curves for CpuSpec {
    /// The FMA and triad curves, and each cache level's read, triad and
    /// strided bandwidths (all under the one name `caches`, which
    /// `sources` may name).
    fn curves(&self) -> Vec<(&'static str, &[(u32, f64)])> {
        let mut curves: Vec<(&'static str, &[(u32, f64)])> = vec![
            (FMA_CURVE, &self.fma_gflops_by_threads),
            (TRIAD_CURVE, &self.triad_gbs_by_threads),
        ];
        for c in &self.caches {
            for curve in [
                &c.read_gbs_by_threads,
                &c.triad_gbs_by_threads,
                &c.strided_gbs_by_threads,
            ] {
                curves.push((CACHES, curve.as_slice()));
            }
        }
        curves
    }
}

impl Curves for GpuSpec {}

impl Curves for Link {}

/// The source of a curve's value at `t` threads: the curve's own source,
/// its detail naming the curve and the thread count.
fn measured_at(spec: &CpuSpec, field: &str, t: f64) -> Source {
    let s = spec.source_of(field);
    let threads = if t == 1.0 { "thread" } else { "threads" };
    let detail = format!("{field} at {t} {threads} ({})", s.detail());
    match s {
        Source::Measured(_) => Source::Measured(detail),
        Source::Paper(_) => Source::Paper(detail),
        Source::Spec(_) => Source::Spec(detail),
        Source::Derived(_) => Source::Derived(detail),
        Source::Estimate(_) => Source::Estimate(detail),
        Source::Edited => Source::Edited,
    }
}

/// A count of at least 1, rounded.
fn whole(x: f64) -> u32 {
    if x.is_finite() {
        x.round().clamp(1.0, f64::from(u32::MAX)) as u32
    } else {
        1
    }
}

/// `f` at the distinct counts of `counts`, increasing.
fn sampled(counts: &[u32], f: impl Fn(f64) -> f64) -> Vec<(u32, f64)> {
    let mut counts = counts.to_vec();
    counts.sort_unstable();
    counts.dedup();
    counts.into_iter().map(|t| (t, f(f64::from(t)))).collect()
}

/// How a CPU's rates follow the thread count, as a model's machine carries
/// it: both curves, and the thread count the machine's own numbers (its
/// clock, cycle counts, bandwidth) describe.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThreadScaling {
    /// Threads the machine's own numbers describe: all of the socket's
    /// (a spec's peak and bandwidth are all-core figures).
    pub reference_threads: u32,
    /// FMA rate at thread counts, GFLOP/s.
    pub fma_gflops_by_threads: Vec<(u32, f64)>,
    /// Triad bandwidth at thread counts, GB/s.
    pub triad_gbs_by_threads: Vec<(u32, f64)>,
}

impl ThreadScaling {
    /// Both curves given and checked, the reference at least 1.
    pub fn check(&self) -> Result<(), CurveError> {
        if self.reference_threads == 0 {
            return Err(CurveError {
                field: "reference_threads",
                value: 0.0,
                need: "at least 1",
            });
        }
        for (field, curve) in [
            (FMA_CURVE, &self.fma_gflops_by_threads),
            (TRIAD_CURVE, &self.triad_gbs_by_threads),
        ] {
            if curve.is_empty() {
                return Err(CurveError {
                    field,
                    value: 0.0,
                    need: "at least one point",
                });
            }
            check_curve(field, curve)?;
        }
        Ok(())
    }

    /// How fast one thread runs among `threads` against one among the
    /// reference count: (F(t) / t) / (F(T) / T). 1 at the reference; 1
    /// where a curve gives nothing (unchecked).
    pub fn thread_speed(&self, threads: f64) -> f64 {
        let reference = f64::from(self.reference_threads);
        let at = |t: f64| interpolate(&self.fma_gflops_by_threads, t).map(|v| v / t);
        match (at(threads), at(reference)) {
            (Some(a), Some(b)) if b > 0.0 => a / b,
            _ => 1.0,
        }
    }

    /// The bandwidth with `threads` over that with the reference count:
    /// B(t) / B(T). 1 at the reference; 1 where a curve gives nothing.
    pub fn bandwidth_share(&self, threads: f64) -> f64 {
        let reference = f64::from(self.reference_threads);
        let at = |t: f64| interpolate(&self.triad_gbs_by_threads, t);
        match (at(threads), at(reference)) {
            (Some(a), Some(b)) if b > 0.0 => a / b,
            _ => 1.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-12 * b.abs().max(1.0)
    }

    /// A spec sheet with the given cores, threads per core, clock, flops
    /// per cycle and bandwidth, no curves.
    fn spec(cores: f64, tpc: f64, ghz: f64, fpc: f64, bw: f64) -> CpuSpec {
        CpuSpec {
            name: "test CPU".into(),
            cores,
            threads_per_core: tpc,
            clock_ghz: ghz,
            flops_per_cycle: fpc,
            vector_bits: 256.0,
            mem_bw_gbs: bw,
            fma_gflops_by_threads: Vec::new(),
            triad_gbs_by_threads: Vec::new(),
            mem_gib: 16.0,
            mem_latency_ns: None,
            add_latency_ns: None,
            fma_latency_ns: None,
            tdp_w: 95.0,
            static_w: None,
            source: Source::Spec("a test sheet".into()),
            sources: BTreeMap::new(),
            e_f_pj: None,
            e_b_pj: None,
            idle_w: None,
            l2_kib_per_core: None,
            cache_line_bytes: None,
            caches: Vec::new(),
        }
    }

    #[test]
    fn without_a_curve_the_rule_scales_with_busy_cores() {
        // The i7-2600K's sheet: 4 cores, 2 threads each, 3.4 GHz, 16
        // flop/cycle, 21.3 GB/s. One core: 3.4 x 16 = 54.4 GFLOP/s and
        // min(20, 21.3) = 20 GB/s; two cores: 108.8 and min(40, 21.3).
        let s = spec(4.0, 2.0, 3.4, 16.0, 21.3);
        for (t, gflops, gbs) in [
            (1.0, 54.4, 20.0),
            (2.0, 108.8, 21.3),
            (4.0, 217.6, 21.3),
            // Hyper-threads add nothing: the sheet's peak at 8 threads.
            (8.0, 217.6, 21.3),
        ] {
            let r = s.rates_at(t);
            assert!(close(r.fma_gflops, gflops), "{t}: {}", r.fma_gflops);
            assert!(close(r.mem_bw_gbs, gbs), "{t}: {}", r.mem_bw_gbs);
        }
        let all = s.rates_at(s.threads());
        assert!(close(all.fma_gflops, s.peak_gflops()));
        assert!(close(all.mem_bw_gbs, s.mem_bw_gbs));
        let r = s.rates_at(1.0);
        assert_eq!(r.fma_source.kind(), "derived");
        assert_eq!(r.mem_bw_source.kind(), "estimate");
        assert!(
            r.mem_bw_source.detail().contains("20 GB/s"),
            "{}",
            r.mem_bw_source
        );
        // A Xeon 8480+'s sheet: 4 of 56 cores stream 4 x 20 = 80 GB/s.
        let x = spec(56.0, 2.0, 2.0, 64.0, 307.2);
        assert!(close(x.rates_at(4.0).mem_bw_gbs, 80.0));
        assert!(close(x.rates_at(4.0).fma_gflops, 512.0));
        // A socket whose cores each get more than 20 GB/s: all cores still
        // reach its bandwidth (200 / 4 = 50 GB/s per core).
        let wide = spec(4.0, 1.0, 3.0, 32.0, 200.0);
        assert!(close(wide.rates_at(1.0).mem_bw_gbs, 50.0));
        assert!(close(wide.rates_at(4.0).mem_bw_gbs, 200.0));
    }

    /// The shipped H100 node's host: 174 GFLOP/s on one thread, 1345 on
    /// 16; triad 113 GB/s on 16.
    fn h100_host() -> CpuSpec {
        let mut s = spec(16.0, 1.0, 2.1, 1345.0 / (16.0 * 2.1), 113.0);
        s.fma_gflops_by_threads = vec![
            (1, 174.0),
            (2, 346.0),
            (4, 680.0),
            (8, 1190.0),
            (16, 1345.0),
        ];
        s.triad_gbs_by_threads = vec![(1, 14.0), (2, 27.0), (4, 52.0), (8, 90.0), (16, 113.0)];
        s.sources.insert(
            FMA_CURVE.into(),
            Source::Measured("hetscope measure cpu on the node".into()),
        );
        s
    }

    #[test]
    fn a_measured_curve_gives_the_rates_at_its_thread_counts() {
        let s = h100_host();
        assert!(s.check().is_ok());
        let r = s.rates_at(1.0);
        assert_eq!((r.fma_gflops, r.mem_bw_gbs), (174.0, 14.0));
        assert!(
            matches!(&r.fma_source, Source::Measured(d) if d.contains("fma_gflops_by_threads at 1 thread ("))
        );
        // 12 threads: halfway from 8 to 16.
        let r = s.rates_at(12.0);
        assert!(close(r.fma_gflops, (1190.0 + 1345.0) / 2.0));
        assert!(close(r.mem_bw_gbs, (90.0 + 113.0) / 2.0));
        // The triad curve names no source of its own: the sheet's.
        assert_eq!(r.mem_bw_source.kind(), "spec sheet");
        // The model machines carry the curves as measured.
        let k = s.thread_scaling();
        assert_eq!(k.reference_threads, 16);
        assert_eq!(k.fma_gflops_by_threads, s.fma_gflops_by_threads);
        let [(f, fs), (_, ts)] = s.thread_scaling_sources();
        assert_eq!(
            (f, fs.kind(), ts.kind()),
            (FMA_CURVE, "measured", "spec sheet")
        );
    }

    #[test]
    fn the_sampled_rule_is_the_rule_at_every_whole_thread_count() {
        for s in [
            spec(4.0, 2.0, 3.4, 16.0, 21.3),
            spec(56.0, 2.0, 2.0, 64.0, 307.2),
            spec(96.0, 2.0, 2.4, 32.0, 460.8),
            spec(2.0, 2.0, 2.5, 16.0, 21.3),
            spec(1.0, 1.0, 3.0, 8.0, 5.0),
            spec(4.0, 1.0, 3.0, 32.0, 200.0),
        ] {
            let k = s.thread_scaling();
            assert!(k.check().is_ok(), "{k:?}");
            assert_eq!(f64::from(k.reference_threads), s.threads());
            for t in 1..=2 * k.reference_threads {
                let t = f64::from(t);
                let r = s.rates_at(t);
                let f = interpolate(&k.fma_gflops_by_threads, t).unwrap();
                let b = interpolate(&k.triad_gbs_by_threads, t).unwrap();
                assert!(
                    close(f, r.fma_gflops),
                    "{} at {t}: {f} {}",
                    s.cores,
                    r.fma_gflops
                );
                assert!(
                    close(b, r.mem_bw_gbs),
                    "{} at {t}: {b} {}",
                    s.cores,
                    r.mem_bw_gbs
                );
            }
        }
    }

    #[test]
    fn a_machine_scales_against_its_reference_thread_count() {
        let k = h100_host().thread_scaling();
        assert!(close(k.thread_speed(16.0), 1.0));
        assert!(close(k.bandwidth_share(16.0), 1.0));
        // One thread alone runs 174 / (1345 / 16) = 2.07 times as fast as
        // one of 16; it streams 14 of the 113 GB/s.
        assert!(close(k.thread_speed(1.0), 174.0 * 16.0 / 1345.0));
        assert!(close(k.bandwidth_share(1.0), 14.0 / 113.0));
        // 32 threads on 16: the 16-thread rate shared by twice as many.
        assert!(close(k.thread_speed(32.0), 0.5));
        // A rule machine of 4 cores x 2 threads: a thread alone is twice
        // as fast as one of all 8 (which share cores).
        let r = spec(4.0, 2.0, 3.4, 16.0, 21.3).thread_scaling();
        assert!(close(r.thread_speed(1.0), 2.0));
        assert!(close(r.thread_speed(4.0), 2.0));
        assert!(close(r.bandwidth_share(1.0), 20.0 / 21.3));
        let mut bad = r.clone();
        bad.triad_gbs_by_threads.clear();
        assert_eq!(bad.check().unwrap_err().field, TRIAD_CURVE);
    }

    #[test]
    fn a_spec_checks_its_curves_and_their_sources() {
        let mut s = h100_host();
        s.triad_gbs_by_threads[2].1 = f64::NAN;
        let e = s.check().unwrap_err().to_string();
        assert!(
            e.contains("CPU 'test CPU': triad_gbs_by_threads: NaN"),
            "{e}"
        );
        let mut s = h100_host();
        s.sources.insert("fma_by_threads".into(), Source::Edited);
        let e = s.check().unwrap_err().to_string();
        assert!(
            e.contains("'fma_by_threads'") && e.contains("fma_gflops_by_threads"),
            "{e}"
        );
    }
}

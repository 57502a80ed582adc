//! The processor description of a CPU measurement: the catalog's
//! format, every measured value tagged `measured` (host, date, threads,
//! spread), what follows from them `derived`, what cannot be measured
//! here an `estimate`; the FMA and triad curves over thread counts with
//! their own sources.

use std::collections::BTreeMap;

use super::cpu::{CacheRun, CpuMeasurement};
use super::machine::CACHE_ROOT;
use super::roofs::Roof;
use hetscope_model::perdome::energy_fit::{EnergyFit, EnergyRun};
use hetscope_model::platform::curve::{FMA_CURVE, TRIAD_CURVE};
use hetscope_model::platform::{CacheLevel, CpuSpec, Source};

/// A curve's (threads, value) points as a spec sheet writes them.
fn values(curve: &[(usize, Roof)]) -> Vec<(u32, f64)> {
    curve
        .iter()
        .map(|&(k, r)| (u32::try_from(k).unwrap_or(u32::MAX), r.value))
        .collect()
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
        if !m.caches.is_empty() {
            sources.insert("caches".into(), self.caches_source(&run));
        }
        if m.l2_kib.is_some() {
            let how = "/sys/devices/system/cpu/cpu0/cache (level 2, unified)";
            sources.insert("l2_kib_per_core".into(), Source::Measured(how.into()));
            sources.insert("cache_line_bytes".into(), Source::Measured(how.into()));
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
            fma_gflops_by_threads: values(&self.fma_f32_by_threads),
            triad_gbs_by_threads: values(&self.triad_by_threads),
            mem_gib: m.mem_gib.unwrap_or(16.0),
            mem_latency_ns: Some(self.latency.value),
            add_latency_ns: Some(self.add_latency.value),
            fma_latency_ns: Some(self.fma_latency.value),
            tdp_w: 10.0 * cores,
            static_w,
            source: Source::Measured(run),
            sources,
            e_f_pj,
            e_b_pj,
            idle_w: None,
            l2_kib_per_core: m.l2_kib,
            cache_line_bytes: m.line_bytes,
            caches: self.caches(),
        }
    }

    /// How the cache levels were read and timed, with every spread.
    fn caches_source(&self, run: &str) -> Source {
        let spreads = |name: &str, c: &[(usize, Roof)]| {
            let each: Vec<String> = c
                .iter()
                .map(|(k, roof)| format!("{k}: {:.1} %", 100.0 * roof.spread))
                .collect();
            format!("{name} {}", each.join(", "))
        };
        let runs: Vec<String> = self
            .cache_runs
            .iter()
            .map(|r| {
                format!(
                    "L{} spread by threads: {}; {}; {}",
                    r.level,
                    spreads("read", &r.read),
                    spreads("triad", &r.triad),
                    spreads("strided", &r.strided)
                )
            })
            .collect();
        Source::Measured(format!(
            "capacities and sharers from {CACHE_ROOT}; a read (32-lane sums), a triad and a strided read (8 useful bytes per 128) from a working set of half a thread's share of each level; {run}; {}",
            runs.join("; ")
        ))
    }

    /// The data caches the system describes, each with the read
    /// bandwidth measured from a working set it holds.
    fn caches(&self) -> Vec<CacheLevel> {
        self.machine
            .caches
            .iter()
            .map(|c| {
                let run = self.cache_run(c.level);
                let of = |kernel: fn(&CacheRun) -> &[(usize, Roof)]| {
                    run.map(|r| values(kernel(r))).unwrap_or_default()
                };
                CacheLevel {
                    read_gbs_by_threads: of(|r| &r.read),
                    triad_gbs_by_threads: of(|r| &r.triad),
                    strided_gbs_by_threads: of(|r| &r.strided),
                    ..c.clone()
                }
            })
            .collect()
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
        let curve = |what: &str, c: &[(usize, Roof)]| {
            let spreads: Vec<String> = c
                .iter()
                .map(|(k, r)| format!("{k}: {:.1} %", 100.0 * r.spread))
                .collect();
            Source::Measured(format!(
                "{what} on each thread count; {run}; spread by threads {}",
                spreads.join(", ")
            ))
        };
        sources.insert(FMA_CURVE.into(), curve("FMA f32", &self.fma_f32_by_threads));
        sources.insert(
            TRIAD_CURVE.into(),
            curve(
                &format!(
                    "triad over 3 x {} doubles, 24 bytes per element",
                    self.triad_elements
                ),
                &self.triad_by_threads,
            ),
        );
        sources.extend(self.latency_sources(run));
        sources.insert(
            "tdp_w".into(),
            Source::Estimate(
                "not measurable here: 10 W per core assumed; set it from the vendor's sheet".into(),
            ),
        );
        sources
    }

    /// The sources of the latencies: memory, a dependent add, a dependent
    /// FMA.
    fn latency_sources(&self, run: &str) -> Vec<(String, Source)> {
        let chains = "a chain of a million dependent f32";
        [
            (
                "mem_latency_ns",
                "pointer chase through memory, one thread".to_string(),
                &self.latency,
            ),
            (
                "add_latency_ns",
                format!("{chains} adds, one thread"),
                &self.add_latency,
            ),
            (
                "fma_latency_ns",
                format!("{chains} fused multiply-adds, one thread"),
                &self.fma_latency,
            ),
        ]
        .into_iter()
        .map(|(key, what, r)| {
            let text = format!("{what}; {run}; spread {:.1} %", 100.0 * r.spread);
            (key.to_string(), Source::Measured(text))
        })
        .collect()
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

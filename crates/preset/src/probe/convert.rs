//! Checked probe rows turned into the model's types: the GPU spec sheet
//! (every value a `Measured` source naming the run; the rows beyond the
//! base spec and the host link in `measured.rs`), the energy runs of
//! PeaPaw's fit and the FPM speed points.

use std::collections::BTreeMap;
use std::path::Path;

use super::error::ProbeError;
use super::table::{Entry, ProbeTable};
use hetscope_model::fpm::{FpmDevice, SpeedPoint};
use hetscope_model::perdome::energy_fit::{self, EnergyFit, EnergyRun, FitError};
use hetscope_model::platform::{GpuSpec, Source};

/// Flops of one fused multiply-add per FP32 core and cycle.
pub const FLOPS_PER_CYCLE: f64 = 2.0;

/// The energy rows: how energy was read, idle power, one run per
/// `energy_run` item (PeaPaw Section 6.2).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ProbeEnergy {
    /// `counter` (NVML energy counter) or `sampled` (power samples
    /// integrated), as the probe wrote it.
    pub method: Option<String>,
    /// Idle board power, W.
    pub idle_w: Option<f64>,
    /// Labels of the runs (`k0`, `k64`, ...), in file order.
    pub labels: Vec<String>,
    /// The runs, in file order.
    pub runs: Vec<EnergyRun>,
}

impl ProbeEnergy {
    /// e_f, e_b and p_s by least squares on E = e_f N_f + e_b N_b + p_s T
    /// (PeaPaw Section 6.2); with `fixed_p_s_w` (e.g. the idle power) the
    /// static power is held there.
    pub fn fit(&self, fixed_p_s_w: Option<f64>) -> Result<EnergyFit, FitError> {
        energy_fit::fit(&self.runs, fixed_p_s_w)
    }
}

/// "run: <generator>, host <host>, <date>": the run every source names.
pub fn run_label(t: &ProbeTable) -> String {
    format!(
        "run: {}, host {}, {}",
        t.text("probe", "generator").unwrap_or("hetscope-probe"),
        t.text("probe", "host").unwrap_or("an unnamed host"),
        t.text("probe", "date").unwrap_or("an unknown date")
    )
}

/// A spread of the repeats above which a value is said to be unstable.
pub const UNSTABLE: f64 = 0.10;

/// A measured source: `how`, the row's spread and note, the run.
pub(super) fn measured(t: &ProbeTable, e: Option<&Entry>, how: &str) -> Source {
    Source::Measured(with_run(t, e, how))
}

/// `how`, the row's spread and note, and the run.
pub(super) fn with_run(t: &ProbeTable, e: Option<&Entry>, how: &str) -> String {
    let mut s = how.to_string();
    if let Some(sp) = e.and_then(|e| e.spread) {
        s.push_str(&format!("; spread of the repeats {:.1} %", sp * 100.0));
        if sp > UNSTABLE {
            s.push_str(" (unstable: it moves between repeats, compare runs before relying on it)");
        }
    }
    if let Some(note) = e.map(|e| e.note.as_str()).filter(|n| !n.is_empty()) {
        s.push_str(&format!("; note: {note}"));
    }
    format!("{s}; {}", run_label(t))
}

/// A required number (present once the table is complete).
fn need(t: &ProbeTable, section: &str, key: &str) -> Result<f64, ProbeError> {
    t.number(section, key).ok_or_else(|| ProbeError::Missing {
        file: t.origin.clone(),
        line: None,
        key: format!("{section}.{key}"),
    })
}

/// The base of the probed board's GPU spec sheet (unchecked: the rows
/// beyond it and the link are filled and the whole checked in
/// `measured.rs`). The measured FP32 roof goes into `clock_ghz` (the
/// clock the FMA run sustained: roof / (SMs x cores x 2)), so that the
/// spec's peak (PeaPaw Eq. 6) is the measured one; `mem_bw_gbs` is the
/// device copy rate.
pub fn base_spec(t: &ProbeTable) -> Result<GpuSpec, ProbeError> {
    let sms = need(t, "device", "sm_count")?;
    let cores = need(t, "device", "cores_per_sm")?;
    let fp32 = need(t, "roof", "fp32_gflops")?;
    let mut spec = GpuSpec {
        link: None,
        name: t.text("device", "name").unwrap_or_default().to_string(),
        sms,
        cores_per_sm: cores,
        clock_ghz: fp32 / (sms * cores * FLOPS_PER_CYCLE),
        flops_per_cycle: FLOPS_PER_CYCLE,
        mem_bw_gbs: need(t, "roof", "copy_gbs")?,
        mem_gib: need(t, "device", "memory_gib")?,
        mem_latency_ns: t.number("latency", "mem_ld_ns"),
        tdp_w: need(t, "device", "power_limit_w")?,
        static_w: None,
        max_threads_per_sm: need(t, "device", "max_threads_per_sm")?,
        max_blocks_per_sm: need(t, "device", "max_blocks_per_sm")?,
        fp64_gflops: None,
        coalesced_gbs: None,
        strided_gbs: None,
        mem_ld_cycles: None,
        departure_del_coal: None,
        departure_del_uncoal: None,
        e_f_pj: None,
        e_b_pj: None,
        idle_w: None,
        l1_kib_per_sm: None,
        l2_mib: None,
        l1_hit_cycles: None,
        l2_hit_cycles: None,
        source: measured(t, None, &default_how(t)),
        sources: field_sources(t, sms, cores, fp32),
    };
    super::caches::set_caches(t, &mut spec);
    Ok(spec)
}

/// The sources of the fields other than the run's default: how each was
/// measured or derived, and every queried row that carries a note.
fn field_sources(t: &ProbeTable, sms: f64, cores: f64, fp32: f64) -> BTreeMap<String, Source> {
    let mut sources = BTreeMap::new();
    let mut put = |field: &str, s: Source| sources.insert(field.to_string(), s);
    let row = |s, k| t.get(s, k);
    for (field, key) in [
        ("sms", "sm_count"),
        ("mem_gib", "memory_gib"),
        ("tdp_w", "power_limit_w"),
        ("max_threads_per_sm", "max_threads_per_sm"),
        ("max_blocks_per_sm", "max_blocks_per_sm"),
    ] {
        if row("device", key).is_some_and(|e| !e.note.is_empty()) {
            put(
                field,
                measured(t, row("device", key), "queried from the device"),
            );
        }
    }
    let cc = t.text("device", "compute_capability").unwrap_or("?");
    let cores_how = format!("FP32 cores per SM of compute capability {cc} (the probe's table)");
    let cores_row = row("device", "cores_per_sm");
    put(
        "cores_per_sm",
        Source::Derived(with_run(t, cores_row, &cores_how)),
    );
    let clock_how = format!(
        "the clock the FP32 FMA run sustained: roof {fp32} GFLOP/s / ({sms} SMs x {cores} cores x {FLOPS_PER_CYCLE} flop/cycle)"
    );
    put(
        "clock_ghz",
        measured(t, row("roof", "fp32_gflops"), &clock_how),
    );
    let fma = "one fused multiply-add per FP32 core and cycle; the measured roof sits in clock_ghz";
    put("flops_per_cycle", Source::derived(fma));
    let copy_how = "device copy kernel, bytes read and written counted, best of the repeats";
    put("mem_bw_gbs", measured(t, row("roof", "copy_gbs"), copy_how));
    if let Some(e) = row("latency", "mem_ld_ns") {
        let how = "pointer chase of one thread through a random cycle of 128-byte lines in a buffer larger than L2, median of the repeats";
        put("mem_latency_ns", measured(t, Some(e), how));
    }
    sources
}

/// The default source: the probe run and its file.
fn default_how(t: &ProbeTable) -> String {
    let file = Path::new(&t.origin)
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_else(|| t.origin.clone());
    let index = t
        .number("device", "index")
        .map(|i| format!(" {i}"))
        .unwrap_or_default();
    format!("probe CSV {file}, CUDA device{index}, queried and measured")
}

/// The energy rows.
pub fn energy(t: &ProbeTable) -> ProbeEnergy {
    let mut out = ProbeEnergy {
        method: t.text("energy", "method").map(str::to_string),
        idle_w: t.number("energy", "idle_w"),
        ..ProbeEnergy::default()
    };
    for item in t.items_of("energy_run") {
        let n = |k: &str| item.rows.get(k).and_then(Entry::number).unwrap_or(0.0);
        out.labels.push(item.label.clone());
        out.runs.push(EnergyRun {
            n_flops: n("flops"),
            n_bytes: n("bytes"),
            time_s: n("seconds"),
            energy_j: n("joules"),
        });
    }
    out
}

/// The FPM device of the `speed` points: size in M elements (n / 1e6),
/// speed in M elements/s, the memory limit where the bytes per element
/// are given; `None` without points.
pub fn speed(t: &ProbeTable, gpu: &GpuSpec) -> Result<Option<FpmDevice>, ProbeError> {
    let points: Vec<SpeedPoint> = t
        .items_of("speed")
        .filter_map(|i| {
            let n = i.rows.get("n").and_then(Entry::number)?;
            let seconds = i.rows.get("seconds")?;
            let s = seconds.number()?;
            // The spread of the repeated timings, the speed's to first
            // order.
            let spread = seconds.spread.filter(|e| e.is_finite() && *e >= 0.0);
            Some(SpeedPoint {
                spread,
                ..SpeedPoint::new(n / 1e6, n / s / 1e6)
            })
        })
        .collect();
    if points.is_empty() {
        return Ok(None);
    }
    let kernel = t.text("speed", "kernel").unwrap_or("the probe's kernel");
    let max_size_units = t
        .number("speed", "bytes_per_element")
        .map(|b| gpu.mem_gib * 1024f64.powi(3) / b / 1e6);
    let device = FpmDevice {
        name: format!("{} ({kernel})", gpu.name),
        source: measured(
            t,
            None,
            &format!("speed of {kernel} on device-resident data, median of the repeats"),
        ),
        points: points.into(),
        max_size_units,
        unit: "M elements".into(),
        ..FpmDevice::default()
    };
    device.speed_function().map_err(|e| ProbeError::Spec {
        file: t.origin.clone(),
        field: "speed".into(),
        message: e.to_string(),
    })?;
    Ok(Some(device))
}

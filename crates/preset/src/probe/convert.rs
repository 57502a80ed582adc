//! Checked probe rows turned into the model's types: the GPU spec sheet
//! (every value a `Measured` source naming the run), the host link, the
//! energy runs of PeaPaw's fit and the FPM speed points.

use std::collections::BTreeMap;
use std::path::Path;

use super::error::ProbeError;
use super::table::{Entry, ProbeTable};
use hetscope_model::fpm::{FpmDevice, SpeedPoint};
use hetscope_model::perdome::energy_fit::{self, EnergyFit, EnergyRun, FitError};
use hetscope_model::platform::{GpuSpec, Link, Source};

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

/// A measured source: `how`, the row's spread and note, the run.
fn measured(t: &ProbeTable, e: Option<&Entry>, how: &str) -> Source {
    Source::Measured(with_run(t, e, how))
}

fn with_run(t: &ProbeTable, e: Option<&Entry>, how: &str) -> String {
    let mut s = how.to_string();
    if let Some(sp) = e.and_then(|e| e.spread) {
        s.push_str(&format!("; spread of the repeats {:.1} %", sp * 100.0));
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

/// The GPU spec sheet of the probed board. The measured FP32 roof goes
/// into `clock_ghz` (the clock the FMA run sustained: roof / (SMs x cores
/// x 2)), so that the spec's peak (PeaPaw Eq. 6) is the measured one;
/// `mem_bw_gbs` is the device copy rate; `static_w` the fitted static
/// power of the energy runs where they fit, else the idle power.
pub fn gpu_spec(t: &ProbeTable, energy: &ProbeEnergy) -> Result<GpuSpec, ProbeError> {
    let sms = need(t, "device", "sm_count")?;
    let cores = need(t, "device", "cores_per_sm")?;
    let fp32 = need(t, "roof", "fp32_gflops")?;
    let tdp_w = need(t, "device", "power_limit_w")?;
    let mut sources = field_sources(t, sms, cores, fp32);
    let static_w = static_power(t, energy, tdp_w).map(|(w, s)| {
        sources.insert("static_w".into(), s);
        w
    });
    let spec = GpuSpec {
        name: t.text("device", "name").unwrap_or_default().to_string(),
        sms,
        cores_per_sm: cores,
        clock_ghz: fp32 / (sms * cores * FLOPS_PER_CYCLE),
        flops_per_cycle: FLOPS_PER_CYCLE,
        mem_bw_gbs: need(t, "roof", "copy_gbs")?,
        mem_gib: need(t, "device", "memory_gib")?,
        mem_latency_ns: t.number("latency", "mem_ld_ns"),
        tdp_w,
        static_w,
        max_threads_per_sm: need(t, "device", "max_threads_per_sm")?,
        max_blocks_per_sm: need(t, "device", "max_blocks_per_sm")?,
        source: measured(t, None, &default_how(t)),
        sources,
    };
    crate::hardware::check_spec(&spec, &t.origin, "").map_err(|e| ProbeError::Spec {
        file: t.origin.clone(),
        field: "gpu".into(),
        message: e.to_string(),
    })?;
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

/// Static power: p_s of the energy fit where the fit is physical (e_f and
/// e_b not negative, p_s in (0, TDP)), else the idle power; `None`
/// without either.
fn static_power(t: &ProbeTable, energy: &ProbeEnergy, tdp_w: f64) -> Option<(f64, Source)> {
    let idle = energy
        .idle_w
        .map(|w| format!("; idle board power {w} W"))
        .unwrap_or_default();
    if let Ok(fit) = energy.fit(None)
        && fit.e_f_pj >= 0.0
        && fit.e_b_pj >= 0.0
        && fit.p_s_w > 0.0
        && fit.p_s_w < tdp_w
    {
        let how = format!(
            "p_s of the least-squares fit of E = e_f N_f + e_b N_b + p_s T over {} energy runs (PeaPaw 6.2; e_f {:.2} pJ/flop, e_b {:.1} pJ/byte, worst residual {:.1} %){idle}",
            energy.runs.len(),
            fit.e_f_pj,
            fit.e_b_pj,
            fit.max_abs_residual() * 100.0
        );
        return Some((fit.p_s_w, Source::Measured(with_run(t, None, &how))));
    }
    let w = energy.idle_w?;
    let how = "idle board power (NVML), no usable energy fit";
    Some((w, measured(t, t.get("energy", "idle_w"), how)))
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

/// The host link: each rate the slower of the two directions; `None`
/// without a pinned rate and a latency.
pub fn link(t: &ProbeTable, gpu_name: &str) -> Option<Link> {
    let slower = |a: &str, b: &str| -> Option<(f64, String)> {
        let (x, y) = (t.number("bus", a), t.number("bus", b));
        let v = match (x, y) {
            (Some(x), Some(y)) => x.min(y),
            (Some(v), None) | (None, Some(v)) => v,
            (None, None) => return None,
        };
        let show = |o: Option<f64>| o.map_or("not measured".into(), |v| format!("{v} GB/s"));
        let how = format!(
            "the slower direction of cudaMemcpy, best of the repeats: host to device {}, device to host {}",
            show(x),
            show(y)
        );
        Some((v, with_run(t, None, &how)))
    };
    let (pinned, pinned_how) = slower("h2d_pinned_gbs", "d2h_pinned_gbs")?;
    let latency_us = t.number("bus", "latency_us")?;
    let mut sources = BTreeMap::new();
    sources.insert("pinned_gbs".to_string(), Source::Measured(pinned_how));
    let pageable = slower("h2d_pageable_gbs", "d2h_pageable_gbs").map(|(v, how)| {
        sources.insert("pageable_gbs".to_string(), Source::Measured(how));
        v
    });
    let lat_how = "median time of an 8-byte copy from pinned memory";
    sources.insert(
        "latency_us".to_string(),
        measured(t, t.get("bus", "latency_us"), lat_how),
    );
    Some(Link {
        name: format!("host link of {gpu_name} (measured)"),
        pinned_gbs: pinned,
        pageable_gbs: pageable,
        latency_us,
        source: Source::Measured(with_run(t, None, "hetscope-probe bus rows")),
        sources,
    })
}

/// The FPM device of the `speed` points: size in M elements (n / 1e6),
/// speed in M elements/s, the memory limit where the bytes per element
/// are given; `None` without points.
pub fn speed(t: &ProbeTable, gpu: &GpuSpec) -> Result<Option<FpmDevice>, ProbeError> {
    let points: Vec<SpeedPoint> = t
        .items_of("speed")
        .filter_map(|i| {
            let n = i.rows.get("n").and_then(Entry::number)?;
            let s = i.rows.get("seconds").and_then(Entry::number)?;
            Some(SpeedPoint::new(n / 1e6, n / s / 1e6))
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

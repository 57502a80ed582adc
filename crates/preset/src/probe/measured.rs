//! The probe's measurements beyond the spec sheet's base values, each
//! into its own field with a `Measured` source naming the row and the
//! run: the FP64 roof, the memory system (coalesced and strided reads,
//! Mem_LD, the departure delays), the energy (PeaPaw 6.2's fit and the
//! idle power) and the host link, each direction pinned and pageable.

use std::collections::BTreeMap;

use super::convert::{ProbeEnergy, base_spec, measured, with_run};
use super::error::ProbeError;
use super::table::ProbeTable;
use hetscope_model::perdome::energy_fit::EnergyFit;
use hetscope_model::platform::{GpuSpec, Link, Source};

/// The measured rows that have a field of their own: (section, key,
/// field, how the probe measures it).
const ROWS: [(&str, &str, &str, &str); 6] = [
    (
        "roof",
        "fp64_gflops",
        "fp64_gflops",
        "FP64 fused multiply-add chains, best of the repeats",
    ),
    (
        "roof",
        "coalesced_gbs",
        "coalesced_gbs",
        "4-byte coalesced reads, best of the repeats",
    ),
    (
        "roof",
        "strided_gbs",
        "strided_gbs",
        "4-byte reads a 128-byte line apart (32 lines a warp), bytes used, best of the repeats",
    ),
    (
        "latency",
        "mem_ld_cycles",
        "mem_ld_cycles",
        "pointer chase of one thread (clock64) through a random cycle larger than L2, median of the repeats",
    ),
    (
        "latency",
        "departure_del_coal",
        "departure_del_coal",
        "one block of 32 warps walking coalesced chains: the step per warp",
    ),
    (
        "latency",
        "departure_del_uncoal",
        "departure_del_uncoal",
        "one warp of 32 uncoalesced walks: (step - Mem_LD) / 31",
    ),
];

/// The GPU spec sheet of the probed board: the base spec
/// ([`base_spec`]), every row beyond it in its field, the link measured
/// with it; checked.
pub fn gpu_spec(t: &ProbeTable, energy: &ProbeEnergy) -> Result<GpuSpec, ProbeError> {
    let mut spec = base_spec(t)?;
    fill(t, energy, &mut spec);
    spec.link = link(t, &spec.name);
    // The spec-sheet loader's own check (one range table): nothing is
    // written that could not be read back.
    crate::hardware::check_gpu_spec(&spec, &t.origin, "").map_err(|e| {
        let text = e.to_string();
        let prefix = format!("{}: ", t.origin);
        ProbeError::Spec {
            file: t.origin.clone(),
            field: "the GPU spec sheet it makes".into(),
            message: text.strip_prefix(&prefix).unwrap_or(&text).to_string(),
        }
    })?;
    Ok(spec)
}

/// Fill the fields of `spec` the probe's rows beyond the base spec give
/// (where present), and their sources.
fn fill(t: &ProbeTable, energy: &ProbeEnergy, spec: &mut GpuSpec) {
    let clock = t
        .number("latency", "sm_clock_mhz")
        .map(|mhz| format!("; cycles at the SM clock of the run, {mhz} MHz"))
        .unwrap_or_default();
    for (section, key, field, how) in ROWS {
        let Some(v) = t.number(section, key) else {
            continue;
        };
        let how = if section == "latency" {
            format!("{how}{clock}")
        } else {
            how.to_string()
        };
        let slot = match field {
            "fp64_gflops" => &mut spec.fp64_gflops,
            "coalesced_gbs" => &mut spec.coalesced_gbs,
            "strided_gbs" => &mut spec.strided_gbs,
            "mem_ld_cycles" => &mut spec.mem_ld_cycles,
            "departure_del_coal" => &mut spec.departure_del_coal,
            _ => &mut spec.departure_del_uncoal,
        };
        *slot = Some(v);
        let source = measured(t, t.get(section, key), &how);
        spec.sources.insert(field.to_string(), source);
    }
    if let Some(w) = energy.idle_w {
        spec.idle_w = Some(w);
        let how = "NVML board power before any work";
        let source = measured(t, t.get("energy", "idle_w"), how);
        spec.sources.insert("idle_w".into(), source);
    }
    fill_energy(t, energy, spec);
}

/// e_f, e_b and p_s of PeaPaw 6.2's least-squares fit over the energy
/// runs where the fit is physical (e_f, e_b positive, p_s in (0, TDP))
/// and its p_s is not below the idle power; else, with the idle power
/// known, the fit with p_s held there (the idle power is a floor: runs
/// that all sit near full power do not pin the intercept), the free fit
/// said beside; else none.
fn fill_energy(t: &ProbeTable, energy: &ProbeEnergy, spec: &mut GpuSpec) {
    let physical =
        |f: &EnergyFit| f.e_f_pj > 0.0 && f.e_b_pj > 0.0 && f.p_s_w > 0.0 && f.p_s_w < spec.tdp_w;
    let free = energy.fit(None).ok().filter(physical);
    let held = energy
        .idle_w
        .and_then(|w| energy.fit(Some(w)).ok())
        .filter(physical);
    let below_idle = |f: &EnergyFit| energy.idle_w.is_some_and(|w| f.p_s_w < w);
    let (fit, free_beside) = match (free, held) {
        (Some(f), Some(h)) if below_idle(&f) => (h, Some(f)),
        (Some(f), _) => (f, None),
        (None, Some(h)) => (h, None),
        (None, None) => return,
    };
    let held = energy.idle_w.is_some_and(|w| fit.p_s_w == w);
    let idle = energy
        .idle_w
        .map(|w| format!("; idle board power {w} W"))
        .unwrap_or_default();
    let beside = free_beside
        .map(|f| {
            format!(
                "; the free fit (e_f {:.2} pJ/flop, e_b {:.1} pJ/byte, p_s {:.1} W, worst residual \
                 {:.1} %) put p_s below the idle power, which is its floor",
                f.e_f_pj,
                f.e_b_pj,
                f.p_s_w,
                f.max_abs_residual() * 100.0
            )
        })
        .unwrap_or_default();
    let how = format!(
        "least-squares fit of E = e_f N_f + e_b N_b + p_s T over {} energy runs (PeaPaw 6.2{}): e_f {:.2} pJ/flop, e_b {:.1} pJ/byte, p_s {:.1} W, worst residual {:.1} %{idle}{beside}",
        energy.runs.len(),
        if held {
            ", p_s held at the idle power"
        } else {
            ""
        },
        fit.e_f_pj,
        fit.e_b_pj,
        fit.p_s_w,
        fit.max_abs_residual() * 100.0
    );
    let source = Source::Measured(with_run(t, None, &how));
    spec.e_f_pj = Some(fit.e_f_pj);
    spec.e_b_pj = Some(fit.e_b_pj);
    spec.static_w = Some(fit.p_s_w);
    for field in ["e_f_pj", "e_b_pj", "static_w"] {
        spec.sources.insert(field.into(), source.clone());
    }
}

/// The host link: each direction's pinned and pageable rate as measured,
/// `pinned_gbs` the slower pinned direction; `None` without a pinned
/// rate and a latency.
pub fn link(t: &ProbeTable, gpu_name: &str) -> Option<Link> {
    let rate = |key: &str| t.number("bus", key);
    let (h2d, d2h) = (rate("h2d_pinned_gbs"), rate("d2h_pinned_gbs"));
    let pinned = match (h2d, d2h) {
        (Some(x), Some(y)) => x.min(y),
        (Some(v), None) | (None, Some(v)) => v,
        (None, None) => return None,
    };
    let latency_us = t.number("bus", "latency_us")?;
    let mut sources = BTreeMap::new();
    let copy = "cudaMemcpy, best of the repeats";
    let rows = [
        ("h2d_pinned_gbs", "host to device from pinned memory"),
        ("d2h_pinned_gbs", "device to host into pinned memory"),
        ("h2d_pageable_gbs", "host to device from pageable memory"),
        ("d2h_pageable_gbs", "device to host into pageable memory"),
    ];
    for (key, what) in rows {
        if rate(key).is_some() {
            let how = format!("{what}, {copy}");
            sources.insert(key.to_string(), measured(t, t.get("bus", key), &how));
        }
    }
    let how = "the slower direction of the pinned copies (each direction has its own field)";
    sources.insert(
        "pinned_gbs".into(),
        Source::Measured(with_run(t, None, how)),
    );
    let lat_how = "median time of an 8-byte copy from pinned memory";
    sources.insert(
        "latency_us".into(),
        measured(t, t.get("bus", "latency_us"), lat_how),
    );
    Some(Link {
        name: format!("host link of {gpu_name} (measured)"),
        pinned_gbs: pinned,
        pageable_gbs: None,
        latency_us,
        h2d_pinned_gbs: h2d,
        d2h_pinned_gbs: d2h,
        h2d_pageable_gbs: rate("h2d_pageable_gbs"),
        d2h_pageable_gbs: rate("d2h_pageable_gbs"),
        source: Source::Measured(with_run(t, None, "hetscope-probe bus rows")),
        sources,
    })
}

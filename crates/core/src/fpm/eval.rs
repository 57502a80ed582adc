//! The JSON of `hetscope eval fpm`: one method's partition of the
//! scenario's n over its devices, with each device's share and time, its
//! memory limit, out-of-core setting, contention and socket, and where
//! the devices come from when a platform gave them.

use serde_json::{Value, json};

use super::scenario::FpmScenario;
use crate::CoreError;
use crate::json::{explain_nulls, sources_json};
use hetscope_figure::fpm::FpmInput;
use hetscope_model::fpm::{
    FpmDevice, Method, Share, calibration_health, group_by_name, partition_units,
};
use hetscope_preset::fpm::keys;

/// Why a time is null.
const NOT_FINITE: &str = "not a finite number of seconds";

/// The partition of `s.n_units` by `method` as a JSON object.
pub(super) fn partition_json(s: &FpmScenario, method: Method) -> Result<Value, CoreError> {
    let devices = &s.devices;
    // Devices sharing a socket slow each other as the figures model it.
    let speeds = FpmInput {
        devices: devices.clone(),
        ..Default::default()
    }
    .effective_functions()?;
    s.check_whole_n()?;
    let n = s.n_units;
    let p = partition_units(&speeds, n, s.integer, method)?;
    let json_devices: Vec<Value> = devices
        .iter()
        .zip(&p.shares)
        .map(|(d, share)| device_json(d, share, s.integer))
        .collect();
    let out_of_core: Vec<&str> = devices
        .iter()
        .zip(&p.shares)
        .filter(|(d, share)| d.runs_out_of_core(share.size_units))
        .map(|(d, _)| d.name.as_str())
        .collect();
    let with_fits = fitted_partition(s, method)?;
    let mut out = json!({
        "devices": json_devices,
        "n": n,
        "makespan_s": finite(p.makespan_s),
        "imbalance": finite(p.imbalance),
        "method": method.key(),
        "integer": s.integer,
        "out_of_core_devices": out_of_core,
    });
    if let Some(m) = out.as_object_mut() {
        explain_nulls(m, NOT_FINITE);
        if let Some(f) = with_fits {
            m.insert("with_regressions".into(), f);
        }
        if let Some(h) = health_json(devices) {
            m.insert("calibration_health".into(), h);
        }
        if !s.platform_id.is_empty() {
            m.insert("platform_id".into(), json!(s.platform_id));
            m.insert("platform".into(), json!(s.platform));
            m.insert("sources".into(), sources_json(&s.sources));
        }
    }
    Ok(out)
}

/// The same partition on the speed functions along the regressions a
/// task runtime fitted (StarPU's), where any device has one: each device
/// with its share and time, and where its speeds came from (a device
/// without a fit keeps its history). None where no device has a fit.
fn fitted_partition(s: &FpmScenario, method: Method) -> Result<Option<Value>, CoreError> {
    if s.devices.iter().all(|d| d.fit.is_none()) {
        return Ok(None);
    }
    let devices: Vec<(FpmDevice, &str)> = s
        .devices
        .iter()
        .map(|d| match d.along_fit() {
            Some(f) => (f, "regression"),
            None => (d.clone(), "history"),
        })
        .collect();
    let speeds = FpmInput {
        devices: devices.iter().map(|d| d.0.clone()).collect(),
        ..Default::default()
    }
    .effective_functions()?;
    let p = partition_units(&speeds, s.n_units, s.integer, method)?;
    let each: Vec<Value> = devices
        .iter()
        .zip(&p.shares)
        .map(|((d, from), share)| {
            json!({
                "name": d.name,
                "size": share.size_units,
                "time_s": finite(share.time_s),
                "speeds_from": from,
            })
        })
        .collect();
    Ok(Some(json!({
        "devices": each,
        "makespan_s": finite(p.makespan_s),
    })))
}

/// Each device's calibration health where any device holds a task
/// runtime's runs: peers are devices named alike but for their numbers
/// (`group_by_name`); none otherwise.
fn health_json(devices: &[FpmDevice]) -> Option<Value> {
    if !devices
        .iter()
        .any(|d| d.points.iter().any(|p| p.runs.is_some()))
    {
        return None;
    }
    let groups: Vec<String> = devices.iter().map(|d| group_by_name(&d.name)).collect();
    let rows: Vec<Value> = calibration_health(devices, &groups)
        .iter()
        .map(|h| {
            json!({
                "name": h.name,
                "group": h.group,
                "sizes": h.sizes,
                "runs": h.runs,
                "sizes_under_calibration_minimum": h.under_minimum,
                "median_deviation": h.median_deviation,
                "fit": h.fit.map(|(kind, _)| kind.name()),
                "fit_valid": h.fit.map(|(_, valid)| valid),
                "fit_median_error": h.fit_error,
                "speed_over_group_median": h.peer_ratio,
                "looks_miscalibrated": h.off_peers(),
            })
        })
        .collect();
    Some(json!(rows))
}

/// One device of the JSON: its share and time, its memory limit,
/// out-of-core setting, whether its share runs out of core, contention,
/// socket and where its speed function comes from.
fn device_json(d: &FpmDevice, s: &Share, integer: bool) -> Value {
    let size = if integer {
        json!(s.size_units as u64)
    } else {
        json!(s.size_units)
    };
    let mut v = json!({
        "name": d.name,
        "size": size,
        "time_s": finite(s.time_s),
        "max_size": d.max_size_units,
        "out_of_core": keys::out_of_core_text(d.out_of_core.as_ref()),
        "runs_out_of_core": d.runs_out_of_core(s.size_units),
        "contention": d.contention,
        "socket": d.socket,
        "source": {"kind": d.source.kind(), "detail": d.source.detail()},
    });
    if !s.time_s.is_finite()
        && let Some(m) = v.as_object_mut()
    {
        m.insert(
            "reason".into(),
            json!("time_s: the share's time is not a finite number"),
        );
    }
    v
}

/// JSON has no infinity: null instead.
fn finite(v: f64) -> Value {
    if v.is_finite() { json!(v) } else { Value::Null }
}

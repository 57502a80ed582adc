//! The FPM devices of a codelet's StarPU performance models: one device
//! per worker (combination of devices) of every host's model file, for a
//! partition across the runtime's workers.

use std::path::Path;

use crate::CoreError;
use hetscope_model::fpm::{DeviceHealth, FpmDevice};
use hetscope_model::platform::Source;
use hetscope_preset::fpm::starpu::{model_files, read_codelet};

/// The workers of the codelet `symbol` on `host` (the path's one codelet
/// and host where not named) as FPM devices, each with its file and what
/// of it was left out or read with a warning in its source. All the
/// devices count work in one unit (flop, else bytes): a codelet counting
/// flops on some workers only is refused.
pub fn starpu_devices(
    path: &Path,
    symbol: Option<&str>,
    host: Option<&str>,
) -> Result<Vec<FpmDevice>, CoreError> {
    starpu_workers(path, symbol, host).map(|w| w.devices)
}

/// The workers [`starpu_devices`] gives, with their calibration health
/// against their peers (workers of one type and implementation) and the
/// model file's name: one reading of the file.
pub struct StarpuWorkers {
    pub devices: Vec<FpmDevice>,
    pub file: String,
    pub health: Vec<DeviceHealth>,
}

/// As [`starpu_devices`], with the workers' health.
pub fn starpu_workers(
    path: &Path,
    symbol: Option<&str>,
    host: Option<&str>,
) -> Result<StarpuWorkers, CoreError> {
    let (file, model) = read_codelet(path, symbol, host)?;
    let workers = model.to_workers(&file.symbol, &file.name);
    let health = workers.health();
    let notes: String = model
        .warnings(workers.left_out)
        .iter()
        .map(|w| format!("; {w}"))
        .collect();
    let mut devices = workers.devices;
    for d in &mut devices {
        if let Source::Measured(text) = &mut d.source {
            text.push_str(&notes);
        }
    }
    if devices.is_empty() {
        return Err(CoreError::Choice(format!(
            "{}: no worker with a usable history",
            path.display()
        )));
    }
    let units: Vec<&str> = devices.iter().map(|d| d.unit.as_str()).collect();
    if units.iter().any(|u| *u != units[0]) {
        let each: Vec<String> = devices
            .iter()
            .map(|d| format!("{} in {}", d.name, d.unit))
            .collect();
        return Err(CoreError::Choice(format!(
            "{}: the workers count work in different units ({}): no partition adds them up",
            path.display(),
            each.join("; ")
        )));
    }
    Ok(StarpuWorkers {
        devices,
        file: file.name,
        health,
    })
}

/// The codelets of the models at `path`, each with its hosts, sorted: what
/// a face offers to choose from where the path holds several.
pub fn starpu_codelets(path: &Path) -> Result<Vec<(String, Vec<String>)>, CoreError> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for f in model_files(path, None)? {
        let host = f.host().to_string();
        match out.iter_mut().find(|(s, _)| *s == f.symbol) {
            Some((_, hosts)) => hosts.push(host),
            None => out.push((f.symbol.clone(), vec![host])),
        }
    }
    out.sort();
    for (_, hosts) in &mut out {
        hosts.sort();
        hosts.dedup();
    }
    Ok(out)
}

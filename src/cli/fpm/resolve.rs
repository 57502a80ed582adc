//! Reading the FPM arguments shared by `eval fpm` and `export --view
//! fpm-*` into the core's scenario: devices from speed-function files or
//! built-in names, a platform's devices (through the core, as the window
//! takes them), and how the core's errors read on the command line.

use std::path::Path;

use crate::cli::{CliError, catalog, preset_error};
use hetscope_core::fpm::{Fpm, FpmScenario};
use hetscope_core::{CoreError, Model};
use hetscope_model::fpm::FpmDevice;
use hetscope_preset::PresetKind;
use hetscope_preset::fpm::{SpeedCsv, load_speed_csv};

/// How devices of one name are told apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Names {
    /// Each keeps its name (`eval fpm`).
    AsGiven,
    /// A name met before gets " #2" (`export`, as the window adds them).
    Numbered,
}

/// One device's CSV: a file if it exists, else a built-in device by name.
/// Returns the device's name (the file stem or the built-in id).
fn load_device_csv(arg: &str) -> Result<(String, SpeedCsv), CliError> {
    let path = Path::new(arg);
    // Something there (a file, or a device or folder the reader names):
    // read it as a file.
    if std::fs::symlink_metadata(path).is_ok() {
        let csv = load_speed_csv(path).map_err(|e| CliError::usage(e.to_string()))?;
        return Ok((hetscope_preset::file_id(path), csv));
    }
    let cat = catalog()?;
    match cat.device(arg) {
        Some((e, csv)) => Ok((e.id.clone(), csv.clone())),
        None => Err(CliError::failure(format!(
            "{arg}: no such file (built-in devices: {})",
            cat.ids(PresetKind::Device).join(", ")
        ))),
    }
}

/// The devices of `--devices`, each with its speed function checked (its
/// memory limit, out-of-core setting, contention and socket from the
/// file's keys).
pub(super) fn load_devices(args: &[String], names: Names) -> Result<Vec<FpmDevice>, CliError> {
    let mut devices: Vec<FpmDevice> = Vec::new();
    for d in args {
        if d.trim().is_empty() {
            return Err(CliError::usage("--devices: an empty name"));
        }
        let (mut name, csv) = load_device_csv(d)?;
        csv.to_function()
            .map_err(|e| CliError::usage(format!("{d}: {e}")))?;
        if names == Names::Numbered {
            let same = devices.iter().filter(|o| o.name == name).count();
            if same > 0 {
                name = format!("{name} #{}", same + 1);
            }
        }
        devices.push(csv.file_device(&name, d));
    }
    Ok(devices)
}

/// The platform of `option` (`--platform`) taken by the scenario: its
/// devices, n = 3600 whole blocks.
pub(super) fn use_platform(s: &mut FpmScenario, arg: &str, option: &str) -> Result<(), CliError> {
    let c = crate::cli::platform::choice(arg, option)?;
    Fpm::use_platform(s, &c, catalog()?).map_err(|e| platform_error(option, e))
}

/// The platform of `option` (`--platform2`) as the scenario's platform
/// to compare with.
pub(super) fn use_second_platform(
    s: &mut FpmScenario,
    arg: &str,
    option: &str,
) -> Result<(), CliError> {
    let c = crate::cli::platform::choice(arg, option)?;
    Fpm::use_second_platform(s, Some(&c), catalog()?).map_err(|e| platform_error(option, e))
}

/// A platform the core could not read, named by its option.
fn platform_error(option: &str, e: CoreError) -> CliError {
    match e {
        CoreError::Preset(e) => preset_error(option, e),
        e => CliError::usage(e.to_string()),
    }
}

/// A model error of `eval fpm` or `export --view fpm-*` as the command
/// line words it.
pub(super) fn model_error(e: CoreError) -> CliError {
    match e {
        CoreError::NotWholeUnits { n } => CliError::usage(format!(
            "--n {n} must be a whole number (at most 2^53) with --integer"
        )),
        e => CliError::usage(e.to_string()),
    }
}

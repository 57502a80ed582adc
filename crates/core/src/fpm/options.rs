//! The FPM's own choices as a face names them (the command line's
//! `--devices`, `--n`, `--integer`, `--linear` and the per-device
//! `--max-size`, `--out-of-core`, `--contention`, `--socket`), applied to
//! the scenario of a session the core made: devices from speed-function
//! files or built-in names (or the platform's, which the session gave),
//! each device's settings read as the keys of a speed-function file, the
//! problem size and its units. The platform compared with comes after
//! ([`crate::named::session_of`]).

use std::path::Path;

use super::FpmScenario;
use crate::CoreError;
use crate::file_error::FileError;
use crate::named::NamedError;
use hetscope_model::fpm::FpmDevice;
use hetscope_preset::fpm::{SpeedCsv, keys, load_speed_csv};
use hetscope_preset::{Catalog, PresetKind};

/// What a face names of the FPM.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FpmChoices {
    /// Speed-function files or built-in device names (`--devices`).
    pub devices: Vec<String>,
    /// StarPU performance models: a sampling folder, a model folder or a
    /// model file (`--starpu`), the codelet's workers as the devices.
    pub starpu: Option<std::path::PathBuf>,
    /// The codelet of `starpu` (`--symbol`), where it holds several.
    pub symbol: Option<String>,
    /// The host of `starpu`'s models (`--host`), where it holds several.
    pub host: Option<String>,
    /// The problem size (`--n`).
    pub n: Option<f64>,
    /// Whole units (`--integer`).
    pub integer: bool,
    /// Linear axes (`--linear`).
    pub linear: bool,
    /// Per device, `NAME=VALUE`: its memory limit, its speed beyond it,
    /// its contention and its socket.
    pub max_size: Vec<String>,
    pub out_of_core: Vec<String>,
    pub contention: Vec<String>,
    pub socket: Vec<String>,
}

/// How the choices are read: by `eval` (n and the devices needed, each
/// device keeping its name, whole units only when asked) or for a figure
/// (the paper's node at 3600 whole blocks by default, a repeated name
/// numbered as the window numbers it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FpmUse {
    Eval,
    Figure,
}

fn refused(option: &'static str, message: impl Into<String>) -> NamedError {
    NamedError::new(option, CoreError::Choice(message.into()))
}

impl FpmScenario {
    /// Apply `c` to a scenario whose devices the session's platform gave
    /// (`from_platform`) or the first start's.
    pub fn apply_choices(
        &mut self,
        c: &FpmChoices,
        from_platform: bool,
        used: FpmUse,
        catalog: &Catalog,
    ) -> Result<(), NamedError> {
        if from_platform && !c.devices.is_empty() {
            return Err(refused(
                "--platform",
                "gives the devices: not with --devices",
            ));
        }
        if let Some(path) = &c.starpu {
            return self.apply_starpu(c, path, from_platform, used);
        }
        for (given, option) in [
            (c.symbol.is_some(), "--symbol"),
            (c.host.is_some(), "--host"),
        ] {
            if given {
                return Err(refused(option, "names models of --starpu: give it"));
            }
        }
        match (from_platform, c.devices.is_empty(), used) {
            (true, _, _) => {}
            (false, true, FpmUse::Eval) => {
                return Err(refused(
                    "",
                    "give the devices: --devices FILE[,FILE...] (speed functions) or --platform ID",
                ));
            }
            (false, true, FpmUse::Figure) => {
                self.devices = hetscope_preset::fpm::paper_hybrid(catalog)
                    .map_err(|e| NamedError::new("", e))?;
            }
            (false, false, _) => {
                if used == FpmUse::Figure && c.n.is_none() {
                    return Err(refused(
                        "--n",
                        "is needed with --devices: the total problem size in their unit",
                    ));
                }
                self.devices = load_devices(catalog, &c.devices, used == FpmUse::Figure)?;
                self.integer = false;
            }
        }
        self.apply_size(c, used)
    }

    /// The workers of StarPU's models of one codelet as the devices.
    fn apply_starpu(
        &mut self,
        c: &FpmChoices,
        path: &Path,
        from_platform: bool,
        used: FpmUse,
    ) -> Result<(), NamedError> {
        let other = if from_platform {
            Some("--platform")
        } else if !c.devices.is_empty() {
            Some("--devices")
        } else {
            None
        };
        if let Some(option) = other {
            return Err(refused(option, "gives the devices: not with --starpu"));
        }
        if used == FpmUse::Figure && c.n.is_none() {
            return Err(refused(
                "--n",
                "is needed with --starpu: the total work in the models' unit (flop, else bytes)",
            ));
        }
        self.devices = super::starpu::starpu_devices(path, c.symbol.as_deref(), c.host.as_deref())
            .map_err(|e| NamedError::new("--starpu", e))?;
        self.integer = false;
        self.apply_size(c, used)
    }

    /// Each device's settings, then n and its units.
    fn apply_size(&mut self, c: &FpmChoices, used: FpmUse) -> Result<(), NamedError> {
        apply_settings(&mut self.devices, c)?;
        match used {
            FpmUse::Eval => {
                self.n_units = c.n.ok_or_else(|| {
                    refused(
                        "--n",
                        "is needed: the total problem size in the devices' unit",
                    )
                })?;
                self.integer = c.integer;
            }
            FpmUse::Figure => {
                self.n_units = c.n.unwrap_or(self.n_units);
                self.integer = self.integer || c.integer;
                self.log_axes = !c.linear;
            }
        }
        self.check_whole_n().map_err(|e| match e {
            CoreError::NotWholeUnits { n } => refused(
                "--n",
                format!("{n} must be a whole number (at most 2^53) with --integer"),
            ),
            e => NamedError::new("", e),
        })
    }
}

/// The devices of `--devices`, each with its speed function checked (its
/// memory limit, out-of-core setting, contention and socket from the
/// file's keys); with `numbered`, a name met before gets " #2".
fn load_devices(
    catalog: &Catalog,
    args: &[String],
    numbered: bool,
) -> Result<Vec<FpmDevice>, NamedError> {
    let mut devices: Vec<FpmDevice> = Vec::new();
    for d in args {
        if d.trim().is_empty() {
            return Err(refused("", "--devices: an empty name"));
        }
        let (mut name, csv) = device_csv(catalog, d)?;
        csv.to_function()
            .map_err(|e| refused("", format!("{d}: {e}")))?;
        if numbered {
            let same = devices.iter().filter(|o| o.name == name).count();
            if same > 0 {
                name = format!("{name} #{}", same + 1);
            }
        }
        devices.push(csv.file_device(&name, d));
    }
    Ok(devices)
}

/// One device's CSV: a file where something is at the path (a device or
/// folder the reader names for what it is), else a built-in device by
/// name; the device's name (the file stem or the built-in id).
fn device_csv(catalog: &Catalog, arg: &str) -> Result<(String, SpeedCsv), NamedError> {
    let path = Path::new(arg);
    if std::fs::symlink_metadata(path).is_ok() {
        let csv = load_speed_csv(path).map_err(|e| refused("", e.to_string()))?;
        return Ok((hetscope_preset::file_id(path), csv));
    }
    match catalog.device(arg) {
        Some((e, csv)) => Ok((e.id.clone(), csv.clone())),
        None => Err(NamedError::new(
            "",
            CoreError::File(FileError::Io {
                file: arg.to_string(),
                message: format!(
                    "no such file (built-in devices: {})",
                    catalog.ids(PresetKind::Device).join(", ")
                ),
            }),
        )),
    }
}

/// Every per-device setting applied to the devices of its name (the
/// memory limits first), then each device's speed function checked.
fn apply_settings(devices: &mut [FpmDevice], c: &FpmChoices) -> Result<(), NamedError> {
    for a in &c.max_size {
        let (idx, v) = target(devices, "--max-size", a)?;
        let l = keys::parse_max_size(v).map_err(|m| bad("--max-size", a, &m))?;
        idx.iter()
            .for_each(|&i| devices[i].max_size_units = Some(l));
    }
    for a in &c.out_of_core {
        let (idx, v) = target(devices, "--out-of-core", a)?;
        let o = keys::parse_out_of_core(v).map_err(|m| bad("--out-of-core", a, &m))?;
        for &i in &idx {
            let hint = format!("--max-size {}=N", devices[i].name);
            keys::check_out_of_core(o.as_ref(), devices[i].max_size_units).map_err(|m| {
                bad(
                    "--out-of-core",
                    a,
                    m.to_string().replace("`# max_size: N`", &hint),
                )
            })?;
            devices[i].out_of_core = o.clone();
        }
    }
    for a in &c.contention {
        let (idx, v) = target(devices, "--contention", a)?;
        let k = keys::parse_contention(v).map_err(|m| bad("--contention", a, &m))?;
        idx.iter().for_each(|&i| devices[i].contention = k);
    }
    for a in &c.socket {
        let (idx, v) = target(devices, "--socket", a)?;
        let s = keys::parse_socket(v).map_err(|m| bad("--socket", a, &m))?;
        idx.iter().for_each(|&i| devices[i].socket = s);
    }
    let given = [&c.max_size, &c.out_of_core, &c.contention, &c.socket];
    if given.iter().all(|v| v.is_empty()) {
        return Ok(());
    }
    for d in devices.iter() {
        d.speed_function()
            .map_err(|e| refused("", format!("device {}: {e}", d.name)))?;
    }
    Ok(())
}

/// The indices of the devices named by `NAME=VALUE` and the value.
fn target<'a>(
    devices: &[FpmDevice],
    option: &'static str,
    arg: &'a str,
) -> Result<(Vec<usize>, &'a str), NamedError> {
    let names = || {
        devices
            .iter()
            .map(|d| d.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (name, value) = arg.rsplit_once('=').ok_or_else(|| {
        bad(
            option,
            arg,
            format!("expected NAME=VALUE (devices: {})", names()),
        )
    })?;
    let name = name.trim();
    let idx: Vec<usize> = (0..devices.len())
        .filter(|&i| devices[i].name == name)
        .collect();
    if idx.is_empty() {
        return Err(bad(
            option,
            arg,
            format!("no device named '{name}' (devices: {})", names()),
        ));
    }
    Ok((idx, value))
}

fn bad(option: &'static str, arg: &str, msg: impl std::fmt::Display) -> NamedError {
    refused(option, format!("'{arg}': {msg}"))
}

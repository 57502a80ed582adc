//! Per-device overrides of the FPM commands (`eval fpm`, `fpm eval`,
//! `export --view fpm-*`): `--max-size`, `--out-of-core`, `--contention`
//! and `--socket`, each `NAME=VALUE` and repeatable, applied after the
//! devices are loaded. Values read as the keys of a speed-function CSV
//! (`hetscope_preset::fpm::keys`); NAME is a device's name.

use crate::cli::CliError;
use clap::Args;
use hetscope_model::fpm::FpmDevice;
use hetscope_preset::fpm::keys;

/// The override options.
#[derive(Debug, Clone, Default, Args)]
pub struct DeviceOverrides {
    /// Memory limit of a device, units: NAME=N (repeatable). No share
    /// goes beyond it unless the device runs out of core.
    #[arg(id = "fpm_max_size", long = "max-size", value_name = "NAME=N")]
    pub max_size: Vec<String>,
    /// Beyond its memory limit a device runs out of core: NAME=FACTOR (in
    /// 0.001 to 1, of the speed at the limit), NAME=SIZE:SPEED,... (measured
    /// points beyond the limit) or NAME=off (repeatable).
    #[arg(
        id = "fpm_out_of_core",
        long = "out-of-core",
        value_name = "NAME=SETTING"
    )]
    pub out_of_core: Vec<String>,
    /// Speed factor (0.001 to 1) of a device while another device of its
    /// socket has work: NAME=FACTOR (repeatable).
    #[arg(id = "fpm_contention", long = "contention", value_name = "NAME=FACTOR")]
    pub contention: Vec<String>,
    /// Socket of a device, 0 (alone) to 64; devices with one number
    /// share it: NAME=K (repeatable).
    #[arg(id = "fpm_socket", long = "socket", value_name = "NAME=K")]
    pub socket: Vec<String>,
}

impl DeviceOverrides {
    /// The options given, by their names.
    pub fn given(&self) -> Vec<&'static str> {
        [
            (&self.max_size, "--max-size"),
            (&self.out_of_core, "--out-of-core"),
            (&self.contention, "--contention"),
            (&self.socket, "--socket"),
        ]
        .into_iter()
        .filter_map(|(v, name)| (!v.is_empty()).then_some(name))
        .collect()
    }

    /// Applies every override to the devices of its name (the memory
    /// limits first), then checks each device's speed function.
    pub fn apply(&self, devices: &mut [FpmDevice]) -> Result<(), CliError> {
        for a in &self.max_size {
            let (idx, v) = target(devices, "--max-size", a)?;
            let l = keys::parse_max_size(v).map_err(|m| bad("--max-size", a, &m))?;
            idx.iter()
                .for_each(|&i| devices[i].max_size_units = Some(l));
        }
        for a in &self.out_of_core {
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
        for a in &self.contention {
            let (idx, v) = target(devices, "--contention", a)?;
            let c = keys::parse_contention(v).map_err(|m| bad("--contention", a, &m))?;
            idx.iter().for_each(|&i| devices[i].contention = c);
        }
        for a in &self.socket {
            let (idx, v) = target(devices, "--socket", a)?;
            let s = keys::parse_socket(v).map_err(|m| bad("--socket", a, &m))?;
            idx.iter().for_each(|&i| devices[i].socket = s);
        }
        if self.given().is_empty() {
            return Ok(());
        }
        for d in devices.iter() {
            d.speed_function()
                .map_err(|e| CliError::usage(format!("device {}: {e}", d.name)))?;
        }
        Ok(())
    }
}

/// The indices of the devices named by `NAME=VALUE` and the value.
fn target<'a>(
    devices: &[FpmDevice],
    option: &str,
    arg: &'a str,
) -> Result<(Vec<usize>, &'a str), CliError> {
    let names = || {
        devices
            .iter()
            .map(|d| d.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (name, value) = arg.rsplit_once('=').ok_or_else(|| {
        CliError::usage(format!(
            "{option} '{arg}': expected NAME=VALUE (devices: {})",
            names()
        ))
    })?;
    let name = name.trim();
    let idx: Vec<usize> = (0..devices.len())
        .filter(|&i| devices[i].name == name)
        .collect();
    if idx.is_empty() {
        return Err(CliError::usage(format!(
            "{option} '{arg}': no device named '{name}' (devices: {})",
            names()
        )));
    }
    Ok((idx, value))
}

fn bad(option: &str, arg: &str, msg: impl std::fmt::Display) -> CliError {
    CliError::usage(format!("{option} '{arg}': {msg}"))
}

//! Per-device overrides of the FPM commands (`eval fpm`, `fpm eval`,
//! `export --view fpm-*`): `--max-size`, `--out-of-core`, `--contention`
//! and `--socket`, each `NAME=VALUE` and repeatable, declared here and
//! applied by the core after the devices are loaded (values read as the
//! keys of a speed-function CSV; NAME is a device's name).

use clap::Args;

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
}

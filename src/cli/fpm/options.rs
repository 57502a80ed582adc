//! The FPM options, declared once: `eval fpm` (and its alias `fpm eval`)
//! and `export --view fpm-*` both take them (with the shared
//! `--platform`); eval adds the method and its `--platform`.

use clap::Args;

use super::overrides::DeviceOverrides;
use crate::cli::arg_enum::parser;
use hetscope_core::fpm::options::FpmChoices;
use hetscope_model::fpm::{FpmParam, Method};

/// The FPM model's options.
#[derive(Debug, Clone, Default, Args)]
pub struct FpmOptions {
    /// Devices: speed-function CSV files, comma separated, one per device
    /// (a name of `hetscope fpm devices` also works when no such file
    /// exists). eval: give this or --platform; export [default: the FPM
    /// paper's hybrid node (G1, G2, 2 x S5, 2 x S6) at n = 3600 blocks].
    #[arg(
        id = "fpm_devices",
        long = "devices",
        value_delimiter = ',',
        value_name = "FILE[,FILE...]"
    )]
    pub devices: Vec<String>,
    /// StarPU performance models of one codelet (a sampling folder,
    /// `$STARPU_HOME/.starpu/sampling`; a model folder; or a model file):
    /// each worker (a combination of devices) a device, its speed the
    /// work of a task (flop where the codelet counts them, else bytes)
    /// over its mean time. Not with --devices or --platform.
    #[arg(
        id = "fpm_starpu",
        long = "starpu",
        value_name = "DIR|FILE",
        conflicts_with = "fpm_devices"
    )]
    pub starpu: Option<std::path::PathBuf>,
    /// The codelet of --starpu, where its folder holds several (the model
    /// file's name before its first dot).
    #[arg(
        id = "fpm_symbol",
        long = "symbol",
        value_name = "S",
        requires = "fpm_starpu"
    )]
    pub symbol: Option<String>,
    /// The host of --starpu's models, where its folder holds several (the
    /// model file's name after its first dot): a partition is of one
    /// machine's workers.
    #[arg(
        id = "fpm_host",
        long = "host",
        value_name = "H",
        requires = "fpm_starpu"
    )]
    pub host: Option<String>,
    /// Total problem size n, computation units (the unit of the devices'
    /// CSV files). eval: needed; export: needed with --devices.
    #[arg(
        id = "fpm_n",
        long = "n",
        value_parser = parse_n,
        allow_hyphen_values = true,
        value_name = "N"
    )]
    pub n: Option<f64>,
    /// Whole units (blocks): sizes are whole numbers adding up to n.
    #[arg(id = "fpm_integer", long = "integer")]
    pub integer: bool,
    /// export: linear axes for fpm-speed and fpm-sweep (default: log10).
    #[arg(id = "fpm_linear", long = "linear")]
    pub linear: bool,
    /// Per-device memory limit, out-of-core setting, contention and
    /// socket.
    #[command(flatten)]
    pub overrides: DeviceOverrides,
}

impl FpmOptions {
    /// The options given, for the message that refuses them with another
    /// model's view.
    pub fn given(&self) -> Vec<&'static str> {
        let mut given: Vec<&'static str> = [
            (!self.devices.is_empty(), "--devices"),
            (self.starpu.is_some(), "--starpu"),
            (self.symbol.is_some(), "--symbol"),
            (self.host.is_some(), "--host"),
            (self.n.is_some(), "--n"),
            (self.integer, "--integer"),
            (self.linear, "--linear"),
        ]
        .into_iter()
        .filter_map(|(given, name)| given.then_some(name))
        .collect();
        given.extend(self.overrides.given());
        given
    }

    /// The options only `export` uses, given to `eval`.
    pub fn export_only(&self) -> Option<&'static str> {
        self.linear.then_some("--linear")
    }

    /// The core's choices of these options.
    pub fn choices(&self) -> FpmChoices {
        let d = &self.overrides;
        FpmChoices {
            devices: self.devices.clone(),
            starpu: self.starpu.clone(),
            symbol: self.symbol.clone(),
            host: self.host.clone(),
            n: self.n,
            integer: self.integer,
            linear: self.linear,
            max_size: d.max_size.clone(),
            out_of_core: d.out_of_core.clone(),
            contention: d.contention.clone(),
            socket: d.socket.clone(),
        }
    }
}

/// The arguments of `eval fpm` (and `fpm eval`): the model's options, n
/// needed, with the platform and the method.
#[derive(Debug, Clone, Args)]
#[command(mut_arg("fpm_n", |a| a.required(true)))]
pub struct FpmEvalArgs {
    #[command(flatten)]
    pub options: FpmOptions,
    /// Platform (id or .ron file, `presets list` kind platform): its
    /// measured speed functions where it names them, else one device per
    /// CPU socket and GPU derived from its hardware. Not with --devices.
    #[arg(
        long,
        value_name = "NAME|FILE",
        conflicts_with_all = ["fpm_devices", "fpm_starpu"]
    )]
    pub platform: Option<String>,
    /// Partitioning method.
    #[arg(long, value_parser = parser::<Method>(), default_value = "fpm")]
    pub method: Method,
}

/// A problem size in its range ([`FpmParam::ProblemSize`]).
pub fn parse_n(s: &str) -> Result<f64, String> {
    let v = s.trim().parse::<f64>().unwrap_or(f64::NAN);
    FpmParam::ProblemSize
        .check(v)
        .map_err(|e| format!("'{s}': {e}"))?;
    Ok(v)
}

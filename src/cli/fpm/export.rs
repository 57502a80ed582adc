//! `hetscope export --view fpm-speed|fpm-times|fpm-sweep`: the devices,
//! the problem size and the figure.

use clap::Args;

use super::{load_device_csv, parse_n};
use crate::cli::CliError;
use hetscope_figure::fpm::{self, FpmDevice, FpmInput, METHODS};
use hetscope_figure::{Figure, Scale, View};
use hetscope_preset::fpm::PAPER_N;

/// Arguments of `export` that only the FPM views use.
#[derive(Debug, Clone, Default, Args)]
pub struct FpmExportArgs {
    /// Devices: speed-function CSV files or built-in device names (see
    /// `hetscope fpm devices`), comma separated. Default: the FPM paper's
    /// hybrid node (G1, G2, 2 x S5, 2 x S6) at n = 3600 blocks.
    #[arg(
        id = "fpm_devices",
        long = "devices",
        value_delimiter = ',',
        value_name = "FILE[,FILE...]"
    )]
    pub devices: Vec<String>,
    /// Total problem size n in the devices' unit (needed with --devices).
    #[arg(
        id = "fpm_n",
        long = "n",
        value_parser = parse_n,
        allow_hyphen_values = true,
        value_name = "N"
    )]
    pub n: Option<f64>,
    /// Whole units (blocks) adding up to n.
    #[arg(id = "fpm_integer", long = "integer")]
    pub integer: bool,
    /// Linear axes for fpm-speed and fpm-sweep (default: log10).
    #[arg(id = "fpm_linear", long = "linear")]
    pub linear: bool,
    /// Per-device memory limit, out-of-core setting, contention and
    /// socket.
    #[command(flatten)]
    pub overrides: super::overrides::DeviceOverrides,
}

/// The figure of an FPM view. `platforms` are the shared `--platform`
/// (its devices, in place of --devices) and `--platform2` (its speed
/// functions drawn over the speed view); `set` is `--set`, which the FPM
/// views do not take.
pub fn figure(
    view: View,
    args: &FpmExportArgs,
    platforms: (Option<&str>, Option<&str>),
    set: &[String],
) -> Result<Figure, CliError> {
    let (platform, platform2) = platforms;
    if platform.is_some() && !args.devices.is_empty() {
        return Err(CliError::usage(
            "--platform gives the devices: not with --devices",
        ));
    }
    if !set.is_empty() {
        return Err(CliError::usage(format!(
            "--set does not apply to --view {}: the FPM views take --devices, --n, --integer, --linear and the per-device --max-size, --out-of-core, --contention, --socket",
            view.key()
        )));
    }
    let mut input = input(args, platform)?;
    if let Some(p) = platform2 {
        input.overlay = Some(platform_devices(p, "platform2")?);
    }
    fpm::build_figure(view, &input).map_err(|e| CliError::usage(e.to_string()))
}

/// A platform's name and FPM devices (its measured speed functions, else
/// derived from its hardware).
fn platform_devices(arg: &str, option: &str) -> Result<(String, Vec<FpmDevice>), CliError> {
    let (c, r) = crate::cli::platform::fpm_devices(arg, option)?;
    Ok((c.preset.name, r.value))
}

/// The figure input from the arguments.
fn input(args: &FpmExportArgs, platform: Option<&str>) -> Result<FpmInput, CliError> {
    let mut name = String::new();
    let (devices, integer, n) = if let Some(p) = platform {
        let (platform_name, devices) = platform_devices(p, "platform")?;
        name = platform_name;
        (devices, true, args.n.unwrap_or(PAPER_N))
    } else if args.devices.is_empty() {
        let cat = crate::cli::catalog()?;
        let devices = hetscope_preset::fpm::paper_hybrid(&cat)
            .map_err(|e| CliError::failure(e.to_string()))?;
        (devices, true, args.n.unwrap_or(PAPER_N))
    } else {
        let n = args.n.ok_or_else(|| {
            CliError::usage("--n is needed with --devices: the total problem size in their unit")
        })?;
        let mut devices: Vec<FpmDevice> = Vec::new();
        for d in &args.devices {
            if d.trim().is_empty() {
                return Err(CliError::usage("--devices: an empty name"));
            }
            let (name, csv) = load_device_csv(d)?;
            csv.to_function()
                .map_err(|e| CliError::usage(format!("{d}: {e}")))?;
            let mut name = name;
            let same = devices.iter().filter(|o| o.name == name).count();
            if same > 0 {
                name = format!("{name} #{}", same + 1);
            }
            devices.push(csv.file_device(&name, d));
        }
        (devices, args.integer, n)
    };
    let mut devices = devices;
    args.overrides.apply(&mut devices)?;
    let integer = integer || args.integer;
    if integer && (n.fract() != 0.0 || n > hetscope_model::fpm::MAX_BLOCKS as f64) {
        return Err(CliError::usage(format!(
            "--n {n} must be a whole number (at most 2^53) with --integer"
        )));
    }
    let mut range = fpm::n_range(&devices);
    range = (range.0.min(n), range.1.max(n));
    Ok(FpmInput {
        devices,
        n_units: n,
        n_range: range,
        scale: if args.linear {
            Scale::Linear
        } else {
            Scale::Log10
        },
        integer,
        methods: METHODS.to_vec(),
        overlay: None,
        platform: name,
    })
}

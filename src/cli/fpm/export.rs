//! `hetscope export --view fpm-speed|fpm-times|fpm-sweep`: the FPM
//! options read into the core's scenario, whose figure is the view's.
//! Devices, n and the overrides are read as by `eval fpm`.

use super::FpmOptions;
use super::resolve::{self, Names, load_devices, model_error};
use crate::cli::{CliError, catalog};
use hetscope_core::fpm::{Fpm, FpmScenario};
use hetscope_core::{CoreError, Model};
use hetscope_figure::{Figure, View};

/// The figure of an FPM view. `platforms` are the shared `--platform`
/// (its devices, in place of --devices) and `--platform2` (its speed
/// functions drawn over the speed view); `set` is `--set`, which the FPM
/// views do not take.
pub fn figure(
    view: View,
    args: &FpmOptions,
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
    let s = scenario(args, platform, platform2)?;
    let cat = catalog()?;
    let failed = |e: CoreError| CliError::usage(e.to_string());
    let input = Fpm::input(&s, cat).map_err(failed)?;
    let output = Fpm::compute(&input).map_err(failed)?;
    Fpm::figure(view, &output).map_err(failed)
}

/// The FPM scenario of `export`'s arguments: the devices of `--platform`,
/// of `--devices` (a repeated name numbered) or the paper's hybrid node,
/// with the overrides; n from `--n` (needed with --devices, else 3600
/// whole blocks); the platform to compare with from `--platform2`.
fn scenario(
    args: &FpmOptions,
    platform: Option<&str>,
    platform2: Option<&str>,
) -> Result<FpmScenario, CliError> {
    let cat = catalog()?;
    // The paper's hybrid node at 3600 whole blocks.
    let mut s = FpmScenario::from_catalog(cat);
    match platform {
        Some(p) => resolve::use_platform(&mut s, p, "platform")?,
        None if args.devices.is_empty() => {
            s.devices = hetscope_preset::fpm::paper_hybrid(cat)
                .map_err(|e| CliError::failure(e.to_string()))?;
        }
        None => {
            s.n_units = args.n.ok_or_else(|| {
                CliError::usage(
                    "--n is needed with --devices: the total problem size in their unit",
                )
            })?;
            s.devices = load_devices(&args.devices, Names::Numbered)?;
            s.integer = false;
        }
    }
    args.overrides.apply(&mut s.devices)?;
    s.n_units = args.n.unwrap_or(s.n_units);
    s.integer = s.integer || args.integer;
    s.check_whole_n().map_err(model_error)?;
    s.log_axes = !args.linear;
    if let Some(p) = platform2 {
        resolve::use_second_platform(&mut s, p, "platform2")?;
    }
    Ok(s)
}

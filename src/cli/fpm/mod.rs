//! `hetscope fpm` and `hetscope eval fpm`: functional performance models
//! on the command line.
//!
//! - `fpm measure`: time a real kernel on this machine over problem sizes
//!   and write its speed function as CSV (see `hetscope_measure`).
//! - `fpm eval` (the same as `eval fpm`): partition n computation units
//!   over devices given by speed-function CSV files (or built-in device
//!   presets, or a platform) and print the shares, times, makespan and
//!   imbalance as JSON, with each device's memory limit, out-of-core
//!   setting, contention and socket.
//! - `fpm devices`: the built-in devices.
//!
//! The options are declared once for eval and export (`options.rs`), the
//! per-device overrides in `overrides.rs`; `resolve.rs` reads them into
//! the core's FPM scenario, `export.rs` draws a view. The JSON and the
//! figures come from `hetscope_core::fpm`.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use clap::{Args, Subcommand};
use serde_json::Value;

pub mod export;
pub mod options;
pub mod overrides;
mod resolve;

use crate::cli::{CliError, catalog};
use hetscope_core::Model;
use hetscope_core::fpm::{Fpm, FpmQuery, FpmScenario, measured_speed_csv};
use hetscope_measure::{Kernel, MeasureConfig, Measurement};

pub use options::{FpmEvalArgs, FpmOptions, parse_n};
use resolve::{Names, load_devices, model_error};

#[derive(Debug, Subcommand)]
pub enum FpmAction {
    /// Time a kernel on this machine over problem sizes and write its
    /// speed function (CSV: size,speed,spread). Progress goes to stderr.
    Measure(MeasureArgs),
    /// Partition n units over devices given by speed-function CSV files and
    /// print a JSON object (shares, times, makespan, imbalance).
    Eval(FpmEvalArgs),
    /// The built-in device speed functions, one a line: name and path.
    Devices,
}

#[derive(Debug, Args)]
pub struct MeasureArgs {
    /// gemm (compute bound; unit Mflop) or triad (memory bound; unit M
    /// elements).
    #[arg(long, value_parser = parse_kernel, value_name = "KERNEL")]
    pub kernel: Kernel,
    /// Worker threads; different counts stand for different devices.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Size parameters, comma separated: gemm matrix order n, triad vector
    /// length m. Default: a short built-in list.
    #[arg(long, value_delimiter = ',', value_parser = parse_size, value_name = "S1,S2,...")]
    pub sizes: Vec<usize>,
    /// Output CSV file (written atomically); `-` writes it to standard
    /// output.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

fn parse_kernel(s: &str) -> Result<Kernel, String> {
    s.parse()
        .map_err(|e: hetscope_measure::UnknownKernel| e.to_string())
}

fn parse_size(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(v) if v > 0 => Ok(v),
        _ => Err(format!("size '{s}' must be a positive whole number")),
    }
}

/// Run one `fpm` action.
pub fn run(action: FpmAction) -> Result<(), CliError> {
    match action {
        FpmAction::Measure(args) => crate::cli::out(&measure(&args)?),
        FpmAction::Eval(args) => {
            let value = eval(&args)?;
            crate::cli::out_json(&value)
        }
        FpmAction::Devices => {
            let mut text = String::new();
            for (e, _) in catalog()?.devices() {
                text.push_str(&format!("{}\t{}\n", e.id, e.path));
            }
            crate::cli::out(&text)
        }
    }
}

/// `fpm measure`: time, print one progress line a size, write the CSV;
/// the line to print. (The output was checked before the command ran.)
pub fn measure(args: &MeasureArgs) -> Result<String, CliError> {
    let mut cfg = MeasureConfig::new(args.kernel, args.threads);
    if !args.sizes.is_empty() {
        cfg.sizes = args.sizes.clone();
    }
    let cancel = AtomicBool::new(false);
    let mut progress = |m: &Measurement| {
        eprintln!(
            "{} size {}: {:.6} units, {:.3e} s, {:.4} units/s, spread {:.1}% ({} samples x {} runs)",
            args.kernel.key(),
            m.size,
            m.units,
            m.time_s,
            m.speed_units_per_s,
            100.0 * m.spread,
            m.samples,
            m.reps
        );
    };
    let ms = hetscope_measure::measure(&cfg, &mut progress, &cancel)
        .map_err(|e| CliError::usage(e.to_string()))?;
    let csv = measured_speed_csv(&cfg, &ms);
    crate::cli::output::write("--out", &args.out, csv.to_text().as_bytes())
}

/// `eval fpm` (and `fpm eval`): the partition as a JSON object.
pub fn eval(args: &FpmEvalArgs) -> Result<Value, CliError> {
    if let Some(name) = args.options.export_only() {
        return Err(CliError::usage(format!(
            "{name}: only `export --view fpm-*` takes it, not eval fpm"
        )));
    }
    let s = eval_scenario(args)?;
    let query = FpmQuery {
        method: args.method,
    };
    Fpm::eval(&s, &query, catalog()?).map_err(model_error)
}

/// The scenario `eval fpm` evaluates: the devices of `--platform` or
/// `--devices` (each keeping its name) with the overrides, n from `--n`,
/// whole units with `--integer` only.
fn eval_scenario(args: &FpmEvalArgs) -> Result<FpmScenario, CliError> {
    let o = &args.options;
    let mut s = FpmScenario::from_catalog(catalog()?);
    match &args.platform {
        Some(p) => resolve::use_platform(&mut s, p, "platform")?,
        None if o.devices.is_empty() => {
            return Err(CliError::usage(
                "give the devices: --devices FILE[,FILE...] (speed functions) or --platform ID",
            ));
        }
        None => s.devices = load_devices(&o.devices, Names::AsGiven)?,
    }
    o.overrides.apply(&mut s.devices)?;
    s.n_units = o.n.ok_or_else(|| {
        CliError::usage("--n is needed: the total problem size in the devices' unit")
    })?;
    s.integer = o.integer;
    Ok(s)
}

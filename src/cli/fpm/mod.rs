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
//! The options are declared once for eval, export and session
//! (`options.rs`), the per-device overrides in `overrides.rs`; the core's
//! FPM choices (`hetscope_core::fpm::options`) apply them to the session,
//! `export.rs` draws a view. The JSON and the figures come from
//! `hetscope_core::fpm`.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use clap::{Args, Subcommand};
use serde_json::Value;

pub mod export;
pub mod options;
pub mod overrides;

use crate::cli::refusal::named_error;
use crate::cli::{CliError, catalog};
use hetscope_core::fpm::options::FpmUse;
use hetscope_core::fpm::{Fpm, FpmQuery, measured_speed_csv};
use hetscope_core::named::{Named, refused_for, session_of};
use hetscope_core::{Model, Session};
use hetscope_measure::{Kernel, MeasureConfig, Measurement};
use hetscope_model::ModelId;

pub use options::{FpmEvalArgs, FpmOptions, parse_n};

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
    let platforms = (args.platform.as_deref(), None);
    let s = fpm_session(&args.options, platforms, FpmUse::Eval)?;
    let query = FpmQuery {
        method: args.method,
    };
    Fpm::eval(&s.fpm, &query, catalog()?).map_err(|e| CliError::usage(e.to_string()))
}

/// The session of the FPM options, made by the core as every face makes
/// one: the platform's devices (else `--devices`, else for a figure the
/// paper's node), each device's settings, n and its units, the platform
/// compared with.
pub(super) fn fpm_session(
    o: &FpmOptions,
    (platform, platform2): (Option<&str>, Option<&str>),
    used: FpmUse,
) -> Result<Session, CliError> {
    let cat = catalog()?;
    let named = Named {
        platform: platform.map(str::to_string),
        platform2: platform2.map(str::to_string),
        ..Named::default()
    };
    let choices = o.choices();
    let (s, kept) = session_of(&named, cat, |s| {
        s.fpm.apply_choices(&choices, platform.is_some(), used, cat)
    })
    .map_err(named_error)?;
    refused_for(kept, &[ModelId::Fpm]).map_err(named_error)?;
    Ok(s)
}

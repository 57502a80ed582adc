//! `hetscope fpm`: functional performance models on the command line.
//!
//! - `fpm measure`: time a real kernel on this machine over problem sizes
//!   and write its speed function as CSV (see `hetscope_measure`).
//! - `fpm eval`: partition n computation units over devices given by
//!   speed-function CSV files (or built-in device presets) and print the
//!   shares, times, makespan and imbalance as JSON, with each device's
//!   memory limit, out-of-core setting, contention and socket (overrides
//!   in `overrides.rs`).

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use clap::{Args, Subcommand};
use serde_json::{Value, json};

pub mod export;
pub mod overrides;

use crate::cli::arg_enum::parser;
use crate::cli::{CliError, catalog};
use hetscope_measure::{Kernel, MeasureConfig, Measurement};
use hetscope_model::fpm::{FpmDevice, FpmParam, Method, partition, partition_blocks};
use hetscope_model::platform::Source;
use hetscope_preset::fpm::{SpeedCsv, save_speed_csv};

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
    /// Output CSV file (written atomically).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

#[derive(Debug, Args)]
pub struct FpmEvalArgs {
    /// Speed-function CSV files, comma separated, one per device (a name
    /// of `hetscope fpm devices` also works when no such file exists).
    #[arg(
        long,
        value_delimiter = ',',
        conflicts_with = "platform",
        value_name = "FILE[,FILE...]"
    )]
    pub devices: Vec<String>,
    /// Platform (id or .ron file, `presets list` kind platform): its
    /// measured speed functions where it names them, else one device per
    /// CPU socket and GPU derived from its hardware.
    #[arg(long, value_name = "NAME|FILE")]
    pub platform: Option<String>,
    /// Problem size, computation units (the unit of the CSV files).
    #[arg(long, value_parser = parse_n, allow_hyphen_values = true, value_name = "N")]
    pub n: f64,
    /// Partitioning method.
    #[arg(long, value_parser = parser::<Method>(), default_value = "fpm")]
    pub method: Method,
    /// Whole units (blocks): sizes are whole numbers adding up to n.
    #[arg(long)]
    pub integer: bool,
    #[command(flatten)]
    pub overrides: overrides::DeviceOverrides,
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

/// A problem size in its range ([`FpmParam::ProblemSize`]).
pub(super) fn parse_n(s: &str) -> Result<f64, String> {
    let v = s.trim().parse::<f64>().unwrap_or(f64::NAN);
    FpmParam::ProblemSize
        .check(v)
        .map_err(|e| format!("'{s}': {e}"))?;
    Ok(v)
}

/// Run one `fpm` action.
pub fn run(action: FpmAction) -> Result<(), CliError> {
    match action {
        FpmAction::Measure(args) => {
            let path = measure(&args)?;
            crate::cli::out(&format!("wrote {}\n", path.display()))
        }
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

/// `fpm measure`: time, print one progress line a size, write the CSV.
pub fn measure(args: &MeasureArgs) -> Result<PathBuf, CliError> {
    let mut cfg = MeasureConfig::new(args.kernel, args.threads);
    if !args.sizes.is_empty() {
        cfg.sizes = args.sizes.clone();
    }
    // Fail before measuring if the file cannot be written there.
    hetscope_fsio::check_writable(&args.out)
        .map_err(|e| CliError::failure(format!("{}: {e}", args.out.display())))?;
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
    let csv = SpeedCsv::measured(
        hetscope_measure::notes(&cfg, &ms),
        hetscope_measure::points(&ms),
    );
    save_speed_csv(&args.out, &csv).map_err(|e| CliError::failure(e.to_string()))?;
    Ok(args.out.clone())
}

/// Reads one device's CSV: a file if it exists, else a built-in device by
/// name. Returns the device's name (the file stem or the built-in id).
pub(super) fn load_device_csv(arg: &str) -> Result<(String, SpeedCsv), CliError> {
    let path = Path::new(arg);
    if path.is_file() {
        let csv = hetscope_preset::fpm::load_speed_csv(path)
            .map_err(|e| CliError::usage(e.to_string()))?;
        return Ok((hetscope_preset::file_id(path), csv));
    }
    let cat = catalog()?;
    match cat.device(arg) {
        Some((e, csv)) => Ok((e.id.clone(), csv.clone())),
        None => Err(CliError::failure(format!(
            "{arg}: no such file (built-in devices: {})",
            cat.ids(hetscope_preset::PresetKind::Device).join(", ")
        ))),
    }
}

/// Reads one device: a file if it exists, else a built-in device by name
/// (its memory limit, out-of-core setting, contention and socket from the
/// file's keys).
fn load_device(arg: &str) -> Result<FpmDevice, CliError> {
    let (name, csv) = load_device_csv(arg)?;
    csv.to_function()
        .map_err(|e| CliError::usage(format!("{arg}: {e}")))?;
    Ok(csv.file_device(&name, arg))
}

/// `fpm eval`: the partition as a JSON object.
pub fn eval(args: &FpmEvalArgs) -> Result<Value, CliError> {
    let (mut devices, sources) = match &args.platform {
        Some(p) => platform_devices(p)?,
        None if args.devices.is_empty() => {
            return Err(CliError::usage(
                "give the devices: --devices FILE[,FILE...] (speed functions) or --platform ID",
            ));
        }
        None => {
            let mut devices = Vec::new();
            for d in &args.devices {
                if d.trim().is_empty() {
                    return Err(CliError::usage("--devices: an empty name"));
                }
                devices.push(load_device(d)?);
            }
            (devices, None)
        }
    };
    args.overrides.apply(&mut devices)?;
    // Devices sharing a socket slow each other as the figures model it.
    let speeds = hetscope_figure::fpm::FpmInput {
        devices: devices.clone(),
        ..Default::default()
    }
    .effective_functions()
    .map_err(|e| CliError::usage(e.to_string()))?;
    let method = args.method;
    let p = if args.integer {
        if args.n.fract() != 0.0 || args.n > hetscope_model::fpm::MAX_BLOCKS as f64 {
            return Err(CliError::usage(format!(
                "--n {} must be a whole number (at most 2^53) with --integer",
                args.n
            )));
        }
        partition_blocks(&speeds, args.n as u64, method)
    } else {
        partition(&speeds, args.n, method)
    }
    .map_err(|e| CliError::usage(e.to_string()))?;
    let json_devices: Vec<Value> = devices
        .iter()
        .zip(&p.shares)
        .map(|(d, s)| overrides::device_json(d, s, args.integer))
        .collect();
    let out_of_core: Vec<&str> = devices
        .iter()
        .zip(&p.shares)
        .filter(|(d, s)| d.runs_out_of_core(s.size_units))
        .map(|(d, _)| d.name.as_str())
        .collect();
    let mut out = json!({
        "devices": json_devices,
        "n": args.n,
        "makespan_s": finite(p.makespan_s),
        "imbalance": finite(p.imbalance),
        "method": args.method.key(),
        "integer": args.integer,
        "out_of_core_devices": out_of_core,
    });
    if let Some(m) = out.as_object_mut() {
        crate::cli::explain_nulls(m, "not a finite number of seconds");
    }
    if let (Some((id, name, sources)), Some(m)) = (sources, out.as_object_mut()) {
        m.insert("platform_id".into(), json!(id));
        m.insert("platform".into(), json!(name));
        m.insert(
            "sources".into(),
            crate::cli::platform::sources_json(&sources),
        );
    }
    Ok(out)
}

/// A platform's FPM devices and (platform id, name, sources).
type PlatformDevices = (
    Vec<FpmDevice>,
    Option<(String, String, Vec<(String, Source)>)>,
);

fn platform_devices(arg: &str) -> Result<PlatformDevices, CliError> {
    let (c, r) = crate::cli::platform::fpm_devices(arg, "platform")?;
    Ok((r.value, Some((c.id, c.preset.name, r.sources))))
}

/// JSON has no infinity: null instead.
fn finite(v: f64) -> Value {
    if v.is_finite() { json!(v) } else { Value::Null }
}

//! `hetscope eval energy-fit`: e_f, e_b and p_s of one processor fitted
//! to measured runs (PeaPaw 6.2), as JSON; and the options of the
//! `energy-fit` view of `hetscope export`.

use std::path::{Path, PathBuf};

use clap::Args;
use serde_json::{Value, json};

use crate::cli::CliError;
use hetscope_figure::ChartFigure;
use hetscope_figure::perdome::energy_fit::{self, EnergyFitInput};
use hetscope_model::perdome::energy_fit::EnergyFit;
use hetscope_preset::PresetError;
use hetscope_preset::perdome::load_energy_runs;

/// What `eval energy-fit` reads.
#[derive(Debug, Args)]
pub struct EnergyFitArgs {
    /// CSV of measured runs: columns time_s, energy_j, n_flops, n_bytes
    /// (others ignored; `label`, `name` or `k` names a run).
    #[arg(long, value_name = "FILE")]
    pub runs: PathBuf,
    /// Hold p_s at this idle power (W) and fit e_f and e_b only.
    #[arg(long, value_name = "W", value_parser = parse_idle, allow_hyphen_values = true)]
    pub idle_w: Option<f64>,
}

/// The options of `export --view energy-fit`.
#[derive(Debug, Default, Args)]
pub struct EnergyFitExportArgs {
    /// energy-fit: CSV of measured runs (columns time_s, energy_j,
    /// n_flops, n_bytes).
    #[arg(long, value_name = "FILE")]
    pub runs: Option<PathBuf>,
    /// energy-fit: also draw the fit with p_s held at this idle power (W).
    #[arg(long, value_name = "W", value_parser = parse_idle, allow_hyphen_values = true)]
    pub idle_w: Option<f64>,
}

impl EnergyFitExportArgs {
    /// The options given, by name.
    pub fn given(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        if self.runs.is_some() {
            v.push("--runs");
        }
        if self.idle_w.is_some() {
            v.push("--idle-w");
        }
        v
    }
}

fn parse_idle(s: &str) -> Result<f64, String> {
    match s.trim().trim_end_matches('W').trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(v),
        _ => Err(format!("'{s}' is not a finite power of zero or more watts")),
    }
}

/// The runs of `path` with the idle power: an unreadable file is a
/// failure, an invalid one a usage error.
fn input(path: &Path, idle_w: Option<f64>) -> Result<EnergyFitInput, CliError> {
    let r = load_energy_runs(path).map_err(|e| match e {
        PresetError::Io { .. } => CliError::failure(format!("--runs: {e}")),
        _ => CliError::usage(format!("--runs: {e}")),
    })?;
    Ok(EnergyFitInput {
        origin: r.origin,
        labels: r.labels,
        runs: r.runs,
        idle_w,
    })
}

fn fit_json(f: &EnergyFit) -> Value {
    json!({
        "e_f_pj": f.e_f_pj,
        "e_b_pj": f.e_b_pj,
        "p_s_w": f.p_s_w,
        "residuals": f.residuals,
        "max_abs_residual": f.max_abs_residual(),
    })
}

/// Run `eval energy-fit`. With `--idle-w` the values are those of the fit
/// with p_s held there, and `free_fit` gives the free one beside.
pub fn run(args: &EnergyFitArgs) -> Result<Value, CliError> {
    let input = input(&args.runs, args.idle_w)?;
    let fits = input
        .fits()
        .map_err(|e| CliError::usage(format!("--runs: {e}")))?;
    let mut v = fit_json(fits.chosen());
    if let Value::Object(m) = &mut v {
        m.insert("fixed_p_s".into(), json!(fits.fixed.is_some()));
        m.insert("idle_w".into(), json!(args.idle_w));
        m.insert("runs".into(), json!(input.runs.len()));
        m.insert("labels".into(), json!(input.labels));
        m.insert("runs_file".into(), json!(input.origin));
        if fits.fixed.is_some() {
            m.insert("free_fit".into(), fit_json(&fits.free));
        }
        m.insert(
            "units".into(),
            json!({
                "e_f_pj": "pJ/flop", "e_b_pj": "pJ/byte", "p_s_w": "W", "idle_w": "W",
                "residuals": "(model - measured) / measured, one per run",
            }),
        );
    }
    Ok(v)
}

/// The figure of `export --view energy-fit`.
pub fn export_figure(args: &EnergyFitExportArgs) -> Result<ChartFigure, CliError> {
    let path = args
        .runs
        .as_deref()
        .ok_or_else(|| CliError::usage("--view energy-fit needs --runs FILE (a CSV of runs)"))?;
    let input = input(path, args.idle_w)?;
    energy_fit::build(&input).map_err(|e| CliError::usage(format!("--runs: {e}")))
}

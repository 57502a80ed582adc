//! `hetscope eval energy-fit` and `export --view energy-fit`: e_f, e_b and
//! p_s of one processor fitted to measured runs (PeaPaw 6.2). The options
//! are declared once for both; the runs become the core's PerDome
//! scenario's energy runs, whose JSON and figure the core gives.

use std::path::{Path, PathBuf};

use clap::Args;
use serde_json::Value;

use crate::cli::{CliError, catalog};
use hetscope_core::perdome::energy_runs::load_energy_runs;
use hetscope_core::perdome::{Perdome, PerdomeQuery};
use hetscope_core::{CoreError, Model, Session, registry};
use hetscope_figure::{Figure, View};
use hetscope_preset::PresetError;

/// The options of the energy fit.
#[derive(Debug, Clone, Default, Args)]
pub struct EnergyFitOptions {
    /// CSV of measured runs: columns time_s, energy_j, n_flops, n_bytes
    /// (others ignored; `label`, `name` or `k` names a run) [default: the
    /// shipped H100 node's runs, assets/data/h100-energy-runs.csv, as the
    /// window opens with].
    #[arg(long, value_name = "FILE")]
    pub runs: Option<PathBuf>,
    /// Hold p_s at this idle power (W) and fit e_f and e_b only (the view
    /// draws that fit beside the free one).
    #[arg(long, value_name = "W", value_parser = parse_idle, allow_hyphen_values = true)]
    pub idle_w: Option<f64>,
}

impl EnergyFitOptions {
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

    /// The session with these runs as the energy fit's (else the
    /// session's own, the shipped runs, as the window opens with them; a
    /// usage error, `missing` saying what needs them, where those are not
    /// installed).
    fn session(&self, missing: &str) -> Result<Session, CliError> {
        let mut s = Session::new(catalog()?);
        let runs = &mut s.perdome.energy_runs;
        match &self.runs {
            Some(path) => {
                (runs.path, runs.loaded) = (path.display().to_string(), Some(self::runs(path)?));
            }
            None if runs.loaded.is_none() => {
                return Err(CliError::usage(format!(
                    "{missing} (the shipped runs, {}, are not installed)",
                    runs.path
                )));
            }
            None => {}
        }
        (runs.fix_idle, runs.idle_w) = (self.idle_w.is_some(), self.idle_w.unwrap_or(0.0));
        Ok(s)
    }
}

fn parse_idle(s: &str) -> Result<f64, String> {
    match s.trim().trim_end_matches('W').trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(v),
        _ => Err(format!("'{s}' is not a finite power of zero or more watts")),
    }
}

/// The runs of `path`: an unreadable file is a failure, an invalid one a
/// usage error.
fn runs(
    path: &Path,
) -> Result<hetscope_core::Loaded<hetscope_preset::perdome::EnergyRuns>, CliError> {
    load_energy_runs(path).map_err(|e| match e {
        PresetError::Io { .. } => CliError::failure(format!("--runs: {e}")),
        _ => CliError::usage(format!("--runs: {e}")),
    })
}

/// A fit the runs do not allow, named as the runs' problem.
fn fit_error(e: CoreError) -> CliError {
    CliError::usage(format!("--runs: {e}"))
}

/// Run `eval energy-fit`. With `--idle-w` the values are those of the fit
/// with p_s held there, and `free_fit` gives the free one beside.
pub fn run(args: &EnergyFitOptions) -> Result<Value, CliError> {
    let s = args.session("eval energy-fit needs --runs FILE (a CSV of runs)")?;
    Perdome::eval(&s.perdome, &PerdomeQuery::EnergyFit, catalog()?).map_err(fit_error)
}

/// The figure of `export --view energy-fit`.
pub fn export_figure(args: &EnergyFitOptions) -> Result<Figure, CliError> {
    let s = args.session("--view energy-fit needs --runs FILE (a CSV of runs)")?;
    registry::figure(View::EnergyFit, &s, catalog()?).map_err(fit_error)
}

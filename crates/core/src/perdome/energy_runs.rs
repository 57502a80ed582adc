//! Measured energy runs for the energy fit (PeaPaw 6.2): the file's path
//! as typed, the runs loaded (by shared reference), the idle power p_s
//! may be held at; and a fit applied to one processor of the platform,
//! its values tagged `measured`.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::Loaded;
use hetscope_figure::perdome::energy_fit::EnergyFitInput;
use hetscope_model::format::{fmt_edit, fmt_num};
use hetscope_model::perdome::energy_fit::{EnergyFit, EnergyRun};
use hetscope_model::platform::{Fields, Source};
use hetscope_preset::perdome::{EnergyRuns, parse_energy_runs};
use hetscope_preset::{Catalog, PresetError};

/// The shipped runs, relative to the source folder.
pub const SHIPPED_RUNS: &str = "assets/data/h100-energy-runs.csv";

/// The path field, the idle power and the runs loaded.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, from = "StoredEnergyRuns")]
pub struct EnergyRunsState {
    /// The path field.
    pub path: String,
    /// Hold p_s at `idle_w`.
    pub fix_idle: bool,
    /// Idle power, W.
    pub idle_w: f64,
    /// The runs last loaded (none: nothing loaded yet).
    pub loaded: Option<Loaded<EnergyRuns>>,
}

impl Default for EnergyRunsState {
    fn default() -> Self {
        EnergyRunsState {
            path: default_path(),
            fix_idle: false,
            idle_w: 0.0,
            loaded: None,
        }
    }
}

/// What a saved state holds: today's fields, or the runs themselves as
/// states saved before the runs were held by reference kept them
/// (`origin`, `labels`, `runs`).
#[derive(Deserialize)]
#[serde(default)]
struct StoredEnergyRuns {
    path: String,
    fix_idle: bool,
    idle_w: f64,
    loaded: Option<Loaded<EnergyRuns>>,
    origin: String,
    labels: Vec<String>,
    runs: Vec<EnergyRun>,
}

impl Default for StoredEnergyRuns {
    fn default() -> Self {
        let d = EnergyRunsState::default();
        StoredEnergyRuns {
            path: d.path,
            fix_idle: d.fix_idle,
            idle_w: d.idle_w,
            loaded: None,
            origin: String::new(),
            labels: Vec::new(),
            runs: Vec::new(),
        }
    }
}

impl From<StoredEnergyRuns> for EnergyRunsState {
    fn from(s: StoredEnergyRuns) -> Self {
        let older = (!s.runs.is_empty()).then(|| {
            let runs = EnergyRuns {
                origin: s.origin.clone(),
                labels: s.labels,
                runs: s.runs,
            };
            Loaded::made(s.origin, runs)
        });
        EnergyRunsState {
            path: s.path,
            fix_idle: s.fix_idle,
            idle_w: s.idle_w,
            loaded: s.loaded.or(older),
        }
    }
}

/// The path of the shipped runs where they are found ([`shipped_runs`]),
/// else nothing.
pub fn default_path() -> String {
    shipped_runs().map_or_else(String::new, |p| p.display().to_string())
}

/// The shipped runs: from the working directory (the source folder, as
/// `cargo run` and the tests start), else from the folders above the
/// program (`target/release/hetscope` of that folder); `None` where
/// neither has them.
pub fn shipped_runs() -> Option<PathBuf> {
    crate::shipped::find(SHIPPED_RUNS)
}

/// Read a CSV of energy runs.
pub fn load_energy_runs(path: &Path) -> Result<Loaded<EnergyRuns>, PresetError> {
    Loaded::read(path, |text| {
        parse_energy_runs(text, &path.display().to_string())
    })
}

impl EnergyRunsState {
    /// What the energy fit is computed from.
    pub fn input(&self) -> EnergyFitInput {
        let runs = self.loaded.as_ref().map(Loaded::data);
        EnergyFitInput {
            origin: runs.map(|r| r.origin.clone()).unwrap_or_default(),
            labels: runs.map(|r| r.labels.clone()).unwrap_or_default(),
            runs: runs.map(|r| r.runs.clone()).unwrap_or_default(),
            idle_w: self.fix_idle.then_some(self.idle_w),
        }
    }

    /// Read the file of the path field; the runs are replaced only when
    /// it is valid. Returns the number of runs.
    pub fn load(&mut self) -> Result<usize, PresetError> {
        let path = self.path.trim();
        if path.is_empty() {
            return Err(PresetError::invalid(
                "energy runs",
                "",
                "no file given: type the path of a CSV of runs",
            ));
        }
        let r = load_energy_runs(Path::new(path))?;
        let n = r.data().len();
        self.loaded = Some(r);
        Ok(n)
    }
}

/// The idle power of the first GPU of catalog platform `id`, where its
/// spec sheet gives one (a probed board's), with the sheet's source of
/// it: the floor p_s of a fit to that board's runs cannot go below.
pub fn gpu_idle_w(id: &str, cat: &Catalog) -> Option<(f64, Source)> {
    let (entry, preset) = cat.platform(id)?;
    let node = preset.node(cat, &entry.path).ok()??;
    let spec = &node.gpus.first()?.spec;
    let w = spec.idle_w.filter(|w| w.is_finite() && *w > 0.0)?;
    Some((w, spec.source_of("idle_w")))
}

/// What a value set from the fit says it is.
pub fn fit_detail(input: &EnergyFitInput, fit: &EnergyFit) -> String {
    let file = Path::new(&input.origin).file_name().map_or_else(
        || input.origin.clone(),
        |f| f.to_string_lossy().into_owned(),
    );
    let mut s = format!(
        "least-squares fit of E = e_f N_f + e_b N_b + p_s T to {} runs of {file} (PeaPaw 6.2); max |residual| {} %",
        input.runs.len(),
        fmt_num(fit.max_abs_residual() * 100.0)
    );
    if let Some(w) = input.idle_w {
        s.push_str(&format!("; p_s held at the idle power {} W", fmt_edit(w)));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_saved_with_the_runs_inline_still_reads() {
        let old = r#"(path: "runs.csv", fix_idle: true, idle_w: 125.0, origin: "runs.csv",
            labels: ["a"], runs: [(time_s: 1.0, energy_j: 200.0, n_flops: 1e12, n_bytes: 1e9)])"#;
        let s: EnergyRunsState = ron::from_str(old).expect("an older state reads");
        let runs = s.loaded.as_ref().expect("its runs are kept");
        assert_eq!(runs.data().runs.len(), 1);
        assert_eq!(runs.data().labels, ["a"]);
        assert!(s.fix_idle && s.idle_w == 125.0);
        let again: EnergyRunsState = ron::from_str(&ron::to_string(&s).unwrap()).unwrap();
        assert_eq!(again, s, "and saves in today's form");
    }
}

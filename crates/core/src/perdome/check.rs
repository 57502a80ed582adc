//! The PerDome / PeaPaw scenario's values checked as its options and
//! files check theirs: the platform's parameters (`--set t_fC=...`), the
//! workload's intensities, the specifications, the camera (`--pitch`,
//! `--zoom`) and the energy runs (through the energy-runs reader).

use super::PerdomeScenario;
use crate::check::{FieldProblem, as_its_file, exact, in_range, refused};
use hetscope_model::perdome::partition::check_intensity;
use hetscope_model::perdome::{Platform, Side};
use hetscope_preset::perdome::{EnergyRuns, parse_energy_runs};

impl PerdomeScenario {
    /// The first value no option or file would take, with its field.
    pub fn check(&self) -> Result<(), FieldProblem> {
        if let Err((name, why)) = self.camera.check() {
            return Err(FieldProblem::new(format!("camera.{name}"), why));
        }
        platform("platform.params", &self.platform.params)?;
        platform("platform.loaded", &self.platform.loaded)?;
        if let Some((_, p)) = &self.compare {
            platform("compare", p)?;
        }
        for (side, specs) in [Side::Cpu, Side::Gpu].iter().zip(&self.specs) {
            specs
                .validate(*side)
                .map_err(|e| refused(&format!("specs ({})", side.name()), e))?;
        }
        let w = &self.workload.preset;
        check_intensity("I", w.intensity, false).map_err(|e| refused("workload.intensity", e))?;
        for (k, q) in w.partitions.iter().enumerate() {
            let at = format!("workload.partitions[{k}]");
            check_intensity("I_C", q.i_c, true).map_err(|e| refused(&at, e))?;
            check_intensity("I_G", q.i_g, true).map_err(|e| refused(&at, e))?;
        }
        let runs = &self.energy_runs;
        in_range("energy_runs.idle_w", runs.idle_w, &idle_range())?;
        match &runs.loaded {
            Some(l) => energy_runs("energy_runs.loaded", l.path(), l.data()),
            None => Ok(()),
        }
    }
}

/// Every parameter of both processors in its range (PerDome Table 1's
/// ranges, as `--set` checks them).
fn platform(field: &str, p: &Platform) -> Result<(), FieldProblem> {
    p.validate().map_err(|e| refused(field, e))
}

/// The idle power p_s may be held at, W: the static power's range.
fn idle_range() -> hetscope_model::Range {
    hetscope_model::perdome::Param::StaticPower.range()
}

/// Energy runs through the reader of their CSV file.
fn energy_runs(field: &str, path: &str, r: &EnergyRuns) -> Result<(), FieldProblem> {
    if r.labels.len() != r.runs.len() {
        return Err(FieldProblem::new(
            field,
            format!(
                "{} labels for {} runs: one each",
                r.labels.len(),
                r.runs.len()
            ),
        ));
    }
    let rows = r.runs.iter().zip(&r.labels).map(|(run, label)| {
        // The reader splits on every comma: a label keeps its words.
        let label = label.replace([',', '\n', '\r'], " ");
        vec![
            exact(run.time_s),
            exact(run.energy_j),
            exact(run.n_flops),
            exact(run.n_bytes),
            label,
        ]
    });
    let header = ["time_s", "energy_j", "n_flops", "n_bytes", "label"];
    as_its_file(field, path, &header, rows, parse_energy_runs)
}

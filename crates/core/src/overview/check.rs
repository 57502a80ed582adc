//! The overview scenario's values checked as the options that set them
//! check theirs (`--n`, `--step`, `--cpus`, `--gpus`, `validate
//! --measured`).

use super::OverviewScenario;
use crate::check::{FieldProblem, MAX_VALIDATION_FILES, in_range, short_name};
use crate::sensitivity::STEP;
use hetscope_model::fpm::FpmParam;

impl OverviewScenario {
    /// The first value no option would take, with its field.
    pub fn check(&self) -> Result<(), FieldProblem> {
        short_name("platform", &self.platform)?;
        if let Some(p) = &self.platform2 {
            short_name("platform2", p)?;
        }
        short_name("workload", &self.workload)?;
        in_range("fpm_n", self.fpm_n, &FpmParam::ProblemSize.range())?;
        for (field, count) in [("cpus", self.cpus), ("gpus", self.gpus)] {
            if count == Some(0) {
                return Err(FieldProblem::new(field, "0: a platform keeps at least one"));
            }
        }
        if self.measured.len() > MAX_VALIDATION_FILES {
            return Err(FieldProblem::new(
                "measured",
                format!(
                    "{} files; a validation compares at most {MAX_VALIDATION_FILES}",
                    self.measured.len()
                ),
            ));
        }
        for (k, path) in self.measured.iter().enumerate() {
            let field = format!("measured[{k}]");
            short_name(&field, path)?;
            if self.measured[..k].contains(path) {
                return Err(FieldProblem::new(field, format!("{path}: named twice")));
            }
        }
        in_range("sensitivity.step", self.sensitivity.step, &STEP)
    }
}

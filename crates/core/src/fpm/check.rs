//! The FPM scenario's values checked as its options and files check
//! theirs: n (`--n`), the measurement's threads (`fpm measure
//! --threads`) and every device's speed function, memory limit,
//! contention and socket (as a speed-function file's are).

use super::FpmScenario;
use crate::check::{FieldProblem, in_range, refused};
use hetscope_model::Range;
use hetscope_model::fpm::{FpmDevice, FpmParam};

impl FpmScenario {
    /// The first value no option or file would take, with its field.
    pub fn check(&self) -> Result<(), FieldProblem> {
        in_range("n_units", self.n_units, &FpmParam::ProblemSize.range())?;
        let threads = Range::new(1.0, hetscope_measure::MAX_THREADS as f64, "threads").whole();
        in_range("threads", self.threads as f64, &threads)?;
        devices("devices", &self.devices)?;
        match &self.compare {
            Some((_, d)) => devices("compare", d),
            None => Ok(()),
        }
    }
}

/// Each device's speed function as a speed-function file gives it.
fn devices(field: &str, devices: &[FpmDevice]) -> Result<(), FieldProblem> {
    for (k, d) in devices.iter().enumerate() {
        d.speed_function()
            .map_err(|e| refused(&format!("{field}[{k}] ({})", d.name), e))?;
    }
    Ok(())
}

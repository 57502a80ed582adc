//! The offload scenario's values checked as its options and files check
//! theirs: the size and the sizes swept (`--size`, `--size-from`,
//! `--size-to`), every parameter set (`--set bus_gbs=...`), the edited
//! kernel's sizes and the measured speedups (through the
//! measured-speedups reader).

use super::OffloadScenario;
use crate::builtin::catalog;
use crate::check::{FieldProblem, as_its_file, exact, in_range, refused, short_name};
use hetscope_figure::offload::{MeasuredSuite, SWEEP};
use hetscope_model::offload::PROBLEM_SIZE;
use hetscope_preset::offload::parse_measured_offload;

impl OffloadScenario {
    /// The first value no option or file would take, with its field.
    pub fn check(&self) -> Result<(), FieldProblem> {
        in_range("size", self.size, &PROBLEM_SIZE)?;
        in_range("size_lo", self.size_lo, &SWEEP)?;
        in_range("size_hi", self.size_hi, &SWEEP)?;
        if self.size_lo >= self.size_hi {
            return Err(FieldProblem::new(
                "size_lo",
                "the sizes swept must start below their end (size_hi)",
            ));
        }
        for (param, v) in &self.overrides {
            param
                .check(*v)
                .map_err(|e| refused(&format!("overrides.{}", param.name()), e))?;
        }
        for (field, n) in [
            ("edit.test_size", self.edit.test_size),
            ("edit.benchmark_size", self.edit.benchmark_size),
        ] {
            in_range(field, n as f64, &PROBLEM_SIZE)?;
        }
        short_name("platform", &self.platform)?;
        if let Some(p) = &self.compare {
            short_name("compare", p)?;
        }
        match &self.measured {
            Some(l) => speedups("measured", l.path(), l.data()),
            None => Ok(()),
        }
    }
}

/// Measured speedups through the reader of their CSV file (the copies'
/// time, kept as one, split evenly between the two directions).
fn speedups(field: &str, path: &str, m: &MeasuredSuite) -> Result<(), FieldProblem> {
    let rows = m.runs.iter().map(|r| {
        let (cpu, kernel, h2d, d2h) = match &r.times {
            Some(t) => (
                exact(t.cpu_s),
                exact(t.kernel_s),
                exact(t.transfer_s / 2.0),
                exact(t.transfer_s / 2.0),
            ),
            None => Default::default(),
        };
        // The reader splits on every comma: a kernel's name has none.
        vec![
            exact(r.n),
            exact(r.threads),
            exact(r.speedup),
            cpu,
            kernel,
            h2d,
            d2h,
            r.kernel.replace([',', '\n', '\r'], " "),
        ]
    });
    let header = [
        "n",
        "threads",
        "speedup",
        "cpu_s",
        "gpu_kernel_s",
        "h2d_s",
        "d2h_s",
        "kernel",
    ];
    as_its_file(field, path, &header, rows, |text, origin| {
        parse_measured_offload(text, origin, catalog())
    })
}

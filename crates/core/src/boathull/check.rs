//! The boat hull scenario's values checked as its options and files
//! check theirs: f and its range (`--f`, `--f-min`, `--f-max`), every
//! processor's parameters (`--set P_compute=...`) and the measured times
//! (through the measured-times reader).

use super::{BoathullScenario, ProcessorChoice};
use crate::check::{FieldProblem, as_its_file, exact, in_range, refused};
use hetscope_model::boathull::{BoathullParam, MeasuredCurve};
use hetscope_model::perdome::Side;
use hetscope_preset::boathull::parse_measured_curve;

impl BoathullScenario {
    /// The first value no option or file would take, with its field.
    pub fn check(&self) -> Result<(), FieldProblem> {
        let f = BoathullParam::F.range();
        in_range("f", self.f, &f)?;
        in_range("f_min", self.f_min, &f)?;
        in_range("f_max", self.f_max, &f)?;
        if self.f_min >= self.f_max {
            return Err(FieldProblem::new(
                "f_min",
                "the shown range of f must start below its end (f_max)",
            ));
        }
        processor("processor", &self.processor)?;
        processor("partner", &self.partner)?;
        if let Some(o) = &self.overlay {
            processor("overlay", o)?;
        }
        match &self.measured {
            Some(l) => measured_times("measured", l.path(), l.data()),
            None => Ok(()),
        }
    }
}

/// A processor's current and loaded parameters in their ranges.
fn processor(field: &str, p: &ProcessorChoice) -> Result<(), FieldProblem> {
    p.params
        .validate()
        .map_err(|e| refused(&format!("{field}.params"), e))?;
    p.loaded
        .validate()
        .map_err(|e| refused(&format!("{field}.loaded"), e))
}

/// Measured times through the reader of their CSV file.
fn measured_times(field: &str, path: &str, c: &MeasuredCurve) -> Result<(), FieldProblem> {
    let rows = c.points.iter().map(|p| {
        vec![
            exact(p.f),
            exact(p.time_s),
            p.processor.clone(),
            p.class.clone().unwrap_or_default(),
            p.variant.clone().unwrap_or_default(),
            p.kind
                .map_or("", |k| match k {
                    Side::Cpu => "cpu",
                    Side::Gpu => "gpu",
                })
                .to_string(),
        ]
    });
    let header = ["f", "time_s", "processor", "class", "variant", "kind"];
    as_its_file(field, path, &header, rows, |text, origin| {
        parse_measured_curve(text, origin, &c.file)
    })
}

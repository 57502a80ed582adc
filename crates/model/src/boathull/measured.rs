//! Measured execution times of primitives against their operator
//! complexity f: what a file of measurements holds, set beside the
//! model's prediction as a relative error.

use serde::{Deserialize, Serialize};

use crate::perdome::Side;

/// One measured time: a processor ran a primitive of a class with
/// operator complexity `f` in `time_s` seconds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MeasuredPoint {
    /// The processor as the file names it.
    pub processor: String,
    /// The class as the model writes it (parsed and printed again), or
    /// `None` when the file has no class: the point fits any class.
    #[serde(default)]
    pub class: Option<String>,
    /// How the primitive was run (compiler, threads, kernel only, ...).
    #[serde(default)]
    pub variant: Option<String>,
    /// The kind of processor, when the file says it.
    #[serde(default)]
    pub kind: Option<Side>,
    /// Operator complexity as the file counts it (at least 1): see
    /// `operator`.
    pub f: f64,
    /// Measured execution time, s (above 0).
    pub time_s: f64,
    /// What `f` counts and whether the operations form a chain.
    #[serde(default)]
    pub operator: Operator,
    /// The line of the file the point comes from.
    pub line: u64,
}

/// What a measured f counts, and whether each element's operations
/// depend on each other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Operator {
    /// f operations as the model counts them (a fused multiply-add two),
    /// free to run in parallel and in vectors.
    #[default]
    Operations,
    /// f fused multiply-adds per element (2 f operations), independent.
    Fma,
    /// f fused multiply-adds per element in one dependent chain (x = x a
    /// + b, f times): on a CPU the chain floor applies.
    FmaChain,
}

impl Operator {
    /// Every operator, in the order of [`Operator::name`]'s list.
    pub const ALL: [Operator; 3] = [Operator::Operations, Operator::Fma, Operator::FmaChain];

    /// The name a file writes.
    pub fn name(self) -> &'static str {
        match self {
            Operator::Operations => "operations",
            Operator::Fma => "fma",
            Operator::FmaChain => "fma chain",
        }
    }

    /// The operator a file names (any case, spaces trimmed).
    pub fn parse(text: &str) -> Option<Operator> {
        let t = text.trim().to_ascii_lowercase();
        Operator::ALL.into_iter().find(|o| o.name() == t)
    }

    /// The model's operator complexity for a file's f: operations per
    /// element.
    pub fn model_f(self, f: f64) -> f64 {
        match self {
            Operator::Operations => f,
            Operator::Fma | Operator::FmaChain => 2.0 * f,
        }
    }

    /// Whether each element's operations are one dependent chain.
    pub fn chained(self) -> bool {
        self == Operator::FmaChain
    }
}

/// The measured points of one file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MeasuredCurve {
    /// The file's name, for legends and notes.
    pub file: String,
    pub points: Vec<MeasuredPoint>,
}

impl MeasuredCurve {
    /// The processors of the file, in the order they first appear.
    pub fn processors(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for p in &self.points {
            if !out.contains(&p.processor.as_str()) {
                out.push(&p.processor);
            }
        }
        out
    }
}

/// The relative error of a prediction, (model - measured) / measured.
pub fn relative_error(model_s: f64, measured_s: f64) -> f64 {
    (model_s - measured_s) / measured_s
}

/// The median of `values` (the mean of the two middle ones for an even
/// count); `None` when there are none or one is not finite.
pub fn median(values: &[f64]) -> Option<f64> {
    if values.is_empty() || values.iter().any(|v| !v.is_finite()) {
        return None;
    }
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    Some(if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_fma_is_two_operations_and_names_round_trip() {
        assert_eq!(Operator::Operations.model_f(8.0), 8.0);
        assert_eq!(Operator::FmaChain.model_f(8.0), 16.0);
        assert!(Operator::FmaChain.chained() && !Operator::Fma.chained());
        for o in Operator::ALL {
            assert_eq!(Operator::parse(&o.name().to_uppercase()), Some(o));
        }
        assert_eq!(Operator::parse("fmas"), None);
    }

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), Some(2.5));
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[1.0, f64::NAN]), None);
    }

    #[test]
    fn relative_error_is_signed() {
        assert_eq!(relative_error(2.0, 1.0), 1.0);
        assert_eq!(relative_error(0.5, 1.0), -0.5);
    }
}

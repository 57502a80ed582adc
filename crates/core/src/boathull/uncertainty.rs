//! How far the boat hull model is off on which processor wins, for the
//! band of operator complexity where its call is too close: the shipped
//! H100 node's measured boat hull runs (`assets/data/h100-boathull-
//! measured.csv`, compiled in), predicted on `h100-node-measured`. At
//! each f both processors ran, the measured ratio of their times against
//! the predicted one is a factor of at least 1; the factor that holds
//! 90 % of them (nearest rank) is the error of the GPU's speedup over the
//! CPU. No constant of the model was chosen from these runs.

use std::sync::OnceLock;

use crate::offload::uncertainty::{CONFIDENCE, covered, quantile};
use crate::validate::{Row, factor};
use hetscope_model::offload::SpeedupError;

/// The measured runs the error comes from.
const RUNS: &str = include_str!("../../../../assets/data/h100-boathull-measured.csv");
const RUNS_NAME: &str = "assets/data/h100-boathull-measured.csv";
/// The platform they ran on.
const PLATFORM: &str = "h100-node-measured";

/// The f of a row's label ("H100 80GB HBM3 f=16") and its processor.
fn split(r: &Row) -> Option<(&str, f64)> {
    let (name, f) = r.label.rsplit_once(" f=")?;
    Some((name, f.parse().ok()?))
}

/// factor(measured ratio, predicted ratio) of the two processors' times
/// at each f both ran, in f order; none where the runs cannot be
/// predicted. (The factor of a ratio is that of its inverse: which
/// processor is which does not matter.)
pub fn ratio_factors() -> Option<Vec<f64>> {
    let catalog = crate::builtin::catalog();
    let table = crate::validate::boathull_table_of_text(PLATFORM, RUNS, RUNS_NAME, catalog).ok()?;
    let rows: Vec<(&str, f64, &Row)> = table
        .rows
        .iter()
        .filter_map(|r| split(r).map(|(p, f)| (p, f, r)))
        .collect();
    let first = rows.first()?.0;
    let out: Vec<f64> = rows
        .iter()
        .filter(|r| r.0 == first)
        .filter_map(|(_, f, a)| {
            let (_, _, b) = rows.iter().find(|r| r.0 != first && r.1 == *f)?;
            let x = factor(a.measured / b.measured, a.predicted / b.predicted);
            x.is_finite().then_some(x)
        })
        .collect();
    (!out.is_empty()).then_some(out)
}

fn error_of() -> Option<SpeedupError> {
    let factors = ratio_factors()?;
    Some(SpeedupError {
        factor: quantile(&factors, CONFIDENCE)?,
        confidence: CONFIDENCE,
        rows: factors.len(),
        covered: covered(&factors),
        from: format!(
            "the ratio of the GPU's and the CPU's times against the {} pairs of measured runs of the shipped H100 node ({RUNS_NAME})",
            factors.len()
        ),
    })
}

/// The boat hull model's error on which processor wins, worked out once
/// per process.
pub fn winner_error() -> Option<SpeedupError> {
    static ERROR: OnceLock<Option<SpeedupError>> = OnceLock::new();
    ERROR.get_or_init(error_of).clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Eleven pairs (f = 1 to 1024 FMAs), the factor of the ninth worst
    /// of eleven by nearest rank, and its leave-one-out coverage.
    #[test]
    fn the_error_comes_from_the_eleven_pairs_of_runs() {
        let factors = ratio_factors().expect("the runs are predicted");
        assert_eq!(factors.len(), 11);
        let e = winner_error().expect("an error");
        let mut sorted = factors.clone();
        sorted.sort_by(f64::total_cmp);
        assert_eq!(e.factor, sorted[9], "nearest rank: ceil(0.9 x 11) = 10th");
        assert!(e.factor > 1.0 && e.factor < 5.0, "{e:?}");
        assert!(e.covered >= 8 && e.covered <= 11, "{e:?}");
    }
}

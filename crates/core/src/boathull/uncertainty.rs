//! How far the boat hull model is off on which processor wins, for the
//! band of operator complexity where its call is too close: the shipped
//! H100 node's measured boat hull runs (`assets/data/h100-boathull-
//! measured.csv`, compiled in), predicted on `h100-node-measured`. At
//! each f both processors ran, the measured ratio of their times against
//! the predicted one is a factor of at least 1; the factor that holds
//! 90 % of them (nearest rank) is the error of the GPU's speedup over the
//! CPU. No constant of the model was chosen from these runs.

use std::sync::OnceLock;

use crate::offload::uncertainty::{error_from, factor};
use hetscope_figure::boathull::BoathullProcessor;
use hetscope_figure::boathull::measured::compare;
use hetscope_model::boathull::{AssumptionSet, Class, ClassOptions};
use hetscope_model::offload::SpeedupError;
use hetscope_model::perdome::Side;
use hetscope_model::platform::Transfers;
use hetscope_preset::boathull::parse_measured_curve;

/// The measured runs the error comes from.
const RUNS: &str = include_str!("../../../../assets/data/h100-boathull-measured.csv");
const RUNS_NAME: &str = "assets/data/h100-boathull-measured.csv";
/// The platform they ran on.
const PLATFORM: &str = "h100-node-measured";

/// The platform's boat hull processor of `side`, as the boat hull view
/// compares measured points with it.
fn processor(side: Side) -> Option<BoathullProcessor> {
    let catalog = crate::builtin::catalog();
    let (_, p) = catalog.platform(PLATFORM)?;
    let b = p
        .boathull_side(catalog, PLATFORM, Transfers::Pageable, side)
        .ok()?;
    let assume = AssumptionSet::default();
    Some(BoathullProcessor {
        name: b.name,
        target: b.machine.target(assume.gpu(), assume.cpu()),
    })
}

/// factor(measured ratio, predicted ratio) of the two processors' times
/// at each f both ran, in the file's order; none where the runs cannot
/// be predicted. Each time is the one the boat hull view and `validate`
/// set beside the run (the same comparison). The factor of a ratio is
/// that of its inverse: which processor is which does not matter.
pub fn ratio_factors() -> Option<Vec<f64>> {
    let curve = parse_measured_curve(RUNS, RUNS_NAME, RUNS_NAME).ok()?;
    let class = Class::parse(curve.points.first()?.class.as_deref()?).ok()?;
    let (gpu, cpu) = (processor(Side::Gpu)?, processor(Side::Cpu)?);
    let cmp = compare(&curve, &class, &ClassOptions::default(), &[&gpu, &cpu]).ok()?;
    let [a, b] = &cmp.processors[..] else {
        return None;
    };
    let out: Vec<f64> = a
        .points
        .iter()
        .filter_map(|pa| {
            let pb = b.points.iter().find(|pb| pb.f == pa.f)?;
            let x = factor(pa.measured_s / pb.measured_s, pa.model_s / pb.model_s);
            x.is_finite().then_some(x)
        })
        .collect();
    (!out.is_empty()).then_some(out)
}

fn error_of() -> Option<SpeedupError> {
    let factors = ratio_factors()?;
    let from = format!(
        "the ratio of the GPU's and the CPU's times against the {} pairs of measured runs of the shipped H100 node ({RUNS_NAME})",
        factors.len()
    );
    error_from(&factors, from)
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

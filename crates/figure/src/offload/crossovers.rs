//! Where an offload decision flips over a size range: the decisions at
//! the curves' samples, the flips between neighbours bisected, and the
//! sizes of both sides of every flip merged into the samples.

use hetscope_model::offload::{
    Decision, OffloadError, OffloadKernel, Platform, decide, flips, sweep,
};
use hetscope_model::sampling::log_spaced;

/// Sizes the curves are drawn through, evenly spaced in log(n) (the chosen
/// size and both sides of every crossover are added).
pub const SWEEP_POINTS: usize = 241;

/// Sizes the crossover search scans before it bisects: the curves' own
/// samples, so no decision is made twice
/// ([`hetscope_model::offload::crossover`] over these steps finds the
/// first flip this view shows).
pub const CROSSOVER_STEPS: usize = SWEEP_POINTS;

/// At most this many flips are looked for.
const MAX_FLIPS: usize = 16;

/// Every size in `lo..=hi` where the decision flips, increasing, found
/// between neighbours of the `SWEEP_POINTS` log-spaced sizes and bisected;
/// with the decisions at those sizes.
pub fn crossovers(
    kernel: &OffloadKernel,
    platform: &Platform,
    lo: f64,
    hi: f64,
) -> Result<(Vec<f64>, Vec<Decision>), OffloadError> {
    if !(lo.is_finite() && hi.is_finite() && lo > 0.0 && lo < hi) {
        return Err(OffloadError::SizeRange { lo, hi });
    }
    let grid: Vec<f64> = log_spaced(lo, hi, SWEEP_POINTS).collect();
    let ds = sweep(kernel, platform, &grid)?;
    Ok((flips(kernel, platform, &ds, MAX_FLIPS)?, ds))
}

/// `ds` with the decisions at `extra` sizes inside its range merged in,
/// increasing in n, one per size.
pub(super) fn merged(
    kernel: &OffloadKernel,
    platform: &Platform,
    mut ds: Vec<Decision>,
    extra: &[f64],
) -> Result<Vec<Decision>, OffloadError> {
    let (lo, hi) = match (ds.first(), ds.last()) {
        (Some(a), Some(b)) => (a.n, b.n),
        _ => return Ok(ds),
    };
    for &n in extra.iter().filter(|n| (lo..=hi).contains(*n)) {
        if !ds.iter().any(|d| d.n == n) {
            ds.push(decide(kernel, platform, n)?);
        }
    }
    ds.sort_by(|a, b| a.n.total_cmp(&b.n));
    Ok(ds)
}

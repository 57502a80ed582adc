//! How sure an FPM split is: each device's speed known only within the
//! spread of the timings behind its measured points ((max - min) /
//! median of the repeats, [`SpeedPoint::spread`](super::SpeedPoint)),
//! the FPM partition and its makespan move within a range. A device's
//! largest share: its speed at the top of its spread, every other one's
//! at the bottom; its smallest the other way round; the makespan from
//! every speed at the top of its spread to every one at the bottom.

use super::partition::{Method, Partition, PartitionError, partition};
use super::speed::SpeedFunction;

/// The range of an FPM split under the devices' speed spreads.
#[derive(Clone, Debug, PartialEq)]
pub struct SplitInterval {
    /// Each device's smallest and largest share, units.
    pub shares: Vec<(f64, f64)>,
    /// The shortest and the longest makespan, s.
    pub makespan_s: (f64, f64),
    /// The relative spread each device's speed was taken within.
    pub spreads: Vec<f64>,
}

/// The split's range for `speeds` partitioning `n_units`, each speed
/// within its relative `spreads` (one per device, each in [0, 1)).
pub fn split_interval(
    speeds: &[SpeedFunction],
    n_units: f64,
    spreads: &[f64],
) -> Result<SplitInterval, PartitionError> {
    // Each pattern of speeds (a device at the top of its spread or at the
    // bottom) partitioned once: with two devices a device's largest share
    // and the other's smallest are one partition.
    let mut done: Vec<(Vec<bool>, Partition)> = Vec::new();
    let mut fpm = |up: Vec<bool>| -> Result<Partition, PartitionError> {
        if let Some((_, p)) = done.iter().find(|(u, _)| *u == up) {
            return Ok(p.clone());
        }
        let moved: Vec<SpeedFunction> = speeds
            .iter()
            .zip(spreads)
            .zip(&up)
            .map(|((s, e), u)| s.times(if *u { 1.0 + e } else { 1.0 - e }))
            .collect();
        let p = partition(&moved, n_units, Method::Fpm)?;
        done.push((up, p.clone()));
        Ok(p)
    };
    let count = speeds.len();
    let mut shares = Vec::with_capacity(count);
    for i in 0..count {
        let high = fpm((0..count).map(|j| j == i).collect())?.shares[i].size_units;
        let low = fpm((0..count).map(|j| j != i).collect())?.shares[i].size_units;
        shares.push((low.min(high), low.max(high)));
    }
    let fast = fpm(vec![true; count])?.makespan_s;
    let slow = fpm(vec![false; count])?.makespan_s;
    Ok(SplitInterval {
        shares,
        makespan_s: (fast, slow),
        spreads: spreads.to_vec(),
    })
}

/// A device's spread: the median of its points' known spreads, clamped
/// below 1; none where no point has one.
pub fn device_spread(points: &[super::SpeedPoint]) -> Option<f64> {
    let known: Vec<f64> = points
        .iter()
        .filter_map(|p| p.spread)
        .filter(|e| *e >= 0.0)
        .collect();
    super::health::median(known).map(|m| m.min(0.99))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fpm::SpeedPoint;

    fn constant(speed: f64) -> SpeedFunction {
        SpeedFunction::new(&[SpeedPoint::new(1.0, speed), SpeedPoint::new(1e6, speed)])
            .expect("a speed function")
    }

    #[test]
    fn constant_speeds_split_in_proportion_within_their_spreads() {
        // 3 and 1 units/s sharing 400 units: 300 and 100 in 100 s. With
        // 10 % on the first and none on the second, its largest share is
        // 3.3 / 4.3 of 400, its smallest 2.7 / 3.7.
        let speeds = [constant(3.0), constant(1.0)];
        let i = split_interval(&speeds, 400.0, &[0.1, 0.0]).expect("an interval");
        let (lo, hi) = i.shares[0];
        assert!((hi - 400.0 * 3.3 / 4.3).abs() < 1e-6, "{hi}");
        assert!((lo - 400.0 * 2.7 / 3.7).abs() < 1e-6, "{lo}");
        let (fast, slow) = i.makespan_s;
        assert!((fast - 400.0 / 4.3).abs() < 1e-6 && (slow - 400.0 / 3.7).abs() < 1e-6);
        // No spread: a point.
        let none = split_interval(&speeds, 400.0, &[0.0, 0.0]).expect("an interval");
        assert!((none.shares[0].0 - none.shares[0].1).abs() < 1e-9);
    }

    #[test]
    fn a_devices_spread_is_the_median_of_its_points() {
        let mut p = vec![SpeedPoint::new(1.0, 1.0); 3];
        assert_eq!(device_spread(&p), None);
        for (k, e) in [0.02, 0.05, 0.01].into_iter().enumerate() {
            p[k].spread = Some(e);
        }
        assert_eq!(device_spread(&p), Some(0.02));
    }
}

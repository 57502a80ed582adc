//! Partitions in whole blocks (FPM paper, Section VI, Table III: matrix
//! blocks of b x b elements). Here the computation unit is the block, so
//! every size is a whole number of units.
//!
//! Method: each device's maximum size is rounded down to whole blocks, the
//! continuous partition of the chosen method is computed under those
//! limits, every size is rounded down, and the r blocks left over go one
//! by one to the device that would finish earliest with one more block,
//! among the devices whose size had a fractional part, each taking at most
//! one. Since r is the sum of those fractional parts there are enough such
//! devices, so every device ends within one block of the continuous
//! partition, and the sizes add up to n exactly. (Choosing the device
//! whose time grows least instead could stack blocks on a fast device
//! that already finishes last.) A device whose continuous share is below
//! one block, because it is slow or holds less than a block, gets 0 unless
//! it finishes earliest with one block.

use super::partition::{
    Method, Partition, PartitionError, caps, check, cpm_constants_capped, even_sizes, fill,
    fpm_sizes,
};
use super::speed::SpeedFunction;

/// Largest block count handled: sizes stay exact in f64 up to 2^53.
pub const MAX_BLOCKS: u64 = 1 << 53;

/// A size this close below a whole number counts as that number (the
/// bisection and the water filling leave rounding errors of that order).
const ROUND_TOL: f64 = 1e-7;

/// `n_units` partitioned by `method`: in whole units with `whole` (n's
/// fraction dropped; callers give whole numbers), else continuously.
pub fn partition_units(
    speeds: &[SpeedFunction],
    n_units: f64,
    whole: bool,
    method: Method,
) -> Result<Partition, PartitionError> {
    if whole {
        partition_blocks(speeds, n_units as u64, method)
    } else {
        super::partition::partition(speeds, n_units, method)
    }
}

/// Partitions `n_blocks` whole blocks with `method`.
pub fn partition_blocks(
    speeds: &[SpeedFunction],
    n_blocks: u64,
    method: Method,
) -> Result<Partition, PartitionError> {
    if n_blocks > MAX_BLOCKS {
        return Err(PartitionError::TooManyBlocks {
            n_blocks,
            max_blocks: MAX_BLOCKS,
        });
    }
    let n = n_blocks as f64;
    let caps: Vec<f64> = caps(speeds).iter().map(|c| c.floor()).collect();
    check(speeds, n, &caps)?;
    let continuous = match method {
        Method::Even => even_sizes(&caps, n),
        Method::Cpm => fill(&cpm_constants_capped(speeds, &caps, n), &caps, n),
        Method::Fpm => fpm_sizes(speeds, &caps, n),
    };
    let blocks = round_to_blocks(speeds, &caps, &continuous, n_blocks);
    let sizes: Vec<f64> = blocks.iter().map(|&b| b as f64).collect();
    Ok(Partition::report(speeds, &sizes, Some(method), true, n))
}

/// Rounds a continuous partition (each size within its whole-block cap,
/// sizes adding up to n) to whole blocks adding up to n exactly.
pub(crate) fn round_to_blocks(
    speeds: &[SpeedFunction],
    caps: &[f64],
    continuous: &[f64],
    n_blocks: u64,
) -> Vec<u64> {
    let mut b: Vec<u64> = continuous
        .iter()
        .zip(caps)
        .map(|(&x, &c)| (x + ROUND_TOL).floor().clamp(0.0, c) as u64)
        .collect();
    let time_with =
        |i: usize, blocks: u64| -> f64 { speeds[i].time_s(blocks as f64).unwrap_or(f64::INFINITY) };
    let room = |i: usize, blocks: u64| (blocks + 1) as f64 <= caps[i];
    // Too many after rounding (only through rounding errors): take blocks
    // back from the device finishing last.
    while b.iter().sum::<u64>() > n_blocks {
        let last = (0..b.len())
            .filter(|&i| b[i] > 0)
            .max_by(|&i, &j| time_with(i, b[i]).total_cmp(&time_with(j, b[j])));
        match last {
            Some(i) => b[i] -= 1,
            None => break,
        }
    }
    let mut left = n_blocks.saturating_sub(b.iter().sum());
    let mut took = vec![false; b.len()];
    // First pass: one block each to devices with a fractional part.
    while left > 0 {
        let pick = (0..b.len())
            .filter(|&i| !took[i] && continuous[i] - b[i] as f64 > ROUND_TOL && room(i, b[i]))
            .min_by(|&i, &j| time_with(i, b[i] + 1).total_cmp(&time_with(j, b[j] + 1)));
        let Some(i) = pick else { break };
        b[i] += 1;
        took[i] = true;
        left -= 1;
    }
    // Second pass (rounding errors only): any device with room.
    while left > 0 {
        let pick = (0..b.len())
            .filter(|&i| room(i, b[i]))
            .min_by(|&i, &j| time_with(i, b[i] + 1).total_cmp(&time_with(j, b[j] + 1)));
        let Some(i) = pick else { break };
        b[i] += 1;
        left -= 1;
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_are_partitioned_whole_or_continuously_as_asked() {
        let speeds = [
            SpeedFunction::from_pairs(&[(1.0, 10.0), (100.0, 10.0)]).unwrap(),
            SpeedFunction::from_pairs(&[(1.0, 20.0), (100.0, 20.0)]).unwrap(),
        ];
        for whole in [false, true] {
            let got = partition_units(&speeds, 10.0, whole, Method::Fpm).unwrap();
            let want = if whole {
                partition_blocks(&speeds, 10, Method::Fpm)
            } else {
                super::super::partition::partition(&speeds, 10.0, Method::Fpm)
            }
            .unwrap();
            assert_eq!(got, want);
        }
        // 10 split 1:2: 3.33 and 6.67 continuously, whole blocks apart.
        let c = partition_units(&speeds, 10.0, false, Method::Fpm).unwrap();
        let w = partition_units(&speeds, 10.0, true, Method::Fpm).unwrap();
        assert!((c.shares[0].size_units - 10.0 / 3.0).abs() < 1e-6);
        assert!(w.shares.iter().all(|s| s.size_units.fract() == 0.0));
    }
}

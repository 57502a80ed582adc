//! How far a task runtime's calibration of its devices can be trusted
//! (see [`super::Runs`]): per device, its sizes and runs, the sizes still
//! under the runtime's calibration minimum, the spread of its timings,
//! whether its fit is valid and how far it lies from its points, and how
//! its speed compares with its peers (devices of the same type timing the
//! same sizes). A device far off its group's median is flagged: among
//! identical GPUs of one node, timing spikes in one's history make it
//! look slow and a history-based scheduler then starves it.

use super::described::FpmDevice;
use super::fitted::FitKind;
use super::point::CALIBRATION_MINIMUM;

/// A device this many times slower or faster than its group's median is
/// flagged as looking miscalibrated (our threshold: identical devices
/// differ by a few per cent; a factor 1.5 is far past that and under the
/// factor 2 a spiked history easily shows).
pub const PEER_FACTOR: f64 = 1.5;

/// One device's calibration health.
#[derive(Clone, Debug, PartialEq)]
pub struct DeviceHealth {
    pub name: String,
    /// Its peers' group ("CUDA", "CPU (4 cores)").
    pub group: String,
    /// Sizes timed, and timings in all.
    pub sizes: usize,
    pub runs: u64,
    /// Sizes timed fewer than [`CALIBRATION_MINIMUM`] times.
    pub under_minimum: usize,
    /// The median relative deviation of its sizes' timings, where known.
    pub median_deviation: Option<f64>,
    /// Its fit, whether the runtime trusts it, and the median relative
    /// distance of the speed along it from the points it covers.
    pub fit: Option<(FitKind, bool)>,
    pub fit_error: Option<f64>,
    /// Its speed over the median speed of its group (itself and its
    /// peers) at each size a peer shares, the median over those sizes;
    /// None without a peer sharing a size. The group's median, not the
    /// peers' alone: of three GPUs one slow, the two others stay at 1.
    pub peer_ratio: Option<f64>,
}

impl DeviceHealth {
    /// Whether it looks miscalibrated against its peers.
    pub fn off_peers(&self) -> bool {
        self.peer_ratio
            .is_some_and(|r| !(1.0 / PEER_FACTOR..=PEER_FACTOR).contains(&r))
    }

    /// Whether the runtime would trust every size of it.
    pub fn calibrated(&self) -> bool {
        self.sizes > 0 && self.under_minimum == 0
    }
}

/// The health of each device, `groups` naming each one's peers' group.
pub fn calibration_health(devices: &[FpmDevice], groups: &[String]) -> Vec<DeviceHealth> {
    devices
        .iter()
        .zip(groups)
        .enumerate()
        .map(|(i, (d, group))| {
            let peers: Vec<&FpmDevice> = devices
                .iter()
                .zip(groups)
                .enumerate()
                .filter(|(j, (_, g))| *j != i && *g == group)
                .map(|(_, (p, _))| p)
                .collect();
            one(d, group, &peers)
        })
        .collect()
}

fn one(d: &FpmDevice, group: &str, peers: &[&FpmDevice]) -> DeviceHealth {
    let points = d.points.to_vec();
    let runs: Vec<_> = points.iter().filter_map(|p| p.runs).collect();
    let fit_error = d.fit.and_then(|f| {
        median(
            points
                .iter()
                .filter_map(|p| Some((f.speed(p.size_units)? / p.speed_units_per_s - 1.0).abs()))
                .collect(),
        )
    });
    let peer_ratio = median(
        points
            .iter()
            .filter_map(|p| {
                let mut group: Vec<f64> = peers
                    .iter()
                    .filter_map(|q| {
                        q.points
                            .iter()
                            .find(|r| r.size_units == p.size_units)
                            .map(|r| r.speed_units_per_s)
                    })
                    .collect();
                if group.is_empty() {
                    return None;
                }
                group.push(p.speed_units_per_s);
                Some(p.speed_units_per_s / median(group)?)
            })
            .collect(),
    );
    DeviceHealth {
        name: d.name.clone(),
        group: group.to_string(),
        sizes: points.len(),
        runs: runs.iter().map(|r| r.samples).sum(),
        under_minimum: runs
            .iter()
            .filter(|r| r.samples < CALIBRATION_MINIMUM)
            .count(),
        median_deviation: median(runs.iter().map(|r| r.deviation).collect()),
        fit: d.fit.map(|f| (f.kind, f.valid())),
        fit_error,
        peer_ratio,
    }
}

/// The group of a device told by its name alone: the name without its
/// whole-number words, so that devices named alike but for their numbers
/// ("trsm on CUDA 0", "trsm on CUDA 1") are peers. For devices whose
/// reader knows their types (StarPU's), [`calibration_health`] takes
/// the reader's groups instead.
pub fn group_by_name(name: &str) -> String {
    name.split_whitespace()
        .filter(|w| !w.chars().all(|c| c.is_ascii_digit()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The median of finite values; None where there are none.
pub(super) fn median(mut v: Vec<f64>) -> Option<f64> {
    v.retain(|x| x.is_finite());
    if v.is_empty() {
        return None;
    }
    v.sort_by(f64::total_cmp);
    let m = v.len() / 2;
    Some(if v.len() % 2 == 1 {
        v[m]
    } else {
        (v[m - 1] + v[m]) / 2.0
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fpm::{Runs, SpeedPoint};

    /// A device with speed `k` x at sizes 1..=4, each timed `n` times.
    fn dev(name: &str, k: f64, n: u64) -> FpmDevice {
        let points: Vec<SpeedPoint> = (1..=4)
            .map(|x| {
                SpeedPoint::new(f64::from(x), k * f64::from(x)).with_runs(Runs {
                    samples: n,
                    deviation: 0.02 * f64::from(x),
                })
            })
            .collect();
        FpmDevice {
            name: name.into(),
            points: points.into(),
            ..FpmDevice::default()
        }
    }

    #[test]
    fn a_gpu_slower_than_its_identical_peers_is_flagged_and_they_are_not() {
        let devices = [
            dev("g0", 10.0, 20),
            dev("g1", 10.2, 20),
            dev("g2", 4.0, 20),
            dev("c0", 1.0, 20),
        ];
        let groups: Vec<String> = ["CUDA", "CUDA", "CUDA", "CPU"].map(String::from).to_vec();
        let h = calibration_health(&devices, &groups);
        // g2 against the group's median (4, 10, 10.2): 10; the others at
        // about 1 (not against the mean of a fast and the slow peer).
        assert!((h[2].peer_ratio.unwrap() - 0.4).abs() < 1e-12);
        assert!(h[2].off_peers());
        assert!((h[0].peer_ratio.unwrap() - 1.0).abs() < 1e-12);
        assert!((h[1].peer_ratio.unwrap() - 1.02).abs() < 1e-12);
        assert!(!h[0].off_peers() && !h[1].off_peers());
        assert_eq!(h[3].peer_ratio, None, "a CPU has no CUDA peer");
        assert_eq!((h[0].sizes, h[0].runs, h[0].under_minimum), (4, 80, 0));
        // Deviations 2, 4, 6, 8 %: median 5 %.
        assert!((h[0].median_deviation.unwrap() - 0.05).abs() < 1e-12);
        assert!(h[0].calibrated());
    }

    #[test]
    fn devices_named_alike_but_for_their_numbers_are_one_group() {
        let g = group_by_name;
        assert_eq!(g("trsm on CUDA 0"), g("trsm on CUDA 12"));
        assert_ne!(g("trsm on CUDA 0"), g("trsm on CPU 0"));
        assert_eq!(g("trsm on CPU 0 (4 cores)"), "trsm on CPU (4 cores)");
        assert_ne!(g("gemm on CUDA 0"), g("trsm on CUDA 0"));
    }

    #[test]
    fn sizes_under_the_calibration_minimum_are_counted() {
        let h = calibration_health(&[dev("g", 1.0, 3)], &["CUDA".into()]);
        assert_eq!(h[0].under_minimum, 4);
        assert!(!h[0].calibrated());
        assert_eq!((h[0].fit, h[0].fit_error), (None, None));
    }
}

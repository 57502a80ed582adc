//! Partitioning a divisible problem of n computation units over p devices
//! (FPM paper, Section VI): homogeneous (even), CPM (constant performance
//! models) and FPM (functional performance models, the algorithm of the
//! paper's ref. [5]), with continuous sizes. Whole blocks: `blocks.rs`.
//!
//! Memory limits hold for every method: a device never gets more than its
//! maximum size ([`SpeedFunction::max_size_units`]). Even and CPM shares
//! that would pass a limit are cut to it and the excess goes to the other
//! devices in the same proportions (water filling).
//!
//! FPM: all devices finish at one time T. Geometrically, the line through
//! the origin with slope 1 / T cuts every speed graph where x / s(x) = T.
//! hetscope finds T by bisection on sum_i x_i(T) = n, with x_i(T) the
//! largest size of device i whose time is at most T
//! ([`SpeedFunction::size_within`]). The sum never decreases as T grows,
//! so the bisection always converges. When every t_i(x) = x / s_i(x) is
//! non-decreasing the result is the balanced partition, and no partition
//! has a smaller makespan. When some t_i falls somewhere, x_i(T) can jump;
//! the remaining units are then shared among the jumping devices in
//! proportion to their jumps, and their predicted times (always computed
//! from the speed functions) may exceed T.

pub use super::error::PartitionError;
use super::param::FpmParam;
use super::speed::SpeedFunction;

/// How the units are shared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Method {
    /// Homogeneous: n / p each (FPM paper, Section VI, Figure 7).
    Even,
    /// Shares proportional to constant speeds, each measured at the even
    /// distribution (Section VI, Table III "CPM-based").
    Cpm,
    /// All devices finish together on their speed functions (Table III
    /// "FPM-based").
    Fpm,
}

impl Method {
    /// The spelling in JSON and on the command line.
    pub fn key(self) -> &'static str {
        match self {
            Method::Fpm => "fpm",
            Method::Cpm => "cpm",
            Method::Even => "even",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Method::Even => "even",
            Method::Cpm => "CPM",
            Method::Fpm => "FPM",
        }
    }
}

/// One device's part.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Share {
    /// Units given to the device.
    pub size_units: f64,
    /// Predicted time t(x) = x / s(x), s (0 without work).
    pub time_s: f64,
}

/// A partition with its predicted times.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Partition {
    /// The algorithm; None for sizes given to [`evaluate`].
    pub method: Option<Method>,
    /// Whether every size is a whole number of blocks.
    pub whole_blocks: bool,
    /// n, units.
    pub total_units: f64,
    /// One per device, in the order of the speed functions.
    pub shares: Vec<Share>,
    /// The largest predicted time, s.
    pub makespan_s: f64,
    /// Largest time / smallest time among devices with work (size > 0):
    /// 1 is perfect balance. 1 when at most one device has work.
    pub imbalance: f64,
}

impl Partition {
    pub fn sizes_units(&self) -> Vec<f64> {
        self.shares.iter().map(|s| s.size_units).collect()
    }

    /// The sizes as whole blocks, for a partition made of whole blocks.
    pub fn blocks(&self) -> Option<Vec<u64>> {
        self.whole_blocks
            .then(|| self.shares.iter().map(|s| s.size_units as u64).collect())
    }

    /// Whether each device's share is held at its memory limit (the
    /// whole-block limit for a partition in whole blocks): the device got
    /// what fits in its memory, not what its speed would ask for.
    pub fn at_memory_limit(&self, speeds: &[SpeedFunction]) -> Vec<bool> {
        self.shares
            .iter()
            .zip(speeds)
            .map(|(share, f)| {
                let cap = f.max_size_units();
                let cap = if self.whole_blocks { cap.floor() } else { cap };
                cap.is_finite() && share.size_units >= cap
            })
            .collect()
    }

    /// Builds the report of sizes that respect every device's limit.
    pub(crate) fn report(
        speeds: &[SpeedFunction],
        sizes: &[f64],
        method: Option<Method>,
        whole_blocks: bool,
        total_units: f64,
    ) -> Partition {
        let shares: Vec<Share> = speeds
            .iter()
            .zip(sizes)
            .map(|(f, &x)| {
                let x = x.clamp(0.0, f.max_size_units());
                Share {
                    size_units: x,
                    time_s: f.time_s(x).unwrap_or(f64::INFINITY),
                }
            })
            .collect();
        let busy = shares.iter().filter(|s| s.size_units > 0.0);
        let max = busy.clone().fold(0.0f64, |m, s| m.max(s.time_s));
        let min = busy.clone().fold(f64::INFINITY, |m, s| m.min(s.time_s));
        let imbalance = if busy.count() <= 1 { 1.0 } else { max / min };
        Partition {
            method,
            whole_blocks,
            total_units,
            shares,
            makespan_s: max,
            imbalance,
        }
    }
}

/// Partitions n units with `method`, in continuous sizes.
pub fn partition(
    speeds: &[SpeedFunction],
    n_units: f64,
    method: Method,
) -> Result<Partition, PartitionError> {
    let caps = caps(speeds);
    check(speeds, n_units, &caps)?;
    let sizes = match method {
        Method::Even => even_sizes(&caps, n_units),
        Method::Cpm => {
            let c = cpm_constants_capped(speeds, &caps, n_units);
            fill(&c, &caps, n_units)
        }
        Method::Fpm => fpm_sizes(speeds, &caps, n_units),
    };
    Ok(Partition::report(
        speeds,
        &sizes,
        Some(method),
        false,
        n_units,
    ))
}

/// The CPM's constant speeds, units/s: each device's speed at the even
/// distribution of n (cut to memory limits as in [`partition`]).
pub fn cpm_constants(speeds: &[SpeedFunction], n_units: f64) -> Result<Vec<f64>, PartitionError> {
    let caps = caps(speeds);
    check(speeds, n_units, &caps)?;
    Ok(cpm_constants_capped(speeds, &caps, n_units))
}

/// CPM with constants known in advance (the paper's "obtained a priori"):
/// shares proportional to `constants`, cut to memory limits, times
/// predicted on the speed functions.
pub fn partition_with_constants(
    speeds: &[SpeedFunction],
    constants_units_per_s: &[f64],
    n_units: f64,
) -> Result<Partition, PartitionError> {
    let caps = caps(speeds);
    check(speeds, n_units, &caps)?;
    check_len(speeds, constants_units_per_s.len(), "constant speeds")?;
    for (device, &c) in constants_units_per_s.iter().enumerate() {
        if !(c.is_finite() && c > 0.0) {
            return Err(PartitionError::BadConstant {
                device,
                speed_units_per_s: c,
            });
        }
    }
    let sizes = fill(constants_units_per_s, &caps, n_units);
    Ok(Partition::report(
        speeds,
        &sizes,
        Some(Method::Cpm),
        false,
        n_units,
    ))
}

/// Predicted times of sizes chosen elsewhere (a partition from another
/// tool, a table of a paper).
pub fn evaluate(
    speeds: &[SpeedFunction],
    sizes_units: &[f64],
) -> Result<Partition, PartitionError> {
    if speeds.is_empty() {
        return Err(PartitionError::NoDevices);
    }
    check_len(speeds, sizes_units.len(), "sizes")?;
    for (device, (f, &x)) in speeds.iter().zip(sizes_units).enumerate() {
        if !(x.is_finite() && x >= 0.0) {
            return Err(PartitionError::BadSize {
                device,
                size_units: x,
            });
        }
        if x > f.max_size_units() {
            return Err(PartitionError::SizeBeyondLimit {
                device,
                size_units: x,
                max_units: f.max_size_units(),
            });
        }
    }
    let whole = sizes_units.iter().all(|x| x.fract() == 0.0);
    let n = sizes_units.iter().sum();
    Ok(Partition::report(speeds, sizes_units, None, whole, n))
}

pub(crate) fn caps(speeds: &[SpeedFunction]) -> Vec<f64> {
    speeds.iter().map(SpeedFunction::max_size_units).collect()
}

fn check_len(
    speeds: &[SpeedFunction],
    got: usize,
    what: &'static str,
) -> Result<(), PartitionError> {
    if got == speeds.len() {
        Ok(())
    } else {
        Err(PartitionError::LengthMismatch {
            what,
            expected: speeds.len(),
            got,
        })
    }
}

/// Devices present, n valid, and the caps hold n together.
pub(crate) fn check(
    speeds: &[SpeedFunction],
    n_units: f64,
    caps: &[f64],
) -> Result<(), PartitionError> {
    if speeds.is_empty() {
        return Err(PartitionError::NoDevices);
    }
    // 0 is an empty problem; any other size lies in its range.
    if !(n_units == 0.0 || FpmParam::ProblemSize.range().contains(n_units)) {
        return Err(PartitionError::BadProblemSize { n_units });
    }
    let capacity: f64 = caps.iter().sum();
    if capacity < n_units {
        return Err(PartitionError::NotEnoughMemory {
            n_units,
            capacity_units: capacity,
        });
    }
    Ok(())
}

pub(crate) fn even_sizes(caps: &[f64], n_units: f64) -> Vec<f64> {
    fill(&vec![1.0; caps.len()], caps, n_units)
}

pub(crate) fn cpm_constants_capped(
    speeds: &[SpeedFunction],
    caps: &[f64],
    n_units: f64,
) -> Vec<f64> {
    let even = even_sizes(caps, n_units);
    speeds
        .iter()
        .zip(&even)
        .map(|(f, &x)| f.speed(x).unwrap_or(f64::MIN_POSITIVE))
        .collect()
}

/// Water filling: x_i = min(cap_i, lambda w_i) with sum x_i = n. Needs
/// positive weights and sum caps >= n.
pub(crate) fn fill(weights: &[f64], caps: &[f64], n_units: f64) -> Vec<f64> {
    let p = weights.len();
    let mut capped = vec![false; p];
    loop {
        let rest: f64 = n_units - (0..p).filter(|&i| capped[i]).map(|i| caps[i]).sum::<f64>();
        let w: f64 = (0..p).filter(|&i| !capped[i]).map(|i| weights[i]).sum();
        if w <= 0.0 {
            return caps.to_vec();
        }
        let lambda = rest.max(0.0) / w;
        let mut changed = false;
        for i in 0..p {
            if !capped[i] && lambda * weights[i] > caps[i] {
                capped[i] = true;
                changed = true;
            }
        }
        if !changed {
            return (0..p)
                .map(|i| {
                    if capped[i] {
                        caps[i]
                    } else {
                        lambda * weights[i]
                    }
                })
                .collect();
        }
    }
}

/// The FPM partition by bisection on the common time T (module notes).
pub(crate) fn fpm_sizes(speeds: &[SpeedFunction], caps: &[f64], n_units: f64) -> Vec<f64> {
    let at = |t: f64| -> Vec<f64> {
        speeds
            .iter()
            .zip(caps)
            .map(|(f, &c)| f.size_within_capped(t, c))
            .collect()
    };
    if n_units <= 0.0 {
        return vec![0.0; speeds.len()];
    }
    // At T_hi every device holds min(n, cap_i) or more, so the sum is >= n.
    let mut hi = speeds
        .iter()
        .zip(caps)
        .filter_map(|(f, &c)| f.time_s(n_units.min(c)))
        .fold(0.0f64, f64::max);
    let total = |x: &[f64]| x.iter().sum::<f64>();
    let mut grow = 0;
    while total(&at(hi)) < n_units && grow < 64 {
        hi = if hi > 0.0 { hi * 2.0 } else { 1.0 };
        grow += 1;
    }
    let mut lo = 0.0f64;
    for _ in 0..2000 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if total(&at(mid)) >= n_units {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    let (x_lo, x_hi) = (at(lo), at(hi));
    let (s_lo, s_hi) = (total(&x_lo), total(&x_hi));
    let k = if s_hi > s_lo {
        ((n_units - s_lo) / (s_hi - s_lo)).clamp(0.0, 1.0)
    } else {
        1.0
    };
    x_lo.iter()
        .zip(&x_hi)
        .zip(caps)
        .map(|((&a, &b), &c)| (a + k * (b - a)).min(c))
        .collect()
}

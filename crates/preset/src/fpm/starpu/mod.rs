//! StarPU's performance models as FPM speed functions: a codelet's model
//! file (`sampling/codelets/45/<symbol>.<host>`, written by StarPU 1.3 and
//! 1.4; `parse.rs` reads it by its counts) holds, for every combination
//! of devices and every implementation, a history of task sizes with the
//! mean and deviation of their times and their sample counts, and the
//! linear (a n^b) and non-linear (a n^b + c) regressions StarPU fitted.
//! Each (combination, implementation) with a usable history becomes an
//! FPM device: its speed at each size is the work done per second, in
//! flop where the file counts flops, else in bytes of data.

mod parse;

pub use parse::parse_perfmodel;

use hetscope_model::fpm::{FpmDevice, SpeedPoint};
use hetscope_model::platform::Source;

/// StarPU's calibration minimum: an entry measured fewer times is not
/// yet trusted by its scheduler (`STARPU_CALIBRATE_MINIMUM`, 10).
pub const CALIBRATION_MINIMUM: u64 = 10;

/// One codelet's model, as the file holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct PerfModel {
    pub combinations: Vec<Combination>,
    /// Values written with a decimal comma (a file saved under such a
    /// locale), read as with a point: worth a warning.
    pub decimal_commas: usize,
    /// Rows after the last combination the file announces, not read (as
    /// StarPU reads them not): worth a warning.
    pub rows_after_end: usize,
}

/// The devices a task ran on together, and its implementations there.
#[derive(Clone, Debug, PartialEq)]
pub struct Combination {
    pub devices: Vec<Device>,
    pub implementations: Vec<Implementation>,
}

/// The kind of a StarPU worker, as the file numbers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeviceKind {
    Cpu,
    Cuda,
    OpenCl,
    Mic,
    MpiMs,
    Other(usize),
}

impl DeviceKind {
    /// The file's number of a kind (CPU 0, CUDA 1, OpenCL 2, MIC 3,
    /// MPI master-slave 5).
    pub fn of(n: usize) -> DeviceKind {
        match n {
            0 => DeviceKind::Cpu,
            1 => DeviceKind::Cuda,
            2 => DeviceKind::OpenCl,
            3 => DeviceKind::Mic,
            5 => DeviceKind::MpiMs,
            other => DeviceKind::Other(other),
        }
    }

    pub fn name(self) -> String {
        match self {
            DeviceKind::Cpu => "CPU".into(),
            DeviceKind::Cuda => "CUDA".into(),
            DeviceKind::OpenCl => "OpenCL".into(),
            DeviceKind::Mic => "MIC".into(),
            DeviceKind::MpiMs => "MPI".into(),
            DeviceKind::Other(n) => format!("device type {n}"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Device {
    pub kind: DeviceKind,
    pub id: usize,
    pub cores: usize,
}

impl Device {
    /// "CUDA 1", "CPU 0 (4 cores)".
    pub fn name(&self) -> String {
        match self.cores {
            0 | 1 => format!("{} {}", self.kind.name(), self.id),
            n => format!("{} {} ({n} cores)", self.kind.name(), self.id),
        }
    }
}

/// One implementation's regressions and history.
#[derive(Clone, Debug, PartialEq)]
pub struct Implementation {
    /// Its number in its combination (StarPU's `implN`).
    pub index: usize,
    pub linear: Regression,
    /// a, b, c of a n^b + c (NaN where not fitted).
    pub non_linear: (f64, f64, f64),
    /// The multiple regression's coefficients, where the model is one.
    pub multiple: Option<Vec<f64>>,
    pub entries: Vec<Entry>,
}

/// The linear regression a n^b (time in us against size in bytes) with
/// the sizes it was fitted over.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Regression {
    pub alpha: f64,
    pub beta: f64,
    /// Samples it was fitted to.
    pub samples: f64,
    pub min_size: f64,
    pub max_size: f64,
}

/// One task size of the history.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry {
    pub footprint: u32,
    pub size_bytes: f64,
    /// Flops of one task (0 where the codelet does not count them).
    pub flops: f64,
    pub mean_us: f64,
    pub deviation_us: f64,
    pub samples: u64,
    /// Its line in the file.
    pub line: usize,
}

impl Entry {
    /// Whether it holds a time to use: samples and a positive mean.
    pub fn usable(&self) -> bool {
        self.samples > 0 && self.mean_us.is_finite() && self.mean_us > 0.0
    }
}

/// A malformed file: where and what was expected.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{file}: line {line}: {kind}")]
pub struct StarpuError {
    pub file: String,
    pub line: usize,
    pub kind: StarpuErrorKind,
}

#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum StarpuErrorKind {
    #[error("performance-model format {found}: hetscope reads format 45 (StarPU 1.3 and 1.4)")]
    Version { found: String },
    #[error("the file ends where {expected} was expected")]
    Ended { expected: &'static str },
    #[error("{expected}: {want} values expected, {got} found")]
    Count {
        expected: &'static str,
        want: usize,
        got: usize,
    },
    #[error("{expected}: `{found}` is not a number")]
    NotANumber {
        expected: &'static str,
        found: String,
    },
    #[error("{expected}: `{found}` is not a whole number from 0 to {most}")]
    NotACount {
        expected: &'static str,
        found: String,
        most: usize,
    },
}

/// The devices of a model, one per (combination, implementation) with a
/// usable history, and how many history entries were left out (no
/// samples or no time).
#[derive(Clone, Debug, PartialEq)]
pub struct StarpuDevices {
    pub devices: Vec<FpmDevice>,
    pub left_out: usize,
}

impl PerfModel {
    /// Its speed functions as FPM devices named "`symbol` on CUDA 1"
    /// (with the implementation where there are several): each size's
    /// speed is the work of one task over its mean time, in flop where
    /// every usable entry of the implementation counts flops, else in
    /// bytes; entries of one size are merged, weighted by their samples.
    pub fn to_devices(&self, symbol: &str, file: &str) -> StarpuDevices {
        let mut devices = Vec::new();
        let mut left_out = 0;
        for comb in &self.combinations {
            let place: Vec<String> = comb.devices.iter().map(Device::name).collect();
            for imp in &comb.implementations {
                let timed: Vec<&Entry> = imp.entries.iter().filter(|e| e.usable()).collect();
                let positive = |v: f64| v.is_finite() && v > 0.0;
                let flops = !timed.is_empty() && timed.iter().all(|e| positive(e.flops));
                let work = |e: &Entry| if flops { e.flops } else { e.size_bytes };
                // A size that is no positive number is no point either, nor
                // a speed past the largest number.
                let usable: Vec<&Entry> = timed
                    .into_iter()
                    .filter(|e| positive(work(e)) && positive(work(e) / (e.mean_us * 1e-6)))
                    .collect();
                left_out += imp.entries.len() - usable.len();
                if usable.is_empty() {
                    continue;
                }
                let points = merged_points(&usable, work);
                let implementation = if comb.implementations.len() > 1 {
                    format!(", implementation {}", imp.index)
                } else {
                    String::new()
                };
                let runs = usable.iter().fold(0u64, |n, e| n.saturating_add(e.samples));
                devices.push(FpmDevice {
                    name: format!("{symbol} on {}{implementation}", place.join(" + ")),
                    source: Source::Measured(format!(
                        "StarPU performance model {file}: {} sizes, {runs} runs",
                        points.len()
                    )),
                    points: points.into(),
                    unit: if flops { "flop".into() } else { "bytes".into() },
                    ..FpmDevice::default()
                });
            }
        }
        StarpuDevices { devices, left_out }
    }
}

/// One point per work size: the work over the mean time, entries of one
/// size merged with their sample counts as weights; sorted by size.
fn merged_points(entries: &[&Entry], work: impl Fn(&Entry) -> f64) -> Vec<SpeedPoint> {
    // (work, mean time, samples as a weight).
    let mut sizes: Vec<(f64, f64, f64)> = Vec::new();
    for e in entries {
        let x = work(e);
        let n = e.samples as f64;
        match sizes.iter_mut().find(|s| s.0 == x) {
            // A weighted mean of positive means lies between them.
            Some(s) => {
                let w = s.2 / (s.2 + n);
                s.1 = s.1 * w + e.mean_us * (1.0 - w);
                s.2 += n;
            }
            None => sizes.push((x, e.mean_us, n)),
        }
    }
    sizes.sort_by(|a, b| a.0.total_cmp(&b.0));
    sizes
        .into_iter()
        .map(|(x, mean_us, _)| SpeedPoint::new(x, x / (mean_us * 1e-6)))
        .collect()
}

//! StarPU's performance models as FPM speed functions: a codelet's model
//! file (`sampling/codelets/45/<symbol>.<host>`, written by StarPU 1.3 and
//! 1.4, or `codelets/44/` by 1.2; `parse.rs` reads it by its counts) holds, for every combination
//! of devices and every implementation, a history of task sizes with the
//! mean and deviation of their times and their sample counts, and the
//! linear (a n^b) and non-linear (a n^b + c) regressions StarPU fitted.
//! Each (combination, implementation) with a usable history becomes an
//! FPM device: its speed at each size is the work done per second, in
//! flop where the file counts flops, else in bytes of data.

mod bus;
mod files;
mod fit;
mod parse;

pub use bus::{StarpuBus, links_ron, parse_matrix, read_bus};
pub use files::{ModelFile, StarpuFilesError, model_files, read_codelet};
pub use parse::parse_perfmodel;

use hetscope_model::fpm::{DeviceHealth, FpmDevice, Runs, SpeedPoint, calibration_health};
use hetscope_model::platform::Source;

/// StarPU's calibration minimum: an entry measured fewer times is not
/// yet trusted by its scheduler (`STARPU_CALIBRATE_MINIMUM`, 10).
pub use hetscope_model::fpm::CALIBRATION_MINIMUM;

/// One codelet's model, as the file holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct PerfModel {
    /// The format it was written in: 45 (StarPU 1.3, 1.4) or 44 (1.2).
    pub format: u32,
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
    /// Its type and cores without its id: "CUDA", "CPU (4 cores)".
    pub fn kind_name(&self) -> String {
        match self.cores {
            0 | 1 => self.kind.name(),
            n => format!("{} ({n} cores)", self.kind.name()),
        }
    }

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
    #[error(
        "performance-model format {found}: hetscope reads formats 45 (StarPU 1.3 and 1.4) and 44 (StarPU 1.2)"
    )]
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
    /// Each device's peers' group: its combination's device types and
    /// cores and its implementation ("CUDA, implementation 0").
    pub groups: Vec<String>,
    pub left_out: usize,
}

impl StarpuDevices {
    /// Each device's calibration health against its peers.
    pub fn health(&self) -> Vec<DeviceHealth> {
        calibration_health(&self.devices, &self.groups)
    }
}

impl PerfModel {
    /// What reading the model left out or read with a warning, a phrase
    /// each ("3 history entries without samples or time left out"), with
    /// `left_out` the entries its devices left out.
    pub fn warnings(&self, left_out: usize) -> Vec<String> {
        [
            (left_out, "history entries without samples or time left out"),
            (
                self.decimal_commas,
                "values with a decimal comma read as with a point",
            ),
            (
                self.rows_after_end,
                "rows after the last combination not read, as StarPU does",
            ),
        ]
        .into_iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, what)| format!("{n} {what}"))
        .collect()
    }

    /// Its speed functions as FPM devices named "`symbol` on CUDA 1"
    /// (with the implementation where there are several): each size's
    /// speed is the work of one task over its mean time, in flop where
    /// every usable entry of the implementation counts flops, else in
    /// bytes; entries of one size are merged, weighted by their samples.
    pub fn to_devices(&self, symbol: &str, file: &str) -> StarpuDevices {
        self.devices_by(symbol, file, |imps| imps.to_vec())
    }

    /// One device per combination (a worker of the runtime), for a
    /// partition: of several implementations with a history, the one run
    /// most (the one StarPU's scheduler chose most often there).
    pub fn to_workers(&self, symbol: &str, file: &str) -> StarpuDevices {
        self.devices_by(symbol, file, |imps| {
            imps.iter()
                .max_by_key(|d| d.1)
                .map(|d| vec![d.clone()])
                .unwrap_or_default()
        })
    }

    /// The devices of every combination's implementations that `pick`
    /// keeps of those with a usable history (each with its runs).
    fn devices_by(
        &self,
        symbol: &str,
        file: &str,
        pick: impl Fn(&[Made]) -> Vec<Made>,
    ) -> StarpuDevices {
        let mut devices = Vec::new();
        let mut groups = Vec::new();
        let mut left_out = 0;
        for comb in &self.combinations {
            let place: Vec<String> = comb.devices.iter().map(Device::name).collect();
            let kinds: Vec<String> = comb.devices.iter().map(Device::kind_name).collect();
            let several = comb.implementations.len() > 1;
            let mut made = Vec::new();
            for imp in &comb.implementations {
                let (usable, flops) = usable_entries(imp);
                left_out += imp.entries.len() - usable.len();
                if usable.is_empty() {
                    continue;
                }
                let implementation = if several {
                    format!(", implementation {}", imp.index)
                } else {
                    String::new()
                };
                let name = format!("{symbol} on {}{implementation}", place.join(" + "));
                let (mut device, runs) = device_of(&usable, flops, name, file);
                device.fit = fit::fitted(imp, &usable, flops);
                let group = format!("{}, implementation {}", kinds.join(" + "), imp.index);
                made.push((device, runs, group));
            }
            for (d, _, group) in pick(&made) {
                devices.push(d);
                groups.push(group);
            }
        }
        StarpuDevices {
            devices,
            groups,
            left_out,
        }
    }
}

/// A device made of an implementation, its runs and its peers' group.
type Made = (FpmDevice, u64, String);

/// Whether an implementation's sizes count flops: every timed entry does.
fn counts_flops(timed: &[&Entry]) -> bool {
    !timed.is_empty() && timed.iter().all(|e| positive(e.flops))
}

fn positive(v: f64) -> bool {
    v.is_finite() && v > 0.0
}

/// The work of one task of `e`: its flops where the implementation
/// counts them, else its bytes.
fn work(e: &Entry, flops: bool) -> f64 {
    if flops { e.flops } else { e.size_bytes }
}

/// The entries of an implementation that give a point: timed, with a
/// positive work and a finite speed; and whether their work is flops.
fn usable_entries(imp: &Implementation) -> (Vec<&Entry>, bool) {
    let timed: Vec<&Entry> = imp.entries.iter().filter(|e| e.usable()).collect();
    let flops = counts_flops(&timed);
    // A size that is no positive number is no point either, nor a speed
    // past the largest number.
    let usable = timed
        .into_iter()
        .filter(|e| positive(work(e, flops)) && positive(work(e, flops) / (e.mean_us * 1e-6)))
        .collect();
    (usable, flops)
}

/// The device of an implementation's usable entries, with its runs.
fn device_of(usable: &[&Entry], flops: bool, name: String, file: &str) -> (FpmDevice, u64) {
    let points = merged_points(usable, |e| work(e, flops));
    let runs = usable.iter().fold(0u64, |n, e| n.saturating_add(e.samples));
    let device = FpmDevice {
        name,
        source: Source::Measured(format!(
            "StarPU performance model {file}: {} sizes, {runs} runs",
            points.len()
        )),
        points: points.into(),
        unit: if flops { "flop".into() } else { "bytes".into() },
        ..FpmDevice::default()
    };
    (device, runs)
}

/// One point per work size: the work over the mean time, entries of one
/// size pooled with their sample counts as weights (their deviations
/// too, the spread of the means between them counted); sorted by size.
/// Each point keeps its runs and relative deviation.
fn merged_points(entries: &[&Entry], work: impl Fn(&Entry) -> f64) -> Vec<SpeedPoint> {
    // Per size: (work, entries of it).
    let mut sizes: Vec<(f64, Vec<&Entry>)> = Vec::new();
    for e in entries {
        let x = work(e);
        match sizes.iter_mut().find(|s| s.0 == x) {
            Some(s) => s.1.push(e),
            None => sizes.push((x, vec![e])),
        }
    }
    sizes.sort_by(|a, b| a.0.total_cmp(&b.0));
    sizes
        .into_iter()
        .map(|(x, group)| {
            let (mean_us, deviation_us, samples) = pooled(&group);
            SpeedPoint::new(x, x / (mean_us * 1e-6)).with_runs(Runs {
                samples,
                deviation: deviation_us / mean_us,
            })
        })
        .collect()
}

/// The mean, standard deviation and count of the timings of entries of
/// one size together: a sample-weighted mean (between the entries'
/// means), and the deviation of all their timings (each entry's own and
/// its mean's distance from the pooled one).
fn pooled(group: &[&Entry]) -> (f64, f64, u64) {
    let samples = group.iter().fold(0u64, |n, e| n.saturating_add(e.samples));
    let weight = |e: &Entry| e.samples as f64 / samples as f64;
    let mean: f64 = group.iter().map(|e| weight(e) * e.mean_us).sum();
    let variance: f64 = group
        .iter()
        .map(|e| {
            let dev = if e.deviation_us.is_finite() {
                e.deviation_us
            } else {
                0.0
            };
            weight(e) * (dev * dev + (e.mean_us - mean).powi(2))
        })
        .sum();
    (mean, variance.max(0.0).sqrt(), samples)
}

//! What the FPM figures are computed from ([`FpmInput`]: the devices, n,
//! its range, the methods, a second platform), its check, and the
//! partitions of one n ([`Solved`]) that every view draws.

use super::style::{fmt_size, method_short};
use crate::chart::Scale;
use crate::error::FigureError;
use crate::labels::grouped_names;
use hetscope_model::format::fmt_num;
use hetscope_model::fpm::{
    Contention, Device, FpmDevice, Method, Partition, SpeedFunction, cpm_constants,
    effective_speeds, partition, partition_units,
};

/// Everything the FPM figures are computed from.
#[derive(Clone, Debug, PartialEq)]
pub struct FpmInput {
    pub devices: Vec<FpmDevice>,
    /// Total problem size n, units (rounded to whole units with
    /// `integer`).
    pub n_units: f64,
    /// Range of n for the sweep, units (`lo < hi`).
    pub n_range: (f64, f64),
    /// Scale of both axes of the speed and sweep views.
    pub scale: Scale,
    /// Whole units (blocks) adding up to n.
    pub integer: bool,
    /// The partitioning methods drawn, in the order even, CPM, FPM.
    pub methods: Vec<Method>,
    /// A second platform to compare with (its name and devices): their
    /// speed functions are drawn dotted in the speed view, their
    /// partitions beside in the times view and lighter in the sweep.
    pub overlay: Option<(String, Vec<FpmDevice>)>,
    /// The name of the devices' platform, if they come from one.
    pub platform: String,
}

impl Default for FpmInput {
    fn default() -> Self {
        FpmInput {
            devices: Vec::new(),
            n_units: 1.0,
            n_range: (0.1, 10.0),
            scale: Scale::Log10,
            integer: false,
            methods: METHODS.to_vec(),
            overlay: None,
            platform: String::new(),
        }
    }
}

/// The three methods in drawing order.
pub const METHODS: [Method; 3] = [Method::Even, Method::Cpm, Method::Fpm];

/// The partitions of one n.
#[derive(Clone, Debug)]
pub struct Solved {
    /// n as partitioned (whole with `integer`), units.
    pub n_units: f64,
    /// The speed functions partitioned with (contention applied).
    pub speeds: Vec<SpeedFunction>,
    /// Every method's partition, in the order of [`METHODS`].
    pub parts: [(Method, Partition); 3],
    /// CPM's constant speeds: each device's speed at the even share.
    pub cpm_constants: Vec<f64>,
    /// The common time of the continuous FPM partition, s: the line
    /// s = x / T cuts every speed graph at the FPM share.
    pub fpm_time_s: f64,
}

impl Solved {
    pub fn part(&self, m: Method) -> &Partition {
        // The place of each method in `METHODS`.
        let k = match m {
            Method::Even => 0,
            Method::Cpm => 1,
            Method::Fpm => 2,
        };
        &self.parts[k].1
    }

    /// Per device, the methods that held its share at its memory limit
    /// (empty where none did).
    pub fn held_at_memory(&self) -> Vec<Vec<Method>> {
        let mut held = vec![Vec::new(); self.speeds.len()];
        for (m, p) in &self.parts {
            for (i, at) in p.at_memory_limit(&self.speeds).into_iter().enumerate() {
                if at {
                    held[i].push(*m);
                }
            }
        }
        held
    }

    /// A note naming each device whose memory caps its share, the cap and
    /// the methods it caps (and when that leaves every method the same
    /// split); none when no share reaches a memory limit. `names` and
    /// `unit` name the devices and the size unit.
    pub fn memory_note(&self, names: &[String], unit: &str, integer: bool) -> Option<String> {
        let clauses: Vec<String> = self
            .held_at_memory()
            .iter()
            .enumerate()
            .filter(|(_, methods)| !methods.is_empty())
            .map(|(i, methods)| {
                let cap = self.part(methods[0]).shares[i].size_units;
                let which = if methods.len() == self.parts.len() {
                    "every method gives".to_string()
                } else {
                    let short: Vec<&str> = methods.iter().map(|&m| method_short(m)).collect();
                    let verb = if short.len() == 1 { "gives" } else { "give" };
                    format!("{} {verb}", short.join(" and "))
                };
                let name = names.get(i).map_or("a device", String::as_str);
                format!(
                    "{name} holds at most {} {unit}, which {which} it",
                    fmt_size(cap, integer)
                )
            })
            .collect();
        if clauses.is_empty() {
            return None;
        }
        let sizes = |k: usize| self.parts[k].1.sizes_units();
        let same = (1..self.parts.len()).all(|k| sizes(k) == sizes(0));
        let tail = if same {
            "; so the three methods give the same split"
        } else {
            ""
        };
        Some(format!("Memory limit: {}{tail}.", clauses.join("; ")))
    }
}

impl FpmInput {
    /// Checks what the figures need: devices, n, range, factors, methods.
    pub fn check(&self) -> Result<(), FigureError> {
        if self.devices.is_empty() {
            return Err(FigureError::input(
                "no devices",
                "add at least one speed function",
            ));
        }
        if !(self.n_units.is_finite() && self.n_units > 0.0) {
            return Err(FigureError::input(
                format!("problem size n = {}", self.n_units),
                "must be a positive number of units",
            ));
        }
        let (lo, hi) = self.n_range;
        if !(lo.is_finite() && hi.is_finite() && lo > 0.0 && hi > lo) {
            return Err(FigureError::input(
                format!("range of n {lo} to {hi}"),
                "must satisfy 0 < from < to",
            ));
        }
        for d in &self.devices {
            Contention::new(d.contention).map_err(|e| FigureError::from(e).of(&d.name))?;
        }
        if self.methods.is_empty() {
            return Err(FigureError::input(
                "no partitioning method chosen",
                "pick at least one",
            ));
        }
        Ok(())
    }

    /// The speed functions as measured, one per device.
    pub fn measured_functions(&self) -> Result<Vec<SpeedFunction>, FigureError> {
        self.devices
            .iter()
            .map(|d| {
                d.speed_function()
                    .map_err(|e| FigureError::from(e).of(&d.name))
            })
            .collect()
    }

    /// The speed functions to partition with: contention applied where a
    /// device shares its socket with another device of the list.
    pub fn effective_functions(&self) -> Result<Vec<SpeedFunction>, FigureError> {
        let devices = self
            .devices
            .iter()
            .map(|d| d.device().map_err(|e| FigureError::from(e).of(&d.name)))
            .collect::<Result<Vec<Device>, FigureError>>()?;
        Ok(effective_speeds(&devices))
    }

    /// n as partitioned: whole and at least 1 with `integer`.
    pub fn n_used(&self, n: f64) -> f64 {
        if self.integer { n.round().max(1.0) } else { n }
    }

    /// The common unit of the devices, and a warning when they differ.
    pub fn unit(&self) -> (String, Option<String>) {
        let mut units: Vec<&str> = Vec::new();
        for d in &self.devices {
            let u = d.unit.trim();
            if !units.contains(&u) {
                units.push(u);
            }
        }
        match units.as_slice() {
            [one] if !one.is_empty() => (one.to_string(), None),
            [_] | [] => ("units".into(), None),
            many => (
                "units".into(),
                Some(format!(
                    "The devices use different units ({}): their sizes and the partition are not comparable.",
                    many.join(", ")
                )),
            ),
        }
    }

    /// All three partitions of n (rounded with `integer`).
    pub fn solve(&self, speeds: &[SpeedFunction], n: f64) -> Result<Solved, FigureError> {
        let n = self.n_used(n);
        let one = |m: Method| {
            let p = partition_units(speeds, n, self.integer, m);
            let at = || format!("n = {}", fmt_size(n, self.integer));
            p.map(|p| (m, p)).map_err(|e| FigureError::from(e).of(at()))
        };
        // In the order of `METHODS`, which `Solved::part` relies on.
        let parts = [one(Method::Even)?, one(Method::Cpm)?, one(Method::Fpm)?];
        let cpm = cpm_constants(speeds, n).map_err(FigureError::from)?;
        let fpm_time_s = if self.integer {
            partition(speeds, n, Method::Fpm)
                .map_err(FigureError::from)?
                .makespan_s
        } else {
            parts[2].1.makespan_s
        };
        Ok(Solved {
            n_units: n,
            speeds: speeds.to_vec(),
            parts,
            cpm_constants: cpm,
            fpm_time_s,
        })
    }

    /// Notes shared by the views: units, contention, falling times.
    pub fn common_notes(&self, speeds: &[SpeedFunction]) -> Vec<String> {
        let mut notes = Vec::new();
        if let Some(w) = self.unit().1 {
            notes.push(w);
        }
        for (i, d) in self.devices.iter().enumerate() {
            let shared = d.socket.is_some_and(|s| {
                self.devices
                    .iter()
                    .enumerate()
                    .any(|(j, o)| j != i && o.socket == Some(s))
            });
            if shared && d.contention < 1.0 {
                notes.push(format!(
                    "{}: speed x {} for contention on socket {} (FPM paper, Section V).",
                    d.name,
                    fmt_num(d.contention),
                    d.socket.unwrap_or(0)
                ));
            }
        }
        for d in &self.devices {
            if let (Some(l), Some(o)) = (d.max_size_units, &d.out_of_core) {
                let how = match o {
                    hetscope_model::fpm::OutOfCore::Factor(k) => {
                        format!("at {} x its speed at the limit", fmt_num(*k))
                    }
                    hetscope_model::fpm::OutOfCore::Points(p) => {
                        format!("on {} measured out-of-core points", p.len())
                    }
                };
                notes.push(format!(
                    "{}: out of core beyond its memory limit of {} {}, {how} (FPM paper, Section V).",
                    d.name,
                    fmt_num(l),
                    d.unit
                ));
            }
        }
        for (d, f) in self.devices.iter().zip(speeds) {
            if let Some((a, b)) = f.time_decrease() {
                notes.push(format!(
                    "{}: x / s(x) falls between {} and {}, so FPM may not balance it exactly.",
                    d.name,
                    fmt_num(a),
                    fmt_num(b)
                ));
            }
        }
        notes
    }

    /// Subtitle: devices, n and whether blocks are whole.
    pub fn subtitle(&self, n: f64) -> String {
        let names: Vec<&str> = self.devices.iter().map(|d| d.name.as_str()).collect();
        let (unit, _) = self.unit();
        let platform = if self.platform.is_empty() {
            String::new()
        } else {
            format!("{}: ", self.platform)
        };
        format!(
            "{platform}{} | n = {} {unit}{}",
            grouped_names(&names, ", "),
            fmt_size(n, self.integer),
            if self.integer { " (whole units)" } else { "" }
        )
    }
}

impl FpmInput {
    /// The platform compared with, as an input of its own (the same n,
    /// range and methods).
    pub fn compared(&self) -> Option<FpmInput> {
        let (name, devices) = self.overlay.as_ref()?;
        Some(FpmInput {
            devices: devices.clone(),
            overlay: None,
            platform: name.clone(),
            methods: self.methods.clone(),
            ..*self
        })
    }

    /// The platform's name, or a description of the devices.
    pub fn platform_name(&self) -> String {
        if self.platform.is_empty() {
            "devices chosen".into()
        } else {
            self.platform.clone()
        }
    }
}

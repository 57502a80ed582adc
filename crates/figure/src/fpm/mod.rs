//! Figures of the functional performance models (FPM paper, Sections V
//! and VI), built from plain data ([`FpmInput`]) so that the GUI, the
//! command line and the tests share them:
//!
//! - `speed.rs` (`fpm-speed`): the devices' speed functions s(x) with the
//!   FPM partition drawn as the line s = x / T through the origin cutting
//!   every graph, and the CPM partition beside it (the constant speeds
//!   measured at the even share and the line they imply).
//! - `times.rs` (`fpm-times`): predicted time and share of every device
//!   for the homogeneous, CPM and FPM partitions at n (after the paper's
//!   Figure 6 and Table III).
//! - `sweep.rs` (`fpm-sweep`): predicted makespan and load imbalance
//!   against n for the three methods (after Figure 7).
//!
//! Every number comes from `hetscope_model::fpm`; this module only lays it
//! out. Sizes are in the devices' computation unit, speeds in units/s,
//! times in s (x / s(x), the time of one kernel run of the share).

mod device;
mod speed;
mod sweep;
mod times;

pub use device::n_range;
pub use times::{FpmTable, TableColumn, table};

use super::chart::palette;
use super::{ChartFigure, Figure, Scale, View};
use crate::error::FigureError;
use hetscope_model::format::fmt_num;
pub use hetscope_model::fpm::FpmDevice;
use hetscope_model::fpm::{
    Contention, Device, Method, Partition, SpeedFunction, cpm_constants, effective_speeds,
    partition, partition_blocks,
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

/// Name of a method in legends and tables.
pub fn method_label(m: Method) -> &'static str {
    match m {
        Method::Even => "homogeneous (n / p each)",
        Method::Cpm => "CPM (constant speeds)",
        Method::Fpm => "FPM (speed functions)",
    }
}

/// Short name of a method.
pub fn method_short(m: Method) -> &'static str {
    match m {
        Method::Even => "homogeneous",
        Method::Cpm => "CPM",
        Method::Fpm => "FPM",
    }
}

/// Colour of a method in the times and sweep views.
pub fn method_color(m: Method) -> [u8; 3] {
    match m {
        Method::Even => palette::GREY,
        Method::Cpm => palette::VERMILION,
        Method::Fpm => palette::BLUE,
    }
}

/// Colour of device `i` in the speed view: never vermilion or black,
/// which mark the CPM and FPM partitions there.
pub fn device_color(i: usize) -> [u8; 3] {
    const C: [[u8; 3]; 7] = [
        palette::BLUE,
        palette::GREY,
        palette::GREEN,
        palette::ORANGE,
        palette::PURPLE,
        palette::SKY,
        palette::YELLOW,
    ];
    C[i % C.len()]
}

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
            let p = if self.integer {
                partition_blocks(speeds, n as u64, m)
            } else {
                partition(speeds, n, m)
            };
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
            names.join(", "),
            fmt_size(n, self.integer),
            if self.integer { " (whole units)" } else { "" }
        )
    }
}

/// A size for labels: whole with `integer`, about four digits without
/// trailing zeros otherwise.
pub fn fmt_size(x: f64, integer: bool) -> String {
    if integer && x.is_finite() && x.abs() < 1e15 {
        format!("{}", x.round() as i64)
    } else {
        hetscope_model::format::fmt_tick(x)
    }
}

/// Build the figure of one FPM view.
pub fn build(view: View, input: &FpmInput) -> Result<ChartFigure, FigureError> {
    input.check()?;
    match view {
        View::FpmSpeed => speed::build(input),
        View::FpmTimes => times::build(input),
        View::FpmSweep => sweep::build(input),
        _ => Err(FigureError::WrongView {
            view: view.key(),
            model: "FPM",
        }),
    }
}

/// The figure of one FPM view. With a second platform, its times view
/// stands beside the first on a common time axis; the speed and sweep
/// views draw it over their own (see [`build`]).
pub fn build_figure(view: View, input: &FpmInput) -> Result<Figure, FigureError> {
    let (Some(second), View::FpmTimes) = (input.compared(), view) else {
        return build(view, input).map(Figure::Chart);
    };
    input.check()?;
    let name = second.platform.clone();
    let in_second = |e: FigureError| e.of(name.clone());
    second.check().map_err(in_second)?;
    let slowest = times::slowest(input)?.max(times::slowest(&second).map_err(in_second)?);
    let left = times::build_scaled(input, slowest)?;
    let right = times::build_scaled(&second, slowest).map_err(in_second)?;
    let names = [input.platform_name(), name.clone()];
    Ok(Figure::side_by_side(
        Figure::Chart(left),
        Figure::Chart(right),
        names,
    ))
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

#[cfg(test)]
mod tests {
    use super::*;
    use hetscope_model::fpm::SpeedPoint;

    fn dev(name: &str, pairs: &[(f64, f64)]) -> FpmDevice {
        FpmDevice {
            name: name.into(),
            points: pairs.iter().map(|&(x, s)| SpeedPoint::new(x, s)).collect(),
            unit: "blocks".into(),
            ..Default::default()
        }
    }

    #[test]
    fn mixed_units_are_named() {
        let mut input = FpmInput {
            devices: vec![dev("a", &[(1.0, 1.0)]), dev("b", &[(1.0, 2.0)])],
            ..Default::default()
        };
        assert_eq!(input.unit(), ("blocks".into(), None));
        input.devices[1].unit = "Mflop".into();
        let (u, w) = input.unit();
        assert_eq!(u, "units");
        assert!(w.unwrap().contains("blocks, Mflop"));
    }

    #[test]
    fn bad_inputs_are_refused_with_a_reason() {
        let mut input = FpmInput::default();
        assert!(
            build(View::FpmSpeed, &input)
                .unwrap_err()
                .to_string()
                .contains("no devices")
        );
        input.devices.push(dev("a", &[(1.0, 1.0)]));
        input.devices[0].contention = 1.5;
        let e = build(View::FpmTimes, &input).unwrap_err();
        assert!(e.to_string().starts_with("a:"), "{e}");
        input.devices[0].contention = 1.0;
        input.methods.clear();
        assert!(build(View::FpmSweep, &input).is_err());
        input.methods = METHODS.to_vec();
        assert!(build(View::Offload, &input).is_err());
        assert!(build(View::FpmSweep, &input).is_ok());
    }
}

//! A device as described by its measurements: the points of its speed
//! function, its memory limit, how it runs beyond that limit (out of
//! core), its unit and how it shares a socket. Plain data, read from a
//! speed-function CSV or measured on this machine; the model's
//! [`SpeedFunction`] and [`Device`] are built from it.

use serde::{Deserialize, Serialize};

use super::contention::Contention;
use super::device::Device;
use super::fitted::{FITTED_POINTS, FittedTime};
use super::param::FpmParam;
use super::point::SpeedPoints;
use super::speed::{SpeedError, SpeedFunction, SpeedPoint};
use crate::platform::Source;

/// One device: its measured speed function and how it shares a socket.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct FpmDevice {
    /// Name in legends, tables and categories.
    pub name: String,
    /// Where the points come from (a paper's device, a file, a
    /// measurement on this machine, a rule from a spec sheet); stored as
    /// its text.
    #[serde(with = "crate::platform::source::as_text")]
    pub source: Source,
    /// Measured points (size units, speed units/s), any order.
    pub points: SpeedPoints,
    /// Memory limit, units (no share goes beyond it unless the device
    /// runs out of core).
    pub max_size_units: Option<f64>,
    /// How the device runs beyond its memory limit (FPM paper, Section V,
    /// Figure 3 versions 2 and 3); None: it cannot.
    pub out_of_core: Option<OutOfCore>,
    /// Name of the computation unit, e.g. "blocks", "Mflop".
    pub unit: String,
    /// Speed factor (0.001 to 1) while another device of the same socket has
    /// work (FPM paper, Section V: 0.85 for a GPU next to busy cores).
    pub contention: f64,
    /// Devices with the same socket number share resources; None: alone.
    pub socket: Option<u32>,
    /// The time function a task runtime fitted to these runs (StarPU's
    /// regression), where it fitted one; drawn beside the points.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fit: Option<FittedTime>,
}

impl Default for FpmDevice {
    fn default() -> Self {
        FpmDevice {
            name: String::new(),
            source: Source::Edited,
            points: SpeedPoints::default(),
            max_size_units: None,
            out_of_core: None,
            unit: "units".into(),
            contention: 1.0,
            socket: None,
            fit: None,
        }
    }
}

impl FpmDevice {
    /// The speed function through the points, with the memory limit and
    /// the out-of-core extension beyond it.
    /// Every number is checked against its range ([`FpmParam`]) first.
    pub fn speed_function(&self) -> Result<SpeedFunction, SpeedError> {
        self.check_ranges()?;
        let f = SpeedFunction::new(&self.points)?;
        let f = match self.max_size_units {
            Some(l) => f.with_memory_limit(l)?,
            None => f,
        };
        match &self.out_of_core {
            Some(o) => o.extend(f),
            None => Ok(f),
        }
    }

    /// The points, memory limit, out-of-core extension, contention and
    /// socket in their ranges.
    fn check_ranges(&self) -> Result<(), SpeedError> {
        let check = |p: FpmParam, at: String, v: f64| {
            p.check(v).map_err(|error| SpeedError::Range {
                at,
                error: Box::new(error),
            })
        };
        let points = |curve: &str, points: &[SpeedPoint]| {
            for (k, q) in points.iter().enumerate() {
                let at = format!("{curve} point {k}: ");
                check(FpmParam::PointSize, at.clone(), q.size_units)?;
                check(FpmParam::PointSpeed, at, q.speed_units_per_s)?;
            }
            Ok(())
        };
        points("in-core", &self.points)?;
        if let Some(l) = self.max_size_units {
            check(FpmParam::MaxSize, String::new(), l)?;
        }
        match &self.out_of_core {
            Some(OutOfCore::Factor(k)) => check(FpmParam::OutOfCoreFactor, String::new(), *k)?,
            Some(OutOfCore::Points(p)) => points("out-of-core", p)?,
            None => {}
        }
        check(FpmParam::Contention, String::new(), self.contention)?;
        let socket = self.socket.map_or(0.0, f64::from);
        check(FpmParam::Socket, String::new(), socket)
    }

    /// Whether a share of `size_units` runs out of core on this device:
    /// it lies beyond the memory limit and an extension is set.
    pub fn runs_out_of_core(&self, size_units: f64) -> bool {
        self.out_of_core.is_some() && self.max_size_units.is_some_and(|l| size_units > l)
    }

    /// The model's device: the speed function, socket and contention.
    pub fn device(&self) -> Result<Device, SpeedError> {
        Ok(Device {
            name: self.name.clone(),
            speed: self.speed_function()?,
            socket: self.socket,
            contention: Contention::new(self.contention)?,
        })
    }
}

impl FpmDevice {
    /// The device with its speed function sampled along its fit (at
    /// [`FITTED_POINTS`] sizes over the fitted range, where the fitted
    /// time is positive): how the runtime's regression sees it. None
    /// where it has no fit or the fit gives fewer than two points.
    pub fn along_fit(&self) -> Option<FpmDevice> {
        let fit = self.fit?;
        let points: Vec<SpeedPoint> = fit
            .sizes(FITTED_POINTS)
            .into_iter()
            .filter_map(|x| fit.speed(x).map(|s| SpeedPoint::new(x, s)))
            .collect();
        (points.len() >= 2).then(|| FpmDevice {
            points: points.into(),
            ..self.clone()
        })
    }
}

/// How a device's speed continues beyond its memory limit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum OutOfCore {
    /// A fraction in [0.001, 1] of the speed at the memory limit, the same
    /// for every larger size (the drop of an out-of-core kernel that
    /// streams the data through the device memory).
    Factor(f64),
    /// Measured speeds of an out-of-core implementation, every size
    /// beyond the memory limit; linear between them, constant beyond.
    Points(Vec<SpeedPoint>),
}

impl OutOfCore {
    /// `f` (with its memory limit) extended beyond the limit.
    pub fn extend(&self, f: SpeedFunction) -> Result<SpeedFunction, SpeedError> {
        let limit = f
            .memory_limit_units()
            .ok_or(SpeedError::OutOfCoreWithoutLimit)?;
        match self {
            OutOfCore::Factor(k) => {
                FpmParam::OutOfCoreFactor
                    .check(*k)
                    .map_err(|error| SpeedError::Range {
                        at: String::new(),
                        error: Box::new(error),
                    })?;
                let at_limit = f
                    .speed(limit)
                    .ok_or(SpeedError::BadMemoryLimit { limit_units: limit })?;
                // One point right after the limit: constant on both sides.
                f.with_out_of_core(&[SpeedPoint::new(limit.next_up(), k * at_limit)])
            }
            OutOfCore::Points(points) => f.with_out_of_core(points),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fpm::fitted::FitKind;

    #[test]
    fn a_device_along_its_fit_has_the_fits_speeds_over_its_range() {
        let f = FittedTime {
            kind: FitKind::Linear,
            a_s: 2e-9,
            b: 1.0,
            c_s: 0.0,
            min_units: 1e3,
            max_units: 1e6,
            samples: 40,
        };
        let d = FpmDevice {
            points: vec![SpeedPoint::new(1.0, 1.0)].into(),
            fit: Some(f),
            ..FpmDevice::default()
        };
        let a = d.along_fit().unwrap();
        let pts = a.points.to_vec();
        assert_eq!(pts.len(), FITTED_POINTS);
        assert!(pts.iter().all(|p| (p.speed_units_per_s - 5e8).abs() < 1e-3));
        assert_eq!((pts[0].size_units, a.name.as_str()), (1e3, ""));
        assert!(FpmDevice::default().along_fit().is_none());
    }
}

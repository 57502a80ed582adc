//! A device as described by its measurements: the points of its speed
//! function, its memory limit, its unit and how it shares a socket. Plain
//! data, read from a speed-function CSV or measured on this machine; the
//! model's [`SpeedFunction`] and [`Device`] are built from it.

use serde::{Deserialize, Serialize};

use super::contention::{Contention, Device};
use super::speed::{SpeedError, SpeedFunction, SpeedPoint};
use crate::model::platform::Source;

/// One device: its measured speed function and how it shares a socket.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct FpmDevice {
    /// Name in legends, tables and categories.
    pub name: String,
    /// Where the points come from (a paper's device, a file, a
    /// measurement on this machine, a rule from a spec sheet); stored as
    /// its text.
    #[serde(with = "crate::model::platform::source::as_text")]
    pub source: Source,
    /// Measured points (size units, speed units/s), any order.
    pub points: Vec<SpeedPoint>,
    /// Memory limit, units (no share goes beyond it).
    pub max_size_units: Option<f64>,
    /// Name of the computation unit, e.g. "blocks", "Mflop".
    pub unit: String,
    /// Speed factor in (0, 1] while another device of the same socket has
    /// work (FPM paper, Section V: 0.85 for a GPU next to busy cores).
    pub contention: f64,
    /// Devices with the same socket number share resources; None: alone.
    pub socket: Option<u32>,
}

impl Default for FpmDevice {
    fn default() -> Self {
        FpmDevice {
            name: String::new(),
            source: Source::Edited,
            points: Vec::new(),
            max_size_units: None,
            unit: "units".into(),
            contention: 1.0,
            socket: None,
        }
    }
}

impl FpmDevice {
    /// The speed function through the points, with the memory limit.
    pub fn speed_function(&self) -> Result<SpeedFunction, SpeedError> {
        let f = SpeedFunction::new(&self.points)?;
        match self.max_size_units {
            Some(l) => f.with_memory_limit(l),
            None => Ok(f),
        }
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

//! Resource contention between devices on one socket.
//!
//! The FPM paper (Section III, last experiment, and Section V, Figure 5)
//! runs a GPU with its dedicated core next to busy cores of the same
//! socket: the GPU's speed drops by 7-15 %, the cores hardly change. A
//! speed function measured with the rest of the socket idle therefore
//! overestimates the device. hetscope models this as one factor per
//! device, from 0.001 to 1, multiplying the whole speed function while another
//! device of the same socket has work.
//!
//! Partitioning cannot know in advance which devices get work, so
//! [`effective_speeds`] applies the factor whenever another device of the
//! same socket takes part in the partition. When that neighbour ends up
//! with no work, the prediction for the device is pessimistic by the
//! factor.

use super::param::FpmParam;
use super::speed::{SpeedError, SpeedFunction};

/// Speed drop of a GPU next to busy cores reported by the FPM paper,
/// Section III: 7 to 15 percent.
pub const PAPER_GPU_LOSS_PERCENT: (f64, f64) = (7.0, 15.0);

/// A factor in [0.001, 1] scaling a device's speed while its socket is
/// busy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contention(f64);

impl Contention {
    /// No slow-down (the paper's finding for the CPU cores).
    pub const NONE: Contention = Contention(1.0);

    /// A factor in [`FpmParam::Contention`]'s range (0.001 to 1).
    pub fn new(factor: f64) -> Result<Self, SpeedError> {
        FpmParam::Contention
            .check(factor)
            .map_err(|error| SpeedError::Range {
                at: String::new(),
                error: Box::new(error),
            })?;
        Ok(Contention(factor))
    }

    /// From a speed loss in percent: 15 % gives the factor 0.85.
    pub fn from_loss_percent(loss_percent: f64) -> Result<Self, SpeedError> {
        Self::new(1.0 - loss_percent / 100.0)
    }

    pub fn factor(self) -> f64 {
        self.0
    }
}

impl Default for Contention {
    fn default() -> Self {
        Contention::NONE
    }
}

/// One device of a partitioning problem.
#[derive(Clone, Debug, PartialEq)]
pub struct Device {
    pub name: String,
    /// Speed measured with the rest of the socket idle.
    pub speed: SpeedFunction,
    /// Devices with the same socket number share resources; None: shares
    /// nothing with the others.
    pub socket: Option<u32>,
    /// Applied while another device of the same socket has work.
    pub contention: Contention,
}

impl Device {
    /// A device alone on its socket.
    pub fn alone(name: impl Into<String>, speed: SpeedFunction) -> Self {
        Device {
            name: name.into(),
            speed,
            socket: None,
            contention: Contention::NONE,
        }
    }
}

/// The speed functions to partition with: each device's function, scaled
/// by its contention factor when another device of the list shares its
/// socket.
pub fn effective_speeds(devices: &[Device]) -> Vec<SpeedFunction> {
    devices
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let shared = d.socket.is_some_and(|s| {
                devices
                    .iter()
                    .enumerate()
                    .any(|(j, o)| j != i && o.socket == Some(s))
            });
            if shared {
                d.speed.scaled(d.contention)
            } else {
                d.speed.clone()
            }
        })
        .collect()
}

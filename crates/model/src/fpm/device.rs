//! One device of a partitioning problem ([`Device`]: its speed function,
//! socket and contention factor) and the speed functions to partition
//! with.
//!
//! Partitioning cannot know in advance which devices get work, so
//! [`effective_speeds`] applies the factor whenever another device of the
//! same socket takes part in the partition. When that neighbour ends up
//! with no work, the prediction for the device is pessimistic by the
//! factor.

use super::contention::Contention;
use super::speed::SpeedFunction;

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

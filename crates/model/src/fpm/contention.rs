//! Resource contention between devices on one socket.
//!
//! The FPM paper (Section III, last experiment, and Section V, Figure 5)
//! runs a GPU with its dedicated core next to busy cores of the same
//! socket: the GPU's speed drops by 7-15 %, the cores hardly change. A
//! speed function measured with the rest of the socket idle therefore
//! overestimates the device. hetscope models this as one factor per
//! device, from 0.001 to 1, multiplying the whole speed function while another
//! device of the same socket has work (`device.rs` applies it:
//! [`effective_speeds`](super::effective_speeds)).

use super::error::SpeedError;
use super::param::FpmParam;

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

//! The host-device bus of the offload paper's Section IV-B: a fixed cost
//! per transfer plus the bytes at the bus's rate.

use serde::{Deserialize, Serialize};

use super::{OffloadError, OffloadParam, non_negative};

/// The host-device bus (PCIe, NVLink).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bus {
    pub name: String,
    /// Transfer rate in GB/s (the paper's Table III: NVLink 25 GB/s).
    pub bw_gbs: f64,
    /// Fixed cost of one transfer in microseconds.
    pub latency_us: f64,
}

impl Bus {
    /// Seconds to move `bytes` in one transfer: latency + bytes / bandwidth;
    /// zero bytes need no transfer.
    pub fn transfer_seconds(&self, bytes: f64) -> Result<f64, OffloadError> {
        OffloadParam::BusGbs.check(self.bw_gbs)?;
        OffloadParam::BusLatencyUs.check(self.latency_us)?;
        non_negative("transfer bytes", "bytes", bytes)?;
        if bytes == 0.0 {
            return Ok(0.0);
        }
        Ok(self.latency_us * 1e-6 + bytes / (self.bw_gbs * 1e9))
    }
}

//! The host-device bus of the offload paper's Section IV-B: a fixed cost
//! per transfer plus the bytes at the bus's rate, each direction at its
//! own (copies to the device and back run at different rates on a real
//! link, above all from pageable host memory).

use serde::{Deserialize, Serialize};

use super::{OffloadError, OffloadParam, non_negative};
use crate::platform::{Direction, Transfers};

/// Both directions' rates from one kind of host memory, GB/s.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rates {
    pub h2d_gbs: f64,
    pub d2h_gbs: f64,
}

/// The host-device bus (PCIe, NVLink). In files, `bw_gbs` gives both
/// directions one rate (as the paper's Table III does); `h2d_gbs` and
/// `d2h_gbs` give each its own.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "BusFile", into = "BusFile")]
pub struct Bus {
    pub name: String,
    /// Host to device, GB/s (the paper's Table III: NVLink 25 GB/s).
    pub h2d_gbs: f64,
    /// Device to host, GB/s.
    pub d2h_gbs: f64,
    /// Fixed cost of one transfer in microseconds.
    pub latency_us: f64,
    /// The link's rates from page-locked host memory, where known: a
    /// kernel whose host arrays are pinned copies at these.
    pub pinned: Option<Rates>,
    /// The link's rates from ordinary host memory, where known: a kernel
    /// that says its arrays are pageable copies at these.
    pub pageable: Option<Rates>,
}

impl Bus {
    /// A bus of one rate both ways.
    pub fn symmetric(name: impl Into<String>, bw_gbs: f64, latency_us: f64) -> Bus {
        Bus {
            name: name.into(),
            h2d_gbs: bw_gbs,
            d2h_gbs: bw_gbs,
            latency_us,
            pinned: None,
            pageable: None,
        }
    }

    /// The bus a kernel whose host arrays live in `memory` copies over:
    /// that memory's rates where the link gives them, else the bus's own
    /// (the platform's choice), which a kernel that says nothing gets too.
    pub fn for_memory(&self, memory: Option<Transfers>) -> Bus {
        let rates = match memory {
            Some(Transfers::Pinned) => self.pinned,
            Some(Transfers::Pageable) => self.pageable,
            None => None,
        };
        let mut bus = self.clone();
        if let Some(r) = rates {
            (bus.h2d_gbs, bus.d2h_gbs) = (r.h2d_gbs, r.d2h_gbs);
        }
        bus
    }

    /// The rate of direction `d`, GB/s.
    pub fn rate(&self, d: Direction) -> f64 {
        match d {
            Direction::ToDevice => self.h2d_gbs,
            Direction::FromDevice => self.d2h_gbs,
        }
    }

    /// The slower direction's rate, GB/s (the rate of both where they
    /// agree).
    pub fn slower_gbs(&self) -> f64 {
        self.h2d_gbs.min(self.d2h_gbs)
    }

    /// Whether both directions run at one rate.
    pub fn is_symmetric(&self) -> bool {
        self.h2d_gbs == self.d2h_gbs
    }

    /// Seconds to move `bytes` in one transfer in direction `d`: latency +
    /// bytes / that direction's rate; zero bytes need no transfer.
    pub fn transfer_seconds(&self, d: Direction, bytes: f64) -> Result<f64, OffloadError> {
        let (param, rate) = match d {
            Direction::ToDevice => (OffloadParam::BusH2dGbs, self.h2d_gbs),
            Direction::FromDevice => (OffloadParam::BusD2hGbs, self.d2h_gbs),
        };
        param.check(rate)?;
        OffloadParam::BusLatencyUs.check(self.latency_us)?;
        non_negative("transfer bytes", "bytes", bytes)?;
        if bytes == 0.0 {
            return Ok(0.0);
        }
        Ok(self.latency_us * 1e-6 + bytes / (rate * 1e9))
    }
}

/// The bus as files write it: one rate for both directions or one each.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BusFile {
    name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    bw_gbs: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    h2d_gbs: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    d2h_gbs: Option<f64>,
    latency_us: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pinned: Option<Rates>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pageable: Option<Rates>,
}

/// A bus file that gives no rate for a direction.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error(
    "bus '{name}': no rate {direction}: give bw_gbs (both directions) or h2d_gbs and d2h_gbs, GB/s"
)]
pub struct NoBusRate {
    name: String,
    direction: &'static str,
}

impl TryFrom<BusFile> for Bus {
    type Error = NoBusRate;

    fn try_from(f: BusFile) -> Result<Bus, NoBusRate> {
        let missing = |direction| NoBusRate {
            name: f.name.clone(),
            direction,
        };
        let h2d_gbs = f
            .h2d_gbs
            .or(f.bw_gbs)
            .ok_or_else(|| missing("host to device"))?;
        let d2h_gbs = f
            .d2h_gbs
            .or(f.bw_gbs)
            .ok_or_else(|| missing("device to host"))?;
        Ok(Bus {
            name: f.name,
            h2d_gbs,
            d2h_gbs,
            latency_us: f.latency_us,
            pinned: f.pinned,
            pageable: f.pageable,
        })
    }
}

impl From<Bus> for BusFile {
    fn from(b: Bus) -> BusFile {
        let one = b.is_symmetric();
        BusFile {
            bw_gbs: one.then_some(b.h2d_gbs),
            h2d_gbs: (!one).then_some(b.h2d_gbs),
            d2h_gbs: (!one).then_some(b.d2h_gbs),
            name: b.name,
            latency_us: b.latency_us,
            pinned: b.pinned,
            pageable: b.pageable,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_direction_runs_at_its_own_rate() {
        let b = Bus {
            name: "link".into(),
            h2d_gbs: 10.0,
            d2h_gbs: 20.0,
            latency_us: 5.0,
            pinned: Some(Rates {
                h2d_gbs: 50.0,
                d2h_gbs: 40.0,
            }),
            pageable: None,
        };
        // A kernel with pinned arrays copies at the pinned rates; one that
        // says pageable, or nothing, at the bus's own (no pageable given).
        let pinned = b.for_memory(Some(Transfers::Pinned));
        assert_eq!((pinned.h2d_gbs, pinned.d2h_gbs), (50.0, 40.0));
        for m in [Some(Transfers::Pageable), None] {
            assert_eq!(b.for_memory(m), b);
        }
        let up = b.transfer_seconds(Direction::ToDevice, 1e9).unwrap();
        let down = b.transfer_seconds(Direction::FromDevice, 1e9).unwrap();
        assert!((up - (5e-6 + 0.1)).abs() < 1e-15, "{up}");
        assert!((down - (5e-6 + 0.05)).abs() < 1e-15, "{down}");
        assert_eq!(b.slower_gbs(), 10.0);
        assert!(!b.is_symmetric());
    }

    #[test]
    fn one_rate_reads_as_both_and_a_missing_one_is_refused() {
        let file = BusFile {
            name: "nvlink".into(),
            bw_gbs: Some(25.0),
            h2d_gbs: None,
            d2h_gbs: Some(30.0),
            latency_us: 10.0,
            pinned: None,
            pageable: None,
        };
        let b = Bus::try_from(file.clone()).unwrap();
        assert_eq!((b.h2d_gbs, b.d2h_gbs), (25.0, 30.0));
        // Written back: one rate where both agree, else both.
        assert_eq!(BusFile::from(b).h2d_gbs, Some(25.0));
        let one = BusFile::from(Bus::symmetric("nvlink", 25.0, 10.0));
        assert_eq!(
            (one.bw_gbs, one.h2d_gbs, one.d2h_gbs),
            (Some(25.0), None, None)
        );
        let e = Bus::try_from(BusFile {
            bw_gbs: None,
            ..file
        })
        .unwrap_err();
        assert!(e.to_string().contains("host to device"), "{e}");
    }
}

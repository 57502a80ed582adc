//! Devices of the FPM figures from speed-function CSV files: the unit
//! named in their comments, the default range of n, and the FPM paper's
//! hybrid node (Table III's devices G1, G2, 2 x S5, 2 x S6).

use super::FpmDevice;
use crate::preset::SpeedCsv;

/// The FPM paper's hybrid node as built-in device ids (presets/devices):
/// (name, id, socket). G1 and G2 each run next to a socket of five cores
/// (S5) that gave up one core to drive the GPU; S6 are the two full
/// sockets (FPM paper, Section VI).
pub const PAPER_HYBRID: [(&str, &str, u32); 6] = [
    ("G1 GTX680", "paper-hybrid-g1-gtx680", 1),
    ("G2 C870", "paper-hybrid-g2-c870", 2),
    ("S5 #1", "paper-hybrid-s5", 1),
    ("S5 #2", "paper-hybrid-s5", 2),
    ("S6 #1", "paper-hybrid-s6", 3),
    ("S6 #2", "paper-hybrid-s6", 4),
];

/// The problem size of the paper's Figure 6: 60 x 60 blocks.
pub const PAPER_N: f64 = 3600.0;

impl FpmDevice {
    /// A device from a speed-function CSV: its points, memory limit and
    /// the unit its comments name; no contention.
    pub fn from_csv(name: &str, source: &str, csv: &SpeedCsv) -> FpmDevice {
        FpmDevice {
            name: name.to_string(),
            source: source.to_string(),
            points: csv.points(),
            max_size_units: csv.max_size_units,
            unit: unit_from_comments(&csv.comments),
            contention: 1.0,
            socket: None,
        }
    }
}

impl FpmDevice {
    /// The device as a speed-function CSV (its name, source and unit in
    /// the comments, its memory limit), which [`FpmDevice::from_csv`]
    /// reads back to the same points.
    pub fn to_csv(&self) -> SpeedCsv {
        let comments = vec![
            format!("device: {}", self.name),
            format!("source: {}", self.source),
            format!("size in {} (speed in {}/s)", self.unit, self.unit),
        ];
        let mut csv = SpeedCsv::from_points(&self.points, &comments);
        csv.max_size_units = self.max_size_units;
        csv
    }
}

/// The computation unit a CSV's comments name ("size in Mflop (...)",
/// "size = blocks of C held"), or "units".
pub fn unit_from_comments(comments: &[String]) -> String {
    for c in comments {
        for key in ["size in ", "size = "] {
            if let Some(at) = c.find(key) {
                let rest = &c[at + key.len()..];
                let end = rest.find(['(', ',', ';', ')']).unwrap_or(rest.len());
                let mut unit = rest[..end].trim();
                if let Some(k) = unit.find(" of ") {
                    unit = unit[..k].trim();
                }
                if !unit.is_empty() && unit.len() <= 24 {
                    return unit.to_string();
                }
            }
        }
    }
    "units".into()
}

/// The default range of n: from the smallest measured size to twice the
/// sum of the devices' largest sizes (at most their memory together when
/// every device has a limit).
pub fn n_range(devices: &[FpmDevice]) -> (f64, f64) {
    let mut lo = f64::INFINITY;
    let mut sum = 0.0;
    let mut capacity = Some(0.0);
    for d in devices {
        let largest = d
            .points
            .iter()
            .map(|p| p.size_units)
            .chain(d.max_size_units)
            .fold(0.0f64, f64::max);
        lo = d.points.iter().map(|p| p.size_units).fold(lo, f64::min);
        sum += largest;
        capacity = match (capacity, d.max_size_units) {
            (Some(c), Some(l)) => Some(c + l),
            _ => None,
        };
    }
    if !(lo.is_finite() && lo > 0.0 && sum > 0.0) {
        return (1.0, 1000.0);
    }
    let mut hi = 2.0 * sum;
    if let Some(c) = capacity {
        hi = hi.min(c);
    }
    if hi <= lo * 10.0 {
        hi = lo * 10.0;
    }
    (lo, hi)
}

/// The paper's hybrid node, from a lookup of built-in devices by id
/// (the ids of [`PAPER_HYBRID`]); the names of devices not found are
/// returned as the error.
pub fn paper_hybrid(lookup: impl Fn(&str) -> Option<SpeedCsv>) -> Result<Vec<FpmDevice>, String> {
    let mut out = Vec::new();
    for (name, id, socket) in PAPER_HYBRID {
        let csv = lookup(id).ok_or_else(|| format!("built-in device {id} is missing"))?;
        let mut d = FpmDevice::from_csv(name, &format!("built-in {id}"), &csv);
        d.socket = Some(socket);
        out.push(d);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_are_read_from_comments() {
        let u = |c: &str| unit_from_comments(&[c.to_string()]);
        assert_eq!(
            u("gemm C = A B, n x n f64 matrices; size in Mflop (2 n^3 / 1e6), speed in Mflop/s"),
            "Mflop"
        );
        assert_eq!(
            u("triad ...; size in M elements (m / 1e6), speed in M elements/s"),
            "M elements"
        );
        assert_eq!(
            u("unit: one block update; size = blocks of C held, speed = block updates per second"),
            "blocks"
        );
        assert_eq!(u("nothing here"), "units");
        assert_eq!(unit_from_comments(&[]), "units");
    }

    #[test]
    fn n_range_spans_the_devices() {
        let csv = SpeedCsv::from_points(
            &[
                crate::model::fpm::SpeedPoint::new(10.0, 1.0),
                crate::model::fpm::SpeedPoint::new(100.0, 2.0),
            ],
            &[],
        );
        let a = FpmDevice::from_csv("a", "", &csv);
        let b = FpmDevice::from_csv("b", "", &csv);
        assert_eq!(n_range(&[a.clone(), b.clone()]), (10.0, 400.0));
        let mut c = a.clone();
        c.max_size_units = Some(150.0);
        let mut d = b;
        d.max_size_units = Some(120.0);
        assert_eq!(n_range(&[c, d]), (10.0, 270.0));
        assert_eq!(n_range(&[]), (1.0, 1000.0));
    }
}

//! Presets of the functional performance model: a device's speed function
//! as a CSV file (`speed_csv.rs`, format and errors there), or from a
//! StarPU performance-model file (`starpu/`). The built-in
//! devices (`presets/devices/*.csv`) are part of the one
//! [`Catalog`](crate::Catalog).

pub mod keys;
pub mod speed_csv;
mod speed_csv_out;
pub mod starpu;

pub use speed_csv::{SpeedCsv, SpeedCsvError, load_speed_csv, parse_speed_csv};
pub use speed_csv_out::save_speed_csv;

use super::catalog::Catalog;
use super::error::PresetError;
use hetscope_model::fpm::FpmDevice;
use hetscope_model::platform::Source;

/// The platform preset of the FPM paper's hybrid node, whose `fpm` list
/// names its six devices: G1 and G2 each run next to a socket of five
/// cores (S5) that gave up one core to drive the GPU; S6 are the two full
/// sockets (FPM paper, Section VI).
pub const PAPER_HYBRID_PLATFORM: &str = "fpm-hybrid-node";

/// The problem size of the paper's Figure 6: 60 x 60 blocks.
pub const PAPER_N: f64 = 3600.0;

impl SpeedCsv {
    /// A device from this CSV: its points (with the spreads of their
    /// timings, which the FPM split's interval reads), memory limit,
    /// out-of-core extension, contention factor (1 unless given), socket
    /// and the unit its comments name.
    pub fn to_device(&self, name: &str, source: Source) -> FpmDevice {
        FpmDevice {
            name: name.to_string(),
            source,
            points: self.rows.clone().into(),
            max_size_units: self.max_size_units,
            out_of_core: self.out_of_core.clone(),
            unit: unit_from_comments(&self.comments),
            contention: self.contention.unwrap_or(1.0),
            socket: self.socket,
            fit: self.fit,
        }
    }

    /// A device of the file `path`: the source its `# source:` comment
    /// names (as written by [`SpeedCsv::from_device`]), else a
    /// measurement in that file.
    pub fn file_device(&self, name: &str, path: &str) -> FpmDevice {
        let source = self
            .named_source()
            .unwrap_or_else(|| Source::Measured(format!("file {path}")));
        self.to_device(name, source)
    }

    /// A built-in device of the catalog: the source its `# source:`
    /// comment names (a measured node's speed function), else the FPM
    /// paper's measurements.
    pub fn builtin_device(&self, name: &str, id: &str) -> FpmDevice {
        let source = self.named_source().unwrap_or_else(|| {
            Source::Paper(format!(
                "FPM paper, the speed function of its device (built-in {id})"
            ))
        });
        self.to_device(name, source)
    }

    /// The source a `# source:` comment names.
    fn named_source(&self) -> Option<Source> {
        self.comments
            .iter()
            .find_map(|c| c.trim().strip_prefix("source: "))
            .map(Source::from_text)
    }

    /// A device as a speed-function CSV (its name, source and unit in the
    /// comments; its memory limit, out-of-core extension, contention and
    /// socket as keys), which [`SpeedCsv::to_device`] reads back to the
    /// same device.
    pub fn from_device(d: &FpmDevice) -> SpeedCsv {
        let comments = vec![
            format!("device: {}", d.name),
            format!("source: {}", d.source),
            format!("size in {} (speed in {}/s)", d.unit, d.unit),
        ];
        let mut csv = SpeedCsv::from_points(&d.points, &comments);
        csv.max_size_units = d.max_size_units;
        csv.out_of_core = d.out_of_core.clone();
        csv.contention = (d.contention != 1.0).then_some(d.contention);
        csv.socket = d.socket;
        csv.fit = d.fit;
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

/// The paper's hybrid node's devices, from its platform preset; an error
/// names what is missing.
pub fn paper_hybrid(catalog: &Catalog) -> Result<Vec<FpmDevice>, PresetError> {
    let (e, p) = catalog.platform(PAPER_HYBRID_PLATFORM).ok_or_else(|| {
        PresetError::invalid(
            "presets/platforms",
            "",
            format!("built-in platform {PAPER_HYBRID_PLATFORM} is missing"),
        )
    })?;
    Ok(p.fpm(catalog, &e.path)?.value)
}

impl From<SpeedCsvError> for PresetError {
    fn from(e: SpeedCsvError) -> Self {
        PresetError::Csv {
            origin: e.file,
            row: None,
            line: e.line.map(|l| l as u64),
            column: e.column,
            message: e.message,
        }
    }
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
}

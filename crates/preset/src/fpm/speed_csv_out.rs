//! Speed-function CSV files written: the text of a [`SpeedCsv`] (the
//! format `speed_csv.rs` reads) and its atomic save.

use std::path::Path;

use super::keys;
use super::speed_csv::SpeedCsv;
use crate::error::PresetError;

impl SpeedCsv {
    /// The CSV text: format version, comments, keys, header, one row a
    /// point (with a `spread` column when any row has one). Numbers are
    /// written in their shortest exact form, so a file reads back to the
    /// same values.
    pub fn to_text(&self) -> String {
        let mut s = crate::version::csv_format_line();
        for c in &self.comments {
            let c = c.replace(['\n', '\r'], " ");
            if c.is_empty() {
                s.push_str("#\n");
            } else {
                s.push_str(&format!("# {c}\n"));
            }
        }
        s.push_str(&keys::key_lines(self));
        let with_spread = self.rows.iter().any(|r| r.spread.is_some());
        s.push_str(if with_spread {
            "size,speed,spread\n"
        } else {
            "size,speed\n"
        });
        for r in &self.rows {
            s.push_str(&format!("{},{}", r.size_units, r.speed_units_per_s));
            if with_spread {
                match r.spread {
                    Some(v) => s.push_str(&format!(",{v:.4}")),
                    None => s.push(','),
                }
            }
            s.push('\n');
        }
        s
    }
}

/// Writes a speed-function CSV atomically.
pub fn save_speed_csv(path: &Path, csv: &SpeedCsv) -> Result<(), PresetError> {
    crate::save::save_atomic(path, &csv.to_text())
}

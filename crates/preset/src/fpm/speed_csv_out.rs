//! Speed-function CSV files written: the text of a [`SpeedCsv`] (the
//! format `speed_csv.rs` reads) and its atomic save.

use std::path::Path;

use super::keys;
use super::speed_csv::SpeedCsv;
use crate::error::PresetError;

impl SpeedCsv {
    /// The CSV text: format version, comments, keys, header, one row a
    /// point (with a `spread` column when any row has one, `runs` and
    /// `deviation` when any row has runs). Numbers are
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
        s.push_str(&self.key_lines());
        let with_spread = self.rows.iter().any(|r| r.spread.is_some());
        let with_runs = self.rows.iter().any(|r| r.runs.is_some());
        s.push_str("size,speed");
        if with_spread {
            s.push_str(",spread");
        }
        if with_runs {
            s.push_str(",runs,deviation");
        }
        s.push('\n');
        for r in &self.rows {
            s.push_str(&format!("{},{}", r.size_units, r.speed_units_per_s));
            if with_spread {
                match r.spread {
                    Some(v) => s.push_str(&format!(",{v:.4}")),
                    None => s.push(','),
                }
            }
            if with_runs {
                match r.runs {
                    Some(v) => s.push_str(&format!(",{},{}", v.samples, v.deviation)),
                    None => s.push_str(",,"),
                }
            }
            s.push('\n');
        }
        s
    }

    /// The keyed comment lines, each ending in a newline: every key that
    /// is set (contention only below 1; the format version is written
    /// first of all, by [`SpeedCsv::to_text`]).
    pub fn key_lines(&self) -> String {
        let mut s = String::new();
        if let Some(l) = self.max_size_units {
            s.push_str(&format!("# {}: {l}\n", keys::MAX_SIZE));
        }
        if let Some(o) = &self.out_of_core {
            let text = keys::out_of_core_text(Some(o));
            s.push_str(&format!("# {}: {text}\n", keys::OUT_OF_CORE));
        }
        if let Some(c) = self.contention.filter(|&c| c != 1.0) {
            s.push_str(&format!("# {}: {c}\n", keys::CONTENTION));
        }
        if let Some(k) = self.socket {
            s.push_str(&format!("# {}: {k}\n", keys::SOCKET));
        }
        if let Some(f) = &self.fit {
            s.push_str(&format!("# {}: {}\n", keys::FIT, keys::fit_text(f)));
        }
        s
    }
}

/// Writes a speed-function CSV atomically.
pub fn save_speed_csv(path: &Path, csv: &SpeedCsv) -> Result<(), PresetError> {
    crate::save::save_atomic(path, &csv.to_text())
}

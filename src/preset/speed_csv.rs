//! Speed functions of the functional performance model as CSV files.
//!
//! Format:
//!
//! ```text
//! # source: where the numbers come from (any number of comment lines)
//! # max_size: 6000
//! size,speed
//! 1600,643.2
//! 2500,639.7
//! ```
//!
//! - Comment lines start with `#` and come before the header; blank lines
//!   there are skipped. A comment `# max_size: N` sets the device's memory
//!   limit in computation units (the largest size it can hold; every
//!   point must lie at or below it). Other comments are kept as notes.
//! - The header's first two columns are `size` and `speed`; further
//!   columns (for example `spread`, the relative spread of the repeated
//!   timings) are allowed and ignored on import.
//! - One measured point a row: size in computation units, speed in
//!   computation units per second, both finite and positive, no size
//!   twice. The unit is the application's (blocks, Mflop, M elements): say
//!   which in a comment.
//!
//! Errors name the file, the line and the column.

use std::path::Path;

use crate::model::fpm::{SpeedFunction, SpeedPoint};

use super::error::PresetError;

/// One row of a speed-function CSV.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpeedRow {
    /// Problem size, computation units.
    pub size_units: f64,
    /// Speed, computation units per second.
    pub speed_units_per_s: f64,
    /// Relative spread of the repeated timings behind the speed (written
    /// as a third column `spread`; ignored on import).
    pub spread: Option<f64>,
}

/// The contents of a speed-function CSV.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SpeedCsv {
    /// Comment lines without the leading `#` and one space (the
    /// `max_size` line excluded).
    pub comments: Vec<String>,
    /// Memory limit, computation units (`# max_size: N`).
    pub max_size_units: Option<f64>,
    /// The points, in file order.
    pub rows: Vec<SpeedRow>,
}

/// A speed-function CSV that cannot be read or written.
#[derive(Clone, Debug, PartialEq)]
pub struct SpeedCsvError {
    /// The file (or other origin) as given.
    pub file: String,
    /// 1-based line number, if the error is about one line.
    pub line: Option<usize>,
    /// Column name, if the error is about one field.
    pub column: Option<String>,
    pub message: String,
}

impl SpeedCsvError {
    fn new(file: &str, line: Option<usize>, column: Option<&str>, message: String) -> Self {
        SpeedCsvError {
            file: file.to_string(),
            line,
            column: column.map(str::to_string),
            message,
        }
    }
}

impl std::fmt::Display for SpeedCsvError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(l) = self.line {
            write!(f, ": line {l}")?;
        }
        if let Some(c) = &self.column {
            write!(f, ", column `{c}`")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for SpeedCsvError {}

const MAX_SIZE_KEY: &str = "max_size:";

fn positive(v: f64) -> bool {
    v.is_finite() && v > 0.0
}

/// Parses the text of a speed-function CSV; `origin` names it in errors.
pub fn parse_speed_csv(text: &str, origin: &str) -> Result<SpeedCsv, SpeedCsvError> {
    let err = |line: Option<usize>, col: Option<&str>, msg: String| {
        SpeedCsvError::new(origin, line, col, msg)
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(err(
            None,
            None,
            "empty file: expected a header line `size,speed` and one row a point".into(),
        ));
    }
    let mut out = SpeedCsv::default();
    // Comment and blank lines before the header.
    let mut offset = 0usize; // lines consumed before the header
    let mut rest = text;
    loop {
        let (line, tail, has_more) = match rest.find('\n') {
            Some(i) => (&rest[..i], &rest[i + 1..], true),
            None => (rest, "", false),
        };
        let t = line.trim();
        if !(t.is_empty() || t.starts_with('#')) {
            break;
        }
        offset += 1;
        if let Some(c) = t.strip_prefix('#') {
            let c = c.strip_prefix(' ').unwrap_or(c).trim_end();
            if let Some(v) = c.trim_start().strip_prefix(MAX_SIZE_KEY) {
                let v = v.trim();
                match v.parse::<f64>() {
                    Ok(x) if positive(x) => out.max_size_units = Some(x),
                    _ => {
                        return Err(err(
                            Some(offset),
                            None,
                            format!("max_size '{v}' must be a positive number of units"),
                        ));
                    }
                }
            } else {
                out.comments.push(c.to_string());
            }
        }
        rest = tail;
        if !has_more {
            break;
        }
    }
    if rest.trim().is_empty() {
        return Err(err(
            None,
            None,
            "no header: expected a header line `size,speed` after the comments".into(),
        ));
    }
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(rest.as_bytes());
    let mut records = reader.records();
    let header_line = offset + 1;
    let header = match records.next() {
        Some(Ok(h)) => h,
        Some(Err(e)) => return Err(err(Some(header_line), None, e.to_string())),
        None => return Err(err(None, None, "no header".into())),
    };
    let names: Vec<String> = header.iter().map(|s| s.to_ascii_lowercase()).collect();
    if names.len() < 2 || names[0] != "size" || names[1] != "speed" {
        return Err(err(
            Some(header_line),
            None,
            format!(
                "missing header: expected `size,speed` as the first line after the comments, found `{}`",
                header.iter().collect::<Vec<_>>().join(",")
            ),
        ));
    }
    let spread_col = names.iter().position(|n| n == "spread");
    let mut lines: Vec<usize> = Vec::new();
    for rec in records {
        let rec = rec.map_err(|e| {
            let line = e.position().map(|p| offset + p.line() as usize);
            err(line, None, e.to_string())
        })?;
        let line = offset + rec.position().map_or(0, |p| p.line() as usize);
        if rec.iter().all(|f| f.is_empty()) {
            continue;
        }
        let field = |i: usize, name: &str| -> Result<f64, SpeedCsvError> {
            let raw = rec.get(i).unwrap_or("");
            if raw.is_empty() {
                return Err(err(Some(line), Some(name), "missing value".into()));
            }
            let v: f64 = raw
                .parse()
                .map_err(|_| err(Some(line), Some(name), format!("'{raw}' is not a number")))?;
            if !positive(v) {
                return Err(err(
                    Some(line),
                    Some(name),
                    format!("{raw} must be finite and positive"),
                ));
            }
            Ok(v)
        };
        let size = field(0, "size")?;
        let speed = field(1, "speed")?;
        let spread = spread_col
            .and_then(|i| rec.get(i))
            .and_then(|s| s.parse::<f64>().ok())
            .filter(|v| v.is_finite() && *v >= 0.0);
        if let Some(limit) = out.max_size_units
            && size > limit
        {
            return Err(err(
                Some(line),
                Some("size"),
                format!("{size} units lies beyond max_size {limit}"),
            ));
        }
        out.rows.push(SpeedRow {
            size_units: size,
            speed_units_per_s: speed,
            spread,
        });
        lines.push(line);
    }
    if out.rows.is_empty() {
        return Err(err(
            None,
            None,
            "no rows: a speed function needs at least one point".into(),
        ));
    }
    // Duplicate sizes, named by line.
    for (j, r) in out.rows.iter().enumerate() {
        if let Some(i) = out.rows[..j]
            .iter()
            .position(|q| q.size_units == r.size_units)
        {
            return Err(err(
                lines.get(j).copied(),
                Some("size"),
                format!(
                    "size {} appears twice (also on line {})",
                    r.size_units,
                    lines.get(i).copied().unwrap_or(0)
                ),
            ));
        }
    }
    out.to_function().map_err(|e| err(None, None, e))?;
    Ok(out)
}

impl SpeedCsv {
    /// A CSV of the given points and notes.
    pub fn from_points(points: &[SpeedPoint], comments: &[String]) -> SpeedCsv {
        SpeedCsv {
            comments: comments.to_vec(),
            max_size_units: None,
            rows: points
                .iter()
                .map(|p| SpeedRow {
                    size_units: p.size_units,
                    speed_units_per_s: p.speed_units_per_s,
                    spread: None,
                })
                .collect(),
        }
    }

    /// The points as the model takes them.
    pub fn points(&self) -> Vec<SpeedPoint> {
        self.rows
            .iter()
            .map(|r| SpeedPoint::new(r.size_units, r.speed_units_per_s))
            .collect()
    }

    /// The speed function through the points, with the memory limit if
    /// one is given.
    pub fn to_function(&self) -> Result<SpeedFunction, String> {
        let f = SpeedFunction::new(&self.points()).map_err(|e| e.to_string())?;
        match self.max_size_units {
            Some(l) => f.with_memory_limit(l).map_err(|e| e.to_string()),
            None => Ok(f),
        }
    }

    /// The CSV text: comments, `max_size`, header, one row a point (with a
    /// `spread` column when any row has one). Numbers are written in their
    /// shortest exact form, so a file reads back to the same values.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for c in &self.comments {
            let c = c.replace(['\n', '\r'], " ");
            if c.is_empty() {
                s.push_str("#\n");
            } else {
                s.push_str(&format!("# {c}\n"));
            }
        }
        if let Some(l) = self.max_size_units {
            s.push_str(&format!("# {MAX_SIZE_KEY} {l}\n"));
        }
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

/// Reads and parses a speed-function CSV file.
pub fn load_speed_csv(path: &Path) -> Result<SpeedCsv, SpeedCsvError> {
    let origin = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| SpeedCsvError::new(&origin, None, None, format!("cannot read: {e}")))?;
    parse_speed_csv(&text, &origin)
}

/// Writes a speed-function CSV atomically.
pub fn save_speed_csv(path: &Path, csv: &SpeedCsv) -> Result<(), PresetError> {
    super::save::save_atomic(path, &csv.to_text())
}

//! Speed functions of the functional performance model as CSV files.
//!
//! Format:
//!
//! ```text
//! # format: 2
//! # source: where the numbers come from (any number of comment lines)
//! # max_size: 6000
//! # out_of_core: 0.5
//! # contention: 0.85
//! # socket: 1
//! size,speed
//! 1600,643.2
//! 2500,639.7
//! ```
//!
//! - Comment lines start with `#` and come before the header; blank lines
//!   there are skipped. `# format: N` is the format version (a newer one
//!   is refused; none: format 1). `# max_size: N` sets the device's memory
//!   limit in computation units (the largest size it can hold; every
//!   point must lie at or below it). `# out_of_core:` (a factor or
//!   measured points beyond the limit), `# contention:` and `# socket:`
//!   describe how the device runs beyond its memory and beside its socket
//!   (values and ranges in `keys.rs`). Each key at most once; an error
//!   names its line and key. Other comments are kept as notes.
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

use super::keys;
use hetscope_model::fpm::{OutOfCore, SpeedError, SpeedFunction, SpeedPoint};

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
    /// Comment lines without the leading `#` and one space (the keyed
    /// lines excluded).
    pub comments: Vec<String>,
    /// Memory limit, computation units (`# max_size: N`).
    pub max_size_units: Option<f64>,
    /// Beyond the memory limit (`# out_of_core: ...`).
    pub out_of_core: Option<OutOfCore>,
    /// Speed factor beside busy devices of the socket (`# contention:`).
    pub contention: Option<f64>,
    /// Socket number (`# socket: N`; 0 or none: alone).
    pub socket: Option<u32>,
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
        // Control characters (a lone carriage return) escaped: one line.
        let message: String = self
            .message
            .chars()
            .map(|c| match c.is_control() {
                true => c.escape_default().to_string(),
                false => c.to_string(),
            })
            .collect();
        write!(f, ": {message}")
    }
}

impl std::error::Error for SpeedCsvError {}

fn positive(v: f64) -> bool {
    v.is_finite() && v > 0.0
}

/// Parses the text of a speed-function CSV; `origin` names it in errors.
pub fn parse_speed_csv(text: &str, origin: &str) -> Result<SpeedCsv, SpeedCsvError> {
    let p = Parse { origin };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(p.err(
            None,
            None,
            "empty file: expected a header line `size,speed` and one row a point".into(),
        ));
    }
    let mut out = SpeedCsv::default();
    let (offset, rest) = p.preamble(text, &mut out)?;
    if rest.trim().is_empty() {
        return Err(p.err(
            None,
            None,
            "no header: expected a header line `size,speed` after the comments".into(),
        ));
    }
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        // No field is quoted: a stray quote is a character, never the
        // start of a field that swallows the rows after it. Field counts
        // are checked row by row (`rows`), naming the missing column.
        .flexible(true)
        .quoting(false)
        .trim(csv::Trim::All)
        .from_reader(rest.as_bytes());
    let mut records = reader.records();
    let header = p.header(records.next(), offset)?;
    let lines = p.rows(records, offset, header, &mut out)?;
    if out.rows.is_empty() {
        return Err(p.err(
            None,
            None,
            "no rows: a speed function needs at least one point".into(),
        ));
    }
    p.check_distinct_sizes(&out.rows, &lines)?;
    out.to_function()
        .map_err(|e| p.err(None, None, e.to_string()))?;
    Ok(out)
}

/// The stages of [`parse_speed_csv`], each naming `origin` in its errors.
struct Parse<'a> {
    origin: &'a str,
}

impl Parse<'_> {
    fn err(&self, line: Option<usize>, col: Option<&str>, msg: String) -> SpeedCsvError {
        SpeedCsvError::new(self.origin, line, col, msg)
    }

    /// Comment and blank lines before the header: notes and keys into
    /// `out`. Returns the number of lines consumed and the text from the
    /// header on.
    fn preamble<'t>(
        &self,
        text: &'t str,
        out: &mut SpeedCsv,
    ) -> Result<(usize, &'t str), SpeedCsvError> {
        let mut offset = 0usize; // lines consumed before the header
        let mut rest = text;
        let mut seen: Vec<(&'static str, usize)> = Vec::new();
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
            if let Some(c) = t.strip_prefix('#')
                && let Some(key) = self.comment(c, offset, out)?
            {
                if let Some((_, first)) = seen.iter().find(|(k, _)| *k == key) {
                    let msg = format!("key `{key}` given twice (also on line {first})");
                    return Err(self.err(Some(offset), None, msg));
                }
                seen.push((key, offset));
            }
            rest = tail;
            if !has_more {
                break;
            }
        }
        if let Some(&(key, line)) = seen.iter().find(|(k, _)| *k == keys::OUT_OF_CORE) {
            keys::check_out_of_core(out.out_of_core.as_ref(), out.max_size_units)
                .map_err(|m| self.err(Some(line), None, format!("key `{key}`: {m}")))?;
        }
        Ok((offset, rest))
    }

    /// One comment (after the `#`) on line `line`: a key (returned) or a
    /// note.
    fn comment(
        &self,
        c: &str,
        line: usize,
        out: &mut SpeedCsv,
    ) -> Result<Option<&'static str>, SpeedCsvError> {
        let c = c.strip_prefix(' ').unwrap_or(c).trim_end();
        let Some((key, v)) = keys::split_key(c) else {
            out.comments.push(c.to_string());
            return Ok(None);
        };
        let set = match key {
            keys::FORMAT => keys::parse_format(v).map(drop),
            keys::MAX_SIZE => keys::parse_max_size(v).map(|x| out.max_size_units = Some(x)),
            keys::OUT_OF_CORE => keys::parse_out_of_core(v).map(|o| out.out_of_core = o),
            keys::CONTENTION => keys::parse_contention(v).map(|x| out.contention = Some(x)),
            _ => keys::parse_socket(v).map(|s| out.socket = s),
        };
        set.map_err(|m| self.err(Some(line), None, format!("key `{key}`: {m}")))?;
        Ok(Some(key))
    }

    /// The header record: `size,speed` first; returns the index of the
    /// `spread` column, if any, and the number of columns.
    fn header(
        &self,
        first: Option<Result<csv::StringRecord, csv::Error>>,
        offset: usize,
    ) -> Result<(Option<usize>, usize), SpeedCsvError> {
        let header_line = offset + 1;
        let header = match first {
            Some(Ok(h)) => h,
            Some(Err(e)) => return Err(self.err(Some(header_line), None, e.to_string())),
            None => return Err(self.err(None, None, "no header".into())),
        };
        let names: Vec<String> = header.iter().map(|s| s.to_ascii_lowercase()).collect();
        if names.len() < 2 || names[0] != "size" || names[1] != "speed" {
            return Err(self.err(
                Some(header_line),
                None,
                format!(
                    "missing header: expected `size,speed` as the first line after the comments, found `{}`",
                    header.iter().collect::<Vec<_>>().join(",")
                ),
            ));
        }
        Ok((names.iter().position(|n| n == "spread"), names.len()))
    }

    /// The rows after the header into `out.rows`, blank ones skipped;
    /// returns the line of each row kept.
    fn rows(
        &self,
        records: impl Iterator<Item = Result<csv::StringRecord, csv::Error>>,
        offset: usize,
        (spread_col, columns): (Option<usize>, usize),
        out: &mut SpeedCsv,
    ) -> Result<Vec<usize>, SpeedCsvError> {
        let mut lines: Vec<usize> = Vec::new();
        for rec in records {
            let rec = rec.map_err(|e| {
                let line = e.position().map(|p| offset + p.line() as usize);
                self.err(line, None, e.to_string())
            })?;
            let line = offset + rec.position().map_or(0, |p| p.line() as usize);
            if rec.iter().all(|f| f.is_empty()) {
                continue;
            }
            if rec.len() > columns {
                return Err(self.err(
                    Some(line),
                    None,
                    format!("{} fields, but the header has {columns}", rec.len()),
                ));
            }
            out.rows
                .push(self.row(&rec, line, spread_col, out.max_size_units)?);
            lines.push(line);
        }
        Ok(lines)
    }

    /// One point: size and speed finite and positive, the size within
    /// `limit`; the spread when it reads as a number of at least 0.
    fn row(
        &self,
        rec: &csv::StringRecord,
        line: usize,
        spread_col: Option<usize>,
        limit: Option<f64>,
    ) -> Result<SpeedRow, SpeedCsvError> {
        let size = self.field(rec, 0, "size", line)?;
        let speed = self.field(rec, 1, "speed", line)?;
        let spread = spread_col
            .and_then(|i| rec.get(i))
            .and_then(|s| s.parse::<f64>().ok())
            .filter(|v| v.is_finite() && *v >= 0.0);
        if let Some(limit) = limit
            && size > limit
        {
            return Err(self.err(
                Some(line),
                Some("size"),
                format!("{size} units lies beyond max_size {limit}"),
            ));
        }
        // The point's time, size / speed, must be a number too: a speed so
        // small that the division overflows gives infinite times.
        if !(size / speed).is_finite() {
            return Err(self.err(
                Some(line),
                Some("speed"),
                format!("{speed} is too small for size {size}: the time size / speed overflows"),
            ));
        }
        Ok(SpeedRow {
            size_units: size,
            speed_units_per_s: speed,
            spread,
        })
    }

    /// Field `i` (column `name`) of a row: a finite positive number.
    fn field(
        &self,
        rec: &csv::StringRecord,
        i: usize,
        name: &str,
        line: usize,
    ) -> Result<f64, SpeedCsvError> {
        let raw = rec.get(i).unwrap_or("");
        if raw.is_empty() {
            return Err(self.err(Some(line), Some(name), "missing value".into()));
        }
        let v: f64 = raw
            .parse()
            .map_err(|_| self.err(Some(line), Some(name), format!("'{raw}' is not a number")))?;
        if !positive(v) {
            return Err(self.err(
                Some(line),
                Some(name),
                format!("{raw} must be finite and positive"),
            ));
        }
        Ok(v)
    }

    /// No size twice; the second is named by its line. One pass over the
    /// rows (sizes are finite and positive, so their bits compare).
    fn check_distinct_sizes(
        &self,
        rows: &[SpeedRow],
        lines: &[usize],
    ) -> Result<(), SpeedCsvError> {
        let mut first: std::collections::HashMap<u64, usize> =
            std::collections::HashMap::with_capacity(rows.len());
        for (j, r) in rows.iter().enumerate() {
            if let Some(&i) = first.get(&r.size_units.to_bits()) {
                return Err(self.err(
                    lines.get(j).copied(),
                    Some("size"),
                    format!(
                        "size {} appears twice (also on line {})",
                        r.size_units,
                        lines.get(i).copied().unwrap_or(0)
                    ),
                ));
            }
            first.insert(r.size_units.to_bits(), j);
        }
        Ok(())
    }
}

impl SpeedCsv {
    /// Measured points (size units, speed units/s, relative spread of the
    /// timings) with notes on how they were measured.
    pub fn measured(
        comments: Vec<String>,
        rows: impl IntoIterator<Item = (f64, f64, f64)>,
    ) -> SpeedCsv {
        SpeedCsv {
            comments,
            rows: rows
                .into_iter()
                .map(|(size_units, speed_units_per_s, spread)| SpeedRow {
                    size_units,
                    speed_units_per_s,
                    spread: Some(spread),
                })
                .collect(),
            ..SpeedCsv::default()
        }
    }

    /// A CSV of the given points and notes.
    pub fn from_points(points: &[SpeedPoint], comments: &[String]) -> SpeedCsv {
        SpeedCsv {
            comments: comments.to_vec(),
            rows: points
                .iter()
                .map(|p| SpeedRow {
                    size_units: p.size_units,
                    speed_units_per_s: p.speed_units_per_s,
                    spread: None,
                })
                .collect(),
            ..SpeedCsv::default()
        }
    }

    /// The points as the model takes them.
    pub fn points(&self) -> Vec<SpeedPoint> {
        self.rows
            .iter()
            .map(|r| SpeedPoint::new(r.size_units, r.speed_units_per_s))
            .collect()
    }

    /// The speed function through the points, with the memory limit and
    /// the out-of-core extension if given (contention aside).
    pub fn to_function(&self) -> Result<SpeedFunction, SpeedError> {
        let f = SpeedFunction::new(&self.points())?;
        let f = match self.max_size_units {
            Some(l) => f.with_memory_limit(l)?,
            None => f,
        };
        match &self.out_of_core {
            Some(o) => o.extend(f),
            None => Ok(f),
        }
    }
}

/// Reads and parses a speed-function CSV file.
pub fn load_speed_csv(path: &Path) -> Result<SpeedCsv, SpeedCsvError> {
    let origin = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| SpeedCsvError::new(&origin, None, None, format!("cannot read: {e}")))?;
    parse_speed_csv(&text, &origin)
}

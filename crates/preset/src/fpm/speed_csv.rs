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
//!   columns are allowed: `spread` (the relative spread of the repeated
//!   timings), and `runs` with `deviation` (how often a task runtime
//!   timed the size and the standard deviation of those timings over
//!   their mean) are kept with the points; others are ignored. An empty
//!   `runs` field is none; a `runs` that is no whole number, or one
//!   without a `deviation` of at least 0, is refused naming its line.
//! - `# fit: linear|non-linear a=S b=X c=S from=U to=U runs=N`: the time
//!   function a runtime fitted, t = a x^b + c seconds over sizes from U
//!   to U (StarPU's regressions; `hetscope_model::fpm::FittedTime`).
//! - One measured point a row: size in computation units, speed in
//!   computation units per second, both finite and positive, no size
//!   twice. The unit is the application's (blocks, Mflop, M elements): say
//!   which in a comment.
//!
//! Errors name the file, the line and the column.

use std::path::Path;

use super::keys;
use crate::csv_rows::{self, Dialect, FieldError, Header, Row, Sign};
use crate::read::{FileLimit, ReadError, read_bounded};
use hetscope_model::fpm::{FittedTime, OutOfCore, Runs, SpeedError, SpeedFunction, SpeedPoint};

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
    /// The time function a task runtime fitted (`# fit: ...`).
    pub fit: Option<FittedTime>,
    /// The points, in file order, each with its spread and its runs
    /// where the file gives them.
    pub rows: Vec<SpeedPoint>,
}

/// A speed-function CSV that cannot be read or written.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{file}{}{}: {}", line_part(*.line), column_part(.column), one_line(.message))]
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

/// ": line L", or nothing.
fn line_part(line: Option<usize>) -> String {
    line.map(|l| format!(": line {l}")).unwrap_or_default()
}

/// ", column `c`", or nothing.
fn column_part(column: &Option<String>) -> String {
    column
        .as_ref()
        .map(|c| format!(", column `{c}`"))
        .unwrap_or_default()
}

/// The message with its control and invisible characters (a lone
/// carriage return) escaped: one line.
fn one_line(message: &str) -> String {
    hetscope_model::format::visible(message).into_owned()
}

/// How the speed-function CSV splits its fields: no field is quoted (a
/// stray quote is a character, never the start of a field that swallows
/// the rows after it) and the comments come before the header.
const DIALECT: Dialect = Dialect {
    quoting: false,
    comments: false,
};

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
    let mut records = csv_rows::records(rest, DIALECT);
    let header = p.header(records.next_record(), offset)?;
    let lines = p.rows(records, offset, &header, &mut out)?;
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

/// A field's problem in the words of this format.
fn message(e: FieldError) -> String {
    match e {
        FieldError::Empty | FieldError::Short { .. } => "missing value".into(),
        FieldError::NotANumber(raw) => format!("'{raw}' is not a number"),
        FieldError::OutOfRange { text, .. } => format!("{text} must be finite and positive"),
        other => other.to_string(),
    }
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
        let pre = csv_rows::preamble(text);
        let mut seen: Vec<(&'static str, usize)> = Vec::new();
        for &(line, c) in &pre.comments {
            let Some(key) = self.comment(c, line, out)? else {
                continue;
            };
            if let Some((_, first)) = seen.iter().find(|(k, _)| *k == key) {
                let msg = format!("key `{key}` given twice (also on line {first})");
                return Err(self.err(Some(line), None, msg));
            }
            seen.push((key, line));
        }
        if let Some(&(key, line)) = seen.iter().find(|(k, _)| *k == keys::OUT_OF_CORE) {
            keys::check_out_of_core(out.out_of_core.as_ref(), out.max_size_units)
                .map_err(|e| self.err(Some(line), None, format!("key `{key}`: {e}")))?;
        }
        Ok((pre.lines, pre.rest))
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
            keys::FIT => keys::parse_fit(v).map(|f| out.fit = Some(f)),
            _ => keys::parse_socket(v).map(|s| out.socket = s),
        };
        set.map_err(|e| self.err(Some(line), None, format!("key `{key}`: {e}")))?;
        Ok(Some(key))
    }

    /// The header record: `size,speed` first.
    fn header(
        &self,
        first: Option<Result<&csv::StringRecord, csv::Error>>,
        offset: usize,
    ) -> Result<Header, SpeedCsvError> {
        let header_line = offset + 1;
        let header = match first {
            Some(Ok(h)) => Header::new(h.clone()).any_case(),
            Some(Err(e)) => return Err(self.err(Some(header_line), None, e.to_string())),
            None => return Err(self.err(None, None, "no header".into())),
        };
        if !header.starts_with(&["size", "speed"]) {
            return Err(self.err(
                Some(header_line),
                None,
                format!(
                    "missing header: expected `size,speed` as the first line after the comments, found `{}`",
                    header.text()
                ),
            ));
        }
        Ok(header)
    }

    /// The rows after the header into `out.rows`, blank ones skipped;
    /// returns the line of each row kept.
    fn rows(
        &self,
        mut records: csv_rows::Records<'_>,
        offset: usize,
        header: &Header,
        out: &mut SpeedCsv,
    ) -> Result<Vec<usize>, SpeedCsvError> {
        let mut lines: Vec<usize> = Vec::new();
        while let Some(rec) = records.next_record() {
            let rec = rec.map_err(|e| {
                let line = e.position().map(|p| offset + p.line() as usize);
                self.err(line, None, e.to_string())
            })?;
            let line = offset + rec.position().map_or(0, |p| p.line() as usize);
            if rec.iter().all(|f| f.is_empty()) {
                continue;
            }
            let row = Row::new(self.origin, header, rec);
            row.at_most_header()
                .map_err(|e| self.err(Some(line), None, e.to_string()))?;
            out.rows.push(self.row(&row, line, out.max_size_units)?);
            lines.push(line);
        }
        Ok(lines)
    }

    /// One point: size and speed finite and positive, the size within
    /// `limit`; the spread when it reads as a number of at least 0.
    fn row(&self, row: &Row, line: usize, limit: Option<f64>) -> Result<SpeedPoint, SpeedCsvError> {
        let field = |name: &str| {
            row.number(name, Sign::Positive)
                .map_err(|e| self.err(Some(line), Some(name), message(e)))
        };
        let size = field("size")?;
        let speed = field("speed")?;
        let spread = csv_rows::number(row.text("spread"), Sign::ZeroOrPositive).ok();
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
        let point = SpeedPoint::new(size, speed);
        let point = match spread {
            Some(s) => point.with_spread(s),
            None => point,
        };
        Ok(match self.runs(row, line)? {
            Some(r) => point.with_runs(r),
            None => point,
        })
    }

    /// A row's runs and deviation, where its `runs` field is not empty.
    fn runs(&self, row: &Row, line: usize) -> Result<Option<Runs>, SpeedCsvError> {
        let Some(text) = row.optional("runs") else {
            return Ok(None);
        };
        let samples = text.trim().parse::<u64>().map_err(|_| {
            self.err(
                Some(line),
                Some("runs"),
                format!("'{text}' is not a whole number of runs"),
            )
        })?;
        let deviation = row
            .number("deviation", Sign::ZeroOrPositive)
            .map_err(|e| self.err(Some(line), Some("deviation"), message(e)))?;
        Ok(Some(Runs { samples, deviation }))
    }

    /// No size twice; the second is named by its line. One pass over the
    /// rows (sizes are finite and positive, so their bits compare).
    fn check_distinct_sizes(
        &self,
        rows: &[SpeedPoint],
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
    /// Measured points, each with the relative spread of its timings,
    /// with notes on how they were measured.
    pub fn measured(
        comments: Vec<String>,
        points: impl IntoIterator<Item = SpeedPoint>,
    ) -> SpeedCsv {
        SpeedCsv {
            comments,
            rows: points.into_iter().collect(),
            ..SpeedCsv::default()
        }
    }

    /// A CSV of the given points and notes.
    pub fn from_points(points: &[SpeedPoint], comments: &[String]) -> SpeedCsv {
        SpeedCsv {
            comments: comments.to_vec(),
            rows: points.to_vec(),
            ..SpeedCsv::default()
        }
    }

    /// The points as the model takes them: sizes and speeds, with a
    /// runtime's runs where the file gives them (the spreads stay with
    /// the file).
    pub fn points(&self) -> Vec<SpeedPoint> {
        self.rows
            .iter()
            .map(|r| SpeedPoint { spread: None, ..*r })
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
    let text = read_bounded(path, FileLimit::MEASUREMENTS).map_err(|e| {
        let message = match e {
            ReadError::Io(e) => format!("cannot read: {e}"),
            too_large => too_large.to_string(),
        };
        SpeedCsvError::new(&origin, None, None, message)
    })?;
    parse_speed_csv(&text, &origin)
}

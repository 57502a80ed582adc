//! The rows of the CSV files hetscope reads (measured partitions, energy
//! runs, boat hull curves, offload speedups, speed functions, the GPU
//! probe's table), read one way: the records of a file (fields trimmed,
//! rows of any length, quotes and `#` comment lines as the format says),
//! the `# format: N` line checked, the header's columns found by name, a
//! row's fields by column with the row, line and column its errors name,
//! and numbers parsed and checked.
//!
//! What is wrong with a field is a [`FieldError`]; its text is the one
//! most formats print, and a format with words of its own (the speed
//! function's, the probe's) words it from the variant.

use crate::error::PresetError;

/// How a format's fields are split. Every format trims its fields and
/// reads rows of any length (a reader names a short or long row itself).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Dialect {
    /// Whether `"` quotes a field; else a quote is a character like any
    /// other, never the start of a field that swallows the rows after it.
    pub quoting: bool,
    /// Whether a line starting with `#` is a comment wherever it is.
    pub comments: bool,
}

/// The records of a file, the header first, each read into the one
/// record buffer: a file of a million rows allocates no string per row.
pub(crate) struct Records<'t> {
    reader: csv::Reader<&'t [u8]>,
    record: csv::StringRecord,
}

impl Records<'_> {
    /// The next record (valid until the next call), or `None` at the end.
    pub(crate) fn next_record(&mut self) -> Option<Result<&csv::StringRecord, csv::Error>> {
        match self.reader.read_record(&mut self.record) {
            Ok(true) => Some(Ok(&self.record)),
            Ok(false) => None,
            Err(e) => Some(Err(e)),
        }
    }
}

/// The records of `text` as `dialect` splits them, the header first.
pub(crate) fn records(text: &str, dialect: Dialect) -> Records<'_> {
    let reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .quoting(dialect.quoting)
        .trim(csv::Trim::All)
        .comment(dialect.comments.then_some(b'#'))
        .from_reader(text.as_bytes());
    Records {
        reader,
        record: csv::StringRecord::new(),
    }
}

/// A file with a header: the format version checked (a `# format: N`
/// line, see [`crate::version`]), then the header read (`None` for a file
/// without records) and the records after it. Errors name `origin` and
/// line 1.
pub(crate) fn open<'t>(
    text: &'t str,
    origin: &str,
    dialect: Dialect,
) -> Result<(Option<Header>, Records<'t>), PresetError> {
    crate::version::csv_format(text, origin)?;
    let mut records = records(text, dialect);
    let header = match records.next_record() {
        None => None,
        Some(Ok(names)) => Some(Header::new(names.clone())),
        Some(Err(e)) => {
            let message = format!("cannot read the header: {e}");
            return Err(PresetError::csv(origin, None, Some(1), None, message));
        }
    };
    Ok((header, records))
}

/// A file without a single data row.
pub(crate) fn no_data_rows(origin: &str) -> PresetError {
    PresetError::csv(origin, None, None, None, "no data rows")
}

/// A column the header lacks, on `line`; `expected` says what a header
/// holds.
pub(crate) fn missing_column(origin: &str, line: u64, name: &str, expected: &str) -> PresetError {
    let message = format!("missing from the header ({expected})");
    PresetError::csv(origin, None, Some(line), Some(name), message)
}

/// The column names of a file, found exactly or in any case.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Header {
    names: csv::StringRecord,
    any_case: bool,
}

impl Header {
    /// A header whose names are found as written.
    pub(crate) fn new(names: csv::StringRecord) -> Header {
        Header {
            names,
            any_case: false,
        }
    }

    /// The header with its names found in any case.
    pub(crate) fn any_case(self) -> Header {
        Header {
            any_case: true,
            ..self
        }
    }

    /// Number of columns.
    pub(crate) fn len(&self) -> usize {
        self.names.len()
    }

    /// The line the header was read on (1 where the reader does not say).
    pub(crate) fn line(&self) -> u64 {
        self.names.position().map_or(1, |p| p.line())
    }

    /// The header as written, the names joined by commas.
    pub(crate) fn text(&self) -> String {
        self.names.iter().collect::<Vec<_>>().join(",")
    }

    fn is(&self, found: &str, name: &str) -> bool {
        if self.any_case {
            found.eq_ignore_ascii_case(name)
        } else {
            found == name
        }
    }

    /// Where column `name` is (its first column).
    pub(crate) fn find(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|h| self.is(h, name))
    }

    /// Whether the header has column `name`.
    pub(crate) fn has(&self, name: &str) -> bool {
        self.find(name).is_some()
    }

    /// Every one of `names` there; the first one missing as the error.
    pub(crate) fn require(&self, names: &[&'static str]) -> Result<(), &'static str> {
        match names.iter().find(|n| !self.has(n)) {
            Some(name) => Err(name),
            None => Ok(()),
        }
    }

    /// Whether the header starts with `names`.
    pub(crate) fn starts_with(&self, names: &[&str]) -> bool {
        self.len() >= names.len()
            && names
                .iter()
                .zip(self.names.iter())
                .all(|(n, h)| self.is(h, n))
    }
}

/// What a number must be besides finite.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sign {
    /// Any finite number.
    Any,
    /// Above zero.
    Positive,
    /// Zero or above.
    ZeroOrPositive,
}

impl Sign {
    fn admits(self, v: f64) -> bool {
        v.is_finite()
            && match self {
                Sign::Any => true,
                Sign::Positive => v > 0.0,
                Sign::ZeroOrPositive => v >= 0.0,
            }
    }
}

/// What is wrong with one field (or the length of its row), in the words
/// most formats print.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub(crate) enum FieldError {
    /// The field is there and empty (or, where the row's length is not
    /// checked, beyond its end).
    #[error("empty value")]
    Empty,
    /// The row ends before the field.
    #[error("missing (the row has {has} of {of} columns)")]
    Short { has: usize, of: usize },
    /// More fields than the header has columns (or, where a format wants
    /// every row complete, fewer).
    #[error("{has} fields, but the header has {of}")]
    FieldCount { has: usize, of: usize },
    /// Text that is no number.
    #[error("`{0}` is not a number")]
    NotANumber(String),
    /// A number not finite or of the wrong sign.
    #[error("{}", out_of_range(.text, *.sign))]
    OutOfRange {
        /// The number as the message names it: as written.
        text: String,
        value: f64,
        sign: Sign,
    },
}

fn out_of_range(text: &str, sign: Sign) -> String {
    match sign {
        Sign::Any => format!("`{text}`: must be a finite number"),
        Sign::Positive => format!("{text}: must be a finite positive number"),
        Sign::ZeroOrPositive => format!("{text}: must be a finite zero or positive number"),
    }
}

impl FieldError {
    /// The error with a number out of range named by its value as read
    /// (`1.50` as `1.5`) rather than as written.
    pub(crate) fn value_as_read(self) -> FieldError {
        match self {
            FieldError::OutOfRange { value, sign, .. } => FieldError::OutOfRange {
                text: value.to_string(),
                value,
                sign,
            },
            other => other,
        }
    }
}

/// `text` as a number of `sign`.
pub(crate) fn number(text: &str, sign: Sign) -> Result<f64, FieldError> {
    let value: f64 = text
        .parse()
        .map_err(|_| FieldError::NotANumber(text.to_string()))?;
    if sign.admits(value) {
        Ok(value)
    } else {
        Err(FieldError::OutOfRange {
            text: text.to_string(),
            value,
            sign,
        })
    }
}

/// One data record, its fields found by column name, and where it is:
/// what its errors name.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Row<'a> {
    /// The file (or other origin).
    pub origin: &'a str,
    /// The data row, from 1 (the header is no row), where the format
    /// counts rows.
    pub row: Option<usize>,
    /// The line in the file.
    pub line: Option<u64>,
    record: &'a csv::StringRecord,
    header: &'a Header,
    /// Whether a field past the row's end is told from an empty one.
    short: bool,
}

impl<'a> Row<'a> {
    /// `record` of `origin` under `header`, at no row or line yet.
    pub(crate) fn new(
        origin: &'a str,
        header: &'a Header,
        record: &'a csv::StringRecord,
    ) -> Row<'a> {
        Row {
            origin,
            row: None,
            line: None,
            record,
            header,
            short: false,
        }
    }

    /// The row at data row `row` and `line`.
    pub(crate) fn at(self, row: Option<usize>, line: Option<u64>) -> Row<'a> {
        Row { row, line, ..self }
    }

    /// The row with a field past its end told from an empty one
    /// ([`FieldError::Short`]).
    pub(crate) fn telling_short(self) -> Row<'a> {
        Row {
            short: true,
            ..self
        }
    }

    /// Number of fields.
    pub(crate) fn len(&self) -> usize {
        self.record.len()
    }

    /// No more fields than the header has columns.
    pub(crate) fn at_most_header(&self) -> Result<(), FieldError> {
        self.field_count(self.len() <= self.header.len())
    }

    /// As many fields as the header has columns.
    pub(crate) fn as_header(&self) -> Result<(), FieldError> {
        self.field_count(self.len() == self.header.len())
    }

    fn field_count(&self, ok: bool) -> Result<(), FieldError> {
        if ok {
            return Ok(());
        }
        Err(FieldError::FieldCount {
            has: self.len(),
            of: self.header.len(),
        })
    }

    /// The field of column `name`: `None` past the row's end or where the
    /// header lacks the column.
    fn get(&self, name: &str) -> Option<&'a str> {
        self.record.get(self.header.find(name)?)
    }

    /// The text of column `name`, empty past the row's end.
    pub(crate) fn text(&self, name: &str) -> &'a str {
        self.get(name).unwrap_or("")
    }

    /// The text of column `name` where it is not empty.
    pub(crate) fn optional(&self, name: &str) -> Option<&'a str> {
        self.get(name).filter(|t| !t.is_empty())
    }

    /// The text of column `name`, not empty.
    pub(crate) fn field(&self, name: &str) -> Result<&'a str, FieldError> {
        match self.get(name) {
            Some(s) if !s.is_empty() => Ok(s),
            None if self.short => Err(FieldError::Short {
                has: self.len(),
                of: self.header.len(),
            }),
            _ => Err(FieldError::Empty),
        }
    }

    /// Column `name` as a number of `sign`.
    pub(crate) fn number(&self, name: &str, sign: Sign) -> Result<f64, FieldError> {
        number(self.field(name)?, sign)
    }

    /// An error of this row in `column` (or the whole row).
    pub(crate) fn error(&self, column: Option<&str>, message: impl Into<String>) -> PresetError {
        PresetError::csv(self.origin, self.row, self.line, column, message)
    }

    /// What is wrong with column `name` of this row, in the common words.
    pub(crate) fn field_error(&self, name: &str, e: FieldError) -> PresetError {
        self.error(Some(name), e.to_string())
    }
}

/// The comment and blank lines before a header (where a format's keyed
/// `# key: value` lines are).
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Preamble<'t> {
    /// Each comment's line (from 1) and its text after the `#`, the line
    /// trimmed.
    pub comments: Vec<(usize, &'t str)>,
    /// The number of lines before the header.
    pub lines: usize,
    /// The text from the header on.
    pub rest: &'t str,
}

/// The comment and blank lines at the start of `text`.
pub(crate) fn preamble(text: &str) -> Preamble<'_> {
    let mut out = Preamble {
        rest: text,
        ..Preamble::default()
    };
    loop {
        let (line, tail, has_more) = match out.rest.find('\n') {
            Some(i) => (&out.rest[..i], &out.rest[i + 1..], true),
            None => (out.rest, "", false),
        };
        let t = line.trim();
        if !(t.is_empty() || t.starts_with('#')) {
            break;
        }
        out.lines += 1;
        if let Some(c) = t.strip_prefix('#') {
            out.comments.push((out.lines, c));
        }
        out.rest = tail;
        if !has_more {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(fields: &[&str]) -> csv::StringRecord {
        csv::StringRecord::from(fields.to_vec())
    }

    #[test]
    fn fields_are_found_by_name() {
        let header = Header::new(record(&["a", "B", "c"]));
        let rec = record(&["1", "", "x"]);
        let row = Row::new("f.csv", &header, &rec).at(Some(2), Some(3));
        assert_eq!(row.number("a", Sign::Positive), Ok(1.0));
        assert_eq!(row.field("B"), Err(FieldError::Empty));
        assert_eq!(row.field("b"), Err(FieldError::Empty));
        assert_eq!(row.optional("c"), Some("x"));
        let any = header.clone().any_case();
        assert_eq!(Row::new("f.csv", &any, &rec).text("b"), "");
        assert_eq!(any.find("b"), Some(1));
        let e = row.field_error("c", row.number("c", Sign::Any).unwrap_err());
        assert_eq!(
            e.to_string(),
            "f.csv: row 2 (line 3), column `c`: `x` is not a number"
        );
    }

    #[test]
    fn short_rows_and_counts() {
        let header = Header::new(record(&["a", "b"]));
        let rec = record(&["1"]);
        let row = Row::new("f.csv", &header, &rec);
        assert_eq!(row.field("b"), Err(FieldError::Empty));
        let e = row.telling_short().field("b").unwrap_err();
        assert_eq!(e.to_string(), "missing (the row has 1 of 2 columns)");
        assert!(row.at_most_header().is_ok());
        assert_eq!(
            row.as_header().unwrap_err().to_string(),
            "1 fields, but the header has 2"
        );
    }

    #[test]
    fn numbers_are_checked() {
        let e = number("-1.50", Sign::Positive).unwrap_err();
        assert_eq!(e.to_string(), "-1.50: must be a finite positive number");
        assert_eq!(
            e.value_as_read().to_string(),
            "-1.5: must be a finite positive number"
        );
        assert_eq!(number("-0", Sign::ZeroOrPositive), Ok(-0.0));
        assert!(number("inf", Sign::Any).is_err());
    }

    #[test]
    fn the_preamble() {
        let p = preamble("# format: 2\n\n #  x \nsize,speed\n1,2\n");
        assert_eq!(p.comments, vec![(1, " format: 2"), (3, "  x")]);
        assert_eq!((p.lines, p.rest), (3, "size,speed\n1,2\n"));
    }
}

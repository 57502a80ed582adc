//! Errors of reading a probe CSV: each names the file, and the line and
//! column or the row (`section.key`, `section[item].key`) at fault.

/// A probe CSV that cannot be imported, and where.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ProbeError {
    /// The file cannot be read.
    #[error("{file}: {message}")]
    Io { file: String, message: String },
    /// A line that is no row of seven fields (a stray quote, too few or
    /// too many columns).
    #[error("{file}: line {line}: {message}")]
    Syntax {
        file: String,
        line: usize,
        message: String,
    },
    /// The first line that is no comment is not the header.
    #[error("{file}: line {line}: the header must be `{expected}`, found `{found}`")]
    Header {
        file: String,
        line: usize,
        expected: String,
        found: String,
    },
    /// A value or spread that is no number.
    #[error("{file}: line {line}, column `{column}`: {key} = '{text}': not a number")]
    NotNumber {
        file: String,
        line: usize,
        column: &'static str,
        key: String,
        text: String,
    },
    /// A number out of range (negative, zero where zero means nothing,
    /// NaN, infinite).
    #[error("{file}: line {line}, column `{column}`: {key} = {}: must be {need}", hetscope_model::format::fmt_value(*.value))]
    Value {
        file: String,
        line: usize,
        column: &'static str,
        key: String,
        value: f64,
        need: &'static str,
    },
    /// A unit other than the one the row is measured in.
    #[error(
        "{file}: line {line}, column `unit`: {key} in '{unit}': unknown unit (expected {})",
        if .expected.is_empty() { "none".to_string() } else { format!("'{}'", .expected) }
    )]
    Unit {
        file: String,
        line: usize,
        key: String,
        unit: String,
        expected: &'static str,
    },
    /// The same row twice.
    #[error("{file}: line {line}: {key} given twice (first on line {first})")]
    Duplicate {
        file: String,
        line: usize,
        key: String,
        first: usize,
    },
    /// A required row that is not there (`line`: where the item it
    /// belongs to starts).
    #[error("{file}: {}{key} is missing: a required row", at_line(*.line))]
    Missing {
        file: String,
        line: Option<usize>,
        key: String,
    },
    /// Any other bad field (empty text, a spread on a text row, an item
    /// where none belongs, an unsupported format version).
    #[error("{file}: line {line}, column `{column}`: {key}: {message}")]
    Invalid {
        file: String,
        line: usize,
        column: &'static str,
        key: String,
        message: String,
    },
    /// What the rows make is refused by the model (a spec value out of
    /// range, speed points that make no speed function); `field` names
    /// it (`gpu`, `speed`).
    #[error("{file}: {field}: {message}")]
    Spec {
        file: String,
        field: String,
        message: String,
    },
}

impl ProbeError {
    /// The line at fault, where the error is about one.
    pub fn line(&self) -> Option<usize> {
        match self {
            ProbeError::Syntax { line, .. }
            | ProbeError::Header { line, .. }
            | ProbeError::NotNumber { line, .. }
            | ProbeError::Value { line, .. }
            | ProbeError::Unit { line, .. }
            | ProbeError::Duplicate { line, .. }
            | ProbeError::Invalid { line, .. } => Some(*line),
            ProbeError::Missing { line, .. } => *line,
            ProbeError::Io { .. } | ProbeError::Spec { .. } => None,
        }
    }

    /// The row (`section.key`, `section[item].key`) or spec field at
    /// fault, where the error is about one.
    pub fn key(&self) -> Option<&str> {
        match self {
            ProbeError::NotNumber { key, .. }
            | ProbeError::Value { key, .. }
            | ProbeError::Unit { key, .. }
            | ProbeError::Duplicate { key, .. }
            | ProbeError::Missing { key, .. }
            | ProbeError::Invalid { key, .. } => Some(key),
            ProbeError::Spec { field, .. } => Some(field),
            _ => None,
        }
    }

    /// The file (or other origin) as given.
    pub fn file(&self) -> &str {
        match self {
            ProbeError::Io { file, .. }
            | ProbeError::Syntax { file, .. }
            | ProbeError::Header { file, .. }
            | ProbeError::NotNumber { file, .. }
            | ProbeError::Value { file, .. }
            | ProbeError::Unit { file, .. }
            | ProbeError::Duplicate { file, .. }
            | ProbeError::Missing { file, .. }
            | ProbeError::Invalid { file, .. }
            | ProbeError::Spec { file, .. } => file,
        }
    }
}

/// "line N: " or nothing.
fn at_line(line: Option<usize>) -> String {
    line.map(|l| format!("line {l}: ")).unwrap_or_default()
}

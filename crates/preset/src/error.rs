//! Errors of loading, validating, resolving, saving and importing presets.
//! Every message names where the problem is: the file (or other origin),
//! and the line and column, the field path, or the CSV row and column.

use super::kind::PresetKind;

/// What went wrong with a preset, and where.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PresetError {
    /// The text is not valid RON for the expected structure (syntax error,
    /// unknown or missing field, wrong type). `line` and `col` start at 1.
    #[error("{origin}: line {line}, column {col}: {}", one_line(.message))]
    Syntax {
        origin: String,
        line: usize,
        col: usize,
        message: String,
    },
    /// A number the model cannot use. `field` is the path inside the
    /// preset, e.g. `energy.e_f_pj` or `partitions[2].i_c`.
    #[error(
        "{origin}: {field} = {}: must be a finite {} number",
        hetscope_model::range::fmt_value(*.value),
        if *.allows_zero { "zero or positive" } else { "positive" }
    )]
    Value {
        origin: String,
        field: String,
        value: f64,
        /// `true` when zero is allowed (static power, partition intensities).
        allows_zero: bool,
    },
    /// A number outside its parameter's physical range: the message names
    /// the field, the value, the parameter with its unit and both bounds.
    #[error("{origin}: {field} = {}: {error}", hetscope_model::range::fmt_value(.error.value))]
    Range {
        origin: String,
        field: String,
        error: Box<hetscope_model::OutOfRange>,
    },
    /// Any other invalid content (empty name, duplicate partition, a
    /// processor of the wrong kind, ...).
    #[error("{origin}: {}{}", if .field.is_empty() { String::new() } else { format!("{}: ", one_line(.field)) }, one_line(.message))]
    Invalid {
        origin: String,
        field: String,
        message: String,
    },
    /// A what-if platform's key (`BASE@KEY=FACTOR,...`) that names no
    /// platform: badly written, or a change its base cannot take.
    #[error("{}: {}", one_line(.key), one_line(.message))]
    WhatIf { key: String, message: String },
    /// A preset named by id or name that is not in the catalog.
    #[error("{origin}: unknown {} preset `{}`{}", .kind.key(), one_line(.key), known_list(*.kind, .known))]
    Unknown {
        origin: String,
        kind: PresetKind,
        key: String,
        known: Vec<String>,
    },
    /// A file of a newer format than this build reads; `found` is the
    /// version it names (see [`crate::version`]).
    #[error("{origin}: {}", super::version::number::newer_message(.found))]
    NewerFormat { origin: String, found: String },
    /// Reading or writing a file failed.
    #[error("{}: {}", one_line(.path), one_line(.message))]
    Io { path: String, message: String },
    /// A file larger than hetscope reads of its kind, refused before it
    /// was read into memory.
    #[error("{}: {}", one_line(.path), super::read::too_large(*.size, .limit))]
    TooLarge {
        path: String,
        /// Its size in bytes; `None` where the reading went past the
        /// limit (a pipe, a file that grew while read).
        size: Option<u64>,
        limit: super::read::FileLimit,
    },
    /// A measured CSV file with a bad header or row. `row` counts data rows
    /// from 1 (the header is not a row); `line` is the line in the file.
    #[error("{origin}:{}{} {}", place(*.row, *.line), column_of(.column), one_line(.message))]
    Csv {
        origin: String,
        row: Option<usize>,
        line: Option<u64>,
        column: Option<String>,
        message: String,
    },
}

impl PresetError {
    /// Where the problem is: the file path or other origin.
    pub fn origin(&self) -> &str {
        match self {
            PresetError::Syntax { origin, .. }
            | PresetError::Value { origin, .. }
            | PresetError::Range { origin, .. }
            | PresetError::Invalid { origin, .. }
            | PresetError::Unknown { origin, .. }
            | PresetError::NewerFormat { origin, .. }
            | PresetError::Csv { origin, .. } => origin,
            PresetError::WhatIf { key, .. } => key,
            PresetError::Io { path, .. } | PresetError::TooLarge { path, .. } => path,
        }
    }

    /// An error of a CSV file at its data `row`, `line` and `column`,
    /// where known.
    pub(crate) fn csv(
        origin: &str,
        row: Option<usize>,
        line: Option<u64>,
        column: Option<&str>,
        message: impl Into<String>,
    ) -> PresetError {
        PresetError::Csv {
            origin: origin.to_string(),
            row,
            line,
            column: column.map(str::to_string),
            message: message.into(),
        }
    }

    /// A value of `field` outside its range.
    pub(crate) fn range(
        origin: &str,
        field: &str,
        error: hetscope_model::OutOfRange,
    ) -> PresetError {
        PresetError::Range {
            origin: origin.to_string(),
            field: field.to_string(),
            error: Box::new(error),
        }
    }

    pub fn invalid(origin: &str, field: &str, message: impl Into<String>) -> PresetError {
        PresetError::Invalid {
            origin: origin.to_string(),
            field: field.to_string(),
            message: message.into(),
        }
    }

    pub(crate) fn io(path: &std::path::Path, err: impl std::fmt::Display) -> PresetError {
        PresetError::Io {
            path: path.display().to_string(),
            message: err.to_string(),
        }
    }

    /// From a RON parse error, with its position.
    pub(crate) fn from_ron(origin: &str, err: &ron::error::SpannedError) -> PresetError {
        PresetError::Syntax {
            origin: origin.to_string(),
            line: err.span.start.line,
            col: err.span.start.col,
            message: crate::ron_words::ron_message(&err.code),
        }
    }
}

/// "; known: a, b" or " (there are no <kind> presets)".
fn known_list(kind: PresetKind, known: &[String]) -> String {
    if known.is_empty() {
        format!(" (there are no {} presets)", kind.key())
    } else {
        format!("; known: {}", known.join(", "))
    }
}

/// " row R (line L)," and the like, or nothing.
fn place(row: Option<usize>, line: Option<u64>) -> String {
    match (row, line) {
        (Some(r), Some(l)) => format!(" row {r} (line {l}),"),
        (Some(r), None) => format!(" row {r},"),
        (None, Some(l)) => format!(" line {l},"),
        (None, None) => String::new(),
    }
}

/// " column `c`:", or nothing.
fn column_of(column: &Option<String>) -> String {
    column
        .as_ref()
        .map(|c| format!(" column `{}`:", one_line(c)))
        .unwrap_or_default()
}

/// `text` with its control characters (line breaks above all) and its
/// invisible ones written as escapes, so that every message is one line
/// whatever a file holds and a wrong name never looks like a right one.
fn one_line(text: &str) -> std::borrow::Cow<'_, str> {
    hetscope_model::format::visible(text)
}

//! Errors of loading, validating, resolving, saving and importing presets.
//! Every message names where the problem is: the file (or other origin),
//! and the line and column, the field path, or the CSV row and column.

use super::types::PresetKind;

/// What went wrong with a preset, and where.
#[derive(Clone, Debug, PartialEq)]
pub enum PresetError {
    /// The text is not valid RON for the expected structure (syntax error,
    /// unknown or missing field, wrong type). `line` and `col` start at 1.
    Syntax {
        origin: String,
        line: usize,
        col: usize,
        message: String,
    },
    /// A number the model cannot use. `field` is the path inside the
    /// preset, e.g. `energy.e_f_pj` or `partitions[2].i_c`.
    Value {
        origin: String,
        field: String,
        value: f64,
        /// `true` when zero is allowed (static power, partition intensities).
        allows_zero: bool,
    },
    /// Any other invalid content (empty name, duplicate partition, a
    /// processor of the wrong kind, ...).
    Invalid {
        origin: String,
        field: String,
        message: String,
    },
    /// A preset named by id or name that is not in the catalog.
    Unknown {
        origin: String,
        kind: PresetKind,
        key: String,
        known: Vec<String>,
    },
    /// Reading or writing a file failed.
    Io { path: String, message: String },
    /// A measured CSV file with a bad header or row. `row` counts data rows
    /// from 1 (the header is not a row); `line` is the line in the file.
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
            | PresetError::Invalid { origin, .. }
            | PresetError::Unknown { origin, .. }
            | PresetError::Csv { origin, .. } => origin,
            PresetError::Io { path, .. } => path,
        }
    }

    pub(crate) fn invalid(origin: &str, field: &str, message: impl Into<String>) -> PresetError {
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
            message: err.code.to_string(),
        }
    }
}

impl std::fmt::Display for PresetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PresetError::Syntax {
                origin,
                line,
                col,
                message,
            } => write!(f, "{origin}: line {line}, column {col}: {message}"),
            PresetError::Value {
                origin,
                field,
                value,
                allows_zero,
            } => {
                let need = if *allows_zero {
                    "zero or positive"
                } else {
                    "positive"
                };
                write!(
                    f,
                    "{origin}: {field} = {value}: must be a finite {need} number"
                )
            }
            PresetError::Invalid {
                origin,
                field,
                message,
            } => {
                if field.is_empty() {
                    write!(f, "{origin}: {message}")
                } else {
                    write!(f, "{origin}: {field}: {message}")
                }
            }
            PresetError::Unknown {
                origin,
                kind,
                key,
                known,
            } => {
                write!(f, "{origin}: unknown {} preset `{key}`", kind.key())?;
                if known.is_empty() {
                    write!(f, " (there are no {} presets)", kind.key())
                } else {
                    write!(f, "; known: {}", known.join(", "))
                }
            }
            PresetError::Io { path, message } => write!(f, "{path}: {message}"),
            PresetError::Csv {
                origin,
                row,
                line,
                column,
                message,
            } => {
                write!(f, "{origin}:")?;
                if let Some(r) = row {
                    write!(f, " row {r}")?;
                    if let Some(l) = line {
                        write!(f, " (line {l})")?;
                    }
                    write!(f, ",")?;
                }
                if let Some(c) = column {
                    write!(f, " column `{c}`:")?;
                }
                write!(f, " {message}")
            }
        }
    }
}

impl std::error::Error for PresetError {}

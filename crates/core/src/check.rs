//! A session's values checked as strictly as the options that set them:
//! each model's [`crate::Model::check`] reports the first value no option,
//! slider or file reader would take, as a [`FieldProblem`] naming its
//! field in the session. A session file is checked when it is opened
//! (`session_file`), however it was opened: the window, a dropped file,
//! `hetscope FILE`, `export --session` or `eval sensitivity --session`.

use hetscope_model::Range;
use hetscope_model::range::fmt_value;

/// The most measured files a session's validation may name: more than
/// anyone compares a platform with, few enough to read in a moment.
pub const MAX_VALIDATION_FILES: usize = 32;

/// The longest text a session may hold where a platform, workload or
/// file is named (a path's limit).
pub const MAX_NAME_BYTES: usize = hetscope_preset::platform::MAX_ARG_BYTES;

/// A value of a session that no option would take: where it is (its
/// field, `fpm.n_units`) and why.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct FieldProblem {
    /// The path of the field in the session (`offload.size`,
    /// `perdome.platform.params`).
    pub field: String,
    /// What is wrong, with the value ("-3600: must be between ...").
    pub message: String,
}

impl FieldProblem {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> FieldProblem {
        FieldProblem {
            field: field.into(),
            message: message.into(),
        }
    }
}

/// `Ok` when `v` lies in `range`, else the problem of `field`, naming
/// the value in the app's number format and what the range asks for.
pub fn in_range(field: &str, v: f64, range: &Range) -> Result<(), FieldProblem> {
    if range.contains(v) {
        Ok(())
    } else {
        Err(FieldProblem::new(
            field,
            format!("{}: must be {}", fmt_value(v), range.need()),
        ))
    }
}

/// `Ok` when a name the session holds is no longer than a path may be.
pub fn short_name(field: &str, text: &str) -> Result<(), FieldProblem> {
    if text.len() <= MAX_NAME_BYTES {
        Ok(())
    } else {
        Err(FieldProblem::new(
            field,
            format!(
                "{} bytes, longer than any platform id, file path or what-if key (at most {MAX_NAME_BYTES})",
                text.len()
            ),
        ))
    }
}

/// The problem of `field` from a model error (its message).
pub fn refused(field: &str, e: impl std::fmt::Display) -> FieldProblem {
    FieldProblem::new(field, e.to_string())
}

/// Measured data a session holds (embedded, or read again from its
/// path), checked by the reader of its file: written as the CSV it was
/// read from (`header`, one row per point, numbers exact) and read again
/// with `read`, so that it passes every check a file of its kind passes.
/// The problem names `field`, the data's file and the row and column.
pub fn as_its_file<T>(
    field: &str,
    file: &str,
    header: &[&str],
    rows: impl Iterator<Item = Vec<String>>,
    read: impl FnOnce(&str, &str) -> Result<T, hetscope_preset::PresetError>,
) -> Result<(), FieldProblem> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let written = std::iter::once(header.iter().map(|h| (*h).to_string()).collect())
        .chain(rows)
        .try_for_each(|row: Vec<String>| w.write_record(&row));
    let text = written
        .ok()
        .and_then(|()| w.into_inner().ok())
        .and_then(|bytes| String::from_utf8(bytes).ok())
        .ok_or_else(|| FieldProblem::new(field, "its data cannot be written as CSV"))?;
    read(&text, file).map(drop).map_err(|e| {
        let why = match e {
            hetscope_preset::PresetError::Csv {
                row,
                line,
                column,
                message,
                ..
            } => {
                // One line a row after the header, where a reader counts
                // lines only.
                let row = row.or(line.and_then(|l| usize::try_from(l.checked_sub(1)?).ok()));
                let row = row.map_or_else(String::new, |r| format!("row {r}, "));
                let column = column.map_or_else(String::new, |c| format!("column `{c}`: "));
                format!("{row}{column}{message}")
            }
            other => other.to_string(),
        };
        FieldProblem::new(field, format!("data of {file}: {why}"))
    })
}

/// A number as a CSV file writes it, exactly (`1e300`, `0.1`, `NaN`).
pub fn exact(v: f64) -> String {
    format!("{v:?}")
}

//! Why a session file, or a file dropped on the window, cannot be read:
//! each error names the file, and the line and column, the version or the
//! measured file at fault. Shared by the session files
//! ([`crate::session_file`]) and the recognition of a file by its content
//! ([`crate::recognize`]).

/// What is wrong with a file, and where.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum FileError {
    /// Reading or writing the file failed.
    #[error("{}: {}", plain(.file), one_line(.message))]
    Io { file: String, message: String },
    /// The text is not RON, or not a session file's structure (a missing
    /// or unknown field, a wrong type). `line` and `column` start at 1.
    #[error("{}: line {line}, column {column}: {}", plain(.file), one_line(.message))]
    Syntax {
        file: String,
        line: usize,
        column: usize,
        message: String,
    },
    /// A session file of a format newer than this version reads.
    #[error(
        "{}: session format {found} was written by a newer hetscope; hetscope {version} reads session formats {oldest} to {newest}",
        plain(.file)
    )]
    Newer {
        file: String,
        found: u64,
        oldest: u32,
        newest: u32,
        version: &'static str,
    },
    /// A session format older than any this version migrates.
    #[error(
        "{}: session format {found} is older than any this version reads (session formats {oldest} to {newest})",
        plain(.file)
    )]
    Older {
        file: String,
        found: u64,
        oldest: u32,
        newest: u32,
    },
    /// A file hetscope reads, but not a session file (`what`: its kind).
    #[error("{}: {what}, not a session file", plain(.file))]
    NotASession { file: String, what: String },
    /// A measured file the session names by path (its data not kept in
    /// the session file) that is missing, unreadable, changed since the
    /// session was saved or no longer parses.
    #[error("{}, line {line}: measured file {} ({what}): {}", plain(.file), plain(.path), one_line(.why))]
    Measured {
        file: String,
        line: usize,
        path: String,
        what: &'static str,
        why: String,
    },
    /// A session value no option, slider or file reader would take: its
    /// field in the session (`fpm.n_units`) and the line it is on, where
    /// the file writes it.
    #[error("{}{}: session.{}: {}", plain(.file), line_part(*.line), plain(.field), one_line(.message))]
    Field {
        file: String,
        line: Option<usize>,
        field: String,
        message: String,
    },
    /// A file of another kind given as measured data: its kind, and the
    /// kinds taken there (`crate::reads`).
    #[error("{}: {what}, not measured data ({takes})", plain(.file))]
    NotMeasured {
        file: String,
        what: &'static str,
        takes: String,
    },
    /// A file whose content is none of the kinds hetscope reads:
    /// what it looked like and the kinds that are read.
    #[error("{}: not a file hetscope reads ({}); it reads {accepted}", plain(.file), one_line(.looked_like))]
    Unrecognized {
        file: String,
        looked_like: String,
        accepted: String,
    },
}

/// ", line L" where known.
fn line_part(line: Option<usize>) -> String {
    line.map_or_else(String::new, |l| format!(", line {l}"))
}

/// `text` on one line: line breaks and tabs as spaces, runs of spaces
/// as one.
pub(crate) fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A name as typed, its control characters (line breaks among them) and
/// invisible ones escaped, so that a message stays on one line and shows
/// every character of the name.
pub(crate) fn plain(text: &str) -> String {
    hetscope_model::format::visible(text).into_owned()
}

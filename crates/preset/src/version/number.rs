//! The format version numbers: the one this build writes, the ones it
//! reads, a version read from its text, and why one is refused. Shared by
//! the RON and CSV readers, the speed-function keys and the errors.

/// The format this build writes, and the newest it reads.
pub const FORMAT_VERSION: u32 = 2;

/// The oldest format this build reads: a file without a version.
pub const FIRST_FORMAT: u32 = 1;

/// Why a written format version cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.message())]
pub enum VersionProblem {
    /// A whole number above [`FORMAT_VERSION`]: a newer hetscope's file.
    Newer(String),
    /// Anything else (the text as found).
    NotAVersion(String),
}

impl VersionProblem {
    /// One line saying what is wrong.
    pub fn message(&self) -> String {
        match self {
            VersionProblem::Newer(n) => newer_message(n),
            VersionProblem::NotAVersion(found) => {
                let found = if found.is_empty() {
                    "nothing".to_string()
                } else {
                    format!("`{}`", shorten(found))
                };
                format!(
                    "`format` must be the file's format version, a whole number from {FIRST_FORMAT} (this version reads formats {FIRST_FORMAT} to {FORMAT_VERSION}); found {found}"
                )
            }
        }
    }
}

/// The message of a file of a newer format `found`.
pub(crate) fn newer_message(found: &str) -> String {
    format!(
        "was written by a newer hetscope (format {found}); this version reads formats {FIRST_FORMAT} to {FORMAT_VERSION}"
    )
}

/// At most 40 characters of `text`, an ellipsis after a cut.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_string(),
    }
}

/// A format version as written: a whole number from [`FIRST_FORMAT`] to
/// [`FORMAT_VERSION`].
pub(crate) fn parse_version(text: &str) -> Result<u32, VersionProblem> {
    let t = text.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(VersionProblem::NotAVersion(t.to_string()));
    }
    let digits = t.trim_start_matches('0');
    match digits.parse::<u32>() {
        Ok(n) if (FIRST_FORMAT..=FORMAT_VERSION).contains(&n) => Ok(n),
        _ if digits.is_empty() => Err(VersionProblem::NotAVersion(t.to_string())),
        _ => Err(VersionProblem::Newer(shorten(digits))),
    }
}

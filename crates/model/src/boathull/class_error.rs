//! Errors of the class language: where (byte offset and 1-based
//! character column) and what (the text found and the problem).

/// What is wrong at the place a [`ClassError`] points at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClassProblem {
    /// The syntax wanted something else here.
    Expected(&'static str),
    /// A size or tile dimension of 0.
    ZeroSize,
    /// A number that does not fit in 64 bits.
    NumberTooLarge,
    /// Well formed, but not one of the 11 classes of Table 1; says why.
    NotModelled(String),
}

/// A class name that cannot be used, pointing at the offending text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {}", .problem.message(.found))]
pub struct ClassError {
    /// Byte offset of the offending text in the class name.
    pub byte_offset: usize,
    /// 1-based column (in characters) of the offending text.
    pub column: usize,
    /// The offending text; empty at the end of the input.
    pub found: String,
    pub problem: ClassProblem,
}

impl ClassError {
    /// An error about `text[start..end]`.
    pub(crate) fn at_span(text: &str, span: Span, problem: ClassProblem) -> Self {
        let end = span.end.min(text.len());
        let start = span.start.min(end);
        ClassError {
            byte_offset: start,
            column: text[..start].chars().count() + 1,
            found: text[start..end].to_string(),
            problem,
        }
    }

    /// An error about the token that starts at byte `pos`.
    pub(crate) fn at_token(text: &str, pos: usize, problem: ClassProblem) -> Self {
        ClassError::at_span(text, token_span(text, pos), problem)
    }
}

impl ClassProblem {
    /// The problem in words, with the text `found` where it is.
    fn message(&self, found: &str) -> String {
        let found = if found.is_empty() {
            "the end of the class name".to_string()
        } else {
            // Control and invisible characters escaped: one line.
            format!("`{}`", crate::format::visible(found))
        };
        match self {
            ClassProblem::Expected(what) => format!("expected {what}, found {found}"),
            ClassProblem::ZeroSize => format!("sizes must be positive, found {found}"),
            ClassProblem::NumberTooLarge => format!("number too large, found {found}"),
            ClassProblem::NotModelled(why) => {
                format!("{why}, found {found} (not one of the 11 modelled classes of Table 1)")
            }
        }
    }
}

/// Byte range `start..end` in the class name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub(crate) fn join(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

/// The span of the token starting at `pos`: a run of letters and digits,
/// `->`, or one character; empty at the end.
pub(crate) fn token_span(text: &str, pos: usize) -> Span {
    let rest = &text[pos.min(text.len())..];
    let len = if rest.starts_with("->") {
        2
    } else {
        let word: usize = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .map(char::len_utf8)
            .sum();
        if word > 0 {
            word
        } else {
            rest.chars().next().map_or(0, char::len_utf8)
        }
    };
    Span {
        start: pos,
        end: pos + len,
    }
}

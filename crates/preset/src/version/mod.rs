//! The format version of preset files.
//!
//! Every RON preset names its format in a top-level field `format: N`
//! (written first by the preset writers), a CSV that hetscope reads in a
//! comment line `# format: N`. A file without one is format 1, the format
//! of the files written before the version was: it reads as it always did
//! (format 2 renames nothing; an offload kernel may state its footprint).
//! A newer format than [`FORMAT_VERSION`] is refused, naming the version
//! found and the versions this build reads; a value that is no format
//! version is an error naming its line (and in RON its column).
//!
//! The RON field is found and blanked out with spaces before the typed
//! parse (`ron_field.rs`), so the preset types stay as they are (unknown
//! fields refused) and every later error keeps its line and column. The
//! versions themselves, read from text and refused with a reason, are in
//! `number.rs`.

pub(crate) mod number;
mod ron_field;

use std::borrow::Cow;

use super::error::PresetError;
pub(crate) use number::parse_version;
pub use number::{FIRST_FORMAT, FORMAT_VERSION, VersionProblem};

/// Line and column (from 1, columns in characters, as RON counts them)
/// of byte `at` of `text`.
fn line_col(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at.min(text.len())];
    let line = 1 + before.matches('\n').count();
    let col = 1 + before.rsplit('\n').next().map_or(0, |l| l.chars().count());
    (line, col)
}

fn syntax(origin: &str, text: &str, at: usize, message: String) -> PresetError {
    let (line, col) = line_col(text, at);
    PresetError::Syntax {
        origin: origin.to_string(),
        line,
        col,
        message,
    }
}

/// `text` with its top-level `format` field taken out (every character of
/// it replaced by a space, line breaks kept, so the typed parse reports
/// the same lines and columns), and the version it names
/// ([`FIRST_FORMAT`] where it names none). Errors name `origin`, and the
/// line and column of a value that is no version.
pub(crate) fn strip_ron_format<'t>(
    text: &'t str,
    origin: &str,
) -> Result<(Cow<'t, str>, u32), PresetError> {
    let fields = ron_field::format_fields(text);
    let Some(field) = fields.first() else {
        return Ok((Cow::Borrowed(text), FIRST_FORMAT));
    };
    if let Some(second) = fields.get(1) {
        let message = "`format` is given twice".to_string();
        return Err(syntax(origin, text, second.key, message));
    }
    let found = &text[field.value.0..field.value.1];
    let version = if field.whole_number {
        parse_version(found)
    } else {
        Err(VersionProblem::NotAVersion(found.to_string()))
    };
    let version = version.map_err(|p| match p {
        VersionProblem::Newer(found) => PresetError::NewerFormat {
            origin: origin.to_string(),
            found,
        },
        VersionProblem::NotAVersion(_) => {
            let at = if found.is_empty() {
                field.key
            } else {
                field.value.0
            };
            syntax(origin, text, at, p.message())
        }
    })?;
    let mut out = String::with_capacity(text.len());
    out.push_str(&text[..field.key]);
    out.extend(
        text[field.key..field.blank_end]
            .chars()
            .map(|c| if matches!(c, '\n' | '\r') { c } else { ' ' }),
    );
    out.push_str(&text[field.blank_end..]);
    Ok((Cow::Owned(out), version))
}

/// `body`, a RON struct as the preset writers print it (`(` first, one
/// field a line indented by `indent`, or all on one line), with
/// `format: N` as its first field. Any other text is returned as it is.
pub(crate) fn with_format_field(body: &str, indent: &str) -> String {
    if let Some(rest) = body.strip_prefix("(\n") {
        format!("(\n{indent}format: {FORMAT_VERSION},\n{rest}")
    } else if let Some(rest) = body.strip_prefix('(') {
        format!("(format: {FORMAT_VERSION}, {rest}")
    } else {
        body.to_string()
    }
}

/// The comment line a CSV writer puts first: `# format: N` and a line
/// break.
pub fn csv_format_line() -> String {
    format!("# format: {FORMAT_VERSION}\n")
}

/// The value of a `# format: N` comment, given the text after its `#`;
/// `None` for any other comment.
pub(crate) fn csv_format_value(comment: &str) -> Option<&str> {
    comment
        .trim_start()
        .strip_prefix("format")?
        .trim_start()
        .strip_prefix(':')
        .map(str::trim)
}

/// The format version a CSV names in a comment line `# format: N` (a line
/// starting with `#`), [`FIRST_FORMAT`] where it names none. Errors name
/// `origin` and the line.
pub(crate) fn csv_format(text: &str, origin: &str) -> Result<u32, PresetError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut found: Option<(u32, usize)> = None;
    for (k, line) in text.lines().enumerate() {
        let Some(value) = line.strip_prefix('#').and_then(csv_format_value) else {
            continue;
        };
        let at = Some(k as u64 + 1);
        if let Some((_, first)) = found {
            let message = format!("`format` is given twice (also on line {first})");
            return Err(PresetError::csv(origin, None, at, None, message));
        }
        let v = parse_version(value).map_err(|p| match p {
            VersionProblem::Newer(found) => PresetError::NewerFormat {
                origin: origin.to_string(),
                found,
            },
            VersionProblem::NotAVersion(_) => PresetError::csv(origin, None, at, None, p.message()),
        })?;
        found = Some((v, k + 1));
    }
    Ok(found.map_or(FIRST_FORMAT, |(v, _)| v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_read_and_refused() {
        assert_eq!(parse_version(" 2 "), Ok(2));
        assert_eq!(parse_version("01"), Ok(1));
        assert_eq!(parse_version("3"), Err(VersionProblem::Newer("3".into())));
        assert!(matches!(
            parse_version("99999999999999999999999"),
            Err(VersionProblem::Newer(_))
        ));
        for bad in ["0", "", "1.5", "-1", "x", "2a"] {
            assert!(
                matches!(parse_version(bad), Err(VersionProblem::NotAVersion(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn the_field_is_blanked_keeping_positions() {
        let text = "(\n    format: 2, // now\n    name: \"x\",\n)";
        let (out, v) = strip_ron_format(text, "f.ron").unwrap();
        assert_eq!(v, 2);
        assert_eq!(out.len(), text.len());
        assert_eq!(out.lines().nth(1).unwrap().trim(), "// now");
        assert_eq!(out.lines().nth(2), text.lines().nth(2));
        let e = strip_ron_format("(\n  a: 1,\n  format: 1.5,\n)", "f.ron").unwrap_err();
        assert!(
            matches!(
                e,
                PresetError::Syntax {
                    line: 3,
                    col: 11,
                    ..
                }
            ),
            "{e:?}"
        );
    }

    #[test]
    fn the_writer_puts_the_field_first() {
        assert_eq!(
            with_format_field("(\n    a: 1,\n)", "    "),
            "(\n    format: 2,\n    a: 1,\n)"
        );
        assert_eq!(with_format_field("(a: 1)", ""), "(format: 2, a: 1)");
    }

    #[test]
    fn csv_comments() {
        assert_eq!(csv_format("a,b\n1,2\n", "f.csv"), Ok(1));
        assert_eq!(csv_format("# format: 2\na,b\n", "f.csv"), Ok(2));
        assert_eq!(csv_format("# format of the data: x\na\n", "f.csv"), Ok(1));
        let e = csv_format("# x\n# format: 99\n", "f.csv").unwrap_err();
        assert!(e.to_string().contains("f.csv") && e.to_string().contains("format 99"));
        let e = csv_format("# format: two\n", "f.csv").unwrap_err();
        assert!(e.to_string().contains("line 1"), "{e}");
    }
}

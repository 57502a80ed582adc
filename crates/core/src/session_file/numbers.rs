//! The numbers of a session file, checked before it is read: RON reads
//! `NaN`, `inf` and a literal too large for its field (`1e400`, or
//! `1e39` in a single-precision field) as numbers that are not finite,
//! which a session must never hold. So every number literal (outside
//! strings and comments) must be finite and within ±3.4e38, the range of
//! the narrowest field (the camera's); nothing a session holds comes
//! near it. A literal that does not read as a number is left to the RON
//! parser, which names it.

/// The largest magnitude a number of a session file may have.
const LARGEST: f64 = f32::MAX as f64;

/// Where the first number of `text` that a session cannot hold is: its
/// byte offset and its text.
pub fn first_unfit(text: &str) -> Option<(usize, &str)> {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let rest = &text[i..];
        if rest.starts_with("//") {
            i += rest.find('\n').unwrap_or(rest.len());
        } else if rest.starts_with("/*") {
            i += block_comment(rest);
        } else if c == b'"' {
            i += quoted(rest);
        } else if rest.starts_with("r\"") || rest.starts_with("r#") || rest.starts_with("br") {
            i += raw_or_word(rest);
        } else if c == b'\'' {
            i += char_literal(rest);
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let n = word_len(rest);
            let word = &rest[..n];
            if matches!(word, "NaN" | "nan" | "inf" | "infinity" | "Infinity") {
                return Some((i, word));
            }
            i += n;
        } else if c.is_ascii_digit() || c == b'.' || c == b'-' || c == b'+' {
            let n = number_len(rest);
            let literal = &rest[..n.max(1)];
            let v = literal.replace('_', "").parse::<f64>();
            if v.is_ok_and(|v| v.is_nan() || v.abs() > LARGEST) {
                return Some((i, literal));
            }
            i += n.max(1);
        } else {
            i += rest.chars().next().map_or(1, char::len_utf8);
        }
    }
    None
}

fn word_len(rest: &str) -> usize {
    rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len())
}

/// The length of a number literal: digits, signs, points, exponents,
/// letters of a suffix or a base.
fn number_len(rest: &str) -> usize {
    let b = rest.as_bytes();
    let mut n = 0;
    while n < b.len() {
        let c = b[n];
        let sign = (c == b'-' || c == b'+') && (n == 0 || matches!(b[n - 1], b'e' | b'E'));
        if c.is_ascii_alphanumeric() || c == b'.' || c == b'_' || sign {
            n += 1;
        } else {
            break;
        }
    }
    n
}

/// The length of a (nested) block comment; the rest of the text when it
/// is not closed.
fn block_comment(rest: &str) -> usize {
    let mut level = 0usize;
    let mut i = 0;
    while i < rest.len() {
        let r = &rest[i..];
        if r.starts_with("/*") {
            level += 1;
            i += 2;
        } else if r.starts_with("*/") {
            level -= 1;
            i += 2;
            if level == 0 {
                return i;
            }
        } else {
            i += r.chars().next().map_or(1, char::len_utf8);
        }
    }
    rest.len()
}

/// The length of an escaped string with its quotes.
fn quoted(rest: &str) -> usize {
    let mut chars = rest.char_indices().skip(1);
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '"' => return i + 1,
            _ => {}
        }
    }
    rest.len()
}

/// The length of a raw string (`r"..."`, `r#"..."#`, `br...`), or of the
/// word it turns out to be.
fn raw_or_word(rest: &str) -> usize {
    let body = rest.strip_prefix('b').unwrap_or(rest);
    let prefix = rest.len() - body.len() + 1;
    let after_r = &body[1..];
    let hashes = after_r.len() - after_r.trim_start_matches('#').len();
    if !after_r[hashes..].starts_with('"') {
        return word_len(rest).max(1);
    }
    let close = format!("\"{}", "#".repeat(hashes));
    let start = prefix + hashes + 1;
    rest[start..]
        .find(&close)
        .map_or(rest.len(), |at| start + at + close.len())
}

/// The length of a character literal (or of the quote alone).
fn char_literal(rest: &str) -> usize {
    let mut chars = rest.char_indices().skip(1);
    if let Some((_, '\\')) = chars.next() {
        chars.next();
    }
    for (i, c) in chars.take(8) {
        if c == '\'' {
            return i + 1;
        }
    }
    1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unfit_numbers_are_found_outside_strings_and_comments() {
        assert_eq!(first_unfit("(a: 1.5, b: -2e3, c: 3.3e38)"), None);
        assert_eq!(first_unfit("(a: \"NaN 1e400\", // inf\n b: 1)"), None);
        assert_eq!(
            first_unfit("(a: r#\"inf\"#, /* NaN /* 1e999 */ */ b: 'x')"),
            None
        );
        assert_eq!(first_unfit("(a: 1, b: NaN)"), Some((10, "NaN")));
        assert_eq!(first_unfit("(a: -inf)"), Some((4, "-inf")));
        assert_eq!(first_unfit("(a: 1e400)"), Some((4, "1e400")));
        assert_eq!(first_unfit("(zoom: -1e39)"), Some((7, "-1e39")));
        assert_eq!(first_unfit("(a: 1_0e4_00)"), Some((4, "1_0e4_00")));
        assert_eq!(first_unfit("(a: 0x1F, b: 1u8, c: infinite)"), None);
    }
}

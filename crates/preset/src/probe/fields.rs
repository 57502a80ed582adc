//! The fields of one line of a probe CSV: split at commas, a field in
//! double quotes may hold commas.

/// Why a line splits into no fields.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum SplitError {
    /// Something other than a comma after a closing quote.
    #[error("text after a closing quote: '{0}'")]
    AfterQuote(char),
    /// A quote in a field that does not start with one.
    #[error("a quote inside an unquoted field")]
    StrayQuote,
    /// A quoted field that runs to the end of the line.
    #[error("a quoted field is not closed on its line")]
    Unclosed,
}

/// The fields of one CSV line: separated by commas, a field in double
/// quotes may hold commas and doubled quotes (`""`). Fields do not span
/// lines.
pub(crate) fn split_fields(line: &str) -> Result<Vec<String>, SplitError> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut chars = line.chars().peekable();
    // In quotes; after a closing quote (only a comma may follow).
    let (mut quoted, mut closed) = (false, false);
    while let Some(ch) = chars.next() {
        if quoted {
            match ch {
                '"' if chars.peek() == Some(&'"') => {
                    cur.push('"');
                    chars.next();
                }
                '"' => (quoted, closed) = (false, true),
                _ => cur.push(ch),
            }
            continue;
        }
        match ch {
            ',' => {
                out.push(std::mem::take(&mut cur));
                closed = false;
            }
            '"' if cur.trim().is_empty() && !closed => {
                cur.clear();
                quoted = true;
            }
            _ if closed && ch.is_whitespace() => {}
            _ if closed => return Err(SplitError::AfterQuote(ch)),
            '"' => return Err(SplitError::StrayQuote),
            _ => cur.push(ch),
        }
    }
    if quoted {
        return Err(SplitError::Unclosed);
    }
    out.push(cur);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::split_fields;

    #[test]
    fn fields_split_at_commas_outside_quotes() {
        assert_eq!(
            split_fields(r#"a,,"b, ""c""",d "#).unwrap(),
            vec!["a", "", r#"b, "c""#, "d "]
        );
        assert!(split_fields(r#"a,"b"#).is_err());
        assert!(split_fields(r#"a,"b"x"#).is_err());
        assert!(split_fields(r#"a,b"c"#).is_err());
    }
}

//! A RON reader's error in a user's words: what was expected and found
//! in the file's own terms, without the parser's hints to programmers
//! (`ron::Options::recursion_limit`, `serde_stacker`, raw values), the
//! program's type names (`struct CpuSpec`, `PlatformPreset`) or Rust's
//! number types (`f64`, `u32`).

use ron::error::Error;

/// The message of `e`, worded for the person who wrote the file.
pub fn ron_message(e: &Error) -> String {
    match e {
        Error::Eof => "the file ends before what it opened is closed".into(),
        Error::ExpectedAttribute | Error::ExpectedAttributeEnd => {
            "`#` starts nothing here (a comment is // or /* */)".into()
        }
        Error::ExpectedNamedStructLike(_) | Error::ExpectedStructLike => "expected `(`".into(),
        Error::ExpectedDifferentStructName { found, .. } => {
            format!("expected `(`, found the name `{found}`")
        }
        Error::ExpectedStructName(_) => "expected `(`".into(),
        Error::NoSuchStructField {
            expected,
            found,
            outer,
        } => format!(
            "unknown field `{found}`{}; {}",
            within(outer.as_deref()),
            one_of(expected, "fields")
        ),
        Error::MissingStructField { field, outer } => {
            format!("the field `{field}` is missing{}", within(outer.as_deref()))
        }
        Error::DuplicateStructField { field, outer } => {
            format!(
                "the field `{field}` is given twice{}",
                within(outer.as_deref())
            )
        }
        Error::NoSuchEnumVariant {
            expected,
            found,
            outer,
        } => format!(
            "unknown value `{found}`{}; {}",
            within(outer.as_deref()),
            one_of(expected, "values")
        ),
        Error::InvalidValueForType { expected, found } => {
            format!(
                "expected {}, found {}",
                type_words(expected),
                type_words(found)
            )
        }
        Error::ExpectedDifferentLength { expected, found } => format!(
            "expected {}, found {found} element{}",
            type_words(expected),
            if *found == 1 { "" } else { "s" }
        ),
        Error::ExceededRecursionLimit => {
            "brackets nested too deeply (no file hetscope reads nests more than a few levels)"
                .into()
        }
        Error::UnclosedLineComment | Error::UnclosedBlockComment => {
            "a comment is not closed".into()
        }
        Error::ExpectedRawValue => "expected a value".into(),
        Error::ExpectedOption => "expected `Some(...)` or `None`".into(),
        Error::NoSuchExtension(name) => {
            format!("unknown RON extension `{name}` (hetscope's files need none)")
        }
        Error::SuggestRawIdentifier(name) | Error::InvalidIdentifier(name) => {
            format!("`{name}` is not a valid name")
        }
        Error::TrailingCharacters => "more text after the end of the file's value".into(),
        Error::Message(m) | Error::Io(m) => type_words(m),
        other => lower_first(&type_words(&other.to_string())),
    }
}

/// " in the CPU spec sheet" for the type `outer`, or nothing.
fn within(outer: Option<&str>) -> String {
    outer.map_or_else(String::new, |o| format!(" in {}", thing(o)))
}

/// "expected one of: a, b" or "there are no fields here".
fn one_of(alts: &[&str], none: &str) -> String {
    if alts.is_empty() {
        format!("there are no {none} here")
    } else {
        let named: Vec<String> = alts.iter().map(|a| format!("`{a}`")).collect();
        format!("expected one of {}", named.join(", "))
    }
}

/// Serde's and the program's type words in a message turned into the
/// file's terms: `struct CpuSpec` -> `a CPU spec`, `f64` -> `a number`.
fn type_words(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut words = text.split(' ').peekable();
    while let Some(w) = words.next() {
        if !out.is_empty() {
            out.push(' ');
        }
        let (core, tail) = split_punct(w);
        match core {
            "struct" | "enum" | "tuple" | "variant" => {
                if let Some(next) = words.peek() {
                    let (name, rest) = split_punct(next);
                    if is_type_name(name) {
                        out.push_str(&thing(name));
                        out.push_str(rest);
                        words.next();
                        continue;
                    }
                }
                out.push_str(w);
            }
            "f32" | "f64" => {
                out.push_str("a number");
                out.push_str(tail);
            }
            "u8" | "u16" | "u32" | "u64" | "usize" | "i8" | "i16" | "i32" | "i64" | "isize" => {
                out.push_str("a whole number");
                out.push_str(tail);
            }
            "`f64`" | "`f32`" => out.push_str("a number"),
            name if is_type_name(name.trim_matches('`')) => {
                out.push_str(&thing(name.trim_matches('`')));
                out.push_str(tail);
            }
            _ => out.push_str(w),
        }
    }
    out
}

/// A word and the punctuation after it ("CpuSpec," -> "CpuSpec", ",").
fn split_punct(w: &str) -> (&str, &str) {
    let end = w.trim_end_matches([',', '.', ';', ':', ')']).len();
    w.split_at(end)
}

/// Whether `name` is a program's type name: CamelCase with at least two
/// humps (`CpuSpec`), which no field of a file is.
fn is_type_name(name: &str) -> bool {
    let mut chars = name.chars();
    let first_upper = chars.next().is_some_and(|c| c.is_ascii_uppercase());
    let humps = name.chars().filter(char::is_ascii_uppercase).count();
    first_upper
        && name.chars().all(|c| c.is_ascii_alphanumeric())
        && name.chars().any(|c| c.is_ascii_lowercase())
        && (humps >= 2 || KNOWN.iter().any(|(n, _)| *n == name))
}

/// Types whose words are not their name split at capitals.
const KNOWN: [(&str, &str); 5] = [
    ("Probe", "the session file"),
    ("SessionFile", "the session file"),
    ("Session", "the session"),
    ("CpuSpec", "a CPU spec sheet"),
    ("GpuSpec", "a GPU spec sheet"),
];

/// A type name in words: "PlatformPreset" -> "a platform preset",
/// "GpuRef" -> "a GPU ref".
fn thing(name: &str) -> String {
    if let Some((_, words)) = KNOWN.iter().find(|(n, _)| *n == name) {
        return (*words).to_string();
    }
    let mut parts: Vec<String> = Vec::new();
    let mut cur = String::new();
    for c in name.chars() {
        if c.is_ascii_uppercase() && !cur.is_empty() {
            parts.push(std::mem::take(&mut cur));
        }
        cur.push(c);
    }
    parts.push(cur);
    let words: Vec<String> = parts
        .iter()
        .map(|p| match p.as_str() {
            "Cpu" | "Gpu" | "Fpm" | "Csv" => p.to_ascii_uppercase(),
            _ => p.to_ascii_lowercase(),
        })
        .collect();
    let text = words.join(" ");
    let article = if text.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {text}")
}

/// `text` with its first letter in lower case (the parser's sentences
/// start with a capital; ours follow a colon).
fn lower_first(text: &str) -> String {
    let mut c = text.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every message of a RON error that names a program's type or gives
    /// a programmer's hint, in the file's words.
    #[test]
    fn no_type_names_or_hints_reach_a_user() {
        let cases = [
            (Error::ExpectedNamedStructLike("Probe"), "expected `(`"),
            (
                Error::ExceededRecursionLimit,
                "brackets nested too deeply (no file hetscope reads nests more than a few levels)",
            ),
            (
                Error::MissingStructField {
                    field: "cores",
                    outer: Some("CpuSpec".into()),
                },
                "the field `cores` is missing in a CPU spec sheet",
            ),
            (
                Error::NoSuchStructField {
                    expected: &["name", "source"],
                    found: "nmae".into(),
                    outer: Some("PlatformPreset".into()),
                },
                "unknown field `nmae` in a platform preset; expected one of `name`, `source`",
            ),
            (
                Error::InvalidValueForType {
                    expected: "struct CpuSpec".into(),
                    found: "the unsigned integer `3`".into(),
                },
                "expected a CPU spec sheet, found the unsigned integer `3`",
            ),
            (
                Error::Message("invalid type: string \"x\", expected f64".into()),
                "invalid type: string \"x\", expected a number",
            ),
            (
                Error::ExpectedAttribute,
                "`#` starts nothing here (a comment is // or /* */)",
            ),
            (Error::UnclosedLineComment, "a comment is not closed"),
        ];
        for (e, want) in cases {
            assert_eq!(ron_message(&e), want, "{e:?}");
        }
    }

    /// Over every RON error a file can give, none shows what only a
    /// programmer knows.
    #[test]
    fn parsed_errors_are_worded() {
        #[derive(Debug, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        #[expect(dead_code, reason = "parsed for its errors only")]
        struct PlatformPreset {
            name: String,
            cores: f64,
            count: u32,
        }
        let deep = format!("{}{}", "(".repeat(200), ")".repeat(200));
        for text in [
            "#![enable(x)]",
            "#x",
            "(name: 3, cores: 1, count: 1)",
            "(name: \"a\", cores: \"x\", count: 1)",
            "(name: \"a\", cores: 1, count: -1)",
            "(name: \"a\", cores: 1, count: 1.5)",
            "(name: \"a\")",
            "(nmae: \"a\")",
            "Other(name: \"a\")",
            deep.as_str(),
            "(name: \"a\", cores: 1, count: 1) x",
            "(name: \"a\", // open",
        ] {
            let e = ron::from_str::<PlatformPreset>(text).expect_err(text);
            let m = ron_message(&e.code);
            for inner in [
                "PlatformPreset",
                "struct",
                "f64",
                "u32",
                "ron::",
                "serde_stacker",
                "enable(",
                "RawValue",
            ] {
                assert!(!m.contains(inner), "{text}: {m}");
            }
            assert!(!m.is_empty(), "{text}");
        }
    }
}

//! The shape the code keeps: no function over 80 lines and no file over
//! 500 lines (test modules and test files aside), in every crate of the
//! workspace. The rule is read from the sources, so a long function fails
//! here, named, before review.

use std::path::PathBuf;

use crate::common::sources::{crate_sources, root, rust_files};

/// The longest a function may be, in lines from its signature to its
/// closing brace.
const MAX_FUNCTION_LINES: usize = 80;
/// The longest a source file may be, without its test module.
const MAX_FILE_LINES: usize = 500;

/// Every source file of the workspace's crates.
fn sources() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for src in crate_sources() {
        rust_files(&src, &mut out);
    }
    out
}

/// The lines of a file before its test module.
fn code_lines(text: &str) -> Vec<&str> {
    text.lines()
        .take_while(|l| !l.starts_with("#[cfg(test)]"))
        .collect()
}

/// Whether a line starts a function item (`fn`, `pub fn`, `pub(crate)
/// const fn`, ...).
fn starts_function(line: &str) -> bool {
    let mut words = line.split_whitespace().peekable();
    while let Some(w) = words.peek() {
        let qualifier = w.starts_with("pub")
            || matches!(*w, "const" | "async" | "unsafe" | "extern" | "default");
        if !qualifier {
            break;
        }
        words.next();
    }
    words.next() == Some("fn")
}

/// Each function of `lines` with its first line (from 1) and length.
fn functions(lines: &[&str]) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !starts_function(lines[i]) {
            i += 1;
            continue;
        }
        let (mut depth, mut opened, mut j) = (0i64, false, i);
        while j < lines.len() {
            let code = lines[j].split("//").next().unwrap_or("");
            for c in code.chars() {
                match c {
                    '{' => (depth, opened) = (depth + 1, true),
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            let declaration_only = !opened && code.trim_end().ends_with(';');
            if declaration_only || (opened && depth <= 0) {
                break;
            }
            j += 1;
        }
        if opened {
            let name = lines[i].split("fn ").nth(1).unwrap_or("").to_string();
            let name: String = name
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            out.push((i + 1, j - i + 1, name));
        }
        i = j + 1;
    }
    out
}

#[test]
fn no_function_or_file_is_too_long() {
    let mut found = Vec::new();
    for file in sources() {
        let text = std::fs::read_to_string(&file).expect("a source file");
        let lines = code_lines(&text);
        let rel = file
            .strip_prefix(root())
            .unwrap_or(&file)
            .display()
            .to_string();
        if lines.len() > MAX_FILE_LINES {
            found.push(format!("{rel}: {} lines", lines.len()));
        }
        for (at, len, name) in functions(&lines) {
            if len > MAX_FUNCTION_LINES {
                found.push(format!("{rel}:{at}: fn {name} is {len} lines"));
            }
        }
    }
    assert!(
        found.is_empty(),
        "over {MAX_FUNCTION_LINES} lines a function or {MAX_FILE_LINES} a file:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_reader_measures_functions() {
    let text =
        "pub(crate) fn a() {\n    x();\n}\n\nfn b(\n    y: u8,\n) -> u8 {\n    y\n}\nfn c();\n";
    let found = functions(&code_lines(text));
    assert_eq!(
        found,
        [(1, 3, "a".to_string()), (5, 5, "b".to_string())],
        "{found:?}"
    );
    assert!(starts_function("    pub const fn z() {}"));
    assert!(!starts_function("    let f = fn_name();"));
}

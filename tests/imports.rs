//! No two files import each other: in every crate of the workspace, each
//! source file's paths (`crate::`, `super::`, `self::`, and the names in
//! `use ...::{...}`) are resolved to the files that define them, and a
//! pair of files that reach each other fails, named. A type that two
//! files need lives in the file that defines the concept, or in a shared
//! one (see ARCHITECTURE.md). Test modules are left out: a test may use
//! what it tests.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::common::sources::{crate_sources, root, rust_files};

/// A module path inside a crate, e.g. `["gui", "jobs"]`.
type ModPath = Vec<String>;

/// The module path of a file (`mod.rs`, `lib.rs`, `main.rs` name their
/// folder's module).
fn module_of(src: &Path, file: &Path) -> ModPath {
    let rel = file.strip_prefix(src).expect("inside its crate");
    let mut parts: ModPath = rel
        .with_extension("")
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The code of a file without its test module and its comments.
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]") {
        Some(i) => &text[..i],
        None => text,
    };
    text.lines()
        .map(|l| l.find("//").map_or(l, |i| &l[..i]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The module a path starts from: `crate::` the root, `self::` the file's
/// own module, each `super::` one level up.
fn start_of(prefix: &str, own: &ModPath) -> ModPath {
    match prefix {
        "crate::" => Vec::new(),
        "self::" => own.clone(),
        _ => {
            let up = prefix.matches("super::").count();
            own[..own.len().saturating_sub(up)].to_vec()
        }
    }
}

/// The paths a file's code names, each as the module path it starts from
/// plus its segments.
fn named_paths(code: &str, own: &ModPath) -> Vec<ModPath> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    let mut i = 0;
    while i < code.len() {
        let rest = &code[i..];
        let prefix = ["crate::", "self::", "super::"]
            .into_iter()
            .find(|p| rest.starts_with(p));
        let boundary = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        let Some(prefix) = prefix.filter(|_| boundary) else {
            i += rest.chars().next().map_or(1, char::len_utf8);
            continue;
        };
        // Take every `super::` of the chain.
        let mut start = prefix.len();
        while code[i + start..].starts_with("super::") {
            start += "super::".len();
        }
        let base = start_of(&code[i..i + start], own);
        let tail = &code[i + start..];
        if let Some(group) = tail.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                out.push(with_segments(&base, item));
            }
        } else {
            out.push(with_segments(&base, tail));
        }
        i += start;
    }
    out
}

/// `base` followed by the `a::b::c` segments at the start of `text`.
fn with_segments(base: &ModPath, text: &str) -> ModPath {
    let mut path = base.clone();
    let words = text.trim_start().split("::");
    for w in words {
        let name: String = w
            .trim()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if name.is_empty() || name == "self" {
            break;
        }
        let whole_word = w.trim().len() == name.len();
        path.push(name);
        if !whole_word {
            break;
        }
    }
    path
}

/// Every pair of files of one crate that import each other.
fn mutual_imports(src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let modules: BTreeMap<ModPath, PathBuf> = files
        .iter()
        .map(|f| (module_of(src, f), f.clone()))
        .collect();
    let mut edges: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
    for (own, file) in &modules {
        let text = std::fs::read_to_string(file).expect("a source file");
        let targets = edges.entry(own.clone()).or_default();
        for path in named_paths(&code(&text), own) {
            let file_of = (0..=path.len())
                .rev()
                .map(|k| path[..k].to_vec())
                .find(|p| modules.contains_key(p));
            if let Some(target) = file_of.filter(|t| t != own) {
                targets.insert(target);
            }
        }
    }
    let mut found = Vec::new();
    for (a, targets) in &edges {
        for b in targets.iter().filter(|b| *b > a) {
            if edges.get(b).is_some_and(|t| t.contains(a)) {
                let rel = |m: &ModPath| {
                    let f = &modules[m];
                    f.strip_prefix(root()).unwrap_or(f).display().to_string()
                };
                found.push(format!("{} <-> {}", rel(a), rel(b)));
            }
        }
    }
    found
}

#[test]
fn no_two_files_import_each_other() {
    let found: Vec<String> = crate_sources()
        .iter()
        .flat_map(|src| mutual_imports(src))
        .collect();
    assert!(
        found.is_empty(),
        "files that import each other:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_reader_resolves_relative_and_grouped_paths() {
    let own: ModPath = vec!["gui".into(), "jobs".into()];
    let paths = named_paths(
        "use super::context::ViewContext;\nuse crate::{figure::View, preset};\nlet x = self::inner::f();",
        &own,
    );
    let as_text: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        as_text,
        [
            "gui::context::ViewContext",
            "figure::View",
            "preset",
            "gui::jobs::inner::f"
        ]
    );
    assert!(named_paths("let supercrate::x = 1;", &own).is_empty());
}

//! Layers point down only: model <- preset, model <- figure <- export, and
//! only the app layer (cli, gui) sees everything. This reads the sources
//! and fails, naming the file and line, when a module uses a layer it must
//! not (see ARCHITECTURE.md).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The top-level modules of the crate and the ones each may use.
const ALLOWED: &[(&str, &[&str])] = &[
    ("format", &[]),
    ("fsio", &[]),
    ("model", &[]),
    ("preset", &["model", "format", "fsio"]),
    ("figure", &["model", "format"]),
    ("export", &["figure", "model", "format", "fsio"]),
    ("measure", &["model", "format"]),
    ("paper_check", &["model", "preset", "format"]),
    (
        "gui",
        &[
            "model",
            "preset",
            "figure",
            "export",
            "measure",
            "paper_check",
            "format",
            "fsio",
        ],
    ),
    (
        "cli",
        &[
            "model",
            "preset",
            "figure",
            "export",
            "measure",
            "paper_check",
            "format",
            "fsio",
            "gui",
        ],
    ),
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    if dir.is_file() {
        out.push(dir.to_path_buf());
        return;
    }
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The files of a top-level module: `src/<name>.rs` or `src/<name>/`.
fn module_files(name: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let dir = src().join(name);
    if dir.is_dir() {
        rust_files(&dir, &mut out);
    }
    let file = src().join(format!("{name}.rs"));
    if file.is_file() {
        out.push(file);
    }
    out
}

/// The code of a line without its comment.
fn code(line: &str) -> &str {
    match line.find("//") {
        Some(i) => &line[..i],
        None => line,
    }
}

/// The crate's top-level modules a line uses: `crate::x::...` and the
/// names inside `crate::{x, y::z}`.
fn used_modules(line: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = code(line);
    while let Some(i) = rest.find("crate::") {
        let after = &rest[i + "crate::".len()..];
        if let Some(group) = after.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for part in group[..end].split(',') {
                let name: String = part
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    out.insert(name);
                }
            }
        } else {
            let name: String = after
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            out.insert(name);
        }
        rest = after;
    }
    out
}

/// Every use of a forbidden layer: "file:line: uses <module>".
fn violations() -> Vec<String> {
    let modules: Vec<&str> = ALLOWED.iter().map(|(m, _)| *m).collect();
    let mut found = Vec::new();
    for (module, allowed) in ALLOWED {
        for file in module_files(module) {
            let text = std::fs::read_to_string(&file).expect("readable source");
            for (n, line) in text.lines().enumerate() {
                for used in used_modules(line) {
                    let forbidden = used != *module
                        && modules.contains(&used.as_str())
                        && !allowed.contains(&used.as_str());
                    if forbidden {
                        let rel = file.strip_prefix(src()).unwrap_or(&file);
                        found.push(format!("src/{}:{}: uses {used}", rel.display(), n + 1));
                    }
                }
            }
        }
    }
    found
}

#[test]
fn layers_point_down_only() {
    let found = violations();
    assert!(
        found.is_empty(),
        "layers must point down only:\n{}",
        found.join("\n")
    );
}

#[test]
fn every_top_level_module_has_a_rule() {
    let lib = std::fs::read_to_string(src().join("lib.rs")).expect("lib.rs");
    for line in lib.lines() {
        if let Some(name) = line.trim().strip_prefix("pub mod ") {
            let name = name.trim_end_matches(';');
            assert!(
                ALLOWED.iter().any(|(m, _)| *m == name),
                "src/lib.rs declares `{name}` but the layer rules do not name it"
            );
        }
    }
}

#[test]
fn the_checker_sees_forbidden_uses() {
    // The parser behind the rule: a test that could not fail proves nothing.
    assert_eq!(
        used_modules("use crate::preset::perdome::Scenario;"),
        BTreeSet::from(["preset".to_string()])
    );
    assert_eq!(
        used_modules("use crate::{figure::View, preset};"),
        BTreeSet::from(["figure".to_string(), "preset".to_string()])
    );
    assert_eq!(
        used_modules("let x = crate::gui::run(); // crate::cli in a comment"),
        BTreeSet::from(["gui".to_string()])
    );
    assert!(used_modules("/// see crate::cli").is_empty());
}

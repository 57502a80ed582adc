//! Layers point down only, kept by the crate graph: model <- preset,
//! model <- figure <- export, the headless core over them, and the app
//! (command line and window) on top. This reads every crate's manifest and
//! fails when a crate depends on a layer it must not, or when the model
//! crate takes a GUI, rendering or file-format dependency; inside the app
//! crate it reads the sources, since its two faces share one crate (see
//! ARCHITECTURE.md).

use std::collections::BTreeSet;
use std::path::PathBuf;

use crate::common::sources::{root, rust_files};

/// Each crate of the workspace and the hetscope crates it may depend on.
const CRATES: &[(&str, &[&str])] = &[
    ("hetscope-model", &[]),
    ("hetscope-fsio", &[]),
    ("hetscope-preset", &["hetscope-model", "hetscope-fsio"]),
    ("hetscope-figure", &["hetscope-model"]),
    (
        "hetscope-export",
        &["hetscope-figure", "hetscope-model", "hetscope-fsio"],
    ),
    ("hetscope-measure", &["hetscope-model"]),
    (
        "hetscope-core",
        &[
            "hetscope-model",
            "hetscope-preset",
            "hetscope-figure",
            "hetscope-export",
            "hetscope-measure",
            "hetscope-fsio",
        ],
    ),
    (
        "hetscope",
        &[
            "hetscope-model",
            "hetscope-preset",
            "hetscope-figure",
            "hetscope-export",
            "hetscope-measure",
            "hetscope-fsio",
            "hetscope-core",
        ],
    ),
];

/// The only dependencies the model crate may have: pure math on plain
/// structs needs derives and error types, nothing that draws, renders or
/// reads a file format.
const MODEL_DEPENDENCIES: &[&str] = &["serde", "thiserror"];

/// Inside the app crate: each face's top-level module and the ones of
/// the other face it may use.
const APP_MODULES: &[(&str, &[&str])] = &[("gui", &[]), ("cli", &[])];

fn src() -> PathBuf {
    root().join("src")
}

/// The manifest of every crate: the root's and each one under crates/.
fn manifests() -> Vec<PathBuf> {
    let mut out = vec![root().join("Cargo.toml")];
    for entry in std::fs::read_dir(root().join("crates")).expect("crates/") {
        let path = entry.expect("an entry").path().join("Cargo.toml");
        if path.is_file() {
            out.push(path);
        }
    }
    out
}

/// A manifest's package name and the names in its `[dependencies]`.
fn package_and_dependencies(text: &str) -> (String, Vec<String>) {
    let (mut name, mut deps, mut section) = (String::new(), Vec::new(), String::new());
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line.to_string();
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let key = key.trim();
        if section == "[package]" && key == "name" {
            name = value.trim().trim_matches('"').to_string();
        } else if section == "[dependencies]" && !key.is_empty() {
            deps.push(key.trim_end_matches(".workspace").to_string());
        }
    }
    (name, deps)
}

/// The files of a top-level module of the app: `src/<name>.rs` or
/// `src/<name>/`.
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
    let modules: Vec<&str> = APP_MODULES.iter().map(|(m, _)| *m).collect();
    let mut found = Vec::new();
    for (module, allowed) in APP_MODULES {
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
fn crates_depend_on_the_layers_below_only() {
    let mut seen = BTreeSet::new();
    let mut found = Vec::new();
    let ours: Vec<&str> = CRATES.iter().map(|(c, _)| *c).collect();
    for path in manifests() {
        let text = std::fs::read_to_string(&path).expect("a manifest");
        let (name, deps) = package_and_dependencies(&text);
        let Some((_, allowed)) = CRATES.iter().find(|(c, _)| *c == name) else {
            found.push(format!("{}: crate {name} has no rule here", path.display()));
            continue;
        };
        seen.insert(name.clone());
        for d in deps.iter().filter(|d| ours.contains(&d.as_str())) {
            if !allowed.contains(&d.as_str()) {
                found.push(format!("{name} depends on {d}"));
            }
        }
        if name == "hetscope-model" {
            for d in deps
                .iter()
                .filter(|d| !MODEL_DEPENDENCIES.contains(&d.as_str()))
            {
                found.push(format!("hetscope-model depends on {d}"));
            }
        }
    }
    assert!(
        found.is_empty(),
        "layers must point down only:\n{}",
        found.join("\n")
    );
    assert_eq!(
        seen.len(),
        CRATES.len(),
        "every crate has a manifest: {seen:?}"
    );
}

#[test]
fn the_faces_of_the_app_keep_apart() {
    let found = violations();
    assert!(
        found.is_empty(),
        "the window and the command line must not use each other:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_manifest_reader_sees_dependencies() {
    let text = "[package]\nname = \"x\"\n[dependencies]\nhetscope-model.workspace = true\nserde = \"1\"\n[dev-dependencies]\nproptest = \"1\"\n";
    let (name, deps) = package_and_dependencies(text);
    assert_eq!(name, "x");
    assert_eq!(deps, ["hetscope-model", "serde"]);
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

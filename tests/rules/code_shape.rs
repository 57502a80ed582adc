//! The shape the code keeps: no file over 500 lines (test modules and
//! test files aside) in every crate of the workspace, read from the
//! sources here; no function over 80 lines, no `unwrap`/`expect` outside
//! tests and no `#[allow]` without a reason, by clippy (CI runs it with
//! warnings as errors), whose wiring is checked here: the lints set once
//! in the workspace manifest, taken by every crate, the threshold in
//! `clippy.toml`.

use std::path::PathBuf;

use crate::common::sources::{crate_sources, root, rust_files};

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

#[test]
fn no_file_is_too_long() {
    let mut found = Vec::new();
    for file in sources() {
        let text = std::fs::read_to_string(&file).expect("a source file");
        let lines = code_lines(&text);
        if lines.len() > MAX_FILE_LINES {
            let rel = file.strip_prefix(root()).unwrap_or(&file).display();
            found.push(format!("{rel}: {} lines", lines.len()));
        }
    }
    assert!(
        found.is_empty(),
        "over {MAX_FILE_LINES} lines a file:\n{}",
        found.join("\n")
    );
}

#[test]
fn every_crate_takes_the_workspace_lints() {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).expect("the manifest");
    for lint in [
        "too_many_lines",
        "unwrap_used",
        "expect_used",
        "allow_attributes",
    ] {
        assert!(
            manifest.contains(&format!("{lint} = \"warn\"")),
            "[workspace.lints.clippy] sets {lint}"
        );
    }
    let clippy = std::fs::read_to_string(root().join("clippy.toml")).expect("clippy.toml");
    assert!(clippy.contains("too-many-lines-threshold = 80"), "{clippy}");
    let mut manifests = vec![root().join("Cargo.toml")];
    for entry in std::fs::read_dir(root().join("crates")).expect("crates/") {
        manifests.push(entry.expect("an entry").path().join("Cargo.toml"));
    }
    for m in manifests {
        let text = std::fs::read_to_string(&m).expect("a manifest");
        assert!(
            text.contains("[lints]\nworkspace = true"),
            "{} takes the workspace lints",
            m.display()
        );
    }
}

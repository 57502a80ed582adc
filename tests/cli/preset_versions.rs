//! Format versions of preset files on the command line: a kernel file of
//! a newer format is refused in one line naming the file and both
//! versions. The versions of every kind of file are tested in the preset
//! crate (`crates/preset/tests/preset_versions.rs`).

use crate::common::{hetscope, stderr};

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/data/format1/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The line of the outer `(` in `text` (0-based).
fn open_line(text: &str) -> usize {
    text.lines().position(|l| l == "(").expect("a line `(`")
}

/// `text` with `line` inserted after the outer `(`.
fn with_first(text: &str, line: &str) -> String {
    let at = open_line(text) + 1;
    let mut lines: Vec<&str> = text.lines().collect();
    lines.insert(at, line);
    lines.join("\n") + "\n"
}

#[test]
fn the_command_line_names_a_newer_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.ron");
    std::fs::write(&path, with_first(&fixture("gemm.ron"), "    format: 3,")).unwrap();
    let p = path.display().to_string();
    let o = hetscope(&[
        "eval",
        "offload",
        "--platform",
        "power9-v100-nvlink2",
        "--kernel",
        &p,
    ]);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(
        err.contains(&p)
            && err.contains("newer hetscope (format 3)")
            && err.contains("formats 1 to 2"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

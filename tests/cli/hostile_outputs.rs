//! Hostile input, outputs: no command destroys one of its inputs, and
//! none replaces a device, a FIFO or a directory (`/dev/null` replaced by
//! a file is what a root user in a container would get from an atomic
//! rename). CI runs these as root. Every refused call leaves every file
//! of the folder byte for byte as it was; `-` writes text to standard
//! output.

use crate::common::hostile::Bench;

/// An output that names one of the same command's inputs, for every
/// command that writes.
#[test]
fn an_output_that_is_an_input_is_refused_and_the_input_kept() {
    let b = Bench::new();
    b.write("s.svg", &std::fs::read_to_string(b.path("s.ron")).unwrap());
    let same = "the same file as the input";
    let cases: Vec<Vec<&str>> = vec![
        vec![
            "validate",
            "--platform",
            "h100-node-measured",
            "--measured",
            "m.csv",
            "--csv",
            "m.csv",
        ],
        vec![
            "validate",
            "--platform",
            "h100-node-measured",
            "--measured",
            "m.csv",
            "--out",
            "m.csv",
        ],
        vec!["session", "--measured", "e.csv", "--out", "e.csv"],
        vec!["session", "--platform", "p.ron", "--out", "p.ron"],
        vec![
            "presets",
            "what-if",
            "--platform",
            "p.ron",
            "--scale",
            "gpu.sms=2",
            "--out",
            "p.ron",
        ],
        vec![
            "presets",
            "what-if",
            "--platform",
            "p.ron@gpu.sms=2",
            "--pinned",
            "--out",
            "p.ron",
        ],
        vec![
            "presets",
            "offload",
            "--platform",
            "p.ron",
            "--out",
            "p.ron",
        ],
        vec![
            "presets",
            "import-probe",
            "probe.csv",
            "--out",
            "g.ron",
            "--speed-out",
            "probe.csv",
        ],
        vec![
            "presets",
            "import-probe",
            "probe.csv",
            "--out-dir",
            ".",
            "--id",
            "cpu",
            "--cpu",
            "cpu.ron",
        ],
        vec!["export", "--session", "s.svg", "--out", "s.svg"],
        vec![
            "export",
            "--view",
            "offload-suite",
            "--measured",
            "m.csv",
            "--out",
            "m.csv",
        ],
        vec![
            "export",
            "--view",
            "perdome-heatmap",
            "--platform",
            "p.ron",
            "--format",
            "svg",
            "--out",
            "p.ron",
        ],
    ];
    for args in &cases {
        b.refused(args, 2, &[same]);
    }
    // The same file by another name: a hard link and a symbolic link.
    std::fs::hard_link(b.path("m.csv"), b.path("hard.csv")).unwrap();
    std::os::unix::fs::symlink("m.csv", b.path("soft.csv")).unwrap();
    b.refused(
        &[
            "validate",
            "--platform",
            "h100-node-measured",
            "--measured",
            "soft.csv",
            "--csv",
            "hard.csv",
        ],
        2,
        &["--csv hard.csv", same, "--measured soft.csv"],
    );
    // A file a session keeps by path is an input of `export --session`.
    let text = std::fs::read_to_string(b.path("s.ron")).unwrap();
    let by_path = text.replacen("kept: Embedded", "kept: ByPath", 1);
    assert_ne!(by_path, text);
    b.write("bypath.ron", &by_path);
    let first = text
        .split("path: \"")
        .nth(1)
        .and_then(|t| t.split('"').next())
        .expect("a measured path")
        .to_string();
    b.refused(
        &[
            "export",
            "--session",
            "bypath.ron",
            "--view",
            "overview",
            "--format",
            "svg",
            "--out",
            &first,
        ],
        2,
        &[same, "named by --session bypath.ron"],
    );
}

/// A device, a FIFO, a directory or a link to a device named as an
/// output is refused, never replaced, and nothing waits.
#[test]
fn devices_fifos_and_directories_are_never_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let b = Bench::new();
    b.fifo("pipe.svg");
    std::os::unix::fs::symlink("/dev/null", b.path("null.svg")).unwrap();
    std::fs::create_dir(b.path("dir.svg")).unwrap();
    for (out, what) in [
        ("/dev/null", "character device"),
        ("null.svg", "character device"),
        ("pipe.svg", "FIFO"),
        ("dir.svg", "directory"),
    ] {
        b.refused(
            &["export", "--view", "perdome-heatmap", "--out", out],
            1,
            &[out, what],
        );
        b.refused(&["session", "--out", out], 1, &[what]);
        b.refused(
            &[
                "presets",
                "what-if",
                "--platform",
                "p.ron",
                "--pinned",
                "--out",
                out,
            ],
            1,
            &[what],
        );
    }
    let null = std::fs::metadata("/dev/null").unwrap().file_type();
    assert!(null.is_char_device(), "/dev/null is still the device");
    assert!(
        std::fs::metadata(b.path("pipe.svg"))
            .unwrap()
            .file_type()
            .is_fifo()
    );
    assert!(
        std::fs::symlink_metadata(b.path("null.svg"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    b.refused(
        &[
            "presets",
            "import-probe",
            "probe.csv",
            "--out-dir",
            "m.csv",
            "--id",
            "g",
        ],
        2,
        &["--out-dir m.csv: not a directory"],
    );
}

/// `--out -`: SVG, CSV and RON on standard output, the usual
/// "wrote" line left out; a binary format is refused.
#[test]
fn a_dash_writes_text_to_standard_output() {
    let b = Bench::new();
    let svg = b.ok(&["export", "--view", "perdome-heatmap", "--out", "-"]);
    assert!(svg.stdout.starts_with("<?xml") && svg.stdout.trim_end().ends_with("</svg>"));
    let csv = b.ok(&[
        "export",
        "--view",
        "offload-suite",
        "--format",
        "csv",
        "--out",
        "-",
    ]);
    assert!(!csv.stdout.contains("wrote") && csv.stdout.lines().count() > 2);
    b.refused(
        &[
            "export",
            "--view",
            "perdome-heatmap",
            "--format",
            "png",
            "--out",
            "-",
        ],
        2,
        &["png is binary"],
    );
    let session = b.ok(&["session", "--platform", "grace-h100", "--out", "-"]);
    b.write("piped.ron", &session.stdout);
    b.ok(&["export", "--session", "piped.ron", "--out", "piped.svg"]);
    let rows = b.ok(&[
        "validate",
        "--platform",
        "h100-node-measured",
        "--measured",
        "m.csv",
        "--csv",
        "-",
    ]);
    assert!(
        !rows.stdout.trim_start().starts_with('{'),
        "CSV, not the JSON"
    );
    assert!(rows.stdout.lines().count() > 10);
    let what_if = b.ok(&[
        "presets",
        "what-if",
        "--platform",
        "p.ron",
        "--pinned",
        "--out",
        "-",
    ]);
    assert!(
        what_if.stdout.contains("offload_transfers: Pinned"),
        "{}",
        what_if.stdout
    );
}

/// A replaced file keeps its permissions.
#[test]
fn a_replaced_file_keeps_its_mode() {
    use std::os::unix::fs::PermissionsExt;
    let b = Bench::new();
    b.write("old.svg", "old");
    let mode = std::fs::Permissions::from_mode(0o640);
    std::fs::set_permissions(b.path("old.svg"), mode).unwrap();
    b.ok(&["export", "--view", "perdome-heatmap", "--out", "old.svg"]);
    let now = std::fs::metadata(b.path("old.svg")).unwrap();
    assert_eq!(now.permissions().mode() & 0o777, 0o640);
    assert!(
        std::fs::read_to_string(b.path("old.svg"))
            .unwrap()
            .starts_with("<?xml")
    );
}

/// `import starpu` writes next to the models it reads without ever
/// replacing one: a file it would write that is a model read (here by a
/// symbolic link) is refused and the model kept; an `--out-dir` that is
/// a file is refused before any work.
#[test]
fn an_imported_model_is_never_written_over() {
    let b = Bench::new();
    let model = std::fs::read_to_string(format!(
        "{}/crates/preset/tests/data/starpu/chol_model_11.vm",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    std::fs::create_dir(b.path("models")).unwrap();
    std::fs::write(b.path("models/chol_model_11.vm"), &model).unwrap();
    std::os::unix::fs::symlink("chol_model_11.vm", b.path("models/chol_model_11.vm.1.csv"))
        .unwrap();
    b.refused(
        &["import", "starpu", "models", "--out-dir", "models"],
        2,
        &["the same file as the input"],
    );
    assert_eq!(
        std::fs::read_to_string(b.path("models/chol_model_11.vm")).unwrap(),
        model,
        "the model is kept"
    );
    b.refused(
        &["import", "starpu", "models", "--out-dir", "m.csv"],
        2,
        &["--out-dir m.csv: not a directory"],
    );
}

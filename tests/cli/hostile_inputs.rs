//! Hostile input, parameters and messages: values that make no sense are
//! refused where they are given (a sensitivity step below what the
//! arithmetic resolves, a what-if factor that makes a fraction of a core,
//! an imported value the loader would refuse later), and every message
//! names the option and file it is about, in the app's words.

use crate::common::hostile::Bench;

#[test]
fn a_sensitivity_step_is_refused_below_what_the_arithmetic_resolves() {
    let b = Bench::new();
    for step in ["1e-320", "1e-15", "0", "-0.01", "0.6", "NaN"] {
        b.refused(
            &[
                "eval",
                "sensitivity",
                "--platform",
                "xeon-8480-h100",
                "--step",
                step,
            ],
            2,
            &["--step", "must be between 1e-6 and 0.5"],
        );
    }
    b.refused(
        &[
            "export",
            "--view",
            "sensitivity",
            "--platform",
            "xeon-8480-h100",
            "--step",
            "1e-9",
            "--out",
            "x.svg",
        ],
        2,
        &["--step", "1e-6"],
    );
    let ok = b.ok(&[
        "eval",
        "sensitivity",
        "--platform",
        "xeon-8480-h100",
        "--step",
        "1e-6",
        "--no-flips",
        "--model",
        "fpm",
    ]);
    let v: serde_json::Value = serde_json::from_str(&ok.stdout).unwrap();
    let params = v["params"].as_array().unwrap();
    assert!(!params.is_empty());
}

/// A count scaled to a fraction is refused at its key (key, factor and
/// what it would make), on every command that takes a platform; a
/// parameter derived out of range names the key that moved it.
#[test]
fn a_what_if_names_the_key_that_makes_it_impossible() {
    let b = Bench::new();
    b.refused(
        &[
            "presets",
            "what-if",
            "--platform",
            "xeon-8480-h100",
            "--scale",
            "cpu.cores=0.3",
            "--out",
            "w.ron",
        ],
        2,
        &["cpu.cores=0.3: 56 x 0.3 = 16.8 cores is not a whole number"],
    );
    assert!(!b.path("w.ron").exists());
    let key = "xeon-8480-h100@cpu.cores=0.3";
    for args in [
        vec!["eval", "perdome", "--platform", key],
        vec!["eval", "overview", "--platform", key],
        vec!["eval", "sensitivity", "--platform", key, "--no-flips"],
        vec![
            "export",
            "--view",
            "offload",
            "--platform",
            key,
            "--out",
            "x.svg",
        ],
        vec!["session", "--platform2", key, "--out", "x.ron"],
    ] {
        b.refused(&args, 2, &["cpu.cores=0.3", "not a whole number"]);
    }
    b.refused(
        &[
            "eval",
            "perdome",
            "--platform",
            "xeon-8480-h100@cpu.mem_bw_gbs=1e-5",
        ],
        2,
        &[
            "cpu.mem_bw_gbs=1e-5: the platform this makes gives no valid model parameters",
            "e_bC",
        ],
    );
    // A factor of 1e300 is written as typed, not as 301 digits.
    b.refused(
        &[
            "eval",
            "perdome",
            "--platform",
            "xeon-8480-h100@gpu.mem_bw_gbs=1e300",
        ],
        2,
        &["gpu.mem_bw_gbs=1e300"],
    );
}

/// What an importer writes, the loader reads: one range table.
#[test]
fn an_import_checks_every_value_as_the_loader_does() {
    let b = Bench::new();
    let probe = std::fs::read_to_string(b.path("probe.csv")).unwrap();
    for (from, to, want) in [
        (
            "device,,sm_count,132,",
            "device,,sm_count,2.5,",
            "sms = 2.5 SMs: must be a whole number",
        ),
        ("roof,,copy_gbs,", "roof,,copy_gbs,1e300", "must be"),
    ] {
        let line = probe.lines().find(|l| l.starts_with(from)).expect(from);
        let bad = if to.ends_with(',') {
            line.replacen(from, to, 1)
        } else {
            let rest = &line[from.len()..];
            let after = &rest[rest.find(',').unwrap()..];
            format!("{to}{after}")
        };
        b.write("bad-probe.csv", &probe.replacen(line, &bad, 1));
        let e = b.refused(
            &["presets", "import-probe", "bad-probe.csv", "--out", "g.ron"],
            2,
            &["bad-probe.csv", want],
        );
        assert!(!b.path("g.ron").exists(), "{e}");
    }
}

/// Each message names the option and file it is about, and a file of the
/// wrong kind for what it is.
#[test]
fn messages_name_the_option_the_file_and_its_kind() {
    let b = Bench::new();
    let root = env!("CARGO_MANIFEST_DIR");
    let gpu = format!("{root}/presets/gpus/gts-250.ron");
    b.refused(
        &[
            "presets",
            "import-probe",
            "probe.csv",
            "--out-dir",
            "o",
            "--cpu",
            &gpu,
        ],
        2,
        &["--cpu", "a GPU spec sheet; --cpu takes a CPU spec sheet"],
    );
    b.refused(
        &["eval", "perdome", "--platform", "probe.csv"],
        2,
        &["--platform probe.csv: a GPU probe CSV; --platform takes a platform preset"],
    );
    b.refused(
        &["eval", "perdome", "--workload", "p.ron"],
        2,
        &["--workload p.ron: a platform preset; --workload takes a workload preset"],
    );
    // An error in a measured file names --measured, not --platform.
    b.write("neg.csv", "kernel,n,threads,speedup\nGEMM,9600,16,-1\n");
    b.refused(
        &[
            "validate",
            "--platform",
            "h100-node-measured",
            "--measured",
            "neg.csv",
        ],
        1,
        &["--measured", "neg.csv"],
    );
    let e = b.refused(
        &["presets", "offload", "--platform", "nope", "--out", "o.ron"],
        2,
        &["--platform"],
    );
    assert!(!e.contains("----"), "{e}");
    // A session's bad platform names the session and its field.
    b.session_with(
        "plat.ron",
        "platform: \"h100-node-measured\"",
        "platform: \"nope\"",
    );
    b.refused(
        &["eval", "sensitivity", "--session", "plat.ron"],
        2,
        &["--session plat.ron", "nope"],
    );
    // Causes as they are: a loop of links, a device.
    std::os::unix::fs::symlink("loop.ron", b.path("loop.ron")).unwrap();
    b.refused(&["loop.ron"], 1, &["loop.ron", "a loop of symbolic links"]);
    b.refused(
        &["eval", "perdome", "--platform", "loop.ron"],
        1,
        &["a loop of symbolic links"],
    );
    b.refused(
        &["/dev/zero"],
        1,
        &["/dev/zero", "character device, not a regular file"],
    );
    b.refused(
        &[
            "validate",
            "--platform",
            "h100-node-measured",
            "--measured",
            "/dev/zero",
        ],
        1,
        &["--measured", "/dev/zero", "character device"],
    );
    // No parser's or program's internals.
    b.write(
        "deep.ron",
        &format!(
            "(format: 1, session: {}{})",
            "(".repeat(500),
            ")".repeat(500)
        ),
    );
    b.refused(&["deep.ron"], 1, &["deep.ron", "nested too deeply"]);
    b.write("hash.ron", "#x\n(format: 1, session: ())");
    b.refused(&["hash.ron"], 1, &["hash.ron", "line 1"]);
    b.write("garbage.ron", "(hello)");
    b.refused(
        &["export", "--session", "garbage.ron", "--out", "x.svg"],
        1,
        &["garbage.ron"],
    );
    // Invisible characters are shown, so a wrong key never looks right.
    b.refused(
        &[
            "presets",
            "what-if",
            "--platform",
            "p.ron",
            "--scale",
            "gpu.mem\u{200b}_bw_gbs=2",
            "--out",
            "w.ron",
        ],
        2,
        &["gpu.mem\\u{200b}_bw_gbs"],
    );
    b.refused(
        &["eval", "perdome", "--platform", "xeon\u{202e}-8480-h100"],
        2,
        &["xeon\\u{202e}-8480-h100"],
    );
    // The argument parser's own messages too (found by the fuzzing).
    b.refused(&["eval", "perdome", "--platform", "-\r"], 2, &["'-\\r'"]);
}

/// The sizes an offload view sweeps lie in the problem sizes' range,
/// on the command line as in a session; the message says that range.
#[test]
fn offload_sizes_are_bounded_as_in_a_session() {
    use hetscope::figure::offload::SWEEP;
    use hetscope::model::range::fmt_bound;
    let b = Bench::new();
    let need = format!(
        "between {} and {}",
        fmt_bound(SWEEP.min),
        fmt_bound(SWEEP.max)
    );
    for (from, to) in [("0.5", "1000"), ("10", "1e30")] {
        b.refused(
            &[
                "export",
                "--view",
                "offload",
                "--kernel",
                "gemm",
                "--size-from",
                from,
                "--size-to",
                to,
                "--out",
                "x.svg",
            ],
            2,
            &["size range", &need],
        );
    }
}

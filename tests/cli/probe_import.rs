//! `presets import-probe`: the GPU probe's CSV (probe/gpu/README.md) into
//! a spec sheet that loads like the presets and a speed function FPM
//! reads, and bad input refused with nothing written. What the import
//! reads from the run is tested in the preset crate
//! (`crates/preset/tests/probe_import.rs`).

use crate::common::{fails, hetscope, stderr, stdout};

use hetscope::preset::hardware::load_gpu_spec_file;

#[path = "../../crates/preset/tests/shared/probe_sample.rs"]
mod sample;
use sample::*;

fn sample_path() -> String {
    format!(
        "{}/assets/data/h100-node-probe.csv",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn import_probe_writes_a_spec_sheet_that_loads_like_the_presets() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("h100-probe.ron");
    let o = hetscope(&[
        "presets",
        "import-probe",
        &sample_path(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("h100-probe.ron"), "{}", stdout(&o));
    let spec = load_gpu_spec_file(&out).unwrap();
    assert_eq!(spec, parse(SAMPLE).unwrap().gpu);
    assert_eq!(spec.source.kind(), "measured");
    // With speed rows, --speed-out writes a speed function FPM reads.
    let csv = dir.path().join("probe.csv");
    std::fs::write(&csv, with_probe_rows()).unwrap();
    let speed = dir.path().join("speed.csv");
    // The speed points of `run` as --speed-out writes them.
    let points = |run: &str| {
        let args = [
            "presets",
            "import-probe",
            run,
            "--out",
            out.to_str().unwrap(),
        ];
        let o = hetscope(&[&args[..], &["--speed-out", speed.to_str().unwrap()]].concat());
        assert!(o.status.success(), "{}", stderr(&o));
        hetscope::preset::fpm::load_speed_csv(&speed).unwrap()
    };
    let read = points(csv.to_str().unwrap());
    assert_eq!(read.rows.len(), 2);
    assert!(read.max_size_units.is_some());
    // The real run's own speed rows: its 16 points.
    assert_eq!(points(&sample_path()).rows.len(), 16);
}

#[test]
fn import_probe_refuses_bad_input_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.csv");
    std::fs::write(
        &bad,
        edited("roof,,copy_gbs", Some("roof,,copy_gbs,fast,GB/s,,")),
    )
    .unwrap();
    let out = dir.path().join("gpu.ron");
    let line = format!("line {}", line_of("roof,,copy_gbs"));
    let args = [
        "presets",
        "import-probe",
        bad.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ];
    let msg = fails(&args, 2, &line);
    assert!(
        msg.contains("bad.csv") && msg.contains("roof.copy_gbs"),
        "{msg}"
    );
    assert!(!out.exists());
    let missing = dir.path().join("none.csv");
    fails(
        &[
            "presets",
            "import-probe",
            missing.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        1,
        "none.csv",
    );
    let speed = dir.path().join("s.csv");
    let no_speed = dir.path().join("no-speed.csv");
    std::fs::write(&no_speed, minimal()).unwrap();
    let args = [
        "presets",
        "import-probe",
        no_speed.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--speed-out",
        speed.to_str().unwrap(),
    ];
    fails(&args, 2, "no speed rows");
    fails(
        &[
            "presets",
            "import-probe",
            &sample_path(),
            "--out",
            "gpu.txt",
        ],
        2,
        ".ron",
    );
    assert!(!out.exists() && !speed.exists());
}

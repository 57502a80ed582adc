//! `presets import-probe`: the GPU probe's CSV (probe/gpu/README.md) into
//! a spec sheet that loads like the presets and a speed function FPM
//! reads, and bad input refused with nothing written. What the import
//! reads from the run is tested in the preset crate
//! (`crates/preset/tests/probe_import.rs`).

use crate::common::{fails, hetscope, stderr, stdout};

use hetscope::preset::hardware::load_gpu_spec_file;
use hetscope::preset::probe::{ProbeError, ProbeImport, parse_probe_csv};

const SAMPLE: &str = include_str!("../../assets/data/h100-node-probe.csv");
const ORIGIN: &str = "h100-node-probe.csv";

fn sample_path() -> String {
    format!(
        "{}/assets/data/h100-node-probe.csv",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// The run without the rows a probe may lack (latency, pinned copies and
/// the link's latency, FP64 and the coalesced and strided reads, speed
/// points): the spec sheet from the required rows and the energy alone.
fn minimal() -> String {
    const LEFT_OUT: [&str; 9] = [
        "latency,",
        "speed,",
        "bus,,h2d_pinned",
        "bus,,d2h_pinned",
        "bus,,latency_us",
        "roof,,fp64",
        "roof,,coalesced",
        "roof,,strided",
        "device,,clock_max",
    ];
    SAMPLE
        .lines()
        .filter(|l| !LEFT_OUT.iter().any(|p| l.starts_with(p)))
        .map(|l| format!("{l}\n"))
        .collect()
}

fn parse(text: &str) -> Result<ProbeImport, ProbeError> {
    parse_probe_csv(text, ORIGIN)
}

/// 1-based line of the first line starting with `prefix`.
fn line_of(prefix: &str) -> usize {
    SAMPLE
        .lines()
        .position(|l| l.starts_with(prefix))
        .map(|i| i + 1)
        .unwrap_or_else(|| panic!("no line starts with {prefix}"))
}

/// The sample with the line starting with `prefix` replaced by `with`
/// (`None`: removed).
fn edited(prefix: &str, with: Option<&str>) -> String {
    let at = line_of(prefix) - 1;
    let mut lines: Vec<&str> = SAMPLE.lines().collect();
    match with {
        Some(w) => lines[at] = w,
        None => {
            lines.remove(at);
        }
    }
    lines.join("\n") + "\n"
}

/// The minimal run with the rows it leaves out, as a probe run writes
/// them (test values, not measurements).
fn with_probe_rows() -> String {
    let mut text = minimal();
    text.push_str(
        "roof,,fp64_gflops,27000,GFLOP/s,0.01,test value\n\
         roof,,coalesced_gbs,2600,GB/s,,test value\n\
         roof,,strided_gbs,190,GB/s,,test value\n\
         roof,,tensor_tflops,900,TFLOP/s,,a row the importer does not know\n\
         latency,,mem_ld_cycles,820,cycles,0.02,test value\n\
         latency,,mem_ld_ns,495,ns,0.02,test value\n\
         latency,,sm_clock_mhz,1656,MHz,,test value\n\
         latency,,departure_del_coal,3.5,cycles,,test value\n\
         latency,,departure_del_uncoal,9,cycles,,test value\n\
         bus,,h2d_pinned_gbs,55,GB/s,,test value\n\
         bus,,d2h_pinned_gbs,54,GB/s,,test value\n\
         bus,,latency_us,8,µs,,test value\n\
         speed,,kernel,triad_f64,,,\n\
         speed,,bytes_per_element,24,B,,\n\
         speed,p1,n,1048576,elements,,\n\
         speed,p1,seconds,2.1e-5,s,0.05,\n\
         speed,p2,n,16777216,elements,,\n\
         speed,p2,seconds,1.6e-4,s,0.02,\n",
    );
    text
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

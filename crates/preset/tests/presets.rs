//! The preset layer: built-in presets against the papers' tables, error
//! messages for bad files, saving, and the measured CSV import.

use crate::common::catalog;
use std::path::Path;

use hetscope_model::perdome;
use hetscope_model::perdome::{Side, Wp};
use hetscope_preset::perdome::*;
use hetscope_preset::*;

const CSV_PATH: &str = "assets/data/h100-node-sa-measured.csv";
const MEASURED_ID: &str = "h100-node-measured";
const MEASURED_NAME: &str = "H100 node (measured)";

fn proc_(c: &Catalog, id: &str) -> ProcessorPreset {
    c.processor(id)
        .unwrap_or_else(|| panic!("no {id}"))
        .1
        .clone()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs())
}

fn err_text<T: std::fmt::Debug>(r: Result<T, PresetError>) -> String {
    match r {
        Ok(v) => panic!("expected an error, got {v:?}"),
        Err(e) => e.to_string(),
    }
}

fn manifest(rel: &str) -> std::path::PathBuf {
    Path::new(crate::common::ROOT).join(rel)
}

#[test]
fn every_builtin_loads_validates_and_resolves() {
    let c = catalog();
    assert!(c.processors().len() >= 12, "{}", c.processors().len());
    assert!(c.platforms().len() >= 13, "{}", c.platforms().len());
    assert!(c.workloads().len() >= 8, "{}", c.workloads().len());
    let entries = c.entries();
    assert_eq!(
        entries.len(),
        c.processors().len() + c.platforms().len() + c.workloads().len()
    );
    // Sorted: kinds in order, ids within a kind.
    for w in entries.windows(2) {
        let rank = |k: PresetKind| k as u8;
        assert!(rank(w[0].kind) < rank(w[1].kind) || (w[0].kind == w[1].kind && w[0].id < w[1].id));
    }
    for e in &entries {
        let text = std::fs::read_to_string(manifest(&e.path))
            .unwrap_or_else(|err| panic!("{}: {err}", e.path));
        assert!(
            text.starts_with("//"),
            "{} must start with a comment line",
            e.path
        );
        assert!(
            e.path.starts_with(&format!("presets/{}/", e.kind.folder())),
            "{}",
            e.path
        );
    }
    for (e, p) in c.platforms() {
        let r = p
            .resolve(&e.id, c, &e.path)
            .unwrap_or_else(|err| panic!("{err}"));
        assert!(r.platform.validate().is_ok(), "{}", e.id);
        assert_eq!(r.cpu.kind, Side::Cpu);
        assert_eq!(r.gpu.kind, Side::Gpu);
        assert!(!p.source.is_empty(), "{}", e.id);
    }
    for (e, p) in c.processors() {
        assert!(!p.source.is_empty(), "{}", e.id);
        assert!(p.processor().validate(p.kind).is_ok(), "{}", e.id);
    }
    // Every measured set is attached to a platform that exists.
    for (e, w) in c.workloads() {
        for m in &w.measured {
            assert!(
                c.platform(&m.platform).is_some(),
                "{}: {}",
                e.id,
                m.platform
            );
        }
    }
}

#[test]
fn perdome_table1_values() {
    let c = catalog();
    for (id, t_f, t_b, e_f) in [
        ("i7-2600k-perdome", 73.5, 65.9, 118.0),
        ("i3-2100t-perdome", 200.0, 73.0, 135.0),
        ("gtx-titan-perdome", 0.4, 4.1, 57.0),
        ("gtx-750-perdome", 1.9, 14.8, 78.0),
    ] {
        let p = proc_(c, id).processor();
        assert_eq!((p.t_f, p.t_b, p.e_f), (t_f, t_b, e_f), "{id}");
    }
    assert_eq!(proc_(c, "gtx-titan-perdome").kind, Side::Gpu);
    assert_eq!(proc_(c, "i3-2100t-perdome").kind, Side::Cpu);
}

#[test]
fn peapaw_table4_values() {
    let c = catalog();
    for (id, row) in [
        ("i7-2600k-peapaw", [9.5, 65.9, 118.0, 462.0, 26.8]),
        ("i3-2100t-peapaw", [25.0, 73.0, 135.0, 581.0, 9.7]),
        ("gtx-titan-peapaw", [0.4, 4.2, 57.0, 187.0, 64.1]),
        ("gtx-750-peapaw", [1.9, 14.8, 78.0, 169.0, 16.4]),
    ] {
        let p = proc_(c, id).processor();
        assert_eq!([p.t_f, p.t_b, p.e_f, p.e_b, p.p_s], row, "{id}");
    }
}

#[test]
fn platforms_pair_the_right_processors() {
    let c = catalog();
    let r = platform_arg("i7-titan-perdome", c).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((r.platform.cpu.t_f, r.platform.gpu.t_b), (73.5, 4.1));
    let r = platform_arg("I3-GTX750-PEAPAW", c).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((r.platform.cpu.t_f, r.platform.gpu.p_s), (25.0, 16.4));
    // By name, case-insensitive.
    let r = platform_arg("i7 2600k + gtx 750 (perdome)", c).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.id, "i7-gtx750-perdome");
}

#[test]
fn current_processors_from_specs() {
    let c = catalog();
    for (id, gflops, gbs) in [
        ("h100-sxm5", 16896.0 * 1.98 * 2.0, 3350.0),
        ("a100-sxm4-80gb", 6912.0 * 1.41 * 2.0, 2039.0),
        ("xeon-8480plus", 56.0 * 2.0 * 64.0, 307.2),
        ("epyc-9654", 96.0 * 2.4 * 32.0, 460.8),
    ] {
        let p = proc_(c, id);
        assert!(matches!(p.timing, Timing::FromSpecs(_)), "{id}");
        let m = p.processor();
        assert!(close(m.peak_gflops(), gflops), "{id}: {}", m.peak_gflops());
        assert!(close(m.bandwidth_gbs(), gbs), "{id}");
        assert!(p.notes.contains("estimate") || id == "h100-sxm5", "{id}");
    }
    // The H100 uses the measured fit.
    let h = proc_(c, "h100-sxm5").energy;
    assert_eq!((h.e_f_pj, h.e_b_pj, h.p_s_w), (8.8, 137.0, 63.0));
}

#[test]
fn workloads_match_the_papers() {
    let c = catalog();
    let parts = |id: &str| -> Vec<(String, f64, f64)> {
        let w = &c.workload(id).unwrap_or_else(|| panic!("{id}")).1;
        w.partitions
            .iter()
            .map(|q| (q.name.clone(), q.i_c, q.i_g))
            .collect()
    };
    assert_eq!(c.workload("perdome-sa").map(|w| w.1.intensity), Some(1.7));
    assert_eq!(parts("perdome-sa")[3], ("CP".to_string(), 0.1, 2.0));
    assert_eq!(parts("perdome-da")[4], ("CP2".to_string(), 1.5, 9.2));
    assert_eq!(parts("perdome-da")[3], ("CP1".to_string(), 0.4, 5.4));
    assert_eq!(parts("peapaw-sa")[3], ("CP".to_string(), 0.1, 8.0));
    assert_eq!(parts("peapaw-la")[3], ("CP".to_string(), 0.0, 0.25));
    assert_eq!(parts("peapaw-da")[3], ("CP".to_string(), 1.1, 4.9));
    assert_eq!(c.workload("peapaw-la").map(|w| w.1.intensity), Some(0.24));
}

#[test]
fn perdome_sa_bounds_through_presets() {
    // PerDome's quoted i7+GTX750 SA numbers: p-DP 128, CP 136 GFLOP/s.
    let c = catalog();
    let p = platform_arg("i7-gtx750-perdome", c).unwrap_or_else(|e| panic!("{e}"));
    let (_, w) = workload_arg("perdome-sa", c).unwrap_or_else(|e| panic!("{e}"));
    let s = scenario(&p, &w);
    assert_eq!(s.partitions.len(), 4);
    let bound = |name: &str| {
        let q = s
            .partitions
            .iter()
            .find(|q| q.name == name)
            .unwrap_or_else(|| panic!("{name}"));
        perdome::evaluate(&s.platform, Wp::new(s.i, q.i_c, q.i_g)).map(|e| e.gflops)
    };
    assert_eq!(bound("p-DP").map(f64::round), Ok(128.0));
    assert_eq!(bound("CP").map(f64::round), Ok(136.0));
    assert!(s.partitions.iter().all(|q| q.measured_gflops.is_none()));
}

const GOOD_PROC: &str = r#"// test
(
    name: "X",
    kind: Cpu,
    source: "test",
    timing: Direct(t_f_ps: 10, t_b_ps: 20.5),
    energy: (e_f_pj: 100, e_b_pj: 400, p_s_w: 0),
)
"#;

#[test]
fn good_text_parses() {
    let p = parse_processor(GOOD_PROC, "x.ron").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(p.processor().t_f, 10.0);
    assert_eq!(p.energy.p_s_w, 0.0);
}

#[test]
fn syntax_error_names_origin_line_and_column() {
    let bad = GOOD_PROC.replace("kind: Cpu,", "kind: Cpu");
    let e = parse_processor(&bad, "presets/processors/x.ron");
    match &e {
        Err(PresetError::Syntax { line, col, .. }) => assert_eq!((*line, *col), (5, 5), "{e:?}"),
        other => panic!("{other:?}"),
    }
    let msg = err_text(e);
    assert!(msg.starts_with("presets/processors/x.ron: line "), "{msg}");
    assert!(msg.contains("column"), "{msg}");
}

#[test]
fn unknown_fields_are_named() {
    let bad = GOOD_PROC.replace("source:", "colour: 3,\n    source:");
    let msg = err_text(parse_processor(&bad, "x.ron"));
    assert!(
        msg.contains("colour") && msg.contains("x.ron") && msg.contains("line 5, column 5"),
        "{msg}"
    );
    // Inside specs too (the model's Specs does not reject unknown fields).
    let specs = GOOD_PROC.replace(
        "Direct(t_f_ps: 10, t_b_ps: 20.5)",
        "FromSpecs((cores: 4, clock_ghz: 3, issue_width: 8, bandwidth_gbs: 20, turbo: 4))",
    );
    let msg = err_text(parse_processor(&specs, "s.ron"));
    assert!(msg.contains("turbo"), "{msg}");
    let ok = specs.replace(", turbo: 4", "");
    let p = parse_processor(&ok, "s.ron").unwrap_or_else(|e| panic!("{e}"));
    assert!(close(p.processor().t_f, 1000.0 / 96.0));
}

#[test]
fn bad_values_name_the_field() {
    for (from, to, field) in [
        ("e_f_pj: 100", "e_f_pj: -1", "energy.e_f_pj = -1"),
        ("e_b_pj: 400", "e_b_pj: 0", "energy.e_b_pj = 0"),
        ("p_s_w: 0", "p_s_w: NaN", "energy.p_s_w = NaN"),
        ("p_s_w: 0", "p_s_w: -0.5", "energy.p_s_w = -0.5"),
        ("t_f_ps: 10", "t_f_ps: 0", "timing.t_f_ps = 0"),
        ("t_b_ps: 20.5", "t_b_ps: inf", "timing.t_b_ps = inf"),
        ("name: \"X\"", "name: \" \"", "name: must not be empty"),
    ] {
        let msg = err_text(parse_processor(&GOOD_PROC.replace(from, to), "v.ron"));
        assert!(
            msg.starts_with("v.ron: ") && msg.contains(field),
            "{to}: {msg}"
        );
    }
    let specs = GOOD_PROC.replace(
        "Direct(t_f_ps: 10, t_b_ps: 20.5)",
        "FromSpecs((cores: 0, clock_ghz: 3, issue_width: 8, bandwidth_gbs: 20))",
    );
    assert!(err_text(parse_processor(&specs, "v.ron")).contains("timing.cores = 0"));
}

#[test]
fn a_processor_names_the_source_of_each_parameter() {
    use hetscope_model::platform::Source;
    // Per parameter: what `sources` names, else the paper `source` says.
    let text = GOOD_PROC.replace(
        "source: \"test\",",
        "source: \"test\", sources: {\"e_f\": Estimate(\"a guess\"), \"t_b\": Measured(\"STREAM\")},",
    );
    let p = parse_processor(&text, "s.ron").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(p.source_of("e_f"), Source::Estimate("a guess".into()));
    assert_eq!(p.source_of("t_b"), Source::Measured("STREAM".into()));
    assert_eq!(p.source_of("t_f"), Source::Paper("test".into()));
    // Saved and read back with them; a plain processor's file has none.
    let again = parse_processor(&to_ron(&p), "again.ron").expect("round trip");
    assert_eq!(again, p);
    let plain = parse_processor(GOOD_PROC, "x.ron").expect("plain");
    assert!(!to_ron(&plain).contains("sources"));
    // A key that is no parameter is named.
    let bad = text.replace("\"e_f\": Estimate", "\"e_x\": Estimate");
    let msg = err_text(parse_processor(&bad, "b.ron"));
    assert!(
        msg.starts_with("b.ron: ") && msg.contains("sources") && msg.contains("'e_x'"),
        "{msg}"
    );
}

const GOOD_WORKLOAD: &str = r#"// test
(
    name: "W",
    source: "test",
    intensity: 1.7,
    partitions: [
        (name: "CO", i_c: 1.7, i_g: 0),
        (name: "CP", i_c: 0.1, i_g: 2.0),
    ],
    measured: [(platform: "p", gflops: [("CP", 100.0)])],
)
"#;

#[test]
fn workload_errors_name_the_field() {
    assert!(parse_workload(GOOD_WORKLOAD, "w.ron").is_ok());
    for (from, to, want) in [
        ("intensity: 1.7", "intensity: 0", "intensity = 0"),
        ("i_c: 0.1", "i_c: NaN", "partitions[1].i_c = NaN"),
        ("i_g: 2.0", "i_g: -2", "partitions[1].i_g = -2"),
        (
            "name: \"CO\"",
            "name: \"CP\"",
            "partitions[1].name: partition name `CP` is used twice",
        ),
        (
            "(\"CP\", 100.0)",
            "(\"CPx\", 100.0)",
            "no partition named `CPx`",
        ),
        (
            "(\"CP\", 100.0)",
            "(\"CP\", 0.0)",
            "measured[0].gflops[0] (CP) = 0",
        ),
    ] {
        let msg = err_text(parse_workload(&GOOD_WORKLOAD.replace(from, to), "w.ron"));
        assert!(
            msg.starts_with("w.ron: ") && msg.contains(want),
            "{to}: {msg}"
        );
    }
}

fn platform_text(cpu: &str, gpu: &str) -> String {
    format!("(name: \"P\", source: \"t\", cpu: {cpu}, gpu: {gpu})")
}

#[test]
fn platform_errors() {
    let c = catalog();
    // Unknown processor id: named, with the known ids.
    let p = parse_platform(
        &platform_text("Preset(\"no-such-cpu\")", "Preset(\"gtx-750-peapaw\")"),
        "p.ron",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let msg = err_text(p.resolve("p", c, "p.ron"));
    assert!(
        msg.contains("no-such-cpu") && msg.contains("i7-2600k-peapaw") && msg.contains("p.ron"),
        "{msg}"
    );
    // A GPU in the CPU slot.
    let p = parse_platform(
        &platform_text("Preset(\"h100-sxm5\")", "Preset(\"h100-sxm5\")"),
        "p.ron",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let msg = err_text(p.resolve("p", c, "p.ron"));
    assert!(msg.contains("cpu") && msg.contains("GPU"), "{msg}");
    // Inline processors are validated, with the slot in the field path.
    let inline = GOOD_PROC
        .replace("// test", "")
        .replace("e_b_pj: 400", "e_b_pj: -4");
    let msg = err_text(parse_platform(
        &platform_text(&format!("Inline({inline})"), "Preset(\"h100-sxm5\")"),
        "p.ron",
    ));
    assert!(msg.contains("cpu.energy.e_b_pj = -4"), "{msg}");
    let inline = GOOD_PROC.replace("// test", "");
    let msg = err_text(parse_platform(
        &platform_text("Preset(\"x\")", &format!("Inline({inline})")),
        "p.ron",
    ));
    assert!(msg.contains("gpu.kind"), "{msg}");
    // Unknown names on the command line list the known ones.
    let msg = err_text(platform_arg("no-such-platform", c));
    assert!(
        msg.contains("no-such-platform") && msg.contains("i7-titan-perdome"),
        "{msg}"
    );
    let msg = err_text(workload_arg("nope", c));
    assert!(msg.contains("nope") && msg.contains("perdome-sa"), "{msg}");
    // A file argument that does not exist names the path.
    let msg = err_text(platform_arg("missing/dir/p.ron", c));
    assert!(msg.contains("missing/dir/p.ron"), "{msg}");
}

#[test]
fn save_then_load_round_trips() {
    let c = catalog();
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let (_, plat) = c
        .platform("i7-titan-peapaw")
        .cloned()
        .unwrap_or_else(|| panic!("preset"));
    let mut inline = plat.clone();
    inline.cpu = Some(ProcessorRef::Inline(proc_(c, "epyc-9654")));
    inline.name = "Inline \"quoted\" name".to_string();
    for (file, p) in [("a.ron", &plat), ("b.ron", &inline)] {
        let path = dir.path().join(file);
        save_platform(&path, p).unwrap_or_else(|e| panic!("{e}"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
        assert!(text.starts_with("// hetscope platform preset"), "{text}");
        assert_eq!(
            &load_platform_file(&path).unwrap_or_else(|e| panic!("{e}")),
            p
        );
        let via_arg =
            platform_arg(&path.display().to_string(), c).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(via_arg.id, file.trim_end_matches(".ron"));
    }
    let (_, w) = c
        .workload("h100-node-measured-k64")
        .cloned()
        .unwrap_or_else(|| panic!("preset"));
    let path = dir.path().join("w.ron");
    save_workload(&path, &w).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        load_workload_file(&path).unwrap_or_else(|e| panic!("{e}")),
        w
    );
    // Overwriting keeps one file, no temporaries.
    save_workload(&path, &w).unwrap_or_else(|e| panic!("{e}"));
    let n = std::fs::read_dir(dir.path())
        .map(|d| d.count())
        .unwrap_or(0);
    assert_eq!(n, 3);
    let p = proc_(c, "xeon-8480plus");
    let path = dir.path().join("p.ron");
    save_processor(&path, &p).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        load_processor_file(&path).unwrap_or_else(|e| panic!("{e}")),
        p
    );
}

#[test]
fn failed_saves_name_the_path_and_leave_nothing() {
    let c = catalog();
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let (_, w) = c
        .workload("perdome-sa")
        .cloned()
        .unwrap_or_else(|| panic!("preset"));
    // A directory that does not exist.
    let path = dir.path().join("no-such-dir").join("w.ron");
    let msg = err_text(save_workload(&path, &w));
    assert!(msg.contains(&path.display().to_string()), "{msg}");
    assert!(!dir.path().join("no-such-dir").exists());
    // The target is a directory: the rename fails, the temporary is removed.
    let target = dir.path().join("taken");
    std::fs::create_dir(&target).unwrap_or_else(|e| panic!("{e}"));
    let msg = err_text(save_atomic(&target, "x"));
    assert!(msg.contains(&target.display().to_string()), "{msg}");
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.file_name()).collect())
        .unwrap_or_default();
    assert_eq!(names, vec![std::ffi::OsString::from("taken")]);
    // Invalid values: nothing written.
    let mut bad = w.clone();
    bad.intensity = -1.0;
    let path = dir.path().join("bad.ron");
    let msg = err_text(save_workload(&path, &bad));
    assert!(msg.contains("intensity = -1"), "{msg}");
    assert!(!path.exists());
}

fn shipped_csv() -> String {
    std::fs::read_to_string(manifest(CSV_PATH)).unwrap_or_else(|e| panic!("{CSV_PATH}: {e}"))
}

fn import_shipped() -> MeasuredImport {
    import_measured_csv(&shipped_csv(), CSV_PATH, MEASURED_ID, MEASURED_NAME)
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn csv_import_equals_shipped_presets() {
    let c = catalog();
    let mut imp = import_shipped();
    assert_eq!(imp.platform_id, MEASURED_ID);
    let (_, shipped) = c
        .platform(MEASURED_ID)
        .unwrap_or_else(|| panic!("no {MEASURED_ID}"));
    // The hardware is not in the CSV: `--hardware-of` copies it. The
    // shipped platform has since been rebuilt around the import's
    // processors from the node's other runs (probe, measure cpu, speed
    // functions): its PerDome/PeaPaw processors are the import's.
    assert!(imp.platform.hardware.is_none());
    assert_eq!(
        (&imp.platform.cpu, &imp.platform.gpu),
        (&shipped.cpu, &shipped.gpu)
    );
    let (_, hand) = c
        .platform("h100-node-measured-hand")
        .expect("the hand-filled node");
    imp.platform.hardware = hand.hardware.clone();
    imp.platform.name = hand.name.clone();
    assert_eq!(&imp.platform, hand);
    assert_eq!(imp.workloads.len(), 3);
    for (id, w) in &imp.workloads {
        let (_, s) = c.workload(id).unwrap_or_else(|| panic!("no {id}"));
        assert_eq!(w, s, "{id}");
    }
    let ids: Vec<&str> = imp.workloads.iter().map(|(id, _)| id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "h100-node-measured-k8",
            "h100-node-measured-k64",
            "h100-node-measured-k256"
        ]
    );
    // The medians of the three runs' roofs.
    let r = platform_arg(MEASURED_ID, c).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        [
            r.platform.cpu.t_f,
            r.platform.cpu.t_b,
            r.platform.gpu.t_f,
            r.platform.gpu.t_b
        ],
        [10.9656, 9.9735, 0.01883, 0.3726]
    );
    assert_eq!(
        (r.platform.gpu.e_f, r.platform.gpu.e_b, r.platform.gpu.p_s),
        (8.8, 137.0, 63.0)
    );
    // Scenarios get the measured values on this platform only.
    let (_, w) = workload_arg("h100-node-measured-k64", c).unwrap_or_else(|e| panic!("{e}"));
    let s = scenario(&r, &w);
    let names: Vec<&str> = s.partitions.iter().map(|q| q.name.as_str()).collect();
    assert_eq!(names, ["CO", "GO", "pDP", "CPa", "CPb"]);
    assert_eq!(s.partitions[1].measured_gflops, Some(15872.0));
    assert_eq!((s.partitions[3].i_c, s.partitions[3].i_g), (0.0833, 16.0));
    assert_eq!(s.i, 6.45);
    let other = platform_arg("xeon-8480-h100", c).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        scenario(&other, &w)
            .partitions
            .iter()
            .all(|q| q.measured_gflops.is_none())
    );
}

#[test]
fn csv_bad_rows_are_named() {
    let good = shipped_csv();
    let lines: Vec<&str> = good.lines().collect();
    let with_row = |n: usize, row: &str| {
        let mut l = lines.clone();
        l[n] = row;
        l.join("\n")
    };
    let imp = |t: &str| err_text(import_measured_csv(t, "m.csv", "p", "P"));
    // Row 2 (line 3): a non-number.
    let msg = imp(&with_row(
        2,
        "8,0.8500,GO,0.0000,0.8500,fast,10.9656,10.8367,0.01891,0.37381",
    ));
    assert!(
        msg.contains("m.csv")
            && msg.contains("row 2")
            && msg.contains("measured_gflops")
            && msg.contains("fast"),
        "{msg}"
    );
    // Row 3: a missing column.
    let msg = imp(&with_row(
        3,
        "8,0.8500,pDP,0.8500,0.8500,2151.3,10.9656,10.8367,0.01891",
    ));
    assert!(msg.contains("row 3") && msg.contains("t_bG_ps"), "{msg}");
    // Row 5: a negative intensity.
    let msg = imp(&with_row(
        5,
        "8,0.8500,CPb,-2,0.0833,51.2,10.9656,10.8367,0.01891,0.37381",
    ));
    assert!(msg.contains("row 5") && msg.contains("I_C"), "{msg}");
    // Row 4: I disagrees with the kernel's other rows.
    let msg = imp(&with_row(
        4,
        "8,0.9,CPa,0.0833,2.0000,141.1,10.9656,10.8367,0.01891,0.37381",
    ));
    assert!(msg.contains("row 4") && msg.contains("`I`"), "{msg}");
    // A header without a column.
    let msg = imp(&good.replacen("t_fG_ps", "t_fGPU", 1));
    assert!(msg.contains("t_fG_ps") && msg.contains("header"), "{msg}");
    // Only a header.
    assert!(imp(lines[0]).contains("no data rows"));
}

#[test]
fn shipped_measured_files_are_byte_for_byte_what_the_import_writes() {
    // `hetscope presets import-measured assets/data/h100-node-sa-measured.csv
    //  --id h100-node-measured --name "H100 node (measured)" --out-dir presets
    //  --hardware-of presets/platforms/h100-node-measured.ron` regenerates the
    //  workloads (and the platform that h100-node-measured-hand keeps).
    let mut imp = import_shipped();
    let (_, shipped) = catalog().platform(MEASURED_ID).cloned().unwrap();
    imp.platform.hardware = shipped.hardware;
    let files = imp.files(CSV_PATH);
    assert_eq!(files.len(), 4);
    // The workloads as the import writes them; the platform file was
    // rebuilt around the import (csv_import_equals_shipped_presets).
    for (rel, text) in files
        .into_iter()
        .filter(|(r, _)| r.starts_with("workloads"))
    {
        let shipped_path = manifest(&format!("presets/{}", rel.display()));
        let shipped = std::fs::read_to_string(&shipped_path)
            .unwrap_or_else(|e| panic!("{}: {e}", shipped_path.display()));
        assert_eq!(shipped, text, "{} differs from the import", rel.display());
    }
}

#[test]
fn an_import_names_colliding_kernels_and_writes_all_or_nothing() {
    // Kernels `8/1` and `8_1` would share one file name: refused.
    let text = shipped_csv();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let header = lines.remove(0);
    let first_k = lines[0].split(',').next().unwrap().to_string();
    let rows_of = |k: &str| -> Vec<String> {
        lines
            .iter()
            .filter(|l| l.split(',').next() == Some(first_k.as_str()))
            .map(|l| l.replacen(&first_k, k, 1))
            .collect()
    };
    let mut clash = vec![header.clone()];
    clash.extend(rows_of("8/1"));
    clash.extend(rows_of("8_1"));
    let e = err_text(import_measured_csv(&clash.join("\n"), "m.csv", "p", "P"));
    assert!(e.contains("`8/1`") && e.contains("`8_1`"), "{e}");

    // A folder in the way of one file: nothing is written, and no
    // temporary folder is left.
    let imp = import_shipped();
    let dir = tempfile::tempdir().unwrap();
    let (last, _) = imp.workloads.last().unwrap();
    std::fs::create_dir_all(dir.path().join("workloads").join(format!("{last}.ron"))).unwrap();
    let e = err_text(imp.write_files(dir.path(), "m.csv"));
    assert!(e.contains("nothing was written"), "{e}");
    assert!(!dir.path().join("platforms").exists());
    let left: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, ["workloads"], "{left:?}");
    // Without it, every file is written and listed.
    let dir = tempfile::tempdir().unwrap();
    let written = imp.write_files(dir.path(), "m.csv").unwrap();
    assert_eq!(written.len(), 1 + imp.workloads.len());
    assert!(written.iter().all(|p| p.is_file()));
}

//! Format versions of preset files: every RON preset names its format in a
//! top-level `format: N` field, every CSV hetscope reads in a comment line
//! `# format: N`. A file of today's format (no version: format 1, the
//! files in `tests/data/format1/` are the shipped presets as they were
//! before the version) loads as before and saves back as format 2; a
//! newer format is refused naming the file and both versions; a value
//! that is no version is refused naming its line and column; a `format`
//! anywhere but at the top level (a nested value, a string, a comment) is
//! not the version. The command line's message for a newer file is tested
//! with the command line (`tests/cli/preset_versions.rs` of the app).

use crate::common::catalog;

use std::fmt::Debug;

use hetscope_preset::boathull::{parse_application, parse_measured_curve};
use hetscope_preset::fpm::parse_speed_csv;
use hetscope_preset::hardware::{parse_cpu_spec, parse_gpu_spec};
use hetscope_preset::offload::{
    OffloadKernelPreset, parse_measured_offload, parse_offload_kernel, parse_offload_platform,
};
use hetscope_preset::perdome::{import_measured_csv, parse_energy_runs, parse_workload};
use hetscope_preset::platform::parse_platform;
use hetscope_preset::version::FORMAT_VERSION;
use hetscope_preset::{Catalog, PresetError, PresetFile, parse_processor, try_to_ron};

type Parse<T> = fn(&str, &str) -> Result<T, PresetError>;

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/data/format1/{name}", crate::common::ROOT);
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

/// The first field of a saved preset: the line after the outer `(`.
fn first_field(text: &str) -> &str {
    text.lines().nth(open_line(text) + 1).unwrap_or("").trim()
}

/// The shipped gemm kernel without the fields format 2 adds.
fn gemm_as_format1(cat: &Catalog) -> OffloadKernelPreset {
    let mut k = cat.offload_kernel("gemm").expect("gemm").1.clone();
    k.device_bytes = None;
    k.host_bytes = None;
    k
}

/// One RON kind: the format-1 fixture loads as the built-in preset, saves
/// as format 2 and reads back; a file as today's writer wrote it (no
/// version) reads too.
fn round_trip<T: PresetFile + PartialEq + Debug>(file: &str, parse: Parse<T>, builtin: &T) {
    let text = fixture(file);
    assert!(!text.contains("format"), "{file} is of format 1");
    let old = parse(&text, file).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(&old, builtin, "{file}");
    let saved = try_to_ron(&old).unwrap_or_else(|e| panic!("{file}: {e}"));
    assert_eq!(first_field(&saved), "format: 2,", "{saved}");
    assert_eq!(parse(&saved, file).unwrap_or_else(|e| panic!("{e}")), old);
    let today = saved.replacen("    format: 2,\n", "", 1);
    assert!(!today.contains("format:"), "{today}");
    assert_eq!(parse(&today, file).unwrap_or_else(|e| panic!("{e}")), old);
}

/// Every kind checked by `check(file, parse)`.
macro_rules! every_kind {
    ($check:ident) => {
        $check("i7-2600k-perdome.ron", parse_processor);
        $check("i7-gtx750-perdome.ron", parse_platform);
        $check("perdome-sa.ron", parse_workload);
        $check("sobel-edges.ron", parse_application);
        $check("power9-v100-nvlink2.ron", parse_offload_platform);
        $check("gemm.ron", parse_offload_kernel);
        $check("i7-2600k.ron", parse_cpu_spec);
        $check("gtx-750.ron", parse_gpu_spec);
    };
}

#[test]
fn files_of_todays_format_load_and_save_as_format_2() {
    let cat = catalog();
    round_trip(
        "i7-2600k-perdome.ron",
        parse_processor,
        &cat.processor("i7-2600k-perdome").expect("built-in").1,
    );
    round_trip(
        "i7-gtx750-perdome.ron",
        parse_platform,
        &cat.platform("i7-gtx750-perdome").expect("built-in").1,
    );
    round_trip(
        "perdome-sa.ron",
        parse_workload,
        &cat.workload("perdome-sa").expect("built-in").1,
    );
    round_trip(
        "sobel-edges.ron",
        parse_application,
        &cat.application("sobel-edges").expect("built-in").1,
    );
    let mut p9 = cat
        .offload_platform("power9-v100-nvlink2")
        .expect("built-in")
        .1
        .clone();
    // The fixture predates the caches the shipped preset now gives.
    p9.caches = None;
    round_trip("power9-v100-nvlink2.ron", parse_offload_platform, &p9);
    round_trip("gemm.ron", parse_offload_kernel, &gemm_as_format1(cat));
    // The fixtures predate the cache fields the shipped sheets now give.
    let mut cpu = cat.cpu("i7-2600k").expect("built-in").1.clone();
    (cpu.l2_kib_per_core, cpu.cache_line_bytes) = (None, None);
    cpu.caches.clear();
    cpu.sources
        .retain(|k, _| !k.starts_with("l2_") && k != "cache_line_bytes" && k != "caches");
    round_trip("i7-2600k.ron", parse_cpu_spec, &cpu);
    let mut gpu = cat.gpu("gtx-750").expect("built-in").1.clone();
    (gpu.l1_kib_per_sm, gpu.l2_mib) = (None, None);
    gpu.sources
        .retain(|k, _| !k.starts_with("l1_") && !k.starts_with("l2_"));
    round_trip("gtx-750.ron", parse_gpu_spec, &gpu);
}

#[test]
fn a_newer_format_is_refused_naming_file_and_versions() {
    fn check<T: Debug>(file: &str, parse: Parse<T>) {
        let text = with_first(&fixture(file), "    format: 99,");
        let origin = format!("/some/where/{file}");
        let e = parse(&text, &origin).expect_err(file);
        assert!(
            matches!(&e, PresetError::NewerFormat { found, .. } if found == "99"),
            "{e:?}"
        );
        let msg = e.to_string();
        for needle in [
            origin.as_str(),
            "newer hetscope (format 99)",
            "this version reads formats 1 to 2",
        ] {
            assert!(msg.contains(needle), "{msg} should name {needle}");
        }
        // Format 1 named explicitly and this build's own format both read.
        for v in [1, FORMAT_VERSION] {
            let text = with_first(&fixture(file), &format!("    format: {v},"));
            parse(&text, file).unwrap_or_else(|e| panic!("{e}"));
        }
    }
    every_kind!(check);
}

#[test]
fn a_value_that_is_no_version_is_refused_with_line_and_column() {
    let text = fixture("gemm.ron");
    let line = open_line(&text) + 2;
    for (value, col) in [
        ("\"x\"", 13),
        ("1.5", 13),
        ("-1", 13),
        ("0", 13),
        ("2e0", 13),
        ("Some(2)", 13),
        ("", 5),
    ] {
        let bad = with_first(&text, &format!("    format: {value},"));
        match parse_offload_kernel(&bad, "k.ron") {
            Err(PresetError::Syntax {
                line: l,
                col: c,
                message,
                ..
            }) => {
                assert_eq!((l, c), (line, col), "{value}: {message}");
                assert!(message.contains("whole number"), "{message}");
            }
            other => panic!("{value}: {other:?}"),
        }
    }
    let twice = with_first(&with_first(&text, "    format: 2,"), "    format: 2,");
    let e = parse_offload_kernel(&twice, "k.ron").unwrap_err();
    assert!(
        matches!(&e, PresetError::Syntax { line: l, .. } if *l == line + 1),
        "{e:?}"
    );
}

#[test]
fn later_errors_keep_their_line_and_column() {
    let text = with_first(&fixture("gemm.ron"), "    format: 2, /* a comment */");
    let at = open_line(&text) + 2;
    let mut lines: Vec<&str> = text.lines().collect();
    lines.insert(at, "    bogus: 1,");
    let bad = lines.join("\n");
    match parse_offload_kernel(&bad, "k.ron") {
        Err(PresetError::Syntax { line, col, .. }) => assert_eq!((line, col), (at + 1, 5)),
        other => panic!("{other:?}"),
    }
    // On the line of the version itself too.
    let same = text.replacen("/* a comment */", "bogus: 1,", 1);
    match parse_offload_kernel(&same, "k.ron") {
        Err(PresetError::Syntax { line, col, .. }) => assert_eq!((line, col), (at, 16)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn format_below_the_top_level_is_not_the_version() {
    let cat = catalog();
    let gemm = gemm_as_format1(cat);
    let text = fixture("gemm.ron");
    // In strings, raw strings and comments (nested block comments too).
    for (name, line) in [
        ("format: 99", "    name: \"format: 99\","),
        ("format: \"99\"", "    name: r#\"format: \"99\"\"#,"),
        ("GEMM", "    name: \"GEMM\", // format: 99"),
        (
            "GEMM",
            "    /* format: 99 /* format: 98 */ */ name: \"GEMM\",",
        ),
    ] {
        let t = text.replacen("    name: \"GEMM\",", line, 1);
        let k = parse_offload_kernel(&t, "k.ron").unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(k.name, name);
        assert_eq!(k.cpu_mix, gemm.cpu_mix);
    }
    // Inside a nested struct it is a field of that struct, which has none:
    // the typed parse refuses it, and it is no version error.
    let p = fixture("i7-gtx750-perdome.ron").replacen(
        "    hardware: (",
        "    hardware: (format: 99, ",
        1,
    );
    match parse_platform(&p, "p.ron") {
        Err(PresetError::Syntax { message, .. }) => {
            assert!(message.contains("format"), "{message}")
        }
        other => panic!("{other:?}"),
    }
    let k = text.replacen(
        "    iterations: (coef: 1.0, exp: 2.0),",
        "    iterations: (format: 99, coef: 1.0, exp: 2.0),",
        1,
    );
    assert!(matches!(
        parse_offload_kernel(&k, "k.ron"),
        Err(PresetError::Syntax { .. })
    ));
    // The top-level one counts, whatever the others say.
    let both = with_first(&text, "    format: 2, // format: 99").replacen(
        "    name: \"GEMM\",",
        "    name: \"GEMM\", /* format: 99 */",
        1,
    );
    assert_eq!(parse_offload_kernel(&both, "k.ron").unwrap(), gemm);
}

#[test]
fn every_shipped_preset_names_the_current_format() {
    let root = std::path::Path::new(crate::common::ROOT).join("presets");
    let mut seen = 0;
    for dir in std::fs::read_dir(&root).unwrap() {
        for f in std::fs::read_dir(dir.unwrap().path()).unwrap() {
            let path = f.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            let first = match ext {
                "ron" => first_field(&text).to_string(),
                "csv" => text.lines().next().unwrap_or("").to_string(),
                _ => continue,
            };
            let want = match ext {
                "ron" => format!("format: {FORMAT_VERSION},"),
                _ => format!("# format: {FORMAT_VERSION}"),
            };
            assert_eq!(first, want, "{}", path.display());
            seen += 1;
        }
    }
    assert!(seen > 100, "{seen} files");
}

#[test]
fn a_speed_function_csv_names_its_format() {
    let cat = catalog();
    let builtin = &cat.device("paper-cpu24").expect("device").1;
    let old = parse_speed_csv(&fixture("paper-cpu24.csv"), "paper-cpu24.csv")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(&old, builtin);
    let text = old.to_text();
    assert!(text.starts_with("# format: 2\n"), "{text}");
    assert_eq!(parse_speed_csv(&text, "x.csv").unwrap(), old);
    let newer = text.replacen("# format: 2", "# format: 99", 1);
    let e = parse_speed_csv(&newer, "x.csv").unwrap_err().to_string();
    assert!(
        e.contains("x.csv") && e.contains("line 1") && e.contains("newer hetscope (format 99)"),
        "{e}"
    );
    assert!(e.contains("formats 1 to 2"), "{e}");
    let bad = text.replacen("# format: 2", "# format: two", 1);
    let e = parse_speed_csv(&bad, "x.csv").unwrap_err().to_string();
    assert!(e.contains("line 1") && e.contains("whole number"), "{e}");
    let twice = format!("# format: 2\n{text}");
    let e = parse_speed_csv(&twice, "x.csv").unwrap_err().to_string();
    assert!(e.contains("line 2") && e.contains("twice"), "{e}");
}

/// A shipped measured CSV: as it is (format 1), marked format 2, marked
/// format 99 (refused naming the file and both versions) and with a
/// version that is none (refused naming the line).
fn check_measured_csv<T: Debug>(asset: &str, parse: impl Fn(&str, &str) -> Result<T, PresetError>) {
    let path = format!("{}/assets/data/{asset}", crate::common::ROOT);
    let text = std::fs::read_to_string(&path).unwrap();
    parse(&text, asset).unwrap_or_else(|e| panic!("{e}"));
    parse(&format!("# format: 2\n{text}"), asset).unwrap_or_else(|e| panic!("{e}"));
    let e = parse(&format!("# measured\n# format: 99\n{text}"), asset).unwrap_err();
    assert!(matches!(e, PresetError::NewerFormat { .. }), "{e:?}");
    let msg = e.to_string();
    assert!(
        msg.contains(asset) && msg.contains("format 99") && msg.contains("formats 1 to 2"),
        "{msg}"
    );
    let e = parse(&format!("#\n# format: 1.5\n{text}"), asset)
        .unwrap_err()
        .to_string();
    assert!(e.contains("line 2") && e.contains("whole number"), "{e}");
}

#[test]
fn measured_csvs_refuse_a_newer_format() {
    let cat = catalog();
    check_measured_csv("h100-node-sa-measured.csv", |t, o| {
        import_measured_csv(t, o, "x", "X")
    });
    check_measured_csv("h100-boathull-measured.csv", |t, o| {
        parse_measured_curve(t, o, o)
    });
    check_measured_csv("h100-offload-measured.csv", |t, o| {
        parse_measured_offload(t, o, cat)
    });
    check_measured_csv("h100-energy-runs.csv", parse_energy_runs);
}

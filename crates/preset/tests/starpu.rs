//! StarPU performance-model files read by their counts: files StarPU
//! wrote on the development machine (`tests/data/starpu/`, a CPU-only
//! Cholesky calibration), every model StarPU's examples ship (CPU and
//! CUDA machines) against StarPU's own `starpu_perfmodel_display`, and
//! damaged files named with their line.

use crate::common::ROOT;
use hetscope_preset::fpm::starpu::{
    DeviceKind, Entry, PerfModel, StarpuErrorKind, parse_perfmodel,
};
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> String {
    let path = format!("{ROOT}/crates/preset/tests/data/starpu/{name}");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn a_cpu_calibration_is_read_entry_by_entry() {
    let m = parse_perfmodel(&fixture("chol_model_22.vm"), "chol_model_22.vm").unwrap();
    assert_eq!(m.combinations.len(), 1);
    let comb = &m.combinations[0];
    assert_eq!(comb.devices.len(), 1);
    assert_eq!(comb.devices[0].kind, DeviceKind::Cpu);
    let imp = &comb.implementations[0];
    assert!(
        imp.linear.alpha.is_nan(),
        "no regression fitted: a history model"
    );
    assert!(imp.multiple.is_none());
    let sizes: Vec<(f64, u64)> = imp
        .entries
        .iter()
        .map(|e| (e.size_bytes, e.samples))
        .collect();
    assert_eq!(sizes, [(2_764_800.0, 9), (691_200.0, 8)]);
    assert_eq!((m.decimal_commas, m.rows_after_end), (0, 0));
}

#[test]
fn each_implementation_becomes_a_device_whose_speed_is_its_work_over_its_time() {
    let m = parse_perfmodel(&fixture("chol_model_22.vm"), "f").unwrap();
    let d = m.to_devices("chol_model_22", "chol_model_22.vm");
    assert_eq!(d.left_out, 0);
    assert_eq!(d.devices.len(), 1);
    let dev = &d.devices[0];
    assert_eq!(dev.name, "chol_model_22 on CPU 0");
    assert_eq!(dev.unit, "flop");
    let entries = &m.combinations[0].implementations[0].entries;
    let points = dev.points.to_vec();
    assert_eq!(points.len(), entries.len());
    for e in entries {
        let p = points
            .iter()
            .find(|p| p.size_units == e.flops)
            .expect("a point at each entry's flops");
        let want = e.flops / (e.mean_us * 1e-6);
        assert!((p.speed_units_per_s - want).abs() <= 1e-12 * want);
    }
    assert!(points.windows(2).all(|w| w[0].size_units < w[1].size_units));
}

#[test]
fn entries_without_samples_or_time_are_left_out_and_counted() {
    // The first entry's sample count set to 0.
    let text = fixture("chol_model_11.vm").replacen("\t3\n", "\t0\n", 1);
    let m = parse_perfmodel(&text, "f").unwrap();
    let d = m.to_devices("chol_model_11", "f");
    assert_eq!(d.left_out, 1);
    assert_eq!(d.devices[0].points.to_vec().len(), 1);
}

#[test]
fn a_file_written_with_decimal_commas_is_read_and_counted() {
    let text = fixture("chol_model_22.vm");
    let commas: String = text
        .lines()
        .map(|l| {
            if l.starts_with('#') || l.split_whitespace().count() != 8 {
                l.to_string()
            } else {
                l.replace('.', ",")
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let a = parse_perfmodel(&text, "f").unwrap();
    let b = parse_perfmodel(&commas, "f").unwrap();
    assert!(b.decimal_commas > 0);
    // Equal, NaN regressions included: compared as written.
    assert_eq!(
        format!("{:?}", a.combinations),
        format!("{:?}", b.combinations)
    );
}

/// A file of format 45 as StarPU 1.2 wrote it (format 44): the version
/// row changed and every multiple regression's row (a lone `0` after
/// its comment) gone.
fn as_format_44(text: &str) -> String {
    let mut out = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(l) = lines.next() {
        if l.starts_with("# not multiple-regression-base") {
            assert_eq!(lines.next().map(str::trim), Some("0"));
            continue;
        }
        out.push(if l.trim() == "45" { "44" } else { l });
    }
    out.join("\n")
}

#[test]
fn a_file_of_starpu_1_2_format_44_reads_as_its_format_45_twin() {
    for name in ["chol_model_11.vm", "chol_model_22.vm"] {
        let text = fixture(name);
        let v45 = parse_perfmodel(&text, name).unwrap();
        let v44 = parse_perfmodel(&as_format_44(&text), name).unwrap();
        assert_eq!((v45.format, v44.format), (45, 44));
        // The same devices and entries (the lines two fewer an
        // implementation, the multiple regression's comment and row).
        let rows = |m: &PerfModel| -> Vec<_> {
            m.combinations
                .iter()
                .flat_map(|c| {
                    c.implementations.iter().flat_map(move |i| {
                        i.entries.iter().map(move |e| {
                            let e = Entry { line: 0, ..*e };
                            (c.devices.clone(), i.index, i.linear.samples, e)
                        })
                    })
                })
                .collect()
        };
        assert_eq!(rows(&v44), rows(&v45), "{name}");
        assert!(rows(&v44).len() >= 2);
        // A format-44 file holding a multiple regression's row reads it
        // as the first history entry: refused, naming that line.
        let wrong = text.replacen("\n45\n", "\n44\n", 1);
        let e = parse_perfmodel(&wrong, name).unwrap_err();
        let row = text
            .lines()
            .position(|l| l.starts_with("# not multiple"))
            .unwrap()
            + 2;
        assert_eq!(e.line, row, "{e}");
    }
}

#[test]
fn a_sampling_folder_of_starpu_1_2_is_read_from_its_codelets_44() {
    let dir = std::env::temp_dir().join(format!("hetscope-starpu-44-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let models = dir.join("codelets").join("44");
    std::fs::create_dir_all(&models).unwrap();
    let text = as_format_44(&fixture("chol_model_22.vm"));
    std::fs::write(models.join("chol_model_22.old"), &text).unwrap();
    let found = hetscope_preset::fpm::starpu::model_files(&dir, None).unwrap();
    assert_eq!(found.len(), 1);
    assert_eq!(
        (found[0].symbol.as_str(), found[0].host()),
        ("chol_model_22", "old")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_file_is_named_with_its_line_and_never_panics() {
    let text = fixture("chol_model_22.vm");
    let lines: Vec<&str> = text.lines().collect();
    // Cut after every line: an error naming a line of the file (the
    // whole file reads).
    for cut in 0..lines.len() {
        let part = lines[..cut].join("\n");
        match parse_perfmodel(&part, "cut.vm") {
            Ok(_) => assert!(
                lines[cut..]
                    .iter()
                    .all(|l| l.trim().is_empty() || l.starts_with('#')),
                "cut at {cut} reads"
            ),
            Err(e) => {
                assert!(e.line <= cut.max(1), "cut at {cut}: {e}");
                assert!(e.to_string().starts_with("cut.vm: line "), "{e}");
            }
        }
    }
    // A value that is no number, named with its line.
    let bad = text.replacen("2.211840e+08", "2.2x1840e+08", 1);
    let e = parse_perfmodel(&bad, "bad.vm").unwrap_err();
    let line = lines
        .iter()
        .position(|l| l.contains("2.211840e+08"))
        .unwrap()
        + 1;
    assert_eq!(e.line, line, "{e}");
    assert!(matches!(e.kind, StarpuErrorKind::NotANumber { .. }), "{e}");
    // Another format version is refused by name.
    let old = text.replacen("\n45\n", "\n43\n", 1);
    let e = parse_perfmodel(&old, "old.vm").unwrap_err();
    assert!(e.to_string().contains("format 43"), "{e}");
    // A count past any real file.
    let huge = text.replacen("\n1\n", "\n99999999999\n", 1);
    assert!(parse_perfmodel(&huge, "huge.vm").is_err());
}

/// The shipped models of StarPU's examples (Debian's `starpu-examples`,
/// which CI installs): CPU and CUDA machines.
const SHIPPED: &str = "/usr/share/starpu/perfmodels/sampling";

/// What `starpu_perfmodel_display` prints for a model: per combination
/// and implementation ("cuda1_impl0 (Comb2)"), the rows (footprint, mean,
/// samples); None where StarPU cannot read the file.
type Displayed = Vec<((usize, usize), Vec<(u32, f64, u64)>)>;

fn displayed(dir: &Path, symbol: &str, host: &str) -> Option<Displayed> {
    let out = std::process::Command::new("starpu_perfmodel_display")
        .args(["-s", symbol])
        .env("STARPU_PERF_MODEL_DIR", dir)
        .env("STARPU_HOSTNAME", host)
        .env("STARPU_HOME", std::env::temp_dir())
        .output()
        .expect("starpu_perfmodel_display runs (Debian's starpu-tools; CI installs it)");
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let mut models: Displayed = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("# performance model for ") {
            let imp = rest
                .split("_impl")
                .nth(1)
                .and_then(|r| r.split_whitespace().next())
                .and_then(|n| n.parse().ok())
                .expect("an implementation");
            let comb = rest
                .split("(Comb")
                .nth(1)
                .and_then(|r| r.trim_end_matches(')').parse().ok())
                .expect("a combination");
            models.push(((comb, imp), Vec::new()));
            continue;
        }
        let v: Vec<&str> = line.split_whitespace().collect();
        if line.starts_with('#') || v.len() != 6 {
            continue;
        }
        if let Some(m) = models.last_mut() {
            m.1.push((
                u32::from_str_radix(v[0], 16).expect("a footprint"),
                v[3].parse().expect("a mean"),
                v[5].parse().expect("a count"),
            ));
        }
    }
    Some(models)
}

fn shipped_files() -> Vec<PathBuf> {
    let dir = Path::new(SHIPPED).join("codelets/45");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| {
            panic!(
                "{}: {e} (install Debian's starpu-examples; CI does)",
                dir.display()
            )
        })
        .map(|e| e.expect("an entry").path())
        .collect();
    files.sort();
    files
}

#[test]
fn every_shipped_model_reads_as_starpus_own_display_tool_shows_it() {
    let files = shipped_files();
    assert!(files.len() > 50, "{} files", files.len());
    let c = compare_with_display(Path::new(SHIPPED), files);
    assert!(c.entries > 500, "{} entries compared", c.entries);
    assert!(c.cuda > 20, "CUDA combinations read: {}", c.cuda);
    assert!(
        c.refused < 10,
        "{} files refused by StarPU and by us",
        c.refused
    );
}

/// What [`compare_with_display`] compared.
#[derive(Default)]
struct Compared {
    entries: usize,
    cuda: usize,
    refused: usize,
    multiple: usize,
}

/// Every file of `files` (in the model folder of sampling folder `dir`)
/// read here and by `starpu_perfmodel_display`: the same means and
/// counts of every entry the tool shows; a file the tool refuses refused
/// here too.
fn compare_with_display(dir: &Path, files: Vec<PathBuf>) -> Compared {
    let mut c = Compared::default();
    for path in files {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        let Some((symbol, host)) = name.split_once('.') else {
            continue;
        };
        let text = std::fs::read_to_string(&path).expect("readable");
        let parsed = parse_perfmodel(&text, name);
        let Some(shown) = displayed(dir, symbol, host) else {
            // A file StarPU itself refuses (one of them has a block in
            // another order): refused here too, with its line.
            let e = parsed.expect_err(name);
            assert!(e.line > 0, "{e}");
            c.refused += 1;
            continue;
        };
        let m: PerfModel = parsed.unwrap_or_else(|e| panic!("{e}"));
        c.multiple += m
            .combinations
            .iter()
            .flat_map(|c| &c.implementations)
            .filter(|i| i.multiple.is_some())
            .count();
        c.cuda += m
            .combinations
            .iter()
            .filter(|c| c.devices.iter().any(|d| d.kind == DeviceKind::Cuda))
            .count();
        for ((comb, imp), rows) in shown {
            let ours = &m.combinations[comb].implementations[imp].entries;
            for (footprint, mean, n) in rows {
                let e = ours
                    .iter()
                    .find(|e| e.footprint == footprint)
                    .unwrap_or_else(|| panic!("{name}: {footprint:08x} in comb {comb}"));
                // The tool prints six figures.
                assert!(
                    (e.mean_us - mean).abs() <= 1e-5 * mean.abs().max(1e-300),
                    "{name} {footprint:08x}: {} against {mean}",
                    e.mean_us
                );
                assert_eq!(e.samples, n, "{name} {footprint:08x}");
                c.entries += 1;
            }
        }
    }
    c
}

/// StarPU's example programs (Debian's `starpu-examples`).
fn examples() -> PathBuf {
    std::fs::read_dir("/usr/lib")
        .expect("/usr/lib")
        .filter_map(Result::ok)
        .map(|e| e.path().join("starpu/examples"))
        .find(|p| p.join("cholesky_implicit").is_file())
        .expect("StarPU's examples (install Debian's starpu-examples; CI does)")
}

/// Models StarPU writes on this machine (and on CI's): its examples run
/// under calibration in a fresh `STARPU_HOME` (a Cholesky factorization
/// at two sizes, history-based; `mlr`, a multiple regression), then
/// every file they left read here as StarPU's display tool reads it.
#[test]
fn models_starpu_calibrates_here_read_as_its_display_tool_shows_them() {
    let home = std::env::temp_dir().join(format!("hetscope-starpu-home-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    let bin = examples();
    let runs: [(&str, &[&str]); 3] = [
        ("cholesky_implicit", &["-size", "960", "-nblocks", "4"]),
        ("cholesky_implicit", &["-size", "1920", "-nblocks", "4"]),
        ("mlr", &[]),
    ];
    for (program, args) in runs {
        let out = std::process::Command::new(bin.join(program))
            .args(args)
            .env("STARPU_HOME", &home)
            .env("STARPU_CALIBRATE", "1")
            .env("STARPU_HOSTNAME", "hetscope-ci")
            .env("STARPU_SILENT", "1")
            .output()
            .unwrap_or_else(|e| panic!("{program}: {e}"));
        assert!(
            out.status.success(),
            "{program} {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let sampling = home.join(".starpu/sampling");
    let mut files: Vec<PathBuf> = std::fs::read_dir(sampling.join("codelets/45"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let names: Vec<String> = files
        .iter()
        .filter_map(|p| Some(p.file_name()?.to_str()?.to_string()))
        .collect();
    for want in [
        "chol_model_11.hetscope-ci",
        "chol_model_22.hetscope-ci",
        "mlr_init.hetscope-ci",
    ] {
        assert!(names.iter().any(|n| n == want), "{want} in {names:?}");
    }
    let c = compare_with_display(&sampling, files);
    assert_eq!(c.refused, 0);
    assert!(
        c.entries >= 6,
        "the Cholesky kernels at two sizes: {}",
        c.entries
    );
    assert!(c.multiple >= 1, "mlr's multiple regression read");
    std::fs::remove_dir_all(&home).unwrap();
}

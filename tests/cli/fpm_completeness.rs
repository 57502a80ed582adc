//! The FPM's memory limit, out-of-core extension and contention in every
//! place a device is described: the speed-function CSV's keys (read,
//! checked, written back), the command line's per-device overrides (and
//! the direction they move the partition), and the GUI's out-of-core
//! switch with its mark in the speed figure.

use crate::common::{eval, hetscope, stderr};

use std::path::{Path, PathBuf};

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hetscope::figure::{Figure, View};
use hetscope::gui::HetscopeApp;
use hetscope::model::fpm::{FpmDevice, OutOfCore, SpeedPoint};
use hetscope::model::platform::Source;
use hetscope::preset::fpm::{SpeedCsv, parse_speed_csv};
use serde_json::Value;

const EVERY_KEY: &str = "\
# device: gpu
# source: edited
# size in blocks (speed in blocks/s)
# max_size: 1000
# out_of_core: 1500:30, 4000:25.5
# contention: 0.85
# socket: 1
size,speed
100,50
500,60
1000,60
";

#[test]
fn a_csv_with_every_key_round_trips() {
    let csv = parse_speed_csv(EVERY_KEY, "every.csv").unwrap();
    assert_eq!(csv.max_size_units, Some(1000.0));
    assert_eq!(
        csv.out_of_core,
        Some(OutOfCore::Points(vec![
            SpeedPoint::new(1500.0, 30.0),
            SpeedPoint::new(4000.0, 25.5)
        ]))
    );
    assert_eq!(csv.contention, Some(0.85));
    assert_eq!(csv.socket, Some(1));
    assert_eq!(csv.comments.len(), 3, "keys are not notes");
    let back = parse_speed_csv(&csv.to_text(), "back.csv").unwrap();
    assert_eq!(back, csv);

    // A device round-trips through its CSV, with a factor as well.
    let d = csv.to_device("gpu", Source::Edited);
    assert_eq!(d.contention, 0.85);
    assert_eq!(d.socket, Some(1));
    let again = SpeedCsv::from_device(&d).to_text();
    let read = parse_speed_csv(&again, "again.csv").unwrap();
    assert_eq!(read.to_device("gpu", Source::Edited), d);
    let f = FpmDevice {
        out_of_core: Some(OutOfCore::Factor(0.4)),
        contention: 1.0,
        socket: None,
        fit: None,
        ..d
    };
    let text = SpeedCsv::from_device(&f).to_text();
    assert!(text.contains("# out_of_core: 0.4\n"), "{text}");
    assert!(
        !text.contains("contention") && !text.contains("socket"),
        "{text}"
    );
    let read = parse_speed_csv(&text, "factor.csv").unwrap();
    assert_eq!(read.to_device("gpu", Source::Edited), f);
    // Out of core the speed is 0.4 x the speed at the limit.
    let s = f.speed_function().unwrap();
    assert_eq!(s.speed(1000.0), Some(60.0));
    assert_eq!(s.speed(5000.0), Some(24.0));
}

/// The error of `text` with `line` replaced: its line and message.
fn error_of(line: usize, replacement: &str) -> (Option<usize>, String) {
    let mut lines: Vec<&str> = EVERY_KEY.lines().collect();
    lines[line - 1] = replacement;
    let e = parse_speed_csv(&lines.join("\n"), "bad.csv").unwrap_err();
    let shown = e.to_string();
    assert!(shown.contains("bad.csv"), "{shown}");
    (e.line, shown)
}

#[test]
fn bad_values_name_their_line_and_key() {
    let cases: [(usize, &str, &[&str]); 8] = [
        (
            6,
            "# contention: 1.5",
            &["`contention`", "between 0.001 and 1", "1.5"],
        ),
        (
            6,
            "# contention: 0",
            &["`contention`", "between 0.001 and 1"],
        ),
        (7, "# socket: 65", &["`socket`", "0 (alone) to 64"]),
        (7, "# socket: one", &["`socket`", "whole number"]),
        (
            4,
            "# max_size: -3",
            &["`max_size`", "between 1e-6 and 1e15", "units"],
        ),
        (
            5,
            "# out_of_core: 2",
            &["`out_of_core`", "between 0.001 and 1"],
        ),
        (
            5,
            "# out_of_core: 900:30",
            &["`out_of_core`", "beyond max_size"],
        ),
        (
            5,
            "# out_of_core: 1500:x",
            &["`out_of_core`", "point 1", "units/s"],
        ),
    ];
    for (line, text, needles) in cases {
        let (at, shown) = error_of(line, text);
        assert_eq!(at, Some(line), "{text}: {shown}");
        for n in needles {
            assert!(shown.contains(n), "{text}: `{shown}` should name {n}");
        }
    }
    // Out of core without a memory limit, and a key given twice.
    let (at, shown) = error_of(4, "# a note");
    assert_eq!(at, Some(5), "{shown}");
    assert!(
        shown.contains("`out_of_core`") && shown.contains("max_size"),
        "{shown}"
    );
    let (at, shown) = error_of(7, "# contention: 0.9");
    assert_eq!(at, Some(7), "{shown}");
    assert!(shown.contains("given twice (also on line 6)"), "{shown}");
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write test file");
    p
}

/// Two devices: `gpu` (limit 1000) and `cpu` (limit 1500), both fast
/// enough that their time grows with the size.
fn two_devices(dir: &Path) -> String {
    let gpu = write(
        dir,
        "gpu.csv",
        "# size in blocks\n# max_size: 1000\nsize,speed\n100,50\n500,60\n1000,60\n",
    );
    let cpu = write(
        dir,
        "cpu.csv",
        "# size in blocks\n# max_size: 1500\nsize,speed\n100,20\n1500,20\n",
    );
    format!("{},{}", gpu.display(), cpu.display())
}

fn share(v: &Value, name: &str) -> f64 {
    v["devices"]
        .as_array()
        .and_then(|a| a.iter().find(|d| d["name"] == name))
        .and_then(|d| d["size"].as_f64())
        .unwrap_or_else(|| panic!("no share of {name} in {v}"))
}

#[test]
fn lower_contention_gives_the_device_less_work() {
    let dir = tempfile::tempdir().unwrap();
    let devices = two_devices(dir.path());
    let base = [
        "eval",
        "fpm",
        "--devices",
        &devices,
        "--n",
        "600",
        "--socket",
        "gpu=1",
        "--socket",
        "cpu=1",
    ];
    let before = eval(&base);
    let mut args = base.to_vec();
    args.extend(["--contention", "gpu=0.5"]);
    let after = eval(&args);
    assert!(
        share(&after, "gpu") < share(&before, "gpu"),
        "{before} -> {after}"
    );
    let gpu = &after["devices"][0];
    assert_eq!(gpu["contention"], 0.5);
    assert_eq!(gpu["socket"], 1);
    assert_eq!(gpu["max_size"], 1000.0);
    assert_eq!(gpu["out_of_core"], "off");
    // Alone on its socket the factor does not apply.
    let alone = eval(&[
        "fpm",
        "eval",
        "--devices",
        &devices,
        "--n",
        "600",
        "--contention",
        "gpu=0.5",
    ]);
    assert!((share(&alone, "gpu") - share(&before, "gpu")).abs() < 1e-9);
}

#[test]
fn out_of_core_partitions_a_problem_beyond_the_memory_limits() {
    let dir = tempfile::tempdir().unwrap();
    let devices = two_devices(dir.path());
    let base = ["fpm", "eval", "--devices", &devices, "--n", "3000"];
    let o = hetscope(&base);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("does not fit"), "{}", stderr(&o));

    let mut args = base.to_vec();
    args.extend(["--out-of-core", "gpu=0.5"]);
    let v = eval(&args);
    assert_eq!(v["out_of_core_devices"], serde_json::json!(["gpu"]));
    let gpu = &v["devices"][0];
    assert_eq!(gpu["runs_out_of_core"], true);
    assert_eq!(gpu["out_of_core"], "0.5");
    assert!(share(&v, "gpu") > 1000.0, "{v}");
    assert_eq!(v["devices"][1]["runs_out_of_core"], false);

    // A larger memory limit on the command line makes it fit in core.
    let larger = eval(&[
        "eval",
        "fpm",
        "--devices",
        &devices,
        "--n",
        "3000",
        "--max-size",
        "cpu=2500",
    ]);
    assert!(share(&larger, "cpu") > 1500.0, "{larger}");
    assert_eq!(larger["devices"][1]["max_size"], 2500.0);
    assert_eq!(larger["out_of_core_devices"], serde_json::json!([]));
}

#[test]
fn bad_overrides_name_the_option_and_the_devices() {
    let dir = tempfile::tempdir().unwrap();
    let devices = two_devices(dir.path());
    let cases: [(&str, &str, &[&str]); 5] = [
        (
            "--contention",
            "gpx=0.5",
            &["no device named 'gpx'", "gpu, cpu"],
        ),
        (
            "--contention",
            "gpu=1.5",
            &["--contention", "between 0.001 and 1"],
        ),
        ("--socket", "cpu", &["NAME=VALUE", "gpu, cpu"]),
        (
            "--out-of-core",
            "gpu=0",
            &["--out-of-core", "between 0.001 and 1"],
        ),
        (
            "--max-size",
            "gpu=200",
            &["device gpu", "beyond the memory limit"],
        ),
    ];
    for (option, value, needles) in cases {
        let o = hetscope(&[
            "eval",
            "fpm",
            "--devices",
            &devices,
            "--n",
            "600",
            option,
            value,
        ]);
        assert!(!o.status.success(), "{option} {value}");
        let err = stderr(&o);
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        for n in needles {
            assert!(err.contains(n), "{option} {value}: `{err}` should name {n}");
        }
    }
}

#[test]
fn export_takes_the_overrides_and_marks_the_out_of_core_part() {
    let dir = tempfile::tempdir().unwrap();
    let devices = two_devices(dir.path());
    let out = dir.path().join("speed.svg");
    let o = hetscope(&[
        "export",
        "--view",
        "fpm-speed",
        "--devices",
        &devices,
        "--n",
        "3000",
        "--out-of-core",
        "gpu=0.5",
        "--contention",
        "cpu=0.9",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.contains("gpu: memory limit, out of core beyond"));
    // Another model's view refuses the FPM options.
    let o = hetscope(&[
        "export",
        "--view",
        "boathull",
        "--contention",
        "cpu=0.9",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--contention"), "{}", stderr(&o));
}

#[test]
fn the_out_of_core_switch_marks_the_speed_figure() {
    let mut h: Harness<'static, HetscopeApp> = crate::common::builder()
        .with_size(egui::vec2(1900.0, 950.0))
        .build_eframe(|_cc| crate::common::on_papers_presets());
    h.get_by_label("FPM partitioning").click();
    h.run();
    h.get_by_label("Speed functions").click();
    h.run();
    {
        let s = &mut h.state_mut().session.fpm;
        assert_eq!(s.devices[0].name, "G1 GTX680");
        s.devices[0].max_size_units = Some(2250.0);
    }
    h.run();
    let label = "G1 GTX680: memory limit, out of core beyond";
    let marked = |h: &Harness<'_, HetscopeApp>| {
        let Some(Figure::Chart(fig)) = h.state().figure() else {
            panic!("no chart");
        };
        fig.panels[0].ref_lines.iter().any(|r| r.label == label)
            && fig.panels[0]
                .series
                .iter()
                .any(|s| s.name.ends_with("s(x) out of core"))
    };
    assert!(!marked(&h));
    let switch = h.get_by_label("Out of core G1 GTX680");
    switch.scroll_to_me();
    h.run();
    h.get_by_label("Out of core G1 GTX680").click();
    h.run();
    let d = &h.state().session.fpm.devices[0];
    assert_eq!(d.out_of_core, Some(OutOfCore::Factor(0.5)));
    assert!(
        h.state().param_error().is_none(),
        "{:?}",
        h.state().param_error()
    );
    assert_eq!(
        h.state().session.tab,
        hetscope::gui::Tab::Figure(View::FpmSpeed)
    );
    assert!(
        marked(&h),
        "the speed figure marks where G1 runs out of core"
    );
}

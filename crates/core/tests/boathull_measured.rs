//! A measured curve over the boat hull view: the shipped H100 node file
//! parses, its points are drawn over the hulls of the `h100-node-measured`
//! platform with the relative errors recomputed here from the model and
//! the file, and bad files are refused with their line and column. The
//! command line's export and eval of it and the window's loading of it
//! are tested with the app (`tests/cli/boathull_measured.rs`).

use hetscope_figure::View;
use hetscope_figure::boathull::measured::legend;
use hetscope_figure::boathull::{self, BoathullInput, BoathullProcessor};
use hetscope_model::boathull::{Class, CpuAssumptions, GpuAssumptions};
use hetscope_model::perdome::Side;
use hetscope_preset::boathull::parse_measured_curve;

#[path = "shared/boathull_rows.rs"]
mod rows;
use rows::*;

fn input_with_shipped_file() -> BoathullInput {
    let proc = |side| {
        let (name, m) = h100_node(side);
        BoathullProcessor {
            name,
            target: m.target(GpuAssumptions::UNKNOWN, CpuAssumptions::HULL),
        }
    };
    let class = Class::parse(CLASS).expect("class");
    let mut i = BoathullInput::new(class, proc(Side::Gpu), proc(Side::Cpu));
    i.measured = Some(parse_measured_curve(&shipped(), FILE, FILE).expect("parses"));
    i
}

#[test]
fn the_shipped_file_parses_every_row() {
    let c = parse_measured_curve(&shipped(), FILE, FILE).expect("parses");
    let by_hand = rows_by_hand();
    assert_eq!(by_hand.len(), 22);
    assert_eq!(c.points.len(), by_hand.len());
    assert_eq!(c.processors(), vec![GPU_NAME, CPU_NAME]);
    for (p, (name, f, t)) in c.points.iter().zip(&by_hand) {
        assert_eq!((&p.processor, p.f, p.time_s), (name, *f, *t));
        assert_eq!(p.class.as_deref(), Some(CLASS));
        assert!(p.variant.is_some());
    }
    // Lines: the header is line 1.
    assert_eq!(c.points[0].line, 2);
    assert_eq!(c.points[21].line, 23);
}

#[test]
fn the_h100_node_figure_draws_the_points_and_their_errors() {
    let fig = boathull::build(View::Boathull, &input_with_shipped_file()).expect("figure");
    assert_eq!(fig.panels.len(), 2, "hull and relative error");
    for (name, side) in [(GPU_NAME, Side::Gpu), (CPU_NAME, Side::Cpu)] {
        let s = fig.panels[0]
            .series
            .iter()
            .find(|s| s.name == legend(name, FILE))
            .unwrap_or_else(|| panic!("no measured series for {name}"));
        assert!(s.points_only);
        assert_eq!(s.points.len(), 11);
        let (_, machine) = h100_node(side);
        let errs = errors_by_hand(name, machine);
        // The error panel's points are the recomputed errors, in %.
        let e = fig.panels[1]
            .series
            .iter()
            .find(|s| s.name.starts_with(&format!("error: {name}")))
            .expect("error series");
        for (pt, (f, err)) in e.points.iter().zip(&errs) {
            assert_eq!(pt[0], *f);
            assert!((pt[1] - 100.0 * err).abs() < 1e-9, "{name} f = {f}");
        }
        let (median, max, f_max) = median_max(&errs);
        let want = format!(
            "median |error| {:.1} %, max |error| {:.1} % at f = {f_max}",
            100.0 * median,
            100.0 * max
        );
        let notes = &fig.panels[1].notes;
        assert!(
            notes
                .iter()
                .any(|n| n.starts_with(name) && n.contains(&want)),
            "{want} in {notes:?}"
        );
    }
    // The CPU points (one dependent FMA chain per element) sit over the
    // CPU's chain floor, drawn for them in place of its hull.
    let floor = fig.panels[0]
        .series
        .iter()
        .find(|s| s.name.contains("chain floor (model of the measured CPU)"))
        .expect("the CPU's chain floor");
    let (_, cpu) = h100_node(Side::Cpu);
    for [f, t] in &floor.points {
        let want = model_time(cpu, *f);
        assert!(
            (t - want).abs() < 1e-12 * want,
            "f = {f}: {t} against {want}"
        );
    }
    assert!(
        !fig.panels[0]
            .series
            .iter()
            .any(|s| s.name.contains("hull (model of the measured CPU)"))
    );
}

#[test]
fn rows_of_other_classes_are_skipped_and_counted() {
    let mut i = input_with_shipped_file();
    i.class = Class::parse("1024x1024|element -> 1024x1024|element").expect("class");
    let fig = boathull::build(View::Boathull, &i).expect("figure");
    assert_eq!(fig.panels.len(), 1, "nothing to compare");
    assert!(
        fig.notes
            .iter()
            .any(|n| n.starts_with("22 rows of classes"))
    );
    let measured = fig.panels[0].series.iter().filter(|s| s.points_only);
    assert_eq!(measured.count(), 0);
}

#[test]
fn malformed_files_name_their_line_and_column() {
    let text = shipped();
    // Replace the first `from` of the file; the error must name its line.
    let edit = |from: &str, to: &str| {
        let line = 1 + text
            .lines()
            .position(|l| l.contains(from))
            .unwrap_or_else(|| panic!("{from} in the file"));
        (text.replacen(from, to, 1), line)
    };
    let cases = [
        (edit("time_s", "time"), "time_s"),
        (edit("processor", "proc"), "processor"),
        (edit("1.5776e-05", "fast"), "time_s"),
        (edit(",8,", ",eight,"), "f"),
        (edit(",2,", ",0.5,"), "f"),
        (edit("0.00102572", "0"), "time_s"),
        (edit("0.00198056", "NaN"), "time_s"),
        (edit(",16,", ",inf,"), "f"),
        (edit("0.000623536", "-1e-3"), "time_s"),
        (
            (format!("{text}{}\n", text.lines().nth(1).expect("row")), 24),
            "f",
        ),
    ];
    for ((bad, line), column) in cases {
        let e = parse_measured_curve(&bad, "bad.csv", "bad.csv")
            .expect_err(column)
            .to_string();
        let want = if line == 1 {
            format!("line 1, column `{column}`")
        } else {
            format!("(line {line}), column `{column}`")
        };
        assert!(e.starts_with("bad.csv") && e.contains(&want), "{want}: {e}");
    }
}

/// The host's rows (one chain of dependent FMAs per element) against the
/// chain floor: within 2x on most of them, where the hull, a roofline
/// bound, is off by up to 70 times; docs/validation.md
/// quotes the count.
#[test]
fn the_chain_floor_brings_the_hosts_rows_within_twice() {
    let (_, cpu) = h100_node(Side::Cpu);
    let errs = errors_by_hand(CPU_NAME, cpu);
    let factor = |e: f64| (1.0 + e).max(1.0 / (1.0 + e));
    let within = errs.iter().filter(|(_, e)| factor(*e) <= 2.0).count();
    assert_eq!((within, errs.len()), (7, 11), "{errs:?}");
    assert!(errs.iter().all(|(_, e)| factor(*e) < 2.5), "{errs:?}");
    // The longest chain (1024 FMAs, f = 2048) is within 20 %.
    let longest = errs.iter().find(|(f, _)| *f == 2048.0).expect("f = 2048");
    assert!(longest.1.abs() < 0.2, "{longest:?}");
    // The hull alone: about 70 times too fast at the longest chain.
    let class = Class::parse(CLASS).expect("class");
    let vars = hetscope_model::boathull::ClassVars::cpu(class.shape(), &Default::default());
    let hull = cpu
        .cpu()
        .expect("a CPU")
        .times(&vars, 2048.0)
        .unwrap()
        .hull_s();
    let measured = rows_by_hand()
        .into_iter()
        .find(|(p, f, _)| p == CPU_NAME && *f == 1024.0)
        .expect("the row")
        .2;
    assert!(measured / hull > 50.0, "{measured} against {hull}");
    let doc = std::fs::read_to_string(format!("{}/docs/validation.md", crate::common::ROOT))
        .expect("the page");
    assert!(
        doc.contains("7 of 11 within 2x"),
        "docs/validation.md quotes the count"
    );
}

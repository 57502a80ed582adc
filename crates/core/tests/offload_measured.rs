//! Measured offload speedups beside the predictions: the shipped H100
//! file and its platform preset, the reader's errors, the suite figure's
//! measured bars, times panel and decisions-right note (checked against a
//! count made here from the CSV and the model). The export and eval
//! command lines and the offload panel's Load row are tested with the app
//! (`tests/cli/offload_measured.rs`).

use crate::common::catalog;

use hetscope_core::offload::{OffloadScenario, load_measured};
use hetscope_figure::offload::{self, OffloadInput};
use hetscope_figure::{Figure, View};
use hetscope_model::offload::decide;
use hetscope_preset::offload::parse_measured_offload;

#[path = "shared/offload_rows.rs"]
mod rows;
use rows::*;

#[test]
fn the_shipped_file_parses_and_every_kernel_is_a_preset() {
    let c = catalog();
    let m = parse_measured_offload(&shipped(), FILE, c).unwrap();
    assert_eq!(m.rows.len(), 24);
    for r in &m.rows {
        let (e, k) = c.offload_kernel(&r.kernel_id).unwrap();
        assert_eq!(e.id, r.kernel_id);
        assert!(k.name.eq_ignore_ascii_case(&r.kernel), "{}", r.kernel);
        let t = r.times.expect("the shipped file gives times");
        // The file's speedup is the times' ratio, rounded.
        assert!((t.speedup() / r.speedup - 1.0).abs() < 2e-3, "{}", r.kernel);
    }
    // The H100 node's platform: 16 host threads, the probe's pageable
    // copy rates each way; the hand-filled one the offload runs' rate up.
    let (_, p) = c.offload_platform("h100-node-offload").unwrap();
    let model = p.to_model().unwrap();
    assert_eq!(model.cpu.threads, 16.0);
    let rates = (model.bus.h2d_gbs, model.bus.d2h_gbs);
    assert_eq!(rates, (9.436506046, 15.09487857));
    assert!(p.notes.contains("h2d_pageable_gbs"), "{}", p.notes);
    let (_, hand) = c.offload_platform("h100-node-offload-hand").unwrap();
    let model = hand.to_model().unwrap();
    assert_eq!((model.bus.h2d_gbs, model.bus.d2h_gbs), (7.7, 7.7));
    assert!(hand.notes.contains("13.7"), "{}", hand.notes);
}

/// The shipped text with `line` (1-based) replaced by `with`.
fn edited(line: usize, with: &str) -> String {
    let mut lines: Vec<String> = shipped().lines().map(str::to_string).collect();
    lines[line - 1] = with.to_string();
    lines.join("\n") + "\n"
}

fn error_of(text: &str) -> String {
    parse_measured_offload(text, "bad.csv", catalog())
        .unwrap_err()
        .to_string()
}

#[test]
fn malformed_files_name_the_line_and_column() {
    let text = shipped();
    let row5 = text.lines().nth(4).unwrap().to_string();
    let cases = [
        (
            edited(1, "kernel,n,cpu_s,gpu_kernel_s,h2d_s,d2h_s,speedup"),
            "line 1",
            "`threads`",
        ),
        (
            edited(1, "kernel,n,threads,cpu_s,gpu_kernel_s"),
            "line 1",
            "`h2d_s`",
        ),
        (
            edited(5, &row5.replacen("9600", "many", 1)),
            "line 5",
            "`n`",
        ),
        (
            edited(5, &row5.replace("913.854", "abc")),
            "line 5",
            "`cpu_s`",
        ),
        (
            edited(5, &row5.replace("0.394144", "0")),
            "line 5",
            "`gpu_kernel_s`",
        ),
        (
            edited(5, &row5.replace("0.144172", "-0.1")),
            "line 5",
            "`h2d_s`",
        ),
        (
            edited(5, &row5.replacen("3MM1", "4MM", 1)),
            "line 5",
            "unknown kernel `4MM`",
        ),
        (
            format!("{text}{row5}\n"),
            "line 26",
            "measured twice (first on line 5)",
        ),
    ];
    for (text, line, what) in cases {
        let e = error_of(&text);
        assert!(e.starts_with("bad.csv:"), "{e}");
        assert!(
            e.contains(line) && e.contains(what),
            "{e}: want {line}, {what}"
        );
    }
    let e = error_of(&edited(5, &row5.replacen("3MM1", "4MM", 1)));
    assert!(
        e.contains("known: ") && e.contains("GEMM") && e.contains("3DCONV"),
        "{e}"
    );
    // Speedup computed from the times when its column is absent.
    let no_speedup: String = text
        .lines()
        .map(|l| l.rsplit_once(',').unwrap().0.to_string() + "\n")
        .collect();
    let m = parse_measured_offload(&no_speedup, "t.csv", catalog()).unwrap();
    assert!((m.rows[0].speedup / 1617.0 - 1.0).abs() < 2e-3);
}

/// The GUI state on the H100 node at n = 9600 with the shipped file.
fn measured_input() -> OffloadInput {
    let mut s = OffloadScenario::default();
    s.select_platform("h100-node-offload");
    s.size = 9600.0;
    s.measured = Some(load_measured(std::path::Path::new(&path()), catalog()).unwrap());
    s.input(catalog()).unwrap()
}

#[test]
fn the_suite_figure_draws_measured_bars_times_and_decisions_right() {
    let input = measured_input();
    assert_eq!(input.platform.cpu.threads, 16.0);
    let fig = offload::build(View::OffloadSuite, &input).unwrap();
    let p = &fig.panels[0];
    let set = p
        .bars
        .iter()
        .find(|b| b.name == LEGEND)
        .expect("measured bars");
    // Independently: each CSV row at n = 9600 and 16 threads whose kernel
    // is a bar, its decision from the model.
    let (mut compared, mut right) = (0, 0);
    for (kernel, n, threads, speedup) in csv_rows() {
        let Some(k) = input.suite.iter().find(|k| k.name == kernel) else {
            continue;
        };
        if n != 9600.0 || threads != 16.0 {
            continue;
        }
        let d = decide(&k.kernel, &input.platform, 9600.0).unwrap();
        compared += 1;
        right += usize::from(d.offload == (speedup > 1.0));
    }
    // SYRK (two loops in this set) and 3DCONV (measured at 512) are not.
    assert_eq!(compared, 22);
    assert_eq!(set.bars.len(), compared);
    let want = format!("decides {right} of {compared} measured kernels right");
    assert!(
        fig.notes.iter().any(|n| n.contains(&want)),
        "{want}: {:?}",
        fig.notes
    );
    assert!(
        fig.notes.iter().any(|n| n.contains("Not compared: 2 of 24")
            && n.contains("SYRK (no bar")
            && n.contains("3DCONV (measured at n = 512")),
        "{:?}",
        fig.notes
    );
    // The times panel: host, kernel and transfers, predicted and measured.
    let t = &fig.panels[1];
    assert_eq!(t.bars.len(), 6);
    assert!(t.bars.iter().any(|b| b.name == "transfers, measured"));
    assert_eq!(t.categories.len(), compared);
    // Every bar reaches the CSV export.
    let csv = hetscope_export::render_csv(&Figure::Chart(fig.clone()));
    let measured_bar = format!(",bar,{LEGEND},");
    assert_eq!(csv.matches(&measured_bar).count(), compared);
    assert_eq!(csv.matches("host, measured").count(), compared);
    // Without the file the figure is as before: one panel.
    let mut plain = input.clone();
    plain.measured = None;
    assert_eq!(
        offload::build(View::OffloadSuite, &plain)
            .unwrap()
            .panels
            .len(),
        1
    );
}

//! The platform overview: every built-in platform goes through every
//! model, the overview's numbers equal what each model's own eval prints
//! for the same platform, and its exports hold what it shows.

use crate::common::{catalog, eval, fails, hetscope, num, stderr};

use hetscope::figure::View;
use hetscope::figure::overview::{Crossing, OverviewInput, OverviewVerdicts, SizeMode, build};
use hetscope::gui::overview::{OverviewOptions, platform_input};
use hetscope::model::fpm::Method;
use serde_json::Value;

const WORKLOAD: &str = "perdome-sa";

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-12 * a.abs().max(b.abs()).max(1e-300)
}

#[test]
fn every_platform_of_the_catalog_has_every_verdict() {
    let cat = catalog();
    let options = OverviewOptions::default();
    for (e, _) in cat.platforms() {
        let first =
            platform_input(cat, &e.id, &options).unwrap_or_else(|err| panic!("{}: {err}", e.id));
        let input = OverviewInput {
            first,
            second: None,
            validation: None,
            sensitivity: None,
        };
        let o = OverviewVerdicts::compute(&input).unwrap_or_else(|err| panic!("{}: {err}", e.id));
        let v = &o.first;
        assert!(
            v.perdome.optima.best_performance.value >= v.perdome.optima.pdp.gflops,
            "{}",
            e.id
        );
        assert_eq!(v.boathull.classes.len(), 11, "{}", e.id);
        // The offload paper's 25 parallel loops.
        assert_eq!(v.offload.kernels.len(), 25);
        // At least the test sizes fit every platform's GPU.
        assert!(v.offload.decisions(SizeMode::Test).count() > 0, "{}", e.id);
        match &v.fpm.methods {
            Ok(_) => {
                let fpm = v.fpm.makespan(Method::Fpm);
                assert!(fpm.is_finite() && fpm > 0.0, "{}: {fpm}", e.id);
                // FPM never loses to an even split.
                let even = v.fpm.makespan(Method::Even);
                assert!(
                    fpm <= even * (1.0 + 1e-9) || even.is_infinite(),
                    "{}: {fpm} > {even}",
                    e.id
                );
            }
            // A problem larger than the node's memory is said, not drawn.
            Err(err) => {
                let err = err.to_string();
                assert!(err.contains("does not fit"), "{}: {err}", e.id);
                assert!(v.fpm.sentence().contains(err.as_str()));
            }
        }
        let fig = build(View::Overview, &input).unwrap_or_else(|err| panic!("{}: {err}", e.id));
        assert_eq!(fig.panels.len(), 4);
        // Two rows of two, on screen and in files.
        let rows: Vec<usize> = fig.rows().iter().map(|r| r.len()).collect();
        assert_eq!(rows, [2, 2]);
        assert!(fig.notes.iter().all(|n| !n.contains("NaN")), "{}", e.id);
    }
}

/// The overview of `platform` against the single-model evals.
fn agrees_with_single_evals(platform: &str) {
    let o = eval(&[
        "eval",
        "overview",
        "--platform",
        platform,
        "--workload",
        WORKLOAD,
    ]);
    for key in [
        "platform", "perdome", "peapaw", "boathull", "offload", "fpm",
    ] {
        assert!(o.get(key).is_some(), "{platform}: no {key}");
    }
    // PerDome and PeaPaw: the same JSON as their evals (plus the best).
    for model in ["perdome", "peapaw"] {
        let single = eval(&[
            "eval",
            model,
            "--platform",
            platform,
            "--workload",
            WORKLOAD,
        ]);
        for key in ["gflops", "time_per_flop_ps", "cpu_flop_share", "params"] {
            assert_eq!(o[model][key], single[key], "{platform} {model} {key}");
        }
        assert_eq!(o[model]["sources"], Value::Null);
        assert!(single["sources"].is_object());
    }
    let single = eval(&[
        "eval",
        "peapaw",
        "--platform",
        platform,
        "--workload",
        WORKLOAD,
    ]);
    assert_eq!(o["peapaw"]["p_paw"], single["p_paw"]);
    assert_eq!(o["peapaw"]["e_paw"], single["e_paw"]);
    // Offload: two kernels at both sizes.
    let kernels = o["offload"]["kernels"].as_array().expect("kernels");
    for k in kernels
        .iter()
        .filter(|k| ["gemm", "atax2"].contains(&k["kernel_id"].as_str().unwrap()))
    {
        let id = k["kernel_id"].as_str().unwrap();
        for size in ["test", "benchmark"] {
            // Data the GPU cannot hold gets no speedup in the overview.
            if let Some(e) = k[size]["error"].as_str() {
                assert!(e.starts_with("does not fit the GPU"), "{e}");
                assert_eq!(k[size]["fits_gpu"], false);
                continue;
            }
            let single = eval(&[
                "eval",
                "offload",
                "--platform",
                platform,
                "--kernel",
                id,
                "--size",
                size,
            ]);
            assert!(
                close(num(&k[size], "speedup"), num(&single, "speedup")),
                "{platform} {id} {size}: {} against {}",
                k[size],
                single["speedup"]
            );
            assert_eq!(k[size]["offload"], single["offload"]);
        }
    }
    // FPM: every method, sizes and makespan.
    let n = o["fpm"]["n"].as_f64().unwrap().to_string();
    for method in ["fpm", "cpm", "even"] {
        let single = eval(&[
            "eval",
            "fpm",
            "--platform",
            platform,
            "--n",
            &n,
            "--integer",
            "--method",
            method,
        ]);
        let m = &o["fpm"]["methods"][method];
        assert!(
            close(num(m, "makespan_s"), num(&single, "makespan_s")),
            "{platform} {method}"
        );
        let sizes: Vec<f64> = single["devices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["size"].as_f64().unwrap())
            .collect();
        let ours: Vec<f64> = m["sizes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap())
            .collect();
        assert_eq!(ours, sizes, "{platform} {method}");
    }
    // Sources: every model says where its parameters come from.
    for model in ["perdome", "boathull", "offload", "fpm"] {
        let s = &o["platform"]["sources"][model];
        assert!(
            s["from"].is_string() && s["params"].is_object(),
            "{platform} {model}: {s}"
        );
    }
}

#[test]
fn the_overview_equals_the_single_model_evals() {
    // A paper platform, a derived current one, and a paper override.
    for p in [
        "i7-gtx750-perdome",
        "xeon-8480-h100",
        "power9-v100",
        "fpm-hybrid-node",
    ] {
        agrees_with_single_evals(p);
    }
}

#[test]
fn a_second_platform_shows_both_and_what_changed() {
    let o = eval(&[
        "eval",
        "overview",
        "--platform",
        "i7-gtx750-perdome",
        "--platform2",
        "xeon-8480-h100",
    ]);
    assert_eq!(o["platform"]["id"], "i7-gtx750-perdome");
    assert_eq!(o["platform2"]["platform"]["id"], "xeon-8480-h100");
    let diff: Vec<&str> = o["diff"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_str().unwrap())
        .collect();
    // PeaPaw Table IV: the i7 + GTX 750 is CPU_MEM-GPU_COMP; the spec
    // sheets put the Xeon + H100 elsewhere, and the diff says so.
    assert_eq!(o["peapaw"]["p_paw"], "CPU_MEM-GPU_COMP");
    let moved = o["platform2"]["peapaw"]["p_paw"] != o["peapaw"]["p_paw"];
    assert_eq!(
        diff.iter().any(|d| d.starts_with("P-Paw moves")),
        moved,
        "{diff:?}"
    );
    assert!(diff.iter().any(|d| d.starts_with("Boat hull")), "{diff:?}");
    // The GTX 750 cannot hold seven loops' data at benchmark size: the
    // means are compared at test size only, where both decide all 25.
    let means = diff
        .iter()
        .find(|d| d.starts_with("Offload geometric mean"))
        .expect("an offload line");
    assert!(
        means.contains("at test size") && !means.contains("benchmark"),
        "{means}"
    );
    // Without a second platform there is no diff.
    let one = eval(&["eval", "overview", "--platform", "xeon-8480-h100"]);
    assert!(one.get("diff").is_none() && one.get("platform2").is_none());
}

#[test]
fn what_changed_names_the_offload_means_where_no_loop_changes_side() {
    // The measured node with a four times faster pageable upload: every
    // loop keeps its side, and the geometric means (second against first)
    // are the two platforms' own.
    let o = eval(&[
        "eval",
        "overview",
        "--platform",
        "h100-node-measured",
        "--platform2",
        "h100-node-measured@link.h2d_pageable_gbs=4",
    ]);
    let (a, b) = (&o["offload"], &o["platform2"]["offload"]);
    assert_eq!(a["offloaded_test"], b["offloaded_test"]);
    assert_eq!(a["offloaded_benchmark"], b["offloaded_benchmark"]);
    let (ta, tb) = (num(a, "geomean_test"), num(b, "geomean_test"));
    assert!(
        tb > ta * 1.05,
        "a faster upload speeds the offloaded loops: {ta} -> {tb}"
    );
    // Three significant digits, as the sentences write speedups.
    assert!((1.0..10.0).contains(&ta) && (1.0..10.0).contains(&tb));
    let line = o["diff"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d.as_str())
        .find(|d| d.starts_with("Offload geometric mean"))
        .unwrap_or_else(|| panic!("no offload line: {}", o["diff"]))
        .to_string();
    assert!(line.ends_with("; no loop changes side."), "{line}");
    let test_part = format!("{tb:.2}x against {ta:.2}x at test size");
    assert!(line.contains(&test_part), "{line} lacks {test_part}");
    assert!(line.contains("at benchmark size"), "{line}");
}

#[test]
fn kernels_whose_data_does_not_fit_the_gpu_get_no_speedup() {
    // GTX 750: 1 GiB. GEMM at n = 9600 holds A, B and C on the GPU (its
    // preset's device_bytes, 12 n^2 = 1.1 GB): it cannot fit. At n = 1100
    // it does (14.5 MB).
    let o = eval(&["eval", "overview", "--platform", "i7-gtx750-perdome"]);
    let gemm = o["offload"]["kernels"]
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["kernel_id"] == "gemm")
        .unwrap();
    assert_eq!(gemm["benchmark"]["fits_gpu"], false);
    assert!(gemm["benchmark"]["speedup"].is_null());
    assert_eq!(
        num(&gemm["benchmark"], "device_bytes"),
        12.0 * 9600.0 * 9600.0
    );
    assert_eq!(gemm["test"]["fits_gpu"], true);
    assert!(gemm["test"]["speedup"].is_number());
    let sentence = o["offload"]["sentence"].as_str().unwrap();
    assert!(
        sentence.contains("GEMM") && sentence.contains("does not fit the GPU's memory"),
        "{sentence}"
    );
    // An H100 (80 GB) holds every kernel at both sizes.
    let h = eval(&["eval", "overview", "--platform", "xeon-8480-h100"]);
    for k in h["offload"]["kernels"].as_array().unwrap() {
        assert_eq!(k["benchmark"]["fits_gpu"], true, "{}", k["kernel"]);
    }
}

#[test]
fn boat_hull_crossovers_are_where_the_times_meet() {
    let cat = catalog();
    let p = platform_input(cat, "i7-930-gtx470", &OverviewOptions::default()).unwrap();
    let o = OverviewVerdicts::compute(&OverviewInput {
        first: p,
        second: None,
        validation: None,
        sensitivity: None,
    })
    .unwrap();
    // The paper's GTX 470 against its i7-930: a crossover inside the
    // range for every class, the GPU winning above it.
    for c in &o.first.boathull.classes {
        assert!(
            matches!(c.crossing, Crossing::GpuFrom(f) if (1.0..=1e4).contains(&f)),
            "{} {:?}",
            c.example,
            c.crossing
        );
    }
}

#[test]
fn overview_exports_hold_every_panel() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("o.svg");
    let png = dir.path().join("o.png");
    let csv = dir.path().join("o.csv");
    for out in [&svg, &png, &csv] {
        let o = hetscope(&[
            "export",
            "--view",
            "overview",
            "--platform",
            "power9-v100",
            "--platform2",
            "grace-h100",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let text = std::fs::read_to_string(&svg).unwrap();
    for title in [
        "PerDome: SA (PerDome)",
        "Boat hull: where the GPU starts to win",
        "Offload: predicted speedup per kernel",
        "FPM: makespan of n = 3600 blocks",
        "POWER9 + V100 (AC922) against Grace + H100 (GH200)",
    ] {
        assert!(text.contains(title), "no {title} in the SVG");
    }
    let bytes = std::fs::read(&png).unwrap();
    let img = resvg::tiny_skia::Pixmap::decode_png(&bytes).expect("a PNG");
    assert_eq!((img.width(), img.height()), (1200, 800));
    let first = img.pixels()[0];
    assert!(img.pixels().iter().any(|p| *p != first), "blank PNG");
    let table = std::fs::read_to_string(&csv).unwrap();
    assert!(
        table.contains("GEMM") && table.contains("2D-convolution"),
        "{table}"
    );
}

#[test]
fn overview_errors_name_the_argument() {
    fails(
        &[
            "eval",
            "overview",
            "--platform",
            "i7-gtx750-perdome",
            "--platform2",
            "nope",
        ],
        2,
        "--platform2",
    );
    fails(
        &[
            "eval",
            "overview",
            "--platform",
            "xeon-8480-h100",
            "--n",
            "0.5",
        ],
        2,
        "--n",
    );
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("o.svg");
    fails(
        &[
            "export",
            "--view",
            "overview",
            "--set",
            "t_fC=1",
            "--out",
            out.to_str().unwrap(),
        ],
        2,
        "--set",
    );
    fails(
        &[
            "export",
            "--view",
            "wp-compare",
            "--platform2",
            "xeon-8480-h100",
            "--out",
            out.to_str().unwrap(),
        ],
        2,
        "--platform2",
    );
}

/// Heat maps, surfaces and the FPM times view of two platforms stand side
/// by side in the export, on one scale, and the CSV names each row's
/// platform.
#[test]
fn a_second_platform_is_exported_beside_the_first() {
    let dir = tempfile::tempdir().unwrap();
    let export = |view: &str, file: &str| {
        let out = dir.path().join(file);
        let o = hetscope(&[
            "export",
            "--view",
            view,
            "--platform",
            "i7-gtx750-perdome",
            "--platform2",
            "xeon-8480-h100",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{view}: {}", stderr(&o));
        std::fs::read_to_string(&out).unwrap_or_default()
    };
    let (i7, xeon) = ("i7 2600K + GTX 750", "Xeon Platinum 8480+ + H100");
    for view in ["perdome-heatmap", "energy-surface", "fpm-times"] {
        let svg = export(view, &format!("{view}.svg"));
        assert_eq!(svg.matches("<svg x=").count(), 2, "{view}: two figures");
        assert!(svg.contains(xeon), "{view}: names the second platform");
        let csv = export(view, &format!("{view}.csv"));
        let mut lines = csv.lines();
        assert!(
            lines.next().unwrap_or("").starts_with("platform,"),
            "{view}"
        );
        let (mut a, mut b) = (0, 0);
        for l in lines {
            a += usize::from(l.contains(i7) && !l.starts_with("platform,"));
            b += usize::from(l.starts_with("Xeon"));
        }
        assert!(a > 0 && b > 0, "{view}: rows of both platforms ({a}, {b})");
        if view == "perdome-heatmap" {
            assert_eq!(a, b, "{view}: the same grid on both");
        }
        if view == "energy-surface" {
            // Each surface has the grid's cells and a column and a row
            // through its own best partitions.
            assert!(a > 48 * 48 && b > 48 * 48, "{view}: ({a}, {b})");
        }
    }
    let svg = export("fpm-sweep", "sweep.svg");
    assert!(
        svg.contains(&format!("FPM on {xeon}")),
        "the sweep draws the second platform"
    );
}

#[test]
fn regrouping_a_node_counts_fewer_sockets_and_gpus() {
    // PeaPaw 3.3 grouping: 2 sockets + 8 GPUs regrouped to 1 + 1 is the
    // one-socket, one-GPU platform of the same spec sheets.
    let one = eval(&[
        "eval",
        "overview",
        "--platform",
        "dgx-h100-like",
        "--cpus",
        "1",
        "--gpus",
        "1",
    ]);
    let single = eval(&["eval", "overview", "--platform", "xeon-8480-h100"]);
    assert!(close(
        num(&one["perdome"], "gflops"),
        num(&single["perdome"], "gflops")
    ));
    assert_eq!(one["perdome"]["params"], single["perdome"]["params"]);
    assert_eq!(
        one["fpm"]["methods"]["fpm"]["makespan_s"],
        single["fpm"]["methods"]["fpm"]["makespan_s"]
    );
    // Eight GPUs bound about eight times the GPU-only performance of one.
    let all = eval(&["eval", "overview", "--platform", "dgx-h100-like"]);
    let ratio = num(&all["perdome"], "gpu_only_gflops") / num(&one["perdome"], "gpu_only_gflops");
    assert!((ratio - 8.0).abs() < 1e-9, "{ratio}");
    assert!(
        all["platform"]["sources"]["perdome"]["uses"]
            .as_str()
            .unwrap()
            .contains("8 x NVIDIA H100")
    );
    fails(
        &[
            "eval",
            "overview",
            "--platform",
            "dgx-h100-like",
            "--gpus",
            "9",
        ],
        2,
        "1 to 8",
    );
    fails(
        &[
            "eval",
            "overview",
            "--platform",
            "fpm-hybrid-node",
            "--gpus",
            "1",
        ],
        2,
        "several kinds",
    );
}

#[test]
fn boat_hull_and_offload_exports_draw_a_second_platform() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.csv");
    let run = |view: &str, extra: &[&str]| {
        let mut args = vec!["export", "--view", view, "--out", out.to_str().unwrap()];
        args.extend_from_slice(extra);
        let o = hetscope(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        std::fs::read_to_string(&out).unwrap()
    };
    let bh = run(
        "boathull",
        &[
            "--platform",
            "i7-gtx750-perdome",
            "--platform2",
            "xeon-8480-h100",
        ],
    );
    // Named as the window names it (one path: the session's).
    assert!(
        bh.contains("Xeon Platinum 8480+ + H100 SXM5 GPU: hull"),
        "{}",
        &bh[..300]
    );
    let of = run(
        "offload",
        &["--platform", "power9-v100", "--platform2", "grace-h100"],
    );
    assert!(of.contains("Grace + H100 (GH200): speedup"));
    // FPM: the platform's devices, the second platform's dotted.
    let fpm = run(
        "fpm-speed",
        &[
            "--platform",
            "fpm-hybrid-node",
            "--platform2",
            "dgx-h100-like",
        ],
    );
    assert!(fpm.contains("G1 GTX680"), "the first platform's devices");
    assert!(fpm.contains("2 x Xeon 8480+ + 8 x H100 SXM5: NVIDIA H100 SXM5 80GB #8"));
    // Views that cannot draw it say so.
    fails(
        &[
            "export",
            "--view",
            "boathull-roofline",
            "--platform2",
            "grace-h100",
            "--out",
            out.to_str().unwrap(),
        ],
        2,
        "--platform2",
    );
    fails(
        &[
            "export",
            "--view",
            "offload",
            "--platform2",
            "nope",
            "--out",
            out.to_str().unwrap(),
        ],
        2,
        "--platform2",
    );
}

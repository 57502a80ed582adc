//! `hetscope eval sensitivity`: elasticities against closed forms where
//! they exist, the parameters of each platform's own description, and
//! bad input named.

use serde_json::Value;

use crate::common::{catalog, eval, fails, num};

/// Run `hetscope ARGS --out DIR/NAME` (an export, a session file, a
/// what-if platform) and read back what it wrote; the path too.
fn written(dir: &std::path::Path, name: &str, args: &[&str]) -> (String, String) {
    let out = dir.join(name).to_str().expect("a path").to_string();
    let mut all = args.to_vec();
    all.extend(["--out", &out]);
    crate::common::ok(&all);
    let text = std::fs::read_to_string(&out).expect("written");
    (text, out)
}

fn table(platform: &str, extra: &[&str]) -> Value {
    let mut args = vec!["eval", "sensitivity", "--platform", platform];
    args.extend_from_slice(extra);
    eval(&args)
}

/// The (up, down) elasticity of result `key` of `model` to `param`.
fn elasticity(v: &Value, model: &str, key: &str, param: &str) -> (f64, f64) {
    let r = v["results"]
        .as_array()
        .expect("results")
        .iter()
        .find(|r| r["model"] == model && r["key"] == key)
        .unwrap_or_else(|| panic!("no {model} {key}"));
    let e = r["elasticities"]
        .as_array()
        .expect("elasticities")
        .iter()
        .find(|e| e["param"] == param)
        .unwrap_or_else(|| panic!("no {param} for {model} {key}"));
    (num(e, "up"), num(e, "down"))
}

fn near(e: (f64, f64), want: f64, tol: f64) -> bool {
    (e.0 - want).abs() <= tol && (e.1 - want).abs() <= tol
}

#[test]
fn memory_bound_partitions_follow_their_bandwidths_in_closed_form() {
    // SA (I = 1.7 flop/byte) is memory-bound on both processors of the
    // Xeon 8480+ + H100 SXM5, whose PerDome parameters derive from the
    // spec sheets.
    let v = table("xeon-8480-h100", &["--model", "perdome", "--no-flips"]);
    // The GPU alone: I x B_G, 1 to the GPU's bandwidth, 0 to the CPU's
    // flop rate and to its bandwidth.
    let gpu_only = |p| elasticity(&v, "perdome", "gpu_only", p);
    assert!(near(gpu_only("gpu.mem_bw_gbs"), 1.0, 1e-9));
    assert!(near(gpu_only("cpu.clock_ghz"), 0.0, 1e-12));
    assert!(near(gpu_only("cpu.mem_bw_gbs"), 0.0, 1e-12));
    // p-DP: I x (B_C + B_G), the GPU's share of the summed bandwidths.
    let p = eval(&["eval", "peapaw", "--platform", "xeon-8480-h100"]);
    let (b_c, b_g) = (
        1.0 / num(&p["params"], "t_bC"),
        1.0 / num(&p["params"], "t_bG"),
    );
    let share = b_g / (b_c + b_g);
    let pdp = |p| elasticity(&v, "perdome", "pdp", p);
    assert!(
        near(pdp("gpu.mem_bw_gbs"), share, 1e-9),
        "{:?} {share}",
        pdp("gpu.mem_bw_gbs")
    );
    assert!(near(pdp("cpu.mem_bw_gbs"), 1.0 - share, 1e-9));
    // Only the asked model's results.
    let models: Vec<&Value> = v["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| &r["model"])
        .collect();
    assert!(models.iter().all(|m| *m == "perdome"), "{models:?}");
}

#[test]
fn a_copy_bound_loop_follows_its_link_in_closed_form() {
    // 2DCONV at n = 9600 on the measured H100 node: the speedup is the
    // host's time over kernel + latencies + a/B_up + b/B_down, so its
    // elasticity to the rate up is the share of the copy up in the GPU
    // side's time.
    let v = table("h100-node-measured", &["--model", "offload", "--no-flips"]);
    let d = eval(&[
        "eval",
        "offload",
        "--platform",
        "h100-node-measured",
        "--kernel",
        "2dconv",
        "--size",
        "9600",
    ]);
    let up_s = 4.0 * 9600.0 * 9600.0 / (9.436506046 * 1e9);
    let share = up_s / num(&d, "gpu_s");
    let e = elasticity(&v, "offload", "speedup.2dconv", "link.h2d_pageable_gbs");
    assert!(near(e, share, 0.01 * share), "{e:?} {share}");
    // Its host's clock: inversely, nearly 1 (the host loop is compute
    // bound at this size).
    let clock = elasticity(&v, "offload", "speedup.2dconv", "cpu.clock_ghz");
    assert!(clock.0 < -0.5 && clock.1 < -0.5, "{clock:?}");
}

#[test]
fn each_platform_varies_the_parameters_of_its_own_description() {
    let keys = |v: &Value| -> Vec<String> {
        v["params"]
            .as_array()
            .expect("params")
            .iter()
            .map(|p| p["key"].as_str().expect("a key").to_string())
            .collect()
    };
    let measured = keys(&table(
        "h100-node-measured",
        &["--model", "fpm", "--no-flips"],
    ));
    let catalog = keys(&table("xeon-8480-h100", &["--model", "fpm", "--no-flips"]));
    for k in [
        "gpu.mem_ld_cycles",
        "gpu.coalesced_gbs",
        "link.h2d_pageable_gbs",
    ] {
        assert!(measured.contains(&k.to_string()), "{k}: {measured:?}");
        assert!(!catalog.contains(&k.to_string()), "{k}: {catalog:?}");
    }
    // Occupancy limits are not a parameter one buys.
    assert!(
        !catalog.iter().any(|k| k.contains("max_threads")),
        "{catalog:?}"
    );
    // The measured node's PerDome reads the roofs measured in its partition
    // runs, not its hardware: nothing moves it; the catalog platform's
    // derives from its spec sheets.
    let moved = |platform: &str| {
        table(platform, &["--model", "perdome", "--no-flips"])["results"][0]["moved_by_hardware"]
            .clone()
    };
    assert_eq!(moved("h100-node-measured"), false);
    assert_eq!(moved("xeon-8480-h100"), true);
}

#[test]
fn bad_input_is_named() {
    fails(
        &[
            "eval",
            "sensitivity",
            "--platform",
            "xeon-8480-h100",
            "--step",
            "0",
        ],
        2,
        "invalid value '0' for '--step <S>': a relative change must be between 1e-6 and 0.5",
    );
    fails(
        &[
            "eval",
            "sensitivity",
            "--platform",
            "xeon-8480-h100",
            "--model",
            "roofline",
        ],
        2,
        "--model roofline",
    );
    // A platform of processors alone (PerDome's presets, no hardware).
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("processors.ron");
    let text =
        std::fs::read_to_string("presets/platforms/i7-gtx750-perdome.ron").expect("a preset");
    let (head, rest) = text.split_once("    hardware: (").expect("hardware");
    let (_, tail) = rest.split_once("\n    ),\n").expect("its end");
    std::fs::write(&file, format!("{head}{tail}")).expect("written");
    fails(
        &[
            "eval",
            "sensitivity",
            "--platform",
            file.to_str().expect("a path"),
        ],
        2,
        "no hardware description",
    );
}

/// The measured node with its link's `field` (written `field: old,` in
/// its file) at `value`, as a platform file in `dir`.
fn node_with(dir: &std::path::Path, field: &str, old: &str, value: f64) -> String {
    let text =
        std::fs::read_to_string("presets/platforms/h100-node-measured.ron").expect("the node");
    let was = format!("{field}: {old},");
    assert!(text.contains(&was), "{was}");
    let file = dir.join(format!("node-{value}.ron"));
    std::fs::write(&file, text.replacen(&was, &format!("{field}: {value},"), 1)).expect("written");
    file.to_str().expect("a path").to_string()
}

#[test]
fn a_flip_point_flips_the_decision_just_below_and_just_above() {
    let v = table("h100-node-measured", &["--model", "offload"]);
    let flip = v["flip_points"]
        .as_array()
        .expect("flip points")
        .iter()
        .find(|f| f["decision"] == "offload.atax2.test" && f["param"] == "link.latency_us")
        .expect("ATAX2 at test size flips with the link's latency");
    let (below, above) = (num(flip, "below"), num(flip, "above"));
    assert!(above / below <= 1.0101, "within 1 %: {below} {above}");
    assert_eq!(flip["unit"], "µs");
    let dir = tempfile::tempdir().expect("a folder");
    let offloaded = |latency: f64| {
        let p = node_with(dir.path(), "latency_us", "7.683999996", latency);
        let d = eval(&[
            "eval",
            "offload",
            "--platform",
            &p,
            "--kernel",
            "atax2",
            "--size",
            "test",
        ]);
        if d["offload"] == true {
            "offloaded"
        } else {
            "kept on the host"
        }
    };
    assert_eq!(offloaded(below), flip["from"]);
    assert_eq!(offloaded(above), flip["to"]);
    assert_ne!(flip["from"], flip["to"]);
    let s = flip["sentence"].as_str().expect("a sentence");
    assert!(
        s.starts_with("ATAX2 at n = 1100: offloaded below link latency = "),
        "{s}"
    );
}

#[test]
fn a_what_if_platform_is_named_by_its_changes_and_compares_with_the_first() {
    let dir = tempfile::tempdir().expect("a folder");
    let (text, file) = written(
        dir.path(),
        "what-if.ron",
        &[
            "presets",
            "what-if",
            "--platform",
            "xeon-8480-h100",
            "--scale",
            "gpu.mem_bw_gbs=2",
            "--pinned",
        ],
    );
    let file = file.as_str();
    assert!(
        text.contains("with GPU memory bandwidth x 2, pinned copies"),
        "{text}"
    );
    assert!(text.contains("what-if: 2 x the 3350 GB/s of"), "{text}");
    assert!(text.contains("offload_transfers: Pinned"), "{text}");
    // Compared with the first: the GPU alone on the memory-bound SA
    // workload is twice as fast (elasticity 1, closed form).
    let v = eval(&[
        "eval",
        "overview",
        "--platform",
        "xeon-8480-h100",
        "--platform2",
        file,
    ]);
    let (a, b) = (
        num(&v["perdome"], "gpu_only_gflops"),
        num(&v["platform2"]["perdome"], "gpu_only_gflops"),
    );
    assert!((b / a - 2.0).abs() < 1e-12, "{a} {b}");
    // A parameter the platform does not have is named with the ones it has.
    fails(
        &[
            "presets",
            "what-if",
            "--platform",
            "xeon-8480-h100",
            "--scale",
            "gpu.mem_ld_cycles=2",
            "--out",
            file,
        ],
        2,
        "gpu.mem_ld_cycles: not a parameter of platform",
    );
    fails(
        &[
            "presets",
            "what-if",
            "--platform",
            "xeon-8480-h100",
            "--out",
            file,
        ],
        2,
        "nothing changes",
    );
}

#[test]
fn a_session_file_is_the_scenario_too() {
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("s.ron");
    let f = file.to_str().expect("a path");
    crate::common::ok(&["session", "--platform", "xeon-8480-h100", "--out", f]);
    let from_session = eval(&["eval", "sensitivity", "--session", f, "--no-flips"]);
    let direct = table("xeon-8480-h100", &["--no-flips"]);
    assert_eq!(from_session, direct);
    fails(
        &[
            "eval",
            "sensitivity",
            "--session",
            f,
            "--platform",
            "grace-h100",
        ],
        2,
        "--platform",
    );
}

#[test]
fn a_compute_bound_boat_hull_kernel_follows_its_flop_rate_alone() {
    // Binarization at f = 10000 operations per element (1250 per byte) is
    // compute-bound on both processors: its kernel time is inversely
    // proportional to the processor's flop rate (elasticity -1, so its
    // rate 1: up (1/1.01 - 1)/0.01, down (1 - 1/0.99)/0.01) and does not
    // move with the bandwidth.
    let v = table("xeon-8480-h100", &["--model", "boathull", "--no-flips"]);
    let exact = |e: (f64, f64)| {
        (e.0 - (1.0 / 1.01 - 1.0) / 0.01).abs() < 1e-6
            && (e.1 - (1.0 - 1.0 / 0.99) / 0.01).abs() < 1e-6
    };
    for side in ["gpu", "cpu"] {
        let key = format!("time.{side}.binarization");
        let e = |p: &str| elasticity(&v, "boathull", &key, p);
        assert!(
            exact(e(&format!("{side}.clock_ghz"))),
            "{side}: {:?}",
            e(&format!("{side}.clock_ghz"))
        );
        assert!(exact(e(&format!("{side}.flops_per_cycle"))));
        assert!(near(e(&format!("{side}.mem_bw_gbs")), 0.0, 1e-12));
    }
}

#[test]
fn a_what_if_key_names_a_platform_everywhere_a_platform_is_taken() {
    // `BASE@KEY=FACTOR`: the same platform as `presets what-if` writes,
    // without a file: compared with its base, the GPU alone on the
    // memory-bound SA workload is twice as fast.
    let v = eval(&[
        "eval",
        "overview",
        "--platform",
        "xeon-8480-h100",
        "--platform2",
        "xeon-8480-h100@gpu.mem_bw_gbs=2",
    ]);
    let (a, b) = (
        num(&v["perdome"], "gpu_only_gflops"),
        num(&v["platform2"]["perdome"], "gpu_only_gflops"),
    );
    assert!((b / a - 2.0).abs() < 1e-12, "{a} {b}");
    let name = v["platform2"]["platform"]["name"].as_str().expect("a name");
    assert!(name.ends_with("with GPU memory bandwidth x 2"), "{name}");
    // Pinned copies alone, and a measured base: 2DCONV at n = 9600 gains
    // from the pinned link on the shipped node (README).
    let pinned = eval(&[
        "eval",
        "overview",
        "--platform",
        "h100-node-measured@pinned",
    ]);
    let name = &pinned["platform"]["name"];
    assert!(
        name.as_str()
            .is_some_and(|n| n.ends_with("with pinned copies")),
        "{name}"
    );
    // Bad keys are named with what is wrong.
    fails(
        &[
            "eval",
            "overview",
            "--platform",
            "xeon-8480-h100@gpu.nope=2",
        ],
        2,
        "gpu.nope: not a parameter of platform",
    );
    fails(
        &["eval", "overview", "--platform", "xeon-8480-h100@gpu.sms"],
        2,
        "write KEY=FACTOR",
    );
    fails(
        &["eval", "overview", "--platform", "no-such@gpu.sms=2"],
        2,
        "no-such",
    );
}

#[test]
fn a_session_keeps_a_what_if_platform_to_compare_with() {
    let dir = tempfile::tempdir().expect("a folder");
    let (text, session) = written(
        dir.path(),
        "s.ron",
        &[
            "session",
            "--platform",
            "xeon-8480-h100",
            "--platform2",
            "xeon-8480-h100@link.pinned_gbs=0.25",
            "--view",
            "offload-suite",
        ],
    );
    assert!(
        text.contains("xeon-8480-h100@link.pinned_gbs=0.25"),
        "{text}"
    );
    let (drawn, _) = written(
        dir.path(),
        "o.svg",
        &["export", "--session", &session, "--view", "offload"],
    );
    assert!(
        drawn.contains("with link pinned rate x 0.25"),
        "the what-if platform is drawn"
    );
}

/// `export --view sensitivity` of `result` on the Xeon 8480+ and H100.
fn export_sensitivity(result: &str) -> Vec<&str> {
    let platform = ["--platform", "xeon-8480-h100", "--result", result];
    [&["export", "--view", "sensitivity"][..], &platform].concat()
}

#[test]
fn the_sensitivity_view_exports_a_tornado_of_the_chosen_result() {
    let dir = tempfile::tempdir().expect("a folder");
    let args = |result| {
        let mut a = export_sensitivity(result);
        a.push("--no-flips");
        a
    };
    let export = |name: &str| written(dir.path(), name, &args("perdome.gpu_only"));
    let (text, svg) = export("s.svg");
    assert!(text.contains("Which parameter matters: Xeon Platinum 8480+ + H100 SXM5"));
    assert!(text.contains("GPU memory bandwidth"), "the first category");
    // The CSV: the GPU alone follows the GPU's bandwidth by 1 both ways and
    // the CPU's clock not at all (closed form); the first bar is it.
    let (rows, _) = export("s.csv");
    let bars: Vec<&str> = rows.lines().filter(|l| l.contains(",bar,")).collect();
    let value = |line: &str| -> f64 {
        let v = line.split(',').nth(6).and_then(|v| v.parse().ok());
        v.expect("a value")
    };
    let first = bars.first().expect("bars");
    assert!(
        first.contains("parameter raised 1 %,GPU memory bandwidth (3350 GB/s),"),
        "{first}"
    );
    assert!((value(first) - 1.0).abs() < 1e-9, "{first}");
    let lowered = bars
        .iter()
        .find(|l| l.contains("parameter lowered 1 %,GPU memory bandwidth (3350 GB/s),"))
        .expect("the lowered bar");
    assert!(
        (value(lowered) + 1.0).abs() < 1e-9,
        "lowered draws down: {lowered}"
    );
    assert!(!rows.contains("CPU clock"), "no effect, no bar:\n{rows}");
    // Bad input: a result the platform has not, an option of this view on
    // another.
    let mut bad = args("perdome.nope");
    bad.extend(["--out", &svg]);
    fails(
        &bad,
        2,
        "--result perdome.nope: not a result of platform 'Xeon",
    );
    fails(
        &[
            "export",
            "--view",
            "overview",
            "--result",
            "perdome.best",
            "--out",
            &svg,
        ],
        2,
        "--result applies only to --view sensitivity",
    );
}

#[test]
fn flip_points_under_a_kernels_tornado_are_that_kernels_and_the_nearest_first() {
    let v = table("xeon-8480-h100", &["--model", "offload"]);
    let flips = v["flip_points"].as_array().expect("flip points");
    assert!(flips.iter().any(|f| f["decision"] != "offload.atax2.test"));
    let dir = tempfile::tempdir().expect("a folder");
    let (text, _) = written(
        dir.path(),
        "s.svg",
        &export_sensitivity("offload.speedup.atax2"),
    );
    let noted: Vec<&str> = text
        .lines()
        .filter(|l| l.contains(" below ") && l.contains(" above"))
        .collect();
    assert!(!noted.is_empty(), "ATAX2 flips on this platform");
    assert!(
        noted.iter().all(|l| l.contains("ATAX2 at n = ")),
        "{noted:?}"
    );
    // Nearest first: the written flips are the JSON's ATAX2 flips ranked
    // by how far from the platform's value they lie.
    let mut atax2: Vec<(f64, &str)> = flips
        .iter()
        .filter(|f| {
            f["decision"]
                .as_str()
                .is_some_and(|d| d.starts_with("offload.atax2."))
        })
        .map(|f| {
            (
                num(f, "factor").ln().abs(),
                f["sentence"].as_str().expect("a sentence"),
            )
        })
        .collect();
    atax2.sort_by(|a, b| a.0.total_cmp(&b.0));
    assert_eq!(noted.len(), atax2.len().min(6), "{noted:?}");
    for (line, (_, sentence)) in noted.iter().zip(&atax2) {
        assert!(line.contains(sentence), "{line} is not {sentence}");
    }
}

#[test]
fn each_model_has_a_sentence_naming_what_its_answer_follows() {
    let v = table("xeon-8480-h100", &["--no-flips"]);
    let leaders = v["leaders"].as_array().expect("leaders");
    let of = |m: &str| {
        leaders
            .iter()
            .find(|l| l["model"] == m)
            .and_then(|l| l["sentence"].as_str())
            .unwrap_or_else(|| panic!("no sentence for {m}"))
            .to_string()
    };
    let perdome = of("perdome");
    assert!(
        perdome.starts_with("The PerDome bound of the best partition follows GPU memory bandwidth"),
        "{perdome}"
    );
    assert!(
        perdome.contains("nothing on the link moves it"),
        "{perdome}"
    );
    let boathull = of("boathull");
    assert!(boathull.contains("crossover"), "{boathull}");
    for m in ["peapaw", "offload", "fpm"] {
        assert!(of(m).contains(" follows "), "{}", of(m));
    }
    // A measured platform whose PerDome roofs are named presets: nothing
    // on the hardware moves its PerDome bound.
    let node = table("h100-node-measured", &["--no-flips", "--model", "perdome"]);
    let s = node["leaders"][0]["sentence"].as_str().expect("a sentence");
    assert!(s.contains("follows no hardware parameter"), "{s}");
}

#[test]
fn the_readmes_worked_example_is_the_commands_output() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/validation.md"))
            .expect("the README");
    // README lines are wrapped: compare with its whitespace as one space.
    let readme = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    let node = table("h100-node-measured", &[]);
    let flips: Vec<&str> = node["flip_points"]
        .as_array()
        .expect("flip points")
        .iter()
        .filter_map(|f| f["sentence"].as_str())
        .collect();
    for quoted in [
        "ATAX2 at n = 9600: kept on the host below link host-to-device pageable rate = 6.019 GB/s, offloaded above (now 9.437 GB/s)",
        "COVAR_MEAN at n = 1100: offloaded below GPU memory load latency (Mem_LD) = 349.6 cycles, kept on the host above (now 328.9 cycles)",
        "ATAX2 at n = 9600: offloaded below CPU clock = 3.246 GHz, kept on the host above (now 2.100 GHz)",
    ] {
        assert!(readme.contains(quoted), "the README quotes {quoted}");
        assert!(flips.contains(&quoted), "the command says {quoted}");
    }
    let leader = |v: &Value, model: &str| {
        v["leaders"]
            .as_array()
            .and_then(|l| l.iter().find(|x| x["model"] == model))
            .and_then(|x| x["sentence"].as_str())
            .expect("a sentence")
            .to_string()
    };
    let xeon = table("xeon-8480-h100", &["--no-flips"]);
    for s in [leader(&node, "offload"), leader(&xeon, "perdome")] {
        assert!(readme.contains(&s), "the README quotes: {s}");
    }
}

#[test]
fn every_catalog_platform_has_its_sensitivity_view() {
    use hetscope_core::{Session, registry};
    use hetscope_figure::{Figure, View};

    use hetscope_preset::kind::PresetKind;
    use hetscope_preset::platform::platform_choice;
    let catalog = catalog();
    let ids = catalog.ids(PresetKind::Platform);
    assert!(ids.len() > 20, "{ids:?}");
    for id in ids {
        let mut s = Session::new(catalog);
        let p = platform_choice(&id, catalog).expect("a platform");
        registry::use_platform_everywhere(&mut s, &p, catalog);
        s.overview.sensitivity.flips = false;
        let fig = registry::figure(View::Sensitivity, &s, catalog)
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        let Figure::Chart(c) = fig else {
            panic!("{id}: not a chart")
        };
        assert!(c.title.ends_with(&p.preset.name), "{id}: {}", c.title);
        // The first result the hardware moves is drawn, with its
        // parameters as categories (every catalog platform has one).
        let panel = &c.panels[0];
        assert!(
            !panel.bars[0].bars.is_empty(),
            "{id}: {} has no bar",
            panel.title
        );
        assert!(
            panel.categories.iter().all(|k| !k.contains('_')),
            "{id}: {:?}",
            panel.categories
        );
    }
}

#[test]
fn a_regrouped_platform_varies_the_parameters_of_what_it_counts() {
    // The DGX-like node counted as one socket and one GPU: the GPU alone
    // is one H100, an eighth of the eight (closed form of the GPU alone on
    // a memory-bound workload: its bandwidth, elasticity 1).
    let one = table(
        "dgx-h100-like",
        &[
            "--cpus",
            "1",
            "--gpus",
            "1",
            "--no-flips",
            "--model",
            "perdome",
        ],
    );
    let all = table("dgx-h100-like", &["--no-flips", "--model", "perdome"]);
    let gpu_only = |v: &Value| {
        v["results"]
            .as_array()
            .and_then(|r| r.iter().find(|r| r["key"] == "gpu_only"))
            .map(|r| num(r, "value"))
            .expect("the GPU alone")
    };
    assert!((gpu_only(&all) / gpu_only(&one) - 8.0).abs() < 1e-9);
    assert!(near(
        elasticity(&one, "perdome", "gpu_only", "gpu.mem_bw_gbs"),
        1.0,
        1e-6
    ));
    fails(
        &[
            "eval",
            "sensitivity",
            "--platform",
            "dgx-h100-like",
            "--gpus",
            "9",
        ],
        2,
        "--cpus/--gpus: ",
    );
}

/// The value of result `key` of `model` in a table.
fn result_value(v: &Value, model: &str, key: &str) -> f64 {
    let r = v["results"]
        .as_array()
        .expect("results")
        .iter()
        .find(|r| r["model"] == model && r["key"] == key)
        .unwrap_or_else(|| panic!("no {model} {key}: {v}"));
    num(r, "value")
}

#[test]
fn the_scenario_options_every_eval_takes_choose_and_hold_what_is_asked() {
    let p = "xeon-8480-h100";
    let keys = |v: &Value, model: &str| -> Vec<String> {
        v["results"]
            .as_array()
            .expect("results")
            .iter()
            .filter(|r| r["model"] == model)
            .map(|r| r["key"].as_str().expect("a key").to_string())
            .collect()
    };
    // --kernel: that loop's speedup alone (no means of the whole suite),
    // at the size --size names; the value is `eval offload`'s.
    let free = table(p, &["--model", "offload", "--no-flips", "--kernel", "GEMM"]);
    assert_eq!(keys(&free, "offload"), ["speedup.gemm"]);
    let held = [
        "--model",
        "offload",
        "--no-flips",
        "--kernel",
        "gemm",
        "--size",
        "test",
        "--set",
        "threads=4",
    ];
    let held = table(p, &held);
    let one = eval(&[
        "eval",
        "offload",
        "--platform",
        p,
        "--kernel",
        "gemm",
        "--size",
        "test",
        "--set",
        "threads=4",
    ]);
    assert_eq!(
        result_value(&held, "offload", "speedup.gemm"),
        num(&one, "speedup")
    );
    // A held thread count: the host's speedup no longer follows its
    // cores, which it does when the threads follow the hardware.
    let cores = |v: &Value| elasticity(v, "offload", "speedup.gemm", "cpu.cores");
    assert!(cores(&free).0 < -0.5, "{:?}", cores(&free));
    assert!(near(cores(&held), 0.0, 1e-12), "{:?}", cores(&held));
    // --class: that boat hull class alone; a held GPU flop rate leaves
    // its compute-bound GPU time to nothing else.
    let b = table(
        p,
        &[
            "--model",
            "boathull",
            "--no-flips",
            "--class",
            "binarization",
            "--set",
            "P_compute=5000",
        ],
    );
    let k = keys(&b, "boathull");
    assert!(
        !k.is_empty() && k.iter().all(|k| k.ends_with(".binarization")),
        "{k:?}"
    );
    for param in ["gpu.sms", "gpu.clock_ghz", "gpu.mem_bw_gbs"] {
        let e = elasticity(&b, "boathull", "time.gpu.binarization", param);
        assert!(near(e, 0.0, 1e-12), "{param}: {e:?}");
    }
    // What no headline reads, or is not there, is named.
    let s = ["eval", "sensitivity", "--platform", p, "--no-flips"];
    let with = |extra: &[&'static str]| [&s[..], extra].concat();
    fails(&with(&["--set", "I_C=1"]), 2, "--set I_C=1: a partition");
    fails(&with(&["--set", "f=3"]), 2, "--set f=3");
    fails(&with(&["--set", "threads=0.5"]), 2, "threads");
    fails(
        &with(&["--set", "nosuch=1"]),
        2,
        "unknown parameter 'nosuch'",
    );
    fails(&with(&["--kernel", "nope"]), 2, "--kernel nope: not one of");
    fails(
        &with(&["--class", "nope"]),
        2,
        "--class nope: not a boat hull class",
    );
    fails(&with(&["--size", "9600"]), 2, "test or benchmark");
}

/// A result of one size lists the flip points of that size's decisions
/// only, and each flip sentence gives the parameter's value now.
#[test]
fn a_sizes_result_lists_its_own_sizes_flips_with_the_value_now() {
    let svg = |result: &str| {
        crate::common::ok(&[
            "export",
            "--view",
            "sensitivity",
            "--platform",
            "h100-node-measured",
            "--result",
            result,
            "--format",
            "svg",
            "--out",
            "-",
        ])
    };
    let sizes = |s: &str| -> Vec<String> {
        s.match_indices("at n = ")
            .map(|(i, _)| {
                s[i + 7..]
                    .chars()
                    .take_while(char::is_ascii_digit)
                    .collect()
            })
            .collect()
    };
    let bench = svg("offload.geomean.benchmark");
    let test = svg("offload.geomean.test");
    assert!(
        !sizes(&bench).is_empty() && sizes(&bench).iter().all(|n| n == "9600"),
        "{:?}",
        sizes(&bench)
    );
    assert!(
        !sizes(&test).is_empty() && sizes(&test).iter().all(|n| n == "1100"),
        "{:?}",
        sizes(&test)
    );
    assert!(bench.contains("(now "), "a flip says the value now");
}

//! The boat hull model through presets and the command line: processor
//! and application presets, `eval boathull` against the model's API, and
//! the error messages.

use crate::common::{catalog, eval, fails, hetscope, num, stderr};

use hetscope::model::boathull::application::fast_focus_on_structures;
use hetscope::model::boathull::{Class, ClassOptions, ClassVars, Cpu, Gpu, GpuAssumptions, Target};
use hetscope::preset::boathull::{load_application_file, parse_application};
use hetscope::preset::*;
use serde_json::Value;

const SECTION_4_4: &str = "2048x2048|element -> 2048x2048|element";

fn boathull(class: &str, target: &str, extra: &[&str]) -> Value {
    let mut args = vec!["eval", "boathull", "--class", class, "--target", target];
    args.extend_from_slice(extra);
    eval(&args)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-12 * a.abs().max(b.abs())
}

#[test]
fn cpu_section_4_4_example_matches_the_model() {
    let class = Class::parse(SECTION_4_4).expect("the Section 4.4 class");
    let vars = ClassVars::cpu(class.shape(), &ClassOptions::default());
    for (id, cpu) in [("q8300", Cpu::Q8300), ("i7-930", Cpu::I7_930)] {
        for f in [1.0, 10.0, 100.0] {
            let fs = format!("f={f}");
            let v = boathull(SECTION_4_4, "cpu", &["--processor", id, "--set", &fs]);
            let t = cpu.times(&vars, f).expect("valid");
            for (key, want) in [
                ("c0_s", t.c0_s),
                ("m0_s", t.m0_s),
                ("hull_s", t.hull_s()),
                ("c1_s", t.c1_s),
                ("c2_s", t.c2_s),
                ("c3_s", t.c3_s),
            ] {
                assert!(close(num(&v, key), want), "{id} f={f} {key}: {v}");
            }
            // Section 4.4 by hand: w = 2048^2, m = 1, o = 4, c = 2 w.
            let w = 2048.0 * 2048.0;
            assert_eq!(num(&v, "w"), w);
            assert_eq!(num(&v, "o"), 4.0);
            assert_eq!(num(&v, "c"), 2.0 * w);
            assert_eq!(num(&v, "u"), 0.0);
            let c0 = w * (f + 4.0) / (cpu.p_compute_gflops * 1e9);
            assert!(close(num(&v, "c0_s"), c0));
            assert!(close(num(&v, "m0_s"), 8.0 * w / (cpu.p_memory_gbs * 1e9)));
            // Scalar code on 128-bit vectors of 32-bit elements: 4x.
            assert!(close(num(&v, "c1_s"), 4.0 * num(&v, "c0_s")));
            assert!(v.get("t0_s").is_none(), "a CPU has no bus transfer: {v}");
        }
    }
    // The default CPU is the i7-930, f defaults to 1.
    let v = boathull(SECTION_4_4, "cpu", &[]);
    assert_eq!(v["processor_id"], "i7-930");
    assert_eq!(num(&v, "f"), 1.0);
}

#[test]
fn gpu_on_gtx470_matches_the_model_and_t0_is_4d_over_b_bus() {
    for class_text in [
        SECTION_4_4,
        "1024x1024|tile(1x1024) -> 1024|element",
        "1024x1024|neighb(7x7) -> 1024x1024|element",
    ] {
        let class = Class::parse(class_text).expect("class");
        let vars = ClassVars::gpu(class.shape(), &ClassOptions::default());
        let v = boathull(class_text, "gpu", &["--set", "f=3"]);
        assert_eq!(v["processor_id"], "gtx470");
        let t = Gpu::GTX470.times(&vars, 3.0).expect("valid");
        let d = num(&v, "d");
        assert_eq!(d, vars.d);
        assert!(close(num(&v, "t0_s"), d * 4.0 / 5.1e9), "{v}");
        assert!(close(num(&v, "t0_s"), t.t0_s));
        assert!(close(num(&v, "c0_s"), t.c0_s));
        assert!(close(num(&v, "m0_s"), t.m0_s));
        assert!(close(num(&v, "hull_s"), t.hull_s()));
        assert!(close(num(&v, "total_s"), t.hull_s() + t.t0_s));
        assert_eq!(v.get("m1_s").is_some(), t.m1_s.is_some(), "{v}");
        if let Some(c1) = t.c1_s {
            assert!(close(num(&v, "c1_s"), c1));
        }
        for k in ["w", "m", "o", "d", "c", "u"] {
            assert!(v[k].is_number(), "{k}: {v}");
        }
        assert!(v["units"].is_object());
    }
    // The X-projection has the scattered-access floor.
    let v = boathull("1024x1024|tile(1x1024) -> 1024|element", "gpu", &[]);
    assert!(v["m1_s"].is_number(), "{v}");
}

#[test]
fn set_changes_the_results() {
    let base = boathull(SECTION_4_4, "gpu", &[]);
    let fast_bus = boathull(SECTION_4_4, "gpu", &["--set", "B_bus=10.2"]);
    assert!(close(num(&fast_bus, "t0_s"), num(&base, "t0_s") / 2.0));
    let heavy = boathull(SECTION_4_4, "gpu", &["--set", "f=1000"]);
    assert!(close(
        num(&heavy, "c0_s"),
        num(&base, "c0_s") * 1016.0 / 17.0
    ));
    assert!(num(&heavy, "hull_s") > num(&base, "hull_s"));
    let cpu = boathull(SECTION_4_4, "cpu", &[]);
    let more_bw = boathull(SECTION_4_4, "cpu", &["--set", "P_memory=24.4"]);
    assert!(close(num(&more_bw, "m0_s"), num(&cpu, "m0_s") / 2.0));
    let wide = boathull(SECTION_4_4, "cpu", &["--set", "W_vector=256"]);
    assert!(close(num(&wide, "c1_s"), 8.0 * num(&wide, "c0_s")));
    let one = boathull(SECTION_4_4, "cpu", &["--set", "N_threads=1"]);
    assert!(close(num(&one, "c2_s"), num(&one, "c0_s")));
    // The last value of a name wins.
    let twice = boathull(SECTION_4_4, "gpu", &["--set", "f=5", "--set", "f=1"]);
    assert_eq!(num(&twice, "f"), 1.0);
}

#[test]
fn current_processors_have_boat_hull_parameters() {
    let c = catalog();
    for id in ["h100-sxm5", "a100-sxm4-80gb"] {
        let v = boathull(SECTION_4_4, "gpu", &["--processor", id]);
        assert_eq!(v["processor_id"], id);
    }
    for id in ["xeon-8480plus", "epyc-9654"] {
        let v = boathull(SECTION_4_4, "cpu", &["--processor", id]);
        assert_eq!(v["params"]["W_vector"], 512);
    }
    let gpu = |id: &str| c.processor(id).and_then(|(_, p)| p.boathull_gpu());
    let cpu = |id: &str| c.processor(id).and_then(|(_, p)| p.boathull_cpu());
    assert_eq!(gpu("gtx470"), Some(Gpu::GTX470));
    assert_eq!(gpu("gts250"), Some(Gpu::GTS250));
    assert_eq!(cpu("q8300"), Some(Cpu::Q8300));
    assert_eq!(cpu("i7-930"), Some(Cpu::I7_930));
    // t_f and t_b of the Table 2-3 presets come from the same values.
    let p = c.processor("gtx470").expect("gtx470").1.processor();
    assert!(close(p.peak_gflops(), 1089.0) && close(p.bandwidth_gbs(), 95.0));
    let p = c.processor("i7-930").expect("i7-930").1.processor();
    assert!(close(p.peak_gflops(), 90.0) && close(p.bandwidth_gbs(), 12.2));
    // The older presets have none, and say so.
    fails(
        &[
            "eval",
            "boathull",
            "--class",
            SECTION_4_4,
            "--target",
            "gpu",
            "--processor",
            "gtx-750-perdome",
        ],
        2,
        "no boat hull parameters",
    );
}

#[test]
fn errors_are_one_line_and_name_the_problem() {
    let run = |extra: &[&str], code: i32, needle: &str| {
        let mut args = vec![
            "eval",
            "boathull",
            "--class",
            SECTION_4_4,
            "--target",
            "gpu",
        ];
        args.extend_from_slice(extra);
        fails(&args, code, needle)
    };
    // An invalid class names the column.
    let err = fails(
        &[
            "eval",
            "boathull",
            "--class",
            "2048x2048|elemnt -> 2048x2048|element",
            "--target",
            "gpu",
        ],
        2,
        "column 11",
    );
    assert!(err.contains("elemnt"), "{err}");
    fails(
        &[
            "eval",
            "boathull",
            "--class",
            "2048x2048|element -> 1024x2048|element",
            "--target",
            "cpu",
        ],
        2,
        "column",
    );
    run(&["--set", "P_compute=0"], 2, "P_compute");
    run(&["--set", "P_uncoalesced=-1"], 2, "P_uncoalesced");
    run(&["--set", "B_bus=NaN"], 2, "B_bus");
    run(&["--set", "f=-1"], 2, "f (operator complexity");
    run(&["--set", "f=abc"], 2, "f 'abc'");
    run(&["--set", "bogus=1"], 2, "bogus");
    run(&["--set", "P_memory=10"], 2, "--target cpu");
    run(&["--set", "f"], 2, "NAME=VALUE");
    run(&["--processor", "no-such-chip"], 2, "no-such-chip");
    run(&["--processor", "i7-930"], 2, "needs a GPU");
    run(&["--processor", "missing-file.ron"], 1, "missing-file.ron");
    let cpu = |set: &str, needle: &str| {
        fails(
            &[
                "eval",
                "boathull",
                "--class",
                SECTION_4_4,
                "--target",
                "cpu",
                "--set",
                set,
            ],
            2,
            needle,
        )
    };
    cpu("N_threads=2.5", "N_threads");
    cpu("N_threads=0", "N_threads");
    // Both bounds in the message.
    cpu("N_threads=1e10", "between 1 and 1e6");
    cpu("W_vector=100", "W_vector");
    cpu("P_coalesced=10", "--target gpu");
    fails(
        &[
            "eval",
            "boathull",
            "--class",
            SECTION_4_4,
            "--target",
            "tpu",
        ],
        2,
        "tpu",
    );
}

#[test]
fn eval_perdome_still_works_as_a_subcommand() {
    let v = eval(&["eval", "perdome"]);
    assert_eq!(v["model"], "perdome");
    let v = eval(&["eval", "peapaw", "--platform", "i3-gtx750-peapaw"]);
    assert_eq!(v["model"], "peapaw");
}

#[test]
fn presets_list_all_includes_the_applications() {
    let o = hetscope(&["presets", "list", "--all"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    let apps: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("application\t"))
        .collect();
    assert!(apps.len() >= 3, "{text}");
    assert!(text.contains("presets/applications/fast-focus-on-structures.ron"));
    for l in &apps {
        let path = l.split('\t').nth(2).expect("three fields");
        assert!(path.starts_with("presets/applications/"), "{l}");
    }
    // Without --all: the PerDome and PeaPaw presets only.
    let o = hetscope(&["presets", "list"]);
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(!text.contains("application\t"), "{text}");
}

#[test]
fn every_application_loads_and_its_classes_parse() {
    let c = catalog();
    assert!(c.applications().len() >= 3);
    assert_eq!(
        c.all_entries().len(),
        c.entries().len()
            + c.applications().len()
            + c.offload_platforms().len()
            + c.offload_kernels().len()
            + c.cpus().len()
            + c.gpus().len()
    );
    assert_eq!(c.ids(PresetKind::Application).len(), c.applications().len());
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for (e, a) in c.applications() {
        assert_eq!(e.kind, PresetKind::Application);
        let text = std::fs::read_to_string(root.join(&e.path)).expect("readable");
        assert!(text.starts_with("//"), "{}", e.path);
        assert!(a.primitives.len() >= 3, "{}", e.path);
        assert!(!a.source.is_empty() && !a.notes.is_empty(), "{}", e.path);
        for q in &a.primitives {
            Class::parse(&q.class).unwrap_or_else(|err| panic!("{}: {err}", e.path));
        }
        let app = a
            .application()
            .unwrap_or_else(|err| panic!("{}: {err}", e.path));
        let target = Target::Gpu {
            gpu: Gpu::GTX470,
            assume: GpuAssumptions::TABLE5,
        };
        let t = app
            .predict(&target, &ClassOptions::as_printed())
            .unwrap_or_else(|err| panic!("{}: {err}", e.path));
        assert!(t.total.low_s > 0.0 && t.total.low_s <= t.total.high_s);
    }
}

#[test]
fn fast_focus_preset_is_the_models_application() {
    let c = catalog();
    let (_, a) = c
        .application("fast-focus-on-structures")
        .expect("fast focus preset");
    let from_preset = a.application().expect("valid");
    let model = fast_focus_on_structures();
    assert_eq!(from_preset.primitives.len(), model.primitives.len());
    for (p, m) in from_preset.primitives.iter().zip(&model.primitives) {
        assert_eq!(p.name, m.name);
        assert_eq!(p.class.shape(), m.class.shape(), "{}", p.name);
        assert_eq!(p.complexity, m.complexity, "{}", p.name);
    }
    assert_eq!(from_preset.transfers, model.transfers);
    for gpu in [Gpu::GTX470, Gpu::GTS250] {
        let target = Target::Gpu {
            gpu,
            assume: GpuAssumptions::TABLE5,
        };
        let o = ClassOptions::as_printed();
        assert_eq!(
            from_preset.predict(&target, &o).expect("ok"),
            model.predict(&target, &o).expect("ok")
        );
    }
}

const APP: &str = r#"// test
(
    name: "two steps",
    source: "test",
    primitives: [
        (name: "a", class: "64x64|element -> 64x64|element", f: 1.0),
        (name: "b", class: "64x64|neighbourhood(3x3) -> 64x64|elemnt", f: 2.0, f_max: 3.0),
    ],
)
"#;

#[test]
fn a_broken_application_names_the_file_field_and_column() {
    let err = match parse_application(APP, "apps/broken.ron") {
        Ok(a) => panic!("expected an error, got {a:?}"),
        Err(e) => e.to_string(),
    };
    assert!(err.contains("apps/broken.ron"), "{err}");
    assert!(err.contains("primitives[1].class"), "{err}");
    assert!(err.contains("column 35"), "{err}");
    let good = APP.replace("elemnt", "element");
    let a = parse_application(&good, "ok.ron").expect("valid");
    assert_eq!(a.primitives[1].f_max, Some(3.0));
    // Other values name their field.
    let bad = |from: &str, to: &str, needle: &str| {
        let text = good.replace(from, to);
        match parse_application(&text, "x.ron") {
            Ok(a) => panic!("expected an error, got {a:?}"),
            Err(e) => assert!(e.to_string().contains(needle), "{e}"),
        }
    };
    bad("f: 2.0", "f: -2.0", "primitives[1].f");
    bad("f_max: 3.0", "f_max: 1.0", "primitives[1].f_max");
    bad("name: \"b\"", "name: \"a\"", "used twice");
    bad("f: 1.0)", "f: 1.0, g: 2.0)", "g");
    // A file on disk: the error names the path.
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("broken.ron");
    std::fs::write(&path, APP).expect("write");
    let err = load_application_file(&path).expect_err("broken");
    assert!(err.to_string().contains("broken.ron"), "{err}");
}

const PROC: &str = r#"(
    name: "X",
    kind: Gpu,
    source: "test",
    timing: Direct(t_f_ps: 1.0, t_b_ps: 10.0),
    energy: (e_f_pj: 1.0, e_b_pj: 1.0, p_s_w: 1.0),
    boathull: Some(Gpu(p_compute_gflops: 1000.0, p_coalesced_gbs: 100.0, p_uncoalesced_gbs: 6.0, b_bus_gbs: 5.0)),
)"#;

#[test]
fn processor_boat_hull_parameters_are_validated() {
    let p = parse_processor(PROC, "p.ron").expect("valid");
    assert_eq!(
        p.boathull_gpu(),
        Some(Gpu {
            p_compute_gflops: 1000.0,
            p_coalesced_gbs: 100.0,
            p_uncoalesced_gbs: 6.0,
            b_bus_gbs: 5.0
        })
    );
    // Saved and read back unchanged.
    let again = parse_processor(&to_ron(&p), "again.ron").expect("round trip");
    assert_eq!(again, p);
    // Without boat hull parameters the saved text has no such field.
    let plain = ProcessorPreset {
        boathull: None,
        ..p.clone()
    };
    assert!(!to_ron(&plain).contains("boathull"));
    let err = |text: String, needle: &str| match parse_processor(&text, "p.ron") {
        Ok(p) => panic!("expected an error, got {p:?}"),
        Err(e) => assert!(e.to_string().contains(needle), "{e}"),
    };
    err(
        PROC.replace("p_uncoalesced_gbs: 6.0", "p_uncoalesced_gbs: 0.0"),
        "boathull.p_uncoalesced_gbs",
    );
    err(PROC.replace("kind: Gpu", "kind: Cpu"), "boathull");
    err(
        PROC.replace("b_bus_gbs: 5.0", "b_bus_gbs: 5.0, x: 1.0"),
        "x",
    );
    let cpu = PROC.replace("kind: Gpu", "kind: Cpu").replace(
        "Gpu(p_compute_gflops: 1000.0, p_coalesced_gbs: 100.0, p_uncoalesced_gbs: 6.0, b_bus_gbs: 5.0)",
        "Cpu(p_compute_gflops: 90.0, p_memory_gbs: 12.2, n_threads: 8, w_vector_bits: 128)",
    );
    assert_eq!(
        parse_processor(&cpu, "c.ron").expect("cpu").boathull_cpu(),
        Some(Cpu::I7_930)
    );
    err(
        cpu.replace("n_threads: 8", "n_threads: 0"),
        "boathull.n_threads",
    );
    err(
        cpu.replace("w_vector_bits: 128", "w_vector_bits: 100"),
        "boathull.w_vector_bits",
    );
}

// ------------------------------------------------ eval boathull --application

fn ms_close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-12 * a.abs().max(b.abs())
}

#[test]
fn eval_application_gives_kernel_range_transfers_and_total() {
    let v = eval(&[
        "eval",
        "boathull",
        "--application",
        "fast-focus-on-structures",
        "--assume",
        "table5",
        "--table1",
        "as-printed",
    ]);
    assert_eq!(v["target"], "gpu");
    assert_eq!(v["processor_id"], "gtx470");
    assert_eq!(v["application_id"], "fast-focus-on-structures");
    let want = fast_focus_on_structures()
        .predict(
            &Target::Gpu {
                gpu: Gpu::GTX470,
                assume: GpuAssumptions::TABLE5,
            },
            &ClassOptions::as_printed(),
        )
        .expect("valid");
    for (key, w) in [
        ("kernel_low_s", want.kernels.low_s),
        ("kernel_high_s", want.kernels.high_s),
        ("transfer_s", want.transfers_s),
        ("total_low_s", want.total.low_s),
        ("total_high_s", want.total.high_s),
    ] {
        assert!(ms_close(num(&v, key), w), "{key}: {v}");
    }
    // Table 5: GTX470 kernels 1.66-2.32 ms.
    assert!((num(&v, "kernel_low_s") - 1.66e-3).abs() < 0.01e-3);
    let prims = v["primitives"].as_array().expect("primitives");
    assert_eq!(prims.len(), 6);
    assert_eq!(prims[4]["name"], "X-projection");
    assert!(num(&prims[4], "kernel_high_s") > num(&prims[4], "kernel_low_s"));
    let sum: f64 = prims.iter().map(|p| num(p, "kernel_low_s")).sum();
    assert!((sum - num(&v, "kernel_low_s")).abs() < 1e-15);
    assert!(v["units"]["transfer_s"].is_string());
    // On a CPU (the target follows the processor) there is no transfer.
    let v = eval(&[
        "eval",
        "boathull",
        "--application",
        "sobel-edges",
        "--processor",
        "i7-930",
    ]);
    assert_eq!(v["target"], "cpu");
    assert_eq!(num(&v, "transfer_s"), 0.0);
    assert_eq!(num(&v, "total_low_s"), num(&v, "kernel_low_s"));
    // --set changes the processor: a bus twice as fast halves the transfers.
    let base = eval(&["eval", "boathull", "--application", "sobel-edges"]);
    let fast = eval(&[
        "eval",
        "boathull",
        "--application",
        "sobel-edges",
        "--set",
        "B_bus=10.2",
    ]);
    assert!(ms_close(
        num(&fast, "transfer_s"),
        num(&base, "transfer_s") / 2.0
    ));
}

#[test]
fn eval_needs_a_class_or_an_application() {
    fails(&["eval", "boathull"], 2, "needs --class CLASS");
    fails(&["eval", "boathull", "--target", "gpu"], 2, "--application");
    fails(
        &[
            "eval",
            "boathull",
            "--class",
            SECTION_4_4,
            "--application",
            "sobel-edges",
        ],
        2,
        "not both",
    );
    fails(
        &["eval", "boathull", "--application", "no-such-app"],
        2,
        "no-such-app",
    );
    fails(
        &["eval", "boathull", "--application", "missing.ron"],
        1,
        "missing.ron",
    );
    fails(
        &[
            "eval",
            "boathull",
            "--application",
            "sobel-edges",
            "--set",
            "f=2",
        ],
        2,
        "not used with --application",
    );
    // --target follows --processor when not given.
    let v = eval(&[
        "eval",
        "boathull",
        "--class",
        SECTION_4_4,
        "--processor",
        "q8300",
    ]);
    assert_eq!(v["target"], "cpu");
}

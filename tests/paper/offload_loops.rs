//! The offload paper's 25 parallel loops, one preset each (Chikin et al.,
//! IPDPSW 2019, Section IV-E decides each parallel loop of a PolyBench
//! program on its own): they load and decide on every offload platform,
//! carry the names of the H100 node's offload measurements, add up to the
//! program presets that sum their loops, make the default suite of the
//! suite view and of `eval offload --suite`, and are compared with what
//! the paper states.
//!
//! How hetscope's decisions compare with the paper on POWER9 + V100 (the
//! paper's machine), 160 host threads:
//! - ATAX2, test size: the paper measured 40.69x (Section III). hetscope
//!   predicts about 0.03x, some 1300 times lower, and keeps the loop on
//!   the host: its OpenMP host model spreads 1100 iterations over 160
//!   threads at a few cycles per element (tens of microseconds), while
//!   its GPU side pays the full DRAM latency on every access of a kernel
//!   of only 9 blocks; the paper's POWER9 took far longer on this
//!   column-walking loop.
//! - 2DCONV and 3DCONV, benchmark size: hetscope keeps both on the host,
//!   as the paper's model did (0.913x predicted for 2DCONV, Section IV-E),
//!   where the measurement says offload (2DCONV 1.48x).
//! - CORR, benchmark size: every CORR loop stays on the host, as measured
//!   on this machine (Section III); on POWER8 + K80 the program was
//!   measured profitable, which hetscope does not reproduce.
//! - The suite's geometric means: the paper measured 10.2x (test) and
//!   2.9x (benchmark) always offloading, 14.2x and 3.7x with its model.
//!   hetscope predicts less than 1x always offloading at both sizes and
//!   offloads only the six matrix products, so its model-guided mean
//!   stays near 1.4x: the same ordering of the two policies, not the
//!   same magnitudes.

use crate::common;
use crate::common::{catalog, eval, fails};

use std::path::Path;

use hetscope::figure::offload::access_rows;
use hetscope::model::offload::paper_quotes::{self, Machine, Mode, Policy, Quoted};
use hetscope::model::offload::{Decision, OffloadParam, decide};
use hetscope::preset::Catalog;
use hetscope::preset::offload::{
    BENCHMARKS, Fusion, KernelSet, OffloadKernelPreset, PAPER_LOOPS, PROGRAM_LOOPS,
    load_offload_kernel_file, offload_model,
};
use serde_json::Value;

fn kernel(c: &Catalog, id: &str) -> OffloadKernelPreset {
    c.offload_kernel(id)
        .unwrap_or_else(|| panic!("no offload kernel {id}"))
        .1
        .clone()
}

/// The kernel column of the H100 node's offload measurements
/// (`h100-offload-measured.csv` of the project's data), in its order.
const MEASURED: &str = "GEMM 2MM1 2MM2 3MM1 3MM2 3MM3 SYRK SYR2K ATAX1 ATAX2 BICG1 BICG2 MVT1 MVT2 \
    GESUMMV COVAR_MEAN COVAR_REDUCE COVAR_COVAR CORR_MEAN CORR_STD CORR_REDUCE CORR_CORR 2DCONV 3DCONV";

fn measured() -> Vec<&'static str> {
    MEASURED.split_whitespace().collect()
}

/// Every host thread count the paper uses (Section IV-E).
const THREADS: [f64; 2] = [160.0, 4.0];

#[test]
fn all_25_load_and_decide_on_every_platform() {
    let c = catalog();
    let loops = c.offload_suite(KernelSet::Paper);
    assert_eq!(loops.len(), 25);
    assert_eq!(paper_quotes::KERNEL_COUNT, 25);
    let ids: Vec<&str> = loops.iter().map(|(e, _)| e.id.as_str()).collect();
    assert_eq!(ids, PAPER_LOOPS);
    assert!(c.offload_platforms().len() >= 4);
    for (e, k) in loops {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(&e.path);
        assert_eq!(&load_offload_kernel_file(&path).unwrap(), k, "{}", e.id);
        for (ep, p) in c.offload_platforms() {
            let (mut pm, km) = offload_model(p, k).unwrap();
            for threads in THREADS {
                pm.set_param(OffloadParam::Threads, threads).unwrap();
                for (mode, n) in k.sizes() {
                    let d = decide(&km, &pm, n as f64)
                        .unwrap_or_else(|err| panic!("{} on {} ({mode}): {err}", e.id, ep.id));
                    finite_positive(&d, &format!("{} on {} ({mode}, {threads})", e.id, ep.id));
                }
            }
        }
    }
}

fn finite_positive(d: &Decision, what: &str) {
    for v in [
        d.cpu_seconds,
        d.kernel_seconds,
        d.transfer_seconds,
        d.gpu_seconds,
        d.speedup,
    ] {
        assert!(v.is_finite() && v > 0.0, "{what}: {d:?}");
    }
    assert_eq!(d.offload, d.speedup > 1.0, "{what}");
}

#[test]
fn names_are_the_measured_ones_and_sizes_the_papers() {
    let c = catalog();
    let names: Vec<String> = PAPER_LOOPS.iter().map(|id| kernel(c, id).name).collect();
    // SYRK is measured as one kernel (PolyBench/GPU's), which the paper
    // splits into two loops: SYRK1 and SYRK2 stand for it.
    let measured = measured();
    assert_eq!(measured.len(), 24);
    for m in measured.iter().copied() {
        if m == "SYRK" {
            assert!(names.iter().any(|n| n == "SYRK1") && names.iter().any(|n| n == "SYRK2"));
            assert_eq!(kernel(c, "syrk").name, "SYRK");
        } else {
            assert!(names.iter().any(|n| n == m), "{m} has no loop preset");
        }
    }
    for n in &names {
        assert!(
            measured.contains(&n.as_str()) || n == "SYRK1" || n == "SYRK2",
            "{n} is not a measured name"
        );
        // Every id is the name in lower case.
        assert!(
            PAPER_LOOPS.contains(&n.to_ascii_lowercase().as_str()),
            "{n}"
        );
    }
    // The data file itself, where the checkout ships it.
    let csv = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/data/h100-offload-measured.csv");
    if let Ok(text) = std::fs::read_to_string(csv) {
        let col: Vec<&str> = text
            .lines()
            .skip(1)
            .filter_map(|l| l.split(',').next())
            .collect();
        assert_eq!(col, measured);
    }
    // Section IV-E: test 1100, benchmark 9600; 3DCONV keeps its own sizes.
    let conv3 = kernel(c, "3dconv");
    for id in PAPER_LOOPS {
        let k = kernel(c, id);
        let want = if id == "3dconv" {
            (conv3.test_size, conv3.benchmark_size)
        } else {
            (1100, 9600)
        };
        assert_eq!((k.test_size, k.benchmark_size), want, "{id}");
    }
    assert_eq!((conv3.test_size, conv3.benchmark_size), (107, 452));
}

/// The per-trip counts of a preset: GPU computation and barriers, the CPU
/// mix by class, the accesses and the CPU bytes per iteration.
fn counts(k: &OffloadKernelPreset) -> Vec<f64> {
    let m = &k.cpu_mix;
    vec![
        k.gpu_comp_insts,
        k.gpu_sync_insts,
        m.int_ops,
        m.fp_ops,
        m.loads,
        m.stores,
        m.branches,
        k.accesses.iter().map(|a| a.per_trip).sum(),
        k.cpu_bytes_per_iter.coef,
    ]
}

/// The arrays and the coalescing classes of the accesses at size n.
fn accesses(c: &Catalog, k: &OffloadKernelPreset, n: f64) -> Vec<(String, String)> {
    let p = c.offload_platform("power9-v100-nvlink2").unwrap().1.clone();
    let (_, km) = offload_model(&p, k).unwrap();
    let mut v: Vec<(String, String)> = access_rows(&km, n)
        .into_iter()
        .map(|r| (r.array, r.class))
        .collect();
    v.sort();
    v
}

#[test]
fn program_presets_are_the_sum_of_their_loops() {
    let c = catalog();
    let programs: Vec<&str> = PROGRAM_LOOPS.iter().map(|p| p.0).collect();
    assert_eq!(programs, BENCHMARKS);
    assert_eq!(c.offload_suite(KernelSet::Benchmarks).len(), 13);
    for (program, loops, fusion) in PROGRAM_LOOPS {
        let fused = kernel(c, program);
        let parts: Vec<OffloadKernelPreset> = loops.iter().map(|id| kernel(c, id)).collect();
        match fusion {
            Fusion::Same => assert_eq!(loops, &[program][..], "{program}"),
            Fusion::Sum => {
                let mut sum = vec![0.0; counts(&fused).len()];
                for p in &parts {
                    for (s, v) in sum.iter_mut().zip(counts(p)) {
                        *s += v;
                    }
                    // The same loop shape: iterations, trips, and the
                    // CPU bytes' growth with n.
                    assert_eq!(p.iterations, fused.iterations, "{}", p.name);
                    assert_eq!(p.inner_trips, fused.inner_trips, "{}", p.name);
                    assert_eq!(p.cpu_bytes_per_iter.exp, fused.cpu_bytes_per_iter.exp);
                }
                assert_eq!(counts(&fused), sum, "{program}");
                // The same arrays with the same coalescing, at both sizes.
                for n in [1100.0, 9600.0] {
                    let mut all: Vec<(String, String)> =
                        parts.iter().flat_map(|p| accesses(c, p, n)).collect();
                    all.sort();
                    assert_eq!(accesses(c, &fused, n), all, "{program} at {n}");
                }
            }
            Fusion::Dominant => {
                // The program preset is its dominant (last) loop.
                let dominant = parts.last().unwrap();
                assert_eq!(counts(&fused), counts(dominant), "{program}");
                assert_eq!(fused.accesses, dominant.accesses, "{program}");
                assert_eq!(fused.iterations, dominant.iterations);
                assert_eq!(fused.inner_trips, dominant.inner_trips);
                assert_eq!(fused.bytes_to_device, dominant.bytes_to_device);
                assert_eq!(fused.bytes_from_device, dominant.bytes_from_device);
            }
        }
    }
}

/// `eval offload --suite` on a platform, with more arguments.
fn suite(platform: &str, extra: &[&str]) -> Value {
    let mut args = vec!["eval", "offload", "--platform", platform, "--suite"];
    args.extend_from_slice(extra);
    eval(&args)
}

#[test]
fn eval_offload_suite_prints_its_keys_and_the_papers_values() {
    let v = suite("power9-v100-nvlink2", &[]);
    let keys =
        "model suite suite_label platform platform_id kernel_count blocks paper sources units";
    for key in keys.split_whitespace() {
        assert!(!v[key].is_null(), "no {key}: {v}");
    }
    assert_eq!(v["suite"], "paper");
    assert_eq!(v["kernel_count"], 25);
    let blocks = v["blocks"].as_array().unwrap();
    let at: Vec<(String, u64)> = blocks
        .iter()
        .map(|b| {
            (
                b["size"].as_str().unwrap().to_string(),
                b["threads"].as_u64().unwrap(),
            )
        })
        .collect();
    let want = [
        ("test", 160),
        ("test", 4),
        ("benchmark", 160),
        ("benchmark", 4),
    ];
    assert_eq!(at, want.map(|(s, t)| (s.to_string(), t)));
    // Section IV-E / Figure 8: the paper's geometric means beside the 160
    // thread blocks, none beside the 4-thread ones.
    let quoted = [(10.2, 14.2), (2.9, 3.7)];
    for (b, (size, threads)) in blocks.iter().zip(want) {
        check_block(b, size);
        let paper = &b["paper"];
        if threads == 160 {
            let (always, model) = quoted[usize::from(size == "benchmark")];
            assert_eq!(paper["geomean_always"], always, "{size}");
            assert_eq!(paper["geomean_model"], model, "{size}");
        } else {
            assert!(paper["geomean_always"].is_null() && paper["geomean_model"].is_null());
        }
    }
    // The kernel values beside their rows: ATAX2 in test mode against 160
    // threads, the convolutions in benchmark mode.
    let row = |b: usize, name: &str| -> Value {
        blocks[b]["kernels"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["kernel"] == name)
            .cloned()
            .unwrap()
    };
    let atax2 = &row(0, "ATAX2")["paper"];
    assert_eq!(atax2.as_array().unwrap().len(), 1, "{atax2}");
    assert_eq!(atax2[0]["speedup"], 40.69);
    assert_eq!(atax2[0]["origin"], "measured");
    let conv = row(2, "2DCONV");
    let values: Vec<f64> = conv["paper"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|q| q["speedup"].as_f64())
        .collect();
    assert_eq!(values, [0.913, 1.48]);
    assert!(row(1, "ATAX2")["paper"].as_array().unwrap().is_empty());
    // Every value the paper states, in one list.
    assert_eq!(v["paper"]["geomeans"].as_array().unwrap().len(), 4);
    assert_eq!(
        v["paper"]["kernels"].as_array().unwrap().len(),
        paper_quotes::KERNEL_QUOTES.len()
    );
}

/// A block's rows: every key, each kernel at its own size, and the
/// geometric means recomputed from the rows.
fn check_block(b: &Value, size: &str) {
    let rows = b["kernels"].as_array().unwrap();
    assert_eq!(rows.len(), 25);
    let mut ln_always = 0.0;
    let mut ln_model = 0.0;
    for r in rows {
        let keys = "kernel kernel_id n offload speedup cpu_s gpu_s transfer_s paper";
        for key in keys.split_whitespace() {
            assert!(!r[key].is_null(), "{key}: {r}");
        }
        let n = r["n"].as_f64().unwrap();
        let own = match (r["kernel"].as_str().unwrap(), size) {
            ("3DCONV", "test") => 107.0,
            ("3DCONV", _) => 452.0,
            (_, "test") => 1100.0,
            _ => 9600.0,
        };
        assert_eq!(n, own, "{r}");
        let s = r["speedup"].as_f64().unwrap();
        assert_eq!(r["offload"].as_bool().unwrap(), s > 1.0);
        ln_always += s.ln();
        ln_model += if s > 1.0 { s.ln() } else { 0.0 };
    }
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * b;
    let g = |k: &str| b[k].as_f64().unwrap();
    assert!(close(g("geomean_always"), (ln_always / 25.0).exp()));
    assert!(close(g("geomean_model"), (ln_model / 25.0).exp()));
    let offloaded = rows.iter().filter(|r| r["offload"] == true).count();
    assert_eq!(b["offloaded"], offloaded);
}

#[test]
fn eval_offload_suite_options() {
    // The 13 programs: no paper geometric means (those are of the loops).
    let v = suite("power9-v100-nvlink2", &["benchmarks", "--size", "test"]);
    assert_eq!(v["kernel_count"], 13);
    let blocks = v["blocks"].as_array().unwrap();
    assert_eq!(blocks.len(), 2);
    assert!(blocks[0]["paper"]["geomean_always"].is_null());
    // One thread count from --set threads.
    let v = suite("power8-k80-pcie3", &["--set", "threads=8"]);
    let blocks = v["blocks"].as_array().unwrap();
    assert_eq!(blocks.len(), 2);
    assert!(blocks.iter().all(|b| b["threads"] == 8));
    // On the K80 machine the K80 values go beside the rows.
    let v = suite("power8-k80-pcie3", &["--size", "test"]);
    let atax2 = v["blocks"][0]["kernels"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["kernel"] == "ATAX2")
        .unwrap()
        .clone();
    assert_eq!(atax2["paper"][0]["speedup"], 1.24);
    let base = ["eval", "offload", "--platform", "power9-v100-nvlink2"];
    let with = |extra: &[&'static str]| -> Vec<&str> {
        let mut a = base.to_vec();
        a.extend_from_slice(extra);
        a
    };
    fails(&with(&["--suite", "nope"]), 2, "unknown kernel set");
    fails(&with(&["--suite", "--size", "100"]), 2, "--size 100");
    fails(&with(&["--suite", "--kernel", "gemm"]), 2, "--kernel");
    fails(&with(&[]), 2, "--kernel");
}

/// hetscope's decision for a loop preset on a paper machine.
fn decision(c: &Catalog, machine: Machine, id: &str, mode: Mode, threads: f64) -> Decision {
    let p = c.offload_platform(machine.preset_id()).unwrap().1.clone();
    let k = kernel(c, id);
    let (mut pm, km) = offload_model(&p, &k).unwrap();
    pm.set_param(OffloadParam::Threads, threads).unwrap();
    let n = match mode {
        Mode::Test => k.test_size,
        Mode::Benchmark => k.benchmark_size,
    };
    decide(&km, &pm, n as f64).unwrap()
}

#[test]
fn decisions_on_power9_v100_against_the_paper() {
    let c = catalog();
    let v100 = Machine::Power9V100;
    // Every quoted kernel of the paper's evaluation has a loop preset.
    for q in paper_quotes::KERNEL_QUOTES {
        let id = q.kernel.to_ascii_lowercase();
        assert!(c.offload_kernel(&id).is_some(), "{}", q.kernel);
    }
    // Section III: ATAX2, test size, 160 threads, measured 40.69x on the
    // V100. A known disagreement (see the head of this file): hetscope
    // keeps the loop on the host, its prediction more than 100 times
    // below the measurement.
    let q = paper_quotes::kernel_quotes("ATAX2")
        .find(|q| q.machine == v100)
        .unwrap();
    let Quoted::Speedup(measured) = q.value else {
        panic!("{q:?}")
    };
    assert!(measured > 1.0);
    let d = decision(c, v100, "atax2", Mode::Test, 160.0);
    assert!(!d.offload && d.speedup * 100.0 < measured, "{}", d.speedup);
    // Section IV-E: the convolutions in benchmark mode against 160
    // threads. The paper's model kept them on the host (0.913x for
    // 2DCONV), and so does hetscope; the measurement says offload.
    for q in paper_quotes::KERNEL_QUOTES
        .iter()
        .filter(|q| q.machine == v100 && q.mode == Mode::Benchmark && q.threads == Some(160))
    {
        let d = decision(c, v100, &q.kernel.to_ascii_lowercase(), q.mode, 160.0);
        let paper_offloads = match q.value {
            Quoted::Speedup(s) => s > 1.0,
            Quoted::Offload(b) => b,
            Quoted::Remark => continue,
        };
        let agrees = d.offload == paper_offloads;
        match q.origin {
            paper_quotes::Origin::Predicted => assert!(agrees, "{q:?}: {}", d.speedup),
            paper_quotes::Origin::Measured => assert!(!agrees, "{q:?}: {}", d.speedup),
        }
    }
    // Section III: CORR in benchmark mode is not worth offloading on this
    // machine (measured): none of its four loops is offloaded.
    for id in ["corr_mean", "corr_std", "corr_reduce", "corr_corr"] {
        assert!(
            !decision(c, v100, id, Mode::Benchmark, 160.0).offload,
            "{id}"
        );
    }
    // Section IV-E / Figure 8: the model-guided policy beats always
    // offloading in the paper, and by construction in hetscope too; but
    // hetscope's always-offload mean is below 1x where the paper measured
    // 10.2x and 2.9x.
    for mode in Mode::ALL {
        let speedups: Vec<f64> = PAPER_LOOPS
            .iter()
            .map(|id| decision(c, v100, id, mode, 160.0).speedup)
            .collect();
        let gm = |f: &dyn Fn(f64) -> f64| {
            (speedups.iter().map(|s| f(*s).ln()).sum::<f64>() / 25.0).exp()
        };
        let (always, model) = (gm(&|s| s), gm(&|s| s.max(1.0)));
        let paper = |p| paper_quotes::geomean_quote(p, mode, 160).unwrap().speedup;
        assert!(paper(Policy::ModelGuided) > paper(Policy::AlwaysOffload));
        assert!(model > always);
        assert!(
            always < 1.0 && paper(Policy::AlwaysOffload) > 1.0,
            "{mode:?}: {always}"
        );
    }
}

#[test]
fn the_suite_figure_is_the_paper_set_with_each_kernel_at_its_size() {
    use hetscope::figure::offload::{build_suite_at, suite_summary};
    use hetscope::gui::offload_state::OffloadScenario;
    let c = catalog();
    let mut input = OffloadScenario::default().input(c).unwrap();
    let ids: Vec<&str> = input.suite.iter().map(|k| k.id.as_str()).collect();
    assert_eq!(ids, PAPER_LOOPS);
    // By default each kernel is at its own benchmark size.
    let s = suite_summary(&input).unwrap();
    let n_3dconv = s.rows.iter().find(|r| r.id == "3dconv").unwrap().decision.n;
    assert_eq!(n_3dconv, kernel(c, "3dconv").benchmark_size as f64);
    // One size for all, as the window's size field gives it.
    input.suite_sizes = None;
    let s = suite_summary(&input).unwrap();
    assert!(s.rows.iter().all(|r| r.decision.n == 9600.0));
    assert_eq!(s.size_text(), "n = 9600");
    // Each kernel at its own benchmark size, as the command line draws it.
    let sizes: Vec<f64> = ids
        .iter()
        .map(|id| kernel(c, id).benchmark_size as f64)
        .collect();
    let fig = build_suite_at(&input, &sizes).unwrap();
    assert!(
        fig.panels[0].title.ends_with("n = 9600 (3DCONV: n = 452)"),
        "{}",
        fig.panels[0].title
    );
    assert!(build_suite_at(&input, &sizes[1..]).is_err());
}

/// The host's compiler vectorizes a loop whose accesses all have unit or
/// no stride along its innermost index (row walks, reductions, stencils):
/// 11 of the 25 loops. Column walks (ATAX2, BICG1, MVT2, the mean and
/// covariance loops) and the matrix products in i-j-k order (B[k][j]
/// walks a column along k) stay scalar. The lanes follow the host's
/// vector width; a host without one (vector_bits 0) runs every loop
/// scalar, and vectorizing never slows the host.
#[test]
fn the_host_vectorizes_the_loops_that_walk_rows() {
    let c = catalog();
    let vectorized = [
        "syrk1",
        "syrk2",
        "syr2k",
        "atax1",
        "bicg2",
        "mvt1",
        "gesummv",
        "covar_reduce",
        "corr_reduce",
        "2dconv",
        "3dconv",
    ];
    let p = c.offload_platform("xeon8480-h100-pcie5").unwrap().1.clone();
    let mut count = 0;
    for id in PAPER_LOOPS {
        let k = kernel(c, id);
        let (pm, km) = offload_model(&p, &k).unwrap();
        let n = k.test_size as f64;
        let v = km.host_vectorized(n, 512.0).unwrap();
        assert_eq!(v.vectorized, vectorized.contains(&id), "{id}: {}", v.reason);
        let lanes = if v.vectorized {
            512.0 / (8.0 * k.element_bytes)
        } else {
            1.0
        };
        assert_eq!(v.lanes, lanes, "{id}");
        assert!(!km.host_vectorized(n, 0.0).unwrap().vectorized, "{id}");
        count += usize::from(v.vectorized);
        // The same loop on a scalar host: never faster.
        let mut scalar = pm.clone();
        scalar.cpu.vector_bits = 0.0;
        let (with, without) = (
            decide(&km, &pm, n).unwrap(),
            decide(&km, &scalar, n).unwrap(),
        );
        assert!(with.cpu_seconds <= without.cpu_seconds, "{id}");
        if v.vectorized {
            assert_eq!(with.cpu.vector_lanes, lanes);
            assert!(
                (with.cpu.cycles_per_iter * lanes - without.cpu.cycles_per_iter).abs()
                    < 1e-9 * without.cpu.cycles_per_iter,
                "{id}: cycles per iteration divided by the lanes"
            );
        } else {
            assert_eq!(with.cpu_seconds, without.cpu_seconds, "{id}");
        }
    }
    assert_eq!(count, vectorized.len());
}

/// The suite figure of the paper's loops at test or benchmark size with
/// 160 host threads names the paper's measured geometric means beside its
/// predicted ones; with another thread count there is no such quote.
#[test]
fn the_suite_figure_quotes_the_papers_geometric_means() {
    let dir = tempfile::tempdir().unwrap();
    let svg = |threads: &str, size: &str| {
        let out = dir.path().join(format!("s{threads}{size}.svg"));
        let o = common::hetscope(&[
            "export",
            "--view",
            "offload-suite",
            "--platform",
            "power9-v100-nvlink2",
            "--size",
            size,
            "--set",
            &format!("threads={threads}"),
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", common::stderr(&o));
        std::fs::read_to_string(out).unwrap()
    };
    let test = svg("160", "test");
    assert!(test.contains("The paper measured these loops"), "a quote");
    assert!(
        test.contains("10.2x") && test.contains("14.2x"),
        "test size means"
    );
    let bench = svg("160", "benchmark");
    assert!(
        bench.contains("2.9x") && bench.contains("3.7x"),
        "benchmark size means"
    );
    assert!(!svg("4", "test").contains("The paper measured these loops"));
}

/// On the measured H100 node (16 AVX-512 host threads), 2DCONV's host
/// loop took 10.3 ms at n = 9600 (assets/data/h100-offload-measured.csv).
/// Scalar, the host model puts it near 120 ms and offloads the loop;
/// vectorized, within a factor of two of the measurement, and it stays on
/// the host, as measured (0.137x).
#[test]
fn vectorizing_brings_2dconv_near_its_measured_host_time() {
    let c = catalog();
    let p = c.offload_platform("h100-node-offload").unwrap().1.clone();
    let k = kernel(c, "2dconv");
    let (pm, km) = offload_model(&p, &k).unwrap();
    let mut scalar = pm.clone();
    scalar.cpu.vector_bits = 0.0;
    let n = 9600.0;
    let (vec, sc) = (
        decide(&km, &pm, n).unwrap(),
        decide(&km, &scalar, n).unwrap(),
    );
    let measured = 0.0103166;
    assert!(
        sc.cpu_seconds > 5.0 * measured,
        "scalar: {}",
        sc.cpu_seconds
    );
    let ratio = vec.cpu_seconds / measured;
    assert!(
        (0.5..2.0).contains(&ratio),
        "vectorized: {} s",
        vec.cpu_seconds
    );
    // The measurement keeps it on the host (0.137x): so does the vectorized
    // host; the scalar one offloaded it.
    assert!(!vec.offload, "{}", vec.speedup);
    assert!(sc.offload, "{}", sc.speedup);
}

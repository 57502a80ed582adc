//! Offload presets (`presets/offload-platforms`, `presets/offload-kernels`):
//! every shipped preset loads, converts to `model::offload` and gives a
//! finite decision at its test and benchmark sizes; the platform values
//! match the offload paper's tables; malformed files and values are
//! reported with the file and the field; and the decisions are compared
//! with what the paper reports. "The paper" is the offload decision paper
//! (Chikin et al., IPDPSW 2019).
//!
//! How the decisions compare with the paper, at a glance (POWER9 + V100,
//! 160 host threads, the platform the paper's model was evaluated on):
//! - GEMM, 2MM and 3MM are offloaded at both sizes (speedup about 3.6-4.6).
//! - The convolutions are not offloaded in benchmark mode, as the paper's
//!   model decided (it predicted 0.913x; 2DCONV measured 1.48x).
//! - SYR2K is not offloaded in test mode, as the paper's model decided
//!   (Section IV-E: it over-estimates the GPU time through the poor
//!   coalescing); SYRK, which shares the strided transposed operand, is not
//!   offloaded either.
//! - CORR is not offloaded in benchmark mode, which agrees with the
//!   measurement of Section III on POWER9 + V100; on POWER8 + K80 Section
//!   III measured it profitable, which this model does not reproduce.
//! - The matrix-vector kernels (ATAX, BICG, MVT, GESUMMV) and COVAR/CORR
//!   are not offloaded at either size. The paper does not list its model's
//!   decision per kernel, but its Figure 8 geometric means (2.9x always
//!   offloading in benchmark mode, 3.7x with the model) say the GPU was
//!   measured faster for most kernels, and Section III quotes ATAX2 at
//!   40.69x in test mode on the V100. This model is far more pessimistic
//!   for them: they launch only n GPU threads (9 blocks at n = 1100, 75 at
//!   9600, 4 warps per SM), Hong & Kim's model has no caches, so every
//!   access of a warp waits the full DRAM latency (Mem_LD 1029 cycles), and
//!   a strided access costs 32 transactions. The paper names the missing
//!   memory hierarchy as its own main source of error.
//!
//! The paper's quoted numbers and decisions are read from the paper
//! check's rows (`hetscope paper-check --paper offload`), so a row and its
//! test cannot disagree; `EXPECTED` lists every offload row and its status.

use crate::common::catalog;
use crate::common::paper::{row, value};
use std::path::Path;

use hetscope_core::paper_check::{Computed, Paper, Row, Status, paper_rows, status_mismatches};
use hetscope_model::offload::{
    Coalescing, CpuMachine, Decision, Launch, OffloadParam, Platform, decide,
};
use hetscope_preset::offload::*;
use hetscope_preset::*;

fn manifest(rel: &str) -> std::path::PathBuf {
    Path::new(crate::common::ROOT).join(rel)
}

fn platform(c: &Catalog, id: &str) -> OffloadPlatformPreset {
    c.offload_platform(id)
        .unwrap_or_else(|| panic!("no offload platform {id}"))
        .1
        .clone()
}

fn kernel(c: &Catalog, id: &str) -> OffloadKernelPreset {
    c.offload_kernel(id)
        .unwrap_or_else(|| panic!("no offload kernel {id}"))
        .1
        .clone()
}

/// The decision for catalog presets at size `n`.
fn decision(c: &Catalog, platform_id: &str, kernel_id: &str, n: f64) -> Decision {
    let (p, k) = offload_model(&platform(c, platform_id), &kernel(c, kernel_id))
        .unwrap_or_else(|e| panic!("{platform_id} / {kernel_id}: {e}"));
    decide(&k, &p, n).unwrap_or_else(|e| panic!("{platform_id} / {kernel_id} at {n}: {e}"))
}

fn speedup(c: &Catalog, platform_id: &str, kernel_id: &str, n: f64) -> f64 {
    decision(c, platform_id, kernel_id, n).speedup
}

/// The paper check's offload rows.
fn rows() -> Vec<Row> {
    paper_rows(Paper::Offload)
}

/// Every offload row of the paper check and its status.
const EXPECTED: [(&str, Status); 41] = [
    ("hk-mwp", Status::Reproduced),
    ("hk-cwp", Status::Reproduced),
    ("hk-total-cycles", Status::Differs),
    ("omp-rep-1024", Status::Reproduced),
    ("table2-freq", Status::Reproduced),
    ("table2-tlb-entries", Status::Reproduced),
    ("table2-tlb-penalty", Status::Reproduced),
    ("table2-loop-overhead", Status::Reproduced),
    ("table2-schedule", Status::Reproduced),
    ("table2-sync", Status::Reproduced),
    ("table2-startup", Status::Reproduced),
    ("table3-sms", Status::Reproduced),
    ("table3-clock", Status::Reproduced),
    ("table3-bandwidth", Status::Reproduced),
    ("table3-latency", Status::Reproduced),
    ("table3-issue", Status::Reproduced),
    ("table3-nvlink", Status::Reproduced),
    ("table3-threads-per-sm", Status::Reproduced),
    ("size-test", Status::Reproduced),
    ("size-benchmark", Status::Reproduced),
    ("s3-3dconv-k80", Status::Differs),
    ("s3-3dconv-v100", Status::Differs),
    ("s3-atax2-k80", Status::Differs),
    ("s3-atax2-v100", Status::Differs),
    ("s3-corr-v100", Status::Reproduced),
    ("s3-corr-k80", Status::Differs),
    ("s4e-2dconv-predicted", Status::Differs),
    ("s4e-2dconv-measured", Status::Differs),
    ("s4e-2dconv-decision", Status::Reproduced),
    ("s4e-3dconv-decision", Status::Reproduced),
    ("s4e-syrk2-decision", Status::Reproduced),
    ("s4e-geomean-always-test", Status::NotComputable),
    ("s4e-geomean-always-benchmark", Status::NotComputable),
    ("s4e-geomean-model-test", Status::NotComputable),
    ("s4e-geomean-model-benchmark", Status::NotComputable),
    // Section III read with the cache-aware formulation: CORR on the K80
    // becomes right, CORR on the V100 wrong; ATAX2 moves from 0.03x to
    // about 0.5x (tests/paper/offload_caches.rs).
    ("s3-3dconv-k80-cache-aware", Status::Differs),
    ("s3-3dconv-v100-cache-aware", Status::Differs),
    ("s3-atax2-k80-cache-aware", Status::Differs),
    ("s3-atax2-v100-cache-aware", Status::Differs),
    ("s3-corr-v100-cache-aware", Status::Differs),
    ("s3-corr-k80-cache-aware", Status::Reproduced),
];

#[test]
fn every_row_has_its_expected_status() {
    let mismatches = status_mismatches(&rows(), &EXPECTED);
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

const P9: &str = "power9-v100-nvlink2";
const P8: &str = "power8-k80-pcie3";

/// The PolyBench kernels the paper evaluates (Section IV-E).
const PAPER_KERNELS: [&str; 13] = [
    "gemm", "2mm", "3mm", "atax", "bicg", "mvt", "gesummv", "syrk", "syr2k", "covar", "corr",
    "2dconv", "3dconv",
];

#[test]
fn every_offload_preset_loads_converts_and_decides() {
    let c = catalog();
    assert!(c.offload_platforms().len() >= 4);
    let ids = c.ids(PresetKind::OffloadKernel);
    for k in PAPER_KERNELS {
        assert!(ids.iter().any(|i| i == k), "missing kernel {k}: {ids:?}");
    }
    for (e, p) in c.offload_platforms() {
        assert_eq!(e.kind, PresetKind::OffloadPlatform);
        assert!(
            e.path.starts_with("presets/offload-platforms/"),
            "{}",
            e.path
        );
        let text = std::fs::read_to_string(manifest(&e.path)).expect("readable");
        assert!(text.starts_with("//"), "{}: a comment first", e.path);
        assert!(!p.source.trim().is_empty() && !p.notes.trim().is_empty());
        p.to_model()
            .unwrap_or_else(|err| panic!("{}: {err}", e.path));
        // The file parses and validates as the catalog read it.
        assert_eq!(&load_offload_platform_file(&manifest(&e.path)).unwrap(), p);
    }
    for (e, k) in c.offload_kernels() {
        assert_eq!(e.kind, PresetKind::OffloadKernel);
        let text = std::fs::read_to_string(manifest(&e.path)).expect("readable");
        assert!(text.starts_with("//"), "{}: a comment first", e.path);
        assert!(!k.nests.trim().is_empty() && !k.source.trim().is_empty());
        assert_eq!(&load_offload_kernel_file(&manifest(&e.path)).unwrap(), k);
        // Counting rule of the files: one CPU load or store per access, and
        // GPU computation = integer + floating-point + branch instructions
        // (plus the thread-index arithmetic of the loops without an inner
        // loop).
        let accesses: f64 = k.accesses.iter().map(|a| a.per_trip).sum();
        assert_eq!(k.cpu_mix.loads + k.cpu_mix.stores, accesses, "{}", e.id);
        let m = &k.cpu_mix;
        let issued = m.int_ops + m.fp_ops + m.branches;
        if k.inner_trips.exp > 0.0 {
            assert_eq!(k.gpu_comp_insts, issued, "{}", e.id);
        } else {
            assert!(k.gpu_comp_insts >= issued, "{}", e.id);
        }
        for (ep, p) in c.offload_platforms() {
            let (pm, km) = offload_model(p, k).unwrap_or_else(|err| panic!("{}: {err}", e.id));
            for (mode, n) in k.sizes() {
                let d = decide(&km, &pm, n as f64)
                    .unwrap_or_else(|err| panic!("{} on {} ({mode}): {err}", e.id, ep.id));
                for v in [
                    d.cpu_seconds,
                    d.kernel_seconds,
                    d.transfer_seconds,
                    d.gpu_seconds,
                    d.speedup,
                    d.gpu.mwp,
                    d.gpu.cwp,
                    d.gpu.total_cycles,
                ] {
                    assert!(
                        v.is_finite() && v > 0.0,
                        "{} on {} ({mode}): {d:?}",
                        e.id,
                        ep.id
                    );
                }
                assert_eq!(d.offload, d.speedup > 1.0);
            }
            check_pair_ok(p, k);
        }
    }
}

fn check_pair_ok(p: &OffloadPlatformPreset, k: &OffloadKernelPreset) {
    hetscope_preset::offload::check_pair(p, k, "test")
        .unwrap_or_else(|e| panic!("{} on {}: {e}", k.name, p.name));
}

#[test]
fn sizes_are_the_papers() {
    // Section IV-E: test 1100 x 1100, benchmark 9600 x 9600.
    let c = catalog();
    for id in PAPER_KERNELS.iter().filter(|k| **k != "3dconv") {
        let k = kernel(c, id);
        assert_eq!((k.test_size, k.benchmark_size), (1100, 9600), "{id}");
    }
    // 3DCONV: cube edges holding as many points as the 2-D grids (the
    // paper does not give its 3-D sizes).
    let rows = rows();
    assert_eq!(value(&rows, "size-test"), 1100.0);
    assert_eq!(value(&rows, "size-benchmark"), 9600.0);
    let k = kernel(c, "3dconv");
    for (edge, side) in [(k.test_size, 1100.0_f64), (k.benchmark_size, 9600.0)] {
        let ratio = (edge as f64).powi(3) / side.powi(2);
        assert!((ratio - 1.0).abs() < 0.02, "{edge}: {ratio}");
    }
}

#[test]
fn power9_v100_is_tables_ii_and_iii() {
    let p = platform(catalog(), P9);
    let m = p.to_model().unwrap();
    // Table II, as the model's own `table_ii` has it.
    let t2 = CpuMachine::table_ii(160.0, 340.0);
    assert_eq!(m.cpu.freq_ghz, t2.freq_ghz);
    assert_eq!(m.cpu.tlb_entries, t2.tlb_entries);
    assert_eq!(m.cpu.tlb_miss_penalty, t2.tlb_miss_penalty);
    assert_eq!(m.cpu.loop_overhead_per_iter, t2.loop_overhead_per_iter);
    assert_eq!(m.cpu.schedule_static, t2.schedule_static);
    assert_eq!(m.cpu.sync_overhead, t2.sync_overhead);
    assert_eq!(m.cpu.parallel_startup, t2.parallel_startup);
    assert_eq!(m.cpu.threads, 160.0);
    // Table III.
    assert_eq!(
        (
            m.gpu.sm_count,
            m.gpu.freq_ghz,
            m.gpu.mem_bw_gbs,
            m.gpu.mem_ld
        ),
        (84.0, 1.53, 900.0, 1029.0)
    );
    assert_eq!(m.gpu.issue_cycles, 1.0);
    assert_eq!((m.bus.h2d_gbs, m.bus.d2h_gbs), (25.0, 25.0));
    // Table III's 2048 threads per SM, 128-thread blocks: 16 resident.
    let l = p.launch();
    assert_eq!((l.threads_per_block, l.active_blocks_per_sm), (128.0, 16.0));
    // The rows read the same preset.
    let rows = rows();
    for (id, v) in [
        ("table2-freq", m.cpu.freq_ghz),
        ("table2-tlb-entries", m.cpu.tlb_entries),
        ("table2-tlb-penalty", m.cpu.tlb_miss_penalty),
        ("table2-loop-overhead", m.cpu.loop_overhead_per_iter),
        ("table2-schedule", m.cpu.schedule_static),
        ("table2-sync", m.cpu.sync_overhead),
        ("table2-startup", m.cpu.parallel_startup),
        ("table3-sms", m.gpu.sm_count),
        ("table3-clock", m.gpu.freq_ghz),
        ("table3-bandwidth", m.gpu.mem_bw_gbs),
        ("table3-latency", m.gpu.mem_ld),
        ("table3-issue", m.gpu.issue_cycles),
        ("table3-nvlink", m.bus.h2d_gbs),
        ("table3-threads-per-sm", 2048.0),
    ] {
        assert_eq!(value(&rows, id), v, "{id}");
    }
    // A coalesced kernel there is bandwidth-limited (Hong & Kim Eq. 5):
    // MWP = 900 / (1.53 x 128 / 1029 x 84) = 56.3.
    let d = decision(catalog(), P9, "2dconv", 9600.0);
    assert!((d.gpu.mwp - 900.0 / (1.53 * 128.0 / 1029.0 * 84.0)).abs() < 1e-9);
}

#[test]
fn coalescing_follows_the_parallel_index() {
    let c = catalog();
    let p = platform(c, P9);
    let classes = |id: &str, n: i64| -> Vec<Coalescing> {
        let k = kernel(c, id).to_model(&p.launch()).unwrap();
        k.accesses
            .iter()
            .map(|a| a.access.coalescing(&k.parallel_index, &[("n", n)]).unwrap())
            .collect()
    };
    // GEMM, j parallel: A[i*n + k] is a broadcast, B[k*n + j] unit stride.
    assert_eq!(
        classes("gemm", 1100),
        [Coalescing::Broadcast, Coalescing::Unit]
    );
    // SYRK's transposed operand A[j*n + k] is a row apart per thread.
    assert_eq!(
        classes("syrk", 9600),
        [Coalescing::Broadcast, Coalescing::Strided(9600)]
    );
    // GESUMMV walks rows: both matrices uncoalesced.
    assert_eq!(
        classes("gesummv", 1100),
        [
            Coalescing::Strided(1100),
            Coalescing::Strided(1100),
            Coalescing::Broadcast
        ]
    );
    // The stencils: every access unit stride in the fastest index.
    for id in ["2dconv", "3dconv"] {
        assert!(
            classes(id, 100).iter().all(|c| *c == Coalescing::Unit),
            "{id}"
        );
    }
}

#[test]
fn gemm_is_offloaded_and_vector_kernels_are_less_favourable() {
    let c = catalog();
    // GEMM at the benchmark size on the paper's machine: profitable.
    let d = decision(c, P9, "gemm", 9600.0);
    assert!(d.offload, "GEMM 9600: {}", d.speedup);
    assert!(d.speedup > 2.0, "{}", d.speedup);
    // The data moved is small against the work (n^2 against n^3).
    assert!(d.transfer_seconds < 0.01 * d.gpu_seconds);
    for n in [1100.0, 9600.0] {
        let gemm = speedup(c, P9, "gemm", n);
        assert!(gemm > 1.0, "GEMM at {n}: {gemm}");
        for id in ["2mm", "3mm"] {
            assert!(speedup(c, P9, id, n) > 1.0, "{id} at {n}");
        }
        // The memory-bound matrix-vector kernels: less favourable than
        // GEMM, and not offloaded (see the module comment for the paper).
        for id in ["atax", "bicg", "mvt", "gesummv"] {
            let s = speedup(c, P9, id, n);
            assert!(s < gemm && s < 1.0, "{id} at {n}: {s} vs GEMM {gemm}");
        }
    }
    // The same holds on every platform at the test size.
    for (e, _) in c.offload_platforms() {
        let gemm = speedup(c, &e.id, "gemm", 1100.0);
        for id in ["atax", "bicg", "mvt", "gesummv"] {
            assert!(speedup(c, &e.id, id, 1100.0) < gemm, "{id} on {}", e.id);
        }
    }
}

#[test]
fn decisions_against_the_paper() {
    let c = catalog();
    let rows = rows();
    let named = |id: &str| row(&rows, id).computed.clone();
    let no = Computed::Category("not offloaded".into());
    // Section IV-E (Figure 8, benchmark mode, 160 threads): the paper's
    // model declines the convolutions (0.913x predicted; 2DCONV measured
    // 1.48x). Agreement with its model's decision, not with the
    // measurement.
    for id in ["2dconv", "3dconv"] {
        let k = kernel(c, id);
        let d = decision(c, P9, id, k.benchmark_size as f64);
        assert!(!d.offload, "{id}: {}", d.speedup);
        assert_eq!(named(&format!("s4e-{id}-decision")), no, "{id}");
    }
    let conv = value(&rows, "s4e-2dconv-predicted");
    assert_eq!(conv, speedup(c, P9, "2dconv", 9600.0));
    // Below the paper's own prediction (0.913x), so below the measured 1.48x.
    assert!(conv < 0.913, "{conv}");
    // Section IV-E: in test mode the paper's model over-estimates SYR2K's
    // (its SYRK2's) GPU time through the poor coalescing and keeps it on
    // the host; so does this one.
    assert!(!decision(c, P9, "syr2k", 1100.0).offload);
    assert_eq!(named("s4e-syrk2-decision"), no);
    // Section III (measured): CORR in benchmark mode should not be
    // offloaded on POWER9 + V100: agreement. On POWER8 + K80 it was
    // measured profitable; here it is not (disagreement: this model sees
    // neither the K80's caches nor the POWER9's better vector units that
    // the paper credits for the difference, and predicts the same time on
    // both hosts, which share clock, threads and instruction rate).
    assert!(!decision(c, P9, "corr", 9600.0).offload);
    assert!(!decision(c, P8, "corr", 9600.0).offload);
    assert_eq!(named("s3-corr-v100"), no);
    assert_eq!(named("s3-corr-k80"), no);
    // Section III (measured): 3DCONV in benchmark mode runs 2.1x slower on
    // the K80 but 4.41x faster on the V100. The direction of the
    // generational change holds (the V100's bandwidth and NVLink), the
    // V100 speedup does not (0.6x here; the paper's model: 0.913x).
    let k = kernel(c, "3dconv");
    let n = k.benchmark_size as f64;
    let (k80, v100) = (speedup(c, P8, "3dconv", n), speedup(c, P9, "3dconv", n));
    assert!(k80 < 1.0, "K80 3DCONV: {k80}");
    assert!(v100 > 1.5 * k80, "V100 {v100} vs K80 {k80}");
    // The rows: the K80's slowdown (GPU time over host time) and the
    // V100's speedup.
    let slowdown = value(&rows, "s3-3dconv-k80");
    assert!(
        (slowdown * k80 - 1.0).abs() < 1e-12 && slowdown > 1.0,
        "{slowdown}"
    );
    assert_eq!(value(&rows, "s3-3dconv-v100"), v100);
    assert!(v100 < 1.0, "V100 3DCONV: {v100}");
    // Section III (measured): ATAX2 in test mode went from 1.24x (K80) to
    // 40.69x (V100). Here ATAX (both loops) stays far below 1 on both;
    // only the direction holds.
    assert!(speedup(c, P9, "atax", 1100.0) > speedup(c, P8, "atax", 1100.0));
    // The rows take the paper's loop itself (the ATAX2 preset): the same
    // direction, both far below 1.
    let (atax2_k80, atax2_v100) = (value(&rows, "s3-atax2-k80"), value(&rows, "s3-atax2-v100"));
    assert!(atax2_v100 > atax2_k80, "{atax2_v100} vs {atax2_k80}");
    assert!(atax2_v100 < 1.0 && atax2_k80 < 1.0);
    // GEMM: the newer GPU helps (Section III's argument) ...
    assert!(speedup(c, P9, "gemm", 9600.0) > 2.0 * speedup(c, P8, "gemm", 9600.0));
}

#[test]
fn fewer_host_threads_favour_the_gpu() {
    // Figures 6-7 compare with a host of 4 threads: fewer threads, longer
    // CPU time, higher speedup.
    let c = catalog();
    let mut pm = platform(c, P9).to_model().unwrap();
    let k = kernel(c, "gemm");
    let launched = |pm: &Platform| k.to_model(&pm.runtime.launch(&pm.gpu)).unwrap();
    let base = decide(&launched(&pm), &pm, 1100.0).unwrap();
    pm.set_param(OffloadParam::Threads, 4.0).unwrap();
    let four = decide(&launched(&pm), &pm, 1100.0).unwrap();
    assert!(four.cpu_seconds > 30.0 * base.cpu_seconds);
    assert_eq!(four.gpu_seconds, base.gpu_seconds);
    assert!(four.speedup > base.speedup);
    // A faster bus shortens only the transfers.
    pm.set_param(OffloadParam::BusGbs, 250.0).unwrap();
    let fast = decide(&launched(&pm), &pm, 1100.0).unwrap();
    assert!(fast.transfer_seconds < four.transfer_seconds);
    assert_eq!(fast.kernel_seconds, four.kernel_seconds);
}

#[test]
fn parameters_by_name() {
    let c = catalog();
    let mut p = platform(c, P9).to_model().unwrap();
    // Every parameter has a value its rule allows and a field path.
    for q in OffloadParam::all() {
        let v = p.param(q);
        assert!(q.rule().allows(v), "{} = {v}", q.name());
        assert_eq!(OffloadParam::from_name(q.name()), Some(q));
        assert!(q.path().contains('.'), "{}", q.path());
    }
    assert_eq!(p.param(OffloadParam::MemLd), 1029.0);
    assert_eq!(p.param(OffloadParam::Threads), 160.0);
    assert_eq!(p.param(OffloadParam::BusGbs), 25.0);
    assert_eq!(OffloadParam::from_name("nope"), None);
    let e = OffloadParam::try_from("nope".to_string())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("unknown offload parameter 'nope'") && e.contains("bus_gbs"),
        "{e}"
    );
    for (q, v) in [
        (OffloadParam::Threads, 0.0),
        (OffloadParam::SmCount, 2.5),
        (OffloadParam::FreqGhz, f64::NAN),
    ] {
        let e = p.set_param(q, v).unwrap_err().to_string();
        assert!(e.starts_with(&format!("{} (", q.name())), "{e}");
    }
    // Zero overheads are allowed, negative ones not.
    p.set_param(OffloadParam::ParallelStartup, 0.0).unwrap();
    assert!(p.set_param(OffloadParam::ParallelStartup, -1.0).is_err());
    // The occupancy override.
    assert_eq!(p.runtime.launch(&p.gpu).active_blocks_per_sm, 16.0);
    p.set_param(OffloadParam::ActiveBlocksPerSm, 4.0).unwrap();
    assert_eq!(p.runtime.launch(&p.gpu).active_blocks_per_sm, 4.0);
    assert_eq!(p.param(OffloadParam::ActiveBlocksPerSm), 4.0);
    p.set_param(OffloadParam::MemLd, 500.0).unwrap();
    assert_eq!(p.gpu.mem_ld, 500.0);
}

#[test]
fn to_model_names_the_bad_field() {
    let c = catalog();
    let mut p = platform(c, P9);
    p.cpu.threads = 0.5;
    let e = p.to_model().unwrap_err().to_string();
    assert!(
        e.contains("POWER9 + V100") && e.contains("cpu.threads"),
        "{e}"
    );
    let mut p = platform(c, P9);
    p.gpu.mem_bw_gbs = f64::NAN;
    let e = p.to_model().unwrap_err().to_string();
    assert!(e.contains("gpu.mem_bw_gbs = NaN"), "{e}");
    let mut p = platform(c, P9);
    p.runtime.threads_per_block = 4096.0;
    let e = p.to_model().unwrap_err().to_string();
    assert!(e.contains("runtime.threads_per_block"), "{e}");

    let launch = platform(c, P9).launch();
    let mut k = kernel(c, "gemm");
    k.accesses[1].subscript = "B[k*j]".into();
    let e = k.to_model(&launch).unwrap_err().to_string();
    assert!(
        e.contains("GEMM") && e.contains("accesses[1].subscript") && e.contains("column 4"),
        "{e}"
    );
    let mut k = kernel(c, "gemm");
    k.element_bytes = 0.0;
    let e = k.to_model(&launch).unwrap_err().to_string();
    assert!(e.contains("element_bytes = 0"), "{e}");
    let k = kernel(c, "gemm");
    let bad = Launch {
        max_blocks: 0.0,
        ..launch
    };
    assert!(
        k.to_model(&bad)
            .unwrap_err()
            .to_string()
            .contains("launch.max_blocks")
    );
}

fn shipped(rel: &str) -> String {
    std::fs::read_to_string(manifest(rel)).expect("readable")
}

fn err_of<T: std::fmt::Debug>(r: Result<T, PresetError>) -> String {
    match r {
        Ok(v) => panic!("expected an error, got {v:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn malformed_platform_files_name_the_field() {
    let text = shipped("presets/offload-platforms/power9-v100-nvlink2.ron");
    let origin = "my/platform.ron";
    let with = |from: &str, to: &str| {
        assert!(text.contains(from), "{from}");
        text.replacen(from, to, 1)
    };
    let e = err_of(parse_offload_platform(
        &with("sm_count: 84.0", "sm_count: 0.0"),
        origin,
    ));
    assert!(e.starts_with("my/platform.ron: gpu.sm_count"), "{e}");
    let e = err_of(parse_offload_platform(
        &with("bw_gbs: 25.0", "bw_gbs: -25.0"),
        origin,
    ));
    assert_eq!(
        e,
        "my/platform.ron: bus.bw_gbs = -25: bus_gbs (bus bandwidth, GB/s) must be between 0.001 and 1e6 GB/s"
    );
    let e = err_of(parse_offload_platform(
        &with("ipc: 0.5", "ipc: 0.5, turbo: true"),
        origin,
    ));
    assert!(e.starts_with("my/platform.ron: line "), "{e}");
    assert!(e.contains("turbo"), "{e}");
    let e = err_of(parse_offload_platform(
        &with("fp_ops: 1.0", "fp_ops: -1.0"),
        origin,
    ));
    assert!(e.contains("cpu.class_cycles.fp_ops"), "{e}");
    let e = err_of(parse_offload_platform(
        &with("max_blocks: 65535.0", "max_blocks: 65535.5"),
        origin,
    ));
    assert!(
        e.contains("runtime.max_blocks") && e.contains("whole number"),
        "{e}"
    );
    // The optional occupancy override needs no Some(...).
    let p = parse_offload_platform(
        &with(
            "max_blocks: 65535.0",
            "max_blocks: 65535.0, active_blocks_per_sm: 8.0",
        ),
        origin,
    )
    .unwrap();
    assert_eq!(p.launch().active_blocks_per_sm, 8.0);
}

#[test]
fn malformed_kernel_files_name_the_field() {
    let text = shipped("presets/offload-kernels/gemm.ron");
    let origin = "my/gemm.ron";
    let with = |from: &str, to: &str| {
        assert!(text.contains(from), "{from}");
        text.replacen(from, to, 1)
    };
    let e = err_of(parse_offload_kernel(
        &with("\"A[i*n + k]\"", "\"A[i*k]\""),
        origin,
    ));
    assert!(
        e.starts_with("my/gemm.ron: accesses[0].subscript: subscript `A[i*k]`, column 4"),
        "{e}"
    );
    let e = err_of(parse_offload_kernel(
        &with("\"B[k*n + j]\"", "\"B[k*m + j]\""),
        origin,
    ));
    assert!(
        e.contains("accesses[1].subscript") && e.contains("`m`"),
        "{e}"
    );
    let e = err_of(parse_offload_kernel(
        &with("parallel_index: \"j\"", "parallel_index: \"q\""),
        origin,
    ));
    assert!(e.starts_with("my/gemm.ron: parallel_index: `q`"), "{e}");
    let e = err_of(parse_offload_kernel(
        &with("size_name: \"n\"", "size_name: \"k\""),
        origin,
    ));
    assert!(e.contains("size_name"), "{e}");
    let e = err_of(parse_offload_kernel(
        &with("gpu_comp_insts: 8.0", "gpu_comp_insts: -8.0"),
        origin,
    ));
    assert_eq!(
        e,
        "my/gemm.ron: gpu_comp_insts = -8: must be a finite zero or positive number"
    );
    let e = err_of(parse_offload_kernel(
        &with("test_size: 1100", "test_size: 0"),
        origin,
    ));
    assert!(e.contains("test_size"), "{e}");
    let e = err_of(parse_offload_kernel(
        &with(
            "iterations: (coef: 1.0, exp: 2.0)",
            "iterations: (coef: 1.0, exp: -2.0)",
        ),
        origin,
    ));
    assert!(e.contains("iterations.exp"), "{e}");
    let e = err_of(parse_offload_kernel(
        &with(
            "loop_indices: [\"i\", \"j\", \"k\"]",
            "loop_indices: [\"i\", \"j\", \"i\"]",
        ),
        origin,
    ));
    assert!(e.contains("loop_indices[2]"), "{e}");
    let e = err_of(parse_offload_kernel(
        &with("element_bytes: 4.0,", ""),
        origin,
    ));
    assert!(
        e.starts_with("my/gemm.ron: line ") && e.contains("element_bytes"),
        "{e}"
    );
    // A missing file names the path.
    let e = err_of(load_offload_kernel_file(Path::new("no/such/kernel.ron")));
    assert!(e.starts_with("no/such/kernel.ron: "), "{e}");
}

#[test]
fn arguments_by_id_name_or_file() {
    let c = catalog();
    let (id, p) = offload_platform_arg("POWER9 + V100 (NVLink 2)", c).unwrap();
    assert_eq!((id.as_str(), p.gpu.sm_count), (P9, 84.0));
    let (id, k) = offload_kernel_arg("GEMM", c).unwrap();
    assert_eq!((id.as_str(), k.name.as_str()), ("gemm", "GEMM"));
    let (id, _) = offload_kernel_arg(
        manifest("presets/offload-kernels/syrk.ron")
            .to_str()
            .unwrap(),
        c,
    )
    .unwrap();
    assert_eq!(id, "syrk");
    let e = err_of(offload_platform_arg("nope", c));
    assert!(e.contains("unknown offload-platform preset `nope`"), "{e}");
    assert!(e.contains(P9), "{e}");
    let e = err_of(offload_kernel_arg("nope", c));
    assert!(
        e.contains("unknown offload-kernel preset `nope`") && e.contains("gemm"),
        "{e}"
    );
}

#[test]
fn save_and_load_round_trip() {
    let c = catalog();
    let dir = tempfile::tempdir().unwrap();
    let mut p = platform(c, "grace-h100-c2c");
    p.runtime.active_blocks_per_sm = Some(8.0);
    let path = dir.path().join("mine.ron");
    save_offload_platform(&path, &p).unwrap();
    assert_eq!(load_offload_platform_file(&path).unwrap(), p);
    let k = kernel(c, "3dconv");
    let path = dir.path().join("k.ron");
    save_offload_kernel(&path, &k).unwrap();
    assert_eq!(load_offload_kernel_file(&path).unwrap(), k);
    // Invalid values are not saved.
    p.bus.d2h_gbs = 0.0;
    let e = err_of(save_offload_platform(&dir.path().join("bad.ron"), &p));
    assert!(e.contains("bus.d2h_gbs"), "{e}");
    p.bus.h2d_gbs = 0.0;
    let e = err_of(save_offload_platform(&dir.path().join("bad.ron"), &p));
    assert!(e.contains("bus.bw_gbs"), "{e}");
    assert!(!dir.path().join("bad.ron").exists());
}

use super::*;
use crate::offload::InstructionMix;
use crate::offload::reuse::Reference;

/// A host at 1 GHz with one thread: 32 GFLOP/s (two FMA units of 8
/// lanes), L1 of 32 KiB at 100 GB/s (not used: nothing is served from
/// it), L2 of 1 MiB serving 50 GB/s, DRAM 10 GB/s; adds of 1 ns; no
/// overheads.
fn host() -> (CpuMachine, HostHierarchy) {
    let mut m = CpuMachine::table_ii(1.0, 10.0);
    m.freq_ghz = 1.0;
    (m.parallel_startup, m.schedule_static, m.sync_overhead) = (0.0, 0.0, 0.0);
    m.loop_overhead_per_iter = 0.0;
    m.tlb_miss_penalty = 0.0;
    m.thread_scaling = Some(crate::platform::ThreadScaling {
        reference_threads: 1,
        fma_gflops_by_threads: vec![(1, 32.0)],
        triad_gbs_by_threads: vec![(1, 10.0)],
    });
    let level = |level, kib: f64, gbs: f64| HostLevel {
        level,
        bytes: kib * 1024.0,
        shared_by: 1.0,
        gbs_by_threads: vec![(1, gbs)],
    };
    let h = HostHierarchy {
        levels: vec![level(1, 32.0, 100.0), level(2, 1024.0, 50.0)],
        add_latency_ns: 1.0,
        reassociates: false,
    };
    (m, h)
}

/// A unit-stride stream's misses: its 4 bytes an element, whatever the
/// cache (each line is brought once).
fn compulsory(_bytes_per_thread: f64) -> f64 {
    4.0
}

/// A streaming loop without an inner loop: `iterations` elements of 4
/// bytes read once (unit stride), one fp operation each, vectorized.
fn stream(iterations: f64) -> (Nest, CpuLoop, LoopShape) {
    let nest = Nest {
        refs: vec![Reference {
            text: "a[i]".into(),
            per_trip: 1.0,
            c_inner: 0,
            c_parallel: 1,
            c_outer: Vec::new(),
            leader: true,
            array: Some("a".into()),
            constant: 0,
        }],
        trips: 1.0,
        iterations,
        extent: iterations,
        element_bytes: 4.0,
    };
    let lp = CpuLoop {
        iterations,
        mix: InstructionMix {
            int_ops: 0.0,
            fp_ops: 1.0,
            loads: 1.0,
            stores: 0.0,
            branches: 0.0,
        },
        cycles_per_iter: None,
        bytes_per_iter: 4.0,
        data_passes: 1.0,
        vector_lanes: 8.0,
        tlb_misses_per_iter: None,
    };
    let shape = LoopShape {
        inner_loop: false,
        footprint_bytes: iterations * 4.0,
        stores_per_iter: 0.0,
        max_lanes: 8.0,
    };
    (nest, lp, shape)
}

fn run(nest: &Nest, lp: &CpuLoop, shape: &LoopShape) -> (CpuPrediction, LevelTerms) {
    let (m, h) = host();
    predict_levels((nest, lp, shape), &m, &h, &compulsory).expect("predicts")
}

#[test]
fn a_working_set_just_inside_a_level_is_served_by_it() {
    // A line less than 1 MiB of data: it fits the L2 (1 MiB; data of
    // exactly its size would not, as kerncraft's full-caching condition
    // reads), not the L1. Per element 4 bytes miss the L1 and come from
    // the L2 at 50 GB/s: 2^18 x 4 / 50e9 = 21.0 us; the core needs
    // 2^18 / 32e9 = 8.2 us.
    let n = 262_128.0;
    let (nest, lp, shape) = stream(n);
    let (p, t) = run(&nest, &lp, &shape);
    assert!(t.traffic[1].fits && !t.traffic[0].fits);
    let per_element = 4.0;
    assert_eq!(t.traffic[0].bytes_per_iter, per_element);
    assert_eq!((t.traffic[1].bytes_per_iter, t.traffic[0].gbs), (0.0, 50.0));
    let l2 = n * per_element / 50e9;
    assert!((t.traffic[0].seconds - l2).abs() < 1e-15);
    assert!((t.core_s - n / 32e9).abs() < 1e-15, "{}", t.core_s);
    assert_eq!((t.bound.as_str(), t.memory_s), ("L1 misses", l2));
    assert!((p.seconds - l2).abs() < 1e-15);
}

#[test]
fn a_working_set_just_outside_a_level_streams_from_the_next() {
    // One element more than the L2 holds: the L2 misses too, and its 4
    // bytes an element come from DRAM at 10 GB/s: memory-bound.
    let n = 262_160.0;
    let (nest, lp, shape) = stream(n);
    let (p, t) = run(&nest, &lp, &shape);
    assert!(!t.traffic[1].fits);
    assert_eq!(t.traffic[1].gbs, 10.0);
    let dram = n * 4.0 / 10e9;
    assert!((t.memory_s - dram).abs() < 1e-12);
    assert_eq!(t.bound, "L2 misses");
    assert!((p.seconds - dram).abs() < 1e-12 && p.bandwidth_bound);
}

#[test]
fn a_sum_into_one_register_waits_on_each_add() {
    // 100 iterations of an inner loop of 1000 trips summing into one
    // register: 1e5 dependent adds of 1 ns, 100 us, above the scalar
    // flops (2 a trip at one lane of eight: 4 GFLOP/s, 50 us) and the
    // data (400 kB from the L2, 8 us).
    let (mut nest, mut lp, mut shape) = stream(100.0);
    nest.trips = 1000.0;
    nest.refs[0].c_inner = 1;
    nest.refs[0].c_parallel = 1000;
    lp.mix.fp_ops = 2000.0;
    lp.vector_lanes = 1.0;
    shape.inner_loop = true;
    shape.footprint_bytes = 400_000.0;
    let (p, t) = run(&nest, &lp, &shape);
    assert!((t.chain_s - 1e-4).abs() < 1e-15, "{}", t.chain_s);
    assert_eq!(t.bound, "chain");
    assert!((p.seconds - 1e-4).abs() < 1e-15);
    // A build that reorders float sums has no chain: the flops decide.
    let (m, mut h) = host();
    h.reassociates = true;
    let (_, t) = predict_levels((&nest, &lp, &shape), &m, &h, &compulsory).expect("predicts");
    assert_eq!((t.chain_s, t.bound.as_str()), (0.0, "core"));
    assert!((t.core_s - 5e-5).abs() < 1e-15, "{}", t.core_s);
}

#[test]
fn bad_levels_are_named() {
    let (_, mut h) = host();
    h.levels.swap(0, 1);
    let e = h.check().expect_err("shrinking").to_string();
    assert!(e.contains("caches.host.hierarchy.levels"), "{e}");
    h.levels.swap(0, 1);
    h.add_latency_ns = 0.0;
    assert!(
        h.check()
            .expect_err("zero")
            .to_string()
            .contains("add_latency_ns")
    );
}

//! The offload decision model: the worked example of Hong & Kim (ISCA 2009),
//! the three execution cases, the paper's Table II / Table III values and its
//! #OMP_Rep example, subscript strides (the IPDA idea) and the decision as a
//! function of problem size. "The paper" is the offload decision paper
//! (Chikin et al., IPDPSW 2019).
//!
//! What the paper quotes but cannot be reproduced from what it prints: the
//! measured speedups of Table I (e.g. 3DCONV 2.1x slowdown on the K80 and
//! 4.41x on the V100, ATAX2 1.24x vs 40.69x), the predictions of Figures 6-7,
//! the 0.913x predicted for the convolutions against 1.48x measured, and
//! the geometric means of Figure 8 (10.2x / 2.9x always offloading, 14.2x /
//! 3.7x with the model). They need the instruction counts its compiler
//! extracted from each Polybench kernel, which it does not list.
//!
//! The quoted numbers of the worked example and of #OMP_Rep are read from
//! the paper check's rows (`hetscope paper-check --paper offload`), so a
//! row and its test cannot disagree; `offload_presets.rs` lists every
//! offload row with its status.

use crate::common::paper::value;
use hetscope_core::paper_check::{Paper, paper_rows};
use hetscope_model::offload::{
    Bus, Coalescing, CpuLoop, CpuMachine, ExecCase, Formulation, GpuKernel, GpuMachine,
    InstructionMix, OffloadError, OffloadKernel, Platform, Runtime, Scaling, SubscriptAccess,
    SubscriptProblem, crossover, decide, parse_access, sweep,
};
use hetscope_model::platform::Direction;
use proptest::prelude::*;

/// The machine of Hong & Kim's worked example (its coalesced departure
/// delay set to 1 cycle for the coalesced cases below).
fn hk_machine() -> GpuMachine {
    GpuMachine {
        departure_del_coal: 1.0,
        ..GpuMachine::hong_kim_example()
    }
}

/// Their example kernel: 27 computation and 6 uncoalesced memory
/// instructions and 6 barriers per thread, 80 blocks of 128 threads, 5
/// blocks per SM.
fn hk_kernel() -> GpuKernel {
    GpuKernel::hong_kim_example()
}

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * b.abs().max(1e-300)
}

#[test]
fn hong_kim_worked_example() {
    let p = hk_machine().predict(&hk_kernel()).unwrap();
    // Mem_L = 420 + (32 - 1) x 10 = 730; Departure_delay = 10 x 32 = 320.
    assert_eq!(p.mem_l_uncoal, 730.0);
    assert_eq!(p.mem_l, 730.0);
    assert_eq!(p.departure_delay, 320.0);
    assert_eq!(p.n, 20.0);
    // MWP = 730 / 320 = 2.28 (the latency bound; the bandwidth allows 28.5).
    let rows = paper_rows(Paper::Offload);
    let mwp = value(&rows, "hk-mwp");
    assert_eq!(mwp, p.mwp);
    assert!((mwp - 2.28).abs() < 0.005, "mwp {mwp}");
    assert!(p.mwp_peak_bw > 28.0 && p.mwp_peak_bw < 29.0);
    // CWP = min((4380 + 132) / 132, 20) = 20: barriers are not issue work.
    assert_eq!(p.comp_cycles, 132.0);
    assert_eq!(p.mem_cycles, 4380.0);
    assert_eq!(p.cwp, 20.0);
    assert_eq!(value(&rows, "hk-cwp"), 20.0);
    assert_eq!(p.rep, 1.0);
    assert_eq!(p.case, ExecCase::MemoryBound);
    // Exact MWP 2.28125: 4380 x 20 / 2.28125 + 22 x 1.28125 = 38,428.19 and
    // synchronization 320 x 1.28125 x 6 x 5 = 12,300: 50,728.19 cycles.
    assert!(close(p.exec_cycles, 38428.1875, 1e-12));
    assert!(close(p.sync_cycles, 12_300.0, 1e-12));
    assert!(close(p.total_cycles, 50728.1875, 1e-12));
    // The paper's 50,738 carries MWP rounded to 2.28: the same formulas give
    // 38,421.05 + 28.16 + 12,288 = 50,737.2. Within 0.05 % either way.
    let m: f64 = 2.28;
    let rounded = 4380.0 * 20.0 / m + 22.0 * (m - 1.0) + 320.0 * (m - 1.0) * 6.0 * 5.0;
    assert!((rounded - 50_738.0).abs() < 1.0, "{rounded}");
    let total = value(&rows, "hk-total-cycles");
    assert_eq!(total, p.total_cycles);
    assert!(close(total, 50_738.0, 5e-4), "{total}");
    // 1 GHz: cycles are nanoseconds.
    assert!(close(p.seconds, 50728.1875e-9, 1e-12));
}

#[test]
fn case_not_enough_warps() {
    // One block of 4 warps per SM, coalesced: MWP = min(420, 16.4, 4) = 4,
    // CWP = min(20.1, 4) = 4: MWP = N = CWP (Eq. 19).
    let k = GpuKernel {
        uncoal_mem_insts: 0.0,
        coal_mem_insts: 6.0,
        sync_insts: 0.0,
        blocks: 16.0,
        active_blocks_per_sm: 1.0,
        ..hk_kernel()
    };
    let p = hk_machine().predict(&k).unwrap();
    assert_eq!((p.n, p.mwp, p.cwp), (4.0, 4.0, 4.0));
    assert_eq!(p.case, ExecCase::NotEnoughWarps);
    // 6 x 420 + 132 + 132 / 6 x 3 = 2,718.
    assert!(close(p.exec_cycles, 2_718.0, 1e-12));
}

#[test]
fn case_memory_bound_by_bandwidth() {
    // Coalesced, 20 warps: latency allows 420 warps in flight, but the
    // bandwidth only 80 / (16 x 128 / 420) = 16.41 (Eq. 5).
    let k = GpuKernel {
        uncoal_mem_insts: 0.0,
        coal_mem_insts: 6.0,
        sync_insts: 0.0,
        ..hk_kernel()
    };
    let p = hk_machine().predict(&k).unwrap();
    assert!(close(p.mwp, 80.0 * 420.0 / (16.0 * 128.0), 1e-12));
    assert_eq!(p.mwp, p.mwp_peak_bw);
    assert_eq!(p.case, ExecCase::MemoryBound);
    // Doubling the DRAM bandwidth shortens this kernel (the paper's 3DCONV
    // argument, Section III) ...
    let fast = GpuMachine {
        mem_bw_gbs: 160.0,
        ..hk_machine()
    };
    // 2520 x 20 / 16.41 + 22 x 15.41 = 3,411 cycles; with 160 GB/s all 20
    // warps overlap (MWP = N = CWP): 2520 + 132 + 22 x 19 = 3,070.
    assert!(close(p.total_cycles, 3_411.0, 1e-3), "{}", p.total_cycles);
    let f = fast.predict(&k).unwrap();
    assert_eq!(f.case, ExecCase::NotEnoughWarps);
    assert!(close(f.total_cycles, 3_070.0, 1e-12), "{}", f.total_cycles);
    // ... but not the latency-bound worked example (MWP 2.28 either way).
    let a = hk_machine().predict(&hk_kernel()).unwrap();
    let b = fast.predict(&hk_kernel()).unwrap();
    assert_eq!(a.total_cycles, b.total_cycles);
}

#[test]
fn case_compute_bound_and_the_published_clause() {
    // 2000 computation instructions, 6 coalesced loads: Mem_cycles = 420 x
    // 6 = 2520, Comp_cycles = 4 x 2006 = 8024, CWP = (2520 + 8024) / 8024
    // = 1.31 < MWP = 80 / (16 x 128 / 420) = 16.40625.
    let k = GpuKernel {
        comp_insts: 2000.0,
        uncoal_mem_insts: 0.0,
        coal_mem_insts: 6.0,
        sync_insts: 0.0,
        ..hk_kernel()
    };
    // Whole waves: MWP > CWP is compute-bound, Mem_L + Comp_cycles x N
    // (Eq. 21).
    let p = hk_machine()
        .predict_with(&k, Formulation::WholeWaves)
        .unwrap();
    assert!(p.mwp > p.cwp);
    assert_eq!(p.case, ExecCase::ComputeBound);
    assert!(close(p.exec_cycles, 420.0 + 8024.0 * 20.0, 1e-12));
    // Published: Comp_cycles > Mem_cycles takes the memory-bound formula
    // (Eq. 20): Mem_cycles x N / MWP + Comp_cycles / #Mem_insts x (MWP - 1)
    // = 3072 + 8024 / 6 x 15.40625, 6.8 times fewer cycles.
    let q = hk_machine().predict(&k).unwrap();
    assert_eq!(q.mwp, 16.40625);
    assert_eq!(q.case, ExecCase::MemoryBound);
    let eq20 = 2520.0 * 20.0 / 16.40625 + 8024.0 / 6.0 * 15.40625;
    assert!(close(q.exec_cycles, eq20, 1e-12), "{}", q.exec_cycles);
    assert!(p.exec_cycles / q.exec_cycles > 6.7);
    // Without that clause the two agree: the worked example is
    // memory-bound by CWP >= MWP in both.
    let a = hk_machine().predict(&hk_kernel()).unwrap();
    let b = hk_machine()
        .predict_with(&hk_kernel(), Formulation::WholeWaves)
        .unwrap();
    assert_eq!(a.total_cycles, b.total_cycles);
    assert!(close(a.total_cycles, 50_728.0, 1e-4), "{}", a.total_cycles);
}

#[test]
fn omp_rep_and_waves() {
    // The paper's example (Section IV-B): 1024 iterations, one block of 128
    // threads: each thread runs 8 iterations.
    let one = GpuKernel {
        blocks: 1.0,
        ..hk_kernel()
    };
    let p1 = hk_machine().predict(&one).unwrap();
    let p8 = hk_machine()
        .predict(&GpuKernel {
            loop_iterations: Some(1024.0),
            ..one.clone()
        })
        .unwrap();
    assert_eq!(p1.omp_rep, 1.0);
    assert_eq!(p8.omp_rep, 8.0);
    assert_eq!(value(&paper_rows(Paper::Offload), "omp-rep-1024"), 8.0);
    assert_eq!(p1.active_sms, 1.0);
    assert_eq!(p1.n, 4.0); // one block resident, not five
    assert!(close(p8.total_cycles, 8.0 * p1.total_cycles, 1e-12));
    // 81 blocks on 80 slots: #Rep = 81 / 80 as published (Eq. 22), a
    // second whole wave when rounded up.
    let k81 = GpuKernel {
        blocks: 81.0,
        ..hk_kernel()
    };
    let published = hk_machine().predict(&k81).unwrap();
    let whole = hk_machine()
        .predict_with(&k81, Formulation::WholeWaves)
        .unwrap();
    assert_eq!(published.rep, 81.0 / 80.0);
    assert_eq!(whole.rep, 2.0);
    assert!(close(
        whole.total_cycles / published.total_cycles,
        2.0 / (81.0 / 80.0),
        1e-12
    ));
}

#[test]
fn gpu_errors_name_the_parameter() {
    let e = hk_machine()
        .predict(&GpuKernel {
            threads_per_block: 0.0,
            ..hk_kernel()
        })
        .unwrap_err();
    assert!(e.to_string().starts_with("threads_per_block = 0"), "{e}");
    let e = GpuMachine {
        mem_bw_gbs: f64::NAN,
        ..hk_machine()
    }
    .predict(&hk_kernel())
    .unwrap_err();
    assert!(e.to_string().contains("mem_bw_gbs"), "{e}");
    let none = GpuKernel {
        comp_insts: 0.0,
        uncoal_mem_insts: 0.0,
        ..hk_kernel()
    };
    assert_eq!(
        hk_machine().predict(&none).unwrap_err(),
        OffloadError::NoInstructions
    );
}

#[test]
fn table_iii_v100_and_bus() {
    // Table III: 84 SMs, 1.53 GHz, 900 GB/s, 1029 cycles to memory, issue
    // 1 cycle, NVLink 25 GB/s. Departure delays are not in the table: the
    // values below are Hong & Kim's.
    let v100 = GpuMachine {
        sm_count: 84.0,
        freq_ghz: 1.53,
        mem_bw_gbs: 900.0,
        mem_ld: 1029.0,
        issue_cycles: 1.0,
        ..hk_machine()
    };
    let p = v100.predict(&hk_kernel()).unwrap();
    // 80 blocks on 84 SMs: one block per SM, 80 SMs busy, one wave.
    assert_eq!((p.active_sms, p.n, p.rep), (80.0, 4.0, 1.0));
    assert!(p.seconds > 0.0 && p.seconds.is_finite());
    let bus = Bus::symmetric("NVLink", 25.0, 10.0);
    // 1 GB over NVLink: 40 ms + 10 us, either way.
    for d in [Direction::ToDevice, Direction::FromDevice] {
        assert!(close(bus.transfer_seconds(d, 1e9).unwrap(), 0.04001, 1e-12));
        assert_eq!(bus.transfer_seconds(d, 0.0).unwrap(), 0.0);
    }
}

fn simple_loop(iterations: f64) -> CpuLoop {
    CpuLoop {
        iterations,
        mix: InstructionMix {
            int_ops: 2.0,
            fp_ops: 2.0,
            loads: 2.0,
            stores: 1.0,
            branches: 1.0,
        },
        cycles_per_iter: None,
        bytes_per_iter: 0.0,
        data_passes: 1.0,
        vector_lanes: 1.0,
        tlb_misses_per_iter: None,
    }
}

#[test]
fn table_ii_cpu_model() {
    let m = CpuMachine::table_ii(4.0, 100.0);
    assert_eq!(m.freq_ghz, 3.0);
    assert_eq!(m.tlb_entries, 1024.0);
    assert_eq!(m.tlb_miss_penalty, 14.0);
    assert_eq!(m.loop_overhead_per_iter, 4.0);
    assert_eq!(m.schedule_static, 10_154.0);
    assert_eq!(m.sync_overhead, 4_000.0);
    assert_eq!(m.parallel_startup, 3_000.0);
    // 1001 iterations on 4 threads: the slowest thread runs 251, each
    // 8 cycles (mix) + 4 (loop overhead).
    let p = m.predict(&simple_loop(1001.0)).unwrap();
    assert_eq!(p.chunk, 251.0);
    assert_eq!(p.cycles_per_iter, 8.0);
    assert_eq!(p.total_cycles, 3_000.0 + 10_154.0 + 4_000.0 + 251.0 * 12.0);
    assert!(close(p.seconds, p.total_cycles / 3e9, 1e-12));
    // IPC 2 halves the mix cycles.
    let m2 = CpuMachine {
        ipc: 2.0,
        ..m.clone()
    };
    assert_eq!(
        m2.predict(&simple_loop(1001.0)).unwrap().cycles_per_iter,
        4.0
    );
    // A measured cycles-per-iteration overrides the mix.
    let given = CpuLoop {
        cycles_per_iter: Some(20.0),
        ..simple_loop(1001.0)
    };
    assert_eq!(m.predict(&given).unwrap().compute_cycles, 251.0 * 24.0);
}

#[test]
fn cpu_bandwidth_floor_and_tlb() {
    let m = CpuMachine::table_ii(160.0, 100.0);
    // 1e8 iterations streaming 24 bytes: 2.4 GB at 100 GB/s = 24 ms, far
    // more than 625,000 x 12 cycles = 2.5 ms at 3 GHz.
    let lp = CpuLoop {
        bytes_per_iter: 24.0,
        ..simple_loop(1e8)
    };
    let p = m.predict(&lp).unwrap();
    assert!(p.bandwidth_bound);
    assert!(close(p.bandwidth_cycles, 0.024 * 3e9, 1e-12));
    // Each thread touches 625,000 x 24 bytes = 229 pages of 64 KiB.
    assert_eq!(p.tlb_misses, 229.0);
    assert!(p.seconds > 0.024 && p.seconds < 0.0241);
    // More walks over data that exceeds the TLB miss again each time.
    let big = CpuLoop {
        data_passes: 3.0,
        bytes_per_iter: 24.0,
        ..simple_loop(1e10)
    };
    let q = m.predict(&big).unwrap();
    let pages = (1e10_f64 / 160.0 * 24.0 / 65536.0).ceil();
    assert!(pages > 1024.0);
    assert_eq!(q.tlb_misses, 3.0 * pages);
    let e = CpuMachine::table_ii(0.5, 100.0)
        .predict(&simple_loop(10.0))
        .unwrap_err();
    assert!(e.to_string().starts_with("threads (host threads"), "{e}");
}

#[test]
fn stride_row_and_column_major() {
    let a = parse_access("A[i*n+j]", &["i", "j"]).unwrap();
    assert_eq!(a.array.as_deref(), Some("A"));
    let sizes = [("n", 1100)];
    // j parallel: neighbouring threads, neighbouring elements.
    assert_eq!(a.symbolic_stride("j").to_string(), "1");
    assert_eq!(a.coalescing("j", &sizes).unwrap(), Coalescing::Unit);
    assert!(a.coalescing("j", &sizes).unwrap().is_coalesced());
    // i parallel: a row apart, stride n.
    assert_eq!(a.symbolic_stride("i").to_string(), "n");
    assert_eq!(a.stride("i", &sizes).unwrap(), 1100);
    assert_eq!(
        a.coalescing("i", &sizes).unwrap(),
        Coalescing::Strided(1100)
    );
    assert!(!a.coalescing("i", &sizes).unwrap().is_coalesced());
    // Column-major the other way round.
    let b = parse_access("B[j*n+i]", &["i", "j"]).unwrap();
    assert_eq!(b.coalescing("i", &sizes).unwrap(), Coalescing::Unit);
    assert_eq!(b.stride("j", &sizes).unwrap(), 1100);
    // A constant multiple and offset.
    let c = parse_access("C[2*i + 1]", &["i"]).unwrap();
    assert_eq!(c.coalescing("i", &[]).unwrap(), Coalescing::Strided(2));
    // Not depending on the parallel index: every thread the same element.
    let x = parse_access("x[k]", &["i", "k"]).unwrap();
    assert_eq!(x.coalescing("i", &[]).unwrap(), Coalescing::Broadcast);
    // Parentheses, negation, products of sizes; n = 1 makes even a row
    // stride unit.
    let d = parse_access("D[(i + 1) * (n*m) - (j - 2*i*m)]", &["i", "j"]).unwrap();
    assert_eq!(d.symbolic_stride("i").to_string(), "m*n + 2*m");
    assert_eq!(d.stride("i", &[("n", 3), ("m", 5)]).unwrap(), 25);
    assert_eq!(d.stride("j", &[]).unwrap(), -1);
    assert_eq!(d.coalescing("j", &[]).unwrap(), Coalescing::Unit);
    assert_eq!(a.coalescing("i", &[("n", 1)]).unwrap(), Coalescing::Unit);
    // The paper's IPDA example (Section IV-C): A[max * a], a parallel.
    let s = parse_access("A[max * a]", &["a"]).unwrap();
    assert_eq!(s.symbolic_stride("a").to_string(), "max");
    // A size without a runtime value is named.
    let e = a.stride("i", &[]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "subscript `A[i*n+j]` uses size `n`, which has no runtime value"
    );
}

#[test]
fn subscript_errors_name_column_and_text() {
    let e = parse_access("A[i*j]", &["i", "j"]).unwrap_err();
    assert_eq!(e.column, 4);
    assert_eq!(
        e.problem,
        SubscriptProblem::NotAffine {
            left: "i".into(),
            right: "j".into()
        }
    );
    assert!(
        e.to_string().starts_with("subscript `A[i*j]`, column 4: "),
        "{e}"
    );
    // i*n*i is not affine either; the second `*` is where it stops being.
    assert_eq!(parse_access("A[i*n*i]", &["i"]).unwrap_err().column, 6);
    let e = parse_access("A[i % n]", &["i"]).unwrap_err();
    assert_eq!(
        (e.column, e.problem.clone()),
        (5, SubscriptProblem::BadChar('%'))
    );
    let e = parse_access("A[i*n + j", &["i", "j"]).unwrap_err();
    assert_eq!(e.column, 10);
    assert!(matches!(e.problem, SubscriptProblem::UnexpectedEnd { .. }));
    let e = parse_access("A[i + ]", &["i"]).unwrap_err();
    assert_eq!(e.column, 7);
    assert!(e.to_string().contains("found `]`"), "{e}");
    let e = parse_access("A[i][j]", &["i", "j"]).unwrap_err();
    assert_eq!(e.column, 5);
    let e = parse_access("A[99999999999999999999 * i]", &["i"]).unwrap_err();
    assert_eq!((e.column, e.problem), (3, SubscriptProblem::Overflow));
    assert_eq!(parse_access("", &[]).unwrap_err().column, 1);
}

/// The launch the kernels of these tests state themselves.
fn runtime() -> Runtime {
    Runtime {
        threads_per_block: 128.0,
        max_blocks: 65535.0,
        active_blocks_per_sm: None,
    }
}

fn test_platform(bus_latency_us: f64) -> Platform {
    Platform {
        cpu: CpuMachine::table_ii(4.0, 100.0),
        gpu: GpuMachine {
            sm_count: 84.0,
            freq_ghz: 1.53,
            mem_bw_gbs: 900.0,
            mem_ld: 1029.0,
            issue_cycles: 1.0,
            ..hk_machine()
        },
        bus: Bus::symmetric("NVLink", 25.0, bus_latency_us),
        runtime: runtime(),
        formulation: Formulation::Published,
        memory: Default::default(),
        caches: None,
        speedup_error: None,
    }
}

/// C = A x B for n x n matrices of doubles: one parallel iteration per
/// element of C (n^2), an inner loop of n trips.
fn matmul(parallel: &str) -> OffloadKernel {
    let idx = ["i", "j", "k"];
    let acc = |t: &str| SubscriptAccess::parse(t, &idx, 1.0).unwrap();
    OffloadKernel {
        size_name: "n".into(),
        parallel_index: parallel.into(),
        iterations: Scaling::quadratic(1.0),
        inner_trips: Scaling::linear(1.0),
        accesses: vec![acc("A[i*n + k]"), acc("B[k*n + j]")],
        gpu_comp_insts: 4.0,
        gpu_sync_insts: 0.0,
        cpu_mix: InstructionMix {
            int_ops: 1.0,
            fp_ops: 2.0,
            loads: 2.0,
            stores: 0.0,
            branches: 1.0,
        },
        cpu_bytes_per_iter: Scaling::linear(8.0),
        bytes_to_device: Scaling::quadratic(16.0),
        bytes_from_device: Scaling::quadratic(8.0),
        device_bytes: None,
        host_bytes: None,
        threads_per_block: 128.0,
        max_blocks: 84.0 * 16.0,
        active_blocks_per_sm: 16.0,
        load_bytes_per_warp: 128.0,
        innermost_index: "k".into(),
        element_bytes: 8.0,
        host_memory: None,
        outer_indices: if parallel == "j" {
            vec!["i".into()]
        } else {
            Vec::new()
        },
    }
}

#[test]
fn matmul_crossover() {
    let pf = test_platform(10.0);
    let good = matmul("j");
    // j parallel: A[i*n + k] is a broadcast, B[k*n + j] unit stride.
    let g = good.gpu_kernel(1000.0).unwrap();
    assert_eq!((g.coal_mem_insts, g.uncoal_mem_insts), (2000.0, 0.0));
    let small = decide(&good, &pf, 4.0).unwrap();
    let large = decide(&good, &pf, 2000.0).unwrap();
    assert!(!small.offload, "speedup at n = 4: {}", small.speedup);
    assert!(large.offload, "speedup at n = 2000: {}", large.speedup);
    assert!(close(
        large.gpu_seconds,
        large.kernel_seconds + large.transfer_seconds,
        1e-12
    ));
    let c = crossover(&good, &pf, 4.0, 2000.0, 64).unwrap().unwrap();
    assert!(c > 4.0 && c < 2000.0);
    assert!(decide(&good, &pf, c).unwrap().offload);
    assert!(!decide(&good, &pf, c * (1.0 - 1e-8)).unwrap().offload);
    // i parallel: A[i*n + k] has stride n (uncoalesced) and B[k*n + j]
    // none (broadcast): half the loads become uncoalesced, and the GPU
    // needs a larger problem to win, if it wins at all.
    let bad = matmul("i");
    let b = bad.gpu_kernel(1000.0).unwrap();
    assert_eq!((b.coal_mem_insts, b.uncoal_mem_insts), (1000.0, 1000.0));
    match crossover(&bad, &pf, 4.0, 2000.0, 64).unwrap() {
        Some(cb) => assert!(cb > c, "{cb} vs {c}"),
        None => assert!(!decide(&bad, &pf, 2000.0).unwrap().offload),
    }
    // No flip inside a range on one side.
    assert_eq!(crossover(&good, &pf, 2.0, 3.0, 8).unwrap(), None);
    assert!(matches!(
        crossover(&good, &pf, 5.0, 5.0, 8),
        Err(OffloadError::SizeRange { .. })
    ));
    let s = sweep(&good, &pf, &[8.0, 64.0, 512.0]).unwrap();
    assert!(s[0].speedup < s[1].speedup && s[1].speedup < s[2].speedup);
}

/// A streaming loop y[i] = f(x[i]) with all accesses strided (uncoalesced),
/// one wave of blocks, and n = k x (launched threads) so that #OMP_Rep = k.
fn streaming(comp: f64, stride: i64, bytes_per_elem: f64) -> OffloadKernel {
    let acc = |t: String| SubscriptAccess::parse(&t, &["i"], 1.0).unwrap();
    OffloadKernel {
        size_name: "n".into(),
        parallel_index: "i".into(),
        iterations: Scaling::linear(1.0),
        inner_trips: Scaling::constant(1.0),
        accesses: vec![
            acc(format!("x[{stride}*i]")),
            acc(format!("y[{stride}*i + 1]")),
        ],
        gpu_comp_insts: comp,
        gpu_sync_insts: 0.0,
        cpu_mix: InstructionMix {
            int_ops: comp,
            fp_ops: 0.0,
            loads: 1.0,
            stores: 1.0,
            branches: 1.0,
        },
        cpu_bytes_per_iter: Scaling::constant(bytes_per_elem),
        bytes_to_device: Scaling::linear(bytes_per_elem / 2.0),
        bytes_from_device: Scaling::linear(bytes_per_elem / 2.0),
        device_bytes: None,
        host_bytes: None,
        threads_per_block: 128.0,
        max_blocks: 16.0 * 5.0,
        active_blocks_per_sm: 5.0,
        load_bytes_per_warp: 128.0,
        innermost_index: "i".into(),
        element_bytes: 4.0,
        host_memory: None,
        outer_indices: Vec::new(),
    }
}

proptest! {
    /// Setting: the Hong & Kim machine (memory-bound: every access
    /// uncoalesced, few computation instructions), a grid of one full wave
    /// (80 blocks x 128 threads = G = 10,240 threads), sizes n = k x G so
    /// that #OMP_Rep = k, CPU threads dividing G and no TLB penalty (the
    /// page count's rounding would break linearity), transfers linear in n
    /// plus a fixed bus latency L per direction. Then CPU time = F + a k and
    /// GPU time = 2L + g k exactly, and speedup (F + a k) / (2L + g k) rises
    /// with k exactly when a x 2L > F x g, i.e. when the GPU's fixed cost
    /// is the larger share of its time; with no CPU overheads (F = 0) it
    /// always rises.
    #[test]
    fn speedup_rises_when_gpu_fixed_cost_dominates(
        comp in 1.0f64..20.0,
        stride in 2i64..64,
        bytes in 4.0f64..64.0,
        latency_us in 0.0f64..200.0,
        threads_pow in 0u32..8,
        zero_overheads in any::<bool>(),
    ) {
        let mut cpu = CpuMachine::table_ii(f64::from(1u32 << threads_pow), 50.0);
        cpu.tlb_miss_penalty = 0.0;
        if zero_overheads {
            cpu.parallel_startup = 0.0;
            cpu.schedule_static = 0.0;
            cpu.sync_overhead = 0.0;
        }
        let pf = Platform {
            cpu,
            gpu: hk_machine(),
            bus: Bus::symmetric("bus", 8.0, latency_us),
            runtime: runtime(),
            formulation: Formulation::Published,
            memory: Default::default(),
            caches: None,
            speedup_error: None,
        };
        let kern = streaming(comp, stride, bytes);
        let g = 80.0 * 128.0;
        let d: Vec<_> = (1..=12)
            .map(|k| decide(&kern, &pf, k as f64 * g).unwrap())
            .collect();
        for x in &d {
            prop_assert_eq!(x.gpu.case, ExecCase::MemoryBound);
            prop_assert_eq!(x.gpu.omp_rep, (x.n / g).round());
        }
        // Affine in k: fixed parts and slopes from k = 1, 2.
        let a = d[1].cpu_seconds - d[0].cpu_seconds;
        let f = d[0].cpu_seconds - a;
        let gs = d[1].gpu_seconds - d[0].gpu_seconds;
        let l2 = d[0].gpu_seconds - gs;
        prop_assert!(close(l2, 2.0 * latency_us * 1e-6, 1e-6) || l2.abs() < 1e-12);
        for (k, x) in d.iter().enumerate() {
            let k = (k + 1) as f64;
            prop_assert!(close(x.cpu_seconds, f + a * k, 1e-9));
            prop_assert!(close(x.gpu_seconds, l2 + gs * k, 1e-9));
        }
        let det = a * l2 - f * gs;
        let scale = a * l2 + f * gs;
        if det > 1e-9 * scale {
            for w in d.windows(2) {
                prop_assert!(w[1].speedup > w[0].speedup);
            }
        } else if det < -1e-9 * scale {
            for w in d.windows(2) {
                prop_assert!(w[1].speedup < w[0].speedup);
            }
        }
        if zero_overheads && latency_us > 1.0 {
            prop_assert!(det > 0.0);
        }
    }
}

#[test]
fn decision_errors() {
    let pf = test_platform(10.0);
    let e = decide(&matmul("j"), &pf, 0.0).unwrap_err();
    assert!(e.to_string().starts_with("problem size n = 0"), "{e}");
    // With i parallel, A[i*n + k] has stride n: n must have a value.
    let mut k = matmul("i");
    k.size_name = "m".into();
    let e = decide(&k, &pf, 10.0).unwrap_err();
    assert!(
        matches!(e, OffloadError::UnknownSize { ref name, .. } if name == "n"),
        "{e}"
    );
}

#[test]
fn hostile_subscripts_are_refused_quickly_and_briefly() {
    // Nesting: refused with a clear message instead of recursing (a
    // state or file with such a subscript is parsed at start-up).
    let deep = format!("A[{}i{}]", "(".repeat(400), ")".repeat(400));
    let e = parse_access(&deep, &["i"]).unwrap_err();
    assert!(matches!(e.problem, SubscriptProblem::TooDeep { .. }), "{e}");
    assert!(e.to_string().contains("nested too deep"), "{e}");
    let minus = format!("A[{}i]", "-".repeat(500));
    assert!(matches!(
        parse_access(&minus, &["i"]).unwrap_err().problem,
        SubscriptProblem::TooDeep { .. }
    ));
    // 64 levels still read.
    let ok = format!("A[{}i{}]", "(".repeat(60), ")".repeat(60));
    assert!(parse_access(&ok, &["i"]).is_ok());
    // Length: 40,000 names are refused at once, and the message quotes
    // only the start of the text.
    let names: Vec<String> = (0..40_000).map(|k| format!("v{k}")).collect();
    let long = format!("A[{}]", names.join("+"));
    let started = std::time::Instant::now();
    let e = parse_access(&long, &["i"]).unwrap_err();
    assert!(started.elapsed().as_millis() < 500);
    assert!(matches!(e.problem, SubscriptProblem::TooLong { .. }), "{e}");
    assert!(e.to_string().len() < 300, "{} bytes", e.to_string().len());
}

#[test]
fn a_slower_memory_never_predicts_fewer_cycles() {
    // Mem_LD = 5 cycles or a very low bandwidth drive MWP below 1; taken
    // as printed, (MWP - 1) < 0 made the synchronization negative and the
    // total shrink.
    let base = hk_machine().predict(&hk_kernel()).unwrap();
    for m in [
        GpuMachine {
            mem_ld: 5.0,
            ..hk_machine()
        },
        GpuMachine {
            mem_bw_gbs: 0.56,
            ..hk_machine()
        },
    ] {
        let p = m.predict(&hk_kernel()).unwrap();
        assert!(p.sync_cycles >= 0.0, "{p:?}");
        assert!(p.exec_cycles > 0.0 && p.total_cycles > 0.0, "{p:?}");
    }
    let slow = GpuMachine {
        mem_bw_gbs: 0.56,
        ..hk_machine()
    }
    .predict(&hk_kernel())
    .unwrap();
    assert!(slow.mwp < 1.0, "{}", slow.mwp);
    assert!(slow.total_cycles > base.total_cycles);
    // A memory latency of zero is not a machine.
    let e = GpuMachine {
        mem_ld: 0.0,
        ..hk_machine()
    }
    .predict(&hk_kernel())
    .unwrap_err();
    assert!(e.to_string().contains("mem_ld"), "{e}");
}

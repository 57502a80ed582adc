//! The cache-aware term against hand counts of lines and transactions.

use super::*;
use crate::offload::kernel::{OffloadKernel, Scaling, SubscriptAccess};
use crate::offload::omp_cpu::InstructionMix;

/// A GPU of 10 SMs at 1 GHz, Mem_LD 400, departure delays 4 and 10.
fn gpu() -> GpuMachine {
    GpuMachine {
        name: "test GPU".into(),
        sm_count: 10.0,
        freq_ghz: 1.0,
        mem_bw_gbs: 100.0,
        mem_ld: 400.0,
        departure_del_coal: 4.0,
        departure_del_uncoal: 10.0,
        trans_per_warp_uncoal: 32.0,
        issue_cycles: 1.0,
        max_threads_per_sm: 1024.0,
        max_blocks_per_sm: 8.0,
    }
}

/// L1 `l1` KiB per SM, L2 `l2` KiB, 128-byte lines, hits 30 and 200.
fn caches(l1: f64, l2: f64) -> GpuCaches {
    GpuCaches {
        l1_bytes_per_sm: l1 * 1024.0,
        l2_bytes: l2 * 1024.0,
        line_bytes: 128.0,
        l1_hit_cycles: 30.0,
        l2_hit_cycles: 200.0,
    }
}

/// `for j parallel: for k: ... access ...` over n = 1024 floats, 128
/// threads a block, one block per SM (8 blocks on 8 SMs).
fn kernel(accesses: &[&str]) -> OffloadKernel {
    let idx = ["j", "k"];
    OffloadKernel {
        size_name: "n".into(),
        parallel_index: "j".into(),
        iterations: Scaling::linear(1.0),
        inner_trips: Scaling::linear(1.0),
        accesses: accesses
            .iter()
            .map(|a| SubscriptAccess::parse(a, &idx, 1.0).unwrap())
            .collect(),
        gpu_comp_insts: 1.0,
        gpu_sync_insts: 0.0,
        cpu_mix: InstructionMix {
            int_ops: 1.0,
            fp_ops: 1.0,
            loads: 1.0,
            stores: 0.0,
            branches: 1.0,
        },
        cpu_bytes_per_iter: Scaling::linear(4.0),
        bytes_to_device: Scaling::quadratic(4.0),
        bytes_from_device: Scaling::linear(4.0),
        device_bytes: None,
        host_bytes: None,
        threads_per_block: 128.0,
        max_blocks: 65535.0,
        active_blocks_per_sm: 1.0,
        load_bytes_per_warp: 128.0,
        innermost_index: "k".into(),
        outer_indices: Vec::new(),
        element_bytes: 4.0,
        host_memory: None,
    }
}

fn class(access: &str, c: &GpuCaches) -> MemClass {
    let k = kernel(&[access]);
    let nest = k.nest(1024.0).unwrap();
    let gk = k.gpu_kernel(1024.0).unwrap();
    gpu_classes(&nest, &gk, &gpu(), c).unwrap().remove(0)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1.0)
}

#[test]
fn a_unit_stride_stream_is_one_transaction_from_dram() {
    // 32 threads x 4 bytes: one 128-byte line a warp. The line moves on
    // with k by a row (4 KiB): every trip's lines are new, all from DRAM.
    let c = class("A[k*n + j]", &caches(64.0, 1024.0));
    assert_eq!(c.transactions, 1.0);
    assert_eq!((c.l1_share, c.l2_share, c.dram_share), (0.0, 0.0, 1.0));
    assert_eq!(c.latency, 400.0); // Mem_LD, as Hong & Kim's coalesced access
    assert_eq!(c.departure, 4.0);
    assert_eq!(c.dram_bytes, 128.0);
    assert_eq!(c.insts, 1024.0);
}

#[test]
fn a_broadcast_is_served_by_the_l1() {
    // One line for every thread; a new line every 32 trips (128 / 4).
    // SM: 4 warps x 1 transaction, 1/32 of a line missed: L1 misses 1/128.
    // GPU: 32 warps, 1/32 of a line from DRAM: 1/1024.
    let c = class("x[k]", &caches(64.0, 1024.0));
    assert_eq!(c.transactions, 1.0);
    assert!(close(c.l1_share, 1.0 - 1.0 / 128.0));
    assert!(close(c.dram_share, 1.0 / 1024.0));
    assert!(close(c.l2_share, 1.0 / 128.0 - 1.0 / 1024.0));
    let lat = c.l1_share * 30.0 + c.l2_share * 200.0 + c.dram_share * 400.0;
    assert!(close(c.latency, lat));
    assert_eq!(c.departure, 4.0);
    assert!(close(c.dram_bytes, 32.0 / 1024.0)); // a sector, 1/1024 of the time
}

#[test]
fn a_transposed_access_inside_l2_reuses_its_lines_there() {
    // Each thread its own row: 32 lines a warp access. One trip's lines:
    // 128 a SM (16 KiB, beyond an 8 KiB L1), 1024 on the GPU (128 KiB,
    // inside a 1 MiB L2); a line serves 32 trips (128 / 4 bytes).
    let c = class("A[j*n + k]", &caches(8.0, 1024.0));
    assert_eq!(c.transactions, 32.0);
    assert_eq!(c.l1_share, 0.0); // 128 misses of 4 warps x 32
    assert!(close(c.dram_share, 1.0 / 32.0)); // 1024 / 32 of 32 warps x 32
    assert!(close(c.l2_share, 31.0 / 32.0));
    let dd = 10.0 / 32.0 + 4.0 * 31.0 / 32.0;
    let lat = 200.0 * 31.0 / 32.0 + 400.0 / 32.0;
    assert!(close(c.latency, lat + 31.0 * dd));
    assert!(close(c.departure, 32.0 * dd));
    assert!(close(c.dram_bytes, 32.0)); // 1/32 of 32 sectors
}

#[test]
fn a_transposed_access_beyond_l2_is_hong_and_kims_uncoalesced_access() {
    // 128 KiB of lines a trip against a 64 KiB L2: nothing is held, every
    // transaction goes to DRAM: Mem_LD + 31 x Departure_del_uncoal (Hong &
    // Kim Eq. 8) and 32 x Departure_del_uncoal between warps (Eq. 13).
    let c = class("A[j*n + k]", &caches(8.0, 64.0));
    assert_eq!((c.transactions, c.dram_share), (32.0, 1.0));
    assert_eq!(c.latency, 400.0 + 31.0 * 10.0);
    assert_eq!(c.departure, 32.0 * 10.0);
    assert_eq!(c.dram_bytes, 32.0 * 32.0);
}

#[test]
fn without_caches_every_transaction_goes_to_dram() {
    for access in ["A[k*n + j]", "x[k]", "A[j*n + k]"] {
        let c = class(access, &caches(0.0, 0.0));
        assert_eq!(c.dram_share, 1.0, "{access}");
        let t = c.transactions;
        assert_eq!(c.latency, 400.0 + (t - 1.0) * 10.0, "{access}");
    }
}

/// The host's view of ATAX2's loop: a column of A per iteration, tmp
/// re-read; n = 1024 floats, 64-byte lines, 4 KiB pages, 64 TLB entries.
fn host(cache_kib: f64) -> HostTraffic {
    let k = kernel(&["A[k*n + j]", "tmp[k]"]);
    let nest = k.nest(1024.0).unwrap();
    let cache = HostCache {
        line_bytes: 64.0,
        bytes_per_thread: cache_kib * 1024.0,
        hierarchy: None,
    };
    host_traffic(&nest, &cache, 64.0, 4096.0)
}

#[test]
fn a_column_walk_reuses_its_lines_when_a_pass_fits_and_misses_the_tlb() {
    // A pass: 1024 lines of A (a row apart) and 64 of tmp: 69632 bytes.
    let h = host(256.0);
    assert_eq!(h.pass_bytes, 69632.0);
    assert!(h.pass_fits);
    // The next column is 4 bytes on: over 1024 columns the matrix's 65536
    // lines, the first pass's 1024 aside; tmp is the same every time.
    assert!(close(h.bytes_per_iter, (65536.0 - 1024.0) / 1023.0 * 64.0));
    // 1024 pages of A and 1 of tmp a pass exceed 64 entries: all again.
    assert_eq!(h.tlb_misses_per_iter, 1025.0);
    // A 32 KiB cache holds no pass: every line again.
    let small = host(32.0);
    assert!(!small.pass_fits);
    assert_eq!(small.bytes_per_iter, 69632.0);
}

//! The offload decision's platform: one GPU (Hong & Kim; the node's
//! first), one CPU socket (the OpenMP model) and the link, as the offload
//! paper evaluates one host and one device.
//!
//! Rules:
//! - GPU: SMs, clock and occupancy limits from the spec; Mem_Bandwidth
//!   the measured coalesced read rate (`coalesced_gbs`) where the spec
//!   has one, else its memory bandwidth; Mem_LD the measured
//!   `mem_ld_cycles` where given, else memory latency x clock in cycles,
//!   where no latency is published the offload paper's V100 value (Table
//!   III, 1029 cycles at 1.53 GHz: 673 ns) carried over as a time;
//!   departure delays the measured ones where given, else 4 and 10 cycles
//!   (Hong & Kim); 32 transactions per uncoalesced warp access; one issue
//!   cycle per instruction (as Table III counts for the V100);
//! - host: clock, threads (cores x threads per core) and bandwidth from the
//!   spec, the rates over thread counts from its measured curves or the
//!   rule of [`crate::platform::threads`] (`thread_scaling`, all threads
//!   the reference); the OpenMP overheads of Table II (POWER9 at 3 GHz) carried over
//!   as times; loop overhead, TLB size and miss penalty of Table II in
//!   cycles; a 4 KiB page; one cycle per instruction, IPC 1;
//! - bus: each direction at the link's rate for it under the chosen
//!   [`Transfers`] (see [`Link::rate_to`]), and the link's latency;
//! - launch: 128 threads per block, at most 65535 blocks;
//! - caches (the cache-aware formulation): the GPU's L1 per SM and L2 from
//!   the spec (none where it gives none), 128-byte lines, hit latencies
//!   from the spec, else Volta's as microbenchmarked by Jia et al. (2018:
//!   L1 28, L2 193 cycles); the host's private L2 per core over its
//!   threads per core, else 256 KiB, and its line, else 64 bytes.

use super::Derived;
use crate::offload::{
    Bus, Caches, CpuMachine, Formulation, GpuCaches, GpuMachine, HostCache, HostHierarchy,
    HostLevel, InstructionMix, Memory, Platform, Rates, Runtime,
};

/// Bytes in a GiB.
const GIB: f64 = 1024.0 * 1024.0 * 1024.0;
use crate::platform::spec::Fields;
use crate::platform::{CpuSpec, Direction, GpuSpec, Link, Node, PlatformError, Source, Transfers};

/// Memory latency assumed where none is published, ns (offload paper
/// Table III: the V100's 1029 cycles at 1.53 GHz).
pub const DEFAULT_MEM_LATENCY_NS: f64 = 1029.0 / 1.53;
/// The clock of Table II's cycle counts, GHz.
const TABLE_II_GHZ: f64 = 3.0;

/// The offload platform of `node`.
pub fn platform(node: &Node, transfers: Transfers) -> Result<Derived<Platform>, PlatformError> {
    node.check()?;
    let (gpu, mut sources) = gpu(node);
    let (cpu, cpu_sources) = cpu(node);
    sources.extend(cpu_sources);
    let (bus, bus_sources) = bus(&node.link, transfers);
    sources.extend(bus_sources);
    let (caches, cache_sources) = caches(node);
    sources.extend(cache_sources);
    let launch = || Source::Estimate("the launch of the offload paper's POWER9 + V100 runs".into());
    sources.push(("threads_per_block".into(), launch()));
    sources.push(("max_blocks".into(), launch()));
    let value = Platform {
        cpu,
        gpu,
        bus,
        runtime: Runtime {
            threads_per_block: 128.0,
            max_blocks: 65535.0,
            active_blocks_per_sm: None,
        },
        formulation: Formulation::default(),
        memory: Memory {
            gpu_bytes: Some(node.gpu().mem_gib * GIB),
            host_bytes: Some(node.cpu.mem_gib * f64::from(node.cpus) * GIB),
        },
        caches: Some(caches),
        speedup_error: None,
    };
    value.check().map_err(|e| PlatformError::Derived {
        model: "offload",
        name: node.name.clone(),
        message: e.to_string(),
    })?;
    Ok(Derived { value, sources })
}

/// The bus of `link` under `transfers`: each direction's rate and the
/// latency, with their sources.
fn bus(link: &Link, transfers: Transfers) -> (Bus, Vec<(String, Source)>) {
    let (h2d, h2d_field) = link.rate_to(Direction::ToDevice, transfers);
    let (d2h, d2h_field) = link.rate_to(Direction::FromDevice, transfers);
    let rates = |t: Transfers| {
        let (to, to_field) = link.rate_to(Direction::ToDevice, t);
        let (from, from_field) = link.rate_to(Direction::FromDevice, t);
        let own = |field: &str| (t == Transfers::Pinned) != field.contains("pageable");
        (own(to_field) && own(from_field)).then_some(Rates {
            h2d_gbs: to,
            d2h_gbs: from,
        })
    };
    let bus = Bus {
        name: link.name.clone(),
        h2d_gbs: h2d,
        d2h_gbs: d2h,
        latency_us: link.latency_us,
        pinned: rates(Transfers::Pinned),
        pageable: rates(Transfers::Pageable),
    };
    let of = |field: &str| {
        link.source_of(field)
            .map_detail(|d| format!("{field} of {}: {d}", link.name))
    };
    let both = if h2d_field == d2h_field {
        of(h2d_field)
    } else {
        Source::derived(format!(
            "the slower direction of {}: host to device {h2d} GB/s ({h2d_field}), device to host {d2h} GB/s ({d2h_field})",
            link.name
        ))
    };
    let sources = vec![
        ("bus_gbs".into(), both),
        ("bus_h2d_gbs".into(), of(h2d_field)),
        ("bus_d2h_gbs".into(), of(d2h_field)),
        ("bus_latency_us".into(), link.source_of("latency_us")),
    ];
    (bus, sources)
}

/// A measured field of `g` where given, with its source, else `rule`.
fn measured_or(g: &GpuSpec, field: &str, value: Option<f64>, rule: (f64, Source)) -> (f64, Source) {
    value.map_or(rule, |v| (v, g.source_of(field)))
}

fn gpu(node: &Node) -> (GpuMachine, Vec<(String, Source)>) {
    let g = node.gpu();
    let hong_kim = || Source::Paper("Hong & Kim (ISCA 2009)".into());
    let (mem_bw, mem_bw_source) = measured_or(
        g,
        "coalesced_gbs",
        g.coalesced_gbs,
        (g.mem_bw_gbs, g.source_of("mem_bw_gbs")),
    );
    let (mem_ld, mem_ld_source) = measured_or(g, "mem_ld_cycles", g.mem_ld_cycles, mem_ld_rule(g));
    let (coal, coal_source) = measured_or(
        g,
        "departure_del_coal",
        g.departure_del_coal,
        (4.0, hong_kim()),
    );
    let (uncoal, uncoal_source) = measured_or(
        g,
        "departure_del_uncoal",
        g.departure_del_uncoal,
        (10.0, hong_kim()),
    );
    let machine = GpuMachine {
        name: g.name.clone(),
        sm_count: g.sms,
        freq_ghz: g.clock_ghz,
        mem_bw_gbs: mem_bw,
        mem_ld,
        departure_del_coal: coal,
        departure_del_uncoal: uncoal,
        trans_per_warp_uncoal: 32.0,
        issue_cycles: 1.0,
        max_threads_per_sm: g.max_threads_per_sm,
        max_blocks_per_sm: g.max_blocks_per_sm,
    };
    let sources = vec![
        ("sm_count".into(), g.source_of("sms")),
        ("freq_ghz".into(), g.source_of("clock_ghz")),
        ("mem_bw_gbs".into(), mem_bw_source),
        ("mem_ld".into(), mem_ld_source),
        ("departure_del_coal".into(), coal_source),
        ("departure_del_uncoal".into(), uncoal_source),
        (
            "trans_per_warp_uncoal".into(),
            Source::derived("one transaction per thread of a 32-thread warp"),
        ),
        (
            "issue_cycles".into(),
            Source::Paper("offload paper Table III (as counted for the V100)".into()),
        ),
        (
            "max_threads_per_sm".into(),
            g.source_of("max_threads_per_sm"),
        ),
        ("max_blocks_per_sm".into(), g.source_of("max_blocks_per_sm")),
    ];
    (machine, sources)
}

/// Mem_LD without a measured one: the memory latency (published, or the
/// V100's carried over) times the clock, in cycles.
fn mem_ld_rule(g: &GpuSpec) -> (f64, Source) {
    let (latency_ns, latency_source) = match g.mem_latency_ns {
        Some(ns) => (ns, g.source_of("mem_latency_ns")),
        None => (
            DEFAULT_MEM_LATENCY_NS,
            Source::Estimate(
                "no published latency: the offload paper's V100 value (Table III, 673 ns) carried over as a time"
                    .into(),
            ),
        ),
    };
    let source = Source::derived(format!(
        "latency {latency_ns:.0} ns x {} GHz ({latency_source})",
        g.clock_ghz
    ));
    ((latency_ns * g.clock_ghz).round(), source)
}

fn cpu(node: &Node) -> (CpuMachine, Vec<(String, Source)>) {
    let c = &node.cpu;
    let at_clock = c.clock_ghz / TABLE_II_GHZ;
    let machine = CpuMachine {
        name: format!("{}, {} threads", c.name, c.threads()),
        freq_ghz: c.clock_ghz,
        threads: c.threads(),
        tlb_entries: 1024.0,
        tlb_miss_penalty: 14.0,
        page_bytes: 4096.0,
        loop_overhead_per_iter: 4.0,
        schedule_static: (10154.0 * at_clock).round(),
        sync_overhead: (4000.0 * at_clock).round(),
        parallel_startup: (3000.0 * at_clock).round(),
        mem_bw_gbs: c.mem_bw_gbs,
        class_cycles: InstructionMix {
            int_ops: 1.0,
            fp_ops: 1.0,
            loads: 1.0,
            stores: 1.0,
            branches: 1.0,
        },
        ipc: 1.0,
        vector_bits: c.vector_bits,
        thread_scaling: Some(c.thread_scaling()),
    };
    let table_ii = || Source::Paper("offload paper Table II (cycles)".into());
    let as_time = |cycles: f64| {
        Source::derived(format!(
            "offload paper Table II: {cycles} cycles at 3 GHz carried over as a time, at {} GHz",
            c.clock_ghz
        ))
    };
    let mut sources = vec![
        ("cpu_freq_ghz".into(), c.source_of("clock_ghz")),
        (
            "threads".into(),
            Source::derived(format!(
                "{} cores x {} threads per core",
                c.cores, c.threads_per_core
            )),
        ),
        ("tlb_entries".into(), table_ii()),
        ("tlb_miss_penalty".into(), table_ii()),
        (
            "page_bytes".into(),
            Source::Estimate("the 4 KiB base page of x86 and Arm Linux".into()),
        ),
        ("loop_overhead_per_iter".into(), table_ii()),
        ("schedule_static".into(), as_time(10154.0)),
        ("sync_overhead".into(), as_time(4000.0)),
        ("parallel_startup".into(), as_time(3000.0)),
        ("cpu_mem_bw_gbs".into(), c.source_of("mem_bw_gbs")),
        ("vector_bits".into(), c.source_of("vector_bits")),
        (
            "ipc".into(),
            Source::Estimate("one instruction per cycle, every class one cycle".into()),
        ),
    ];
    let scaling = c.thread_scaling_sources();
    sources.extend(scaling.map(|(field, s)| (field.to_string(), s)));
    (machine, sources)
}

/// Hit latencies where the spec gives none, cycles: the V100's as Jia et
/// al. microbenchmarked them ("Dissecting the NVIDIA Volta GPU
/// architecture via microbenchmarking", 2018).
const L1_HIT_CYCLES: f64 = 28.0;
const L2_HIT_CYCLES: f64 = 193.0;
/// The host's private cache where the spec gives none, KiB.
const HOST_L2_KIB: f64 = 256.0;

/// The caches of `node` for the cache-aware formulation, with sources.
fn caches(node: &Node) -> (Caches, Vec<(String, Source)>) {
    let (g, c) = (node.gpu(), &node.cpu);
    let given = |v: Option<f64>, field: &str, spec: &dyn Fn(&str) -> Source, rule: (f64, &str)| {
        v.map_or((rule.0, Source::Estimate(rule.1.into())), |v| {
            (v, spec(field))
        })
    };
    let gs = |f: &str| g.source_of(f);
    let cs = |f: &str| c.source_of(f);
    let none = "not in the spec: taken as none";
    let (l1, l1_s) = given(g.l1_kib_per_sm, "l1_kib_per_sm", &gs, (0.0, none));
    let (l2, l2_s) = given(g.l2_mib, "l2_mib", &gs, (0.0, none));
    let jia = "not in the spec: the V100's (Jia et al. 2018) carried over";
    let (h1, h1_s) = given(g.l1_hit_cycles, "l1_hit_cycles", &gs, (L1_HIT_CYCLES, jia));
    let (h2, h2_s) = given(g.l2_hit_cycles, "l2_hit_cycles", &gs, (L2_HIT_CYCLES, jia));
    let small = "not in the spec: 256 KiB, the smallest private L2 of a current server core";
    let (l2c, l2c_s) = given(
        c.l2_kib_per_core,
        "l2_kib_per_core",
        &cs,
        (HOST_L2_KIB, small),
    );
    let line64 = "not in the spec: the 64-byte line of x86 and Arm cores";
    let (line, line_s) = given(c.cache_line_bytes, "cache_line_bytes", &cs, (64.0, line64));
    let caches = Caches {
        gpu: GpuCaches {
            l1_bytes_per_sm: l1 * 1024.0,
            l2_bytes: l2 * 1024.0 * 1024.0,
            line_bytes: 128.0,
            l1_hit_cycles: h1,
            l2_hit_cycles: h2,
        },
        host: HostCache {
            line_bytes: line,
            bytes_per_thread: l2c * 1024.0 / c.threads_per_core,
            hierarchy: host_hierarchy(c),
        },
    };
    let per_thread = Source::derived(format!(
        "{l2c} KiB per core over {} threads per core ({l2c_s})",
        c.threads_per_core
    ));
    let sources = vec![
        ("gpu_l1_bytes_per_sm".into(), l1_s),
        ("gpu_l2_bytes".into(), l2_s),
        (
            "gpu_line_bytes".into(),
            Source::Estimate("the 128-byte line of NVIDIA's L1 and L2".into()),
        ),
        ("gpu_l1_hit_cycles".into(), h1_s),
        ("gpu_l2_hit_cycles".into(), h2_s),
        ("host_cache_bytes_per_thread".into(), per_thread),
        ("host_line_bytes".into(), line_s),
    ];
    let mut sources = sources;
    sources.extend(hierarchy_sources(c));
    (caches, sources)
}

/// A dependent add's latency where none is measured, cycles: the middle
/// of current server cores' 2 to 4 (Agner Fog, "Instruction tables",
/// 2022: 2 on Golden Cove, 3 on Zen 2 to 4, 4 on Skylake-SP).
const ADD_LATENCY_CYCLES: f64 = 3.0;

/// The host's levels for the hierarchy formulation: the spec's data
/// caches (none without them), each with the better of its measured read
/// and triad at each thread count, and the add latency.
fn host_hierarchy(c: &CpuSpec) -> Option<HostHierarchy> {
    if c.caches.is_empty() {
        return None;
    }
    let levels = c
        .caches
        .iter()
        .map(|l| HostLevel {
            level: l.level,
            bytes: l.kib * 1024.0,
            shared_by: f64::from(l.shared_by.max(1)),
            gbs_by_threads: best_of(&l.read_gbs_by_threads, &l.triad_gbs_by_threads),
        })
        .collect();
    Some(HostHierarchy {
        levels,
        add_latency_ns: c.add_latency_ns.unwrap_or(ADD_LATENCY_CYCLES / c.clock_ghz),
        reassociates: false,
    })
}

/// The larger of two curves at each thread count of the first (the
/// first alone where the second lacks the count).
fn best_of(a: &[(u32, f64)], b: &[(u32, f64)]) -> Vec<(u32, f64)> {
    let mut out: Vec<(u32, f64)> = a
        .iter()
        .map(|&(t, v)| {
            let w = b.iter().find(|p| p.0 == t).map_or(v, |p| p.1);
            (t, v.max(w))
        })
        .collect();
    if out.is_empty() {
        out = b.to_vec();
    }
    out
}

fn hierarchy_sources(c: &CpuSpec) -> Vec<(String, Source)> {
    if c.caches.is_empty() {
        return Vec::new();
    }
    let latency = match c.add_latency_ns {
        Some(_) => c.source_of("add_latency_ns"),
        None => Source::Estimate(format!(
            "not measured: {ADD_LATENCY_CYCLES} cycles at {} GHz (Agner Fog's instruction tables: 2 to 4 cycles on current server cores)",
            c.clock_ghz
        )),
    };
    vec![
        (
            "host_levels".into(),
            Source::derived(format!(
                "the spec's data caches, each level's bandwidth the better of its measured read and triad ({})",
                c.source_of("caches")
            )),
        ),
        ("host_add_latency_ns".into(), latency),
        (
            "host_reassociates".into(),
            Source::Estimate(
                "no: -O3 without -ffast-math, as hetscope-loops and the offload measurements build"
                    .into(),
            ),
        ),
    ]
}

//! The JSON of `hetscope eval offload`: the offload decision of the
//! scenario's kernel on its platform at its size, with the Hong & Kim
//! intermediates, the OpenMP cost model's terms, the footprints, each
//! access's coalescing, the platform's parameters and their sources.

use serde_json::{Map, Value, json};

use super::scenario::OffloadScenario;
use crate::CoreError;
use crate::json::sources_json;
use hetscope_model::offload::{
    CacheTerms, Coalescing, CpuPrediction, ExecCase, Footprint, GpuKernel, GpuPrediction,
    OffloadKernel, OffloadParam, Platform, decide,
};
use hetscope_model::platform::Transfers;
use hetscope_preset::Catalog;

/// Why a number of the offload model is null.
pub(super) const NOT_FINITE: &str = "not a finite number";

/// The decision of the scenario's kernel at its size.
pub(super) fn kernel_json(s: &OffloadScenario, catalog: &Catalog) -> Result<Value, CoreError> {
    let base = s.base(catalog)?;
    let sources = s.sources(&base);
    let (platform_name, platform) = s.platform_of(base)?;
    let (kernel, _) = s.kernel_preset(catalog, &s.kernel)?;
    let n = s.size;
    let launch = platform.runtime.launch(&platform.gpu);
    let model_kernel = kernel
        .to_model(&launch)
        .map_err(|source| CoreError::OffloadKernel {
            id: s.kernel.clone(),
            source: Box::new(source),
        })?;
    let d = decide(&model_kernel, &platform, n)?;
    let gk = model_kernel.gpu_kernel(n)?;
    let coalescing = coalescing_json(&model_kernel, n)?;
    let mut m = Map::new();
    for (k, v) in [
        ("model", json!("offload")),
        ("platform", json!(platform_name)),
        ("platform_id", json!(s.platform)),
        ("kernel", json!(kernel.name)),
        ("kernel_id", json!(s.kernel)),
        ("n", json!(n)),
        // (A size that is neither of the preset's: "custom", n says it.)
        ("size", json!(s.size_name(&kernel).unwrap_or("custom"))),
        ("cpu_s", json!(d.cpu_seconds)),
        ("gpu_kernel_s", json!(d.kernel_seconds)),
        ("transfer_s", json!(d.transfer_seconds)),
        ("gpu_s", json!(d.gpu_seconds)),
        (
            "speedup",
            match d.does_not_fit(&platform.memory) {
                Some(_) => Value::Null,
                None => json!(d.speedup),
            },
        ),
        ("offload", json!(d.offload)),
        ("call", json!(d.call().key())),
        ("interval", interval_json(&d, &platform)),
        ("fits_gpu", json!(d.fits_gpu)),
        ("fits_host", json!(d.fits_host)),
        ("footprint_bytes", footprint_json(&d.footprint)),
        ("host_footprint_bytes", footprint_json(&d.host_footprint)),
        ("reason", json!(d.does_not_fit(&platform.memory))),
        ("mwp", json!(d.gpu.mwp)),
        ("cwp", json!(d.gpu.cwp)),
        ("gpu_cycles", json!(d.gpu.total_cycles)),
        ("gpu_case", json!(case_key(d.gpu.case))),
        ("formulation", json!(platform.formulation.key())),
        ("host_memory", host_memory_json(&model_kernel, &platform)),
        ("cache", cache_json(d.cache.as_ref())),
        ("caches", json!(platform.caches)),
        ("gpu", gpu_json(&d.gpu, &gk)),
        ("cpu", cpu_json(&d.cpu)),
        (
            "host_vectorization",
            host_vectorization_json(&model_kernel, n, &platform),
        ),
        ("coalescing", Value::Array(coalescing)),
        ("params", Value::Object(platform_params(&platform))),
        ("sources", sources_json(&sources)),
        ("units", offload_units()),
    ] {
        m.insert(k.into(), v);
    }
    // Where the formulation or the platform has none, not there at all.
    for optional in ["cache", "caches", "interval"] {
        if m.get(optional).is_some_and(Value::is_null) {
            m.remove(optional);
        }
    }
    explain_nulls(&mut m);
    Ok(Value::Object(m))
}

/// A reason beside every null of the decision, its GPU and its CPU part.
fn explain_nulls(m: &mut Map<String, Value>) {
    for part in ["gpu", "cpu"] {
        if let Some(Value::Object(o)) = m.get_mut(part) {
            crate::json::explain_nulls(o, NOT_FINITE);
        }
    }
    crate::json::explain_nulls(m, NOT_FINITE);
}

/// The key of Hong & Kim's execution case.
pub(super) fn case_key(c: ExecCase) -> &'static str {
    match c {
        ExecCase::NotEnoughWarps => "not_enough_warps",
        ExecCase::MemoryBound => "memory_bound",
        ExecCase::ComputeBound => "compute_bound",
    }
}

/// An integer as a JSON number when it fits 64 bits, else as a float.
fn int_json(v: i128) -> Value {
    match i64::try_from(v) {
        Ok(x) => json!(x),
        Err(_) => json!(v as f64),
    }
}

/// Whether the host's compiler vectorizes the kernel at size n, and why.
fn host_vectorization_json(k: &OffloadKernel, n: f64, platform: &Platform) -> Value {
    match k.host_vectorized(n, platform.cpu.vector_bits) {
        Ok(v) => json!({"vectorized": v.vectorized, "lanes": v.lanes, "reason": v.reason}),
        Err(e) => json!({"vectorized": false, "lanes": 1, "reason": e.to_string()}),
    }
}

/// Every access of the kernel at size n: its stride with respect to the
/// parallel index and whether a warp's accesses coalesce.
fn coalescing_json(model_kernel: &OffloadKernel, n: f64) -> Result<Vec<Value>, CoreError> {
    let size = n.round().clamp(i64::MIN as f64, i64::MAX as f64) as i64;
    let sizes = [(model_kernel.size_name.as_str(), size)];
    let mut coalescing = Vec::new();
    for a in &model_kernel.accesses {
        let acc = &a.access;
        let par = model_kernel.parallel_index.as_str();
        let stride = acc.stride(par, &sizes)?;
        let class = match Coalescing::of_stride(stride) {
            Coalescing::Broadcast => "broadcast",
            Coalescing::Unit => "unit",
            Coalescing::Strided(_) => "strided",
        };
        coalescing.push(json!({
            "array": acc.array.clone(),
            "subscript": acc.text,
            "symbolic_stride": acc.symbolic_stride(par).to_string(),
            "stride": int_json(stride),
            "class": class,
            "coalesced": Coalescing::of_stride(stride).is_coalesced(),
            "per_trip": a.per_trip,
        }));
    }
    Ok(coalescing)
}

/// The GPU side: the Hong & Kim intermediates and the launch.
fn gpu_json(g: &GpuPrediction, gk: &GpuKernel) -> Value {
    json!({
        "case": g.case.to_string(),
        "n_warps": g.n,
        "active_sms": g.active_sms,
        "blocks": gk.blocks,
        "threads_per_block": gk.threads_per_block,
        "active_blocks_per_sm": gk.active_blocks_per_sm,
        "comp_insts": gk.comp_insts,
        "coal_mem_insts": gk.coal_mem_insts,
        "uncoal_mem_insts": gk.uncoal_mem_insts,
        "mem_l": g.mem_l,
        "departure_delay": g.departure_delay,
        "mwp_without_bw_full": g.mwp_without_bw_full,
        "mwp_peak_bw": g.mwp_peak_bw,
        "mem_cycles": g.mem_cycles,
        "comp_cycles": g.comp_cycles,
        "rep": g.rep,
        "omp_rep": g.omp_rep,
        "exec_cycles": g.exec_cycles,
        "sync_cycles": g.sync_cycles,
    })
}

/// The CPU side: the OpenMP cost model's terms.
fn cpu_json(c: &CpuPrediction) -> Value {
    json!({
        "cycles": c.total_cycles,
        "cycles_per_iter": c.cycles_per_iter,
        "vector_lanes": c.vector_lanes,
        "chunk": c.chunk,
        "thread_speed": c.thread_speed,
        "mem_bw_gbs": c.mem_bw_gbs,
        "compute_cycles": c.compute_cycles,
        "bandwidth_cycles": c.bandwidth_cycles,
        "bandwidth_bound": c.bandwidth_bound,
        "tlb_misses": c.tlb_misses,
        "overhead_cycles": c.overhead_cycles,
    })
}

/// Every parameter the platform sets, by its `--set` name.
fn platform_params(platform: &Platform) -> Map<String, Value> {
    let mut params = Map::new();
    for p in OffloadParam::all() {
        params.insert(p.name().into(), json!(platform.param(p)));
    }
    params
}

/// A memory's footprint: its bounds, and whether the kernel states it
/// (`exact`, from the kernel preset) or its transfers bound it.
fn footprint_json(f: &Footprint) -> Value {
    json!({
        "at_least": f.lower,
        "at_most": f.upper,
        "exact": f.exact,
        "from": if f.exact { "kernel" } else { "transfers" },
    })
}

/// The units of `eval offload`.
fn offload_units() -> Value {
    json!({
        "cpu_s": "s (OpenMP cost model, Table II parameters)",
        "gpu_kernel_s": "s (Hong & Kim with #OMP_Rep)",
        "transfer_s": "s (both directions over the bus)",
        "gpu_s": "s (kernel plus transfers)",
        "speedup": "cpu_s / gpu_s",
        "call": "offload, host, or too close to call: the speedup's interval straddles 1 (where the data fits)",
        "interval": "the speedup's interval (x): low = speedup / factor, high = speedup x factor, factor the formulation's error holding `confidence` of the `rows` measured runs it comes `from`, `covered` of them inside the interval when its factor is taken from the other runs alone; absent where none is known",
        "footprint_bytes": "bytes in the GPU's memory (host_footprint_bytes: the host's); from the kernel's device_bytes and host_bytes, else bounded by its transfers",
        "gpu_cycles": "GPU cycles at freq_ghz",
        "thread_speed": "cpu: one host thread's speed with `threads` threads against the clock's (from the host's curves over thread counts; 1: linear in threads)",
        "mem_bw_gbs": "cpu: GB/s the host threads share at this thread count",
        "stride": "elements between neighbouring threads",
        "params": "GHz, GB/s, cycles, us, counts (see --help)",
        "host_memory": "where the kernel keeps the arrays it copies (pinned, pageable, or the platform's choice) and the copy rates that gives each way, GB/s",
        "caches": "the platform's caches, bytes and cycles (gpu: L1 per SM, L2, line, hit latencies; host: line, private cache per thread); absent where it gives none",
        "cache": "the cache-aware formulation's terms (absent in the others): per access on the GPU its transactions per warp instruction, the shares served by L1, L2 and DRAM, cycles waited and before the next warp leaves, DRAM bytes per warp instruction; on the host bytes from DRAM and TLB misses per parallel iteration, bytes of one inner pass and whether the cache per thread holds it; host_levels (the hierarchy formulation): the chunk's flops, its chain of dependent adds and its slowest level's misses in s, which bounds it, and per cache level whether the loop's data fits it, the bytes per iteration that miss it, the bandwidth serving them (GB/s) and their time",
    })
}

/// The speedup's interval and the error it comes from, or null.
fn interval_json(d: &hetscope_model::offload::Decision, platform: &Platform) -> Value {
    match (&d.interval, &platform.speedup_error) {
        (Some(i), Some(e)) => json!({
            "low": i.low,
            "high": i.high,
            "confidence": i.confidence,
            "factor": e.factor,
            "rows": e.rows,
            "covered": e.covered,
            "from": e.from,
        }),
        _ => Value::Null,
    }
}

/// Where the kernel keeps its host arrays and the rates its copies run
/// at (the bus's own where it names none or the link lacks that memory's).
fn host_memory_json(k: &OffloadKernel, platform: &Platform) -> Value {
    let bus = platform.bus.for_memory(k.host_memory);
    let memory = match k.host_memory {
        Some(Transfers::Pinned) => "pinned",
        Some(Transfers::Pageable) => "pageable",
        None => "the platform's",
    };
    json!({"memory": memory, "h2d_gbs": bus.h2d_gbs, "d2h_gbs": bus.d2h_gbs})
}

/// The cache-aware term's classes and host traffic, or null.
fn cache_json(terms: Option<&CacheTerms>) -> Value {
    let Some(t) = terms else { return Value::Null };
    let gpu: Vec<Value> = t
        .gpu
        .iter()
        .map(|c| {
            json!({
                "access": c.text,
                "insts_per_thread": c.insts,
                "transactions": c.transactions,
                "l1_share": c.l1_share,
                "l2_share": c.l2_share,
                "dram_share": c.dram_share,
                "latency_cycles": c.latency,
                "departure_cycles": c.departure,
                "dram_bytes": c.dram_bytes,
            })
        })
        .collect();
    let h = &t.host;
    let mut out = json!({
        "gpu": gpu,
        "host": {
            "bytes_per_iter": h.bytes_per_iter,
            "tlb_misses_per_iter": h.tlb_misses_per_iter,
            "pass_bytes": h.pass_bytes,
            "pass_fits": h.pass_fits,
        },
    });
    if let Some(l) = &t.levels {
        out["host_levels"] = {
            let traffic: Vec<Value> = l
                .traffic
                .iter()
                .map(|x| {
                    json!({
                        "level": x.level,
                        "fits": x.fits,
                        "bytes_per_iter": x.bytes_per_iter,
                        "gbs": x.gbs,
                        "s": x.seconds,
                    })
                })
                .collect();
            json!({
                "core_s": l.core_s,
                "chain_s": l.chain_s,
                "memory_s": l.memory_s,
                "bound": l.bound,
                "misses": traffic,
            })
        };
    }
    out
}

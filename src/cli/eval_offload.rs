//! `hetscope eval offload`: the offload decision of one OpenMP loop (an
//! offload kernel preset) on one CPU+GPU platform (an offload platform
//! preset) at one problem size, as JSON; and `hetscope eval hongkim`: the
//! Hong & Kim GPU model alone, with its parameter names, defaulting to
//! Hong & Kim's worked example.

use clap::Args;
use serde_json::{Map, Value, json};

use super::CliError;
use super::params::{catalog, preset_error};
use crate::model::offload::{Coalescing, ExecCase, GpuKernel, GpuMachine, OffloadError, decide};
use crate::preset::{
    OFFLOAD_PLATFORM_PARAMS, ParamRule, offload_kernel_arg, offload_model, offload_param,
    offload_platform_arg,
};

/// The arguments of `eval offload`.
#[derive(Debug, Clone, Args)]
pub struct OffloadArgs {
    /// Offload platform preset (id or name) or an offload platform .ron
    /// file (`presets list --all` lists kind offload-platform).
    #[arg(long, value_name = "NAME|FILE")]
    pub platform: String,
    /// Offload kernel preset (id or name, e.g. gemm) or an offload kernel
    /// .ron file (kind offload-kernel).
    #[arg(long, value_name = "NAME|FILE")]
    pub kernel: String,
    /// Override a platform value: GPU (Hong & Kim's names) sm_count
    /// freq_ghz mem_bw_gbs mem_ld departure_del_coal departure_del_uncoal
    /// trans_per_warp_uncoal issue_cycles max_threads_per_sm
    /// max_blocks_per_sm; launch threads_per_block max_blocks
    /// active_blocks_per_sm; CPU threads cpu_freq_ghz ipc cpu_mem_bw_gbs
    /// tlb_entries tlb_miss_penalty page_bytes loop_overhead_per_iter
    /// schedule_static sync_overhead parallel_startup; bus bus_gbs
    /// bus_latency_us. Repeatable.
    #[arg(long = "set", value_name = "NAME=VALUE", allow_hyphen_values = true)]
    pub set: Vec<String>,
    /// Problem size n: a whole number, or `test` / `benchmark` for the
    /// kernel's sizes [default: benchmark].
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub size: Option<String>,
}

/// The arguments of `eval hongkim`.
#[derive(Debug, Clone, Args)]
pub struct HongKimArgs {
    /// Override a value of Hong & Kim's worked example: sm_count freq_ghz
    /// mem_bw_gbs mem_ld departure_del_coal departure_del_uncoal
    /// trans_per_warp_uncoal issue_cycles comp_insts coal_mem_insts
    /// uncoal_mem_insts sync_insts threads_per_block blocks
    /// active_blocks_per_sm load_bytes_per_warp loop_iterations.
    /// Repeatable.
    #[arg(long = "set", value_name = "NAME=VALUE", allow_hyphen_values = true)]
    pub set: Vec<String>,
}

/// Split `NAME=VALUE` and read the number; `known` lists the names for
/// the message of an unknown one.
fn name_value<'a>(
    item: &'a str,
    is_known: impl Fn(&str) -> bool,
    known: &[&str],
    example: &str,
) -> Result<(&'a str, f64), CliError> {
    let Some((name, text)) = item.split_once('=') else {
        return Err(CliError::usage(format!(
            "--set {item}: expected NAME=VALUE, e.g. --set {example}"
        )));
    };
    let (name, text) = (name.trim(), text.trim());
    if !is_known(name) {
        return Err(CliError::usage(format!(
            "--set {item}: unknown parameter '{name}'; known: {}",
            known.join(" ")
        )));
    }
    let v: f64 = text.parse().map_err(|_| {
        CliError::usage(format!(
            "--set {item}: value of {name} '{text}' is not a number"
        ))
    })?;
    Ok((name, v))
}

fn rule_error(item: &str, name: &str, rule: ParamRule, unit: &str) -> CliError {
    let unit = if unit.is_empty() {
        String::new()
    } else {
        format!(" ({unit})")
    };
    CliError::usage(format!(
        "--set {item}: {name} must be {}{unit}",
        rule.need()
    ))
}

/// The size named by `--size` (default: the benchmark size): n and the
/// mode's name when it is one of the kernel's sizes.
pub(super) fn size_of(
    arg: Option<&str>,
    test: u64,
    benchmark: u64,
) -> Result<(f64, Option<&'static str>), CliError> {
    let text = arg.map(str::trim).unwrap_or("benchmark");
    match text.to_ascii_lowercase().as_str() {
        "benchmark" => return Ok((benchmark as f64, Some("benchmark"))),
        "test" => return Ok((test as f64, Some("test"))),
        _ => {}
    }
    match text.parse::<f64>() {
        Ok(n) if n.is_finite() && n >= 1.0 && n.fract() == 0.0 && n <= 1e15 => {
            let mode = if n == benchmark as f64 {
                Some("benchmark")
            } else if n == test as f64 {
                Some("test")
            } else {
                None
            };
            Ok((n, mode))
        }
        _ => Err(CliError::usage(format!(
            "--size {text}: the problem size must be a whole number of at least 1, `test` or `benchmark`"
        ))),
    }
}

fn model_error(e: OffloadError) -> CliError {
    CliError::usage(e.to_string())
}

fn case_key(c: ExecCase) -> &'static str {
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

/// Run `eval offload`.
/// Check every `--set NAME=VALUE` against the offload platform's
/// parameters (`threads`, `bus_gbs`, `mem_ld`, ...); the last value of a
/// name wins.
pub(super) fn offload_sets(items: &[String]) -> Result<Vec<(String, f64)>, CliError> {
    let known: Vec<&str> = OFFLOAD_PLATFORM_PARAMS.iter().map(|p| p.name).collect();
    let mut sets: Vec<(String, f64)> = Vec::new();
    for item in items {
        let (name, v) = name_value(item, |n| offload_param(n).is_some(), &known, "threads=4")?;
        if let Some(p) = offload_param(name)
            && !p.rule.allows(v)
        {
            return Err(rule_error(item, name, p.rule, p.unit));
        }
        sets.retain(|(n, _)| n != name);
        sets.push((name.to_string(), v));
    }
    Ok(sets)
}

/// Apply checked `--set` values to a platform.
pub(super) fn apply_sets(
    platform: &mut crate::preset::OffloadPlatformPreset,
    sets: &[(String, f64)],
) -> Result<(), CliError> {
    for (name, v) in sets {
        platform
            .set(name, *v)
            .map_err(|e| CliError::usage(format!("--set {name}={v}: {e}")))?;
    }
    Ok(())
}

pub fn run_offload(args: &OffloadArgs) -> Result<Value, CliError> {
    let sets = offload_sets(&args.set)?;
    let cat = catalog()?;
    let (platform_id, mut platform) =
        offload_platform_arg(&args.platform, &cat).map_err(|e| preset_error("platform", e))?;
    let (kernel_id, kernel) =
        offload_kernel_arg(&args.kernel, &cat).map_err(|e| preset_error("kernel", e))?;
    apply_sets(&mut platform, &sets)?;
    let (n, mode) = size_of(
        args.size.as_deref(),
        kernel.test_size,
        kernel.benchmark_size,
    )?;
    let (model_platform, model_kernel) =
        offload_model(&platform, &kernel).map_err(|e| CliError::usage(e.to_string()))?;
    let d = decide(&model_kernel, &model_platform, n).map_err(model_error)?;
    let gk = model_kernel.gpu_kernel(n).map_err(model_error)?;

    let size = n.round().clamp(i64::MIN as f64, i64::MAX as f64) as i64;
    let sizes = [(model_kernel.size_name.as_str(), size)];
    let mut coalescing = Vec::new();
    for a in &model_kernel.accesses {
        let acc = &a.access;
        let par = model_kernel.parallel_index.as_str();
        let stride = acc.stride(par, &sizes).map_err(model_error)?;
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

    let mut params = Map::new();
    for p in OFFLOAD_PLATFORM_PARAMS {
        if let Some(v) = platform.get(p.name) {
            params.insert(p.name.into(), json!(v));
        }
    }
    let g = &d.gpu;
    let c = &d.cpu;
    let mut m = Map::new();
    m.insert("model".into(), json!("offload"));
    m.insert("platform".into(), json!(platform.name));
    m.insert("platform_id".into(), json!(platform_id));
    m.insert("kernel".into(), json!(kernel.name));
    m.insert("kernel_id".into(), json!(kernel_id));
    m.insert("n".into(), json!(n));
    m.insert("size".into(), json!(mode));
    m.insert("cpu_s".into(), json!(d.cpu_seconds));
    m.insert("gpu_kernel_s".into(), json!(d.kernel_seconds));
    m.insert("transfer_s".into(), json!(d.transfer_seconds));
    m.insert("gpu_s".into(), json!(d.gpu_seconds));
    m.insert("speedup".into(), json!(d.speedup));
    m.insert("offload".into(), json!(d.offload));
    m.insert("mwp".into(), json!(g.mwp));
    m.insert("cwp".into(), json!(g.cwp));
    m.insert("gpu_cycles".into(), json!(g.total_cycles));
    m.insert("gpu_case".into(), json!(case_key(g.case)));
    m.insert(
        "gpu".into(),
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
        }),
    );
    m.insert(
        "cpu".into(),
        json!({
            "cycles": c.total_cycles,
            "cycles_per_iter": c.cycles_per_iter,
            "chunk": c.chunk,
            "compute_cycles": c.compute_cycles,
            "bandwidth_cycles": c.bandwidth_cycles,
            "bandwidth_bound": c.bandwidth_bound,
            "tlb_misses": c.tlb_misses,
            "overhead_cycles": c.overhead_cycles,
        }),
    );
    m.insert("coalescing".into(), Value::Array(coalescing));
    m.insert("params".into(), Value::Object(params));
    m.insert(
        "units".into(),
        json!({
            "cpu_s": "s (OpenMP cost model, Table II parameters)",
            "gpu_kernel_s": "s (Hong & Kim with #OMP_Rep)",
            "transfer_s": "s (both directions over the bus)",
            "gpu_s": "s (kernel plus transfers)",
            "speedup": "cpu_s / gpu_s",
            "gpu_cycles": "GPU cycles at freq_ghz",
            "stride": "elements between neighbouring threads",
            "params": "GHz, GB/s, cycles, us, counts (see --help)",
        }),
    );
    Ok(Value::Object(m))
}

/// The parameters of `eval hongkim`: name, rule, unit.
const HONG_KIM_PARAMS: &[(&str, ParamRule, &str)] = &[
    ("sm_count", ParamRule::Count, "SMs"),
    ("freq_ghz", ParamRule::Positive, "GHz"),
    ("mem_bw_gbs", ParamRule::Positive, "GB/s"),
    ("mem_ld", ParamRule::NonNegative, "cycles"),
    ("departure_del_coal", ParamRule::Positive, "cycles"),
    ("departure_del_uncoal", ParamRule::Positive, "cycles"),
    (
        "trans_per_warp_uncoal",
        ParamRule::AtLeastOne,
        "transactions",
    ),
    ("issue_cycles", ParamRule::Positive, "cycles"),
    (
        "comp_insts",
        ParamRule::NonNegative,
        "instructions per thread",
    ),
    (
        "coal_mem_insts",
        ParamRule::NonNegative,
        "instructions per thread",
    ),
    (
        "uncoal_mem_insts",
        ParamRule::NonNegative,
        "instructions per thread",
    ),
    ("sync_insts", ParamRule::NonNegative, "barriers per thread"),
    ("threads_per_block", ParamRule::Count, "threads"),
    ("blocks", ParamRule::Count, "blocks"),
    ("active_blocks_per_sm", ParamRule::Count, "blocks"),
    ("load_bytes_per_warp", ParamRule::Positive, "bytes"),
    ("loop_iterations", ParamRule::NonNegative, "iterations"),
];

/// Hong & Kim's worked example: 16 SMs at 1 GHz, 80 GB/s, Mem_LD 420,
/// departure delays 4 (coalesced) and 10 (uncoalesced), 32 transactions
/// per uncoalesced warp access, 4 issue cycles; 27 computation and 6
/// uncoalesced memory instructions and 6 barriers per thread, 80 blocks of
/// 128 threads, 5 blocks per SM. (The coalesced departure delay is not
/// used by the example, which has no coalesced access.)
fn worked_example() -> (GpuMachine, GpuKernel) {
    (
        GpuMachine {
            sm_count: 16.0,
            freq_ghz: 1.0,
            mem_bw_gbs: 80.0,
            mem_ld: 420.0,
            departure_del_coal: 4.0,
            departure_del_uncoal: 10.0,
            trans_per_warp_uncoal: 32.0,
            issue_cycles: 4.0,
        },
        GpuKernel {
            comp_insts: 27.0,
            coal_mem_insts: 0.0,
            uncoal_mem_insts: 6.0,
            sync_insts: 6.0,
            threads_per_block: 128.0,
            blocks: 80.0,
            active_blocks_per_sm: 5.0,
            load_bytes_per_warp: 128.0,
            loop_iterations: None,
        },
    )
}

fn hong_kim_slot<'a>(
    m: &'a mut GpuMachine,
    k: &'a mut GpuKernel,
    name: &str,
) -> Option<&'a mut f64> {
    Some(match name {
        "sm_count" => &mut m.sm_count,
        "freq_ghz" => &mut m.freq_ghz,
        "mem_bw_gbs" => &mut m.mem_bw_gbs,
        "mem_ld" => &mut m.mem_ld,
        "departure_del_coal" => &mut m.departure_del_coal,
        "departure_del_uncoal" => &mut m.departure_del_uncoal,
        "trans_per_warp_uncoal" => &mut m.trans_per_warp_uncoal,
        "issue_cycles" => &mut m.issue_cycles,
        "comp_insts" => &mut k.comp_insts,
        "coal_mem_insts" => &mut k.coal_mem_insts,
        "uncoal_mem_insts" => &mut k.uncoal_mem_insts,
        "sync_insts" => &mut k.sync_insts,
        "threads_per_block" => &mut k.threads_per_block,
        "blocks" => &mut k.blocks,
        "active_blocks_per_sm" => &mut k.active_blocks_per_sm,
        "load_bytes_per_warp" => &mut k.load_bytes_per_warp,
        "loop_iterations" => k.loop_iterations.get_or_insert(0.0),
        _ => return None,
    })
}

/// Run `eval hongkim`.
pub fn run_hong_kim(args: &HongKimArgs) -> Result<Value, CliError> {
    let known: Vec<&str> = HONG_KIM_PARAMS.iter().map(|p| p.0).collect();
    let find = |n: &str| HONG_KIM_PARAMS.iter().find(|p| p.0 == n);
    let (mut machine, mut kernel) = worked_example();
    for item in &args.set {
        let (name, v) = name_value(item, |n| find(n).is_some(), &known, "mem_ld=500")?;
        if let Some(&(_, rule, unit)) = find(name)
            && !rule.allows(v)
        {
            return Err(rule_error(item, name, rule, unit));
        }
        if let Some(slot) = hong_kim_slot(&mut machine, &mut kernel, name) {
            *slot = v;
        }
    }
    let p = machine.predict(&kernel).map_err(model_error)?;
    let mut params = Map::new();
    for (name, _, _) in HONG_KIM_PARAMS {
        let (mut m2, mut k2) = (machine.clone(), kernel.clone());
        if *name == "loop_iterations" {
            params.insert((*name).into(), json!(kernel.loop_iterations));
        } else if let Some(v) = hong_kim_slot(&mut m2, &mut k2, name) {
            params.insert((*name).into(), json!(*v));
        }
    }
    Ok(json!({
        "model": "hongkim",
        "case": p.case.to_string(),
        "case_key": case_key(p.case),
        "mwp": p.mwp,
        "cwp": p.cwp,
        "exec_cycles": p.exec_cycles,
        "sync_cycles": p.sync_cycles,
        "total_cycles": p.total_cycles,
        "seconds": p.seconds,
        "n": p.n,
        "active_sms": p.active_sms,
        "mem_l": p.mem_l,
        "mem_l_uncoal": p.mem_l_uncoal,
        "departure_delay": p.departure_delay,
        "mwp_without_bw_full": p.mwp_without_bw_full,
        "mwp_peak_bw": p.mwp_peak_bw,
        "mem_cycles": p.mem_cycles,
        "comp_cycles": p.comp_cycles,
        "rep": p.rep,
        "omp_rep": p.omp_rep,
        "params": Value::Object(params),
        "units": {
            "cycles": "GPU cycles (exec_cycles: Hong & Kim Eq. 19-21 x #Rep x #OMP_Rep; sync_cycles: Eq. 23; total_cycles: Eq. 24)",
            "seconds": "total_cycles at freq_ghz",
            "n": "active warps per SM",
        },
    }))
}

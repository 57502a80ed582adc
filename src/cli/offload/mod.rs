//! `hetscope eval offload`: the offload decision of one OpenMP loop (an
//! offload kernel preset) on one CPU+GPU platform (an offload platform
//! preset) at one problem size, as JSON; `eval offload --suite`: every
//! kernel of a set at both sizes and both of the paper's host thread
//! counts, beside the paper's values (in `suite`); and `hetscope eval
//! hongkim`: the Hong & Kim GPU model alone, with its parameter names,
//! defaulting to Hong & Kim's worked example (in `hong_kim`).

use clap::Args;
use serde_json::{Map, Value, json};

pub mod export;
mod hong_kim;
mod suite;

pub use hong_kim::{HongKimArgs, run_hong_kim};

use crate::cli::{CliError, catalog, preset_error};
use hetscope_model::offload::{
    Coalescing, CpuPrediction, ExecCase, Footprint, Formulation, GpuKernel, GpuPrediction,
    OffloadError, OffloadKernel, OffloadParam, PROBLEM_SIZE, Platform, decide,
};
use hetscope_model::platform::Source;
use hetscope_preset::Catalog;
use hetscope_preset::offload::{offload_kernel_arg, offload_platform_arg};

/// The arguments of `eval offload`.
#[derive(Debug, Clone, Args)]
pub struct OffloadArgs {
    /// Offload platform preset (id or name) or an offload platform .ron
    /// file (`presets list --all` lists kind offload-platform), or a
    /// platform (kind platform): its paper's offload preset, else its
    /// parameters derived from its hardware.
    #[arg(long, value_name = "NAME|FILE")]
    pub platform: String,
    /// Offload kernel preset (id or name, e.g. gemm) or an offload kernel
    /// .ron file (kind offload-kernel).
    #[arg(
        long,
        value_name = "NAME|FILE",
        required_unless_present = "suite",
        conflicts_with = "suite"
    )]
    pub kernel: Option<String>,
    /// Every kernel of a set instead of one: `paper` (the offload paper's
    /// 25 parallel loops, the default) or `benchmarks` (the 13 PolyBench
    /// programs), each at its test and benchmark size (or the one --size
    /// names) against 160 and 4 host threads (or the one --set threads
    /// gives), with the geometric means of always offloading and of
    /// offloading where the model predicts a speedup, beside the paper's
    /// values. Keys: model, suite, suite_label, platform, platform_id,
    /// kernel_count, blocks (size, threads, kernels, offloaded,
    /// geomean_always, geomean_model, paper), paper, sources, units.
    #[arg(
        long,
        value_name = "SET",
        num_args = 0..=1,
        default_missing_value = "paper"
    )]
    pub suite: Option<String>,
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
    /// How Hong & Kim's #Rep and execution case are read [default: the
    /// platform preset's, else published].
    #[arg(
        long = "formulation",
        value_name = "NAME",
        value_parser = crate::cli::arg_enum::parser::<Formulation>()
    )]
    pub formulation: Option<Formulation>,
    /// With --suite: a CSV of measured speedups (columns kernel, n,
    /// threads and speedup or cpu_s, gpu_kernel_s, h2d_s, d2h_s). Adds a
    /// block for each measured thread count, a `measured` object to each
    /// kernel whose run matches its size and host threads, and per block
    /// `decisions_right` (the model's offload decisions the measurements
    /// confirm) and `measured` (the measured geometric means).
    #[arg(long, value_name = "FILE", requires = "suite")]
    pub measured: Option<std::path::PathBuf>,
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
        Ok(n) if PROBLEM_SIZE.contains(n) => {
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
            "--size {text}: the problem size must be {}, `test` or `benchmark`",
            PROBLEM_SIZE.need()
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

/// Check every `--set NAME=VALUE` against the offload platform's
/// parameters (`threads`, `bus_gbs`, `mem_ld`, ...); the last value of a
/// name wins.
fn offload_sets(items: &[String]) -> Result<Vec<(OffloadParam, f64)>, CliError> {
    let names = OffloadParam::names();
    let known: Vec<&str> = names.split(' ').collect();
    let mut sets: Vec<(OffloadParam, f64)> = Vec::new();
    for item in items {
        let (name, v) = name_value(
            item,
            |n| OffloadParam::from_name(n).is_some(),
            &known,
            "threads=4",
        )?;
        let Some(p) = OffloadParam::from_name(name) else {
            continue;
        };
        p.check(v)
            .map_err(|e| CliError::usage(format!("--set {item}: {e}")))?;
        sets.retain(|(q, _)| *q != p);
        sets.push((p, v));
    }
    Ok(sets)
}

impl Chosen {
    /// Read Hong & Kim as `f` says, where given (an edit of the preset's
    /// choice).
    pub(super) fn with_formulation(mut self, f: Option<Formulation>) -> Chosen {
        if let Some(f) = f {
            self.model.formulation = f;
            self.sources.retain(|(name, _)| name != "formulation");
            self.sources.push(("formulation".into(), Source::Edited));
        }
        self
    }
}

/// The offload model's platform of `--platform`: its id and name, its
/// model with every `--set` applied, and the source of its values.
pub(super) struct Chosen {
    pub id: String,
    pub name: String,
    pub model: Platform,
    pub sources: Vec<(String, Source)>,
}

/// The platform of `--platform` (the default when absent): an offload
/// platform preset, or a platform (`presets/platforms`) whose offload
/// parameters are its paper's preset or derived from its hardware.
pub(super) fn platform_with_sets(
    cat: &Catalog,
    arg: Option<&str>,
    set: &[String],
) -> Result<Chosen, CliError> {
    platform_named(cat, arg, "platform", set)
}

/// [`platform_with_sets`] for the option `option` (named in messages).
pub(super) fn platform_named(
    cat: &Catalog,
    arg: Option<&str>,
    option: &str,
    set: &[String],
) -> Result<Chosen, CliError> {
    let sets = offload_sets(set)?;
    let arg = arg.unwrap_or(hetscope_preset::defaults::OFFLOAD_PLATFORM);
    let mut chosen = match offload_platform_arg(arg, cat) {
        Ok((id, preset)) => Chosen {
            model: preset
                .to_model()
                .map_err(|e| CliError::usage(format!("--{option}: {e}")))?,
            sources: vec![("platform".into(), Source::Paper(preset.source.clone()))],
            name: preset.name,
            id,
        },
        Err(offload_err) if !super::platform::is_platform(arg) => {
            let e = preset_error(option, offload_err);
            if hetscope_preset::is_file_arg(arg) {
                return Err(e);
            }
            return Err(CliError {
                message: format!(
                    "{}; nor is it a platform (known: {})",
                    e.message,
                    cat.ids(hetscope_preset::PresetKind::Platform).join(", ")
                ),
                ..e
            });
        }
        Err(_) => {
            let c = super::platform::choice(arg, option)?;
            let r = c
                .preset
                .offload(cat, &c.origin, super::platform::TRANSFERS)
                .map_err(|e| preset_error(option, e))?;
            Chosen {
                id: c.id,
                name: r.value.0,
                model: r.value.1,
                sources: r.sources,
            }
        }
    };
    for (p, v) in sets {
        chosen
            .model
            .set_param(p, v)
            .map_err(|e| CliError::usage(format!("--set {p}={v}: {e}")))?;
        chosen.sources.retain(|(name, _)| name != p.name());
        chosen.sources.push((p.name().to_string(), Source::Edited));
    }
    chosen
        .model
        .check()
        .map_err(|e| CliError::usage(format!("--set: {e}")))?;
    Ok(chosen)
}

/// Run `eval offload` (with `--suite`, every kernel of a set).
pub fn run_offload(args: &OffloadArgs) -> Result<Value, CliError> {
    if let Some(set) = &args.suite {
        return suite::run_suite(args, set);
    }
    let Some(kernel_arg) = args.kernel.as_deref() else {
        return Err(CliError::usage(
            "--kernel: name an offload kernel, or give --suite",
        ));
    };
    let cat = catalog()?;
    let chosen = platform_with_sets(&cat, Some(&args.platform), &args.set)?
        .with_formulation(args.formulation);
    let model_platform = &chosen.model;
    let (kernel_id, kernel) =
        offload_kernel_arg(kernel_arg, &cat).map_err(|e| preset_error("kernel", e))?;
    let (n, mode) = size_of(
        args.size.as_deref(),
        kernel.test_size,
        kernel.benchmark_size,
    )?;
    let launch = model_platform.runtime.launch(&model_platform.gpu);
    let model_kernel = kernel
        .to_model(&launch)
        .map_err(|e| CliError::usage(e.to_string()))?;
    let d = decide(&model_kernel, model_platform, n).map_err(model_error)?;
    let gk = model_kernel.gpu_kernel(n).map_err(model_error)?;
    let coalescing = coalescing_json(&model_kernel, n)?;

    let mut m = Map::new();
    for (k, v) in [
        ("model", json!("offload")),
        ("platform", json!(chosen.name)),
        ("platform_id", json!(chosen.id)),
        ("kernel", json!(kernel.name)),
        ("kernel_id", json!(kernel_id)),
        ("n", json!(n)),
        ("size", json!(mode)),
        ("cpu_s", json!(d.cpu_seconds)),
        ("gpu_kernel_s", json!(d.kernel_seconds)),
        ("transfer_s", json!(d.transfer_seconds)),
        ("gpu_s", json!(d.gpu_seconds)),
        (
            "speedup",
            match d.does_not_fit(&model_platform.memory) {
                Some(_) => Value::Null,
                None => json!(d.speedup),
            },
        ),
        ("offload", json!(d.offload)),
        ("fits_gpu", json!(d.fits_gpu)),
        ("fits_host", json!(d.fits_host)),
        ("footprint_bytes", footprint_json(&d.footprint)),
        ("host_footprint_bytes", footprint_json(&d.host_footprint)),
        ("reason", json!(d.does_not_fit(&model_platform.memory))),
        ("mwp", json!(d.gpu.mwp)),
        ("cwp", json!(d.gpu.cwp)),
        ("gpu_cycles", json!(d.gpu.total_cycles)),
        ("gpu_case", json!(case_key(d.gpu.case))),
        ("formulation", json!(model_platform.formulation.key())),
        ("gpu", gpu_json(&d.gpu, &gk)),
        ("cpu", cpu_json(&d.cpu)),
        (
            "host_vectorization",
            match model_kernel.host_vectorized(n, model_platform.cpu.vector_bits) {
                Ok(v) => json!({"vectorized": v.vectorized, "lanes": v.lanes, "reason": v.reason}),
                Err(e) => json!({"vectorized": false, "lanes": 1, "reason": e.to_string()}),
            },
        ),
        ("coalescing", Value::Array(coalescing)),
        ("params", Value::Object(platform_params(model_platform))),
        ("sources", super::platform::sources_json(&chosen.sources)),
        ("units", offload_units()),
    ] {
        m.insert(k.into(), v);
    }
    explain_nulls(&mut m);
    Ok(Value::Object(m))
}

/// A reason beside every null of the decision, its GPU and its CPU part.
fn explain_nulls(m: &mut Map<String, Value>) {
    for part in ["gpu", "cpu"] {
        if let Some(Value::Object(o)) = m.get_mut(part) {
            crate::cli::explain_nulls(o, NOT_FINITE);
        }
    }
    crate::cli::explain_nulls(m, NOT_FINITE);
}

/// Why a number of the offload model is null.
pub(super) const NOT_FINITE: &str = "not a finite number";

/// Every access of the kernel at size n: its stride with respect to the
/// parallel index and whether a warp's accesses coalesce.
fn coalescing_json(model_kernel: &OffloadKernel, n: f64) -> Result<Vec<Value>, CliError> {
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
        "footprint_bytes": "bytes in the GPU's memory (host_footprint_bytes: the host's); from the kernel's device_bytes and host_bytes, else bounded by its transfers",
        "gpu_cycles": "GPU cycles at freq_ghz",
        "stride": "elements between neighbouring threads",
        "params": "GHz, GB/s, cycles, us, counts (see --help)",
    })
}

//! `hetscope eval hongkim`: the Hong & Kim GPU model alone, with its
//! parameter names, defaulting to Hong & Kim's worked example.

use clap::Args;
use serde_json::{Map, Value, json};

use super::{case_key, model_error, name_value};
use crate::cli::CliError;
use hetscope_model::offload::{
    Formulation, GpuKernel, GpuMachine, KERNEL_PARAMS, OffloadParam, hong_kim_value, set_hong_kim,
};

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
    /// How #Rep and the execution case are read.
    #[arg(
        long = "formulation",
        value_name = "NAME",
        default_value = "published",
        value_parser = crate::cli::arg_enum::parser::<Formulation>()
    )]
    pub formulation: Formulation,
}

/// The names `eval hongkim --set` takes: the GPU's (as for `eval
/// offload`), then the kernel's.
fn names() -> Vec<&'static str> {
    let kernel = KERNEL_PARAMS.iter().map(|p| p.0);
    let gpu = OffloadParam::HONG_KIM_GPU.map(OffloadParam::name);
    gpu.into_iter().chain(kernel).collect()
}

/// Hong & Kim's worked example: 16 SMs at 1 GHz, 80 GB/s, Mem_LD 420,
/// departure delays 4 (coalesced) and 10 (uncoalesced), 32 transactions
/// per uncoalesced warp access, 4 issue cycles; 27 computation and 6
/// uncoalesced memory instructions and 6 barriers per thread, 80 blocks of
/// 128 threads, 5 blocks per SM. (The coalesced departure delay is not
/// used by the example, which has no coalesced access.)
fn worked_example() -> (GpuMachine, GpuKernel) {
    (
        GpuMachine::hong_kim_example(),
        GpuKernel::hong_kim_example(),
    )
}

/// Run `eval hongkim`.
pub fn run_hong_kim(args: &HongKimArgs) -> Result<Value, CliError> {
    let known = names();
    let (mut machine, mut kernel) = worked_example();
    for item in &args.set {
        let (name, v) = name_value(item, |n| known.contains(&n), &known, "mem_ld=500")?;
        set_hong_kim(&mut machine, &mut kernel, name, v)
            .map_err(|e| CliError::usage(format!("--set {item}: {e}")))?;
    }
    let p = machine
        .predict_with(&kernel, args.formulation)
        .map_err(model_error)?;
    let mut params = Map::new();
    for name in known {
        if let Some(v) = hong_kim_value(&machine, &kernel, name) {
            params.insert(name.into(), json!(v));
        }
    }
    let mut v = json!({
        "model": "hongkim",
        "formulation": args.formulation.key(),
        "formulation_text": args.formulation.describe(),
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
    });
    if let Some(m) = v.as_object_mut() {
        crate::cli::explain_nulls(m, super::NOT_FINITE);
    }
    Ok(v)
}

//! `hetscope eval hongkim`: the Hong & Kim GPU model alone, with its
//! parameter names, defaulting to Hong & Kim's worked example.

use clap::Args;
use serde_json::{Map, Value, json};

use super::{case_key, model_error, name_value, rule_error};
use crate::cli::CliError;
use crate::model::offload::{Formulation, GpuKernel, GpuMachine, ParamRule};

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

/// The parameters of `eval hongkim`: name, rule, unit.
const HONG_KIM_PARAMS: &[(&str, ParamRule, &str)] = &[
    ("sm_count", ParamRule::Count, "SMs"),
    ("freq_ghz", ParamRule::Positive, "GHz"),
    ("mem_bw_gbs", ParamRule::Positive, "GB/s"),
    ("mem_ld", ParamRule::Positive, "cycles"),
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
        GpuMachine::hong_kim_example(),
        GpuKernel::hong_kim_example(),
    )
}

/// The value of the machine or the kernel that `name` sets.
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
    let p = machine
        .predict_with(&kernel, args.formulation)
        .map_err(model_error)?;
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
    }))
}

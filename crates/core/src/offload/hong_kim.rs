//! The JSON of `hetscope eval hongkim`: the Hong & Kim GPU model alone,
//! with its parameter names, by default on Hong & Kim's worked example.

use serde_json::{Map, Value, json};

use super::eval::{NOT_FINITE, case_key};
use crate::CoreError;
use hetscope_model::offload::{
    Formulation, GpuKernel, GpuMachine, KERNEL_PARAMS, OffloadParam, hong_kim_value,
};

/// What `eval hongkim` evaluates: a GPU, a kernel on it and how #Rep and
/// the execution case are read.
#[derive(Clone, Debug, PartialEq)]
pub struct HongKimQuery {
    pub machine: GpuMachine,
    pub kernel: GpuKernel,
    pub formulation: Formulation,
}

/// Hong & Kim's worked example, as published: 16 SMs at 1 GHz, 80 GB/s,
/// Mem_LD 420, departure delays 4 (coalesced) and 10 (uncoalesced), 32
/// transactions per uncoalesced warp access, 4 issue cycles; 27
/// computation and 6 uncoalesced memory instructions and 6 barriers per
/// thread, 80 blocks of 128 threads, 5 blocks per SM. (The coalesced
/// departure delay is not used by the example, which has no coalesced
/// access.)
impl Default for HongKimQuery {
    fn default() -> Self {
        HongKimQuery {
            machine: GpuMachine::hong_kim_example(),
            kernel: GpuKernel::hong_kim_example(),
            formulation: Formulation::Published,
        }
    }
}

/// The names of Hong & Kim's values (as `eval hongkim --set` takes
/// them): the GPU's (as for `eval offload`), then the kernel's.
pub fn hong_kim_names() -> Vec<&'static str> {
    let kernel = KERNEL_PARAMS.iter().map(|p| p.0);
    let gpu = OffloadParam::HONG_KIM_GPU.map(OffloadParam::name);
    gpu.into_iter().chain(kernel).collect()
}

/// The prediction of `q` with its intermediates and every value it was
/// made from.
pub(super) fn hong_kim_json(q: &HongKimQuery) -> Result<Value, CoreError> {
    let (machine, kernel, formulation) = (&q.machine, &q.kernel, q.formulation);
    let p = machine.predict_with(kernel, formulation)?;
    let mut params = Map::new();
    for name in hong_kim_names() {
        if let Some(v) = hong_kim_value(machine, kernel, name) {
            params.insert(name.into(), json!(v));
        }
    }
    let mut v = json!({
        "model": "hongkim",
        "formulation": formulation.key(),
        "formulation_text": formulation.describe(),
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
        crate::json::explain_nulls(m, NOT_FINITE);
    }
    Ok(v)
}

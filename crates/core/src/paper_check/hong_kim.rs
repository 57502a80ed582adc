//! The offload paper's GPU model by its own examples: the worked example
//! of its ref. [11] (Hong & Kim, ISCA 2009) and the #OMP_Rep example of
//! its Section IV-B.

use super::{CheckError, Paper, Row, Value};
use hetscope_model::offload::{GpuKernel, GpuMachine, GpuPrediction};

const P: Paper = Paper::Offload;

const HK: &str = "Ref. [11] (Hong & Kim, ISCA 2009), worked example";

/// The machine of Hong & Kim's worked example.
fn hk_machine() -> GpuMachine {
    GpuMachine::hong_kim_example()
}

/// Their example kernel.
fn hk_kernel() -> GpuKernel {
    GpuKernel::hong_kim_example()
}

fn hk(kernel: &GpuKernel, pick: fn(&GpuPrediction) -> f64) -> Value {
    hk_machine()
        .predict(kernel)
        .map(|p| pick(&p))
        .map_err(CheckError::model)
}

pub(super) fn rows() -> Vec<Row> {
    let one_block = GpuKernel {
        blocks: 1.0,
        loop_iterations: Some(1024.0),
        ..hk_kernel()
    };
    vec![
        Row::of(P, "hk-mwp", HK, "MWP: memory warps in flight")
            .number("2.28", hk(&hk_kernel(), |p| p.mwp))
            .because("Mem_L / Departure_delay = 730 / 320 (the bandwidth would allow 28.5)"),
        Row::of(P, "hk-cwp", HK, "CWP: computation warps per memory period")
            .number("20", hk(&hk_kernel(), |p| p.cwp))
            .because(
                "min((Mem_cycles + Comp_cycles) / Comp_cycles, N) = min(34.2, 20); barriers are \
                 not issue work",
            ),
        Row::of(
            P,
            "hk-total-cycles",
            HK,
            "total cycles of the example kernel",
        )
        .unit("cycles")
        .number("50,738", hk(&hk_kernel(), |p| p.total_cycles))
        .because(
            "hetscope keeps MWP = 2.28125 exactly (50,728.2 cycles); the printed 50,738 carries \
             MWP rounded to 2.28 (the same formulas then give 50,737.2): 0.02% apart",
        ),
        Row::of(
            P,
            "omp-rep-1024",
            "Section IV-B",
            "#OMP_Rep of a 1024-iteration loop on one block of 128 threads",
        )
        .number("8", hk(&one_block, |p| p.omp_rep))
        .because("iterations per launched thread"),
    ]
}

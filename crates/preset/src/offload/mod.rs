//! Presets for the offload decision model (`model::offload`): offload
//! platforms (`presets/offload-platforms/*.ron`: a host CPU with its OpenMP
//! runtime, a GPU with the Hong & Kim machine parameters, the bus and the
//! grid the OpenMP runtime launches) and offload kernels
//! (`presets/offload-kernels/*.ron`: one OpenMP parallel loop as a function
//! of the problem size n, with affine array subscripts).
//!
//! The file fields carry the model's names: an offload platform maps onto
//! [`Platform`](hetscope_model::offload::Platform) (`cpu` onto [`CpuMachine`](hetscope_model::offload::CpuMachine), `gpu` onto [`GpuMachine`](hetscope_model::offload::GpuMachine), `bus`
//! onto [`Bus`](hetscope_model::offload::Bus)), an offload kernel onto [`OffloadKernel`](hetscope_model::offload::OffloadKernel), whose launch
//! fields (threads per block, grid cap, resident blocks per SM) come from
//! the platform ([`OffloadPlatformPreset::launch`]).
//!
//! Counts (threads, SMs, blocks, TLB entries) are whole numbers written as
//! floats, as in the model.
//!
//! The shipped kernels (the offload paper's PolyBench loops) follow one
//! counting rule, per trip of the innermost sequential loop: one memory
//! instruction per array access (`accesses`, which the subscripts split
//! into coalesced and uncoalesced at each n); floating-point operations
//! counted one by one (no fused multiply-add); one integer operation per
//! access for its address, two for the loop's increment and compare, one
//! branch. `gpu_comp_insts` is integer + floating-point + branch
//! instructions, `cpu_mix` the same by class with the accesses as loads and
//! stores. A loop without an inner loop counts per parallel iteration; its
//! GPU threads add the arithmetic that turns a thread index into loop
//! indices, and on the CPU the loop control is the platform's
//! `loop_overhead_per_iter`. Work done once per parallel iteration next to
//! an inner loop of n trips (a 1/n share) is left out, and a benchmark with
//! several loop nests is reduced to one parallel loop as its `nests` field
//! says (their sum when the nests have the same shape, otherwise the
//! dominant nest). The offload paper decides each parallel loop on its
//! own, so each loop also has a preset of its own (`atax1.ron`,
//! `covar_mean.ron`, ...): [`KernelSet::Paper`] lists those 25,
//! [`KernelSet::Benchmarks`] the 13 program presets.
//!
//! - `platform.rs`: the platform preset (the model's machine types), its
//!   checks and its model (the adjustable numbers are the model's
//!   [`OffloadParam`](hetscope_model::offload::OffloadParam));
//! - `kernel.rs`: the kernel types, their checks and their model;
//! - `load.rs`: parsing, validation, file loading and saving; `arg.rs`:
//!   presets named on the command line (a catalog id or a file);
//! - `measured.rs`: measured offload speedups (a CSV file) to set beside
//!   the predictions;
//! - `host_loops.rs`: host loop times (the CSV `hetscope-loops` writes) to
//!   set beside the OpenMP host model;
//! - `suite.rs`: the kernel sets of the suite views (the paper's 25 loops,
//!   the 13 programs) and which loops make each program.

mod arg;
mod host_loops;
mod kernel;
pub mod load;
mod measured;
mod platform;
mod suite;

pub use self::arg::{offload_kernel_arg, offload_platform_arg};
pub use self::host_loops::{
    HOST_LOOP_COLUMNS, HOST_LOOP_OPTIONAL, HostLoopRow, HostLoopTimes, LoopRecord, load_host_loops,
    parse_host_loops,
};
pub use self::kernel::{AccessPreset, OffloadKernelPreset, offload_model};
pub use self::load::{
    check_pair, load_offload_kernel_file, load_offload_platform_file, parse_offload_kernel,
    parse_offload_platform, save_offload_kernel, save_offload_platform, validate_offload_kernel,
    validate_offload_platform,
};
pub use self::measured::{
    KEY_COLUMNS, MeasuredOffload, MeasuredOffloadRow, MeasuredTimes, TIME_COLUMNS,
    load_measured_offload, parse_measured_offload,
};
pub use self::platform::OffloadPlatformPreset;
pub use self::suite::{BENCHMARKS, Fusion, KernelSet, PAPER_LOOPS, PROGRAM_LOOPS};

impl crate::save::PresetFile for OffloadPlatformPreset {
    const WHAT: &'static str = "offload platform preset";
}

impl crate::save::PresetFile for OffloadKernelPreset {
    const WHAT: &'static str = "offload kernel preset";
}

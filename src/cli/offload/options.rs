//! The offload options, declared once: `eval offload` and `export
//! --view offload|offload-suite` both take them (with the shared
//! `--platform`, `--set` and `--measured`).

use std::path::PathBuf;

use clap::Args;

use crate::cli::arg_enum::parser;
use hetscope_core::offload::options::OffloadChoices;
use hetscope_model::offload::Formulation;
use hetscope_model::platform::Transfers;

/// Sizes of the offload view's curves when `--size-from` / `--size-to`
/// are not given.
pub const DEFAULT_SIZE_RANGE: (f64, f64) = (10.0, 100_000.0);

/// The offload model's options.
#[derive(Debug, Clone, Args)]
pub struct OffloadOptions {
    /// Offload kernel preset (id or name, e.g. gemm) or an offload kernel
    /// .ron file (`presets list --all`, kind offload-kernel). eval: give
    /// this or --suite; export: the kernel of the offload views [default:
    /// gemm].
    #[arg(id = "offload_kernel", long = "kernel", value_name = "NAME|FILE")]
    pub kernel: Option<String>,
    /// Problem size n: a whole number, or `test` / `benchmark` for the
    /// kernel's sizes [default: benchmark]. With --suite (eval) and in the
    /// offload-suite view (export), test or benchmark (or none) runs each
    /// kernel at its own size of that name; eval --suite without it runs
    /// both.
    #[arg(
        id = "offload_size",
        long = "size",
        value_name = "N",
        allow_hyphen_values = true
    )]
    pub size: Option<String>,
    /// export offload-suite: the kernels of the suite, comma-separated
    /// (ids, names or .ron files) [default: the kernels of --suite].
    #[arg(
        id = "offload_kernels",
        long = "kernels",
        value_name = "LIST",
        value_delimiter = ','
    )]
    pub kernels: Vec<String>,
    /// A kernel set: `paper` (the offload paper's 25 parallel loops, the
    /// default) or `benchmarks` (the 13 PolyBench programs). eval: every
    /// kernel of the set instead of one (`--suite` alone: paper), each at
    /// its test and benchmark size (or the one --size names) against 160
    /// and 4 host threads (or the one --set threads gives), with the
    /// geometric means of always offloading and of offloading where the
    /// model predicts a speedup, beside the paper's values (keys: model,
    /// suite, suite_label, platform, platform_id, kernel_count, blocks
    /// (size, threads, kernels, offloaded, geomean_always, geomean_model,
    /// paper), paper, sources, units); export: the kernels of the
    /// offload-suite view when --kernels is not given.
    #[arg(id = "offload_suite", long = "suite", value_name = "SET")]
    pub suite: Option<String>,
    /// export offload: smallest size of the curves.
    #[arg(
        id = "offload_size_from",
        long = "size-from",
        value_name = "N",
        default_value_t = DEFAULT_SIZE_RANGE.0
    )]
    pub size_from: f64,
    /// export offload: largest size of the curves.
    #[arg(
        id = "offload_size_to",
        long = "size-to",
        value_name = "N",
        default_value_t = DEFAULT_SIZE_RANGE.1
    )]
    pub size_to: f64,
    /// How Hong & Kim's #Rep and execution case are read [default: the
    /// platform preset's, else published].
    #[arg(
        id = "offload_formulation",
        long = "formulation",
        value_name = "NAME",
        value_parser = parser::<Formulation>()
    )]
    pub formulation: Option<Formulation>,
    /// Where the kernels keep their host arrays: `pinned` (page-locked)
    /// or `pageable`; their copies run at the link's rates for it [default:
    /// as each kernel preset says, else the platform's choice].
    #[arg(
        id = "offload_host_memory",
        long = "host-memory",
        value_name = "MEMORY",
        value_parser = parser::<Transfers>()
    )]
    pub host_memory: Option<Transfers>,
}

impl Default for OffloadOptions {
    fn default() -> Self {
        OffloadOptions {
            kernel: None,
            size: None,
            kernels: Vec::new(),
            suite: None,
            size_from: DEFAULT_SIZE_RANGE.0,
            size_to: DEFAULT_SIZE_RANGE.1,
            formulation: None,
            host_memory: None,
        }
    }
}

impl OffloadOptions {
    /// The options given (a value equal to its default counts as not
    /// given), for the message that refuses them with another view.
    pub fn given(&self) -> Vec<&'static str> {
        [
            (self.kernel.is_some(), "--kernel"),
            (self.size.is_some(), "--size"),
            (!self.kernels.is_empty(), "--kernels"),
            (self.suite.is_some(), "--suite"),
            (self.size_from != DEFAULT_SIZE_RANGE.0, "--size-from"),
            (self.size_to != DEFAULT_SIZE_RANGE.1, "--size-to"),
            (self.formulation.is_some(), "--formulation"),
            (self.host_memory.is_some(), "--host-memory"),
        ]
        .into_iter()
        .filter_map(|(given, name)| given.then_some(name))
        .collect()
    }

    /// The core's choices of these options, with the offload platform
    /// presets (or files) named in place of platforms.
    pub fn choices(
        &self,
        (platform, platform2): (Option<String>, Option<String>),
    ) -> OffloadChoices {
        OffloadChoices {
            platform,
            platform2,
            kernel: self.kernel.clone(),
            kernels: self.kernels.clone(),
            suite: self.suite.clone(),
            size: self.size.clone(),
            sweep: Some((self.size_from, self.size_to)),
            formulation: self.formulation,
            host_memory: self.host_memory,
        }
    }

    /// The first option only `export` uses, given to `eval`, with the view
    /// that takes it.
    pub fn export_only(&self) -> Option<(&'static str, &'static str)> {
        [
            (!self.kernels.is_empty(), "--kernels", "offload-suite"),
            (
                self.size_from != DEFAULT_SIZE_RANGE.0,
                "--size-from",
                "offload",
            ),
            (self.size_to != DEFAULT_SIZE_RANGE.1, "--size-to", "offload"),
        ]
        .into_iter()
        .find_map(|(given, name, view)| given.then_some((name, view)))
    }
}

/// The arguments of `eval offload`: the model's options with the
/// platform, `--set` and measured speedups. `--kernel` or `--suite` is
/// required (not both); `--suite` alone names the paper's loops.
#[derive(Debug, Clone, Args)]
#[command(
    mut_arg("offload_kernel", |a| a
        .required_unless_present("offload_suite")
        .conflicts_with("offload_suite")),
    mut_arg("offload_suite", |a| a
        .num_args(0..=1)
        .default_missing_value("paper")),
)]
pub struct OffloadEvalArgs {
    /// Offload platform preset (id or name) or an offload platform .ron
    /// file (`presets list --all` lists kind offload-platform), or a
    /// platform (kind platform): its paper's offload preset, else its
    /// parameters derived from its hardware.
    #[arg(long, value_name = "NAME|FILE")]
    pub platform: String,
    #[command(flatten)]
    pub options: OffloadOptions,
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
    /// With --suite: a CSV of measured speedups (columns kernel, n,
    /// threads and speedup or cpu_s, gpu_kernel_s, h2d_s, d2h_s). Adds a
    /// block for each measured thread count, a `measured` object to each
    /// kernel whose run matches its size and host threads, and per block
    /// `decisions_right` (the model's offload decisions the measurements
    /// confirm) and `measured` (the measured geometric means).
    #[arg(long, value_name = "FILE", requires = "offload_suite")]
    pub measured: Option<PathBuf>,
}

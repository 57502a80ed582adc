//! `hetscope export --view offload|offload-suite`: the arguments and the
//! figure, from the offload presets (`presets/offload-platforms`,
//! `presets/offload-kernels`) or preset files.

use crate::gui::offload_measured::read_measured;
use clap::Args;
use hetscope_figure::offload::{MeasuredSuite, OverlayPlatform};
use std::path::Path;

use super::{platform_named, platform_with_sets, size_of};
use crate::cli::{CliError, catalog, preset_error};
use hetscope_figure::offload::{self, KernelInput, OffloadInput};
use hetscope_figure::{ChartFigure, View};
use hetscope_model::offload::{Formulation, Platform};
use hetscope_preset::offload::{KernelSet, OffloadKernelPreset, offload_kernel_arg};
use hetscope_preset::{Catalog, defaults};

/// Arguments of `export` that only the offload views use.
#[derive(Debug, Clone, Args)]
pub struct OffloadExportArgs {
    /// Offload views: the kernel (offload kernel preset id or name, or a
    /// .ron file) [default: gemm].
    #[arg(id = "offload_kernel", long = "kernel", value_name = "NAME|FILE")]
    pub kernel: Option<String>,
    /// Offload views: the problem size n, a whole number, or `test` /
    /// `benchmark` for the kernel's sizes [default: benchmark].
    #[arg(
        id = "offload_size",
        long = "size",
        value_name = "N",
        allow_hyphen_values = true
    )]
    pub size: Option<String>,
    /// offload-suite: the kernels of the suite, comma-separated (ids,
    /// names or .ron files) [default: the kernels of --suite].
    #[arg(
        id = "offload_kernels",
        long = "kernels",
        value_name = "LIST",
        value_delimiter = ','
    )]
    pub kernels: Vec<String>,
    /// offload-suite: the kernel set when --kernels is not given: `paper`
    /// (the offload paper's 25 parallel loops) or `benchmarks` (the 13
    /// PolyBench programs) [default: paper]. With --size test or
    /// benchmark (or none) each kernel runs at its own size of that name.
    #[arg(id = "offload_suite", long = "suite", value_name = "SET")]
    pub suite: Option<String>,
    /// offload: smallest size of the curves.
    #[arg(
        id = "offload_size_from",
        long = "size-from",
        value_name = "N",
        default_value_t = DEFAULT_SIZE_RANGE.0
    )]
    pub size_from: f64,
    /// offload: largest size of the curves.
    #[arg(
        id = "offload_size_to",
        long = "size-to",
        value_name = "N",
        default_value_t = DEFAULT_SIZE_RANGE.1
    )]
    pub size_to: f64,
    /// Offload views: how Hong & Kim's #Rep and execution case are read
    /// [default: the platform preset's, else published].
    #[arg(
        id = "offload_formulation",
        long = "formulation",
        value_name = "NAME",
        value_parser = crate::cli::arg_enum::parser::<Formulation>()
    )]
    pub formulation: Option<Formulation>,
}

/// The measured speedups of `--measured FILE`; a bad file is a usage
/// error naming its line and column.
pub(crate) fn read_measured_arg(path: &Path) -> Result<MeasuredSuite, CliError> {
    let cat = catalog()?;
    read_measured(path, &cat).map_err(|e| CliError::usage(format!("--measured: {e}")))
}

/// Sizes of the curves when `--size-from` / `--size-to` are not given.
pub const DEFAULT_SIZE_RANGE: (f64, f64) = (10.0, 100_000.0);

impl Default for OffloadExportArgs {
    fn default() -> Self {
        OffloadExportArgs {
            kernel: None,
            size: None,
            kernels: Vec::new(),
            suite: None,
            size_from: DEFAULT_SIZE_RANGE.0,
            size_to: DEFAULT_SIZE_RANGE.1,
            formulation: None,
        }
    }
}

fn kernel(
    cat: &Catalog,
    arg: &str,
    p: &Platform,
) -> Result<(KernelInput, OffloadKernelPreset), CliError> {
    let (id, k) = offload_kernel_arg(arg, cat).map_err(|e| preset_error("kernel", e))?;
    let model = k
        .to_model(&p.runtime.launch(&p.gpu))
        .map_err(|e| CliError::usage(format!("--kernel {arg}: {e}")))?;
    Ok((
        KernelInput {
            id,
            name: k.name.clone(),
            edited: false,
            kernel: model,
        },
        k,
    ))
}

/// The kernel set of `--suite` (the paper's loops when absent).
fn kernel_set(arg: Option<&str>) -> Result<KernelSet, CliError> {
    match arg {
        None => Ok(KernelSet::default()),
        Some(a) => KernelSet::from_key(a).ok_or_else(|| {
            CliError::usage(format!(
                "--suite {a}: unknown kernel set; known: {}",
                KernelSet::keys()
            ))
        }),
    }
}

/// The kernels of the suite view.
struct Suite {
    kernels: Vec<KernelInput>,
    /// Each kernel's preset sizes: test, benchmark.
    sizes: Vec<[f64; 2]>,
    name: String,
}

/// The suite's kernels with their presets' sizes, and the suite's name.
fn suite(cat: &Catalog, args: &OffloadExportArgs, p: &Platform) -> Result<Suite, CliError> {
    let set = kernel_set(args.suite.as_deref())?;
    let args_list: Vec<String> = if args.kernels.is_empty() {
        cat.offload_suite(set)
            .iter()
            .map(|(e, _)| e.id.clone())
            .collect()
    } else {
        args.kernels.iter().map(|k| k.trim().to_string()).collect()
    };
    let (mut kernels, mut sizes) = (Vec::new(), Vec::new());
    for k in &args_list {
        let (input, preset) = kernel(cat, k, p)?;
        kernels.push(input);
        sizes.push([preset.test_size as f64, preset.benchmark_size as f64]);
    }
    let name = if args.kernels.is_empty() {
        set.label().to_string()
    } else {
        format!("{} offload kernels", kernels.len())
    };
    Ok(Suite {
        kernels,
        sizes,
        name,
    })
}

/// The input of the offload views from the arguments, and each suite
/// kernel's own size when `--size` names a mode (`test`, `benchmark` or
/// none: the benchmark size) rather than a number.
fn input(
    args: &OffloadExportArgs,
    (platform_arg, platform2): (Option<&str>, Option<&str>),
    set: &[String],
) -> Result<(OffloadInput, Option<Vec<f64>>), CliError> {
    let cat = catalog()?;
    let chosen = platform_with_sets(&cat, platform_arg, set)?.with_formulation(args.formulation);
    let model = chosen.model;
    let (main, main_preset) = kernel(
        &cat,
        args.kernel.as_deref().unwrap_or(defaults::OFFLOAD_KERNEL),
        &model,
    )?;
    let Suite {
        kernels: suite,
        sizes: suite_sizes,
        name: suite_name,
    } = suite(&cat, args, &model)?;
    let (size, mode) = size_of(
        args.size.as_deref(),
        main_preset.test_size,
        main_preset.benchmark_size,
    )?;
    let is_mode = args.size.as_deref().is_none_or(|s| {
        let s = s.trim();
        s.eq_ignore_ascii_case("test") || s.eq_ignore_ascii_case("benchmark")
    });
    let own_sizes = match mode {
        Some(m) if is_mode => {
            let k = usize::from(m == "benchmark");
            Some(suite_sizes.iter().map(|s| s[k]).collect())
        }
        _ => None,
    };
    let input = OffloadInput {
        platform_name: chosen.name,
        platform: model,
        kernel: Box::new(main),
        suite,
        suite_name,
        size,
        size_lo: args.size_from,
        size_hi: args.size_to,
        overlay: platform2
            .map(|p| {
                let other = platform_named(&cat, Some(p), "platform2", &[])?
                    .with_formulation(args.formulation);
                let kernel_arg = args.kernel.as_deref().unwrap_or(defaults::OFFLOAD_KERNEL);
                let (k, _) = kernel(&cat, kernel_arg, &other.model)?;
                Ok::<_, CliError>(Box::new(OverlayPlatform {
                    name: other.name,
                    platform: other.model,
                    kernel: k.kernel,
                }))
            })
            .transpose()?,
        measured: None,
    };
    Ok((input, own_sizes))
}

/// The figure of an offload view. `platforms` and `set` are the shared
/// `--platform`, `--platform2` (drawn over the offload view) and `--set`
/// arguments; `measured` the shared `--measured` file (measured speedups
/// beside the suite view's bars).
pub fn figure(
    view: View,
    args: &OffloadExportArgs,
    platforms: (Option<&str>, Option<&str>),
    set: &[String],
    measured: Option<&Path>,
) -> Result<ChartFigure, CliError> {
    let (mut input, own_sizes) = input(args, platforms, set)?;
    if let Some(path) = measured {
        if view != View::OffloadSuite {
            return Err(CliError::usage(format!(
                "--measured {}: only --view offload-suite draws measured speedups",
                path.display()
            )));
        }
        input.measured = Some(read_measured_arg(path)?);
    }
    let fig = match (view, own_sizes) {
        (View::OffloadSuite, Some(sizes)) => offload::build_suite_at(&input, &sizes),
        _ => offload::build(view, &input),
    };
    fig.map_err(|e| CliError::usage(e.to_string()))
}

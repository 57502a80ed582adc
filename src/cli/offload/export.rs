//! `hetscope export --view offload|offload-suite`: the arguments and the
//! figure, from the offload presets (`presets/offload-platforms`,
//! `presets/offload-kernels`) or preset files.

use crate::figure::offload::OverlayPlatform;
use clap::Args;

use super::{platform_named, platform_with_sets, size_of};
use crate::cli::{CliError, catalog, preset_error};
use crate::figure::offload::{self, KernelInput, OffloadInput};
use crate::figure::{ChartFigure, View};
use crate::model::offload::Platform;
use crate::preset::offload::{OffloadKernelPreset, offload_kernel_arg};
use crate::preset::{Catalog, defaults};

/// Arguments of `export` that only the offload views use.
#[derive(Debug, Clone, Args)]
pub struct OffloadExportArgs {
    /// Offload views: the kernel (offload kernel preset id or name, or a
    /// .ron file) [default: gemm].
    #[arg(id = "offload_kernel", long = "kernel", value_name = "NAME|FILE")]
    pub kernel: Option<String>,
    /// Offload views: the problem size n, a whole number, or `test` /
    /// `benchmark` for the kernel's sizes [default: benchmark].
    #[arg(id = "offload_size", long = "size", value_name = "N")]
    pub size: Option<String>,
    /// offload-suite: the kernels of the suite, comma-separated (ids,
    /// names or .ron files) [default: every offload kernel preset].
    #[arg(
        id = "offload_kernels",
        long = "kernels",
        value_name = "LIST",
        value_delimiter = ','
    )]
    pub kernels: Vec<String>,
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
}

/// Sizes of the curves when `--size-from` / `--size-to` are not given.
pub const DEFAULT_SIZE_RANGE: (f64, f64) = (10.0, 100_000.0);

impl Default for OffloadExportArgs {
    fn default() -> Self {
        OffloadExportArgs {
            kernel: None,
            size: None,
            kernels: Vec::new(),
            size_from: DEFAULT_SIZE_RANGE.0,
            size_to: DEFAULT_SIZE_RANGE.1,
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

/// The input of the offload views from the arguments.
pub fn input(
    args: &OffloadExportArgs,
    (platform_arg, platform2): (Option<&str>, Option<&str>),
    set: &[String],
) -> Result<OffloadInput, CliError> {
    let cat = catalog()?;
    let chosen = platform_with_sets(&cat, platform_arg, set)?;
    let model = chosen.model;
    let (main, main_preset) = kernel(
        &cat,
        args.kernel.as_deref().unwrap_or(defaults::OFFLOAD_KERNEL),
        &model,
    )?;
    let mut suite = Vec::new();
    if args.kernels.is_empty() {
        for (e, _) in cat.offload_kernels() {
            suite.push(kernel(&cat, &e.id, &model)?.0);
        }
    } else {
        for k in &args.kernels {
            suite.push(kernel(&cat, k.trim(), &model)?.0);
        }
    }
    let suite_name = if args.kernels.is_empty() {
        format!("all {} offload kernels", suite.len())
    } else {
        format!("{} offload kernels", suite.len())
    };
    let (size, _) = size_of(
        args.size.as_deref(),
        main_preset.test_size,
        main_preset.benchmark_size,
    )?;
    Ok(OffloadInput {
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
                let other = platform_named(&cat, Some(p), "platform2", &[])?;
                let kernel_arg = args.kernel.as_deref().unwrap_or(defaults::OFFLOAD_KERNEL);
                let (k, _) = kernel(&cat, kernel_arg, &other.model)?;
                Ok::<_, CliError>(Box::new(OverlayPlatform {
                    name: other.name,
                    platform: other.model,
                    kernel: k.kernel,
                }))
            })
            .transpose()?,
    })
}

/// The figure of an offload view. `platforms` and `set` are the shared
/// `--platform`, `--platform2` (drawn over the offload view) and `--set`
/// arguments.
pub fn figure(
    view: View,
    args: &OffloadExportArgs,
    platforms: (Option<&str>, Option<&str>),
    set: &[String],
) -> Result<ChartFigure, CliError> {
    let input = input(args, platforms, set)?;
    offload::build(view, &input).map_err(|e| CliError::usage(e.to_string()))
}

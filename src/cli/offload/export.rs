//! `hetscope export --view offload|offload-suite`: the offload options
//! read into the core's scenario, whose figure is the view's. Platforms,
//! kernels, `--set` and the size are read as by `eval offload`.

use std::path::Path;

use super::{OffloadOptions, kernel_set, resolve};
use crate::cli::{CliError, catalog};
use hetscope_core::offload::{Offload, OffloadScenario, load_measured};
use hetscope_core::{CoreError, Model};
use hetscope_figure::{Figure, View};
use hetscope_preset::offload::OffloadKernelPreset;
use hetscope_preset::{Catalog, defaults, is_file_arg};

/// The figure of an offload view. `platforms` and `set` are the shared
/// `--platform`, `--platform2` (drawn over the offload view) and `--set`
/// arguments; `measured` the shared `--measured` file (measured speedups
/// beside the suite view's bars).
pub fn figure(
    view: View,
    args: &OffloadOptions,
    platforms: (Option<&str>, Option<&str>),
    set: &[String],
    measured: Option<&Path>,
) -> Result<Figure, CliError> {
    let cat = catalog()?;
    let (mut s, kernel_args) = scenario(cat, args, platforms, set)?;
    if let Some(path) = measured {
        if view != View::OffloadSuite {
            return Err(CliError::usage(format!(
                "--measured {}: only --view offload-suite draws measured speedups",
                path.display()
            )));
        }
        let m =
            load_measured(path, cat).map_err(|e| CliError::usage(format!("--measured: {e}")))?;
        s.measured = Some(m);
    }
    let failed = |e: CoreError| match e {
        CoreError::OffloadKernel { id, source } => {
            let arg = kernel_args
                .iter()
                .find(|(k, _)| *k == id)
                .map_or(&id, |(_, a)| a);
            CliError::usage(format!("--kernel {arg}: {source}"))
        }
        e => CliError::usage(e.to_string()),
    };
    let input = Offload::input(&s, cat).map_err(failed)?;
    let output = Offload::compute(&input).map_err(failed)?;
    Offload::figure(view, &output).map_err(failed)
}

/// The offload scenario of `export`'s arguments, and each kernel's
/// argument by the id the scenario names it with (for messages).
fn scenario(
    cat: &Catalog,
    args: &OffloadOptions,
    (platform, platform2): (Option<&str>, Option<&str>),
    set: &[String],
) -> Result<(OffloadScenario, Vec<(String, String)>), CliError> {
    let mut s = OffloadScenario {
        formulation: args.formulation,
        host_memory: args.host_memory,
        size_lo: args.size_from,
        size_hi: args.size_to,
        ..OffloadScenario::default()
    };
    resolve::put_platform(&mut s, cat, (platform, "platform"), set, false)?;
    let mut kernel_args = Vec::new();
    let main_arg = args.kernel.as_deref().unwrap_or(defaults::OFFLOAD_KERNEL);
    let (main, main_preset) = put_kernel(&mut s, cat, main_arg, &mut kernel_args)?;
    s.kernel = main;
    s.suite_set = kernel_set(args.suite.as_deref())?;
    if !args.kernels.is_empty() {
        let mut ids = Vec::with_capacity(args.kernels.len());
        for k in &args.kernels {
            ids.push(put_kernel(&mut s, cat, k.trim(), &mut kernel_args)?.0);
        }
        s.suite_kernels = Some(ids);
    } else {
        for (e, _) in cat.offload_suite(s.suite_set) {
            kernel_args.push((e.id.clone(), e.id.clone()));
        }
    }
    (s.size, s.size_mode) = resolve::size_of(args.size.as_deref(), &main_preset)?;
    if let Some(p) = platform2 {
        resolve::put_platform(&mut s, cat, (Some(p), "platform2"), &[], true)?;
    }
    Ok((s, kernel_args))
}

/// Read kernel `arg` into the scenario: a catalog kernel by its id, a
/// file by its path (two files, or a file and a preset, may share an
/// id); the id the scenario names it with, and its preset.
fn put_kernel(
    s: &mut OffloadScenario,
    cat: &Catalog,
    arg: &str,
    kernel_args: &mut Vec<(String, String)>,
) -> Result<(String, OffloadKernelPreset), CliError> {
    let (id, k) = resolve::kernel(cat, arg)?;
    let id = if is_file_arg(arg) {
        if s.given.kernels.iter().all(|(given, _)| given != arg) {
            s.given.kernels.push((arg.to_string(), k.clone()));
        }
        arg.to_string()
    } else {
        id
    };
    kernel_args.push((id.clone(), arg.to_string()));
    Ok((id, k))
}

//! `hetscope eval offload`, `eval hongkim` and `export --view
//! offload|offload-suite`: the offload options (`options.rs`, declared
//! once for eval and export), the platform, kernels, `--set` and sizes
//! read into the core's offload scenario (`resolve.rs`), the figure of a
//! view (`export.rs`) and Hong & Kim's worked example with `--set`
//! (`hong_kim.rs`). The JSON and the figures come from
//! `hetscope_core::offload`.

pub mod export;
mod hong_kim;
pub mod options;
mod resolve;

use serde_json::Value;

use crate::cli::{CliError, catalog};
use hetscope_core::offload::{Offload, OffloadQuery, OffloadScenario, load_measured};
use hetscope_core::{CoreError, Model};
use hetscope_model::offload::paper_quotes::Mode;
use hetscope_preset::offload::KernelSet;

pub use hong_kim::{HongKimArgs, run_hong_kim};
pub use options::{OffloadEvalArgs, OffloadOptions};

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

/// The kernel set named by `--suite` (the paper's loops when absent).
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

/// Run `eval offload` (with `--suite`, every kernel of a set).
pub fn run_offload(args: &OffloadEvalArgs) -> Result<Value, CliError> {
    let o = &args.options;
    if let Some((name, view)) = o.export_only() {
        return Err(CliError::usage(format!(
            "{name}: only `export --view {view}` takes it, not eval offload"
        )));
    }
    let cat = catalog()?;
    let (s, query) = match o.suite.as_deref() {
        Some(set) => suite_scenario(args, set)?,
        None => (kernel_scenario(args)?, OffloadQuery::Kernel),
    };
    Offload::eval(&s, &query, cat).map_err(|e| match (e, &query) {
        (CoreError::OffloadKernel { source, .. }, OffloadQuery::Suite { .. }) => {
            CliError::usage(format!("--suite {}: {source}", s.suite_set.key()))
        }
        (e, _) => CliError::usage(e.to_string()),
    })
}

/// The scenario of `eval offload --kernel`: the platform with `--set`,
/// the kernel at `--size`.
fn kernel_scenario(args: &OffloadEvalArgs) -> Result<OffloadScenario, CliError> {
    let o = &args.options;
    let Some(kernel_arg) = o.kernel.as_deref() else {
        return Err(CliError::usage(
            "--kernel: name an offload kernel, or give --suite",
        ));
    };
    let cat = catalog()?;
    let mut s = OffloadScenario::default();
    let platform = (Some(args.platform.as_str()), "platform");
    resolve::put_platform(&mut s, cat, platform, &args.set, false)?;
    s.formulation = o.formulation;
    s.host_memory = o.host_memory;
    let (id, k) = resolve::kernel(cat, kernel_arg)?;
    (s.size, s.size_mode) = resolve::size_of(o.size.as_deref(), &k)?;
    s.given.kernels.push((id.clone(), k));
    s.kernel = id;
    Ok(s)
}

/// The scenario and query of `eval offload --suite SET`: the platform
/// with `--set`, the set, the sizes and the measured speedups.
fn suite_scenario(
    args: &OffloadEvalArgs,
    set: &str,
) -> Result<(OffloadScenario, OffloadQuery), CliError> {
    let o = &args.options;
    let mut s = OffloadScenario {
        suite_set: kernel_set(Some(set))?,
        ..OffloadScenario::default()
    };
    let size = suite_size(o.size.as_deref())?;
    let cat = catalog()?;
    s.measured = args
        .measured
        .as_deref()
        .map(|path| load_measured(path, cat))
        .transpose()
        .map_err(|e| CliError::usage(format!("--measured: {e}")))?;
    let platform = (Some(args.platform.as_str()), "platform");
    resolve::put_platform(&mut s, cat, platform, &args.set, false)?;
    s.formulation = o.formulation;
    s.host_memory = o.host_memory;
    Ok((s, OffloadQuery::Suite { size }))
}

/// The size `--size` names with `--suite`: both by default, or `test` /
/// `benchmark`.
fn suite_size(arg: Option<&str>) -> Result<Option<Mode>, CliError> {
    let Some(text) = arg else {
        return Ok(None);
    };
    Mode::ALL
        .into_iter()
        .find(|m| m.key().eq_ignore_ascii_case(text.trim()))
        .map(Some)
        .ok_or_else(|| {
            CliError::usage(format!(
                "--size {text}: with --suite each kernel runs at its own size; give test or benchmark"
            ))
        })
}

//! `hetscope eval offload`, `eval hongkim` and `export --view
//! offload|offload-suite`: the offload options (`options.rs`, declared
//! once for eval and export) and the session they make through the core
//! (`hetscope_core::named` for a platform, `--set` and measured
//! speedups; the core's offload choices for an offload platform preset,
//! kernels and sizes); the figure of a view (`export.rs`) and Hong &
//! Kim's worked example with `--set` (`hong_kim.rs`). The JSON and the
//! figures are the core's.

pub mod export;
mod hong_kim;
pub mod options;

use std::path::PathBuf;

use serde_json::Value;

use crate::cli::refusal::named_error;
use crate::cli::{CliError, catalog, preset_error};
use hetscope_core::named::{Named, refused_for, session_of};
use hetscope_core::offload::options::is_offload_platform;
use hetscope_core::offload::{Offload, OffloadQuery};
use hetscope_core::{CoreError, Model, Session, session_set};
use hetscope_model::ModelId;
use hetscope_model::offload::paper_quotes::Mode;
use hetscope_preset::PresetKind;
use hetscope_preset::offload::offload_platform_arg;

pub use hong_kim::{HongKimArgs, run_hong_kim};
pub use options::{OffloadEvalArgs, OffloadOptions};

/// Run `eval offload` (with `--suite`, every kernel of a set).
pub fn run_offload(args: &OffloadEvalArgs) -> Result<Value, CliError> {
    let o = &args.options;
    if let Some((name, view)) = o.export_only() {
        return Err(CliError::usage(format!(
            "{name}: only `export --view {view}` takes it, not eval offload"
        )));
    }
    let measured: Vec<PathBuf> = args.measured.iter().cloned().collect();
    let platforms = (Some(args.platform.as_str()), None);
    let (s, query) = match o.suite.as_deref() {
        Some(_) => {
            let size = suite_size(o.size.as_deref())?;
            let o = OffloadOptions {
                size: None,
                ..o.clone()
            };
            let (s, _) = offload_session(&o, platforms, &args.set, &measured)?;
            (s, OffloadQuery::Suite { size })
        }
        None => {
            if o.kernel.is_none() {
                return Err(CliError::usage(
                    "--kernel: name an offload kernel, or give --suite",
                ));
            }
            let (s, _) = offload_session(o, platforms, &args.set, &measured)?;
            (s, OffloadQuery::Kernel)
        }
    };
    Offload::eval(&s.offload, &query, catalog()?).map_err(|e| match (e, &query) {
        (CoreError::OffloadKernel { source, .. }, OffloadQuery::Suite { .. }) => {
            CliError::usage(format!("--suite {}: {source}", s.offload.suite_set.key()))
        }
        (e, _) => CliError::usage(e.to_string()),
    })
}

/// The session of the offload options, made by the core as every face
/// makes one, and each kernel's argument by the id the scenario names it
/// with. A platform of the catalog (or a platform file, a what-if key) is
/// the session's; an offload platform preset or file the model's own.
pub(super) fn offload_session(
    o: &OffloadOptions,
    (platform, platform2): (Option<&str>, Option<&str>),
    set: &[String],
    measured: &[PathBuf],
) -> Result<(Session, Vec<(String, String)>), CliError> {
    session_set::check_names_for(ModelId::Offload, set)
        .map_err(|e| CliError::usage(format!("--set {e}")))?;
    let (shared, own) = split_platforms((platform, platform2))?;
    let named = Named {
        platform: shared.0,
        platform2: shared.1,
        sets: set.to_vec(),
        measured: measured.to_vec(),
        ..Named::default()
    };
    let choices = o.choices(own);
    let cat = catalog()?;
    let mut kernel_args = Vec::new();
    let (s, kept) = session_of(&named, cat, |s| {
        kernel_args = s.offload.apply_choices(&choices, cat)?;
        Ok(())
    })
    .map_err(named_error)?;
    refused_for(kept, &[ModelId::Offload]).map_err(named_error)?;
    if let (Some(path), None) = (measured.first(), &s.offload.measured) {
        return Err(CliError::usage(format!(
            "--measured {}: not offload measured speedups (columns kernel, n, threads, speedup or the four times)",
            path.display()
        )));
    }
    Ok((s, kernel_args))
}

/// Platforms named as `--platform` and `--platform2`, split into the
/// session's (platforms of the catalog, files, what-if keys) and the
/// offload model's own (offload platform presets or files), each pair
/// (first, second); an argument that is neither is refused.
pub(crate) type PlatformPair = (Option<String>, Option<String>);

pub(crate) fn split_platforms(
    (platform, platform2): (Option<&str>, Option<&str>),
) -> Result<(PlatformPair, PlatformPair), CliError> {
    let cat = catalog()?;
    for (arg, option) in [(platform, "platform"), (platform2, "platform2")] {
        if let Some(arg) = arg {
            neither_refused(arg, option)?;
        }
    }
    let own = |a: Option<&str>| {
        a.filter(|a| is_offload_platform(a, cat))
            .map(str::to_string)
    };
    let shared = |a: Option<&str>| {
        a.filter(|a| !is_offload_platform(a, cat))
            .map(str::to_string)
    };
    Ok((
        (shared(platform), shared(platform2)),
        (own(platform), own(platform2)),
    ))
}

/// Refuse a platform argument that names neither an offload platform
/// preset nor a platform, saying both (a file or what-if key says its
/// own problem).
fn neither_refused(arg: &str, option: &str) -> Result<(), CliError> {
    let cat = catalog()?;
    let offload = offload_platform_arg(arg, cat);
    if offload.is_ok()
        || crate::cli::platform::is_platform(arg)
        || arg.contains('@')
        || hetscope_preset::is_file_arg(arg)
    {
        return Ok(());
    }
    let e = offload.map_or_else(|e| preset_error(option, e), |_| CliError::usage(""));
    Err(CliError {
        message: format!(
            "{}; nor is it a platform (known: {})",
            e.message,
            cat.ids(PresetKind::Platform).join(", ")
        ),
        ..e
    })
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

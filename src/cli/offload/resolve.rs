//! Reading the offload arguments shared by `eval offload` and `export
//! --view offload*` into the core's offload scenario: the platform (an
//! offload platform preset or file, or a platform) with `--set`, kernels
//! by id, name or file, and the problem size.

use super::name_value;
use crate::cli::{CliError, preset_error};
use hetscope_core::offload::{BasePlatform, OffloadScenario};
use hetscope_model::offload::paper_quotes::Mode;
use hetscope_model::offload::{OffloadParam, PROBLEM_SIZE};
use hetscope_model::platform::Source;
use hetscope_preset::offload::{OffloadKernelPreset, offload_kernel_arg, offload_platform_arg};
use hetscope_preset::{Catalog, PresetKind, defaults};

/// Check every `--set NAME=VALUE` against the offload platform's
/// parameters (`threads`, `bus_gbs`, `mem_ld`, ...); the last value of a
/// name wins.
fn offload_sets(items: &[String]) -> Result<Vec<(OffloadParam, f64)>, CliError> {
    let names = OffloadParam::names();
    let known: Vec<&str> = names.split(' ').collect();
    let mut sets: Vec<(OffloadParam, f64)> = Vec::new();
    for item in items {
        let (name, v) = name_value(
            item,
            |n| OffloadParam::from_name(n).is_some(),
            &known,
            "threads=4",
        )?;
        let Some(p) = OffloadParam::from_name(name) else {
            continue;
        };
        p.check(v)
            .map_err(|e| CliError::usage(format!("--set {item}: {e}")))?;
        sets.retain(|(q, _)| *q != p);
        sets.push((p, v));
    }
    Ok(sets)
}

/// Put the platform of `option` (the default when absent; an offload
/// platform preset, or a platform whose offload parameters are its
/// paper's preset or derived from its hardware) into `s` with every
/// `--set` applied: as the scenario's platform, or with `compare` as the
/// platform it is compared with.
pub(super) fn put_platform(
    s: &mut OffloadScenario,
    cat: &Catalog,
    (arg, option): (Option<&str>, &str),
    set: &[String],
    compare: bool,
) -> Result<(), CliError> {
    let sets = offload_sets(set)?;
    let arg = arg.unwrap_or(defaults::OFFLOAD_PLATFORM);
    let (id, mut base) = platform_of(cat, arg, option)?;
    for (p, v) in sets {
        base.model
            .set_param(p, v)
            .map_err(|e| CliError::usage(format!("--set {p}={v}: {e}")))?;
        base.sources.retain(|(name, _)| name != p.name());
        base.sources.push((p.name().to_string(), Source::Edited));
    }
    base.model
        .check()
        .map_err(|e| CliError::usage(format!("--set: {e}")))?;
    if compare {
        (s.compare, s.given.compare) = (Some(id), Some(base));
    } else {
        (s.platform, s.given.platform) = (id, Some(base));
    }
    Ok(())
}

/// The platform `arg` of `option`: its id and its values as its preset
/// (or hardware) gives them.
fn platform_of(cat: &Catalog, arg: &str, option: &str) -> Result<(String, BasePlatform), CliError> {
    match offload_platform_arg(arg, cat) {
        Ok((id, preset)) => Ok((
            id,
            BasePlatform {
                model: preset
                    .to_model()
                    .map_err(|e| CliError::usage(format!("--{option}: {e}")))?,
                sources: vec![("platform".into(), Source::Paper(preset.source.clone()))],
                name: preset.name,
            },
        )),
        // A what-if key is a platform's: its own error says what is wrong.
        Err(offload_err) if !crate::cli::platform::is_platform(arg) && !arg.contains('@') => {
            let e = preset_error(option, offload_err);
            if hetscope_preset::is_file_arg(arg) {
                return Err(e);
            }
            Err(CliError {
                message: format!(
                    "{}; nor is it a platform (known: {})",
                    e.message,
                    cat.ids(PresetKind::Platform).join(", ")
                ),
                ..e
            })
        }
        Err(_) => {
            let c = crate::cli::platform::choice(arg, option)?;
            let r = c
                .preset
                .offload(cat, &c.origin, crate::cli::platform::TRANSFERS)
                .map_err(|e| preset_error(option, e))?;
            let base = BasePlatform {
                name: r.value.0,
                model: r.value.1,
                sources: r.sources,
            };
            Ok((c.id, base))
        }
    }
}

/// The kernel `arg` (an offload kernel preset id or name, or a file):
/// its id and preset.
pub(super) fn kernel(cat: &Catalog, arg: &str) -> Result<(String, OffloadKernelPreset), CliError> {
    offload_kernel_arg(arg, cat).map_err(|e| preset_error("kernel", e))
}

/// The size named by `--size` (default: the benchmark size) of a kernel
/// of sizes `test` and `benchmark`: n, and the mode when `--size` names
/// one rather than a number.
pub(super) fn size_of(
    arg: Option<&str>,
    k: &OffloadKernelPreset,
) -> Result<(f64, Option<Mode>), CliError> {
    let text = arg.map(str::trim).unwrap_or("benchmark");
    match text.to_ascii_lowercase().as_str() {
        "benchmark" => return Ok((k.benchmark_size as f64, Some(Mode::Benchmark))),
        "test" => return Ok((k.test_size as f64, Some(Mode::Test))),
        _ => {}
    }
    match text.parse::<f64>() {
        Ok(n) if PROBLEM_SIZE.contains(n) => Ok((n, None)),
        _ => Err(CliError::usage(format!(
            "--size {text}: the problem size must be {}, `test` or `benchmark`",
            PROBLEM_SIZE.need()
        ))),
    }
}

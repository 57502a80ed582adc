//! Why a preset or file given on the command line is refused, in one
//! line naming the option: an unknown name is a usage error, an unreadable
//! or invalid file a failure, and a file of another kind than the option
//! takes is named for what it is, as the window's drop tells files apart.

use super::CliError;
use hetscope_core::CoreError;
use hetscope_core::named::NamedError;
use hetscope_core::recognize::FileKind;
use hetscope_preset::PresetError;

/// An unknown preset name is a usage error; unreadable or invalid files
/// are failures. `what` is the option, with or without its dashes. A
/// file of another kind than the option takes is named for what it is
/// ("a GPU spec sheet; --cpu takes a CPU spec sheet"), as the window's
/// drop tells files apart.
pub fn preset_error(what: &str, e: PresetError) -> CliError {
    let what = what.trim_start_matches('-');
    if let Some(wrong) = wrong_kind(what, &e) {
        return CliError::usage(wrong);
    }
    match e {
        PresetError::Unknown { .. } | PresetError::WhatIf { .. } => {
            CliError::usage(format!("--{what}: {e}"))
        }
        _ => CliError::failure(format!("--{what}: {e}")),
    }
}

/// The kinds of file option `--what` takes, the first as messages name
/// it (the offload views take an offload platform for `--platform` too).
fn kinds_taken(what: &str) -> &'static [FileKind] {
    match what {
        "platform" | "platform2" => &[FileKind::Platform, FileKind::OffloadPlatform],
        "hardware-of" => &[FileKind::Platform],
        "workload" => &[FileKind::Workload],
        "kernel" => &[FileKind::OffloadKernel],
        "application" => &[FileKind::Application],
        "cpu" => &[FileKind::CpuSpec],
        "gpu" => &[FileKind::GpuSpec],
        "session" => &[FileKind::Session],
        _ => &[],
    }
}

/// "--cpu g.ron: a GPU spec sheet; --cpu takes a CPU spec sheet" where
/// the file `e` could not read is a file hetscope reads of another kind.
fn wrong_kind(what: &str, e: &PresetError) -> Option<String> {
    let taken = kinds_taken(what);
    let first = *taken.first()?;
    let named = match e {
        PresetError::Syntax { .. } | PresetError::Invalid { .. } | PresetError::Value { .. } => {
            e.origin()
        }
        // A file of another kind, named where a preset id or file was
        // looked for (a CSV given to --platform).
        PresetError::Unknown { key, .. } => key.as_str(),
        _ => return None,
    };
    let path = std::path::Path::new(named);
    let text =
        hetscope_preset::read::read_bounded(path, hetscope_preset::FileLimit::SESSION).ok()?;
    let found = hetscope_core::recognize::recognize(named, text.as_bytes()).ok()?;
    (!taken.contains(&found)).then(|| {
        format!(
            "--{what} {}: {} {}; --{what} takes {} {}",
            path.display(),
            article(found.describe()),
            found.describe(),
            article(first.describe()),
            first.describe()
        )
    })
}

/// "a" or "an" before `noun`.
fn article(noun: &str) -> &'static str {
    if noun.starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']) {
        "an"
    } else {
        "a"
    }
}

/// A session that cannot be made of the options, as the command line
/// words it: the option and what is wrong.
pub(crate) fn named_error(e: NamedError) -> CliError {
    match *e.error {
        CoreError::Preset(p) => preset_error(e.option, p),
        CoreError::File(f) => CliError::failure(format!("{} {f}", e.option)),
        error => CliError::usage(format!("{} {error}", e.option)),
    }
}

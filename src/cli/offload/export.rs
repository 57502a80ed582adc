//! `hetscope export --view offload|offload-suite`: the session of the
//! offload options (as `eval offload` makes it), drawn by the core as the
//! window draws it.

use std::path::PathBuf;

use super::{OffloadOptions, offload_session};
use crate::cli::{CliError, catalog};
use hetscope_core::{CoreError, registry};
use hetscope_figure::{Figure, View};

/// The figure of an offload view. `platforms` and `set` are the shared
/// `--platform`, `--platform2` (drawn over the offload view) and `--set`
/// arguments; `measured` the shared `--measured` file (measured speedups
/// beside the suite view's bars).
pub fn figure(
    view: View,
    args: &OffloadOptions,
    platforms: (Option<&str>, Option<&str>),
    set: &[String],
    measured: &[PathBuf],
) -> Result<Figure, CliError> {
    if let (Some(path), false) = (measured.first(), view == View::OffloadSuite) {
        return Err(CliError::usage(format!(
            "--measured {}: only --view offload-suite draws measured speedups",
            path.display()
        )));
    }
    let (s, kernel_args) = offload_session(args, platforms, set, measured)?;
    registry::figure(view, &s, catalog()?).map_err(|e| match e {
        CoreError::OffloadKernel { id, source } => {
            let arg = kernel_args
                .iter()
                .find(|(k, _)| *k == id)
                .map_or(&id, |(_, a)| a);
            CliError::usage(format!("--kernel {arg}: {source}"))
        }
        e => CliError::usage(e.to_string()),
    })
}

//! `hetscope export --view boathull|boathull-compare|boathull-roofline|boathull-app`:
//! the session of the boat hull options (as `eval boathull` makes it),
//! drawn by the core as the window draws it.

use std::path::PathBuf;

use super::{BoathullOptions, boathull_session};
use crate::cli::CliError;
use hetscope_core::boathull::options::EXPORT_F;
use hetscope_core::registry;
use hetscope_figure::{Figure, View};

/// The figure of a boat hull view. `platforms` and `set` are the shared
/// `--platform` (its GPU and CPU, in place of --processor and
/// --processor2) and `--platform2` (its processor of the first one's kind
/// drawn over the boat hull view), and `--set` (the first processor's
/// values and f).
pub fn figure(
    view: View,
    args: &BoathullOptions,
    platforms: (Option<&str>, Option<&str>),
    set: &[String],
    measured: &[PathBuf],
) -> Result<Figure, CliError> {
    if let (Some(m), false) = (measured.first(), view == View::Boathull) {
        return Err(CliError::usage(format!(
            "--measured {}: only --view boathull draws measured times",
            m.display()
        )));
    }
    let s = boathull_session(args, platforms, (set, measured), EXPORT_F)?;
    registry::figure(view, &s, crate::cli::catalog()?)
        .map_err(|e| CliError::usage(format!("--view {}: {e}", view.key())))
}

//! `hetscope export --view offload...`: the arguments and the figure.

use clap::Args;

use super::CliError;
use crate::figure::{ChartFigure, View};

/// Arguments of `export` that only the offload views use.
#[derive(Debug, Clone, Default, Args)]
pub struct OffloadExportArgs {}

/// The figure of a offload view. `platform` and `set` are the shared
/// `--platform` and `--set` arguments.
pub fn figure(
    view: View,
    _args: &OffloadExportArgs,
    _platform: Option<&str>,
    _set: &[String],
) -> Result<ChartFigure, CliError> {
    Err(CliError::usage(format!(
        "--view {} is not available yet",
        view.key()
    )))
}

//! `hetscope export --view fpm...`: the arguments and the figure.

use clap::Args;

use super::CliError;
use crate::figure::{ChartFigure, View};

/// Arguments of `export` that only the fpm views use.
#[derive(Debug, Clone, Default, Args)]
pub struct FpmExportArgs {}

/// The figure of a fpm view. `platform` and `set` are the shared
/// `--platform` and `--set` arguments.
pub fn figure(
    view: View,
    _args: &FpmExportArgs,
    _platform: Option<&str>,
    _set: &[String],
) -> Result<ChartFigure, CliError> {
    Err(CliError::usage(format!(
        "--view {} is not available yet",
        view.key()
    )))
}

//! `hetscope export --view fpm-speed|fpm-times|fpm-sweep`: the session of
//! the FPM options (as `eval fpm` makes it, with the paper's node at 3600
//! whole blocks by default), drawn by the core as the window draws it.

use super::{FpmOptions, fpm_session};
use crate::cli::{CliError, catalog};
use hetscope_core::fpm::options::FpmUse;
use hetscope_core::registry;
use hetscope_figure::{Figure, View};

/// The figure of an FPM view. `platforms` are the shared `--platform`
/// (its devices, in place of --devices) and `--platform2` (its speed
/// functions drawn over the speed view); `set` is `--set`, which the FPM
/// views do not take.
pub fn figure(
    view: View,
    args: &FpmOptions,
    platforms: (Option<&str>, Option<&str>),
    set: &[String],
) -> Result<Figure, CliError> {
    if !set.is_empty() {
        return Err(CliError::usage(format!(
            "--set does not apply to --view {}: the FPM views take --devices, --n, --integer, --linear and the per-device --max-size, --out-of-core, --contention, --socket",
            view.key()
        )));
    }
    let s = fpm_session(args, platforms, FpmUse::Figure)?;
    registry::figure(view, &s, catalog()?).map_err(|e| CliError::usage(e.to_string()))
}

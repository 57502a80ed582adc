//! A platform (`presets/platforms`) on the command line: one id for every
//! model, and the `sources` object every eval prints with it.

use crate::cli::{CliError, catalog, preset_error};
use hetscope_model::platform::Transfers;
use hetscope_preset::platform::{PlatformChoice, platform_choice};

/// The platform of `--platform` (`option` names the option in messages).
pub fn choice(arg: &str, option: &str) -> Result<PlatformChoice, CliError> {
    platform_choice(arg, catalog()?).map_err(|e| preset_error(option, e))
}

/// Whether `arg` names a platform of the catalog or a platform file; a
/// file that is not one (e.g. an offload platform file) is not.
pub fn is_platform(arg: &str) -> bool {
    catalog().is_ok_and(|cat| platform_choice(arg, cat).is_ok())
}

/// The transfers every derived model assumes on the command line: from
/// ordinary (pageable) host memory, what unmodified code gets.
pub const TRANSFERS: Transfers = Transfers::Pageable;

pub use hetscope_core::json::sources_json;

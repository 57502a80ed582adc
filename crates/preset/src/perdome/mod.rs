//! Presets of the PerDome / PeaPaw model: a platform's two processors
//! (named by processor id or given inline, or derived from the platform's
//! hardware; platforms themselves live in `preset::platform`) and
//! workloads (`presets/workloads`: I, the partitions, measured
//! performance).
//!
//! - this file: parsing, loading and saving;
//! - `workload.rs`: the file types of a workload;
//! - `validate.rs`: every value checked, errors naming the field;
//! - `resolve.rs`: processor references looked up, command-line style
//!   arguments, and the model's [`Case`](hetscope_model::perdome::Case);
//! - `measured_csv.rs` + `measured_files.rs`: the import of measured
//!   partitions from CSV;
//! - `energy_runs.rs`: measured energy runs from CSV, for the energy fit.

pub mod energy_runs;
pub mod measured_csv;
mod measured_files;
pub mod resolve;
pub mod validate;
mod workload;

use std::path::Path;

use super::error::PresetError;
use super::file::{parse_ron, read_preset_text};
use super::save::save_ron;

pub use energy_runs::{EnergyRuns, load_energy_runs, parse_energy_runs};
pub use measured_csv::{MeasuredImport, import_measured_csv};
pub use resolve::{ResolvedPlatform, platform_arg, scenario, scenario_of, workload_arg};
pub use validate::validate_workload;
pub use workload::{MeasuredSet, PartitionPreset, WorkloadPreset, measured_in};
// Processors serve every model; they live in `preset::processor`.
pub use crate::processor::ProcessorRef;
// Platforms serve every model; they live in `preset::platform`.
pub use crate::platform::{
    PlatformPreset, load_platform_file, parse_platform, save_platform, validate_platform,
};

/// Parse and validate a workload preset.
pub fn parse_workload(text: &str, origin: &str) -> Result<WorkloadPreset, PresetError> {
    let w: WorkloadPreset = parse_ron(text, origin)?;
    validate_workload(&w, origin)?;
    Ok(w)
}

pub fn load_workload_file(path: &Path) -> Result<WorkloadPreset, PresetError> {
    parse_workload(&read_preset_text(path)?, &path.display().to_string())
}

/// Validate, then save a workload preset.
pub fn save_workload(path: &Path, w: &WorkloadPreset) -> Result<(), PresetError> {
    validate_workload(w, &path.display().to_string())?;
    save_ron(path, w)
}

//! Presets of the PerDome / PeaPaw model: a platform's two processors
//! (named by processor id or given inline, or derived from the platform's
//! hardware; platforms themselves live in `preset::platform`) and
//! workloads (`presets/workloads`: I, the partitions, measured
//! performance).
//!
//! - this file: the file types, parsing, loading and saving;
//! - `validate.rs`: every value checked, errors naming the field;
//! - `resolve.rs`: processor references looked up, command-line style
//!   arguments, and the model's [`Scenario`](hetscope_model::perdome::Scenario);
//! - `measured_csv.rs` + `measured_files.rs`: the import of measured
//!   partitions from CSV;
//! - `energy_runs.rs`: measured energy runs from CSV, for the energy fit.

pub mod energy_runs;
pub mod measured_csv;
mod measured_files;
pub mod resolve;
pub mod validate;

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::error::PresetError;
use super::file::{parse_ron, read_text};
use super::processor::ProcessorPreset;
use super::save::save_ron;

pub use energy_runs::{EnergyRuns, load_energy_runs, parse_energy_runs};
pub use measured_csv::{MeasuredImport, import_measured_csv};
pub use resolve::{ResolvedPlatform, platform_arg, scenario, scenario_of, workload_arg};
pub use validate::validate_workload;
// Platforms serve every model; they live in `preset::platform`.
pub use crate::platform::{
    PlatformPreset, load_platform_file, parse_platform, save_platform, validate_platform,
};

/// A processor named by preset id (file stem) or given in full.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ProcessorRef {
    Preset(String),
    Inline(ProcessorPreset),
}

/// One named partition of a workload (essential WP parameters, flop/byte).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartitionPreset {
    pub name: String,
    pub i_c: f64,
    pub i_g: f64,
}

/// Measured performance of a workload's partitions on one platform.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeasuredSet {
    /// Platform preset id (file stem) the measurements were taken on.
    pub platform: String,
    /// (partition name, measured GFLOP/s).
    pub gflops: Vec<(String, f64)>,
    #[serde(default)]
    pub source: String,
}

/// A workload preset (`presets/workloads/*.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorkloadPreset {
    pub name: String,
    pub source: String,
    /// Intensity of the whole workload I, flop/byte.
    pub intensity: f64,
    pub partitions: Vec<PartitionPreset>,
    #[serde(default)]
    pub measured: Vec<MeasuredSet>,
    #[serde(default)]
    pub notes: String,
}

impl WorkloadPreset {
    /// The measured GFLOP/s of partition `name` on platform `platform_id`
    /// (ids compare without case).
    pub fn measured_on(&self, platform_id: &str, name: &str) -> Option<f64> {
        measured_in(&self.measured, platform_id, name)
    }
}

/// The measured GFLOP/s of partition `name` on platform `platform_id` in
/// `sets` (platform ids compare without case).
pub fn measured_in(sets: &[MeasuredSet], platform_id: &str, name: &str) -> Option<f64> {
    sets.iter()
        .find(|m| m.platform.eq_ignore_ascii_case(platform_id))?
        .gflops
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, g)| *g)
}

/// Parse and validate a workload preset.
pub fn parse_workload(text: &str, origin: &str) -> Result<WorkloadPreset, PresetError> {
    let w: WorkloadPreset = parse_ron(text, origin)?;
    validate_workload(&w, origin)?;
    Ok(w)
}

pub fn load_workload_file(path: &Path) -> Result<WorkloadPreset, PresetError> {
    parse_workload(&read_text(path)?, &path.display().to_string())
}

/// Validate, then save a workload preset.
pub fn save_workload(path: &Path, w: &WorkloadPreset) -> Result<(), PresetError> {
    validate_workload(w, &path.display().to_string())?;
    save_ron(path, w)
}

impl crate::save::PresetFile for WorkloadPreset {
    const WHAT: &'static str = "workload preset";
}

//! The workload preset (`presets/workloads/*.ron`): the intensity I, the
//! partitions and the measured performance on platforms.

use serde::{Deserialize, Serialize};

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

impl crate::save::PresetFile for WorkloadPreset {
    const WHAT: &'static str = "workload preset";
}

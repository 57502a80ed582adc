//! From presets to the model: platforms with their processors looked up,
//! command-line style arguments (a name or a `.ron` file), and scenarios.

use std::path::Path;

use super::catalog::Catalog;
use super::error::PresetError;
use super::load::{file_id, load_platform_file, load_workload_file};
use super::types::{PlatformPreset, PresetKind, ProcessorPreset, ProcessorRef, WorkloadPreset};
use super::validate::{check_slot, validate_platform};
use crate::figure::{NamedPartition, Scenario};
use crate::model::{Platform, Side};

/// A platform with both processors known, and its model parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct ResolvedPlatform {
    pub name: String,
    /// Preset id (file stem) of the platform.
    pub id: String,
    pub cpu: ProcessorPreset,
    pub gpu: ProcessorPreset,
    pub platform: Platform,
}

impl PlatformPreset {
    /// Look up processor references in `cat`, check kinds and values, and
    /// build the model platform. `id` is the platform's preset id (used to
    /// pick measured sets); `origin` names the file in messages.
    pub fn resolve(
        &self,
        id: &str,
        cat: &Catalog,
        origin: &str,
    ) -> Result<ResolvedPlatform, PresetError> {
        validate_platform(self, origin)?;
        let cpu = slot(&self.cpu, Side::Cpu, "cpu", cat, origin)?;
        let gpu = slot(&self.gpu, Side::Gpu, "gpu", cat, origin)?;
        let platform = Platform {
            cpu: cpu.processor(),
            gpu: gpu.processor(),
        };
        platform
            .validate()
            .map_err(|e| PresetError::invalid(origin, "", e.to_string()))?;
        Ok(ResolvedPlatform {
            name: self.name.clone(),
            id: id.to_string(),
            cpu,
            gpu,
            platform,
        })
    }
}

fn slot(
    r: &ProcessorRef,
    side: Side,
    field: &str,
    cat: &Catalog,
    origin: &str,
) -> Result<ProcessorPreset, PresetError> {
    let p = match r {
        ProcessorRef::Inline(p) => p.clone(),
        ProcessorRef::Preset(key) => match cat.processor(key) {
            Some((_, p)) => p.clone(),
            None => {
                return Err(PresetError::Unknown {
                    origin: format!("{origin}: {field}"),
                    kind: PresetKind::Processor,
                    key: key.clone(),
                    known: cat.ids(PresetKind::Processor),
                });
            }
        },
    };
    check_slot(&p, side, origin, field)?;
    Ok(p)
}

fn is_file_arg(arg: &str) -> bool {
    Path::new(arg)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("ron"))
}

/// A platform given as a catalog id or name, or as a path ending in `.ron`.
pub fn platform_arg(arg: &str, cat: &Catalog) -> Result<ResolvedPlatform, PresetError> {
    if is_file_arg(arg) {
        let path = Path::new(arg);
        let p = load_platform_file(path)?;
        return p.resolve(&file_id(path), cat, arg);
    }
    match cat.platform(arg) {
        Some((e, p)) => p.resolve(&e.id, cat, &e.path),
        None => Err(PresetError::Unknown {
            origin: "platform argument".to_string(),
            kind: PresetKind::Platform,
            key: arg.to_string(),
            known: cat.ids(PresetKind::Platform),
        }),
    }
}

/// A workload given as a catalog id or name, or as a path ending in `.ron`.
/// Returns the id (file stem) and the preset.
pub fn workload_arg(arg: &str, cat: &Catalog) -> Result<(String, WorkloadPreset), PresetError> {
    if is_file_arg(arg) {
        let path = Path::new(arg);
        return Ok((file_id(path), load_workload_file(path)?));
    }
    match cat.workload(arg) {
        Some((e, w)) => Ok((e.id.clone(), w.clone())),
        None => Err(PresetError::Unknown {
            origin: "workload argument".to_string(),
            kind: PresetKind::Workload,
            key: arg.to_string(),
            known: cat.ids(PresetKind::Workload),
        }),
    }
}

/// The input of the figures: the platform's parameters, the workload's I
/// and its partitions in order, each with the measured GFLOP/s of the set
/// whose `platform` is this platform's id (if any).
pub fn scenario(platform: &ResolvedPlatform, workload: &WorkloadPreset) -> Scenario {
    let set = workload
        .measured
        .iter()
        .find(|m| m.platform.eq_ignore_ascii_case(&platform.id));
    let partitions = workload
        .partitions
        .iter()
        .map(|q| NamedPartition {
            name: q.name.clone(),
            i_c: q.i_c,
            i_g: q.i_g,
            measured_gflops: set
                .and_then(|m| m.gflops.iter().find(|(n, _)| n == &q.name).map(|(_, g)| *g)),
        })
        .collect();
    Scenario {
        platform_name: platform.name.clone(),
        platform: platform.platform,
        workload_name: workload.name.clone(),
        i: workload.intensity,
        partitions,
    }
}

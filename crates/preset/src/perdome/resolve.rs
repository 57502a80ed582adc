//! From presets to the model: platforms with their processors looked up,
//! command-line style arguments (a name or a `.ron` file), and scenarios.

use std::path::Path;

use super::validate::check_slot;
use super::{PlatformPreset, ProcessorRef, WorkloadPreset, load_workload_file};
use crate::catalog::{Catalog, PresetKind};
use crate::error::PresetError;
use crate::file::{file_id, is_file_arg};
use crate::hardware::platform_error;
use crate::platform::{platform_choice, validate_platform};
use crate::processor::ProcessorPreset;
use hetscope_model::perdome::{Case, NamedPartition, Platform, Processor, Side};
use hetscope_model::platform::derive::perdome as rules;
use hetscope_model::platform::{Node, Source};

/// A platform with both processors known, and its model parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct ResolvedPlatform {
    pub name: String,
    /// Preset id (file stem) of the platform.
    pub id: String,
    /// The processors as given, or as derived from the hardware (then
    /// their `source` and `notes` say so).
    pub cpu: ProcessorPreset,
    pub gpu: ProcessorPreset,
    pub platform: Platform,
    /// Where each of the ten parameters comes from (`t_fC`, ..., `p_sG`).
    pub sources: Vec<(String, Source)>,
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
        let (cpu, gpu, sources) = match (&self.cpu, &self.gpu) {
            (Some(c), Some(g)) => {
                let cpu = slot(c, Side::Cpu, "cpu", cat, origin)?;
                let gpu = slot(g, Side::Gpu, "gpu", cat, origin)?;
                let sources = given_sources(&cpu, Side::Cpu)
                    .chain(given_sources(&gpu, Side::Gpu))
                    .collect();
                (cpu, gpu, sources)
            }
            _ => self.derived(cat, origin)?,
        };
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
            sources,
        })
    }

    /// Both processors derived from the hardware (PeaPaw Eq. 5-6 and 3.3).
    fn derived(&self, cat: &Catalog, origin: &str) -> Result<DerivedPair, PresetError> {
        let node = self.node(cat, origin)?.ok_or_else(|| {
            PresetError::invalid(origin, "hardware", "needs hardware or a cpu and a gpu")
        })?;
        let d = rules::platform(&node).map_err(|e| platform_error(e, origin, "hardware"))?;
        let cpu = derived_processor(&node, Side::Cpu, &d.value.cpu, &d.sources);
        let gpu = derived_processor(&node, Side::Gpu, &d.value.gpu, &d.sources);
        Ok((cpu, gpu, d.sources))
    }
}

/// The CPU and GPU derived from a node, with the source of each parameter.
type DerivedPair = (ProcessorPreset, ProcessorPreset, Vec<(String, Source)>);

/// Every parameter of a processor given by a preset: its source.
fn given_sources(p: &ProcessorPreset, side: Side) -> impl Iterator<Item = (String, Source)> + '_ {
    crate::processor::PARAMS
        .into_iter()
        .map(move |n| (format!("{n}{}", side.suffix()), p.source_of(n)))
}

/// A processor preset holding parameters derived for one side of `node`.
fn derived_processor(
    node: &Node,
    side: Side,
    p: &Processor,
    sources: &[(String, Source)],
) -> ProcessorPreset {
    let (name, source) = match side {
        Side::Cpu => (node.cpu_label(), node.cpu.source.to_string()),
        Side::Gpu => (node.gpu_label(), node.gpu().source.to_string()),
    };
    let suffix = side.suffix();
    let notes = sources
        .iter()
        .filter(|(k, _)| k.ends_with(suffix))
        .map(|(k, s)| format!("{k}: {s}"))
        .collect::<Vec<_>>()
        .join("; ");
    let source = format!("derived from the spec sheet ({source})");
    ProcessorPreset::of_processor(name, side, source, p, notes)
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

/// A platform given as a catalog id or name, or as a path ending in `.ron`.
pub fn platform_arg(arg: &str, cat: &Catalog) -> Result<ResolvedPlatform, PresetError> {
    let c = platform_choice(arg, cat)?;
    c.preset.resolve(&c.id, cat, &c.origin)
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

/// The model's input for a resolved platform and a workload (see
/// [`scenario_of`]).
pub fn scenario(platform: &ResolvedPlatform, workload: &WorkloadPreset) -> Case {
    scenario_of(&platform.name, platform.platform, &platform.id, workload)
}

/// The model's input: the platform's parameters, the workload's I and its
/// partitions in order, each with the measured GFLOP/s of the set whose
/// `platform` is `platform_id` (if any). The one place a scenario is
/// built, for the command line and the GUI alike.
pub fn scenario_of(
    platform_name: &str,
    platform: Platform,
    platform_id: &str,
    workload: &WorkloadPreset,
) -> Case {
    let partitions = workload
        .partitions
        .iter()
        .map(|q| NamedPartition {
            name: q.name.clone(),
            i_c: q.i_c,
            i_g: q.i_g,
            measured_gflops: workload.measured_on(platform_id, &q.name),
        })
        .collect();
    Case {
        platform_name: platform_name.to_string(),
        platform,
        workload_name: workload.name.clone(),
        i: workload.intensity,
        partitions,
    }
}

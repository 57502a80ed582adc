//! A platform around a measured processor: a measured CPU description
//! (inline, every value with its source) paired with a GPU, over the link
//! measured with that GPU where its sheet has one, else linked as the
//! catalog's first platform with that GPU links it; or a probed GPU
//! paired with a CPU over the link the probe measured.

use hetscope_model::offload::Formulation;
use std::path::{Path, PathBuf};

use super::{GpuRef, HardwarePreset, PlatformPreset, SpecRef};
use crate::error::PresetError;
use crate::fpm::{SpeedCsv, save_speed_csv};
use crate::hardware::load_gpu_spec_file;
use crate::is_file_arg;
use crate::save::save_ron;
use crate::{Catalog, PresetKind};
use hetscope_model::platform::{CpuSpec, GpuSpec, Link, Source};

impl crate::save::PresetFile for CpuSpec {
    const WHAT: &'static str = "CPU spec sheet";
}

impl PlatformPreset {
    /// The measured `cpu` with the GPU `gpu`: a catalog id, or a GPU spec
    /// sheet file (`.ron`, e.g. from `presets import-probe`), put inline;
    /// the link measured with that GPU where its sheet has one, else the
    /// link of the first catalog platform with that GPU (else a PCIe 4.0
    /// x16 estimate), its source saying so.
    pub fn of_measured_cpu(
        cpu: CpuSpec,
        gpu: &str,
        cat: &Catalog,
    ) -> Result<PlatformPreset, PresetError> {
        let (gpu_ref, gpu_name, gpu_source, link) = if is_file_arg(gpu) {
            let spec = load_gpu_spec_file(Path::new(gpu))?;
            let (name, source) = (spec.name.clone(), format!("the GPU spec sheet {gpu}"));
            let link = spec.link.clone().unwrap_or_else(|| link_of(gpu, cat));
            (SpecRef::Inline(spec), name, source, link)
        } else {
            let Some((e, g)) = cat.gpu(gpu) else {
                return Err(PresetError::Unknown {
                    origin: "the measured platform's GPU".into(),
                    kind: PresetKind::Gpu,
                    key: gpu.to_string(),
                    known: cat.ids(PresetKind::Gpu),
                });
            };
            let source = format!("the spec sheet {}", e.id);
            let link = g.link.clone().unwrap_or_else(|| link_of(&e.id, cat));
            (SpecRef::Preset(e.id.clone()), g.name.clone(), source, link)
        };
        let cpu_source = format!("CPU: {}", cpu.source);
        let cpu_name = cpu.name.clone();
        Ok(PlatformPreset::pairing(
            (SpecRef::Inline(cpu), &cpu_name, &cpu_source),
            (gpu_ref, &gpu_name, &gpu_source),
            link,
            "Every model derives its parameters from this CPU's measured description and the GPU's spec sheet (model::platform::derive).",
        ))
    }

    /// A probed GPU (its spec sheet inline, measured over `link`) with the
    /// CPU `cpu` (a spec sheet inline or a catalog id), over the link the
    /// probe measured.
    pub fn of_probed_gpu(
        cpu: SpecRef<CpuSpec>,
        cpu_name: &str,
        cpu_source: &str,
        gpu: GpuSpec,
        gpu_source: &str,
        link: Link,
    ) -> PlatformPreset {
        let gpu_name = gpu.name.clone();
        let mut p = PlatformPreset::pairing(
            (cpu, cpu_name, &format!("CPU: {cpu_source}")),
            (SpecRef::Inline(gpu), &gpu_name, gpu_source),
            link,
            "Every model derives its parameters from the CPU's description and the probed GPU's measured spec sheet and link (model::platform::derive). The offload model reads them with the cache-aware formulation, which predicts the shipped H100 node's measured offload decisions better than the published one (docs/validation.md, \"Caches in the offload model\").",
        );
        p.offload_formulation = Some(Formulation::CacheAware);
        p
    }

    /// One CPU and one GPU over `link`: each as (spec, name, source text).
    fn pairing(
        cpu: (SpecRef<CpuSpec>, &str, &str),
        gpu: (SpecRef<GpuSpec>, &str, &str),
        link: Link,
        notes: &str,
    ) -> PlatformPreset {
        PlatformPreset {
            name: format!("{} + {}", cpu.1, gpu.1),
            source: format!("{}; GPU: {}; link: {}", cpu.2, gpu.2, link.source),
            hardware: Some(HardwarePreset {
                cpu: cpu.0,
                cpus: 1,
                gpus: vec![GpuRef {
                    spec: gpu.0,
                    count: 1,
                }],
                link,
            }),
            cpu: None,
            gpu: None,
            boathull: None,
            offload: None,
            offload_formulation: None,
            offload_transfers: None,
            fpm: Vec::new(),
            notes: notes.into(),
        }
    }
}

/// The link of the first catalog platform with the GPU `gpu_id`.
fn link_of(gpu_id: &str, cat: &Catalog) -> Link {
    for (e, p) in cat.platforms() {
        if let Some(h) = &p.hardware
            && h.gpus
                .iter()
                .any(|g| matches!(&g.spec, SpecRef::Preset(id) if id == gpu_id))
        {
            let mut link = h.link.clone();
            link.source = Source::Estimate(format!(
                "the link of the platform {} with the same GPU ({})",
                e.id, link.source
            ));
            return link;
        }
    }
    Link {
        name: "PCIe 4.0 x16".into(),
        pinned_gbs: 31.5,
        pageable_gbs: None,
        latency_us: 10.0,
        h2d_pinned_gbs: None,
        d2h_pinned_gbs: None,
        h2d_pageable_gbs: None,
        d2h_pageable_gbs: None,
        source: Source::Estimate(
            "no catalog platform has this GPU: PCIe 4.0 x16, 16 GT/s x 16 lanes x 128b/130b / 8 bits"
                .into(),
        ),
        sources: Default::default(),
    }
}

/// The files of a measured CPU.
#[derive(Clone, Debug, PartialEq)]
pub struct MeasuredFiles {
    /// The processor description.
    pub cpu: PathBuf,
    /// The platform pairing it with the GPU.
    pub platform: PathBuf,
    /// The speed functions, by kernel.
    pub speed: Vec<(String, PathBuf)>,
}

/// Write `DIR/ID.ron` (the processor description), `DIR/ID-GPU.ron` (the
/// platform with the catalog GPU `gpu_id`) and `DIR/ID-KERNEL.csv` (each
/// speed function), each atomically.
pub fn write_measured(
    dir: &Path,
    id: &str,
    cpu: &CpuSpec,
    gpu_id: &str,
    speed: &[(&str, SpeedCsv)],
    cat: &Catalog,
) -> Result<MeasuredFiles, PresetError> {
    let platform = PlatformPreset::of_measured_cpu(cpu.clone(), gpu_id, cat)?;
    let gpu_stem = if is_file_arg(gpu_id) {
        crate::file_id(Path::new(gpu_id))
    } else {
        gpu_id.to_string()
    };
    let files = MeasuredFiles {
        cpu: dir.join(format!("{id}.ron")),
        platform: dir.join(format!("{id}-{gpu_stem}.ron")),
        speed: speed
            .iter()
            .map(|(k, _)| ((*k).to_string(), dir.join(format!("{id}-{k}.csv"))))
            .collect(),
    };
    save_ron(&files.cpu, cpu)?;
    save_ron(&files.platform, &platform)?;
    for ((_, csv), (_, path)) in speed.iter().zip(&files.speed) {
        save_speed_csv(path, csv)?;
    }
    Ok(files)
}

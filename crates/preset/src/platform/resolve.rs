//! A platform resolved against a catalog: its spec sheets looked up into
//! the model's [`Node`], and each model's parameters, from the model's own
//! preset where the platform names one (a paper's or a measurement's
//! values, used as printed) or derived from the node by the rules of
//! `model::platform::derive`, each with its sources.

use super::{HardwarePreset, PlatformPreset, SpecRef};
use crate::catalog::{Catalog, PresetKind};
use crate::error::PresetError;
use crate::hardware::platform_error;
use hetscope_model::boathull::{Cpu, Gpu, Machine};
use hetscope_model::fpm::FpmDevice;
use hetscope_model::offload;
use hetscope_model::perdome::Side;
use hetscope_model::platform::derive::{boathull, fpm, offload as offload_rules};
use hetscope_model::platform::{GpuGroup, Node, Source, Transfers};

/// Where a model's parameters of a platform come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModelSource {
    /// The model's own presets, named by the platform (a paper's table or
    /// a measurement, used as given): kind and ids.
    Presets { kind: PresetKind, ids: Vec<String> },
    /// Derived from the platform's hardware by the documented rules.
    Derived,
}

impl ModelSource {
    /// In words, for a view or JSON: "derived from the hardware description
    /// (spec sheets, measured values)" or
    /// "processor presets i7-930, gtx470".
    pub fn describe(&self) -> String {
        match self {
            ModelSource::Presets { kind, ids } => {
                format!(
                    "{} preset{} {}",
                    kind.key(),
                    plural(ids.len()),
                    ids.join(", ")
                )
            }
            ModelSource::Derived => "derived from its hardware description".into(),
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// A model's parameters for a platform, where they come from, and the
/// source of each (by the model's parameter names).
#[derive(Clone, Debug, PartialEq)]
pub struct Resolved<T> {
    pub value: T,
    pub from: ModelSource,
    pub sources: Vec<(String, Source)>,
}

impl<T> Resolved<T> {
    pub fn source(&self, param: &str) -> Option<&Source> {
        self.sources
            .iter()
            .find(|(p, _)| p == param)
            .map(|(_, s)| s)
    }
}

/// One boat hull processor of a platform: its name, its machine, and the
/// source of each value (by parameter name, or "processor" for all).
#[derive(Clone, Debug, PartialEq)]
pub struct BoathullSide {
    pub name: String,
    pub machine: Machine,
    pub sources: Vec<(String, Source)>,
}

/// Every model's parameters of one platform (PerDome/PeaPaw resolves
/// through `preset::perdome`, which keeps the processors' files).
#[derive(Clone, Debug, PartialEq)]
pub struct PlatformModels {
    pub boathull: Resolved<(Cpu, Gpu)>,
    pub offload: Resolved<(String, offload::Platform)>,
    pub fpm: Resolved<Vec<FpmDevice>>,
}

impl PlatformPreset {
    /// The machine with its spec sheets looked up, if the platform gives
    /// its hardware.
    pub fn node(&self, cat: &Catalog, origin: &str) -> Result<Option<Node>, PresetError> {
        let Some(h) = &self.hardware else {
            return Ok(None);
        };
        let node = hardware_node(&self.name, h, cat, origin)?;
        node.check()
            .map_err(|e| platform_error(e, origin, "hardware"))?;
        Ok(Some(node))
    }

    /// The node, or an error saying that `model` needs it.
    fn need_node(&self, cat: &Catalog, origin: &str, model: &str) -> Result<Node, PresetError> {
        self.node(cat, origin)?.ok_or_else(|| {
            PresetError::invalid(
                origin,
                "hardware",
                format!(
                    "platform '{}' gives no hardware and no {model} preset, so the {model} model has no parameters for it",
                    self.name
                ),
            )
        })
    }

    /// Every model but PerDome/PeaPaw.
    pub fn models(
        &self,
        cat: &Catalog,
        origin: &str,
        transfers: Transfers,
    ) -> Result<PlatformModels, PresetError> {
        Ok(PlatformModels {
            boathull: self.boathull(cat, origin, transfers)?,
            offload: self.offload(cat, origin, transfers)?,
            fpm: self.fpm(cat, origin)?,
        })
    }

    /// The boat hull model's CPU and GPU.
    pub fn boathull(
        &self,
        cat: &Catalog,
        origin: &str,
        transfers: Transfers,
    ) -> Result<Resolved<(Cpu, Gpu)>, PresetError> {
        if let Some(pair) = &self.boathull {
            let cpu = boathull_processor(cat, origin, "boathull.cpu", &pair.cpu)?;
            let gpu = boathull_processor(cat, origin, "boathull.gpu", &pair.gpu)?;
            let (Machine::Cpu(c), Machine::Gpu(g)) = (&cpu.1, &gpu.1) else {
                return Err(PresetError::invalid(
                    origin,
                    "boathull",
                    "boathull.cpu must name a CPU and boathull.gpu a GPU",
                ));
            };
            let sources = vec![
                ("cpu".to_string(), Source::Paper(cpu.0)),
                ("gpu".to_string(), Source::Paper(gpu.0)),
            ];
            return Ok(Resolved {
                value: (*c, *g),
                from: ModelSource::Presets {
                    kind: PresetKind::Processor,
                    ids: vec![pair.cpu.clone(), pair.gpu.clone()],
                },
                sources,
            });
        }
        let node = self.need_node(cat, origin, "boat hull")?;
        let err = |e| platform_error(e, origin, "hardware");
        let c = boathull::cpu(&node).map_err(err)?;
        let g = boathull::gpu(&node, transfers).map_err(err)?;
        let mut sources = prefixed("cpu.", c.sources);
        sources.extend(prefixed("gpu.", g.sources));
        Ok(Resolved {
            value: (c.value, g.value),
            from: ModelSource::Derived,
            sources,
        })
    }

    /// The boat hull processor of kind `side`: named as its processor
    /// preset where the platform names one, else as its spec sheet.
    pub fn boathull_side(
        &self,
        cat: &Catalog,
        origin: &str,
        transfers: Transfers,
        side: Side,
    ) -> Result<BoathullSide, PresetError> {
        let r = self.boathull(cat, origin, transfers)?;
        let (cpu, gpu) = r.value;
        let (machine, prefix, k) = match side {
            Side::Cpu => (Machine::Cpu(cpu), "cpu", 0),
            Side::Gpu => (Machine::Gpu(gpu), "gpu", 1),
        };
        let name = match (&r.from, self.node(cat, origin)?) {
            (ModelSource::Presets { ids, .. }, _) => cat
                .processor(&ids[k])
                .map_or(ids[k].clone(), |(_, p)| p.name.clone()),
            (ModelSource::Derived, Some(n)) => match side {
                Side::Cpu => n.cpu.name.clone(),
                Side::Gpu => n.gpu().name.clone(),
            },
            (ModelSource::Derived, None) => self.name.clone(),
        };
        let sources = r
            .sources
            .into_iter()
            .filter_map(|(key, s)| {
                let rest = key.strip_prefix(prefix)?.trim_start_matches('.');
                let name = if rest.is_empty() { "processor" } else { rest };
                Some((name.to_string(), s))
            })
            .collect();
        Ok(BoathullSide {
            name,
            machine,
            sources,
        })
    }

    /// The offload decision's platform, with its name.
    pub fn offload(
        &self,
        cat: &Catalog,
        origin: &str,
        transfers: Transfers,
    ) -> Result<Resolved<(String, offload::Platform)>, PresetError> {
        if let Some(id) = &self.offload {
            let (e, p) = cat
                .offload_platform(id)
                .ok_or_else(|| unknown(cat, origin, "offload", PresetKind::OffloadPlatform, id))?;
            return Ok(Resolved {
                value: (p.name.clone(), p.to_model()?),
                from: ModelSource::Presets {
                    kind: PresetKind::OffloadPlatform,
                    ids: vec![e.id.clone()],
                },
                sources: vec![("platform".into(), Source::Paper(p.source.clone()))],
            });
        }
        let node = self.need_node(cat, origin, "offload")?;
        let transfers = self.offload_transfers.unwrap_or(transfers);
        let mut d = offload_rules::platform(&node, transfers)
            .map_err(|e| platform_error(e, origin, "hardware"))?;
        if let Some(f) = self.offload_formulation {
            d.value.formulation = f;
        }
        Ok(Resolved {
            value: (self.name.clone(), d.value),
            from: ModelSource::Derived,
            sources: d.sources,
        })
    }

    /// The FPM model's devices.
    pub fn fpm(
        &self,
        cat: &Catalog,
        origin: &str,
    ) -> Result<Resolved<Vec<FpmDevice>>, PresetError> {
        if !self.fpm.is_empty() {
            let mut devices = Vec::new();
            for (k, r) in self.fpm.iter().enumerate() {
                let (e, csv) = cat.device(&r.device).ok_or_else(|| {
                    unknown(
                        cat,
                        origin,
                        &format!("fpm[{k}].device"),
                        PresetKind::Device,
                        &r.device,
                    )
                })?;
                let mut d = csv.builtin_device(&r.name, &e.id);
                d.socket = r.socket.or(d.socket);
                devices.push(d);
            }
            let mut ids: Vec<String> = self.fpm.iter().map(|r| r.device.clone()).collect();
            ids.dedup();
            return Ok(Resolved {
                value: devices,
                from: ModelSource::Presets {
                    kind: PresetKind::Device,
                    ids,
                },
                sources: vec![(
                    "speed".into(),
                    Source::Measured("the devices' speed-function files".into()),
                )],
            });
        }
        let node = self.need_node(cat, origin, "FPM")?;
        let d = fpm::devices(&node);
        Ok(Resolved {
            value: d.value,
            from: ModelSource::Derived,
            sources: d.sources,
        })
    }
}

fn prefixed(prefix: &str, sources: Vec<(String, Source)>) -> Vec<(String, Source)> {
    sources
        .into_iter()
        .map(|(k, s)| (format!("{prefix}{k}"), s))
        .collect()
}

/// The spec sheets of `h` looked up in `cat`.
fn hardware_node(
    name: &str,
    h: &HardwarePreset,
    cat: &Catalog,
    origin: &str,
) -> Result<Node, PresetError> {
    let cpu = match &h.cpu {
        SpecRef::Inline(c) => c.clone(),
        SpecRef::Preset(id) => cat
            .cpu(id)
            .ok_or_else(|| unknown(cat, origin, "hardware.cpu", PresetKind::Cpu, id))?
            .1
            .clone(),
    };
    let mut gpus = Vec::new();
    for (k, g) in h.gpus.iter().enumerate() {
        let spec = match &g.spec {
            SpecRef::Inline(s) => s.clone(),
            SpecRef::Preset(id) => {
                let at = format!("hardware.gpus[{k}].spec");
                cat.gpu(id)
                    .ok_or_else(|| unknown(cat, origin, &at, PresetKind::Gpu, id))?
                    .1
                    .clone()
            }
        };
        gpus.push(GpuGroup {
            spec,
            count: g.count,
        });
    }
    Ok(Node {
        name: name.to_string(),
        cpu,
        cpus: h.cpus,
        gpus,
        link: h.link.clone(),
    })
}

/// A processor preset with boat hull parameters: its source and machine.
fn boathull_processor(
    cat: &Catalog,
    origin: &str,
    field: &str,
    id: &str,
) -> Result<(String, Machine), PresetError> {
    let (_, p) = cat
        .processor(id)
        .ok_or_else(|| unknown(cat, origin, field, PresetKind::Processor, id))?;
    let m = p.boathull.ok_or_else(|| {
        PresetError::invalid(
            origin,
            field,
            format!("processor `{id}` has no boat hull parameters"),
        )
    })?;
    Ok((p.source.clone(), m))
}

fn unknown(cat: &Catalog, origin: &str, field: &str, kind: PresetKind, key: &str) -> PresetError {
    PresetError::Unknown {
        origin: format!("{origin}: {field}"),
        kind,
        key: key.to_string(),
        known: cat.ids(kind),
    }
}

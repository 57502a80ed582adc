//! Presets for the boat hull model: a processor's boat hull parameters
//! as the model's [`Gpu`] or [`Cpu`], and application presets
//! (`presets/applications/*.ron`) parsed, validated (every class name read
//! with [`Class::parse`]) and turned into the model's [`Application`].

use std::path::Path;

use super::error::PresetError;
use super::load::read_text;
use super::types::{ApplicationPreset, BoatHullParams, ProcessorPreset};
use super::validate::validate_application;
use crate::model::boathull::{
    Application, BoatHullError, Complexity, Cpu, Gpu, Primitive, Transfers,
};

impl BoatHullParams {
    /// The model's GPU, when these are GPU parameters.
    pub fn gpu(&self) -> Option<Gpu> {
        match *self {
            BoatHullParams::Gpu {
                p_compute_gflops,
                p_coalesced_gbs,
                p_uncoalesced_gbs,
                b_bus_gbs,
            } => Some(Gpu {
                p_compute_gflops,
                p_coalesced_gbs,
                p_uncoalesced_gbs,
                b_bus_gbs,
            }),
            BoatHullParams::Cpu { .. } => None,
        }
    }

    /// The model's CPU, when these are CPU parameters.
    pub fn cpu(&self) -> Option<Cpu> {
        match *self {
            BoatHullParams::Cpu {
                p_compute_gflops,
                p_memory_gbs,
                n_threads,
                w_vector_bits,
            } => Some(Cpu {
                p_compute_gflops,
                p_memory_gbs,
                n_threads,
                w_vector_bits,
            }),
            BoatHullParams::Gpu { .. } => None,
        }
    }
}

impl From<Gpu> for BoatHullParams {
    fn from(g: Gpu) -> Self {
        BoatHullParams::Gpu {
            p_compute_gflops: g.p_compute_gflops,
            p_coalesced_gbs: g.p_coalesced_gbs,
            p_uncoalesced_gbs: g.p_uncoalesced_gbs,
            b_bus_gbs: g.b_bus_gbs,
        }
    }
}

impl From<Cpu> for BoatHullParams {
    fn from(c: Cpu) -> Self {
        BoatHullParams::Cpu {
            p_compute_gflops: c.p_compute_gflops,
            p_memory_gbs: c.p_memory_gbs,
            n_threads: c.n_threads,
            w_vector_bits: c.w_vector_bits,
        }
    }
}

impl ProcessorPreset {
    /// The boat hull GPU of this processor, if it has GPU parameters.
    pub fn boathull_gpu(&self) -> Option<Gpu> {
        self.boathull.as_ref().and_then(BoatHullParams::gpu)
    }

    /// The boat hull CPU of this processor, if it has CPU parameters.
    pub fn boathull_cpu(&self) -> Option<Cpu> {
        self.boathull.as_ref().and_then(BoatHullParams::cpu)
    }
}

impl ApplicationPreset {
    /// The model's application: classes parsed, complexities checked.
    pub fn application(&self) -> Result<Application, BoatHullError> {
        let mut primitives = Vec::with_capacity(self.primitives.len());
        for q in &self.primitives {
            let complexity = match q.f_max {
                Some(f_max) => Complexity::between(q.f, f_max)?,
                None => Complexity::exactly(q.f)?,
            };
            primitives.push(Primitive::parse(&q.name, &q.class, complexity)?);
        }
        let transfers = Transfers {
            elements_in: self.elements_in,
            elements_out: self.elements_out,
        };
        transfers.validate()?;
        Ok(Application {
            name: self.name.clone(),
            primitives,
            transfers,
        })
    }
}

/// Parse and validate an application preset. `f_max` may be written
/// without `Some(...)`.
pub fn parse_application(text: &str, origin: &str) -> Result<ApplicationPreset, PresetError> {
    let a: ApplicationPreset = ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str(text)
        .map_err(|e| PresetError::from_ron(origin, &e))?;
    validate_application(&a, origin)?;
    Ok(a)
}

/// Read, parse and validate an application preset file.
pub fn load_application_file(path: &Path) -> Result<ApplicationPreset, PresetError> {
    parse_application(&read_text(path)?, &path.display().to_string())
}

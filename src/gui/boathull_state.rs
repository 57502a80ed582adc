//! Persisted state of the boat hull views: the class as typed, two
//! processors with their (edited) boat hull parameters and assumptions,
//! the operator complexity and the application.

use serde::{Deserialize, Serialize};

use crate::figure::boathull::{
    BoathullInput, BoathullProcessor, DEFAULT_F, DEFAULT_F_RANGE, DEFAULT_SAMPLES,
};
use crate::model::Side;
use crate::model::boathull::{
    Assume, Class, ClassOptions, Cpu, CpuAssumptions, Gpu, GpuAssumptions, Table1Reading, Target,
};
use crate::preset::{ApplicationPreset, BoatHullParams, Catalog};

/// The class shown at first start (the example of Section 4.4).
pub const DEFAULT_CLASS: &str = "2048x2048|element -> 2048x2048|element";
/// Processor presets shown at first start.
pub const DEFAULT_GPU: &str = "gtx470";
pub const DEFAULT_CPU: &str = "i7-930";

/// What is assumed about one floor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AssumeChoice {
    /// The roof equation holds.
    Roof,
    /// The floor holds.
    Floor,
    /// Either: a range.
    Unknown,
}

impl AssumeChoice {
    pub const ALL: [AssumeChoice; 3] = [
        AssumeChoice::Roof,
        AssumeChoice::Floor,
        AssumeChoice::Unknown,
    ];

    pub fn model(self) -> Assume {
        match self {
            AssumeChoice::Roof => Assume::Roof,
            AssumeChoice::Floor => Assume::Floor,
            AssumeChoice::Unknown => Assume::Unknown,
        }
    }
}

/// One processor: its preset, its current and loaded parameters, and the
/// assumptions about its floors (both kinds kept, the kind of `params`
/// used).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProcessorState {
    /// Preset id.
    pub id: String,
    /// Preset name.
    pub name: String,
    /// Current values, edited by the sliders.
    pub params: BoatHullParams,
    /// The values as loaded, for "Reset".
    pub loaded: BoatHullParams,
    /// GPU: fused multiply-add used (roof) or not (floor c1).
    pub fma: AssumeChoice,
    /// GPU: accesses as the class says (roof) or all scattered (floor m1).
    pub coalescing: AssumeChoice,
    /// CPU: vector code (roof) or scalar (floor).
    pub vector: AssumeChoice,
    /// CPU: all threads (roof) or one (floor).
    pub threads: AssumeChoice,
}

impl ProcessorState {
    /// A processor from its preset parameters, with the default
    /// assumptions: nothing known about the GPU floors (from the hull to
    /// the highest floor), tuned CPU code (vector, all threads).
    pub fn new(id: &str, name: &str, params: BoatHullParams) -> ProcessorState {
        ProcessorState {
            id: id.to_string(),
            name: name.to_string(),
            params,
            loaded: params,
            fma: AssumeChoice::Unknown,
            coalescing: AssumeChoice::Unknown,
            vector: AssumeChoice::Roof,
            threads: AssumeChoice::Roof,
        }
    }

    /// The built-in preset `id`, or the model's Table 2-3 values of the
    /// default processors when the catalog lacks it.
    pub fn from_catalog(catalog: &Catalog, id: &str) -> Option<ProcessorState> {
        if let Some((e, p)) = catalog.processor(id)
            && let Some(params) = p.boathull
        {
            return Some(ProcessorState::new(&e.id, &p.name, params));
        }
        match id {
            DEFAULT_GPU => Some(ProcessorState::new(
                DEFAULT_GPU,
                "GeForce GTX470 (boat hull Table 2)",
                Gpu::GTX470.into(),
            )),
            DEFAULT_CPU => Some(ProcessorState::new(
                DEFAULT_CPU,
                "Core i7-930 (boat hull Table 3)",
                Cpu::I7_930.into(),
            )),
            _ => None,
        }
    }

    pub fn side(&self) -> Side {
        self.params.kind()
    }

    /// The figure's processor.
    pub fn processor(&self) -> BoathullProcessor {
        let target = match self.params {
            BoatHullParams::Gpu {
                p_compute_gflops,
                p_coalesced_gbs,
                p_uncoalesced_gbs,
                b_bus_gbs,
            } => Target::Gpu {
                gpu: Gpu {
                    p_compute_gflops,
                    p_coalesced_gbs,
                    p_uncoalesced_gbs,
                    b_bus_gbs,
                },
                assume: GpuAssumptions {
                    fma: self.fma.model(),
                    coalescing: self.coalescing.model(),
                },
            },
            BoatHullParams::Cpu {
                p_compute_gflops,
                p_memory_gbs,
                n_threads,
                w_vector_bits,
            } => Target::Cpu {
                cpu: Cpu {
                    p_compute_gflops,
                    p_memory_gbs,
                    n_threads,
                    w_vector_bits,
                },
                assume: CpuAssumptions {
                    vector: self.vector.model(),
                    threads: self.threads.model(),
                },
            },
        };
        BoathullProcessor {
            name: self.name.clone(),
            target,
        }
    }
}

/// Which application the application view shows.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub enum ApplicationChoice {
    #[default]
    None,
    /// A built-in preset, by id.
    Builtin(String),
    /// A preset read from a file (its file name and contents).
    File {
        file: String,
        preset: ApplicationPreset,
    },
}

/// The application shown at first start.
pub const DEFAULT_APPLICATION: &str = "fast-focus-on-structures";

/// What the user picked and edited for the boat hull views.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct BoathullState {
    /// The class as typed (parsed on every change; errors shown live).
    pub class_text: String,
    /// The processor of the boat hull view.
    pub processor: ProcessorState,
    /// The second processor of the comparison.
    pub partner: ProcessorState,
    /// Chosen operator complexity, operations per element.
    pub f: f64,
    /// Shown range of f, operations per element.
    pub f_min: f64,
    pub f_max: f64,
    /// Use Table 1's values as printed rather than derived.
    pub table1_as_printed: bool,
    pub application: ApplicationChoice,
}

impl Default for BoathullState {
    fn default() -> Self {
        BoathullState::from_catalog(&Catalog::builtin().unwrap_or_default())
    }
}

impl BoathullState {
    /// The first-start state: GTX470 against i7-930, the Section 4.4 class.
    pub fn from_catalog(catalog: &Catalog) -> BoathullState {
        let get = |id| ProcessorState::from_catalog(catalog, id).expect("a default processor");
        let application = if catalog.application(DEFAULT_APPLICATION).is_some() {
            ApplicationChoice::Builtin(DEFAULT_APPLICATION.into())
        } else {
            ApplicationChoice::None
        };
        BoathullState {
            class_text: DEFAULT_CLASS.into(),
            processor: get(DEFAULT_GPU),
            partner: get(DEFAULT_CPU),
            f: DEFAULT_F,
            f_min: DEFAULT_F_RANGE.0,
            f_max: DEFAULT_F_RANGE.1,
            table1_as_printed: false,
            application,
        }
    }

    /// Switch the first processor to `side`. When the second processor is
    /// of that kind the two swap places (a GPU against a CPU stays that);
    /// otherwise the default processor of that kind is chosen.
    pub fn set_side(&mut self, catalog: &Catalog, side: Side) {
        if self.processor.side() == side {
            return;
        }
        if self.partner.side() == side {
            std::mem::swap(&mut self.processor, &mut self.partner);
            return;
        }
        let id = match side {
            Side::Gpu => DEFAULT_GPU,
            Side::Cpu => DEFAULT_CPU,
        };
        if let Some(p) = ProcessorState::from_catalog(catalog, id) {
            self.processor = p;
        }
    }

    /// The class options of the current settings.
    pub fn options(&self) -> ClassOptions {
        ClassOptions {
            reading: if self.table1_as_printed {
                Table1Reading::AsPrinted
            } else {
                Table1Reading::Derived
            },
            ..ClassOptions::default()
        }
    }

    /// The model input of the current values, or why there is none.
    pub fn input(&self, catalog: &Catalog) -> Result<BoathullInput, String> {
        let class = Class::parse(&self.class_text)
            .map_err(|e| format!("Class `{}`: {e}", self.class_text.trim()))?;
        let application = match &self.application {
            ApplicationChoice::None => None,
            ApplicationChoice::Builtin(id) => match catalog.application(id) {
                Some((_, p)) => Some(p.application().map_err(|e| format!("{}: {e}", p.name))?),
                None => None,
            },
            ApplicationChoice::File { file, preset } => {
                Some(preset.application().map_err(|e| format!("{file}: {e}"))?)
            }
        };
        let input = BoathullInput {
            class,
            processor: self.processor.processor(),
            partner: self.partner.processor(),
            options: self.options(),
            f: self.f,
            f_min: self.f_min,
            f_max: self.f_max,
            samples: DEFAULT_SAMPLES,
            application,
        };
        input.check()?;
        Ok(input)
    }
}

/// Per-run (not persisted) state of the boat hull views.
#[derive(Default)]
pub struct BoathullRuntime {
    /// An application file dialog is open.
    pub opening_application: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_gtx470_against_i7_930_and_valid() {
        let cat = Catalog::builtin().expect("presets");
        let s = BoathullState::from_catalog(&cat);
        assert_eq!(s.processor.id, DEFAULT_GPU);
        assert_eq!(s.partner.id, DEFAULT_CPU);
        assert_eq!(s.processor.params.gpu(), Some(Gpu::GTX470));
        let input = s.input(&cat).expect("valid");
        assert!(input.application.is_some());
    }

    #[test]
    fn switching_to_cpu_swaps_the_pair() {
        let cat = Catalog::builtin().expect("presets");
        let mut s = BoathullState::from_catalog(&cat);
        s.set_side(&cat, Side::Cpu);
        assert_eq!(s.processor.id, DEFAULT_CPU);
        assert_eq!(s.partner.id, DEFAULT_GPU);
    }

    #[test]
    fn a_bad_class_names_the_column() {
        let cat = Catalog::builtin().expect("presets");
        let s = BoathullState {
            class_text: "2048x2048|elemnt -> 2048x2048|element".into(),
            ..BoathullState::from_catalog(&cat)
        };
        let e = s.input(&cat).expect_err("invalid");
        assert!(e.contains("column 11") && e.contains("elemnt"), "{e}");
    }
}

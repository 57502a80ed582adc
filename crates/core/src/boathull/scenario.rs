//! The boat hull scenario: the class as typed, two processors with their
//! (edited) boat hull parameters and assumptions, the operator complexity
//! and its range, the application and a measured curve; and how it becomes
//! the model's input (the window and the command line alike).

use hetscope_model::platform::Source;
use serde::{Deserialize, Serialize};

use crate::CoreError;
use crate::Loaded;
use hetscope_figure::boathull::{
    BoathullInput, BoathullProcessor, DEFAULT_F, DEFAULT_F_RANGE, DEFAULT_SAMPLES,
};
use hetscope_model::boathull::{
    Assume, AssumptionSet, Class, ClassError, ClassOptions, Cpu, CpuAssumptions, Gpu,
    GpuAssumptions, Machine, MeasuredCurve, Table1Reading,
};
use hetscope_model::perdome::Side;
use hetscope_preset::Catalog;
use hetscope_preset::boathull::ApplicationPreset;
use hetscope_preset::defaults;

/// One processor: its preset, its current and loaded parameters, and the
/// assumptions about its floors (both kinds kept, the kind of `params`
/// used).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProcessorChoice {
    /// Preset id.
    pub id: String,
    /// Preset name.
    pub name: String,
    /// Current values, edited by the sliders.
    pub params: Machine,
    /// The values as loaded, for "Reset".
    pub loaded: Machine,
    /// GPU: fused multiply-add used (roof) or not (floor c1).
    pub fma: Assume,
    /// GPU: accesses as the class says (roof) or all scattered (floor m1).
    pub coalescing: Assume,
    /// CPU: vector code (roof) or scalar (floor).
    pub vector: Assume,
    /// CPU: all threads (roof) or one (floor).
    pub threads: Assume,
    /// Where the loaded values come from, by parameter (or "processor"
    /// for all of them).
    #[serde(default)]
    pub sources: Vec<(String, Source)>,
    /// Whether the values are derived from a platform's hardware (spec
    /// sheets, measurements), not a paper's processor preset: the
    /// model's error measured on hardware then applies to them.
    #[serde(default)]
    pub derived: bool,
}

impl ProcessorChoice {
    /// A processor from its preset parameters, with the default
    /// assumptions: nothing known about the GPU floors (from the hull to
    /// the highest floor), tuned CPU code (vector, all threads).
    pub fn new(id: &str, name: &str, params: Machine) -> ProcessorChoice {
        ProcessorChoice {
            id: id.to_string(),
            name: name.to_string(),
            params,
            loaded: params,
            fma: Assume::Unknown,
            coalescing: Assume::Unknown,
            vector: Assume::Roof,
            threads: Assume::Roof,
            sources: Vec::new(),
            derived: false,
        }
    }

    /// The same, saying where its values come from.
    pub fn with_sources(mut self, sources: Vec<(String, Source)>) -> ProcessorChoice {
        self.sources = sources;
        self
    }

    /// The built-in preset `id`, or the model's Table 2-3 values of the
    /// default processors when the catalog lacks it.
    pub fn from_catalog(catalog: &Catalog, id: &str) -> Option<ProcessorChoice> {
        if let Some((e, p)) = catalog.processor(id)
            && let Some(params) = p.boathull
        {
            let source = Source::Paper(p.source.clone());
            return Some(
                ProcessorChoice::new(&e.id, &p.name, params)
                    .with_sources(vec![("processor".into(), source)]),
            );
        }
        match id {
            defaults::BOATHULL_GPU => Some(ProcessorChoice::paper_gpu()),
            defaults::BOATHULL_CPU => Some(ProcessorChoice::paper_cpu()),
            _ => None,
        }
    }

    /// The paper's GPU (Table 2), as the model defines it.
    fn paper_gpu() -> ProcessorChoice {
        let name = "GeForce GTX470 (boat hull Table 2)";
        ProcessorChoice::new(defaults::BOATHULL_GPU, name, Gpu::GTX470.into())
    }

    /// The paper's CPU (Table 3), as the model defines it.
    fn paper_cpu() -> ProcessorChoice {
        let name = "Core i7-930 (boat hull Table 3)";
        ProcessorChoice::new(defaults::BOATHULL_CPU, name, Cpu::I7_930.into())
    }

    pub fn side(&self) -> Side {
        self.params.kind()
    }

    /// The same processor under a named set of assumptions.
    pub fn assuming(mut self, set: AssumptionSet) -> ProcessorChoice {
        let (g, c) = (set.gpu(), set.cpu());
        (self.fma, self.coalescing) = (g.fma, g.coalescing);
        (self.vector, self.threads) = (c.vector, c.threads);
        self
    }

    /// What is assumed about a GPU's floors.
    pub fn gpu_assumptions(&self) -> GpuAssumptions {
        GpuAssumptions {
            fma: self.fma,
            coalescing: self.coalescing,
        }
    }

    /// What is assumed about a CPU's floors.
    pub fn cpu_assumptions(&self) -> CpuAssumptions {
        CpuAssumptions {
            vector: self.vector,
            threads: self.threads,
        }
    }

    /// Where the value of parameter `name` comes from: its own entry,
    /// else the whole processor's.
    pub fn source_of(&self, name: &str) -> Option<Source> {
        let find = |key: &str| self.sources.iter().find(|(k, _)| k == key);
        find(name)
            .or_else(|| find("processor"))
            .map(|(_, s)| s.clone())
    }

    /// The figure's processor.
    pub fn processor(&self) -> BoathullProcessor {
        BoathullProcessor {
            name: self.name.clone(),
            target: self
                .params
                .target(self.gpu_assumptions(), self.cpu_assumptions()),
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

/// What the user picked and edited for the boat hull views.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct BoathullScenario {
    /// The class as typed (parsed on every change; errors shown live).
    pub class_text: String,
    /// The processor of the boat hull view.
    pub processor: ProcessorChoice,
    /// The second processor of the comparison.
    pub partner: ProcessorChoice,
    /// Chosen operator complexity, operations per element.
    pub f: f64,
    /// Shown range of f, operations per element.
    pub f_min: f64,
    pub f_max: f64,
    /// Use Table 1's values as printed rather than derived.
    pub table1_as_printed: bool,
    pub application: ApplicationChoice,
    /// The same kind of processor of the platform compared with (the
    /// overview's second platform), drawn over the boat hull view.
    #[serde(default)]
    pub overlay: Option<ProcessorChoice>,
    /// The path typed in the measured-curve field.
    #[serde(default)]
    pub measured_path: String,
    /// The measured curve last loaded (kept, so it survives a restart
    /// without reading the file again), drawn over the boat hull view.
    #[serde(default)]
    pub measured: Option<Loaded<MeasuredCurve>>,
}

impl Default for BoathullScenario {
    fn default() -> Self {
        BoathullScenario::from_catalog(crate::builtin::catalog())
    }
}

impl BoathullScenario {
    /// The first-start state: GTX470 against i7-930, the Section 4.4 class.
    pub fn from_catalog(catalog: &Catalog) -> BoathullScenario {
        let get = |id, paper: fn() -> ProcessorChoice| {
            ProcessorChoice::from_catalog(catalog, id).unwrap_or_else(paper)
        };
        let application = if catalog
            .application(defaults::BOATHULL_APPLICATION)
            .is_some()
        {
            ApplicationChoice::Builtin(defaults::BOATHULL_APPLICATION.into())
        } else {
            ApplicationChoice::None
        };
        BoathullScenario {
            class_text: defaults::BOATHULL_CLASS.into(),
            processor: get(defaults::BOATHULL_GPU, ProcessorChoice::paper_gpu),
            partner: get(defaults::BOATHULL_CPU, ProcessorChoice::paper_cpu),
            f: DEFAULT_F,
            f_min: DEFAULT_F_RANGE.0,
            f_max: DEFAULT_F_RANGE.1,
            table1_as_printed: false,
            application,
            overlay: None,
            measured_path: String::new(),
            measured: None,
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
            Side::Gpu => defaults::BOATHULL_GPU,
            Side::Cpu => defaults::BOATHULL_CPU,
        };
        if let Some(p) = ProcessorChoice::from_catalog(catalog, id) {
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
    pub fn input(&self, catalog: &Catalog) -> Result<BoathullInput, CoreError> {
        self.input_with(Class::parse(&self.class_text).as_ref(), catalog)
    }

    /// The model's error on which of a GPU and a CPU wins, where both are
    /// derived from hardware ([`super::uncertainty`]).
    fn winner_error(&self) -> Option<hetscope_model::offload::SpeedupError> {
        let (a, b) = (&self.processor, &self.partner);
        (a.derived && b.derived && a.side() != b.side())
            .then(super::uncertainty::winner_error)
            .flatten()
    }

    /// The model input with the class already parsed from `class_text`.
    pub fn input_with(
        &self,
        class: Result<&Class, &ClassError>,
        catalog: &Catalog,
    ) -> Result<BoathullInput, CoreError> {
        let class = class.cloned().map_err(|e| CoreError::Class {
            text: self.class_text.trim().to_string(),
            source: e.clone(),
        })?;
        let refused = |name: &str| {
            let name = name.to_string();
            move |source| CoreError::Application { name, source }
        };
        let application = match &self.application {
            ApplicationChoice::None => None,
            ApplicationChoice::Builtin(id) => match catalog.application(id) {
                Some((_, p)) => Some(p.application().map_err(refused(&p.name))?),
                None => None,
            },
            ApplicationChoice::File { file, preset } => {
                Some(preset.application().map_err(refused(file))?)
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
            overlay: self.overlay.as_ref().map(ProcessorChoice::processor),
            measured: self.measured.as_ref().map(|m| m.data().clone()),
            winner_error: self.winner_error(),
        };
        input.check()?;
        Ok(input)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_gtx470_against_i7_930_and_valid() {
        let cat = Catalog::builtin().expect("presets");
        let s = BoathullScenario::from_catalog(&cat);
        assert_eq!(s.processor.id, defaults::BOATHULL_GPU);
        assert_eq!(s.partner.id, defaults::BOATHULL_CPU);
        assert_eq!(s.processor.params.gpu(), Some(Gpu::GTX470));
        let input = s.input(&cat).expect("valid");
        assert!(input.application.is_some());
    }

    #[test]
    fn switching_to_cpu_swaps_the_pair() {
        let cat = Catalog::builtin().expect("presets");
        let mut s = BoathullScenario::from_catalog(&cat);
        s.set_side(&cat, Side::Cpu);
        assert_eq!(s.processor.id, defaults::BOATHULL_CPU);
        assert_eq!(s.partner.id, defaults::BOATHULL_GPU);
    }

    #[test]
    fn a_bad_class_names_the_column() {
        let cat = Catalog::builtin().expect("presets");
        let s = BoathullScenario {
            class_text: "2048x2048|elemnt -> 2048x2048|element".into(),
            ..BoathullScenario::from_catalog(&cat)
        };
        let e = s.input(&cat).expect_err("invalid");
        assert!(matches!(e, CoreError::Class { .. }), "{e:?}");
        let e = e.to_string();
        assert!(e.contains("column 11") && e.contains("elemnt"), "{e}");
    }
}

//! The PerDome / PeaPaw scenario: the platform and its (edited)
//! parameters, the workload with its partitions and measurements, the
//! camera, the specifications blocks and the measured energy runs; and
//! the model's scenario (`hetscope_model::perdome::Case`) it gives.

use serde::{Deserialize, Serialize};

use super::energy_runs::EnergyRunsState;
use super::workload::{Chosen, WorkloadState};
use hetscope_figure::Camera;
use hetscope_model::perdome::energy_fit::EnergyFit;
use hetscope_model::perdome::{Case, Param, Platform, Processor, Side, Specs};
use hetscope_model::platform::Source;
use hetscope_preset::perdome::ResolvedPlatform;
use hetscope_preset::perdome::{PlatformPreset, ProcessorRef, WorkloadPreset, scenario_of};
use hetscope_preset::{Catalog, ProcessorPreset, defaults};

/// The platform in use and its (possibly edited) parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlatformState {
    pub chosen: Chosen,
    pub source: String,
    pub cpu_name: String,
    pub gpu_name: String,
    /// Current values, edited by the sliders.
    pub params: Platform,
    /// The values as loaded, for "Reset".
    pub loaded: Platform,
    /// Where each loaded value comes from (`t_fC`, ..., `p_sG`).
    #[serde(default)]
    pub sources: Vec<(String, Source)>,
}

impl PlatformState {
    /// Where `param` of `side` comes from: "edited" when the slider moved
    /// it from the loaded value, else its source; None when unknown.
    pub fn source_of(&self, side: Side, param: Param) -> Option<Source> {
        let (now, loaded) = (
            self.params.side(side).get(param),
            self.loaded.side(side).get(param),
        );
        if now.to_bits() != loaded.to_bits() {
            return Some(Source::Edited);
        }
        let name = format!("{}{}", param.symbol(), side.suffix());
        self.sources
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, s)| s.clone())
    }

    /// Set `side`'s e_f, e_b and p_s to an energy fit (values and loaded
    /// values, so that their sources read `measured`, with `detail`).
    pub fn apply_energy_fit(&mut self, side: Side, fit: &EnergyFit, detail: &str) {
        for (param, v) in [
            (Param::EnergyPerFlop, fit.e_f_pj),
            (Param::EnergyPerByte, fit.e_b_pj),
            (Param::StaticPower, fit.p_s_w),
        ] {
            self.params.side_mut(side).set(param, v);
            self.loaded.side_mut(side).set(param, v);
            let name = format!("{}{}", param.symbol(), side.suffix());
            let source = Source::Measured(detail.to_string());
            match self.sources.iter_mut().find(|(k, _)| *k == name) {
                Some(slot) => slot.1 = source,
                None => self.sources.push((name, source)),
            }
        }
    }

    /// A platform preset holding the current values, for saving.
    pub fn to_preset(&self) -> PlatformPreset {
        let proc_preset = |side: Side, name: &str, p: &Processor| {
            ProcessorPreset::of_processor(
                name.to_string(),
                side,
                self.source.clone(),
                p,
                String::new(),
            )
        };
        let edited = self.params != self.loaded;
        let notes = if edited {
            "Parameters edited in hetscope."
        } else {
            ""
        };
        PlatformPreset::of_processors(
            &self.chosen.name,
            &self.source,
            ProcessorRef::Inline(proc_preset(Side::Cpu, &self.cpu_name, &self.params.cpu)),
            ProcessorRef::Inline(proc_preset(Side::Gpu, &self.gpu_name, &self.params.gpu)),
            notes,
        )
    }
}

/// What the user picked and edited for the PerDome / PeaPaw views.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PerdomeScenario {
    pub platform: PlatformState,
    pub workload: WorkloadState,
    /// The surfaces' camera.
    pub camera: Camera,
    /// Workloads read from a measured CSV file: (id, preset).
    #[serde(default)]
    pub imported: Vec<(String, WorkloadPreset)>,
    /// The file they came from.
    #[serde(default)]
    pub imported_from: String,
    /// Specifications of the CPU and the GPU for deriving t_f, t_b.
    #[serde(default = "default_specs")]
    pub specs: [Specs; 2],
    /// The platform compared with (the overview's second): its id, name
    /// and parameters, drawn beside this one.
    #[serde(default)]
    pub compare: Option<(Chosen, Platform)>,
    /// Measured energy runs for the energy fit, with its settings.
    #[serde(default)]
    pub energy_runs: EnergyRunsState,
    /// The partition comparison's value axes in powers of ten.
    #[serde(default)]
    pub log_bars: bool,
    /// How the heat maps and surfaces colour their values (log scale,
    /// each platform its own range).
    #[serde(default)]
    pub colors: hetscope_figure::color::ColorOptions,
}

fn default_specs() -> [Specs; 2] {
    [specs_of(Side::Cpu), specs_of(Side::Gpu)]
}

/// Starting values of the specifications blocks: the papers' i7 2600K and
/// GTX 750 (PerDome Table 1, issue width 1, bandwidth = 1 / t_b).
pub fn specs_of(side: Side) -> Specs {
    match side {
        Side::Cpu => Specs {
            cores: 4.0,
            clock_ghz: 3.4,
            issue_width: 1.0,
            bandwidth_gbs: 15.17,
        },
        Side::Gpu => Specs {
            cores: 512.0,
            clock_ghz: 1.02,
            issue_width: 1.0,
            bandwidth_gbs: 67.57,
        },
    }
}

impl PerdomeScenario {
    /// A state from a platform and a workload, with default view settings.
    pub fn new(platform: PlatformState, workload: WorkloadState) -> PerdomeScenario {
        PerdomeScenario {
            platform,
            workload,
            camera: Camera::default(),
            imported: Vec::new(),
            imported_from: String::new(),
            specs: default_specs(),
            compare: None,
            energy_runs: Default::default(),
            log_bars: false,
            colors: Default::default(),
        }
    }

    /// The first-start scenario: the default platform and workload of the
    /// catalog, and the shipped energy runs where they are found (a
    /// made-up platform and no partitions when the presets cannot be
    /// read).
    pub fn from_catalog(catalog: &Catalog) -> PerdomeScenario {
        let mut s = fallback();
        if let Some((e, p)) = catalog.platform(defaults::PLATFORM)
            && let Ok(r) = p.resolve(&e.id, catalog, &e.path)
        {
            let source = p.source.clone();
            s.apply_platform(r, &source, None);
        }
        if let Some((e, w)) = catalog.workload(defaults::WORKLOAD) {
            let (id, w) = (e.id.clone(), w.clone());
            s.apply_workload(&id, &w, None);
        }
        // The shipped energy runs, where they are found (else the path
        // field stays empty and the view says how to load some).
        if !s.energy_runs.path.is_empty() {
            let _ = s.energy_runs.load();
        }
        s
    }

    /// A workload on a platform, with default view settings.
    pub fn of(
        platform: ResolvedPlatform,
        (id, workload): (&str, &WorkloadPreset),
    ) -> PerdomeScenario {
        let mut s = fallback();
        s.apply_platform(platform, "", None);
        s.apply_workload(id, workload, None);
        s
    }

    /// Use a resolved platform (from the catalog or a file named `file`)
    /// with its values as loaded.
    pub fn apply_platform(
        &mut self,
        r: ResolvedPlatform,
        preset_source: &str,
        file: Option<String>,
    ) {
        self.platform = PlatformState {
            chosen: Chosen {
                id: r.id.clone(),
                name: r.name.clone(),
                file,
            },
            source: preset_source.to_string(),
            cpu_name: r.cpu.name.clone(),
            gpu_name: r.gpu.name.clone(),
            params: r.platform,
            loaded: r.platform,
            sources: r.sources,
        };
    }

    /// Use a workload preset (from the catalog or a file named `file`).
    pub fn apply_workload(&mut self, id: &str, w: &WorkloadPreset, file: Option<String>) {
        let chosen = Chosen {
            id: id.to_string(),
            name: w.name.clone(),
            file,
        };
        self.workload = WorkloadState::from_preset(chosen, w);
    }

    /// The specifications block of one processor.
    pub fn specs_mut(&mut self, side: Side) -> &mut Specs {
        match side {
            Side::Cpu => &mut self.specs[0],
            Side::Gpu => &mut self.specs[1],
        }
    }

    /// The model input for the current values.
    pub fn case(&self) -> Case {
        let p = &self.platform;
        scenario_of(
            &p.chosen.name,
            p.params,
            &p.chosen.id,
            &self.workload.to_preset(),
        )
    }

    /// The workload on the platform compared with, if any.
    pub fn compared_case(&self) -> Option<Case> {
        let (chosen, params) = self.compare.as_ref()?;
        Some(scenario_of(
            &chosen.name,
            *params,
            &chosen.id,
            &self.workload.to_preset(),
        ))
    }
}

/// The scenario when no preset can be read: a made-up platform, no
/// workload partitions.
fn fallback() -> PerdomeScenario {
    let p = Processor {
        t_f: 1.0,
        t_b: 10.0,
        e_f: 10.0,
        e_b: 100.0,
        p_s: 10.0,
    };
    let platform = Platform { cpu: p, gpu: p };
    PerdomeScenario::new(
        PlatformState {
            chosen: Chosen::builtin("none", "no platform"),
            source: String::new(),
            cpu_name: "CPU".into(),
            gpu_name: "GPU".into(),
            params: platform,
            loaded: platform,
            sources: Vec::new(),
        },
        WorkloadState::none(),
    )
}

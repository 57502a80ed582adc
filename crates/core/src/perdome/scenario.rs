//! The PerDome / PeaPaw scenario: the platform and its (edited)
//! parameters, the workload with its partitions and measurements, the
//! camera, the specifications blocks and the measured energy runs; and
//! the model's scenario (`hetscope_model::perdome::Scenario`) it gives.

use serde::{Deserialize, Serialize};

use super::energy_runs::EnergyRunsState;
use hetscope_figure::Camera;
use hetscope_model::perdome::{
    Counted, CountsError, Param, Platform, Processor, Scenario, Segment, Side, Specs, intensities,
};
use hetscope_model::perdome::energy_fit::EnergyFit;
use hetscope_model::platform::Source;
use hetscope_preset::perdome::ResolvedPlatform;
use hetscope_preset::perdome::{
    MeasuredSet, PartitionPreset, PlatformPreset, ProcessorRef, WorkloadPreset, measured_in,
    scenario_of,
};
use hetscope_preset::{Catalog, Energy, ProcessorPreset, Timing, defaults};

/// Id shown for a preset loaded from a file rather than the built-in catalog.
pub const CUSTOM: &str = "custom";

/// Which preset is in use.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Chosen {
    /// Built-in preset id, or the file stem of a loaded file (measured sets
    /// of workloads are matched against this id).
    pub id: String,
    /// The preset's own name.
    pub name: String,
    /// The file name, when the preset was loaded from a file.
    pub file: Option<String>,
}

impl Chosen {
    pub fn builtin(id: &str, name: &str) -> Chosen {
        Chosen {
            id: id.to_string(),
            name: name.to_string(),
            file: None,
        }
    }

    /// What the picker shows: the name, or `custom: <file>`.
    pub fn picker_text(&self) -> String {
        match &self.file {
            Some(f) => format!("{CUSTOM}: {f}"),
            None => self.name.clone(),
        }
    }
}

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
        let proc_preset = |side: Side, name: &str, p: &Processor| ProcessorPreset {
            name: name.to_string(),
            kind: side,
            source: self.source.clone(),
            timing: Timing::Direct {
                t_f_ps: p.t_f,
                t_b_ps: p.t_b,
            },
            energy: Energy {
                e_f_pj: p.e_f,
                e_b_pj: p.e_b,
                p_s_w: p.p_s,
            },
            notes: String::new(),
            boathull: None,
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

/// The workload in use: the preset as chosen and edited (I, its
/// partitions and their measurements) and the code segments.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(from = "StoredWorkload")]
pub struct WorkloadState {
    /// Which preset: its id, name and file.
    pub chosen: Chosen,
    /// The workload, as edited.
    pub preset: WorkloadPreset,
    /// Code segments with their flops and bytes: while there are any, I
    /// and the partition named [`SEGMENTS`] follow from them.
    #[serde(default)]
    pub segments: Vec<Segment>,
}

/// The name of the partition the code segments give.
pub const SEGMENTS: &str = "segments";

/// A saved workload: today's (`chosen`, `preset`, `segments`), or one
/// saved when the state kept the preset's fields beside `chosen`.
#[derive(Deserialize)]
#[serde(default)]
struct StoredWorkload {
    chosen: Chosen,
    #[serde(deserialize_with = "present")]
    preset: Option<WorkloadPreset>,
    segments: Vec<Segment>,
    source: String,
    notes: String,
    intensity: f64,
    partitions: Vec<PartitionPreset>,
    measured: Vec<MeasuredSet>,
}

/// A field that, when present, holds a value (not written as an option).
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<WorkloadPreset>, D::Error> {
    WorkloadPreset::deserialize(d).map(Some)
}

impl Default for StoredWorkload {
    fn default() -> Self {
        StoredWorkload {
            chosen: Chosen::builtin("none", "no workload"),
            preset: None,
            segments: Vec::new(),
            source: String::new(),
            notes: String::new(),
            intensity: 1.0,
            partitions: Vec::new(),
            measured: Vec::new(),
        }
    }
}

impl From<StoredWorkload> for WorkloadState {
    fn from(s: StoredWorkload) -> Self {
        let preset = s.preset.unwrap_or_else(|| WorkloadPreset {
            name: s.chosen.name.clone(),
            source: s.source,
            intensity: s.intensity,
            partitions: s.partitions,
            measured: s.measured,
            notes: s.notes,
        });
        WorkloadState {
            chosen: s.chosen,
            preset,
            segments: s.segments,
        }
    }
}

impl WorkloadState {
    pub fn from_preset(chosen: Chosen, w: &WorkloadPreset) -> WorkloadState {
        WorkloadState {
            chosen,
            preset: w.clone(),
            segments: Vec::new(),
        }
    }

    /// The partition of the code segments, if there are any.
    pub fn counted(&self) -> Option<Result<Counted, CountsError>> {
        (!self.segments.is_empty()).then(|| intensities(&self.segments))
    }

    /// The workload as a preset: with valid code segments, I and the
    /// partition [`SEGMENTS`] are theirs.
    pub fn to_preset(&self) -> WorkloadPreset {
        let mut w = self.preset.clone();
        if let Some(Ok(c)) = self.counted() {
            w.intensity = c.wp.i;
            w.partitions.retain(|q| q.name != SEGMENTS);
            w.partitions.push(PartitionPreset {
                name: SEGMENTS.into(),
                i_c: c.wp.i_c,
                i_g: c.wp.i_g,
            });
        }
        w
    }

    /// Measured GFLOP/s of a partition on a platform.
    pub fn measured(&self, platform_id: &str, name: &str) -> Option<f64> {
        measured_in(&self.preset.measured, platform_id, name)
    }

    /// Set or clear the measurement of a partition on a platform.
    pub fn set_measured(&mut self, platform_id: &str, name: &str, value: Option<f64>) {
        let pos = self
            .preset
            .measured
            .iter()
            .position(|m| m.platform.eq_ignore_ascii_case(platform_id));
        let k = match (pos, value) {
            (Some(k), _) => k,
            (None, None) => return,
            (None, Some(_)) => {
                self.preset.measured.push(MeasuredSet {
                    platform: platform_id.to_string(),
                    gflops: Vec::new(),
                    source: "entered in hetscope".to_string(),
                });
                self.preset.measured.len() - 1
            }
        };
        let set = &mut self.preset.measured[k];
        match (set.gflops.iter().position(|(n, _)| n == name), value) {
            (Some(j), Some(v)) => set.gflops[j].1 = v,
            (Some(j), None) => {
                set.gflops.remove(j);
            }
            (None, Some(v)) => set.gflops.push((name.to_string(), v)),
            (None, None) => {}
        }
        if set.gflops.is_empty() {
            self.preset.measured.remove(k);
        }
    }

    /// Rename partition `idx`, carrying its measurements along.
    pub fn rename(&mut self, idx: usize, new_name: &str) {
        let Some(row) = self.preset.partitions.get_mut(idx) else {
            return;
        };
        let old = std::mem::replace(&mut row.name, new_name.to_string());
        for set in &mut self.preset.measured {
            for (n, _) in &mut set.gflops {
                if *n == old {
                    *n = new_name.to_string();
                }
            }
        }
    }

    /// Append a new code partition (I_C = 2I, I_G = I/2) with a fresh name;
    /// returns its index.
    pub fn add_partition(&mut self) -> usize {
        let mut k = self.preset.partitions.len() + 1;
        let name = loop {
            let n = format!("WP {k}");
            if !self.preset.partitions.iter().any(|q| q.name == n) {
                break n;
            }
            k += 1;
        };
        let i = if self.preset.intensity.is_finite() && self.preset.intensity > 0.0 {
            self.preset.intensity
        } else {
            1.0
        };
        self.preset.partitions.push(PartitionPreset {
            name,
            i_c: 2.0 * i,
            i_g: i / 2.0,
        });
        self.preset.partitions.len() - 1
    }

    /// Remove partition `idx` and its measurements.
    pub fn remove_partition(&mut self, idx: usize) {
        if idx >= self.preset.partitions.len() {
            return;
        }
        let row = self.preset.partitions.remove(idx);
        for set in &mut self.preset.measured {
            set.gflops.retain(|(n, _)| *n != row.name);
        }
        self.preset.measured.retain(|m| !m.gflops.is_empty());
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
    pub fn scenario(&self) -> Scenario {
        let p = &self.platform;
        scenario_of(
            &p.chosen.name,
            p.params,
            &p.chosen.id,
            &self.workload.to_preset(),
        )
    }

    /// The workload on the platform compared with, if any.
    pub fn compared_scenario(&self) -> Option<Scenario> {
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
        StoredWorkload::default().into(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_workload_saved_with_the_preset_fields_beside_its_choice_still_reads() {
        let old = r#"(chosen: (id: "perdome-sa", name: "Synthetic", file: None),
            source: "PerDome Table 2", notes: "n", intensity: 2.5,
            partitions: [(name: "CP", i_c: 1.0, i_g: 4.0)],
            measured: [(platform: "x", gflops: [("CP", 12.0)], source: "m")],
            segments: [])"#;
        let w: WorkloadState = ron::from_str(old).expect("an older workload reads");
        assert_eq!(w.preset.name, "Synthetic");
        assert_eq!(w.preset.intensity, 2.5);
        assert_eq!(w.preset.partitions.len(), 1);
        assert_eq!(w.measured("X", "CP"), Some(12.0));
        let again: WorkloadState = ron::from_str(&ron::to_string(&w).unwrap()).unwrap();
        assert_eq!(again, w, "and saves in today's form");
    }
}

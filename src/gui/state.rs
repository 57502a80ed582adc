//! The GUI's persisted state: what the user picked and edited. Everything
//! shown on screen is computed from this (see `app.rs`).

use serde::{Deserialize, Serialize};

use super::boathull_state::BoathullState;
use super::fpm_state::FpmState;
use super::offload_state::OffloadState;
use crate::figure::{Camera, ModelGroup, NamedPartition, Scenario, View};
use crate::model::{Platform, Processor, Side, Specs};
use crate::preset::{
    Energy, MeasuredSet, PartitionPreset, PlatformPreset, ProcessorPreset, ProcessorRef, Timing,
    WorkloadPreset,
};

/// Id shown for a preset loaded from a file rather than the built-in catalog.
pub const CUSTOM: &str = "custom";

/// The tab shown in the central area.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tab {
    Figure(View),
    Classification,
}

impl Tab {
    /// Every tab, in tab-bar order.
    pub fn all() -> Vec<Tab> {
        let mut v: Vec<Tab> = View::ALL.into_iter().map(Tab::Figure).collect();
        v.push(Tab::Classification);
        v
    }

    pub fn title(self) -> &'static str {
        match self {
            Tab::Figure(v) => v.title(),
            Tab::Classification => "Classification",
        }
    }

    /// The model this tab belongs to.
    pub fn group(self) -> ModelGroup {
        match self {
            Tab::Figure(v) => v.group(),
            Tab::Classification => ModelGroup::Perdome,
        }
    }

    /// The tabs of one model, in tab-bar order.
    pub fn of_group(group: ModelGroup) -> Vec<Tab> {
        Tab::all()
            .into_iter()
            .filter(|t| t.group() == group)
            .collect()
    }

    /// The figure view of this tab, if it has one.
    pub fn view(self) -> Option<View> {
        match self {
            Tab::Figure(v) => Some(v),
            Tab::Classification => None,
        }
    }
}

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
}

impl PlatformState {
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
        PlatformPreset {
            name: self.chosen.name.clone(),
            source: self.source.clone(),
            cpu: ProcessorRef::Inline(proc_preset(Side::Cpu, &self.cpu_name, &self.params.cpu)),
            gpu: ProcessorRef::Inline(proc_preset(Side::Gpu, &self.gpu_name, &self.params.gpu)),
            notes: if edited {
                "Parameters edited in hetscope.".to_string()
            } else {
                String::new()
            },
        }
    }
}

/// One partition of the workload (flop/byte; 0 = that processor does no
/// flops).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PartitionRow {
    pub name: String,
    pub i_c: f64,
    pub i_g: f64,
}

/// The workload in use: I, its partitions and their measurements.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WorkloadState {
    pub chosen: Chosen,
    pub source: String,
    pub notes: String,
    /// flop/byte.
    pub intensity: f64,
    pub partitions: Vec<PartitionRow>,
    /// Measured GFLOP/s per platform id, by partition name.
    pub measured: Vec<MeasuredSet>,
}

impl WorkloadState {
    pub fn from_preset(chosen: Chosen, w: &WorkloadPreset) -> WorkloadState {
        WorkloadState {
            chosen,
            source: w.source.clone(),
            notes: w.notes.clone(),
            intensity: w.intensity,
            partitions: w
                .partitions
                .iter()
                .map(|q| PartitionRow {
                    name: q.name.clone(),
                    i_c: q.i_c,
                    i_g: q.i_g,
                })
                .collect(),
            measured: w.measured.clone(),
        }
    }

    pub fn to_preset(&self) -> WorkloadPreset {
        WorkloadPreset {
            name: self.chosen.name.clone(),
            source: self.source.clone(),
            intensity: self.intensity,
            partitions: self
                .partitions
                .iter()
                .map(|q| PartitionPreset {
                    name: q.name.clone(),
                    i_c: q.i_c,
                    i_g: q.i_g,
                })
                .collect(),
            measured: self.measured.clone(),
            notes: self.notes.clone(),
        }
    }

    fn set_for(&self, platform_id: &str) -> Option<&MeasuredSet> {
        self.measured
            .iter()
            .find(|m| m.platform.eq_ignore_ascii_case(platform_id))
    }

    /// Measured GFLOP/s of a partition on a platform.
    pub fn measured(&self, platform_id: &str, name: &str) -> Option<f64> {
        self.set_for(platform_id)?
            .gflops
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, g)| *g)
    }

    /// Set or clear the measurement of a partition on a platform.
    pub fn set_measured(&mut self, platform_id: &str, name: &str, value: Option<f64>) {
        let pos = self
            .measured
            .iter()
            .position(|m| m.platform.eq_ignore_ascii_case(platform_id));
        let k = match (pos, value) {
            (Some(k), _) => k,
            (None, None) => return,
            (None, Some(_)) => {
                self.measured.push(MeasuredSet {
                    platform: platform_id.to_string(),
                    gflops: Vec::new(),
                    source: "entered in hetscope".to_string(),
                });
                self.measured.len() - 1
            }
        };
        let set = &mut self.measured[k];
        match (set.gflops.iter().position(|(n, _)| n == name), value) {
            (Some(j), Some(v)) => set.gflops[j].1 = v,
            (Some(j), None) => {
                set.gflops.remove(j);
            }
            (None, Some(v)) => set.gflops.push((name.to_string(), v)),
            (None, None) => {}
        }
        if set.gflops.is_empty() {
            self.measured.remove(k);
        }
    }

    /// Rename partition `idx`, carrying its measurements along.
    pub fn rename(&mut self, idx: usize, new_name: &str) {
        let Some(row) = self.partitions.get_mut(idx) else {
            return;
        };
        let old = std::mem::replace(&mut row.name, new_name.to_string());
        for set in &mut self.measured {
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
        let mut k = self.partitions.len() + 1;
        let name = loop {
            let n = format!("WP {k}");
            if !self.partitions.iter().any(|q| q.name == n) {
                break n;
            }
            k += 1;
        };
        let i = if self.intensity.is_finite() && self.intensity > 0.0 {
            self.intensity
        } else {
            1.0
        };
        self.partitions.push(PartitionRow {
            name,
            i_c: 2.0 * i,
            i_g: i / 2.0,
        });
        self.partitions.len() - 1
    }

    /// Remove partition `idx` and its measurements.
    pub fn remove_partition(&mut self, idx: usize) {
        if idx >= self.partitions.len() {
            return;
        }
        let row = self.partitions.remove(idx);
        for set in &mut self.measured {
            set.gflops.retain(|(n, _)| *n != row.name);
        }
        self.measured.retain(|m| !m.gflops.is_empty());
    }
}

/// Everything persisted between runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AppState {
    pub platform: PlatformState,
    pub workload: WorkloadState,
    pub tab: Tab,
    pub camera: Camera,
    /// Export size, px.
    pub export_width: u32,
    pub export_height: u32,
    /// Workloads read from a measured CSV file: (id, preset).
    #[serde(default)]
    pub imported: Vec<(String, WorkloadPreset)>,
    /// The file they came from.
    #[serde(default)]
    pub imported_from: String,
    /// Specifications of the CPU and the GPU for deriving t_f, t_b.
    #[serde(default = "default_specs")]
    pub specs: [Specs; 2],
    /// Boat hull views.
    #[serde(default)]
    pub boathull: BoathullState,
    /// FPM views.
    #[serde(default)]
    pub fpm: FpmState,
    /// Offload views.
    #[serde(default)]
    pub offload: OffloadState,
}

fn default_specs() -> [Specs; 2] {
    [
        super::specs_panel::default_specs(Side::Cpu),
        super::specs_panel::default_specs(Side::Gpu),
    ]
}

/// Default export size, px.
pub const EXPORT_SIZE: (u32, u32) = (1500, 950);

impl AppState {
    /// The specifications block of one processor.
    pub fn specs_mut(&mut self, side: Side) -> &mut Specs {
        match side {
            Side::Cpu => &mut self.specs[0],
            Side::Gpu => &mut self.specs[1],
        }
    }

    /// A state from a platform and a workload, with default view settings.
    pub fn new(platform: PlatformState, workload: WorkloadState) -> AppState {
        AppState {
            platform,
            workload,
            tab: Tab::Figure(View::PerdomeHeatmap),
            camera: Camera::default(),
            export_width: EXPORT_SIZE.0,
            export_height: EXPORT_SIZE.1,
            imported: Vec::new(),
            imported_from: String::new(),
            specs: default_specs(),
            boathull: BoathullState::default(),
            fpm: FpmState::default(),
            offload: OffloadState::default(),
        }
    }

    /// The model input for the current values.
    pub fn scenario(&self) -> Scenario {
        let pid = &self.platform.chosen.id;
        Scenario {
            platform_name: self.platform.chosen.name.clone(),
            platform: self.platform.params,
            workload_name: self.workload.chosen.name.clone(),
            i: self.workload.intensity,
            partitions: self
                .workload
                .partitions
                .iter()
                .map(|q| NamedPartition {
                    name: q.name.clone(),
                    i_c: q.i_c,
                    i_g: q.i_g,
                    measured_gflops: self.workload.measured(pid, &q.name),
                })
                .collect(),
        }
    }
}

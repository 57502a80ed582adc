//! Which preset a PerDome scenario uses ([`Chosen`]) and its workload as
//! chosen and edited ([`WorkloadState`]): the preset itself, its
//! partitions' measurements and the code segments.

use serde::{Deserialize, Serialize};

use hetscope_model::perdome::{Counted, CountsError, Segment, intensities};
use hetscope_preset::perdome::{MeasuredSet, PartitionPreset, WorkloadPreset, measured_in};

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

    /// What the picker shows: the preset's own name, whether it came from
    /// the catalog or a file (a measured machine is called the same
    /// everywhere); the file is said on hover ([`Chosen::origin`]).
    pub fn picker_text(&self) -> String {
        self.name.clone()
    }

    /// Where the preset came from: the catalog, or `custom: <file>`.
    pub fn origin(&self) -> String {
        match &self.file {
            Some(f) => format!("{CUSTOM}: {f}"),
            None => format!("built-in preset {}", self.id),
        }
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
    /// No workload: I = 1 and no partitions (when no preset can be read).
    pub fn none() -> WorkloadState {
        StoredWorkload::default().into()
    }

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

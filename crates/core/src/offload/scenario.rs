//! The offload scenario: which platform and kernel, the parameters
//! changed from the presets (by their `--set` names, so a saved scenario
//! does not depend on the preset file format), the kernel's subscripts as
//! edited, the sizes, the suite, the platform compared with and the
//! measured speedups; and how it becomes the model's input (the window
//! and the command line alike).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

pub use super::base::BasePlatform;
use super::measured::loaded_or_path;
use crate::{CoreError, Loaded};
use hetscope_figure::offload::MeasuredSuite;
use hetscope_model::offload::paper_quotes::Mode;
use hetscope_model::offload::{Formulation, OffloadParam, Platform};
use hetscope_model::platform::Source;
use hetscope_model::platform::Transfers;
use hetscope_preset::Catalog;
use hetscope_preset::defaults;
use hetscope_preset::offload::{KernelSet, OffloadKernelPreset};

/// The subscripts of one kernel as edited, with what the access table
/// needs to derive their strides.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct KernelEdit {
    /// The kernel preset id these values belong to.
    pub id: String,
    pub loop_indices: Vec<String>,
    pub parallel_index: String,
    pub size_name: String,
    /// The subscripts as in the preset, in access order.
    pub original: Vec<String>,
    /// The subscripts as edited (same order and count).
    pub subscripts: Vec<String>,
    /// The preset's test and benchmark sizes.
    pub test_size: u64,
    pub benchmark_size: u64,
}

impl KernelEdit {
    /// The subscripts of preset `k` (id `id`), unedited.
    pub fn from_preset(id: &str, k: &OffloadKernelPreset) -> KernelEdit {
        let original: Vec<String> = k.accesses.iter().map(|a| a.subscript.clone()).collect();
        KernelEdit {
            id: id.to_string(),
            loop_indices: k.loop_indices.clone(),
            parallel_index: k.parallel_index.clone(),
            size_name: k.size_name.clone(),
            subscripts: original.clone(),
            original,
            test_size: k.test_size,
            benchmark_size: k.benchmark_size,
        }
    }

    /// Whether any subscript differs from the preset.
    pub fn edited(&self) -> bool {
        self.subscripts != self.original
    }

    /// The preset `k` with these subscripts, when they belong to it.
    fn apply(&self, k: &OffloadKernelPreset) -> OffloadKernelPreset {
        let mut k = k.clone();
        if self.subscripts.len() == k.accesses.len() {
            for (a, s) in k.accesses.iter_mut().zip(&self.subscripts) {
                a.subscript = s.clone();
            }
        }
        k
    }
}

/// Presets the scenario holds itself instead of naming them in the
/// catalog by id: what the command line resolved from ids, names and
/// files (the platform with its `--set` values applied).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GivenPresets {
    /// The platform of the scenario's `platform`.
    pub platform: Option<BasePlatform>,
    /// The platform of the scenario's `compare`.
    pub compare: Option<BasePlatform>,
    /// Kernel presets by id.
    pub kernels: Vec<(String, OffloadKernelPreset)>,
}

impl GivenPresets {
    pub fn is_empty(&self) -> bool {
        *self == GivenPresets::default()
    }

    /// The kernel preset given as `id`.
    fn kernel(&self, id: &str) -> Option<&OffloadKernelPreset> {
        self.kernels.iter().find(|(k, _)| k == id).map(|(_, p)| p)
    }
}

/// What the user picked and edited for the offload views.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct OffloadScenario {
    /// Offload platform preset id (or the id of a platform).
    pub platform: String,
    /// Platform parameters changed from the preset (saved by their `--set`
    /// names: `threads`, `bus_gbs`, `mem_ld`, ...).
    pub overrides: BTreeMap<OffloadParam, f64>,
    /// Offload kernel preset id of the offload view.
    pub kernel: String,
    /// The kernel's subscripts as edited (for `kernel`; anything else is
    /// ignored until the panel reloads it).
    pub edit: KernelEdit,
    /// The kernel set of the suite view.
    pub suite_set: KernelSet,
    /// The suite view's kernels by id, in bar order, in place of the
    /// set's (the command line's `--kernels`).
    pub suite_kernels: Option<Vec<String>>,
    /// Kernels of the set left out of the suite view (ids).
    pub suite_excluded: BTreeSet<String>,
    /// The chosen problem size n.
    pub size: f64,
    /// The kernels' own size of this name, where the size was named so
    /// (the command line's `--size test|benchmark`, the panel's size
    /// buttons; the benchmark size at first): the suite view runs each
    /// kernel at its own size of that name. A size typed or dragged is
    /// every kernel's (none).
    pub size_mode: Option<Mode>,
    /// The sizes the offload view sweeps.
    pub size_lo: f64,
    pub size_hi: f64,
    /// A platform (or offload platform) to compare with, drawn over the
    /// offload view.
    pub compare: Option<String>,
    /// How Hong & Kim is read, where chosen (else the preset's).
    pub formulation: Option<Formulation>,
    /// Where the kernels keep their host arrays, whatever their presets
    /// say (None: as each kernel says; see `Bus::for_memory`).
    pub host_memory: Option<Transfers>,
    /// The measured-speedup file's path as typed in the panel.
    pub measured_path: String,
    /// The measured speedups drawn in the suite view, read once. A state
    /// saved when this held the path alone reads as none (the window
    /// reads that path again at start-up, as the typed path).
    #[serde(deserialize_with = "loaded_or_path")]
    pub measured: Option<Loaded<MeasuredSuite>>,
    /// Presets resolved outside the catalog (the command line's names and
    /// files), looked up before it.
    #[serde(skip_serializing_if = "GivenPresets::is_empty")]
    pub given: GivenPresets,
}

impl Default for OffloadScenario {
    fn default() -> Self {
        OffloadScenario {
            platform: defaults::OFFLOAD_PLATFORM.into(),
            overrides: BTreeMap::new(),
            kernel: defaults::OFFLOAD_KERNEL.into(),
            edit: KernelEdit::default(),
            suite_set: KernelSet::default(),
            suite_kernels: None,
            suite_excluded: BTreeSet::new(),
            size: defaults::OFFLOAD_SIZE,
            size_mode: Some(Mode::Benchmark),
            size_lo: 10.0,
            size_hi: 100_000.0,
            compare: None,
            formulation: None,
            host_memory: None,
            measured_path: String::new(),
            measured: None,
            given: GivenPresets::default(),
        }
    }
}

impl OffloadScenario {
    /// The first-start scenario: the default presets, the kernel's
    /// subscripts loaded.
    pub fn from_catalog(catalog: &Catalog) -> OffloadScenario {
        let mut s = OffloadScenario::default();
        s.sync_edit(catalog);
        s
    }

    /// The platform as its preset gives it, before the overrides (see
    /// [`BasePlatform::of`]; the given platform where the scenario holds
    /// one).
    pub fn base(&self, catalog: &Catalog) -> Result<BasePlatform, CoreError> {
        match &self.given.platform {
            Some(b) => Ok(b.clone()),
            None => BasePlatform::of(&self.platform, catalog),
        }
    }

    /// The platform's name and its model with the overrides applied.
    pub fn platform(&self, catalog: &Catalog) -> Result<(String, Platform), CoreError> {
        self.platform_of(self.base(catalog)?)
    }

    /// The name and model of `base` with the overrides and the chosen
    /// formulation applied, checked.
    pub fn platform_of(&self, base: BasePlatform) -> Result<(String, Platform), CoreError> {
        let BasePlatform {
            name,
            mut model,
            derived,
            ..
        } = base;
        for (param, v) in &self.overrides {
            model.set_param(*param, *v)?;
        }
        if let Some(f) = self.formulation {
            model.formulation = f;
        }
        // An offload preset's values (a paper's, or fitted by hand) carry
        // no error of a formulation measured elsewhere.
        model.speedup_error = derived
            .then(|| super::uncertainty::speedup_error(model.formulation))
            .flatten();
        model.check()?;
        Ok((name, model))
    }

    /// Where each value of the platform comes from: `base`'s sources,
    /// each value an override changes and a chosen formulation edited.
    pub fn sources(&self, base: &BasePlatform) -> Vec<(String, Source)> {
        let edited = self.edited_params();
        let edited = edited.iter().map(|p| p.name());
        let edited = edited.chain(self.formulation.map(|_| "formulation"));
        let mut sources = base.sources.clone();
        for name in edited {
            sources.retain(|(n, _)| n != name);
            sources.push((name.to_string(), Source::Edited));
        }
        sources
    }

    /// The host thread count a person set (an override, or a value the
    /// given platform names edited), if any.
    pub fn threads_set(&self, base: &BasePlatform) -> Option<f64> {
        let p = OffloadParam::Threads;
        self.overrides
            .get(&p)
            .copied()
            .or_else(|| (base.source_of(p) == Some(&Source::Edited)).then(|| base.model.param(p)))
    }

    /// The kernel preset `id` (given, else the catalog's) with the edited
    /// subscripts when they are its, and whether they differ from the
    /// preset's.
    pub fn kernel_preset(
        &self,
        catalog: &Catalog,
        id: &str,
    ) -> Result<(OffloadKernelPreset, bool), CoreError> {
        let (id, k) = match self.given.kernel(id) {
            Some(k) => (id, k),
            None => catalog
                .offload_kernel(id)
                .map(|(e, k)| (e.id.as_str(), k))
                .ok_or_else(|| CoreError::Unknown {
                    kind: "offload kernel",
                    key: id.to_string(),
                })?,
        };
        let (mut k, edited) = if self.edit.id == id {
            let applied = self.edit.apply(k);
            let edited = applied != *k;
            (applied, edited)
        } else {
            (k.clone(), false)
        };
        if let Some(m) = self.host_memory {
            k.host_memory = Some(m);
        }
        Ok((k, edited))
    }

    /// The name of the scenario's size for kernel `k`: the size's mode
    /// where it was named by one, else the kernel's size it equals.
    pub fn size_name(&self, k: &OffloadKernelPreset) -> Option<&'static str> {
        let sizes = PresetSizes::of(k);
        let equal = |m| (sizes.get(m) == self.size).then_some(m);
        self.size_mode
            .or_else(|| equal(Mode::Benchmark))
            .or_else(|| equal(Mode::Test))
            .map(Mode::key)
    }

    /// Choose another platform: its preset values, no overrides.
    pub fn select_platform(&mut self, id: &str) {
        self.platform = id.to_string();
        self.overrides.clear();
        self.given.platform = None;
    }

    /// Choose another kernel with its preset subscripts (the size stays).
    pub fn select_kernel(&mut self, catalog: &Catalog, id: &str) {
        self.kernel = id.to_string();
        if let Some((e, k)) = catalog.offload_kernel(id) {
            self.kernel = e.id.clone();
            self.edit = KernelEdit::from_preset(&e.id, k);
        }
    }

    /// Load the kernel's subscripts when the edit belongs to another
    /// kernel (first start, or a state saved with another kernel).
    pub fn sync_edit(&mut self, catalog: &Catalog) {
        if self.edit.id != self.kernel
            && let Some((e, k)) = catalog.offload_kernel(&self.kernel)
        {
            self.edit = KernelEdit::from_preset(&e.id, k);
        }
    }
}

/// A kernel preset's two problem sizes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PresetSizes {
    pub test: f64,
    pub benchmark: f64,
}

impl PresetSizes {
    /// The sizes of preset `k`.
    pub fn of(k: &OffloadKernelPreset) -> PresetSizes {
        PresetSizes {
            test: k.test_size as f64,
            benchmark: k.benchmark_size as f64,
        }
    }

    /// The size of `mode`.
    pub fn get(self, mode: Mode) -> f64 {
        match mode {
            Mode::Test => self.test,
            Mode::Benchmark => self.benchmark,
        }
    }
}

//! Persisted state of the offload views: which platform and kernel, the
//! parameters changed from the presets (by their `--set` names, so the
//! saved state does not depend on the preset file format), the kernel's
//! subscripts as edited, and the sizes.

use hetscope_model::platform::{Source, Transfers};
use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use hetscope_core::CoreError;
use hetscope_figure::offload::{KernelInput, MeasuredSuite, OffloadInput, OverlayPlatform};
use hetscope_model::format::{fmt_speedup, fmt_time, fmt_whole};
use hetscope_model::offload::{Formulation, OffloadParam, Platform, decide};
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

/// What the user picked and edited for the offload views.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct OffloadState {
    /// Offload platform preset id.
    pub platform: String,
    /// Platform parameters changed from the preset (saved by their `--set`
    /// names: `threads`, `bus_gbs`, `mem_ld`, ...).
    pub overrides: BTreeMap<OffloadParam, f64>,
    /// Offload kernel preset id of the offload view.
    pub kernel: String,
    /// The kernel's subscripts as edited (for `kernel`; anything else is
    /// ignored until the panel reloads it).
    pub edit: KernelEdit,
    /// Kernels left out of the suite view (ids).
    pub suite_excluded: BTreeSet<String>,
    /// The chosen problem size n.
    pub size: f64,
    /// The sizes the offload view sweeps.
    pub size_lo: f64,
    pub size_hi: f64,
    /// A platform (or offload platform) to compare with, drawn over the
    /// offload view.
    pub compare: Option<String>,
    /// How Hong & Kim is read, where chosen (else the preset's).
    #[serde(default)]
    pub formulation: Option<Formulation>,
    /// The measured-speedup file's path as typed in the panel.
    pub measured_path: String,
    /// The measured-speedup file drawn in the suite view (loaded).
    pub measured: Option<String>,
    /// Bumped by each Load, so that loading the same path again reads the
    /// file again.
    #[serde(skip)]
    pub measured_reload: u64,
}

impl Default for OffloadState {
    fn default() -> Self {
        OffloadState {
            platform: defaults::OFFLOAD_PLATFORM.into(),
            overrides: BTreeMap::new(),
            kernel: defaults::OFFLOAD_KERNEL.into(),
            edit: KernelEdit::default(),
            suite_excluded: BTreeSet::new(),
            size: defaults::OFFLOAD_SIZE,
            size_lo: 10.0,
            size_hi: 100_000.0,
            compare: None,
            formulation: None,
            measured_path: String::new(),
            measured: None,
            measured_reload: 0,
        }
    }
}

impl OffloadState {
    /// The platform as its preset gives it, before the overrides: an
    /// offload platform preset, or a platform (`presets/platforms`) whose
    /// offload parameters are its paper's preset or derived from its
    /// hardware (as chosen at the top of the window).
    pub fn base(&self, catalog: &Catalog) -> Result<BasePlatform, CoreError> {
        if let Some((_, p)) = catalog.offload_platform(&self.platform) {
            return Ok(BasePlatform {
                name: p.name.clone(),
                model: p.to_model()?,
                sources: vec![("platform".into(), Source::Paper(p.source.clone()))],
            });
        }
        let (e, p) = catalog
            .platform(&self.platform)
            .ok_or_else(|| CoreError::Unknown {
                kind: "offload platform",
                key: self.platform.clone(),
            })?;
        let r = p.offload(catalog, &e.path, Transfers::Pageable)?;
        Ok(BasePlatform {
            name: p.name.clone(),
            model: r.value.1,
            sources: r.sources,
        })
    }

    /// The platform compared with, and the current kernel launched on it.
    fn overlay(&self, catalog: &Catalog) -> Result<Option<Box<OverlayPlatform>>, CoreError> {
        let Some(id) = &self.compare else {
            return Ok(None);
        };
        let other = OffloadState {
            platform: id.clone(),
            overrides: Default::default(),
            ..self.clone()
        };
        let mut b = other.base(catalog)?;
        if let Some(f) = self.formulation {
            b.model.formulation = f;
        }
        let (k, _) = self.kernel_preset(catalog, &self.kernel)?;
        let kernel = k.to_model(&b.model.runtime.launch(&b.model.gpu))?;
        Ok(Some(Box::new(OverlayPlatform {
            name: b.name,
            platform: b.model,
            kernel,
        })))
    }

    /// The platform's name and its model with the overrides applied.
    pub fn platform(&self, catalog: &Catalog) -> Result<(String, Platform), CoreError> {
        let BasePlatform {
            name, mut model, ..
        } = self.base(catalog)?;
        for (param, v) in &self.overrides {
            model.set_param(*param, *v)?;
        }
        if let Some(f) = self.formulation {
            model.formulation = f;
        }
        model.check()?;
        Ok((name, model))
    }

    /// The kernel preset `id` with the edited subscripts when they are its,
    /// and whether they differ from the preset's.
    fn kernel_preset(
        &self,
        catalog: &Catalog,
        id: &str,
    ) -> Result<(OffloadKernelPreset, bool), CoreError> {
        let (e, k) = catalog
            .offload_kernel(id)
            .ok_or_else(|| CoreError::Unknown {
                kind: "offload kernel",
                key: id.to_string(),
            })?;
        Ok(if self.edit.id == e.id {
            let applied = self.edit.apply(k);
            let edited = applied != *k;
            (applied, edited)
        } else {
            (k.clone(), false)
        })
    }

    /// Choose another platform: its preset values, no overrides.
    pub fn select_platform(&mut self, id: &str) {
        self.platform = id.to_string();
        self.overrides.clear();
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

    /// The model input of the current values, or why there is none (an
    /// unknown preset, a parameter out of range, a subscript that does
    /// not parse: named with its column). The measured file, when one is
    /// loaded, is read here; a file that cannot be read is left out.
    pub fn input(&self, catalog: &Catalog) -> Result<OffloadInput, CoreError> {
        self.input_with(catalog, |path| {
            super::measured::read_measured(std::path::Path::new(path), catalog).ok()
        })
    }

    /// [`Self::input`] with the measurements of the loaded path from
    /// `measured`.
    pub(super) fn input_with(
        &self,
        catalog: &Catalog,
        measured: impl FnOnce(&str) -> Option<MeasuredSuite>,
    ) -> Result<OffloadInput, CoreError> {
        let (platform_name, platform) = self.platform(catalog)?;
        let launch = platform.runtime.launch(&platform.gpu);
        let kernel_input = |id: &str| -> Result<KernelInput, CoreError> {
            let (k, edited) = self.kernel_preset(catalog, id)?;
            let model = k.to_model(&launch)?;
            Ok(KernelInput {
                id: id.to_string(),
                name: k.name.clone(),
                edited,
                kernel: model,
            })
        };
        let kernel = Box::new(kernel_input(&self.kernel)?);
        let mut suite = Vec::new();
        let set = catalog.offload_suite(KernelSet::Paper);
        for (e, _) in &set {
            if !self.suite_excluded.contains(&e.id) {
                suite.push(kernel_input(&e.id)?);
            }
        }
        let all = set.len();
        let suite_name = if suite.len() == all {
            KernelSet::Paper.label().to_string()
        } else {
            format!("{} of {all} parallel loops", suite.len())
        };
        Ok(OffloadInput {
            platform_name,
            platform,
            kernel,
            suite,
            suite_name,
            size: self.size,
            size_lo: self.size_lo,
            size_hi: self.size_hi,
            overlay: self.overlay(catalog)?,
            measured: self.measured.as_deref().and_then(measured),
        })
    }
}

/// An offload platform before the user's overrides, with the source of
/// its values (by `--set` name, or "platform" for all of them).
pub struct BasePlatform {
    pub name: String,
    pub model: Platform,
    pub sources: Vec<(String, Source)>,
}

impl BasePlatform {
    /// Where `p`'s value comes from, if the platform says.
    pub fn source_of(&self, p: OffloadParam) -> Option<&Source> {
        let find = |name: &str| self.sources.iter().find(|(k, _)| k == name).map(|(_, s)| s);
        find(p.name()).or_else(|| find("platform"))
    }
}

/// The decision for the current kernel at the chosen size, in words.
#[derive(Clone, Debug, PartialEq)]
pub struct Readout {
    pub text: String,
    pub offload: bool,
}

impl Readout {
    /// The readout of the kernel of `input` at its size, or why there is
    /// none.
    pub fn of(input: &OffloadInput) -> Result<Readout, CoreError> {
        let k = &input.kernel;
        let d = decide(&k.kernel, &input.platform, input.size)?;
        let at = format!("{} at n = {}", k.label(), fmt_whole(input.size));
        let text = match d.does_not_fit(&input.platform.memory) {
            // No speedup to show: the data cannot be where it would run.
            Some(why) => format!("{at}: the data {why}; keep on the host"),
            None => format!(
                "{at}: CPU {}, GPU {}: speedup {}, {}",
                fmt_time(d.cpu_seconds),
                fmt_time(d.gpu_seconds),
                fmt_speedup(d.speedup),
                if d.offload {
                    "offload to the GPU"
                } else {
                    "keep on the host"
                }
            ),
        };
        Ok(Readout {
            text,
            offload: d.offload,
        })
    }
}

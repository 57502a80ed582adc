//! The offload scenario's kernels launched on a platform: the current
//! kernel and the suite's, each parsed from its preset (subscripts
//! edited or not) or taken from the last input where nothing it was made
//! of changed.

use super::scenario::{BasePlatform, OffloadScenario, PresetSizes};
use crate::CoreError;
use hetscope_figure::offload::{KernelInput, OffloadInput, OverlayPlatform};
use hetscope_model::offload::{Launch, OffloadKernel};
use hetscope_preset::Catalog;
use hetscope_preset::offload::OffloadKernelPreset;

impl OffloadScenario {
    /// The model input of the current values, or why there is none (an
    /// unknown preset, a parameter out of range, a subscript that does
    /// not parse: named with its column).
    pub fn input(&self, catalog: &Catalog) -> Result<OffloadInput, CoreError> {
        self.input_reusing(catalog, None)
    }

    /// [`OffloadScenario::input`], taking from `last` (a scenario and the
    /// input made of it from the same catalog) every kernel whose preset,
    /// edits included, and launch are unchanged, so that a drag of a size
    /// or a hardware value does not parse the suite's subscripts again.
    pub fn input_reusing(
        &self,
        catalog: &Catalog,
        last: Option<(&OffloadScenario, &OffloadInput)>,
    ) -> Result<OffloadInput, CoreError> {
        let (platform_name, platform) = self.platform(catalog)?;
        let launch = platform.runtime.launch(&platform.gpu);
        let reuse = last.map(|(scenario, input)| Reuse {
            scenario,
            launch: input.platform.runtime.launch(&input.platform.gpu),
            kernels: std::iter::once(&*input.kernel)
                .chain(input.suite.iter())
                .map(|k| (k.id.as_str(), &k.kernel))
                .collect(),
        });
        let (kernel, _) = self.launched(catalog, &self.kernel, &launch, reuse.as_ref())?;
        let suite = self.suite_reusing(catalog, &launch, reuse.as_ref())?;
        // Each kernel at its own size of the mode that names the size.
        let suite_sizes = self
            .size_mode
            .map(|m| suite.sizes.iter().map(|s| s.get(m)).collect());
        Ok(OffloadInput {
            platform_name,
            platform,
            kernel: Box::new(kernel),
            suite: suite.kernels,
            suite_name: suite.name,
            size: self.size,
            size_lo: self.size_lo,
            size_hi: self.size_hi,
            overlay: self.overlay(catalog, last)?,
            measured: self.measured.as_ref().map(|m| m.data().clone()),
            suite_sizes,
        })
    }

    /// The platform compared with, and the current kernel launched on it.
    fn overlay(
        &self,
        catalog: &Catalog,
        last: Option<(&OffloadScenario, &OffloadInput)>,
    ) -> Result<Option<Box<OverlayPlatform>>, CoreError> {
        let Some(id) = &self.compare else {
            return Ok(None);
        };
        let mut b = match &self.given.compare {
            Some(b) => b.clone(),
            None => BasePlatform::of(id, catalog)?,
        };
        if let Some(f) = self.formulation {
            b.model.formulation = f;
        }
        let launch = b.model.runtime.launch(&b.model.gpu);
        let reuse = last.and_then(|(scenario, input)| {
            let o = input.overlay.as_ref()?;
            Some(Reuse {
                scenario,
                launch: o.platform.runtime.launch(&o.platform.gpu),
                kernels: vec![(scenario.kernel.as_str(), &o.kernel)],
            })
        });
        let (input, _) = self.launched(catalog, &self.kernel, &launch, reuse.as_ref())?;
        let kernel = input.kernel;
        Ok(Some(Box::new(OverlayPlatform {
            name: b.name,
            platform: b.model,
            kernel,
        })))
    }

    /// Kernel `id` launched as `launch` says, and its preset (with the
    /// edited subscripts).
    pub(super) fn launched(
        &self,
        catalog: &Catalog,
        id: &str,
        launch: &Launch,
        last: Option<&Reuse<'_>>,
    ) -> Result<(KernelInput, OffloadKernelPreset), CoreError> {
        let (k, edited) = self.kernel_preset(catalog, id)?;
        let kernel = match last.and_then(|r| r.kernel(catalog, id, &k, launch)) {
            Some(old) => old.clone(),
            None => k
                .to_model(launch)
                .map_err(|source| CoreError::OffloadKernel {
                    id: id.to_string(),
                    source: Box::new(source),
                })?,
        };
        let input = KernelInput {
            id: id.to_string(),
            name: k.name.clone(),
            edited,
            kernel,
        };
        Ok((input, k))
    }

    /// The ids of the suite's kernels, in bar order, and the suite's name.
    fn suite_ids(&self, catalog: &Catalog) -> (Vec<String>, String) {
        if let Some(ids) = &self.suite_kernels {
            return (ids.clone(), format!("{} offload kernels", ids.len()));
        }
        let set = catalog.offload_suite(self.suite_set);
        let ids: Vec<String> = set
            .iter()
            .map(|(e, _)| e.id.clone())
            .filter(|id| !self.suite_excluded.contains(id))
            .collect();
        let all = set.len();
        let name = if ids.len() == all {
            self.suite_set.label().to_string()
        } else {
            format!("{} of {all} parallel loops", ids.len())
        };
        (ids, name)
    }

    /// The suite's kernels launched as `launch` says.
    pub fn suite(&self, catalog: &Catalog, launch: &Launch) -> Result<Suite, CoreError> {
        self.suite_reusing(catalog, launch, None)
    }

    pub(super) fn suite_reusing(
        &self,
        catalog: &Catalog,
        launch: &Launch,
        last: Option<&Reuse<'_>>,
    ) -> Result<Suite, CoreError> {
        let (ids, name) = self.suite_ids(catalog);
        let mut kernels = Vec::with_capacity(ids.len());
        let mut sizes = Vec::with_capacity(ids.len());
        for id in &ids {
            let (input, k) = self.launched(catalog, id, launch, last)?;
            kernels.push(input);
            sizes.push(PresetSizes::of(&k));
        }
        Ok(Suite {
            kernels,
            name,
            sizes,
        })
    }
}

/// The kernels of a last input, which [`OffloadScenario::input_reusing`]
/// takes where nothing they were made of changed.
pub(super) struct Reuse<'a> {
    pub(super) scenario: &'a OffloadScenario,
    pub(super) launch: Launch,
    /// Each kernel's id and model.
    pub(super) kernels: Vec<(&'a str, &'a OffloadKernel)>,
}

impl Reuse<'_> {
    /// The last input's kernel `id`, when it was made of `preset` launched
    /// as `launch`.
    fn kernel(
        &self,
        catalog: &Catalog,
        id: &str,
        preset: &OffloadKernelPreset,
        launch: &Launch,
    ) -> Option<&OffloadKernel> {
        if self.launch != *launch {
            return None;
        }
        let (_, old) = self.kernels.iter().find(|(k, _)| *k == id)?;
        let (was, _) = self.scenario.kernel_preset(catalog, id).ok()?;
        (was == *preset).then_some(*old)
    }
}

/// The suite view's kernels as launched on a platform.
pub struct Suite {
    /// In bar order.
    pub kernels: Vec<KernelInput>,
    /// The suite's name, as the figure's title gives it.
    pub name: String,
    /// Each kernel's preset sizes.
    pub sizes: Vec<PresetSizes>,
}

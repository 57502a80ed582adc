//! Each model's parameters as its own tab holds them, for the overview of
//! the platform those tabs are on: a value dragged in PerDome's tab (or
//! the boat hull's, offload's, FPM's) is what the overview evaluates, as
//! the tab does, and the overview says which models it took so. The
//! validation view compares the models so held with the measured files.

use crate::model::Model;
use crate::validate::TabParameters;
use crate::{CoreError, Session};
use hetscope_figure::boathull::BoathullProcessor;
use hetscope_figure::overview::PlatformInput;
use hetscope_model::boathull::{Cpu, Gpu, Target};
use hetscope_model::fpm::FpmDevice;
use hetscope_model::offload::Platform as OffloadPlatform;
use hetscope_model::perdome::Platform as PerdomePlatform;
use hetscope_preset::Catalog;

/// The models' parameters in their tabs (none where a tab's input
/// cannot be made).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tuned {
    pub perdome: Option<PerdomePlatform>,
    pub boathull: Option<(Cpu, Gpu)>,
    pub offload: Option<OffloadPlatform>,
    pub fpm: Option<Vec<FpmDevice>>,
    /// What the validation view compares with the measured files.
    pub validation: Option<TabParameters>,
}

/// The tabs' parameters where every model is on the overview's platform
/// (chosen at the top, not regrouped); none otherwise.
pub fn tuned(session: &Session, catalog: &Catalog) -> Option<Tuned> {
    let o = &session.overview;
    let same = session.platform.as_deref() == Some(o.platform.as_str());
    if !same || o.cpus.is_some() || o.gpus.is_some() {
        return None;
    }
    Some(Tuned {
        perdome: crate::perdome::Perdome::input(&session.perdome, catalog)
            .ok()
            .map(|i| i.case.platform),
        boathull: crate::boathull::Boathull::input(&session.boathull, catalog)
            .ok()
            .and_then(|i| pair(&i.processor, &i.partner)),
        offload: crate::offload::Offload::input(&session.offload, catalog)
            .ok()
            .map(|i| i.platform),
        fpm: crate::fpm::Fpm::input(&session.fpm, catalog)
            .ok()
            .map(|i| i.devices),
        validation: Some(TabParameters::of(session)),
    })
}

/// The CPU and the GPU of a boat hull processor and its partner.
fn pair(a: &BoathullProcessor, b: &BoathullProcessor) -> Option<(Cpu, Gpu)> {
    let cpu = [a, b].into_iter().find_map(|p| match &p.target {
        Target::Cpu { cpu, .. } => Some(*cpu),
        Target::Gpu { .. } => None,
    })?;
    let gpu = [a, b].into_iter().find_map(|p| match &p.target {
        Target::Gpu { gpu, .. } => Some(*gpu),
        Target::Cpu { .. } => None,
    })?;
    Some((cpu, gpu))
}

impl Tuned {
    /// `first` with every model's parameters that its tab holds otherwise;
    /// the models so taken named in `first.edited`. FPM devices counted in
    /// another unit than the overview's problem size are left out.
    pub fn apply(&self, first: &mut PlatformInput, catalog: &Catalog) -> Result<(), CoreError> {
        if let Some(p) = &self.perdome
            && *p != first.perdome.platform
        {
            first.perdome.platform = *p;
            first.edited.push("PerDome / PeaPaw".into());
        }
        if let Some(b) = &self.boathull
            && *b != first.boathull
        {
            first.boathull = *b;
            first.edited.push("boat hull".into());
        }
        if let Some(o) = &self.offload
            && *o != first.offload
        {
            let cache = super::input::KernelCache::default();
            first.kernels = super::input::cached_kernels(catalog, o, &cache)?;
            first.offload = o.clone();
            first.edited.push("offload".into());
        }
        let unit = first.fpm_devices.first().map(|d| d.unit.clone());
        let same_unit = |d: &[FpmDevice]| d.iter().all(|x| Some(&x.unit) == unit.as_ref());
        if let Some(f) = &self.fpm
            && *f != first.fpm_devices
            && !f.is_empty()
            && same_unit(f)
        {
            first.fpm_devices = f.clone();
            first.edited.push("FPM".into());
        }
        Ok(())
    }
}

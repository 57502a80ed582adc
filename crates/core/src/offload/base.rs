//! An offload platform before the user's overrides: a catalog offload
//! platform or platform, or a platform file, with the source of each
//! value.

use serde::{Deserialize, Serialize};

use crate::CoreError;
use hetscope_model::offload::{OffloadParam, Platform};
use hetscope_model::platform::{Source, Transfers};
use hetscope_preset::Catalog;
use hetscope_preset::platform::{ModelSource, PlatformChoice};

/// An offload platform before the user's overrides, with the source of
/// its values (by `--set` name, or "platform" for all of them).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BasePlatform {
    pub name: String,
    pub model: Platform,
    pub sources: Vec<(String, Source)>,
    /// Derived from a hardware description (not an offload preset's
    /// values): its decisions carry the formulation's measured error.
    pub derived: bool,
}

impl BasePlatform {
    /// The offload platform preset or platform `id` of the catalog: an
    /// offload platform preset, or a platform (`presets/platforms`) whose
    /// offload parameters are its paper's preset or derived from its
    /// hardware.
    pub fn of(id: &str, catalog: &Catalog) -> Result<BasePlatform, CoreError> {
        if let Some((_, p)) = catalog.offload_platform(id) {
            return Ok(BasePlatform {
                name: p.name.clone(),
                model: p.to_model()?,
                sources: vec![("platform".into(), Source::Paper(p.source.clone()))],
                derived: false,
            });
        }
        let (e, p) = catalog.platform(id).ok_or_else(|| CoreError::Unknown {
            kind: "offload platform",
            key: id.to_string(),
        })?;
        let r = p.offload(catalog, &e.path, Transfers::Pageable)?;
        Ok(BasePlatform {
            name: p.name.clone(),
            derived: r.from == ModelSource::Derived,
            model: r.value.1,
            sources: r.sources,
        })
    }

    /// The offload platform of a platform chosen by id or file: the
    /// catalog's where it has it, else the file's own, derived from its
    /// hardware (or its paper's offload preset).
    pub fn of_choice(
        choice: &PlatformChoice,
        catalog: &Catalog,
    ) -> Result<BasePlatform, CoreError> {
        if catalog.platform(&choice.key).is_some()
            || catalog.offload_platform(&choice.key).is_some()
        {
            return BasePlatform::of(&choice.key, catalog);
        }
        let r = choice
            .preset
            .offload(catalog, &choice.origin, Transfers::Pageable)?;
        Ok(BasePlatform {
            name: choice.preset.name.clone(),
            derived: r.from == ModelSource::Derived,
            model: r.value.1,
            sources: r.sources,
        })
    }

    /// Where `p`'s value comes from, if the platform says.
    pub fn source_of(&self, p: OffloadParam) -> Option<&Source> {
        let find = |name: &str| self.sources.iter().find(|(k, _)| k == name).map(|(_, s)| s);
        find(p.name()).or_else(|| find("platform"))
    }
}

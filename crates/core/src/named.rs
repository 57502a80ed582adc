//! A session from what a face names: the platform, the platform compared
//! with, the workload, values set by name and measured files, as the
//! command line's options (and a notebook's arguments) give them. Every
//! face builds its session here, so `eval`, `export --view`, `session`
//! and the window's "Open" of a saved session draw the same figure from
//! the same choices.
//!
//! Each model's own options (a boat hull class, an offload kernel, FPM
//! devices) are applied afterwards by that model's `options.rs`.

use std::path::PathBuf;

use crate::registry::{compare_everywhere, use_platform_everywhere};
use crate::{CoreError, Session, session_set};
use hetscope_model::ModelId;
use hetscope_preset::Catalog;
use hetscope_preset::platform::platform_choice;

/// What is named, each as the option that names it would give it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Named {
    /// The platform of every model (`--platform`): a catalog id or name,
    /// a platform file, or a what-if key.
    pub platform: Option<String>,
    /// The platform compared with (`--platform2`).
    pub platform2: Option<String>,
    /// The PerDome / PeaPaw workload (`--workload`): id, name or file.
    pub workload: Option<String>,
    /// Values set by name (`--set NAME=VALUE`), each to its model.
    pub sets: Vec<String>,
    /// Measured files (`--measured`), each to the model that reads it.
    pub measured: Vec<PathBuf>,
}

/// Why a session cannot be made of what is named: the option at fault
/// (`--platform`, `--set`, ...) and the core's error.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{}{error}", if .option.is_empty() { String::new() } else { format!("{} ", .option) })]
pub struct NamedError {
    pub option: &'static str,
    pub error: Box<CoreError>,
}

impl NamedError {
    pub fn new(option: &'static str, error: impl Into<CoreError>) -> NamedError {
        NamedError {
            option,
            error: Box::new(error.into()),
        }
    }
}

/// The models that could not take a named platform, with the option and
/// why (they keep their own presets).
pub type Kept = Vec<(&'static str, ModelId, CoreError)>;

/// The session of `named`, and the models that keep their own presets
/// (a platform that gives them nothing), with why. In this order: the
/// platform, the workload and the measured files; then `choose`, a
/// model's own options (a boat hull processor of another kind, an
/// offload kernel); then the platform compared with (drawn as the
/// choices left the model: its processor's kind) and the values set by
/// name (on what the choices chose).
pub fn session_of(
    named: &Named,
    catalog: &Catalog,
    choose: impl FnOnce(&mut Session) -> Result<(), NamedError>,
) -> Result<(Session, Kept), NamedError> {
    let at = |option: &'static str| move |error: CoreError| NamedError::new(option, error);
    let mut s = Session::new(catalog);
    let mut kept = Vec::new();
    if let Some(p) = &named.platform {
        let c = platform_choice(p, catalog).map_err(|e| at("--platform")(e.into()))?;
        let failed = use_platform_everywhere(&mut s, &c, catalog);
        kept.extend(failed.into_iter().map(|(id, e)| ("--platform", id, e)));
    }
    if let Some(w) = &named.workload {
        let (id, preset) = hetscope_preset::perdome::workload_arg(w, catalog)
            .map_err(|e| at("--workload")(e.into()))?;
        let file = hetscope_preset::is_file_arg(w).then(|| w.clone());
        s.perdome.apply_workload(&id, &preset, file);
        s.overview.workload = if hetscope_preset::is_file_arg(w) {
            w.clone()
        } else {
            id
        };
    }
    for m in &named.measured {
        session_set::load_measured(&mut s, m, catalog).map_err(at("--measured"))?;
    }
    choose(&mut s)?;
    if let Some(p) = &named.platform2 {
        let c = platform_choice(p, catalog).map_err(|e| at("--platform2")(e.into()))?;
        let failed = compare_everywhere(&mut s, Some(&c), catalog);
        kept.extend(failed.into_iter().map(|(id, e)| ("--platform2", id, e)));
    }
    session_set::apply_sets(&mut s, &named.sets).map_err(at("--set"))?;
    Ok((s, kept))
}

/// The first model of `ids` that could not take a named platform, as an
/// error of its option.
pub fn refused_for(kept: Kept, ids: &[ModelId]) -> Result<(), NamedError> {
    match kept.into_iter().find(|(_, id, _)| ids.contains(id)) {
        Some((option, _, error)) => Err(NamedError::new(option, error)),
        None => Ok(()),
    }
}

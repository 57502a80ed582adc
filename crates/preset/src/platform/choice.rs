//! A platform named on the command line or in a view: a catalog id or
//! name, or the path of a `.ron` file; and the same platform with fewer
//! CPU sockets or GPUs counted.

use std::path::Path;

use super::{PlatformPreset, load_platform_file};
use crate::catalog::Catalog;
use crate::error::PresetError;
use crate::file::{file_id, is_file_arg};
use crate::kind::PresetKind;

/// A platform named on the command line or in a view.
#[derive(Clone, Debug, PartialEq)]
pub struct PlatformChoice {
    /// Preset id (file stem).
    pub id: String,
    /// What names it again: the catalog id, or the path of its file.
    pub key: String,
    /// Where it was read, for messages.
    pub origin: String,
    pub preset: PlatformPreset,
}

impl PlatformChoice {
    /// The platform with `cpus` sockets and `gpus` GPUs counted in its two
    /// groups (PeaPaw 3.3) in place of its own counts; an error names a
    /// count out of range or a platform that cannot be regrouped.
    pub fn regrouped(
        &self,
        cpus: Option<u32>,
        gpus: Option<u32>,
    ) -> Result<PlatformChoice, PresetError> {
        let mut c = self.clone();
        if cpus.is_none() && gpus.is_none() {
            return Ok(c);
        }
        let origin = c.origin.clone();
        let h = c.preset.hardware.as_mut().ok_or_else(|| {
            PresetError::invalid(
                &origin,
                "hardware",
                "a platform without hardware cannot be regrouped",
            )
        })?;
        if let Some(n) = cpus {
            if !(1..=h.cpus).contains(&n) {
                return Err(PresetError::invalid(
                    &origin,
                    "hardware.cpus",
                    format!("{n} CPU sockets: the platform has 1 to {}", h.cpus),
                ));
            }
            h.cpus = n;
        }
        if let Some(m) = gpus {
            let [g] = h.gpus.as_mut_slice() else {
                return Err(PresetError::invalid(
                    &origin,
                    "hardware.gpus",
                    "GPUs of several kinds cannot be regrouped by count",
                ));
            };
            if !(1..=g.count).contains(&m) {
                return Err(PresetError::invalid(
                    &origin,
                    "hardware.gpus",
                    format!("{m} GPUs: the platform has 1 to {}", g.count),
                ));
            }
            g.count = m;
        }
        Ok(c)
    }
}

/// The longest platform argument read: a file path's limit on most
/// systems (PATH_MAX).
pub const MAX_ARG_BYTES: usize = 4096;

/// A platform given as a catalog id or name, as a path ending in `.ron`,
/// or as a what-if platform made from one of those (`BASE@KEY=FACTOR`,
/// see `what_if.rs`).
pub fn platform_choice(arg: &str, cat: &Catalog) -> Result<PlatformChoice, PresetError> {
    if arg.len() > MAX_ARG_BYTES {
        let start: String = arg.chars().take(40).collect();
        return Err(PresetError::invalid(
            "platform argument",
            "",
            format!(
                "'{start}...' is {} bytes, longer than any platform id, file path or what-if key (at most {MAX_ARG_BYTES})",
                arg.len()
            ),
        ));
    }
    if !is_file_arg(arg)
        && cat.platform(arg).is_none()
        && let Some(w) = super::what_if::WhatIf::parse(arg)
    {
        return what_if_choice(&w?, cat);
    }
    if is_file_arg(arg) {
        let path = Path::new(arg);
        return Ok(PlatformChoice {
            id: file_id(path),
            key: arg.to_string(),
            origin: arg.to_string(),
            preset: load_platform_file(path)?,
        });
    }
    match cat.platform(arg) {
        Some((e, p)) => Ok(PlatformChoice {
            id: e.id.clone(),
            key: e.id.clone(),
            origin: e.path.clone(),
            preset: p.clone(),
        }),
        None => Err(PresetError::Unknown {
            origin: "platform argument".to_string(),
            kind: PresetKind::Platform,
            key: arg.to_string(),
            known: cat.ids(PresetKind::Platform),
        }),
    }
}

/// The platform a what-if key names, made from its base in `cat`.
fn what_if_choice(
    w: &super::what_if::WhatIf,
    cat: &Catalog,
) -> Result<PlatformChoice, PresetError> {
    let base = platform_choice(&w.base, cat)?;
    let key = w.key();
    let preset = super::what_if::what_if(cat, &base.preset, &base.origin, &w.scales, w.pinned)
        .map_err(|message| PresetError::WhatIf {
            key: key.clone(),
            message,
        })?;
    Ok(PlatformChoice {
        id: key.clone(),
        key,
        origin: base.origin,
        preset,
    })
}

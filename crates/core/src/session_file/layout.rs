//! What a session file holds, field by field, in the current format; and
//! the fields read first, before the format is known.

use serde::{Deserialize, Deserializer, Serialize};

use super::formulations::Formulations;
use super::measured::MeasuredEntry;
use crate::Session;

/// The format this version writes, and the newest it reads.
pub const FORMAT: u32 = 1;

/// A session file of format [`FORMAT`]. Unknown fields here are refused
/// (a misspelt header field is named); inside `session` they are skipped.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SessionFile {
    /// The format version, [`FORMAT`] when written by this version.
    pub format: u32,
    /// The hetscope version that wrote it.
    pub hetscope: String,
    /// The formulations its figures were computed with.
    #[serde(default)]
    pub formulations: Formulations,
    /// The measured files the session holds data of.
    #[serde(default)]
    pub measured: Vec<MeasuredEntry>,
    /// Platforms, view and every model's scenario.
    pub session: Session,
}

/// The fields read before the format is known: the version and whether
/// the file has a session at all (any other field is skipped).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Probe {
    #[serde(deserialize_with = "present")]
    pub format: Option<u64>,
    #[serde(deserialize_with = "present_any")]
    pub session: Option<()>,
}

/// A field that, when present, holds a whole number.
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    u64::deserialize(d).map(Some)
}

/// A field that, when present, holds anything.
fn present_any<'de, D: Deserializer<'de>>(d: D) -> Result<Option<()>, D::Error> {
    serde::de::IgnoredAny::deserialize(d).map(|_| Some(()))
}

/// The line of the session's field `field` (`fpm.n_units`,
/// `offload.overrides.bus_gbs`, `fpm.devices[2] (G1)`) in `text`: each
/// name of its path looked for after the one before it, from `session:`
/// on; the line of the last name found (`None` where not even the first
/// is: the field took its default).
pub fn line_of_field(text: &str, field: &str) -> Option<usize> {
    let mut at = text.find("session:")?;
    let mut found = None;
    let path = field.split(' ').next().unwrap_or(field);
    for name in path.split('.') {
        let name = name.split('[').next().unwrap_or(name);
        let key = format!("{name}:");
        let quoted = format!("\"{name}\"");
        let next = [text[at..].find(&key), text[at..].find(&quoted)]
            .into_iter()
            .flatten()
            .min();
        match next {
            Some(off) => {
                at += off;
                found = Some(1 + text[..at].matches('\n').count());
            }
            None => break,
        }
    }
    found
}

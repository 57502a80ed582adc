//! RON files told apart: by the struct name before the outer parenthesis
//! where the file has one, else by the top-level field names compared
//! with the fields each kind's type reads (asked of the type itself,
//! `fields.rs`). A kind fits when the file names at least one field only
//! some kinds have and no more unknown fields than known ones (a preset
//! with a misspelt field is still that preset, and its parser then names
//! the field). The best fit has the fewest unknown and the most known
//! fields; a tie goes to the kind whose parser reads the file, then to
//! the kind the file's name points to.

use std::collections::BTreeSet;

use serde::de::{self, Deserialize, DeserializeOwned, Deserializer, MapAccess, Visitor};

use super::FileKind;
use super::fields::fields_of;
use crate::session_file::layout::{Probe, SessionFile};
use hetscope_model::platform::{CpuSpec, GpuSpec};
use hetscope_preset::boathull::ApplicationPreset;
use hetscope_preset::offload::{OffloadKernelPreset, OffloadPlatformPreset};
use hetscope_preset::perdome::WorkloadPreset;
use hetscope_preset::platform::PlatformPreset;
use hetscope_preset::{PresetError, ProcessorPreset};

/// A RON kind: the struct name and fields its type reads, and whether
/// its parser reads a text.
struct RonKind {
    kind: FileKind,
    name: &'static str,
    fields: &'static [&'static str],
    reads: fn(&str) -> bool,
}

fn kind<T: DeserializeOwned>(kind: FileKind, reads: fn(&str) -> bool) -> Option<RonKind> {
    let asked = fields_of::<T>()?;
    Some(RonKind {
        kind,
        name: asked.name,
        fields: asked.fields,
        reads,
    })
}

fn ok<T>(r: Result<T, PresetError>) -> bool {
    r.is_ok()
}

/// Every RON kind.
fn kinds() -> Vec<RonKind> {
    use hetscope_preset::{boathull, hardware, offload, perdome, platform};
    const F: &str = "file";
    [
        kind::<SessionFile>(FileKind::Session, |t| {
            ron::from_str::<Probe>(t).is_ok_and(|p| p.format.is_some() && p.session.is_some())
        }),
        kind::<PlatformPreset>(FileKind::Platform, |t| ok(platform::parse_platform(t, F))),
        kind::<ProcessorPreset>(FileKind::Processor, |t| {
            ok(hetscope_preset::parse_processor(t, F))
        }),
        kind::<CpuSpec>(FileKind::CpuSpec, |t| ok(hardware::parse_cpu_spec(t, F))),
        kind::<GpuSpec>(FileKind::GpuSpec, |t| ok(hardware::parse_gpu_spec(t, F))),
        kind::<WorkloadPreset>(FileKind::Workload, |t| ok(perdome::parse_workload(t, F))),
        kind::<OffloadKernelPreset>(FileKind::OffloadKernel, |t| {
            ok(offload::parse_offload_kernel(t, F))
        }),
        kind::<OffloadPlatformPreset>(FileKind::OffloadPlatform, |t| {
            ok(offload::parse_offload_platform(t, F))
        }),
        kind::<ApplicationPreset>(FileKind::Application, |t| {
            ok(boathull::parse_application(t, F))
        }),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The text after whitespace, comments and `#![...]` attributes.
fn skip_trivia(mut text: &str) -> &str {
    loop {
        let t = text.trim_start();
        text = if let Some(rest) = t.strip_prefix("//") {
            rest.find('\n').map_or("", |at| &rest[at..])
        } else if let Some(rest) = t.strip_prefix("/*") {
            rest.find("*/").map_or("", |at| &rest[at + 2..])
        } else if let Some(rest) = t.strip_prefix("#!") {
            rest.find(']').map_or("", |at| &rest[at + 1..])
        } else {
            return t;
        };
    }
}

/// The struct name before the outer parenthesis, if any.
fn struct_name(text: &str) -> Option<&str> {
    let t = skip_trivia(text);
    let end = t
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(t.len());
    let (name, rest) = t.split_at(end);
    let starts_alpha = name.chars().next().is_some_and(char::is_alphabetic);
    (starts_alpha && rest.trim_start().starts_with('(')).then_some(name)
}

/// Whether `text` starts as a RON struct does: `(`, or a name and `(`.
pub fn looks_like_ron(text: &str) -> bool {
    skip_trivia(text).starts_with('(') || struct_name(text).is_some()
}

/// The top-level field names of a RON struct, read by `ron`.
struct TopFields(Vec<String>);

impl<'de> Deserialize<'de> for TopFields {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Keys;
        impl<'de> Visitor<'de> for Keys {
            type Value = TopFields;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a struct")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<TopFields, A::Error> {
                let mut out = Vec::new();
                while let Some(k) = map.next_key::<String>()? {
                    map.next_value::<de::IgnoredAny>()?;
                    out.push(k);
                }
                Ok(TopFields(out))
            }
        }
        d.deserialize_struct("", &[], Keys)
    }
}

/// The top-level field names of `text`: read by `ron`, else (a file that
/// does not parse) the names before a colon at the least indentation.
pub fn top_fields(text: &str) -> Vec<String> {
    if let Ok(TopFields(names)) = ron::from_str::<TopFields>(text) {
        return names;
    }
    let mut found: Vec<(usize, String)> = Vec::new();
    for line in text.lines() {
        let indent = line.len() - line.trim_start().len();
        let t = line.trim_start().trim_start_matches('(').trim_start();
        let t = t.strip_prefix("r#").unwrap_or(t);
        let end = t
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(t.len());
        let (name, rest) = t.split_at(end);
        let colon = rest.trim_start().starts_with(':') && !rest.trim_start().starts_with("::");
        if !name.is_empty() && colon && name.chars().next().is_some_and(char::is_alphabetic) {
            found.push((indent, name.to_string()));
        }
    }
    let least = found.iter().map(|(i, _)| *i).min().unwrap_or(0);
    found
        .into_iter()
        .filter(|(i, _)| *i == least)
        .map(|(_, n)| n)
        .collect()
}

/// The kind of the RON `text` named `name`, if it fits one.
pub fn recognize(name: &str, text: &str) -> Option<FileKind> {
    let kinds = kinds();
    if let Some(s) = struct_name(text)
        && let Some(k) = kinds.iter().find(|k| k.name == s)
    {
        return Some(k.kind);
    }
    let fields: BTreeSet<String> = top_fields(text)
        .into_iter()
        .map(|f| f.trim_start_matches("r#").to_string())
        .filter(|f| f != "format")
        .collect();
    let common: BTreeSet<&str> = kinds
        .iter()
        .map(|k| k.fields.iter().copied().collect::<BTreeSet<&str>>())
        .reduce(|a, b| a.intersection(&b).copied().collect())
        .unwrap_or_default();
    let mut fits: Vec<(usize, usize, &RonKind)> = kinds
        .iter()
        .filter_map(|k| {
            let known: Vec<&String> = fields
                .iter()
                .filter(|f| k.fields.contains(&f.as_str()))
                .collect();
            let telling = known.iter().any(|f| !common.contains(f.as_str()));
            let unknown = fields.len() - known.len();
            (telling && unknown <= known.len()).then_some((unknown, known.len(), k))
        })
        .collect();
    fits.sort_by_key(|(unknown, known, _)| (*unknown, usize::MAX - known));
    let (unknown, known, first) = *fits.first()?;
    let tied: Vec<&RonKind> = fits
        .iter()
        .filter(|(u, k, _)| (*u, *k) == (unknown, known))
        .map(|(_, _, k)| *k)
        .collect();
    if tied.len() == 1 {
        return Some(first.kind);
    }
    let reading = tied.iter().find(|k| (k.reads)(text));
    let named = tied.iter().find(|k| named_for(name, k.kind));
    Some(reading.or(named).unwrap_or(&first).kind)
}

/// Whether the file's name (a path) points to `kind`: a folder of
/// `presets/` of that kind in its path.
fn named_for(name: &str, kind: FileKind) -> bool {
    let path = name.replace('\\', "/");
    kind.preset_kind().is_some_and(|p| {
        path.split('/')
            .rev()
            .skip(1)
            .any(|folder| folder == p.folder())
    })
}

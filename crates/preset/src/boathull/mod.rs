//! Presets for the boat hull model: application presets
//! (`presets/applications/*.ron`) parsed, validated (every class name read
//! with [`Class::parse`]) and turned into the model's [`Application`];
//! measured curves of time against f in `measured.rs`.

mod measured;

pub use measured::{REQUIRED_COLUMNS, load_measured_curve, parse_measured_curve};

use std::collections::HashSet;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::check::{self, join, name};
use super::error::PresetError;
use super::file::{parse_ron, read_preset_text};
use hetscope_model::boathull::{
    Application, BoatHullError, BoathullParam, Class, Complexity, Primitive, Transfers,
};

/// One primitive of an application preset: a class name of the boat hull
/// model and the complexity of its operator.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrimitivePreset {
    pub name: String,
    /// Class name, e.g. `1024x1024|neighbourhood(7x7) -> 1024x1024|element`.
    pub class: String,
    /// Operator complexity f, operations per element of the operator.
    pub f: f64,
    /// When given, f is a range `f..=f_max`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub f_max: Option<f64>,
}

/// An application preset (`presets/applications/*.ron`): primitives run
/// one after another on one processor (boat hull model, Section 5).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ApplicationPreset {
    pub name: String,
    pub source: String,
    pub primitives: Vec<PrimitivePreset>,
    /// 32-bit elements copied to an accelerator before the first primitive.
    #[serde(default)]
    pub elements_in: f64,
    /// 32-bit elements copied back after the last primitive.
    #[serde(default)]
    pub elements_out: f64,
    #[serde(default)]
    pub notes: String,
}

/// An operator complexity in its range; an error names `field`.
fn check_f(origin: &str, field: &str, f: f64) -> Result<(), PresetError> {
    BoathullParam::F.check(f).map_err(|e| match e {
        BoatHullError::Range { error, .. } => PresetError::range(origin, field, *error),
        other => PresetError::invalid(origin, field, other.to_string()),
    })
}

/// Check an application: its name, at least one primitive, every class
/// name (parsed as the boat hull model reads it; an error names the column
/// inside the class string), every operator complexity and the transfers.
pub fn validate_application(a: &ApplicationPreset, origin: &str) -> Result<(), PresetError> {
    name(origin, "name", &a.name)?;
    if a.primitives.is_empty() {
        return Err(PresetError::invalid(
            origin,
            "primitives",
            "an application needs at least one primitive",
        ));
    }
    let mut seen = HashSet::new();
    for (k, q) in a.primitives.iter().enumerate() {
        let at = format!("primitives[{k}]");
        name(origin, &join(&at, "name"), &q.name)?;
        if !seen.insert(q.name.as_str()) {
            return Err(PresetError::invalid(
                origin,
                &join(&at, "name"),
                format!("primitive name `{}` is used twice", q.name),
            ));
        }
        if let Err(e) = Class::parse(&q.class) {
            return Err(PresetError::invalid(
                origin,
                &join(&at, "class"),
                format!("`{}`: {e}", q.class),
            ));
        }
        check_f(origin, &join(&at, "f"), q.f)?;
        if let Some(f_max) = q.f_max {
            check_f(origin, &join(&at, "f_max"), f_max)?;
            if f_max < q.f {
                return Err(PresetError::invalid(
                    origin,
                    &join(&at, "f_max"),
                    format!("{f_max} is below f = {}", q.f),
                ));
            }
        }
    }
    let transfers = Transfers {
        elements_in: a.elements_in,
        elements_out: a.elements_out,
    };
    check::boathull(origin, "", transfers.validate())
}

impl ApplicationPreset {
    /// The model's application: classes parsed, complexities checked.
    pub fn application(&self) -> Result<Application, BoatHullError> {
        let mut primitives = Vec::with_capacity(self.primitives.len());
        for q in &self.primitives {
            let complexity = match q.f_max {
                Some(f_max) => Complexity::between(q.f, f_max)?,
                None => Complexity::exactly(q.f)?,
            };
            primitives.push(Primitive::parse(&q.name, &q.class, complexity)?);
        }
        let transfers = Transfers {
            elements_in: self.elements_in,
            elements_out: self.elements_out,
        };
        transfers.validate()?;
        Ok(Application {
            name: self.name.clone(),
            primitives,
            transfers,
        })
    }
}

/// Parse and validate an application preset. `f_max` may be written
/// without `Some(...)`.
pub fn parse_application(text: &str, origin: &str) -> Result<ApplicationPreset, PresetError> {
    let a: ApplicationPreset = parse_ron(text, origin)?;
    validate_application(&a, origin)?;
    Ok(a)
}

/// Read, parse and validate an application preset file.
pub fn load_application_file(path: &Path) -> Result<ApplicationPreset, PresetError> {
    parse_application(&read_preset_text(path)?, &path.display().to_string())
}

impl crate::save::PresetFile for ApplicationPreset {
    const WHAT: &'static str = "application preset";
}

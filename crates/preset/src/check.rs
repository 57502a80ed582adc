//! Value checks shared by every preset kind: errors name the origin and
//! the field path.

use super::error::PresetError;
use hetscope_model::OutOfRange;
use hetscope_model::boathull::BoatHullError;
use hetscope_model::perdome::ParamError;
use hetscope_model::range::fmt_value;

pub(crate) fn join(prefix: &str, field: &str) -> String {
    if prefix.is_empty() {
        field.to_string()
    } else {
        format!("{prefix}.{field}")
    }
}

/// A finite number > 0.
pub(crate) fn positive(origin: &str, field: &str, v: f64) -> Result<(), PresetError> {
    number(origin, field, v, false)
}

/// A finite number > 0, or >= 0 when `allows_zero`.
pub(crate) fn number(
    origin: &str,
    field: &str,
    v: f64,
    allows_zero: bool,
) -> Result<(), PresetError> {
    if v.is_finite() && (v > 0.0 || (allows_zero && v == 0.0)) {
        Ok(())
    } else {
        Err(PresetError::Value {
            origin: origin.to_string(),
            field: field.to_string(),
            value: v,
            allows_zero,
        })
    }
}

pub(crate) fn name(origin: &str, field: &str, v: &str) -> Result<(), PresetError> {
    if v.trim().is_empty() {
        Err(PresetError::invalid(origin, field, "must not be empty"))
    } else {
        Ok(())
    }
}

/// The result of a range check, its error naming `origin` and `field`.
pub(crate) fn in_range(
    origin: &str,
    field: &str,
    r: Result<(), OutOfRange>,
) -> Result<(), PresetError> {
    r.map_err(|e| PresetError::range(origin, field, e))
}

/// The result of a PerDome parameter check, its error naming `origin` and
/// `field`.
pub(crate) fn perdome(
    origin: &str,
    field: &str,
    r: Result<(), ParamError>,
) -> Result<(), PresetError> {
    r.map_err(|e| match e {
        ParamError::Range(e) => PresetError::range(origin, field, *e),
        other => PresetError::invalid(origin, field, other.to_string()),
    })
}

/// The result of a boat hull check, its error naming `origin` and the
/// field under `at`.
pub(crate) fn boathull(
    origin: &str,
    at: &str,
    r: Result<(), BoatHullError>,
) -> Result<(), PresetError> {
    r.map_err(|e| match e {
        BoatHullError::Range { field, error } => {
            PresetError::range(origin, &join(at, field), *error)
        }
        BoatHullError::Param {
            field, value, rule, ..
        } => PresetError::invalid(
            origin,
            &join(at, field),
            format!("{}: must be {rule}", fmt_value(value)),
        ),
        other => PresetError::invalid(origin, at, other.to_string()),
    })
}

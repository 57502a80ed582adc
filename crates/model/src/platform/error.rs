//! A platform description that cannot be used: a spec value out of range,
//! a source naming no field, a node without a processor of a kind, or
//! parameters derived for a model that the model refuses.

/// A platform description that cannot be used.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PlatformError {
    #[error("{part} '{name}': {field} = {} {unit}: must be {need}", crate::format::fmt_value(*.value))]
    Value {
        part: &'static str,
        name: String,
        field: &'static str,
        value: f64,
        unit: &'static str,
        need: String,
    },
    #[error("{part} '{name}': `sources` names '{field}', which is no field (known: {known})")]
    UnknownField {
        part: &'static str,
        name: String,
        field: String,
        known: String,
    },
    /// A curve over thread counts that cannot be used.
    #[error("{part} '{name}': {error}")]
    Curve {
        part: &'static str,
        name: String,
        error: super::curve::CurveError,
    },
    #[error("platform '{platform}': needs at least one {part}")]
    NoProcessor {
        platform: String,
        part: &'static str,
    },
    /// A derived parameter the model refuses (a spec far out of range).
    #[error("{model} parameters derived for '{name}': {message}")]
    Derived {
        model: &'static str,
        name: String,
        message: String,
    },
}

//! Where a number comes from: a paper's table, a vendor's spec sheet, a
//! measurement, a documented rule, an estimate, or the user.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The origin of one value. The text says which table, sheet, run, rule
/// or basis.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    /// A paper's table or equation, e.g. "PerDome Table 1".
    Paper(String),
    /// A vendor's published specification, e.g. "NVIDIA H100 datasheet".
    Spec(String),
    /// A measurement: what was run, where.
    Measured(String),
    /// Computed from other values by a documented rule (the rule).
    Derived(String),
    /// No public number: a stated estimate and its basis.
    Estimate(String),
    /// Changed by the user from what the preset gave.
    Edited,
}

impl Source {
    /// The kind of source in one word or two, for a tag beside a field.
    pub fn kind(&self) -> &'static str {
        match self {
            Source::Paper(_) => "paper",
            Source::Spec(_) => "spec sheet",
            Source::Measured(_) => "measured",
            Source::Derived(_) => "derived",
            Source::Estimate(_) => "estimate",
            Source::Edited => "edited",
        }
    }

    /// The citation, rule or basis ("" for an edit).
    pub fn detail(&self) -> &str {
        match self {
            Source::Paper(s)
            | Source::Spec(s)
            | Source::Measured(s)
            | Source::Derived(s)
            | Source::Estimate(s) => s,
            Source::Edited => "",
        }
    }

    /// A rule: the value follows from others.
    pub fn derived(rule: impl Into<String>) -> Source {
        Source::Derived(rule.into())
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Edited => f.write_str("edited"),
            other => write!(f, "{}: {}", other.kind(), other.detail()),
        }
    }
}

/// A value with its source.
#[derive(Clone, Debug, PartialEq)]
pub struct Sourced<T> {
    pub value: T,
    pub source: Source,
}

#[cfg(test)]
mod tests {
    use super::Source;

    #[test]
    fn sources_say_their_kind_and_detail() {
        let s = Source::Spec("NVIDIA H100 datasheet".into());
        assert_eq!(s.to_string(), "spec sheet: NVIDIA H100 datasheet");
        assert_eq!(Source::Edited.to_string(), "edited");
        assert_eq!(Source::derived("t_f = 1 / peak").kind(), "derived");
    }
}

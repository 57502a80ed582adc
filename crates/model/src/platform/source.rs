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

    /// The same kind of source with its detail rewritten by `f` (an edit
    /// stays an edit): a value taken over as it is, said where from.
    pub fn map_detail(self, f: impl FnOnce(&str) -> String) -> Source {
        match self {
            Source::Paper(s) => Source::Paper(f(&s)),
            Source::Spec(s) => Source::Spec(f(&s)),
            Source::Measured(s) => Source::Measured(f(&s)),
            Source::Derived(s) => Source::Derived(f(&s)),
            Source::Estimate(s) => Source::Estimate(f(&s)),
            Source::Edited => Source::Edited,
        }
    }

    /// A rule: the value follows from others.
    pub fn derived(rule: impl Into<String>) -> Source {
        Source::Derived(rule.into())
    }

    /// Read back what [`Display`](fmt::Display) writes ("kind: detail").
    /// A text without a known kind is taken as a measurement described by
    /// that text (how devices named their source before sources had
    /// kinds).
    pub fn from_text(text: &str) -> Source {
        if text == "edited" {
            return Source::Edited;
        }
        type Make = fn(String) -> Source;
        let make: [(&str, Make); 5] = [
            ("paper", Source::Paper),
            ("spec sheet", Source::Spec),
            ("measured", Source::Measured),
            ("derived", Source::Derived),
            ("estimate", Source::Estimate),
        ];
        for (kind, f) in make {
            if let Some(detail) = text.strip_prefix(kind).and_then(|r| r.strip_prefix(": ")) {
                return f(detail.to_string());
            }
        }
        Source::Measured(text.to_string())
    }
}

/// Serde of a [`Source`] as its text ("kind: detail"), for file formats
/// that held a free text before: old texts still read.
pub mod as_text {
    use super::Source;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(s: &Source, ser: S) -> Result<S::Ok, S::Error> {
        ser.collect_str(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(de: D) -> Result<Source, D::Error> {
        Ok(Source::from_text(&String::deserialize(de)?))
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
    fn a_source_reads_back_from_its_text() {
        for s in [
            Source::Paper("FPM Table I".into()),
            Source::Spec("vendor sheet".into()),
            Source::Measured("gemm: 3 repeats".into()),
            Source::derived("roof x size"),
            Source::Estimate("no public number".into()),
            Source::Edited,
        ] {
            assert_eq!(Source::from_text(&s.to_string()), s);
        }
        // A text of the time before kinds: a measurement so described.
        assert_eq!(
            Source::from_text("file gpu.csv"),
            Source::Measured("file gpu.csv".into())
        );
    }

    #[test]
    fn a_detail_rewritten_keeps_its_kind() {
        let s = Source::Measured("probe run".into()).map_detail(|d| format!("h2d of link: {d}"));
        assert_eq!(s, Source::Measured("h2d of link: probe run".into()));
        assert_eq!(
            Source::Edited.map_detail(|d| format!("x{d}")),
            Source::Edited
        );
    }

    #[test]
    fn sources_say_their_kind_and_detail() {
        let s = Source::Spec("NVIDIA H100 datasheet".into());
        assert_eq!(s.to_string(), "spec sheet: NVIDIA H100 datasheet");
        assert_eq!(Source::Edited.to_string(), "edited");
        assert_eq!(Source::derived("t_f = 1 / peak").kind(), "derived");
    }
}

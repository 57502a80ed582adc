//! One row of the paper check, how it is built, and the rounding rule.

use super::{CheckError, Paper, Status, Value};
use hetscope_model::format::fmt_sig;

/// A value as the paper prints it.
#[derive(Clone, Debug, PartialEq)]
pub struct Printed {
    /// The paper's text: the number with its unit or wording ("61% lower",
    /// "1.66-2.32 ms"), or a category name.
    pub text: String,
    /// The number the text gives, where it gives one (signed as the
    /// quantity reads: "1% lower" is -1 for "CP relative to DP").
    pub value: Option<f64>,
    /// Digits after the decimal point of that number in the text.
    pub decimals: Option<u32>,
}

/// What hetscope computes for a row.
#[derive(Clone, Debug, PartialEq)]
pub enum Computed {
    Number(f64),
    /// A category or a decision, by name.
    Category(String),
    /// Not computable (see the row's reason).
    Nothing,
}

/// One quoted value beside hetscope's.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub paper: Paper,
    /// Unique within the paper; tests find rows by it.
    pub id: String,
    /// Where the paper gives the value: section, table, figure, equation.
    pub place: String,
    /// What the value is.
    pub quantity: String,
    /// Unit of the printed and computed numbers.
    pub unit: Option<String>,
    pub printed: Printed,
    pub computed: Computed,
    pub status: Status,
    /// The reading used and, for `differs` and `not computable`, why.
    pub reason: String,
}

/// Whether `computed` rounds to `printed` at `decimals` digits after the
/// decimal point: within half a unit of the last printed digit (a value
/// exactly half-way counts, as either rounding direction gives it).
pub fn rounds_to(computed: f64, printed: f64, decimals: u32) -> bool {
    let half = 0.5 * 10f64.powi(-(decimals.min(12) as i32));
    computed.is_finite() && (computed - printed).abs() <= half * (1.0 + 1e-9)
}

/// Every number in a text with its digits after the decimal point:
/// "50,738" is 50738 with 0, "1.66-2.32 ms" gives 1.66 and 2.32 with 2.
pub(crate) fn numbers(text: &str) -> Vec<(f64, u32)> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if !chars[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '.' || chars[i] == ',') {
            // A comma is a thousands separator only before three digits.
            if chars[i] == ',' && !thousands_at(&chars, i) {
                break;
            }
            i += 1;
        }
        let token: String = chars[start..i].iter().filter(|c| **c != ',').collect();
        let token = token.trim_end_matches('.');
        let decimals = token.split_once('.').map_or(0, |(_, f)| f.len() as u32);
        if let Ok(v) = token.parse::<f64>() {
            out.push((v, decimals));
        }
    }
    out
}

fn thousands_at(chars: &[char], i: usize) -> bool {
    let digits = chars[i + 1..].iter().take_while(|c| c.is_ascii_digit());
    digits.count() == 3
}

/// The first number of a text and its digits after the decimal point.
pub fn first_number(text: &str) -> Option<(f64, u32)> {
    numbers(text).first().copied()
}

/// The digits of the number in `text` that is `value` (ignoring its
/// sign), else of the first number.
fn decimals_for(text: &str, value: f64) -> Option<u32> {
    let all = numbers(text);
    all.iter()
        .find(|(v, _)| (v - value.abs()).abs() <= 1e-9 * v.abs().max(1.0))
        .or(all.first())
        .map(|(_, d)| *d)
}

/// A row being written: who, where and what, before its values.
#[derive(Clone, Debug)]
pub(crate) struct Draft {
    paper: Paper,
    id: String,
    place: String,
    quantity: String,
    unit: Option<String>,
}

impl Row {
    /// Start a row of `paper`.
    pub(crate) fn of(
        paper: Paper,
        id: impl Into<String>,
        place: impl Into<String>,
        quantity: impl Into<String>,
    ) -> Draft {
        Draft {
            paper,
            id: id.into(),
            place: place.into(),
            quantity: quantity.into(),
            unit: None,
        }
    }

    /// The reading behind the row (kept when the row already says why it
    /// could not be computed).
    pub(crate) fn because(mut self, reason: impl Into<String>) -> Row {
        if self.reason.is_empty() {
            self.reason = reason.into();
        }
        self
    }

    /// hetscope's number, if it computed one.
    pub fn computed_value(&self) -> Option<f64> {
        match self.computed {
            Computed::Number(v) => Some(v),
            _ => None,
        }
    }

    /// (computed - printed) / |printed|, where both are numbers.
    pub fn rel_diff(&self) -> Option<f64> {
        let (c, p) = (self.computed_value()?, self.printed.value?);
        (p != 0.0 && c.is_finite()).then(|| (c - p) / p.abs())
    }

    /// hetscope's value as text: two digits more than the paper printed,
    /// a category by name, empty when not computable.
    pub fn computed_text(&self) -> String {
        match &self.computed {
            Computed::Number(v) => match self.printed.decimals {
                Some(d) => {
                    let d = (d + 2).min(8) as usize;
                    format!("{v:.d$}")
                }
                None => fmt_sig(*v),
            },
            Computed::Category(s) => s.clone(),
            Computed::Nothing => String::new(),
        }
    }
}

impl Draft {
    /// The unit of the row's numbers (none when empty).
    pub(crate) fn unit(mut self, unit: &str) -> Draft {
        self.unit = (!unit.is_empty()).then(|| unit.to_string());
        self
    }

    fn finish(self, printed: Printed, computed: Computed, status: Status) -> Row {
        Row {
            paper: self.paper,
            id: self.id,
            place: self.place,
            quantity: self.quantity,
            unit: self.unit,
            printed,
            computed,
            status,
            reason: String::new(),
        }
    }

    fn failed(self, printed: Printed, e: &CheckError) -> Row {
        let mut row = self.finish(printed, Computed::Nothing, Status::NotComputable);
        row.reason = format!("hetscope could not compute it: {e}");
        row
    }

    /// A number printed as `text` (its first number), compared by the
    /// rounding rule.
    pub(crate) fn number(self, text: &str, computed: Value) -> Row {
        let value = first_number(text).map_or(f64::NAN, |(v, _)| v);
        self.number_as(text, value, computed)
    }

    /// A number printed as `text` that reads as `value` (a sign the text
    /// gives in words, or the second number of a range).
    pub(crate) fn number_as(self, text: &str, value: f64, computed: Value) -> Row {
        let decimals = decimals_for(text, value);
        let printed = Printed {
            text: text.to_string(),
            value: Some(value),
            decimals,
        };
        match computed {
            Ok(c) => {
                let same = decimals.is_some_and(|d| rounds_to(c, value, d));
                let status = if same {
                    Status::Reproduced
                } else {
                    Status::Differs
                };
                self.finish(printed, Computed::Number(c), status)
            }
            Err(e) => self.failed(printed, &e),
        }
    }

    /// A claim that is not a rounded number ("about 9x", "within 8%"):
    /// hetscope's value and whether the documented reading of the claim
    /// holds for it.
    pub(crate) fn claim(
        self,
        text: &str,
        value: Option<f64>,
        computed: Result<(Computed, bool), CheckError>,
    ) -> Row {
        let printed = Printed {
            text: text.to_string(),
            value,
            decimals: value.and_then(|v| decimals_for(text, v)),
        };
        match computed {
            Ok((c, holds)) => {
                let status = if holds {
                    Status::Reproduced
                } else {
                    Status::Differs
                };
                self.finish(printed, c, status)
            }
            Err(e) => self.failed(printed, &e),
        }
    }

    /// A category or decision printed as `text`, reproduced when hetscope
    /// names the same.
    pub(crate) fn category(self, text: &str, computed: Result<String, CheckError>) -> Row {
        let printed = Printed {
            text: text.to_string(),
            value: None,
            decimals: None,
        };
        match computed {
            Ok(c) => {
                let status = if c == text {
                    Status::Reproduced
                } else {
                    Status::Differs
                };
                self.finish(printed, Computed::Category(c), status)
            }
            Err(e) => self.failed(printed, &e),
        }
    }

    /// A value hetscope cannot compute from what the paper prints.
    pub(crate) fn not_computable(self, text: &str) -> Row {
        let first = first_number(text);
        let printed = Printed {
            text: text.to_string(),
            value: first.map(|(v, _)| v),
            decimals: first.map(|(_, d)| d),
        };
        self.finish(printed, Computed::Nothing, Status::NotComputable)
    }
}

/// The processor kind of a row of PerDome's and PeaPaw's processor
/// tables (their GPUs: Titan, GTX 750).
pub(super) fn side_of(key: &str) -> hetscope_model::perdome::Side {
    use hetscope_model::perdome::Side;
    if matches!(key, "titan" | "750") {
        Side::Gpu
    } else {
        Side::Cpu
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_read_with_their_digits() {
        assert_eq!(numbers("50,738 cycles"), vec![(50738.0, 0)]);
        assert_eq!(numbers("1.66-2.32 ms"), vec![(1.66, 2), (2.32, 2)]);
        assert_eq!(numbers("2.1x slowdown"), vec![(2.1, 1)]);
        assert_eq!(numbers("7%, 11%"), vec![(7.0, 0), (11.0, 0)]);
        assert_eq!(numbers("10.3."), vec![(10.3, 1)]);
        assert_eq!(numbers("no number"), vec![]);
        assert_eq!(decimals_for("1.66-2.32 ms", 2.32), Some(2));
        assert_eq!(decimals_for("61% lower", -61.0), Some(0));
    }

    #[test]
    fn rounding_is_half_a_unit_of_the_last_digit() {
        assert!(rounds_to(1.664, 1.66, 2));
        assert!(!rounds_to(2.332, 2.32, 2));
        assert!(rounds_to(0.444, 0.4, 1));
        assert!(rounds_to(127.6, 128.0, 0));
        assert!(!rounds_to(61.8, 61.0, 0));
        assert!(rounds_to(2.28125, 2.28, 2));
        assert!(!rounds_to(f64::NAN, 1.0, 0));
    }
}

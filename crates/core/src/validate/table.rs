//! One table of a validation: rows of measured against predicted values
//! of one quantity, and a summary (median and largest relative error,
//! decisions right).

use serde_json::{Value, json};

use hetscope_model::format::fmt_value;

pub use super::row::Row;

/// The rows of one measured file.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// The model's key (`offload`, `boathull`, `perdome`, `fpm`).
    pub model: &'static str,
    /// What each row compares, e.g. "speedup" or "energy".
    pub quantity: String,
    pub unit: String,
    pub file: String,
    pub rows: Vec<Row>,
    /// What the comparison assumes (the size, the thread count, ...).
    pub notes: Vec<String>,
    /// The rows held out by kernel, size and thread count, where a model
    /// has formulations to choose from (see `holdout.rs`).
    pub held_out: Vec<super::holdout::HeldOut>,
}

impl Table {
    /// This table with its rows held out by `fold` (each predicted by the
    /// formulation best on the other parts), where it has them; else as
    /// it is, with a note saying so.
    pub fn held_out_by(&self, fold: super::holdout::Fold) -> Table {
        let mut t = self.clone();
        match self.held_out.iter().find(|h| h.fold == fold) {
            Some(h) => {
                t.rows = h.rows.clone();
                t.notes.insert(0, format!("rows held out by {}: {}", fold.key(), h.line(&self.quantity)));
            }
            None => t.notes.insert(
                0,
                format!(
                    "nothing held out by {}: the rows fall into one part, or the model has no formulations to choose from",
                    fold.key()
                ),
            ),
        }
        t
    }

    /// The absolute relative errors, smallest first.
    fn abs_errors(&self) -> Vec<f64> {
        let mut e: Vec<f64> = self
            .rows
            .iter()
            .filter_map(Row::relative_error)
            .map(f64::abs)
            .collect();
        e.sort_by(f64::total_cmp);
        e
    }

    /// The median absolute relative error.
    pub fn median_abs_error(&self) -> Option<f64> {
        let e = self.abs_errors();
        match e.len() {
            0 => None,
            n if n % 2 == 1 => Some(e[n / 2]),
            n => Some((e[n / 2 - 1] + e[n / 2]) / 2.0),
        }
    }

    /// The largest absolute relative error.
    pub fn max_abs_error(&self) -> Option<f64> {
        self.abs_errors().last().copied()
    }

    /// Rows with a decision, and how many of those are right.
    pub fn decisions(&self) -> (usize, usize) {
        let d: Vec<bool> = self.rows.iter().filter_map(|r| r.decision_right).collect();
        (d.len(), d.iter().filter(|r| **r).count())
    }

    pub fn to_json(&self) -> Value {
        let (decided, right) = self.decisions();
        json!({
            "model": self.model,
            "file": self.file,
            "quantity": self.quantity,
            "unit": self.unit,
            "notes": self.notes,
            "held_out": self.held_out.iter().map(super::holdout::HeldOut::to_json).collect::<Vec<_>>(),
            "rows": self.rows.iter().map(|r| json!({
                "row": r.label,
                "measured": r.measured,
                "predicted": r.predicted,
                "relative_error": r.relative_error(),
                "decision_right": r.decision_right,
            })).collect::<Vec<_>>(),
            "summary": {
                "rows": self.rows.len(),
                "median_abs_relative_error": self.median_abs_error(),
                "max_abs_relative_error": self.max_abs_error(),
                "decisions": decided,
                "decisions_right": (decided > 0).then_some(right),
                "line": self.summary_line(),
            },
        })
    }

    pub(super) fn write_csv(&self, out: &mut String) {
        for r in &self.rows {
            let e = r.relative_error().map(fmt_value).unwrap_or_default();
            let d = r.decision_right.map(|d| d.to_string()).unwrap_or_default();
            out.push_str(&format!(
                "{},{},{},{},{},{},{},{e},{d}\n",
                self.model,
                csv_field(&self.file),
                csv_field(&r.label),
                csv_field(&self.quantity),
                self.unit,
                fmt_value(r.measured),
                fmt_value(r.predicted),
            ));
        }
    }
}

/// A CSV field, quoted where it holds a comma or a quote.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(m: f64, p: f64, d: Option<bool>) -> Row {
        Row {
            label: "r".into(),
            measured: m,
            predicted: p,
            decision_right: d,
        }
    }

    #[test]
    fn the_summary_is_the_median_and_largest_error_and_the_decisions_right() {
        let t = Table {
            model: "offload",
            quantity: "speedup".into(),
            unit: "x".into(),
            file: "a, b.csv".into(),
            rows: vec![
                row(2.0, 3.0, Some(true)),
                row(4.0, 1.0, Some(false)),
                row(1.0, 1.1, None),
            ],
            notes: Vec::new(),
            held_out: Vec::new(),
        };
        assert_eq!(t.rows[0].relative_error(), Some(0.5));
        assert_eq!(t.median_abs_error(), Some(0.5));
        assert_eq!(t.max_abs_error(), Some(0.75));
        assert_eq!(t.decisions(), (2, 1));
        let mut csv = String::new();
        t.write_csv(&mut csv);
        assert!(
            csv.starts_with("offload,\"a, b.csv\",r,speedup,x,2,3,0.5,true\n"),
            "{csv}"
        );
        assert_eq!(
            row(0.0, 1.0, None).relative_error(),
            None,
            "nothing measured"
        );
    }
}

//! Held-out accuracy: the only thing chosen from measured rows is which
//! formulation of a model to read them with (every constant of each
//! formulation is measured, from a datasheet or cited). Here that choice
//! is made again without the rows it is judged on: the rows are split by
//! kernel, by problem size or by thread count; for each part the
//! formulation that does best on the other parts (most clear decisions
//! right, then the smallest median factor) predicts that part. The
//! held-out rows so predicted are scored as the table's own are.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use super::row::Row;
use super::score::{accuracy, clear_right};
use hetscope_model::offload::Formulation;

/// What a row is, for splitting the rows.
#[derive(Clone, Debug, PartialEq)]
pub struct RowKey {
    pub kernel: String,
    pub n: f64,
    pub threads: f64,
}

impl RowKey {
    pub fn new(kernel: &str, n: f64, threads: f64) -> RowKey {
        RowKey {
            kernel: kernel.to_lowercase(),
            n,
            threads,
        }
    }
}

/// How the rows are split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fold {
    Kernel,
    Size,
    Threads,
}

impl Fold {
    pub const ALL: [Fold; 3] = [Fold::Kernel, Fold::Size, Fold::Threads];

    pub fn key(self) -> &'static str {
        match self {
            Fold::Kernel => "kernel",
            Fold::Size => "size",
            Fold::Threads => "threads",
        }
    }

    /// The part of `k` (a text, so that sizes and counts compare whole).
    fn part(self, k: &RowKey) -> String {
        match self {
            Fold::Kernel => k.kernel.clone(),
            Fold::Size => k.n.to_string(),
            Fold::Threads => k.threads.to_string(),
        }
    }
}

/// The rows of each formulation that could be read, aligned with the
/// keys.
pub type Readings = Vec<(Formulation, Vec<Row>)>;

/// The held-out result of one way of splitting.
#[derive(Clone, Debug, PartialEq)]
pub struct HeldOut {
    pub fold: Fold,
    /// Parts the rows were split into.
    pub parts: usize,
    /// Every row, predicted by the formulation chosen without its part.
    pub rows: Vec<Row>,
    /// How often each formulation was chosen (by part).
    pub chosen: BTreeMap<&'static str, usize>,
}

impl HeldOut {
    /// (clear decisions, right among them).
    pub fn decisions(&self) -> (usize, usize) {
        clear_right(self.rows.iter())
    }

    /// One line for a table's notes.
    pub fn line(&self, quantity: &str) -> String {
        let (n, right) = self.decisions();
        let decisions = if self.rows.iter().any(|r| r.decision_right.is_some()) {
            format!("decisions right {right} of {n}, ")
        } else {
            String::new()
        };
        let factor = accuracy(&self.rows).map_or_else(String::new, |(median, within)| {
            format!(
                "{quantity} off by a median factor of {median:.2} ({:.0} % within 2x)",
                within * 100.0
            )
        });
        let chosen: Vec<String> = self
            .chosen
            .iter()
            .map(|(f, k)| format!("{f} {k}"))
            .collect();
        format!(
            "held out by {} ({} parts, each predicted by the formulation best on the others): {decisions}{factor}; chosen: {}",
            self.fold.key(),
            self.parts,
            chosen.join(", ")
        )
    }

    pub fn to_json(&self) -> Value {
        let (n, right) = self.decisions();
        let acc = accuracy(&self.rows);
        json!({
            "by": self.fold.key(),
            "parts": self.parts,
            "clear_decisions": n,
            "decisions_right": right,
            "median_factor": acc.map(|a| a.0),
            "within_2x": acc.map(|a| a.1),
            "chosen": self.chosen,
        })
    }
}

/// The formulation best on `rows` (indices into each reading): most
/// clear decisions right, then the smallest median factor.
fn best(readings: &Readings, rows: &[usize]) -> usize {
    let score = |k: usize| {
        let picked: Vec<Row> = rows.iter().map(|&i| readings[k].1[i].clone()).collect();
        let (_, right) = clear_right(picked.iter());
        let median = accuracy(&picked).map_or(f64::INFINITY, |a| a.0);
        (right, median)
    };
    (0..readings.len())
        .max_by(|&a, &b| {
            let (ra, ma) = score(a);
            let (rb, mb) = score(b);
            ra.cmp(&rb).then(mb.total_cmp(&ma))
        })
        .unwrap_or(0)
}

/// The rows held out by every way of splitting that leaves more than one
/// part.
pub fn holdout_all(keys: &[RowKey], readings: &Readings) -> Vec<HeldOut> {
    Fold::ALL
        .into_iter()
        .filter_map(|fold| holdout(keys, readings, fold))
        .collect()
}

/// The rows held out by `fold`; none where the rows fall into one part
/// (nothing to hold out) or no formulation could read them.
pub fn holdout(keys: &[RowKey], readings: &Readings, fold: Fold) -> Option<HeldOut> {
    let mut parts: Vec<String> = keys.iter().map(|k| fold.part(k)).collect();
    parts.sort();
    parts.dedup();
    if parts.len() < 2 || readings.is_empty() {
        return None;
    }
    let mut rows: Vec<Option<Row>> = vec![None; keys.len()];
    let mut chosen = BTreeMap::new();
    for part in &parts {
        let (inside, outside): (Vec<usize>, Vec<usize>) =
            (0..keys.len()).partition(|&i| fold.part(&keys[i]) == *part);
        let k = best(readings, &outside);
        *chosen.entry(readings[k].0.key()).or_insert(0) += 1;
        for i in inside {
            rows[i] = Some(readings[k].1[i].clone());
        }
    }
    Some(HeldOut {
        fold,
        parts: parts.len(),
        rows: rows.into_iter().flatten().collect(),
        chosen,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(measured: f64, predicted: f64) -> Row {
        Row {
            label: String::new(),
            measured,
            predicted,
            decision_right: Some((measured > 1.0) == (predicted > 1.0)),
        }
    }

    fn key(kernel: &str) -> RowKey {
        RowKey {
            kernel: kernel.into(),
            n: 100.0,
            threads: 1.0,
        }
    }

    #[test]
    fn each_part_is_predicted_by_the_formulation_best_on_the_others() {
        // Two kernels, two rows each. Published is right on A, wrong on
        // B; cache-aware the other way round. Held out by kernel, each
        // kernel gets the formulation that was right on the other one:
        // every held-out decision wrong, though each formulation is right
        // on half the rows in sample.
        let keys = [key("A"), key("A"), key("B"), key("B")];
        let published = vec![row(2.0, 3.0), row(3.0, 3.0), row(2.0, 0.5), row(3.0, 0.5)];
        let cached = vec![row(2.0, 0.5), row(3.0, 0.5), row(2.0, 3.0), row(3.0, 3.0)];
        let readings = vec![
            (Formulation::Published, published),
            (Formulation::CacheAware, cached),
        ];
        let h = holdout(&keys, &readings, Fold::Kernel).expect("two parts");
        assert_eq!(h.parts, 2);
        assert_eq!(h.decisions(), (4, 0));
        assert_eq!(h.chosen.get("published"), Some(&1));
        assert_eq!(h.chosen.get("cache-aware"), Some(&1));
        // One size only: nothing to hold out by size.
        assert_eq!(holdout(&keys, &readings, Fold::Size), None);
        let line = h.line("speedup");
        assert!(line.contains("decisions right 0 of 4"), "{line}");
    }
}

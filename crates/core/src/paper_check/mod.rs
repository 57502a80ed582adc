//! The paper check: every number and category the five papers quote and
//! hetscope computes, side by side, with a status and a reason.
//!
//! One file per paper builds its rows through the crate's models (and the
//! built-in presets where the paper's platform is one): `perdome.rs`
//! (seed 000), `peapaw.rs` (001), `fpm.rs` (002), `boathull.rs` (003),
//! `offload.rs` (004). The paper tests read these rows, so a test and its
//! row cannot disagree; `hetscope paper-check` and the window's "Paper
//! check" tab show them.
//!
//! The rounding rule: a number printed with k digits after the decimal
//! point is reproduced when hetscope's value rounds to it at k digits
//! (within half a unit of the last printed digit). A category is
//! reproduced when hetscope names the same one. A claim that is not a
//! rounded number ("about 9x", "within 8%") is reproduced when the
//! documented reading of it holds; its reason says which reading.

mod boathull;
mod fpm;
mod hong_kim;
mod offload;
mod offload_caches;
mod peapaw;
mod perdome;
mod row;

pub use row::{Computed, Printed, Row, first_number, rounds_to};

use hetscope_model::ModelId;
use hetscope_preset::Catalog;

/// The five papers, in seed order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Paper {
    /// Seed 000: PerDome (performance bound of a workload partition).
    Perdome,
    /// Seed 001: PeaPaw (PerDome with energy, platform categories).
    Peapaw,
    /// Seed 002: functional performance models and data partitioning.
    Fpm,
    /// Seed 003: the boat hull model.
    Boathull,
    /// Seed 004: the offload decision (Hong & Kim GPU model, OpenMP CPU
    /// model).
    Offload,
}

impl Paper {
    pub const ALL: [Paper; 5] = [
        Paper::Perdome,
        Paper::Peapaw,
        Paper::Fpm,
        Paper::Boathull,
        Paper::Offload,
    ];

    /// Short name: JSON, CSV and filters.
    pub fn key(self) -> &'static str {
        match self {
            Paper::Perdome => "perdome",
            Paper::Peapaw => "peapaw",
            Paper::Fpm => "fpm",
            Paper::Boathull => "boathull",
            Paper::Offload => "offload",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Paper::Perdome => "PerDome",
            Paper::Peapaw => "PeaPaw",
            Paper::Fpm => "FPM",
            Paper::Boathull => "Boat hull",
            Paper::Offload => "Offload decision",
        }
    }

    /// The paper's full citation (authors, title, venue, year), as
    /// Help > About lists them.
    pub fn citation(self) -> &'static str {
        match self {
            Paper::Perdome => {
                "L. Tang, X. S. Hu and R. F. Barrett. PerDome: a performance model for \
                 heterogeneous computing systems. In Proceedings of the Symposium on High \
                 Performance Computing (HPC '15), SpringSim, 2015."
            }
            Paper::Peapaw => {
                "L. Tang, R. F. Barrett, J. Cook and X. S. Hu. PeaPaw: performance and \
                 energy-aware partitioning of workload on heterogeneous platforms. ACM \
                 Transactions on Design Automation of Electronic Systems 22(3), article 41, \
                 March 2017. doi:10.1145/2999540."
            }
            Paper::Fpm => {
                "Z. Zhong, V. Rychkov and A. Lastovetsky. Data partitioning on heterogeneous \
                 multicore and multi-GPU systems using functional performance models of \
                 data-parallel applications. In IEEE International Conference on Cluster \
                 Computing (CLUSTER 2012), 2012."
            }
            Paper::Boathull => {
                "C. Nugteren and H. Corporaal. The boat hull model: enabling performance \
                 prediction for parallel computing prior to code development. In Proceedings \
                 of the 9th ACM Conference on Computing Frontiers (CF '12), Cagliari, May 2012."
            }
            Paper::Offload => {
                "A. Chikin, J. N. Amaral, K. Ali and E. Tiotto. Toward an analytical \
                 performance model to select between GPU and CPU execution. In IEEE \
                 International Parallel and Distributed Processing Symposium Workshops \
                 (IPDPSW), 2019. doi:10.1109/IPDPSW.2019.00068. Its GPU side is the model of \
                 S. Hong and H. Kim, An analytical model for a GPU architecture with \
                 memory-level and thread-level parallelism awareness, ISCA 2009."
            }
        }
    }

    pub fn from_key(key: &str) -> Option<Paper> {
        Paper::ALL.into_iter().find(|p| p.key() == key)
    }

    /// The model that computes this paper's numbers (PerDome and PeaPaw
    /// are one model).
    pub fn model(self) -> ModelId {
        match self {
            Paper::Perdome | Paper::Peapaw => ModelId::Perdome,
            Paper::Fpm => ModelId::Fpm,
            Paper::Boathull => ModelId::Boathull,
            Paper::Offload => ModelId::Offload,
        }
    }
}

/// How a quoted value compares with hetscope's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Status {
    /// Within the paper's printed precision (or the same category, or the
    /// claim holds).
    Reproduced,
    /// hetscope computes something else; the reason says why.
    Differs,
    /// The value needs data the paper does not print.
    NotComputable,
}

impl Status {
    pub const ALL: [Status; 3] = [Status::Reproduced, Status::Differs, Status::NotComputable];

    /// As JSON, CSV and the table write it.
    pub fn key(self) -> &'static str {
        match self {
            Status::Reproduced => "reproduced",
            Status::Differs => "differs",
            Status::NotComputable => "not computable",
        }
    }

    pub fn from_key(key: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|s| s.key() == key)
    }
}

/// Why hetscope could not compute a value it should (a broken preset, a
/// model error): such a row is `not computable` with this as its reason.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum CheckError {
    #[error("the built-in presets could not be read: {0}")]
    Catalog(String),
    #[error("no built-in {kind} preset `{id}`")]
    MissingPreset { kind: &'static str, id: String },
    #[error("the model refused the input: {0}")]
    Model(String),
}

impl CheckError {
    /// A model error, kept as its message.
    pub fn model(e: impl std::fmt::Display) -> CheckError {
        CheckError::Model(e.to_string())
    }
}

/// A value hetscope computes, or why it could not.
pub type Value = Result<f64, CheckError>;

/// Every row of every paper, in paper order (reads the built-in presets
/// once).
pub fn all_rows() -> Vec<Row> {
    let catalog = Catalog::builtin().map_err(|e| CheckError::Catalog(e.to_string()));
    let mut rows = Vec::new();
    for paper in Paper::ALL {
        rows.extend(paper_rows_with(paper, &catalog));
    }
    rows
}

/// The rows of one paper.
pub fn paper_rows(paper: Paper) -> Vec<Row> {
    let catalog = Catalog::builtin().map_err(|e| CheckError::Catalog(e.to_string()));
    paper_rows_with(paper, &catalog)
}

fn paper_rows_with(paper: Paper, catalog: &Result<Catalog, CheckError>) -> Vec<Row> {
    match paper {
        Paper::Perdome => perdome::rows(catalog),
        Paper::Peapaw => peapaw::rows(catalog),
        Paper::Fpm => fpm::rows(),
        Paper::Boathull => boathull::rows(),
        Paper::Offload => {
            let mut rows = offload::rows(catalog);
            rows.extend(offload_caches::section3_rows(catalog));
            rows
        }
    }
}

/// The row with this id, if any.
pub fn find<'a>(rows: &'a [Row], id: &str) -> Option<&'a Row> {
    rows.iter().find(|r| r.id == id)
}

/// Where `rows` are not exactly the `expected` ids with their statuses:
/// a missing or unlisted row, another status, a `differs` or `not
/// computable` row without a reason. Empty when everything is as
/// expected (the paper tests list each paper's rows this way).
pub fn status_mismatches(rows: &[Row], expected: &[(&str, Status)]) -> Vec<String> {
    let mut out = Vec::new();
    for (id, status) in expected {
        match find(rows, id) {
            None => out.push(format!("{id}: no such row")),
            Some(r) if r.status != *status => out.push(format!(
                "{id}: {} where {} was expected (printed {}, computed {}; {})",
                r.status.key(),
                status.key(),
                r.printed.text,
                r.computed_text(),
                r.reason
            )),
            Some(r) if r.status != Status::Reproduced && r.reason.trim().is_empty() => {
                out.push(format!("{id}: {} without a reason", r.status.key()));
            }
            Some(_) => {}
        }
    }
    for r in rows {
        if !expected.iter().any(|(id, _)| *id == r.id) {
            out.push(format!("{}: a row the test does not list", r.id));
        }
    }
    out
}

/// How many rows have each status, in [`Status::ALL`] order.
pub fn counts<'a>(rows: impl IntoIterator<Item = &'a Row>) -> [(Status, usize); 3] {
    let mut out = Status::ALL.map(|s| (s, 0));
    for r in rows {
        if let Some(c) = out.iter_mut().find(|(s, _)| *s == r.status) {
            c.1 += 1;
        }
    }
    out
}

/// The counts as one line: "42 rows: 30 reproduced, 10 differs, 2 not
/// computable".
pub fn counts_line<'a>(rows: impl IntoIterator<Item = &'a Row>) -> String {
    let counts = counts(rows);
    let total: usize = counts.iter().map(|(_, n)| n).sum();
    let parts: Vec<String> = counts
        .iter()
        .map(|(s, n)| format!("{n} {}", s.key()))
        .collect();
    format!("{total} rows: {}", parts.join(", "))
}

/// A platform preset's processor from the catalog (PerDome, PeaPaw).
fn processor(
    catalog: &Result<Catalog, CheckError>,
    id: &str,
) -> Result<hetscope_model::perdome::Processor, CheckError> {
    let cat = catalog.as_ref().map_err(Clone::clone)?;
    cat.processor(id)
        .map(|(_, p)| p.processor())
        .ok_or_else(|| CheckError::MissingPreset {
            kind: "processor",
            id: id.to_string(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_printed_number_is_in_its_text() {
        for r in all_rows() {
            if let Some(v) = r.printed.value {
                let all = row::numbers(&r.printed.text);
                let found = all.iter().any(|(n, _)| (n - v.abs()).abs() < 1e-9);
                assert!(found, "{}: {v} is not in `{}`", r.id, r.printed.text);
            }
            if let Computed::Number(_) = r.computed {
                assert!(
                    r.printed.value.is_some() || r.printed.decimals.is_none(),
                    "{}",
                    r.id
                );
            }
        }
    }

    #[test]
    fn keys_read_back() {
        for p in Paper::ALL {
            assert_eq!(Paper::from_key(p.key()), Some(p));
        }
        for s in Status::ALL {
            assert_eq!(Status::from_key(s.key()), Some(s));
        }
    }
}

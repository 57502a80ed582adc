//! The kernel sets of the suite views: the offload paper's 25 parallel
//! loops (its Section IV-E decides each loop of a PolyBench program on its
//! own), and the 13 PolyBench programs as one kernel each (their loops
//! summed, or their dominant loop, as each file's `nests` says).
//!
//! The paper counts 25 kernels from the 13 programs it names (it says 12).
//! Split into their parallel loops those programs give 25 only with SYRK
//! as two loops (the scaling of C by beta, then the product), as the
//! OpenMP versions of PolyBench write it; the paper's Section IV-E also
//! names a kernel SYRK2. The other names are the ones the H100 node's
//! offload measurements use (`ATAX1`, `COVAR_MEAN`, ...).

use serde::{Deserialize, Serialize};

/// A set of offload kernel presets (catalog ids, in bar order).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum KernelSet {
    /// The paper's 25 parallel loops, one decision each.
    #[default]
    Paper,
    /// The 13 PolyBench programs, one kernel each.
    Benchmarks,
}

/// The paper's 25 loops, grouped by program (the measurements' order).
pub const PAPER_LOOPS: [&str; 25] = [
    "gemm",
    "2mm1",
    "2mm2",
    "3mm1",
    "3mm2",
    "3mm3",
    "syrk1",
    "syrk2",
    "syr2k",
    "atax1",
    "atax2",
    "bicg1",
    "bicg2",
    "mvt1",
    "mvt2",
    "gesummv",
    "covar_mean",
    "covar_reduce",
    "covar_covar",
    "corr_mean",
    "corr_std",
    "corr_reduce",
    "corr_corr",
    "2dconv",
    "3dconv",
];

/// The 13 PolyBench programs the paper names, one preset each.
pub const BENCHMARKS: [&str; 13] = [
    "gemm", "2mm", "3mm", "syrk", "syr2k", "atax", "bicg", "mvt", "gesummv", "covar", "corr",
    "2dconv", "3dconv",
];

/// How a program's preset relates to its loops' presets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fusion {
    /// One loop: the program's preset is the loop's.
    Same,
    /// Loops of one shape: every count per trip of the program's preset is
    /// the sum of its loops' (instructions, accesses, CPU bytes).
    Sum,
    /// Loops of different shapes: the program's preset is its dominant
    /// loop, the others being a 1/n share of its work.
    Dominant,
}

/// Each program, its loops in the paper set, and how they combine.
pub const PROGRAM_LOOPS: [(&str, &[&str], Fusion); 13] = [
    ("gemm", &["gemm"], Fusion::Same),
    ("2mm", &["2mm1", "2mm2"], Fusion::Sum),
    ("3mm", &["3mm1", "3mm2", "3mm3"], Fusion::Sum),
    ("syrk", &["syrk1", "syrk2"], Fusion::Dominant),
    ("syr2k", &["syr2k"], Fusion::Same),
    ("atax", &["atax1", "atax2"], Fusion::Sum),
    ("bicg", &["bicg1", "bicg2"], Fusion::Sum),
    ("mvt", &["mvt1", "mvt2"], Fusion::Sum),
    ("gesummv", &["gesummv"], Fusion::Same),
    (
        "covar",
        &["covar_mean", "covar_reduce", "covar_covar"],
        Fusion::Dominant,
    ),
    (
        "corr",
        &["corr_mean", "corr_std", "corr_reduce", "corr_corr"],
        Fusion::Dominant,
    ),
    ("2dconv", &["2dconv"], Fusion::Same),
    ("3dconv", &["3dconv"], Fusion::Same),
];

impl KernelSet {
    /// Both sets, the default first.
    pub const ALL: [KernelSet; 2] = [KernelSet::Paper, KernelSet::Benchmarks];

    /// The name on the command line (`--suite paper`).
    pub fn key(self) -> &'static str {
        match self {
            KernelSet::Paper => "paper",
            KernelSet::Benchmarks => "benchmarks",
        }
    }

    /// What the set is, for titles.
    pub fn label(self) -> &'static str {
        match self {
            KernelSet::Paper => "the offload paper's 25 parallel loops",
            KernelSet::Benchmarks => "the 13 PolyBench programs, one kernel each",
        }
    }

    /// The catalog ids of the set, in bar order.
    pub fn ids(self) -> &'static [&'static str] {
        match self {
            KernelSet::Paper => &PAPER_LOOPS,
            KernelSet::Benchmarks => &BENCHMARKS,
        }
    }

    /// The set of a command-line name, case-insensitive.
    pub fn from_key(key: &str) -> Option<KernelSet> {
        let key = key.trim();
        KernelSet::ALL
            .into_iter()
            .find(|s| s.key().eq_ignore_ascii_case(key))
    }

    /// The command-line names, space separated, for messages.
    pub fn keys() -> String {
        KernelSet::ALL.map(KernelSet::key).join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_program_loop_is_in_the_paper_set_once() {
        let mut loops: Vec<&str> = PROGRAM_LOOPS
            .iter()
            .flat_map(|(_, l, _)| l.iter().copied())
            .collect();
        assert_eq!(loops.len(), PAPER_LOOPS.len());
        loops.sort_unstable();
        let mut paper = PAPER_LOOPS.to_vec();
        paper.sort_unstable();
        assert_eq!(loops, paper);
        let programs: Vec<&str> = PROGRAM_LOOPS.iter().map(|p| p.0).collect();
        assert_eq!(programs, BENCHMARKS);
    }

    #[test]
    fn sets_by_name() {
        assert_eq!(KernelSet::from_key(" Paper "), Some(KernelSet::Paper));
        assert_eq!(
            KernelSet::from_key("benchmarks"),
            Some(KernelSet::Benchmarks)
        );
        assert_eq!(KernelSet::from_key("all"), None);
        assert_eq!(KernelSet::keys(), "paper benchmarks");
        assert_eq!(KernelSet::default().ids().len(), 25);
    }
}

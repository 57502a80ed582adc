//! The numbers the offload paper (Chikin et al., IPDPSW 2019) states in
//! its text, in one table, each with the section that gives it, so that a
//! report can set them beside the model's. Its Figures 6 to 8 are bar
//! charts without printed values; only what the text says is here.
//!
//! Measured values are the paper's runs (speedup = host time / GPU time
//! with transfers); predicted values are its own model's. Neither is
//! hetscope's: hetscope's counterparts are computed, never copied here.

/// The paper's two input sizes (Section III and IV-E): test 1100 x 1100,
/// benchmark 9600 x 9600 (3DCONV excepted).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Mode {
    Test,
    Benchmark,
}

impl Mode {
    pub const ALL: [Mode; 2] = [Mode::Test, Mode::Benchmark];

    /// `test` or `benchmark`.
    pub fn key(self) -> &'static str {
        match self {
            Mode::Test => "test",
            Mode::Benchmark => "benchmark",
        }
    }
}

/// The two machines of the paper's Section III.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Machine {
    /// IBM POWER9 + NVIDIA V100 over NVLink 2 (Sections III and IV).
    Power9V100,
    /// IBM POWER8 + NVIDIA K80 over PCIe (Section III).
    Power8K80,
}

impl Machine {
    pub fn label(self) -> &'static str {
        match self {
            Machine::Power9V100 => "POWER9 + V100 (NVLink 2)",
            Machine::Power8K80 => "POWER8 + K80 (PCIe)",
        }
    }

    /// The file stem of hetscope's offload platform preset of the machine.
    pub fn preset_id(self) -> &'static str {
        match self {
            Machine::Power9V100 => "power9-v100-nvlink2",
            Machine::Power8K80 => "power8-k80-pcie3",
        }
    }
}

/// Who produced a quoted value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Timed on the machine.
    Measured,
    /// The paper's model.
    Predicted,
}

impl Origin {
    pub fn key(self) -> &'static str {
        match self {
            Origin::Measured => "measured",
            Origin::Predicted => "predicted",
        }
    }
}

/// A quoted value: a speedup, only a decision (offload or not), or a
/// remark without a number (the note says what).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Quoted {
    Speedup(f64),
    Offload(bool),
    Remark,
}

/// One kernel's value as the paper states it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KernelQuote {
    /// The kernel's name as the paper writes it (`ATAX2`, `CORR`).
    pub kernel: &'static str,
    pub mode: Mode,
    /// Host threads, where the paper says.
    pub threads: Option<u32>,
    pub machine: Machine,
    pub origin: Origin,
    pub value: Quoted,
    /// Section, table or figure.
    pub place: &'static str,
    pub note: &'static str,
}

/// The two policies of the paper's Figure 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// Every kernel offloaded (the compiler's default).
    AlwaysOffload,
    /// Offloaded where the model predicts a speedup.
    ModelGuided,
}

/// A geometric-mean speedup over the paper's kernel suite, measured (the
/// model-guided one: the measured speedups of the kernels the model
/// offloads, 1 for the others).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GeomeanQuote {
    pub policy: Policy,
    pub mode: Mode,
    pub threads: u32,
    pub machine: Machine,
    pub speedup: f64,
    pub place: &'static str,
}

/// The kernels of the paper's evaluation (Section IV-E).
pub const KERNEL_COUNT: usize = 25;

const IV_E: &str = "Section IV-E (Figure 8)";
const III: &str = "Section III (Table I)";

/// The geometric means of Section IV-E, against 160 host threads on
/// POWER9 + V100.
pub const GEOMEANS: [GeomeanQuote; 4] = [
    geomean(Policy::AlwaysOffload, Mode::Test, 10.2),
    geomean(Policy::AlwaysOffload, Mode::Benchmark, 2.9),
    geomean(Policy::ModelGuided, Mode::Test, 14.2),
    geomean(Policy::ModelGuided, Mode::Benchmark, 3.7),
];

const fn geomean(policy: Policy, mode: Mode, speedup: f64) -> GeomeanQuote {
    GeomeanQuote {
        policy,
        mode,
        threads: 160,
        machine: Machine::Power9V100,
        speedup,
        place: IV_E,
    }
}

#[expect(
    clippy::too_many_arguments,
    reason = "one row of the paper's table, a field each"
)]
const fn quote(
    kernel: &'static str,
    mode: Mode,
    threads: Option<u32>,
    machine: Machine,
    origin: Origin,
    value: Quoted,
    place: &'static str,
    note: &'static str,
) -> KernelQuote {
    KernelQuote {
        kernel,
        mode,
        threads,
        machine,
        origin,
        value,
        place,
        note,
    }
}

use Machine::{Power8K80 as K80, Power9V100 as V100};
use Mode::{Benchmark, Test};
use Origin::{Measured, Predicted};

/// Every kernel value the paper's text states.
pub const KERNEL_QUOTES: [KernelQuote; 10] = [
    quote(
        "ATAX2",
        Test,
        Some(160),
        V100,
        Measured,
        Quoted::Speedup(40.69),
        III,
        "",
    ),
    quote(
        "ATAX2",
        Test,
        Some(160),
        K80,
        Measured,
        Quoted::Speedup(1.24),
        III,
        "",
    ),
    quote(
        "3DCONV",
        Benchmark,
        None,
        V100,
        Measured,
        Quoted::Speedup(4.41),
        III,
        "host threads not stated beside this value",
    ),
    quote(
        "3DCONV",
        Benchmark,
        None,
        K80,
        Measured,
        Quoted::Speedup(1.0 / 2.1),
        III,
        "stated as a 2.1x slowdown; host threads not stated beside this value",
    ),
    quote(
        "CORR",
        Benchmark,
        None,
        V100,
        Measured,
        Quoted::Offload(false),
        "Section III",
        "the whole program (its four loops)",
    ),
    quote(
        "CORR",
        Benchmark,
        None,
        K80,
        Measured,
        Quoted::Offload(true),
        "Section III",
        "the whole program (its four loops)",
    ),
    quote(
        "2DCONV",
        Benchmark,
        Some(160),
        V100,
        Predicted,
        Quoted::Speedup(0.913),
        IV_E,
        "the paper's model decides wrongly here",
    ),
    quote(
        "2DCONV",
        Benchmark,
        Some(160),
        V100,
        Measured,
        Quoted::Speedup(1.48),
        IV_E,
        "",
    ),
    quote(
        "3DCONV",
        Benchmark,
        Some(160),
        V100,
        Predicted,
        Quoted::Offload(false),
        IV_E,
        "the paper's model keeps both convolutions on the host, wrongly (the 0.913x is stated with the 2-D case)",
    ),
    quote(
        "SYRK2",
        Test,
        Some(160),
        V100,
        Predicted,
        Quoted::Remark,
        IV_E,
        "the paper's model over-estimates this loop's GPU time severely against 160 threads (no number given)",
    ),
];

/// The quotes of one kernel name (case-insensitive).
pub fn kernel_quotes(kernel: &str) -> impl Iterator<Item = &'static KernelQuote> + '_ {
    KERNEL_QUOTES
        .iter()
        .filter(move |q| q.kernel.eq_ignore_ascii_case(kernel))
}

/// The geometric mean the paper gives for a policy, size and thread count.
pub fn geomean_quote(policy: Policy, mode: Mode, threads: u32) -> Option<&'static GeomeanQuote> {
    GEOMEANS
        .iter()
        .find(|g| g.policy == policy && g.mode == mode && g.threads == threads)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_model_guided_policy_never_loses_in_the_paper() {
        for mode in Mode::ALL {
            let a = geomean_quote(Policy::AlwaysOffload, mode, 160).map(|g| g.speedup);
            let m = geomean_quote(Policy::ModelGuided, mode, 160).map(|g| g.speedup);
            assert!(m > a, "{mode:?}");
        }
        assert!(geomean_quote(Policy::ModelGuided, Mode::Test, 4).is_none());
        assert_eq!(kernel_quotes("atax2").count(), 2);
    }
}

//! Measured runs of a suite's kernels as a file gives them: the data the
//! offload input holds and `measured.rs` sets against the predictions.

/// Measured runs of a suite's kernels, from one file.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MeasuredSuite {
    /// The file's name, as the legend and the notes give it.
    pub file: String,
    pub runs: Vec<MeasuredRun>,
}

/// One measured run of a kernel.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MeasuredRun {
    /// The kernel's name, as the suite's bars name it (any case).
    pub kernel: String,
    pub n: f64,
    pub threads: f64,
    /// Host time over offloaded time (kernel and copies).
    pub speedup: f64,
    pub times: Option<RunTimes>,
}

/// One run's times, seconds.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RunTimes {
    pub cpu_s: f64,
    pub kernel_s: f64,
    /// Both copies.
    pub transfer_s: f64,
}

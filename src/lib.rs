//! hetscope: analytical performance and energy models of CPU+GPU computing
//! (PerDome, PeaPaw, boat hull, FPM, offload), their figures, presets,
//! exporters, and the two faces over them: the command line (`cli`) and
//! the window (`gui`).
//!
//! The layers below are crates of their own (see ARCHITECTURE.md); they
//! are re-exported here under their layer names so that the tests and
//! benchmarks reach all of them through one crate.

pub mod cli;
pub mod gui;

pub use hetscope_core::paper_check;
pub use hetscope_export as export;
pub use hetscope_figure as figure;
pub use hetscope_fsio as fsio;
pub use hetscope_measure as measure;
pub use hetscope_model as model;
pub use hetscope_model::format;
pub use hetscope_preset as preset;

/// The version and the commit it is built from ("0.1.0 (1a2b3c4d5e6f)",
/// `build.rs`), for `--version` and the window's About.
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("HETSCOPE_COMMIT"),
    ")"
);

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

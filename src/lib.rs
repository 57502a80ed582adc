//! hetscope: analytical performance and energy models of CPU+GPU computing
//! (PerDome, PeaPaw), their figures, presets, exporters and GUI.

pub mod cli;
pub mod export;
pub mod figure;
pub mod format;
pub mod fsio;
pub mod gui;
pub mod measure;
pub mod model;
pub mod paper_check;
pub mod preset;

//! Platform, processor and workload presets: RON files in `presets/`.

pub mod types;

pub use types::*;

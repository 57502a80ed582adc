//! The figure crate's integration tests, one binary: the overview's
//! sentences. Figures built from presets are tested in the core crate.

/// The overview's boat hull sentence.
mod overview_sentences;

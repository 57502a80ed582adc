//! The figure crate's integration tests, one binary: the overview's
//! sentences and labels kept off the data. Figures built from presets
//! are tested in the core crate.

/// Labels never over the data.
mod labels_off_data;
/// The overview's boat hull sentence.
mod overview_sentences;

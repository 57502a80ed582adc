//! The export crate's integration tests, one binary: chart figures and
//! the boat hull views to SVG, PNG and CSV. Exports of views built from
//! presets are tested in the core crate.
//!
//! Tests expect (a failure is loud on purpose) and some walk a long list
//! of cases in one function.
#![expect(
    clippy::expect_used,
    clippy::too_many_lines,
    reason = "tests fail loudly and may check many cases in one place"
)]

/// The boat hull figures against the model, and their exports.
mod boathull_figures;
/// Chart figures built by hand to SVG, PNG and CSV.
mod export_chart;

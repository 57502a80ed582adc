//! The core crate's integration tests, one binary: the papers' numbers
//! read from the paper check, the figures and exports of every view built
//! from the built-in presets, the registry's recipe for a model, and the
//! measured files beside the models. `common` holds the repository's
//! root, the catalog, read once, and the paper check's rows.
//!
//! Tests unwrap (a failure is loud on purpose).
#![expect(clippy::unwrap_used, clippy::expect_used, reason = "tests fail loudly")]

/// A measured boat hull curve parsed and drawn over the hulls.
mod boathull_measured;
/// The boat hull paper: Table 1, the class language, Sections 4.1-4.4.
mod boathull_paper;
/// Heat map and surface colour scales of two platforms.
mod color_scales;
mod common;
/// Every PerDome view to SVG, PNG and CSV, and the file-writing rules.
mod export;
/// Every view of every model to PDF.
mod export_pdf;
/// PerDome figure descriptions: markers, readouts, axes, bad input.
mod figures;
/// The FPM figures and their export.
mod fpm_figures;
/// A device whose memory caps its share, named everywhere.
mod fpm_memory_limit;
/// The FPM paper: speed functions, contention, partitioning.
mod fpm_model;
/// The offload figures and their exports.
mod offload_figures;
/// Measured offload speedups, their reader and the suite figure.
mod offload_measured;
/// The offload decision model and the Hong & Kim example.
mod offload_model;
/// The shipped offload presets and the offload paper's rows.
mod offload_presets;
/// The PeaPaw paper's quoted numbers.
mod peapaw_paper;
/// The PerDome paper's Tables 1 and 2.
mod perdome_paper;
/// Every registered model evaluates, exports and joins the overview.
mod registry;
/// What a drag reuses equals what it would compute.
mod reuse;
/// 3-D surfaces hide what is behind them.
mod surface_3d;
/// The projected 3-D surface at every zoom and camera angle.
mod surface_projection;

//! The preset crate's integration tests, one binary: the built-in
//! catalog against the papers and datasheets, the readers' errors, format
//! versions, file limits, the probe import and saving. `common` holds the
//! repository's root and the catalog, read once.
//!
//! Tests unwrap (a failure is loud on purpose).
#![expect(clippy::unwrap_used, clippy::expect_used, reason = "tests fail loudly")]

/// Files larger than their kind allows refused before they are read.
mod bounded_reads;
mod common;
/// Measured fields of a hardware description reach the derivations.
mod measured_fields;
/// An offload kernel's stated footprint against the memories.
mod offload_footprint;
/// Every platform of the catalog works in every model.
mod platform_catalog;
/// Format versions of preset files and CSVs.
mod preset_versions;
/// The built-in presets, bad files, saving and the measured CSV import.
mod presets;
/// The probed H100 and H200 against their datasheets and the docs.
mod probe_catalog;
/// The GPU probe's CSV into a GPU spec sheet.
mod probe_import;
/// StarPU's performance-model files, against StarPU's own display tool.
mod starpu;
/// StarPU's regression models, made here by a program of our own.
mod starpu_regressions;
/// StarPU models taken for a partition: one codelet, one host, a worker
/// each combination.
mod starpu_workers;

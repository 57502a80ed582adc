//! The model crate's integration tests, one binary: the energy fit, the
//! PerDome / PeaPaw properties and optimum search, and the rules that
//! derive every model's parameters from a platform description. The
//! tests that read presets or the paper check are in the preset and core
//! crates.
//!
//! Tests unwrap (a failure is loud on purpose).
#![expect(clippy::unwrap_used, reason = "tests fail loudly")]

/// The energy-parameter fit against the shipped H100 runs.
mod energy_fit;
/// Property tests of the PerDome / PeaPaw models.
mod model_properties;
/// The PerDome optimum search against the named partitions.
mod optimum_search;
/// One platform description into every model's parameters.
mod platform_derive;

//! Persisted state of the offload views.

use serde::{Deserialize, Serialize};

use crate::figure::offload::OffloadInput;
use crate::preset::Catalog;

/// What the user picked and edited for the offload views.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct OffloadState {}

impl OffloadState {
    /// The model input of the current values, or why there is none.
    pub fn input(&self, _catalog: &Catalog) -> Result<OffloadInput, String> {
        Ok(OffloadInput::default())
    }
}

/// Per-run (not persisted) state of the offload views: caches, running jobs.
#[derive(Default)]
pub struct OffloadRuntime {}

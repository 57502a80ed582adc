//! Persisted state of the boathull views.

use serde::{Deserialize, Serialize};

use crate::figure::boathull::BoathullInput;
use crate::preset::Catalog;

/// What the user picked and edited for the boathull views.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct BoathullState {}

impl BoathullState {
    /// The model input of the current values, or why there is none.
    pub fn input(&self, _catalog: &Catalog) -> Result<BoathullInput, String> {
        Ok(BoathullInput::default())
    }
}

/// Per-run (not persisted) state of the boathull views: caches, running jobs.
#[derive(Default)]
pub struct BoathullRuntime {}

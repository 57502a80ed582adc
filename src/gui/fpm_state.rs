//! Persisted state of the fpm views.

use serde::{Deserialize, Serialize};

use crate::figure::fpm::FpmInput;
use crate::preset::Catalog;

/// What the user picked and edited for the fpm views.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct FpmState {}

impl FpmState {
    /// The model input of the current values, or why there is none.
    pub fn input(&self, _catalog: &Catalog) -> Result<FpmInput, String> {
        Ok(FpmInput::default())
    }
}

/// Per-run (not persisted) state of the fpm views: caches, running jobs.
#[derive(Default)]
pub struct FpmRuntime {}

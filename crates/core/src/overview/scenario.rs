//! The overview scenario: the platform (the one chosen for every model),
//! a second platform to compare with, the workload, the FPM problem size
//! and a regrouping of the first platform.

use serde::{Deserialize, Serialize};

use super::input::{DEFAULT_FPM_N, OverviewOptions};
use hetscope_preset::defaults;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct OverviewScenario {
    /// Platform preset id.
    pub platform: String,
    /// A second platform beside the first.
    pub platform2: Option<String>,
    /// PerDome/PeaPaw workload preset id.
    pub workload: String,
    /// FPM problem size, blocks of 640 x 640.
    pub fpm_n: f64,
    /// Regrouping of the first platform (PeaPaw 3.3): CPU sockets and
    /// GPUs counted; none: all of them.
    pub cpus: Option<u32>,
    pub gpus: Option<u32>,
    /// Measured files the first platform's models are compared with
    /// ("Model against measurement"), as typed or dropped.
    #[serde(default)]
    pub measured: Vec<String>,
}

impl Default for OverviewScenario {
    fn default() -> Self {
        OverviewScenario {
            platform: defaults::PLATFORM.to_string(),
            platform2: None,
            workload: defaults::WORKLOAD.to_string(),
            fpm_n: DEFAULT_FPM_N,
            cpus: None,
            gpus: None,
            measured: Vec::new(),
        }
    }
}

impl OverviewScenario {
    /// The options of the first platform (regrouped) and of the second.
    pub fn options(&self) -> (OverviewOptions, OverviewOptions) {
        let second = OverviewOptions {
            workload: self.workload.clone(),
            fpm_n: self.fpm_n,
            ..Default::default()
        };
        let first = OverviewOptions {
            cpus: self.cpus,
            gpus: self.gpus,
            ..second.clone()
        };
        (first, second)
    }
}

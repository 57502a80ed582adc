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
    /// What the "Sensitivity" view shows.
    #[serde(default)]
    pub sensitivity: SensitivityChoice,
}

/// The sensitivity view's choices: the result drawn, the step, whether
/// flip points are searched.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SensitivityChoice {
    /// The headline result drawn, `model.key` (e.g. `perdome.best`);
    /// empty: the first result the platform's hardware moves.
    pub result: String,
    /// The relative change of each parameter, both ways.
    pub step: f64,
    /// Search the flip points too (slower).
    pub flips: bool,
}

impl Default for SensitivityChoice {
    fn default() -> Self {
        SensitivityChoice {
            result: String::new(),
            step: 0.01,
            flips: true,
        }
    }
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
            sensitivity: SensitivityChoice::default(),
        }
    }
}

impl OverviewScenario {
    /// Whether `other` differs from this one at most in the sensitivity
    /// view's choices (every other field named, so that a new one is not
    /// forgotten).
    pub fn same_but_sensitivity(&self, other: &OverviewScenario) -> bool {
        let OverviewScenario {
            platform,
            platform2,
            workload,
            fpm_n,
            cpus,
            gpus,
            measured,
            sensitivity: _,
        } = self;
        *platform == other.platform
            && *platform2 == other.platform2
            && *workload == other.workload
            && *fpm_n == other.fpm_n
            && *cpus == other.cpus
            && *gpus == other.gpus
            && *measured == other.measured
    }

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

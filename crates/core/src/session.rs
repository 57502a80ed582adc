//! The session: the platform every model uses, the platform compared
//! with, and each model's scenario, as plain serde data. It is the one
//! state the window edits and the one thing the command line builds from
//! its arguments; loaded data is held by shared reference
//! ([`crate::Loaded`]), so a session clones and compares cheaply (undo
//! keeps earlier values of it, a session file saves it).

use serde::{Deserialize, Serialize};

use crate::boathull::BoathullScenario;
use crate::fpm::FpmScenario;
use crate::offload::OffloadScenario;
use crate::overview::OverviewScenario;
use crate::perdome::PerdomeScenario;
use hetscope_figure::View;
use hetscope_preset::Catalog;

/// Everything a person chose, for every model.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Session {
    /// The platform chosen for every model (a catalog id or a platform
    /// file); none until one is chosen: each model shows its own presets.
    pub platform: Option<String>,
    /// A second platform every model that can draws beside or over the
    /// first.
    pub platform2: Option<String>,
    /// What is on screen: a model's view (its camera, where it has one,
    /// is in the model's scenario), the classification or the paper check.
    pub tab: Tab,
    pub overview: OverviewScenario,
    pub perdome: PerdomeScenario,
    pub boathull: BoathullScenario,
    pub fpm: FpmScenario,
    pub offload: OffloadScenario,
}

impl Session {
    /// The session of a first start: each model's default presets.
    pub fn new(catalog: &Catalog) -> Session {
        Session {
            platform: None,
            platform2: None,
            tab: Tab::default(),
            overview: OverviewScenario::default(),
            perdome: PerdomeScenario::from_catalog(catalog),
            boathull: BoathullScenario::from_catalog(catalog),
            fpm: FpmScenario::from_catalog(catalog),
            offload: OffloadScenario::from_catalog(catalog),
        }
    }
}

impl Session {
    /// The files the session reads or has read its data from: measured
    /// files (loaded, typed or named for the validation), platform and
    /// workload files. A save or an export over one of them would destroy
    /// what the session holds.
    pub fn inputs(&self) -> Vec<std::path::PathBuf> {
        let loaded = [
            self.boathull.measured.as_ref().map(|l| l.path()),
            self.perdome.energy_runs.loaded.as_ref().map(|l| l.path()),
            self.offload.measured.as_ref().map(|l| l.path()),
        ];
        let typed = [
            Some(self.boathull.measured_path.as_str()),
            Some(self.offload.measured_path.as_str()),
            Some(self.fpm.csv_path.as_str()),
            Some(self.perdome.energy_runs.path.as_str()),
            self.perdome.workload.chosen.file.as_deref(),
            self.platform.as_deref(),
            self.platform2.as_deref(),
        ];
        let named = self.overview.measured.iter().map(|p| Some(p.as_str()));
        loaded
            .into_iter()
            .chain(typed)
            .chain(named)
            .flatten()
            .map(|p| p.split('@').next().unwrap_or(p))
            .filter(|p| !p.is_empty())
            .map(std::path::PathBuf::from)
            .collect()
    }
}

impl Default for Session {
    fn default() -> Self {
        Session::new(crate::builtin::catalog())
    }
}

/// The page shown in the window's central area.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tab {
    /// A view with a figure (exportable).
    Figure(View),
    /// The PerDome / PeaPaw platform categories and guidelines (text).
    Classification,
    /// Every number the five papers quote beside hetscope's (a page of
    /// the window, not of a model).
    PaperCheck,
}

impl Tab {
    pub fn title(self) -> &'static str {
        match self {
            Tab::Figure(v) => v.title(),
            Tab::Classification => "Classification",
            Tab::PaperCheck => "Paper check",
        }
    }

    /// The figure view of this tab, if it has one.
    pub fn view(self) -> Option<View> {
        match self {
            Tab::Figure(v) => Some(v),
            Tab::Classification | Tab::PaperCheck => None,
        }
    }
}

impl Default for Tab {
    /// The overview: every model's verdict on the platform.
    fn default() -> Self {
        Tab::Figure(View::Overview)
    }
}

//! The views of the models: the tab bar's second row in the GUI and the
//! `--view` names of `hetscope export`.

use serde::{Deserialize, Serialize};

use hetscope_model::ModelId;
use hetscope_model::perdome::Metric;

/// The figures hetscope can show and export.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum View {
    Overview,
    /// Every model's predictions against measured files (`validate`).
    Validation,
    /// Which hardware parameter moves each result, and flip points.
    Sensitivity,
    PerdomeHeatmap,
    PerdomeSurface,
    EnergyHeatmap,
    EnergySurface,
    WpCompare,
    /// Energy parameters fitted to measured runs (PeaPaw 6.2).
    EnergyFit,
    Boathull,
    BoathullCompare,
    BoathullRoofline,
    BoathullApp,
    FpmSpeed,
    FpmTimes,
    FpmSweep,
    Offload,
    OffloadSuite,
}

impl View {
    pub const ALL: [View; 18] = [
        View::Overview,
        View::Validation,
        View::Sensitivity,
        View::PerdomeHeatmap,
        View::PerdomeSurface,
        View::EnergyHeatmap,
        View::EnergySurface,
        View::WpCompare,
        View::EnergyFit,
        View::Boathull,
        View::BoathullCompare,
        View::BoathullRoofline,
        View::BoathullApp,
        View::FpmSpeed,
        View::FpmTimes,
        View::FpmSweep,
        View::Offload,
        View::OffloadSuite,
    ];

    /// The PerDome / PeaPaw views built from an [`Analysis`] (not the
    /// energy fit, built from measured runs).
    pub const PERDOME: [View; 5] = [
        View::PerdomeHeatmap,
        View::PerdomeSurface,
        View::EnergyHeatmap,
        View::EnergySurface,
        View::WpCompare,
    ];

    /// Name on the command line (`--view`).
    pub fn key(self) -> &'static str {
        match self {
            View::Overview => "overview",
            View::Validation => "validation",
            View::Sensitivity => "sensitivity",
            View::PerdomeHeatmap => "perdome-heatmap",
            View::PerdomeSurface => "perdome-surface",
            View::EnergyHeatmap => "energy-heatmap",
            View::EnergySurface => "energy-surface",
            View::WpCompare => "wp-compare",
            View::EnergyFit => "energy-fit",
            View::Boathull => "boathull",
            View::BoathullCompare => "boathull-compare",
            View::BoathullRoofline => "boathull-roofline",
            View::BoathullApp => "boathull-app",
            View::FpmSpeed => "fpm-speed",
            View::FpmTimes => "fpm-times",
            View::FpmSweep => "fpm-sweep",
            View::Offload => "offload",
            View::OffloadSuite => "offload-suite",
        }
    }

    /// Whether the view draws a second platform (the overview's second)
    /// beside or over the first.
    pub fn draws_second_platform(self) -> bool {
        matches!(
            self,
            View::Overview
                | View::PerdomeHeatmap
                | View::PerdomeSurface
                | View::EnergyHeatmap
                | View::EnergySurface
                | View::Boathull
                | View::Offload
                | View::FpmSpeed
                | View::FpmTimes
                | View::FpmSweep
        )
    }

    pub fn from_key(key: &str) -> Option<View> {
        View::ALL.into_iter().find(|v| v.key() == key)
    }

    /// Name in the GUI.
    pub fn title(self) -> &'static str {
        match self {
            View::Overview => "Overview",
            View::Validation => "Model against measurement",
            View::Sensitivity => "Sensitivity",
            View::PerdomeHeatmap => "PerDome heat map",
            View::PerdomeSurface => "PerDome surface",
            View::EnergyHeatmap => "Energy dome heat map",
            View::EnergySurface => "Energy dome surface",
            View::WpCompare => "Partition comparison",
            View::EnergyFit => "Energy fit",
            View::Boathull => "Time against complexity",
            View::BoathullCompare => "Two processors",
            View::BoathullRoofline => "Roofline",
            View::BoathullApp => "Application",
            View::FpmSpeed => "Speed functions",
            View::FpmTimes => "Times per device",
            View::FpmSweep => "Sweep over n",
            View::Offload => "Offload",
            View::OffloadSuite => "Kernel suite",
        }
    }

    /// The views of `model`, in tab order.
    pub fn of(model: ModelId) -> Vec<View> {
        View::ALL
            .into_iter()
            .filter(|v| v.model() == model)
            .collect()
    }

    /// The model this view belongs to.
    pub fn model(self) -> ModelId {
        match self {
            View::Overview | View::Validation | View::Sensitivity => ModelId::Overview,
            View::PerdomeHeatmap
            | View::PerdomeSurface
            | View::EnergyHeatmap
            | View::EnergySurface
            | View::WpCompare
            | View::EnergyFit => ModelId::Perdome,
            View::Boathull | View::BoathullCompare | View::BoathullRoofline | View::BoathullApp => {
                ModelId::Boathull
            }
            View::FpmSpeed | View::FpmTimes | View::FpmSweep => ModelId::Fpm,
            View::Offload | View::OffloadSuite => ModelId::Offload,
        }
    }

    pub fn metric(self) -> Option<Metric> {
        match self {
            View::PerdomeHeatmap | View::PerdomeSurface => Some(Metric::Performance),
            View::EnergyHeatmap | View::EnergySurface => Some(Metric::EnergyEfficiency),
            _ => None,
        }
    }
}

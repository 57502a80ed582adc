//! The views of the models: the tab bar's second row in the GUI and the
//! `--view` names of `hetscope export`.

use serde::{Deserialize, Serialize};

use hetscope_model::ModelId;
use hetscope_model::perdome::Metric;

/// The enum, [`View::ALL`], and each view's key, title, model and
/// whether it draws the second platform, from one list: a view is added
/// by one line.
macro_rules! views {
    ($($(#[$doc:meta])* $variant:ident => $key:literal, $title:literal, $model:ident, $second:ident;)+) => {
        /// The figures hetscope can show and export.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum View {
            $($(#[$doc])* $variant,)+
        }

        impl View {
            /// Every view, in tab order (each model's views together).
            pub const ALL: [View; [$($key),+].len()] = [$(View::$variant),+];

            /// Name on the command line (`--view`).
            pub fn key(self) -> &'static str {
                match self {
                    $(View::$variant => $key,)+
                }
            }

            /// Name in the GUI.
            pub fn title(self) -> &'static str {
                match self {
                    $(View::$variant => $title,)+
                }
            }

            /// The model this view belongs to.
            pub fn model(self) -> ModelId {
                match self {
                    $(View::$variant => ModelId::$model,)+
                }
            }

            /// Whether the view draws a second platform (the overview's
            /// second) beside or over the first.
            pub fn draws_second_platform(self) -> bool {
                match self {
                    $(View::$variant => views!(@second $second),)+
                }
            }
        }
    };
    (@second second) => { true };
    (@second alone) => { false };
}

views! {
    Overview => "overview", "Overview", Overview, second;
    /// Every model's predictions against measured files (`validate`).
    Validation => "validation", "Model against measurement", Overview, alone;
    /// Which hardware parameter moves each result, and flip points.
    Sensitivity => "sensitivity", "Sensitivity", Overview, alone;
    PerdomeHeatmap => "perdome-heatmap", "PerDome heat map", Perdome, second;
    PerdomeSurface => "perdome-surface", "PerDome surface", Perdome, second;
    EnergyHeatmap => "energy-heatmap", "Energy dome heat map", Perdome, second;
    EnergySurface => "energy-surface", "Energy dome surface", Perdome, second;
    WpCompare => "wp-compare", "Partition comparison", Perdome, alone;
    /// Energy parameters fitted to measured runs (PeaPaw 6.2).
    EnergyFit => "energy-fit", "Energy fit", Perdome, alone;
    Boathull => "boathull", "Time against complexity", Boathull, second;
    BoathullCompare => "boathull-compare", "Two processors", Boathull, alone;
    BoathullRoofline => "boathull-roofline", "Roofline", Boathull, alone;
    BoathullApp => "boathull-app", "Application", Boathull, alone;
    FpmSpeed => "fpm-speed", "Speed functions", Fpm, second;
    FpmTimes => "fpm-times", "Times per device", Fpm, second;
    FpmSweep => "fpm-sweep", "Sweep over n", Fpm, second;
    Offload => "offload", "Offload", Offload, second;
    OffloadSuite => "offload-suite", "Kernel suite", Offload, alone;
}

impl View {
    /// The PerDome / PeaPaw views built from an [`Analysis`] (not the
    /// energy fit, built from measured runs).
    pub const PERDOME: [View; 5] = [
        View::PerdomeHeatmap,
        View::PerdomeSurface,
        View::EnergyHeatmap,
        View::EnergySurface,
        View::WpCompare,
    ];

    pub fn from_key(key: &str) -> Option<View> {
        View::ALL.into_iter().find(|v| v.key() == key)
    }

    /// The views of `model`, in tab order.
    pub fn of(model: ModelId) -> Vec<View> {
        View::ALL
            .into_iter()
            .filter(|v| v.model() == model)
            .collect()
    }

    pub fn metric(self) -> Option<Metric> {
        match self {
            View::PerdomeHeatmap | View::PerdomeSurface => Some(Metric::Performance),
            View::EnergyHeatmap | View::EnergySurface => Some(Metric::EnergyEfficiency),
            _ => None,
        }
    }
}

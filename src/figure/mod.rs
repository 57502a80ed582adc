//! Figure descriptions: axes, grids, markers, bars and labels, built once
//! from an [`Analysis`] and drawn alike by the GUI (`crate::gui`) and the
//! exporters (`crate::export`).

pub mod axis;
pub mod boathull;
pub mod chart;
pub mod color;
pub mod compare;
pub mod fpm;
pub mod heatmap;
pub mod offload;
pub mod scenario;
pub mod surface;

use serde::{Deserialize, Serialize};

pub use axis::Axis;
pub use chart::{ChartAxis, ChartFigure, ChartPanel, Scale};
pub use color::ColorScale;
pub use compare::{CompareBar, CompareFigure, ComparePanel};
pub use heatmap::HeatmapFigure;
pub use scenario::{Analysis, NamedPartition, Resolution, Scenario};
pub use surface::{Camera, Projected, SurfaceFigure};

use crate::model::{Metric, WpKind};

/// The models, each with its group of views.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ModelGroup {
    /// PerDome and PeaPaw: performance and energy over (I_C, I_G).
    Perdome,
    /// Boat hull: time against operator complexity per algorithm class.
    Boathull,
    /// Functional performance models and data partitioning.
    Fpm,
    /// Offload decision: Hong & Kim GPU model against an OpenMP CPU model.
    Offload,
}

impl ModelGroup {
    pub const ALL: [ModelGroup; 4] = [
        ModelGroup::Perdome,
        ModelGroup::Boathull,
        ModelGroup::Fpm,
        ModelGroup::Offload,
    ];

    pub fn title(self) -> &'static str {
        match self {
            ModelGroup::Perdome => "PerDome / PeaPaw",
            ModelGroup::Boathull => "Boat hull",
            ModelGroup::Fpm => "FPM partitioning",
            ModelGroup::Offload => "Offload decision",
        }
    }

    /// The views of this model, in tab order.
    pub fn views(self) -> Vec<View> {
        View::ALL
            .into_iter()
            .filter(|v| v.group() == self)
            .collect()
    }
}

/// The figures hetscope can show and export.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum View {
    PerdomeHeatmap,
    PerdomeSurface,
    EnergyHeatmap,
    EnergySurface,
    WpCompare,
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
    pub const ALL: [View; 14] = [
        View::PerdomeHeatmap,
        View::PerdomeSurface,
        View::EnergyHeatmap,
        View::EnergySurface,
        View::WpCompare,
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

    /// The PerDome / PeaPaw views, built from an [`Analysis`].
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
            View::PerdomeHeatmap => "perdome-heatmap",
            View::PerdomeSurface => "perdome-surface",
            View::EnergyHeatmap => "energy-heatmap",
            View::EnergySurface => "energy-surface",
            View::WpCompare => "wp-compare",
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

    pub fn from_key(key: &str) -> Option<View> {
        View::ALL.into_iter().find(|v| v.key() == key)
    }

    /// Name in the GUI.
    pub fn title(self) -> &'static str {
        match self {
            View::PerdomeHeatmap => "PerDome heat map",
            View::PerdomeSurface => "PerDome surface",
            View::EnergyHeatmap => "Energy dome heat map",
            View::EnergySurface => "Energy dome surface",
            View::WpCompare => "Partition comparison",
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

    /// The model this view belongs to.
    pub fn group(self) -> ModelGroup {
        match self {
            View::PerdomeHeatmap
            | View::PerdomeSurface
            | View::EnergyHeatmap
            | View::EnergySurface
            | View::WpCompare => ModelGroup::Perdome,
            View::Boathull | View::BoathullCompare | View::BoathullRoofline | View::BoathullApp => {
                ModelGroup::Boathull
            }
            View::FpmSpeed | View::FpmTimes | View::FpmSweep => ModelGroup::Fpm,
            View::Offload | View::OffloadSuite => ModelGroup::Offload,
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

/// A figure, ready to draw.
#[derive(Clone, Debug, PartialEq)]
pub enum Figure {
    Heatmap(HeatmapFigure),
    Surface(SurfaceFigure),
    Compare(CompareFigure),
    /// Line and bar charts (boat hull, FPM, offload).
    Chart(ChartFigure),
}

impl Figure {
    pub fn title(&self) -> &str {
        match self {
            Figure::Heatmap(f) => &f.title,
            Figure::Surface(f) => &f.title,
            Figure::Compare(f) => &f.title,
            Figure::Chart(f) => &f.title,
        }
    }
}

/// Build the figure of a PerDome / PeaPaw view from an analysis; `None`
/// for the views of the other models (see [`boathull::build`],
/// [`fpm::build`], [`offload::build`]).
pub fn build(view: View, a: &Analysis) -> Option<Figure> {
    Some(match view {
        View::PerdomeHeatmap => Figure::Heatmap(heatmap::build(a, Metric::Performance)),
        View::EnergyHeatmap => Figure::Heatmap(heatmap::build(a, Metric::EnergyEfficiency)),
        View::PerdomeSurface => Figure::Surface(surface::build(a, Metric::Performance)),
        View::EnergySurface => Figure::Surface(surface::build(a, Metric::EnergyEfficiency)),
        View::WpCompare => Figure::Compare(compare::build(a)),
        _ => return None,
    })
}

/// What a marker stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MarkerKind {
    PerfectDp,
    CpuOnly,
    GpuOnly,
    /// Best performance or best energy efficiency found by the search.
    Optimum,
    /// One of the workload's own partitions.
    Partition,
}

impl MarkerKind {
    pub fn from_wp_kind(k: WpKind) -> MarkerKind {
        match k {
            WpKind::CpuOnly => MarkerKind::CpuOnly,
            WpKind::GpuOnly => MarkerKind::GpuOnly,
            WpKind::PerfectDp => MarkerKind::PerfectDp,
            WpKind::Cp => MarkerKind::Partition,
        }
    }

    /// Marker colour, shared by GUI and exporters.
    pub fn color(self) -> [u8; 3] {
        match self {
            MarkerKind::PerfectDp => [230, 57, 70],
            MarkerKind::CpuOnly => [33, 158, 188],
            MarkerKind::GpuOnly => [244, 162, 97],
            MarkerKind::Optimum => [255, 255, 255],
            MarkerKind::Partition => [255, 105, 180],
        }
    }
}

/// A labelled point at (I_C, I_G). A zero intensity is drawn in the axis'
/// zero band.
#[derive(Clone, Debug, PartialEq)]
pub struct Marker {
    pub kind: MarkerKind,
    pub label: String,
    /// flop/byte.
    pub i_c: f64,
    /// flop/byte.
    pub i_g: f64,
    /// The metric's value at this point (`None`: no such partition).
    pub value: Option<f64>,
    /// Human-readable value with unit, or the reason there is none.
    pub value_text: String,
}

/// Format a value with about four significant digits.
pub fn fmt_num(v: f64) -> String {
    if !v.is_finite() {
        return "n/a".into();
    }
    let a = v.abs();
    if a == 0.0 {
        "0".into()
    } else if !(1e-3..1e5).contains(&a) {
        format!("{v:.3e}")
    } else if a >= 100.0 {
        format!("{v:.1}")
    } else if a >= 10.0 {
        format!("{v:.2}")
    } else {
        format!("{v:.3}")
    }
}

/// Format a tick value: like [`fmt_num`] without trailing zeros
/// (`140`, `0.5`, `1.25e6`).
pub fn fmt_tick(v: f64) -> String {
    let s = fmt_num(v);
    if let Some((mantissa, exp)) = s.split_once('e') {
        let m = if mantissa.contains('.') {
            mantissa.trim_end_matches('0').trim_end_matches('.')
        } else {
            mantissa
        };
        return format!("{m}e{exp}");
    }
    if !s.contains('.') {
        return s;
    }
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Format an intensity: `0` or a number with its power of two.
pub fn fmt_intensity(v: f64) -> String {
    if v == 0.0 {
        "0".into()
    } else {
        format!("{} (2^{:.2})", fmt_num(v), v.log2())
    }
}

/// Subtitle shared by every figure of a scenario.
pub fn subtitle(a: &Analysis) -> String {
    format!(
        "{} | {} | I = {} flop/byte",
        a.scenario.platform_name,
        a.scenario.workload_name,
        fmt_num(a.scenario.i)
    )
}

/// Markers for p-DP, CO, GO, the optimum of `metric` and every partition.
pub fn markers(a: &Analysis, metric: Metric) -> Vec<Marker> {
    let pick = |e: &crate::model::WpEval| match metric {
        Metric::Performance => e.gflops,
        Metric::EnergyEfficiency => e.gflop_per_joule,
    };
    let unit = metric.unit();
    let mut out = Vec::new();
    let o = &a.optima;
    for (kind, label, e) in [
        (MarkerKind::PerfectDp, "p-DP", &o.pdp),
        (MarkerKind::CpuOnly, "CPU-only", &o.cpu_only),
        (MarkerKind::GpuOnly, "GPU-only", &o.gpu_only),
    ] {
        out.push(Marker {
            kind,
            label: label.into(),
            i_c: e.wp.i_c,
            i_g: e.wp.i_g,
            value: Some(pick(e)),
            value_text: format!("{} {unit}", fmt_num(pick(e))),
        });
    }
    let best = match metric {
        Metric::Performance => &o.best_performance,
        Metric::EnergyEfficiency => &o.best_energy,
    };
    out.push(Marker {
        kind: MarkerKind::Optimum,
        label: "optimum".into(),
        i_c: best.eval.wp.i_c,
        i_g: best.eval.wp.i_g,
        value: Some(best.value),
        value_text: format!("{} {unit}", fmt_num(best.value)),
    });
    for r in &a.partitions {
        // A partition that is p-DP, CPU-only or GPU-only is drawn once, as
        // that reference marker, with the workload's name added if it
        // differs (e.g. "p-DP = DP").
        let same_spot = |m: &Marker| {
            m.kind != MarkerKind::Optimum
                && m.kind != MarkerKind::Partition
                && (m.i_c - r.partition.i_c).abs() <= 1e-9 * m.i_c.max(1e-300)
                && (m.i_g - r.partition.i_g).abs() <= 1e-9 * m.i_g.max(1e-300)
        };
        if r.result.is_ok()
            && let Some(m) = out.iter_mut().find(|m| same_spot(m))
        {
            let name = r.partition.name.trim();
            if !name.eq_ignore_ascii_case(&m.label) && !m.label.contains(&format!("= {name}")) {
                m.label = format!("{} = {}", m.label, name);
            }
            continue;
        }
        let (value, value_text) = match &r.result {
            Ok(e) => (Some(pick(e)), format!("{} {unit}", fmt_num(pick(e)))),
            Err(err) => (None, err.to_string()),
        };
        out.push(Marker {
            kind: MarkerKind::Partition,
            label: r.partition.name.clone(),
            i_c: r.partition.i_c,
            i_g: r.partition.i_g,
            value,
            value_text,
        });
    }
    out
}

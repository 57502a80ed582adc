//! Bar chart of the workload's partitions: performance bound and energy
//! efficiency side by side (as PeaPaw Fig. 5(e)-10(e)), with measured
//! performance, tightness and fidelity where measurements exist.

use super::case::subtitle;
use crate::chart::{Bar, BarSet, ChartAxis, ChartFigure, ChartPanel, Scale, palette};
use hetscope_model::format::fmt_num;
use hetscope_model::perdome::Analysis;
use hetscope_model::perdome::optimum::Optimum;

/// One bar group: a partition's model value and, if any, its measurement.
#[derive(Clone, Debug, PartialEq)]
pub struct CompareBar {
    pub label: String,
    /// Model value (`None`: no such partition, see `note`).
    pub model: Option<f64>,
    /// Measured value on this platform.
    pub measured: Option<f64>,
    /// Why there is no model value, or the tightness text.
    pub note: String,
}

/// One panel (one metric).
#[derive(Clone, Debug, PartialEq)]
pub struct ComparePanel {
    pub title: String,
    pub unit: String,
    pub bars: Vec<CompareBar>,
    /// Summary line under the panel.
    pub footnote: String,
}

impl ComparePanel {
    /// Largest value drawn (model or measured), for the axis.
    pub fn max_value(&self) -> f64 {
        self.values().fold(0.0, f64::max)
    }

    fn values(&self) -> impl Iterator<Item = f64> + '_ {
        self.bars
            .iter()
            .flat_map(|b| [b.model, b.measured])
            .flatten()
            .filter(|v| v.is_finite())
    }

    /// The log axis' range: from the decade at or below the smallest
    /// positive value to the decade at or above the largest (at least one
    /// decade). `(1, 10)` when no value is positive.
    pub fn log_range(&self) -> (f64, f64) {
        let pos = || self.values().filter(|v| *v > 0.0);
        let (Some(lo), Some(hi)) = (pos().reduce(f64::min), pos().reduce(f64::max)) else {
            return (1.0, 10.0);
        };
        let a = lo.log10().floor();
        let b = hi.log10().ceil().max(a + 1.0);
        (10f64.powf(a), 10f64.powf(b))
    }

    /// Where value `v` sits along the panel's value axis, 0 (bottom) to 1
    /// (top, `top` on a linear axis); values off the axis are clamped (a
    /// value of 0 or less sits at the bottom of a log axis).
    pub fn fraction(&self, v: f64, log: bool, top: f64) -> f64 {
        if log {
            let (lo, hi) = self.log_range();
            if v <= 0.0 || !v.is_finite() {
                return 0.0;
            }
            ((v.log10() - lo.log10()) / (hi.log10() - lo.log10())).clamp(0.0, 1.05)
        } else {
            (v / top.max(f64::MIN_POSITIVE)).clamp(0.0, 1.05)
        }
    }

    /// The decades of the log axis, bottom to top.
    pub fn log_ticks(&self) -> Vec<f64> {
        let (lo, hi) = self.log_range();
        let (a, b) = (lo.log10().round() as i32, hi.log10().round() as i32);
        (a..=b).map(|k| 10f64.powi(k)).collect()
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct CompareFigure {
    pub title: String,
    pub subtitle: String,
    pub panels: Vec<ComparePanel>,
    /// Value axes in powers of ten, so that a 50 GFLOP/s bar stays
    /// visible beside 16,000 (a display choice: the values are the same).
    pub log_scale: bool,
}

impl CompareFigure {
    /// The comparison as a bar chart: one panel a metric, the partitions
    /// as categories, model (and measured) bars with their values, the
    /// notes under each panel. Window and exporters draw it through the
    /// one chart layout.
    pub fn chart(&self) -> ChartFigure {
        let measured = self
            .panels
            .iter()
            .flat_map(|p| &p.bars)
            .any(|b| b.measured.is_some());
        ChartFigure {
            title: self.title.clone(),
            subtitle: self.subtitle.clone(),
            panels: self
                .panels
                .iter()
                .map(|p| p.chart(self.log_scale, measured))
                .collect(),
            notes: Vec::new(),
        }
    }
}

impl ComparePanel {
    /// This metric as a bar panel (`measured`: a second bar per partition
    /// where any partition of the figure is measured).
    fn chart(&self, log: bool, measured: bool) -> ChartPanel {
        let mut y = if log {
            let (lo, hi) = self.log_range();
            ChartAxis::new(&self.title, &self.unit, Scale::Log10, lo, hi)
        } else {
            let top = self.max_value() * 1.1;
            ChartAxis::new(
                &self.title,
                &self.unit,
                Scale::Linear,
                0.0,
                top.max(f64::MIN_POSITIVE),
            )
        };
        if log {
            y.qualifier = ", log scale".into();
        }
        let names = self.bars.iter().map(|b| b.label.clone()).collect();
        let mut panel = ChartPanel::bars(&self.title, names, y);
        let (width, offset) = if measured { (0.38, 0.2) } else { (0.6, 0.0) };
        let set = |name: &str, color, offset, value: fn(&CompareBar) -> Option<f64>| BarSet {
            name: name.into(),
            color,
            width,
            offset,
            bars: self
                .bars
                .iter()
                .enumerate()
                .filter_map(|(i, b)| {
                    let v = value(b).filter(|v| v.is_finite())?;
                    Some(Bar {
                        category: i,
                        base: 0.0,
                        value: v,
                        range: None,
                        label: format!("{}: {} {}", b.label, fmt_num(v), self.unit),
                    })
                })
                .collect(),
            value_labels: true,
        };
        panel
            .bars
            .push(set("model", palette::BLUE, -offset, |b| b.model));
        if measured {
            panel
                .bars
                .push(set("measured", palette::VERMILION, offset, |b| b.measured));
        }
        panel.notes = self
            .bars
            .iter()
            .filter(|b| !b.note.is_empty())
            .map(|b| format!("{}: {}", b.label, b.note))
            .chain(
                [self.footnote.clone()]
                    .into_iter()
                    .filter(|f| !f.is_empty()),
            )
            .collect();
        panel
    }
}

pub fn build(a: &Analysis) -> CompareFigure {
    let (mut perf, mut energy) = partition_bars(a);
    let o = &a.optima;
    perf.push(optimum_bar(&o.best_performance));
    energy.push(optimum_bar(&o.best_energy));
    CompareFigure {
        title: "Workload partitions: performance bound and energy efficiency".into(),
        subtitle: subtitle(a),
        panels: vec![
            ComparePanel {
                title: "Performance bound".into(),
                unit: "GFLOP/s".into(),
                bars: perf,
                footnote: performance_footnote(a),
            },
            ComparePanel {
                title: "Energy efficiency".into(),
                unit: "GFLOP/J".into(),
                bars: energy,
                footnote: energy_footnote(a),
            },
        ],
        log_scale: false,
    }
}

/// One performance and one energy bar per workload partition: the model's
/// values (the measured performance and its share of the bound where
/// measured), or why there are none.
fn partition_bars(a: &Analysis) -> (Vec<CompareBar>, Vec<CompareBar>) {
    let mut perf = Vec::new();
    let mut energy = Vec::new();
    for r in &a.partitions {
        let label = r.partition.name.clone();
        match &r.result {
            Ok(e) => {
                let note = match r.partition.measured_gflops {
                    Some(m) => format!(
                        "measured {} GFLOP/s = {:.0}% of bound",
                        fmt_num(m),
                        100.0 * m / e.gflops
                    ),
                    None => String::new(),
                };
                perf.push(CompareBar {
                    label: label.clone(),
                    model: Some(e.gflops),
                    measured: r.partition.measured_gflops,
                    note,
                });
                energy.push(CompareBar {
                    label,
                    model: Some(e.gflop_per_joule),
                    measured: None,
                    note: String::new(),
                });
            }
            Err(err) => {
                let note = err.to_string();
                perf.push(CompareBar {
                    label: label.clone(),
                    model: None,
                    measured: r.partition.measured_gflops,
                    note: note.clone(),
                });
                energy.push(CompareBar {
                    label,
                    model: None,
                    measured: None,
                    note,
                });
            }
        }
    }
    (perf, energy)
}

/// The search's optimum of one metric as the last bar.
fn optimum_bar(best: &Optimum) -> CompareBar {
    CompareBar {
        label: "best found".into(),
        model: Some(best.value),
        measured: None,
        note: format!(
            "search optimum at I_C = {}, I_G = {}",
            fmt_num(best.eval.wp.i_c),
            fmt_num(best.eval.wp.i_g)
        ),
    }
}

/// The measured share of the bound and the ranking fidelity, or that
/// nothing is measured on this platform.
fn performance_footnote(a: &Analysis) -> String {
    let f = &a.fidelity;
    if a.measured_rows.is_empty() {
        return "No measurements attached for this platform.".to_string();
    }
    let tight: Vec<f64> = a
        .measured_rows
        .iter()
        .filter_map(|r| r.tightness())
        .collect();
    let mean = if tight.is_empty() {
        0.0
    } else {
        tight.iter().sum::<f64>() / tight.len() as f64
    };
    format!(
        "Measured / bound: mean {:.0}%. Model ranks the partitions in the measured order: {} ({} of {} pairs agree{}).",
        100.0 * mean,
        if f.same_order { "yes" } else { "no" },
        f.concordant,
        f.concordant + f.discordant,
        f.kendall_tau
            .map(|t| format!(", Kendall tau {t:.2}"))
            .unwrap_or_default()
    )
}

/// The energy-best data partition against p-DP.
fn energy_footnote(a: &Analysis) -> String {
    let o = &a.optima;
    let dp = &o.energy_best_dp;
    format!(
        "Energy-best data partition: {} ({} GFLOP/J); p-DP gives {} GFLOP/J.",
        dp.choice.name(),
        fmt_num(dp.eval.gflop_per_joule),
        fmt_num(o.pdp.gflop_per_joule)
    )
}

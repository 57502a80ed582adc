//! Bar chart of the workload's partitions: performance bound and energy
//! efficiency side by side (as PeaPaw Fig. 5(e)-10(e)), with measured
//! performance, tightness and fidelity where measurements exist.

use super::{Analysis, subtitle};
use crate::format::fmt_num;
use crate::model::perdome::optimum::Optimum;

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
        self.bars
            .iter()
            .flat_map(|b| [b.model, b.measured])
            .flatten()
            .fold(0.0, f64::max)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct CompareFigure {
    pub title: String,
    pub subtitle: String,
    pub panels: Vec<ComparePanel>,
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

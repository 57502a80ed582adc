//! Measured offload speedups beside the suite's predictions: which
//! measured rows match a bar (same kernel, size and host thread count),
//! how many of the model's decisions the measurements confirm, and the
//! drawing of both (a measured bar beside each predicted one, and a panel
//! of host, kernel and transfer times, predicted against measured).

use super::measured_runs::{MeasuredSuite, RunTimes};
use super::summary::{SuiteSummary, geomean};
use crate::chart::{Bar, BarSet, ChartAxis, ChartPanel, Scale, fit_range, palette};
use hetscope_model::format::{fmt_speedup, fmt_time, fmt_whole};

/// A measured run that is not compared, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Skipped {
    pub kernel: String,
    pub reason: String,
}

/// The measurements set against one suite summary.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// (index of the summary's row, index of the run), in bar order.
    pub pairs: Vec<(usize, usize)>,
    pub skipped: Vec<Skipped>,
    /// Kernels whose predicted decision (offload or not) the measured
    /// speedup confirms.
    pub decisions_right: usize,
    /// Geometric mean of the measured speedups of the compared kernels.
    pub geomean_always: f64,
    /// The same where the model offloads, 1 where it keeps the host.
    pub geomean_model: f64,
    /// The same where the measurement says offloading pays (the best any
    /// decision could do).
    pub geomean_best: f64,
}

/// The row's kernel name without the edited mark.
fn bare(name: &str) -> &str {
    name.trim_end_matches('*')
}

/// Match the runs of `m` to the rows of `s`, drawn with `threads` host
/// threads: a run counts where its kernel has a bar, its size is the
/// bar's and its thread count the host's.
pub fn compare(s: &SuiteSummary, threads: f64, m: &MeasuredSuite) -> Comparison {
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut skipped = Vec::new();
    for (j, run) in m.runs.iter().enumerate() {
        let skip = |reason: String| Skipped {
            kernel: run.kernel.clone(),
            reason,
        };
        let row = s
            .rows
            .iter()
            .position(|r| bare(&r.name).eq_ignore_ascii_case(&run.kernel));
        match row {
            None => skipped.push(skip("no bar of that name in this kernel set".into())),
            Some(_) if run.threads != threads => skipped.push(skip(format!(
                "measured with {} host threads, the model runs {}",
                fmt_whole(run.threads),
                fmt_whole(threads)
            ))),
            Some(k) if run.n != s.rows[k].decision.n => skipped.push(skip(format!(
                "measured at n = {}, drawn at n = {}",
                fmt_whole(run.n),
                fmt_whole(s.rows[k].decision.n)
            ))),
            Some(k) if pairs.iter().any(|p| p.0 == k) => {
                skipped.push(skip("measured twice at this size".into()))
            }
            Some(k) => pairs.push((k, j)),
        }
    }
    pairs.sort_unstable();
    let speedup = |&(_, j): &(usize, usize)| m.runs[j].speedup;
    let decisions_right = pairs
        .iter()
        .filter(|p| s.rows[p.0].decision.offload == (speedup(p) > 1.0))
        .count();
    let model = |p: &(usize, usize)| {
        if s.rows[p.0].decision.offload {
            speedup(p)
        } else {
            1.0
        }
    };
    Comparison {
        decisions_right,
        geomean_always: geomean(pairs.iter().map(speedup)),
        geomean_model: geomean(pairs.iter().map(model)),
        geomean_best: geomean(pairs.iter().map(|p| speedup(p).max(1.0))),
        pairs,
        skipped,
    }
}

/// The legend name of the measured bars.
pub fn legend(m: &MeasuredSuite) -> String {
    format!("measured ({})", m.file)
}

/// The measured speedup bars, one per compared kernel, from `base`.
pub(super) fn speedup_bars(
    s: &SuiteSummary,
    m: &MeasuredSuite,
    c: &Comparison,
    base: f64,
) -> BarSet {
    let mut set = BarSet {
        name: legend(m),
        color: palette::PURPLE,
        width: 0.28,
        offset: 0.28,
        bars: Vec::new(),
        value_labels: false,
    };
    for &(k, j) in &c.pairs {
        let run = &m.runs[j];
        let right = s.rows[k].decision.offload == (run.speedup > 1.0);
        set.bars.push(Bar {
            category: k,
            base,
            value: run.speedup,
            range: None,
            label: format!(
                "{}: measured {} ({} decision)",
                s.rows[k].name,
                fmt_speedup(run.speedup),
                if right {
                    "confirms the"
                } else {
                    "contradicts the"
                }
            ),
        });
    }
    set
}

/// Every measured speedup drawn, for the speedup panel's range.
pub(super) fn speedups(m: &MeasuredSuite, c: &Comparison) -> impl Iterator<Item = f64> {
    c.pairs.iter().map(|&(_, j)| m.runs[j].speedup)
}

/// A darker shade of `c`, for the measured half of a pair of bars.
fn darker(c: [u8; 3]) -> [u8; 3] {
    c.map(|v| (f64::from(v) * 0.55).round() as u8)
}

/// The panel of host, kernel and transfer times, predicted beside
/// measured, of the compared kernels whose file gives times; `None`
/// without such kernels.
pub(super) fn times_panel(
    s: &SuiteSummary,
    m: &MeasuredSuite,
    c: &Comparison,
) -> Option<ChartPanel> {
    let timed: Vec<(usize, RunTimes)> = c
        .pairs
        .iter()
        .filter_map(|&(k, j)| m.runs[j].times.map(|t| (k, t)))
        .collect();
    if timed.is_empty() {
        return None;
    }
    let parts: [(&str, [u8; 3]); 3] = [
        ("host", palette::ORANGE),
        ("GPU kernel", palette::GREEN),
        ("transfers", palette::SKY),
    ];
    let mut sets = Vec::new();
    for (p, (part, color)) in parts.iter().enumerate() {
        for (q, measured) in [false, true].into_iter().enumerate() {
            let what = if measured { "measured" } else { "predicted" };
            sets.push(BarSet {
                name: format!("{part}, {what}"),
                color: if measured { darker(*color) } else { *color },
                width: 0.13,
                offset: -0.325 + 0.13 * (2 * p + q) as f64,
                bars: Vec::new(),
                value_labels: false,
            });
        }
    }
    let mut vals = Vec::new();
    for (cat, (k, t)) in timed.iter().enumerate() {
        let d = &s.rows[*k].decision;
        let pairs = [
            (d.cpu_seconds, t.cpu_s),
            (d.kernel_seconds, t.kernel_s),
            (d.transfer_seconds, t.transfer_s),
        ];
        for (p, (pred, meas)) in pairs.into_iter().enumerate() {
            for (q, v) in [pred, meas].into_iter().enumerate() {
                vals.push(v);
                let what = if q == 1 { "measured" } else { "predicted" };
                sets[2 * p + q].bars.push(Bar {
                    category: cat,
                    base: 0.0,
                    value: v,
                    range: None,
                    label: format!("{} {what}: {}", parts[p].0, fmt_time(v)),
                });
            }
        }
    }
    let (lo, hi) = fit_range(Scale::Log10, vals);
    let categories = timed.iter().map(|(k, _)| s.rows[*k].name.clone()).collect();
    let mut panel = ChartPanel::bars(
        &format!("Times, predicted beside measured ({})", m.file),
        categories,
        ChartAxis::new("time", "s", Scale::Log10, lo, hi),
    );
    panel.x.label = "kernel".into();
    panel.bars = sets;
    Some(panel)
}

/// The notes on the measurements: decisions right, the measured
/// geometric means, the decisions the measurements contradict and what
/// is not compared.
pub(super) fn notes(s: &SuiteSummary, m: &MeasuredSuite, c: &Comparison) -> Vec<String> {
    let mut notes = Vec::new();
    let n = c.pairs.len();
    if n == 0 {
        notes.push(format!(
            "Measured ({}): no run matches a bar's kernel, size and host threads.",
            m.file
        ));
    } else {
        notes.push(format!(
            "Measured ({}): the model decides {} of {n} measured kernels right (offload or not); measured geometric-mean speedup: always offload {}, offload where the model says so {}, offload where the measurement pays {}.",
            m.file,
            c.decisions_right,
            fmt_speedup(c.geomean_always),
            fmt_speedup(c.geomean_model),
            fmt_speedup(c.geomean_best),
        ));
    }
    let wrong: Vec<String> = c
        .pairs
        .iter()
        .filter(|&&(k, j)| s.rows[k].decision.offload != (m.runs[j].speedup > 1.0))
        .map(|&(k, j)| {
            format!(
                "{} (predicted {}, measured {})",
                s.rows[k].name,
                fmt_speedup(s.rows[k].decision.speedup),
                fmt_speedup(m.runs[j].speedup)
            )
        })
        .collect();
    if !wrong.is_empty() {
        notes.push(format!("Decided wrong: {}.", wrong.join(", ")));
    }
    if !c.skipped.is_empty() {
        let why: Vec<String> = c
            .skipped
            .iter()
            .map(|k| format!("{} ({})", k.kernel, k.reason))
            .collect();
        notes.push(format!(
            "Not compared: {} of {} measured rows: {}.",
            c.skipped.len(),
            m.runs.len(),
            why.join("; ")
        ));
    }
    notes
}

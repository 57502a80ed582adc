//! The suite view: every kernel of a set at one size (or each at its own
//! test or benchmark size), as bars of the predicted speedup of
//! offloading, and the geometric-mean speedup of two policies: always
//! offload, and offload only where the model predicts a speedup above 1
//! (elsewhere the loop stays on the host: speedup 1).

use super::{KernelInput, OffloadInput, measured, subtitle, threads_text};
use crate::chart::{
    Bar, BarSet, ChartAxis, ChartFigure, ChartPanel, LineStyle, Orientation, RefLine, Scale,
    fit_range, palette,
};
use crate::error::FigureError;
use hetscope_model::format::{fmt_speedup, fmt_whole};
use hetscope_model::offload::{Decision, Platform, decide};

/// One kernel's prediction at the suite's size.
#[derive(Clone, Debug, PartialEq)]
pub struct SuiteRow {
    pub id: String,
    /// The kernel's name, with `*` when its subscripts are edited.
    pub name: String,
    pub decision: Decision,
}

impl SuiteRow {
    /// The speedup the "offload when predicted profitable" policy gets:
    /// the GPU's when it offloads, 1 when the loop stays on the host.
    /// The speedup the "always offload" policy gets: the GPU's, or 1 where
    /// the data does not fit the GPU (the loop must stay on the host).
    pub fn always_speedup(&self) -> f64 {
        if self.decision.fits_gpu == Some(false) {
            1.0
        } else {
            self.decision.speedup
        }
    }

    pub fn profitable_speedup(&self) -> f64 {
        if self.decision.offload {
            self.decision.speedup
        } else {
            1.0
        }
    }
}

/// Every kernel's prediction and the two policies' geometric means.
#[derive(Clone, Debug, PartialEq)]
pub struct SuiteSummary {
    /// The problem size n of the suite: every kernel's, or the most
    /// kernels' when each runs at its own size (each row's `decision.n`).
    pub size: f64,
    pub rows: Vec<SuiteRow>,
    /// Geometric mean of the predicted speedups when every kernel is
    /// offloaded.
    pub geomean_always: f64,
    /// Geometric mean when only the kernels predicted faster on the GPU
    /// are offloaded.
    pub geomean_profitable: f64,
}

impl SuiteSummary {
    /// How many kernels the model offloads.
    pub fn offloaded(&self) -> usize {
        self.rows.iter().filter(|r| r.decision.offload).count()
    }

    /// The rows whose size is not the suite's.
    pub fn other_sizes(&self) -> impl Iterator<Item = &SuiteRow> {
        self.rows.iter().filter(|r| r.decision.n != self.size)
    }

    /// "n = 9600", with the kernels at another size: "n = 9600 (3DCONV:
    /// n = 452)".
    pub fn size_text(&self) -> String {
        let others: Vec<String> = self
            .other_sizes()
            .map(|r| format!("{}: n = {}", r.name, fmt_whole(r.decision.n)))
            .collect();
        let n = fmt_whole(self.size);
        if others.is_empty() {
            format!("n = {n}")
        } else {
            format!("n = {n} ({})", others.join(", "))
        }
    }
}

/// Geometric mean; NaN without values.
pub(crate) fn geomean(values: impl Iterator<Item = f64>) -> f64 {
    let (mut sum, mut count) = (0.0, 0usize);
    for v in values {
        sum += v.ln();
        count += 1;
    }
    if count == 0 {
        f64::NAN
    } else {
        (sum / count as f64).exp()
    }
}

/// Predict every kernel of the suite at the input's size.
pub fn suite_summary(input: &OffloadInput) -> Result<SuiteSummary, FigureError> {
    let items: Vec<(&KernelInput, f64)> = input.suite.iter().map(|k| (k, input.size)).collect();
    summarize(&input.platform, &items, &input.suite_name)
}

/// Predict each kernel at its own size on `platform`; `set_name` names the
/// set in the error of an empty one.
pub fn summarize(
    platform: &Platform,
    items: &[(&KernelInput, f64)],
    set_name: &str,
) -> Result<SuiteSummary, FigureError> {
    if items.is_empty() {
        return Err(FigureError::input(
            format!("the kernel set '{set_name}'"),
            "is empty: choose at least one kernel",
        ));
    }
    let mut rows = Vec::with_capacity(items.len());
    for (k, n) in items {
        if !(n.is_finite() && *n >= 1.0) {
            return Err(FigureError::input(
                format!("problem size n = {} of {}", fmt_whole(*n), k.name),
                "must be a number of at least 1",
            ));
        }
        let decision =
            decide(&k.kernel, platform, *n).map_err(|e| FigureError::from(e).of(&k.name))?;
        rows.push(SuiteRow {
            id: k.id.clone(),
            name: k.short_label(),
            decision,
        });
    }
    Ok(SuiteSummary {
        size: most_common_size(&rows),
        geomean_always: geomean(rows.iter().map(SuiteRow::always_speedup)),
        geomean_profitable: geomean(rows.iter().map(SuiteRow::profitable_speedup)),
        rows,
    })
}

/// The size most rows share (the first such on a tie).
fn most_common_size(rows: &[SuiteRow]) -> f64 {
    let count = |n: f64| rows.iter().filter(|r| r.decision.n == n).count();
    let mut best = (f64::NAN, 0);
    for r in rows {
        let c = count(r.decision.n);
        if c > best.1 {
            best = (r.decision.n, c);
        }
    }
    best.0
}

fn bar_set(name: &str, color: [u8; 3], width: f64, offset: f64) -> BarSet {
    BarSet {
        name: name.into(),
        color,
        width,
        offset,
        bars: Vec::new(),
        value_labels: true,
    }
}

/// The suite figure: every kernel at the input's size, or each at its
/// own where the input gives them.
pub(super) fn build(input: &OffloadInput) -> Result<ChartFigure, FigureError> {
    match &input.suite_sizes {
        Some(sizes) => build_at(input, sizes),
        None => chart(input, &suite_summary(input)?),
    }
}

/// The suite figure with kernel k at `sizes[k]` (each kernel's own test
/// or benchmark size, say) instead of the input's size.
pub fn build_at(input: &OffloadInput, sizes: &[f64]) -> Result<ChartFigure, FigureError> {
    super::check_sizes(input)?;
    if sizes.len() != input.suite.len() {
        return Err(FigureError::input(
            format!("{} sizes for {} kernels", sizes.len(), input.suite.len()),
            "must give one size per kernel",
        ));
    }
    let items: Vec<(&KernelInput, f64)> = input.suite.iter().zip(sizes.iter().copied()).collect();
    chart(
        input,
        &summarize(&input.platform, &items, &input.suite_name)?,
    )
}

fn chart(input: &OffloadInput, s: &SuiteSummary) -> Result<ChartFigure, FigureError> {
    let categories: Vec<String> = s.rows.iter().map(|r| r.name.clone()).collect();
    let measured = input.measured.as_ref().map(|m| {
        let c = measured::compare(s, input.platform.cpu.threads, m);
        (m, c)
    });
    // Bars rise from the bottom of the log axis, so a kept-on-host bar
    // (exactly 1x) still shows.
    let mut vals: Vec<f64> = s.rows.iter().map(|r| r.decision.speedup).collect();
    vals.extend([1.0, s.geomean_always, s.geomean_profitable]);
    if let Some((m, c)) = &measured {
        vals.extend(measured::speedups(m, c));
    }
    let (lo, hi) = fit_range(Scale::Log10, vals);
    let mut panel = ChartPanel::bars(
        &format!("Predicted speedup at {}", s.size_text()),
        categories,
        ChartAxis::new(
            "predicted speedup, CPU time / GPU time",
            "x",
            Scale::Log10,
            lo,
            hi,
        ),
    );
    panel.x.label = "kernel".into();
    panel.ref_lines = geomean_lines(s);
    let mut notes = suite_notes(input, s);
    let Some((m, c)) = measured else {
        panel.bars = policy_bars(s, lo, (0.4, 0.21));
        return Ok(figure(input, vec![panel], notes));
    };
    panel.title = format!("Predicted and measured speedup at {}", s.size_text());
    panel.y.label = "speedup, CPU time / GPU time".into();
    // Three bars a kernel leave no room for value labels: the hover text
    // and the CSV give the values.
    panel.bars = policy_bars(s, lo, (0.28, 0.28));
    for b in &mut panel.bars {
        b.offset -= 0.28;
        b.value_labels = false;
    }
    panel.bars.push(measured::speedup_bars(s, m, &c, lo));
    let mut panels = vec![panel];
    panels.extend(measured::times_panel(s, m, &c));
    notes.extend(measured::notes(s, m, &c));
    Ok(figure(input, panels, notes))
}

fn figure(input: &OffloadInput, panels: Vec<ChartPanel>, notes: Vec<String>) -> ChartFigure {
    ChartFigure {
        title: format!(
            "Offload decision for {}: always offload against offload when profitable",
            input.suite_name
        ),
        subtitle: subtitle(input),
        panels,
        notes,
    }
}

/// The bars of both policies from `base`: always offload, and offload
/// when profitable split into GPU chosen and host kept, `width` wide at
/// `-offset` and `+offset`. A policy set without bars stays out of the
/// legend.
fn policy_bars(s: &SuiteSummary, base: f64, (width, offset): (f64, f64)) -> Vec<BarSet> {
    let mut always = bar_set("always offload", palette::BLUE, width, -offset);
    let mut gpu = bar_set(
        "offload when profitable: GPU chosen",
        palette::GREEN,
        width,
        offset,
    );
    let mut host = bar_set(
        "offload when profitable: host kept (1x)",
        palette::ORANGE,
        width,
        offset,
    );
    for (k, r) in s.rows.iter().enumerate() {
        let d = &r.decision;
        always.bars.push(Bar {
            category: k,
            base,
            value: d.speedup,
            range: None,
            label: format!("{} if offloaded", fmt_speedup(d.speedup)),
        });
        let (set, label) = if d.offload {
            (
                &mut gpu,
                format!("{}: offload, {}", r.name, fmt_speedup(d.speedup)),
            )
        } else {
            (
                &mut host,
                format!(
                    "keep on the host (the GPU would give {})",
                    fmt_speedup(d.speedup)
                ),
            )
        };
        set.bars.push(Bar {
            category: k,
            base,
            value: r.profitable_speedup(),
            range: None,
            label,
        });
    }
    let mut bars = vec![always];
    bars.extend([gpu, host].into_iter().filter(|b| !b.bars.is_empty()));
    bars
}

/// The 1x line and both policies' geometric means.
fn geomean_lines(s: &SuiteSummary) -> Vec<RefLine> {
    let line = |value: f64, label: String, color, style| RefLine {
        orientation: Orientation::Horizontal,
        value,
        label,
        color,
        style,
    };
    vec![
        line(1.0, "1x".into(), palette::BLACK, LineStyle::Solid),
        line(
            s.geomean_always,
            format!("geomean, always offload: {}", fmt_speedup(s.geomean_always)),
            palette::BLUE,
            LineStyle::Dashed,
        ),
        line(
            s.geomean_profitable,
            format!(
                "geomean, offload when profitable: {}",
                fmt_speedup(s.geomean_profitable)
            ),
            palette::GREEN,
            LineStyle::Dashed,
        ),
    ]
}

/// The geometric means, how many kernels are offloaded, which stay on the
/// host and which have edited subscripts.
fn suite_notes(input: &OffloadInput, s: &SuiteSummary) -> Vec<String> {
    let kept: Vec<&str> = s
        .rows
        .iter()
        .filter(|r| !r.decision.offload)
        .map(|r| r.name.as_str())
        .collect();
    let mut notes = vec![
        format!(
            "Geometric-mean speedup over {} kernels at {}: always offload {}, offload when predicted profitable {}.",
            s.rows.len(),
            s.size_text(),
            fmt_speedup(s.geomean_always),
            fmt_speedup(s.geomean_profitable),
        ),
        format!(
            "The model offloads {} of {} kernels; the host runs {}.",
            s.offloaded(),
            s.rows.len(),
            threads_text(input.platform.cpu.threads)
        ),
    ];
    if !kept.is_empty() {
        notes.push(format!("Kept on the host: {}.", kept.join(", ")));
    }
    let too_big: Vec<&str> = s
        .rows
        .iter()
        .filter(|r| r.decision.fits_gpu == Some(false))
        .map(|r| r.name.as_str())
        .collect();
    if !too_big.is_empty() {
        notes.push(format!(
            "Does not fit the GPU's memory at this size (kept on the host by both policies): {}.",
            too_big.join(", ")
        ));
    }
    notes.extend(paper_note(input, s));
    notes.push(super::formulation_note(&input.platform));
    let edited: Vec<String> = input
        .suite
        .iter()
        .filter(|k| k.edited)
        .map(|k| k.short_label())
        .collect();
    if !edited.is_empty() {
        notes.push(format!(
            "{}: subscripts edited, not as in the preset.",
            edited.join(", ")
        ));
    }
    notes
}

/// The paper's measured geometric means for the same suite, size and host
/// threads (Section IV-E, Figure 8: 25 loops at test or benchmark size
/// against 160 threads on POWER9 + V100), beside this figure's.
fn paper_note(input: &OffloadInput, s: &SuiteSummary) -> Option<String> {
    use hetscope_model::offload::paper_quotes::{KERNEL_COUNT, Mode, Policy, geomean_quote};
    if s.rows.len() != KERNEL_COUNT {
        return None;
    }
    let mode = match s.size {
        1100.0 => Mode::Test,
        9600.0 => Mode::Benchmark,
        _ => return None,
    };
    let threads = input.platform.cpu.threads;
    let quote = |p| geomean_quote(p, mode, threads as u32).filter(|_| threads.fract() == 0.0);
    let (always, guided) = (quote(Policy::AlwaysOffload)?, quote(Policy::ModelGuided)?);
    Some(format!(
        "The paper measured these loops on {} with {} host threads ({}): always offload {}, offload where its model says so {} (measured speedups; the geometric means above are predicted).",
        always.machine.label(),
        always.threads,
        always.place,
        fmt_speedup(always.speedup),
        fmt_speedup(guided.speedup),
    ))
}

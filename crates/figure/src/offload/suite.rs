//! The suite view: every kernel of a set at one size (or each at its own
//! test or benchmark size), as bars of the predicted speedup of
//! offloading, and the geometric-mean speedup of two policies: always
//! offload, and offload only where the model predicts a speedup above 1
//! (elsewhere the loop stays on the host: speedup 1).

use super::input::{OffloadInput, check_sizes, formulation_note, subtitle, threads_text};
use super::measured;
use super::summary::{SuiteSummary, suite_summary};
use crate::chart::{
    Bar, BarSet, ChartAxis, ChartFigure, ChartPanel, LineStyle, Orientation, RefLine, Scale,
    fit_range, palette,
};
use crate::error::FigureError;
use hetscope_model::format::{fmt_sig, fmt_speedup};

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
    check_sizes(input)?;
    chart(input, &suite_summary(input)?)
}

/// The suite figure with kernel k at `sizes[k]` (each kernel's own test
/// or benchmark size, say) instead of the input's size.
pub fn build_at(input: &OffloadInput, sizes: &[f64]) -> Result<ChartFigure, FigureError> {
    let input = OffloadInput {
        suite_sizes: Some(sizes.to_vec()),
        ..input.clone()
    };
    build(&input)
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
    // The whiskers' ends too.
    vals.extend(
        s.rows
            .iter()
            .filter_map(|r| r.decision.interval)
            .flat_map(|i| [i.low, i.high]),
    );
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
        // Whiskered by the speedup's interval, where the platform knows
        // its formulation's error.
        always.bars.push(Bar {
            category: k,
            base,
            value: d.speedup,
            range: d.interval.map(|i| (i.low, i.high)),
            label: match d.interval {
                Some(i) => format!(
                    "{} if offloaded ({:.0} % interval {} to {})",
                    fmt_speedup(d.speedup),
                    100.0 * i.confidence,
                    fmt_speedup(i.low),
                    fmt_speedup(i.high)
                ),
                None => format!("{} if offloaded", fmt_speedup(d.speedup)),
            },
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
    notes.push(formulation_note(&input.platform));
    if let Some(e) = &input.platform.speedup_error {
        let close: Vec<&str> = s
            .rows
            .iter()
            .filter(|r| r.decision.call() == hetscope_model::offload::Call::TooClose)
            .map(|r| r.name.as_str())
            .collect();
        notes.push(format!(
            "Whiskers: each speedup's {:.0} % interval (x / {} to x {}, the formulation's error on {} measured runs); too close to call: {}.",
            100.0 * e.confidence,
            fmt_sig(e.factor),
            fmt_sig(e.factor),
            e.rows,
            if close.is_empty() { "none".to_string() } else { close.join(", ") }
        ));
    }
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

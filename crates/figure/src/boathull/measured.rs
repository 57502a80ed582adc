//! Measured times over the boat hull view: each measured processor's
//! points over the hull of the model's processor of the same kind, and
//! the relative error (model - measured) / measured per point.
//!
//! Only points of the view's class (or of a file without a class column)
//! are compared. Which of the view's processors a measured processor is
//! compared with, in this order:
//!
//! 1. the file's `kind` column (`cpu` or `gpu`): the view's processor of
//!    that kind;
//! 2. the word `GPU` or `CPU` in the measured processor's name: the same;
//! 3. the names: the view's processor whose name shares the most words
//!    with the measured name (parts in parentheses and plain numbers left
//!    out, case ignored); a tie or no shared word leaves it unmatched.
//!
//! An unmatched processor is not drawn; a note names it. A point sits at
//! the model's f (a file's f of fused multiply-adds doubled: two
//! operations each). The model's time is the hull, max(c0, m0): the
//! kernel alone, no transfer t0; for a CPU's point of one dependent FMA
//! chain per element, the chain floor, max(c_chain, m0), where the CPU's
//! FMA latency is known (a GPU hides the chain's latency behind its other
//! warps: the hull).

use super::super::chart::{ChartAxis, ChartPanel, LineStyle, Orientation, RefLine, Scale, Series};
use super::curves::{curves, f_axis, times};
use super::input::{BoathullInput, BoathullProcessor};
use crate::chart::palette;
use crate::error::FigureError;
use hetscope_model::boathull::measured::{median, relative_error};
use hetscope_model::boathull::{Class, ClassOptions, MeasuredCurve, MeasuredPoint};
use hetscope_model::format::fmt_tick;
use hetscope_model::perdome::Side;

/// Colours of the measured points: none of them is a curve's colour.
pub const MEASURED_COLORS: [[u8; 3]; 4] =
    [[136, 34, 85], [51, 34, 136], [17, 119, 51], [153, 153, 51]];

/// How a measured processor was matched with a model processor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchedBy {
    KindColumn,
    KindWord,
    Name,
}

impl MatchedBy {
    pub fn text(self) -> &'static str {
        match self {
            MatchedBy::KindColumn => "the file's kind column",
            MatchedBy::KindWord => "the word GPU or CPU in its name",
            MatchedBy::Name => "its name",
        }
    }
}

/// One measured point with the model's time at its f.
#[derive(Clone, Debug, PartialEq)]
pub struct ComparedPoint {
    /// The model's operator complexity, operations per element.
    pub f: f64,
    pub measured_s: f64,
    /// The model's time at f (the hull, or the chain floor), s.
    pub model_s: f64,
    /// (model - measured) / measured.
    pub relative_error: f64,
    pub variant: Option<String>,
    /// The file's line.
    pub line: u64,
}

/// A measured processor's points against one model processor.
#[derive(Clone, Debug, PartialEq)]
pub struct ComparedProcessor {
    pub processor: String,
    /// Index of the model processor in the candidates given to [`compare`].
    pub model: usize,
    pub model_name: String,
    pub matched_by: MatchedBy,
    pub points: Vec<ComparedPoint>,
    /// Whether its points are set against the chain floor (a CPU's
    /// `fma chain` rows), not the hull.
    pub chained: bool,
}

impl ComparedProcessor {
    /// The median of the absolute relative errors.
    pub fn median_abs_error(&self) -> Option<f64> {
        let abs: Vec<f64> = self.points.iter().map(|p| p.relative_error.abs()).collect();
        median(&abs)
    }

    /// The largest absolute relative error and the f where it is.
    pub fn max_abs_error(&self) -> Option<(f64, f64)> {
        self.points
            .iter()
            .map(|p| (p.relative_error.abs(), p.f))
            .max_by(|a, b| a.0.total_cmp(&b.0))
    }
}

/// A measured curve set against the model's processors.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    pub file: String,
    pub processors: Vec<ComparedProcessor>,
    /// Rows of classes other than the view's, not compared.
    pub other_class_rows: usize,
    /// Measured processors matched with no model processor, and their rows.
    pub unmatched: Vec<(String, usize)>,
}

/// Set the points of `curve` of `class` against `candidates` (the
/// view's processors, in order of preference).
pub fn compare(
    curve: &MeasuredCurve,
    class: &Class,
    options: &ClassOptions,
    candidates: &[&BoathullProcessor],
) -> Result<Comparison, FigureError> {
    let class_text = class.to_string();
    let of_class = |p: &&MeasuredPoint| p.class.as_deref().is_none_or(|c| c == class_text);
    let mut out = Comparison {
        file: curve.file.clone(),
        processors: Vec::new(),
        other_class_rows: curve.points.iter().filter(|p| !of_class(p)).count(),
        unmatched: Vec::new(),
    };
    for name in curve.processors() {
        let rows: Vec<&MeasuredPoint> = curve
            .points
            .iter()
            .filter(|p| p.processor == name)
            .filter(of_class)
            .collect();
        if rows.is_empty() {
            continue;
        }
        let kind = rows.iter().find_map(|p| p.kind);
        let Some((model, matched_by)) = match_processor(name, kind, candidates) else {
            out.unmatched.push((name.to_string(), rows.len()));
            continue;
        };
        let p = candidates[model];
        let vars = p.vars(class, options);
        let mut points = Vec::with_capacity(rows.len());
        let mut chained = false;
        for r in rows {
            let f = r.operator.model_f(r.f);
            let t = times(p, &vars, f)?;
            let model_s = match t.chained {
                Some(on_chain) if r.operator.chained() => {
                    chained = true;
                    on_chain
                }
                _ => t.hull,
            };
            points.push(ComparedPoint {
                f,
                measured_s: r.time_s,
                model_s,
                relative_error: relative_error(model_s, r.time_s),
                variant: r.variant.clone(),
                line: r.line,
            });
        }
        out.processors.push(ComparedProcessor {
            processor: name.to_string(),
            model,
            model_name: p.name.clone(),
            matched_by,
            points,
            chained,
        });
    }
    Ok(out)
}

/// Which candidate a measured processor is compared with (the rule in the
/// module's documentation).
pub fn match_processor(
    name: &str,
    kind: Option<Side>,
    candidates: &[&BoathullProcessor],
) -> Option<(usize, MatchedBy)> {
    let of_kind = |side: Side| candidates.iter().position(|c| c.side() == side);
    if let Some(side) = kind {
        return of_kind(side).map(|i| (i, MatchedBy::KindColumn));
    }
    let measured = words(name);
    for (word, side) in [("gpu", Side::Gpu), ("cpu", Side::Cpu)] {
        if measured.iter().any(|w| w == word) {
            return of_kind(side).map(|i| (i, MatchedBy::KindWord));
        }
    }
    let shared: Vec<usize> = candidates
        .iter()
        .map(|c| {
            words(&c.name)
                .iter()
                .filter(|w| measured.contains(w))
                .count()
        })
        .collect();
    let best = shared.iter().copied().max().filter(|&n| n > 0)?;
    let mut at_best = shared.iter().enumerate().filter(|(_, n)| **n == best);
    match (at_best.next(), at_best.next()) {
        (Some((i, _)), None) => Some((i, MatchedBy::Name)),
        _ => None,
    }
}

/// The words of a name, lower case: parts in parentheses and plain
/// numbers left out.
fn words(name: &str) -> Vec<String> {
    let mut outside = String::new();
    let mut depth = 0usize;
    for ch in name.chars() {
        match ch {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => outside.push(ch),
            _ => {}
        }
    }
    outside
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty() && !w.chars().all(|c| c.is_ascii_digit()))
        .map(str::to_lowercase)
        .collect()
}

/// The legend of a measured processor's points.
pub fn legend(processor: &str, file: &str) -> String {
    format!("measured: {processor} ({file})")
}

/// Draw `curve` over the view's panel (and the second processor's hull
/// where a measured processor is of its kind); returns the panel of the
/// relative errors, if any point was compared, and the figure's notes.
pub(super) fn overlay(
    input: &BoathullInput,
    curve: &MeasuredCurve,
    panel: &mut ChartPanel,
) -> Result<(Option<ChartPanel>, Vec<String>), FigureError> {
    let candidates = [&input.processor, &input.partner];
    let cmp = compare(curve, &input.class, &input.options, &candidates)?;
    let (lo, hi) = input.f_range();
    let mut errors = error_panel(input);
    let mut partner_drawn = false;
    for (k, c) in cmp.processors.iter().enumerate() {
        let color = MEASURED_COLORS[k % MEASURED_COLORS.len()];
        if c.model == 1 && !partner_drawn {
            partner_drawn = true;
            panel.series.push(partner_line(input, c.chained)?);
        }
        let shown = |p: &&ComparedPoint| p.f >= lo && p.f <= hi;
        let measured = c.points.iter().filter(shown).map(|p| [p.f, p.measured_s]);
        let name = legend(&c.processor, &cmp.file);
        panel
            .series
            .push(Series::line(&name, color, measured.collect()).points_only());
        let errs = c.points.iter().filter(shown);
        errors.series.push(
            Series::line(
                &format!("error: {} against {}", c.processor, short(&c.model_name)),
                color,
                errs.map(|p| [p.f, 100.0 * p.relative_error]).collect(),
            )
            .points_only(),
        );
        errors.notes.push(summary(c));
    }
    errors.fit_y(Some(0.0));
    Ok((
        (!cmp.processors.is_empty()).then_some(errors),
        notes(&cmp, input),
    ))
}

/// The second processor's hull (or chain floor, where its measured points
/// are set against it), drawn for the measured points of its kind.
fn partner_line(input: &BoathullInput, chained: bool) -> Result<Series, FigureError> {
    let p = &input.partner;
    let hull = curves(input, p)?;
    let vars = p.vars(&input.class, &input.options);
    let mut pts = Vec::with_capacity(hull.f.len());
    for (x, y) in hull.f.iter().zip(&hull.hull) {
        let floor = if chained {
            times(p, &vars, *x)?.chained
        } else {
            None
        };
        pts.push([*x, floor.unwrap_or(*y)]);
    }
    let what = if chained { "chain floor" } else { "hull" };
    let name = format!(
        "{}: {what} (model of the measured {})",
        p.short_name(),
        p.side().name()
    );
    Ok(Series::line(&name, palette::GREY, pts).dashed().width(2.0))
}

/// A name up to its first " (".
fn short(name: &str) -> &str {
    match name.find(" (") {
        Some(k) if k > 0 => &name[..k],
        _ => name,
    }
}

/// The panel of relative errors, with its zero line.
fn error_panel(input: &BoathullInput) -> ChartPanel {
    let mut p = ChartPanel::new(
        "Relative error of the model against the measurements",
        f_axis(input),
        ChartAxis::new(
            "relative error (model - measured) / measured",
            "%",
            Scale::Linear,
            -100.0,
            100.0,
        ),
    );
    p.ref_lines.push(RefLine {
        orientation: Orientation::Horizontal,
        value: 0.0,
        label: "model = measured".into(),
        color: palette::GREY,
        style: LineStyle::Dotted,
    });
    p
}

/// "H100 ...: 11 points against NVIDIA H100 ... (matched by its name):
/// median |error| 45.2 %, max |error| 61.0 % at f = 1024."
pub fn summary(c: &ComparedProcessor) -> String {
    let pct = |v: f64| format!("{:.1} %", 100.0 * v);
    let median = c.median_abs_error().map_or("none".into(), pct);
    let max = c.max_abs_error().map_or("none".into(), |(e, f)| {
        format!("{} at f = {}", pct(e), fmt_tick(f))
    });
    format!(
        "{}: {} point{} against the {} of {} (matched by {}): median |error| {median}, max |error| {max}.",
        c.processor,
        c.points.len(),
        if c.points.len() == 1 { "" } else { "s" },
        if c.chained { "chain floor" } else { "hull" },
        c.model_name,
        c.matched_by.text()
    )
}

/// The figure's notes on what was compared and what was not.
fn notes(cmp: &Comparison, input: &BoathullInput) -> Vec<String> {
    let chained = if cmp.processors.iter().any(|c| c.chained) {
        " (a CPU's rows of one dependent FMA chain per element: its chain floor max(c_chain, m0), at the model's f = 2 x FMAs)"
    } else {
        ""
    };
    let mut v = vec![format!(
        "Measured ({}): dots; error = (model - measured) / measured, the model's time being its hull max(c0, m0) without t0{chained}.",
        cmp.file
    )];
    if cmp.other_class_rows > 0 {
        v.push(format!(
            "{} row{} of classes other than {} skipped.",
            cmp.other_class_rows,
            if cmp.other_class_rows == 1 { "" } else { "s" },
            input.class
        ));
    }
    for (name, rows) in &cmp.unmatched {
        v.push(format!(
            "{name} ({rows} rows) not drawn: it matches neither {} nor {} (add a kind column, cpu or gpu).",
            input.processor.name, input.partner.name
        ));
    }
    let (lo, hi) = input.f_range();
    let outside = cmp
        .processors
        .iter()
        .flat_map(|c| &c.points)
        .filter(|p| p.f < lo || p.f > hi)
        .count();
    if outside > 0 {
        v.push(format!(
            "{outside} measured points outside the shown f range are counted in the errors but not drawn."
        ));
    }
    v
}

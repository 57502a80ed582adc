//! The boat hull view: execution time against operator complexity f for
//! one class on one processor (the paper's Figures 2 and 3).

use super::super::chart::{
    ChartAxis, ChartFigure, ChartPanel, PointMarker, Scale, Series, palette,
};
use super::curves::{Curves, Times, curves, f_axis, f_line, times};
use super::input::{BoathullInput, BoathullProcessor};
use super::measured::overlay;
use crate::error::FigureError;
use hetscope_model::boathull::{ClassVars, Target, balance_complexity};
use hetscope_model::format::{fmt_tick, fmt_time, fmt_time_range};

/// P_compute of a processor, GFLOP/s.
pub(super) fn p_compute(p: &BoathullProcessor) -> f64 {
    match p.target {
        Target::Gpu { gpu, .. } => gpu.p_compute_gflops,
        Target::Cpu { cpu, .. } => cpu.p_compute_gflops,
    }
}

fn points(f: &[f64], y: &[f64], plus: f64) -> Vec<[f64; 2]> {
    f.iter().zip(y).map(|(x, y)| [*x, y + plus]).collect()
}

/// "w = .., m = .., o = .., d = .., c = .., u = .." of a class.
pub(super) fn vars_text(v: &ClassVars) -> String {
    format!(
        "w = {}, m = {}, o = {}, d = {}, c = {}, u = {} (d, c, u in 32-bit elements)",
        fmt_tick(v.w),
        fmt_tick(v.m),
        fmt_tick(v.o),
        fmt_tick(v.d),
        fmt_tick(v.c),
        fmt_tick(v.u)
    )
}

/// The boat hull view of the input's first processor.
pub(super) fn build(input: &BoathullInput) -> Result<ChartFigure, FigureError> {
    let p = &input.processor;
    let view = HullView {
        input,
        p,
        vars: p.vars(&input.class, &input.options),
        gpu: matches!(p.target, Target::Gpu { .. }),
    };
    let c = curves(input, p)?;
    let mut panel = view.panel(&c);
    if let Some(o) = &input.overlay {
        panel.series.extend(overlay_series(input, o)?);
    }
    let (errors, measured_notes) = match &input.measured {
        Some(m) => overlay(input, m, &mut panel)?,
        None => (None, Vec::new()),
    };
    let t = view.mark_chosen_f(&mut panel, &c)?;
    view.mark_balance(&mut panel, t.m0);
    panel.fit_y(None);
    Ok(ChartFigure {
        title: "Boat hull: execution time against operator complexity".into(),
        subtitle: format!(
            "{} | {} | {} {}{}",
            input.class,
            input.class_row(),
            p.side().name(),
            p.name,
            input
                .overlay
                .as_ref()
                .map_or(String::new(), |o| format!(" | compared with {}", o.name))
        ),
        panels: std::iter::once(panel).chain(errors).collect(),
        notes: [
            format!("Class variables: {}.", vars_text(&view.vars)),
            "Solid: the equations and their hull; dashed: each plus the transfer t0 (GPU only)."
                .into(),
            input.options_note(),
        ]
        .into_iter()
        .chain(measured_notes)
        .collect(),
    })
}

/// A second platform's processor over the view: its hull (purple, dotted)
/// and, on a GPU, its total with transfers (purple, dashed).
fn overlay_series(
    input: &BoathullInput,
    o: &BoathullProcessor,
) -> Result<Vec<Series>, FigureError> {
    let c = curves(input, o)?;
    let mut out = vec![
        Series::line(
            &format!("{}: hull", o.name),
            palette::PURPLE,
            points(&c.f, &c.hull, 0.0),
        )
        .dotted()
        .width(2.6),
    ];
    if matches!(o.target, Target::Gpu { .. }) {
        out.push(
            Series::line(
                &format!("{}: total with transfers", o.name),
                // Purple as its hull: the sky blue dash is the c1 floor's
                // plus t0, drawn unnamed.
                palette::PURPLE,
                points(&c.f, &c.hull, c.t0),
            )
            .dashed()
            .width(2.2),
        );
    }
    Ok(out)
}

/// The boat hull view of one processor.
struct HullView<'a> {
    input: &'a BoathullInput,
    p: &'a BoathullProcessor,
    vars: ClassVars,
    /// Whether the processor is a GPU (with a transfer t0).
    gpu: bool,
}

impl HullView<'_> {
    /// The panel with its curves: the hull, the equations and, on a GPU,
    /// each plus the transfer t0.
    fn panel(&self, c: &Curves) -> ChartPanel {
        let (input, p) = (self.input, self.p);
        let mut panel = ChartPanel::new(
            &format!(
                "{} on {} ({})",
                input.class_row(),
                p.short_name(),
                p.side().name()
            ),
            f_axis(input),
            ChartAxis::new("execution time", "s", Scale::Log10, 0.1, 10.0),
        );
        // The hull first and wide, so the equations run on top of it.
        panel.series.push(
            Series::line(
                "hull = max(c0, m0)",
                palette::BLACK,
                points(&c.f, &c.hull, 0.0),
            )
            .width(4.0),
        );
        for (e, line) in c.equations.iter().zip(&c.lines) {
            panel
                .series
                .push(Series::line(&e.name, e.color, points(&c.f, line, 0.0)).width(1.8));
        }
        if self.gpu {
            panel.series.extend(self.transfer_series(c));
        }
        panel
    }

    /// The hull and each equation plus t0 (dashed), and t0 itself.
    fn transfer_series(&self, c: &Curves) -> Vec<Series> {
        let mut series = vec![
            Series::line(
                "total with transfers: hull + t0",
                palette::BLACK,
                points(&c.f, &c.hull, c.t0),
            )
            .dashed()
            .width(2.2),
        ];
        for (e, line) in c.equations.iter().zip(&c.lines) {
            let mut s = Series::line(
                &format!("{} + t0", e.key),
                e.color,
                points(&c.f, line, c.t0),
            )
            .dashed()
            .width(1.2);
            s.hide_in_legend = true;
            series.push(s);
        }
        let (lo, hi) = self.input.f_range();
        series.push(
            Series::line(
                "t0 transfer (4 d / B_bus)",
                palette::GREEN,
                vec![[lo, c.t0], [hi, c.t0]],
            )
            .dotted()
            .width(1.4),
        );
        series
    }

    /// The chosen f: marker, line and readout; returns its times.
    fn mark_chosen_f(&self, panel: &mut ChartPanel, c: &Curves) -> Result<Times, FigureError> {
        let f = self.input.f;
        let t = times(self.p, &self.vars, f)?;
        let bound = if t.values()[0] >= t.m0 {
            "compute bound"
        } else {
            "memory bound"
        };
        panel.ref_lines.push(f_line(f));
        panel.markers.push(PointMarker {
            label: format!("f = {}: hull {} ({bound})", fmt_tick(f), fmt_time(t.hull)),
            x: f,
            y: t.hull,
            color: palette::BLACK,
        });
        let mut readout: Vec<String> = c
            .equations
            .iter()
            .zip(t.values())
            .map(|(e, v)| format!("{} = {}", e.key, fmt_time(*v)))
            .collect();
        readout.push(format!("hull = {} ({bound})", fmt_time(t.hull)));
        panel
            .notes
            .push(format!("At f = {}: {}.", fmt_tick(f), readout.join(", ")));
        self.note_transfers(panel, &t);
        Ok(t)
    }

    /// The total with transfers at the chosen f (a GPU) or why there is
    /// none (a CPU), then the kernel range under the assumptions.
    fn note_transfers(&self, panel: &mut ChartPanel, t: &Times) {
        let f = self.input.f;
        if self.gpu {
            panel.markers.push(PointMarker {
                label: format!("with transfers: {}", fmt_time(t.hull + t.t0)),
                x: f,
                y: t.hull + t.t0,
                color: palette::GREY,
            });
            panel.notes.push(format!(
                "Transfer t0 = 4 d / B_bus = {}; total with transfers = {}.",
                fmt_time(t.t0),
                fmt_time(t.hull + t.t0)
            ));
        } else {
            panel
                .notes
                .push("A CPU works on data in its own memory: no transfer t0.".into());
        }
        panel.notes.push(format!(
            "Assumed {}: kernel {}{}.",
            self.p.assumptions_text(),
            fmt_time_range(t.range.low_s, t.range.high_s),
            if self.gpu {
                format!(
                    ", with transfers {}",
                    fmt_time_range(t.range.low_s + t.t0, t.range.high_s + t.t0)
                )
            } else {
                String::new()
            }
        ));
    }

    /// Where c0 meets m0: memory bound below, compute bound above; `m0`
    /// is the memory time at the chosen f.
    fn mark_balance(&self, panel: &mut ChartPanel, m0: f64) {
        let (lo, hi) = self.input.f_range();
        match balance_complexity(&self.vars, p_compute(self.p), 1.0, m0) {
            Some(fb) => {
                if fb >= lo && fb <= hi {
                    panel.markers.push(PointMarker {
                        label: format!("c0 = m0 at f = {}", fmt_tick(fb)),
                        x: fb,
                        y: m0,
                        color: palette::VERMILION,
                    });
                }
                panel.notes.push(format!(
                    "Memory bound below f = {}, compute bound above (c0 = m0).",
                    fmt_tick(fb)
                ));
            }
            None => panel
                .notes
                .push("Compute bound at every f (c0 > m0 already at f = 0).".into()),
        }
    }
}

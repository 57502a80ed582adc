//! The classic roofline of both processors with the same primitives on it
//! (the paper's Figure 1 against Figure 7): performance against
//! operational intensity, the roofline's roof and ceilings, the boat hull
//! prediction of the class over f, and an application's primitives.

use super::super::chart::{
    ChartAxis, ChartFigure, ChartPanel, PointMarker, Scale, Series, fit_range, palette,
};
use super::curves::{Times, times};
use super::input::{BoathullInput, BoathullProcessor};
use crate::error::FigureError;
use hetscope_model::boathull::roofline::gpu_ceiling_range;
use hetscope_model::boathull::{ClassOptions, ClassVars, Roofline, RooflinePoint, Target};
use hetscope_model::format::{fmt_num, fmt_tick, fmt_time};

/// A roofline with its name, drawn over `[lo, hi]` (3 points: the bend is
/// exact on log axes).
fn roof_series(name: &str, color: [u8; 3], r: &Roofline, lo: f64, hi: f64) -> Series {
    let mut pts = vec![[lo, r.attainable_gops(lo)]];
    let ridge = r.ridge_ops_per_byte();
    if ridge > lo && ridge < hi {
        pts.push([ridge, r.p_compute_gflops]);
    }
    pts.push([hi, r.attainable_gops(hi)]);
    Series::line(name, color, pts)
}

/// The roofline and its ceilings (name, colour, roofline) of a processor.
fn roofs(p: &BoathullProcessor) -> (Roofline, Vec<(String, [u8; 3], Roofline)>) {
    match p.target {
        Target::Gpu { gpu, .. } => {
            let roof = Roofline::of_gpu(&gpu);
            let ceilings = vec![
                (
                    "ceiling: no FMA (P_compute / 2)".to_string(),
                    palette::SKY,
                    Roofline {
                        p_compute_gflops: gpu.p_compute_gflops / 2.0,
                        ..roof
                    },
                ),
                (
                    "ceiling: scattered accesses (I x P_uncoalesced)".to_string(),
                    palette::ORANGE,
                    Roofline {
                        p_memory_gbs: gpu.p_uncoalesced_gbs,
                        ..roof
                    },
                ),
            ];
            (roof, ceilings)
        }
        Target::Cpu { cpu, .. } => {
            let roof = Roofline::of_cpu(&cpu);
            let ceiling = |name: String, color, div: f64| {
                (
                    name,
                    color,
                    Roofline {
                        p_compute_gflops: cpu.p_compute_gflops / div,
                        ..roof
                    },
                )
            };
            // One thread is `speedup()` times slower than all (the
            // measured thread speedup, else N_threads), as in the model.
            let (lanes, threads) = (f64::from(cpu.lanes()), cpu.speedup());
            // As fast scalar as on one thread: the two ceilings are one
            // line, named once (the second would hide the first).
            let ceilings = if (lanes - threads).abs() <= 1e-9 * lanes {
                vec![ceiling(
                    format!(
                        "ceiling: scalar, or one thread (P_compute / {})",
                        fmt_tick(lanes)
                    ),
                    palette::SKY,
                    lanes,
                )]
            } else {
                vec![
                    ceiling(
                        format!("ceiling: scalar (P_compute / {})", fmt_tick(lanes)),
                        palette::SKY,
                        lanes,
                    ),
                    ceiling(
                        format!("ceiling: one thread (P_compute / {})", fmt_tick(threads)),
                        palette::GREEN,
                        threads,
                    ),
                ]
            };
            (roof, ceilings)
        }
    }
}

/// One panel: the roofline of `p` with the class and the application.
fn panel(input: &BoathullInput, p: &BoathullProcessor) -> Result<ChartPanel, FigureError> {
    let (roof, ceilings) = roofs(p);
    let v = RoofView {
        input,
        p,
        vars: p.vars(&input.class, &input.options),
        roof,
    };
    let hull = v.hull_curve()?;
    let prims = v.primitive_markers()?;
    let xs = hull
        .low
        .iter()
        .map(|p| p[0])
        .chain(prims.iter().map(|m| m.x))
        .chain([roof.ridge_ops_per_byte()]);
    let (xlo, xhi) = fit_range(Scale::Log10, xs);
    let mut panel = ChartPanel::new(
        &format!("Roofline of {} ({})", p.short_name(), p.side().name()),
        ChartAxis::new(
            "operational intensity I",
            "flop/byte",
            Scale::Log10,
            xlo,
            xhi,
        ),
        ChartAxis::new("performance", "GFLOP/s", Scale::Log10, 0.1, 10.0),
    );
    v.push_roofs(&mut panel, &ceilings, (xlo, xhi));
    v.push_hull(&mut panel, hull);
    v.mark_chosen_f(&mut panel, prims)?;
    panel.fit_y(None);
    Ok(panel)
}

/// The boat hull of the class as performance over intensity: at the
/// fastest and the slowest time under the assumptions.
struct HullCurve {
    low: Vec<[f64; 2]>,
    high: Vec<[f64; 2]>,
    /// Whether the assumptions leave a range anywhere.
    ranged: bool,
}

/// One processor's roofline panel.
struct RoofView<'a> {
    input: &'a BoathullInput,
    p: &'a BoathullProcessor,
    vars: ClassVars,
    roof: Roofline,
}

impl RoofView<'_> {
    /// The class over the f range, placed by the roofline's intensity and
    /// the boat hull's times.
    fn hull_curve(&self) -> Result<HullCurve, FigureError> {
        let f = self.input.f_samples();
        let mut low = Vec::with_capacity(f.len());
        let mut high = Vec::with_capacity(f.len());
        let mut ranged = false;
        for &x in &f {
            let pt = self.roof.point(&self.vars, x);
            let t = times(self.p, &self.vars, x)?;
            low.push([pt.intensity_ops_per_byte, pt.ops / t.range.low_s / 1e9]);
            high.push([pt.intensity_ops_per_byte, pt.ops / t.range.high_s / 1e9]);
            ranged |= t.range.high_s > t.range.low_s;
        }
        Ok(HullCurve { low, high, ranged })
    }

    /// The application's primitives at their lowest f (none without an
    /// application), placed by their fastest time.
    fn primitive_markers(&self) -> Result<Vec<PointMarker>, FigureError> {
        let mut prims = Vec::new();
        let Some(app) = &self.input.application else {
            return Ok(prims);
        };
        let options: ClassOptions = self.input.options;
        for (k, q) in app.primitives.iter().enumerate() {
            let fq = q.complexity.low();
            if fq <= 0.0 {
                continue;
            }
            let qv = self.p.vars(&q.class, &options);
            let pt = self.roof.point(&qv, fq);
            let t = self
                .p
                .target
                .primitive_range(q, &options)
                .map_err(FigureError::from)?;
            prims.push(PointMarker {
                label: format!("{} (f = {})", q.name, fmt_tick(fq)),
                x: pt.intensity_ops_per_byte,
                y: pt.ops / t.low_s / 1e9,
                color: palette::CYCLE[(k + 2) % palette::CYCLE.len()],
            });
        }
        Ok(prims)
    }

    /// The roofline and its ceilings across `[xlo, xhi]`.
    fn push_roofs(
        &self,
        panel: &mut ChartPanel,
        ceilings: &[(String, [u8; 3], Roofline)],
        (xlo, xhi): (f64, f64),
    ) {
        let mem = match self.p.target {
            Target::Gpu { .. } => "P_coalesced",
            Target::Cpu { .. } => "P_memory",
        };
        panel.series.push(
            roof_series(
                &format!("roofline: min(P_compute, I x {mem})"),
                palette::BLACK,
                &self.roof,
                xlo,
                xhi,
            )
            .width(2.6),
        );
        for (name, color, r) in ceilings {
            panel
                .series
                .push(roof_series(name, *color, r, xlo, xhi).dotted().width(1.6));
        }
    }

    /// The boat hull line, and its slowest line when there is a range.
    fn push_hull(&self, panel: &mut ChartPanel, hull: HullCurve) {
        panel.series.push(
            Series::line(
                &format!(
                    "boat hull of the class over f ({})",
                    self.input.class.shape().example()
                ),
                palette::BLUE,
                hull.low,
            )
            .width(2.2),
        );
        if hull.ranged {
            panel.series.push(
                Series::line(
                    "boat hull, slowest under the assumptions",
                    palette::BLUE,
                    hull.high,
                )
                .dotted()
                .width(1.4),
            );
        }
    }

    /// The class at the chosen f, on the roof and on the boat hull (one
    /// marker where they meet), then the primitives and the readout.
    fn mark_chosen_f(
        &self,
        panel: &mut ChartPanel,
        prims: Vec<PointMarker>,
    ) -> Result<(), FigureError> {
        let x = self.input.f;
        let pt = self.roof.point(&self.vars, x);
        let t = times(self.p, &self.vars, x)?;
        let hull_perf = pt.ops / t.range.low_s / 1e9;
        let roof_marker = PointMarker {
            label: format!(
                "roofline at f = {}: {} GFLOP/s",
                fmt_tick(x),
                fmt_num(pt.attainable_gops)
            ),
            x: pt.intensity_ops_per_byte,
            y: pt.attainable_gops,
            color: palette::BLACK,
        };
        if (hull_perf / pt.attainable_gops - 1.0).abs() < 0.005 {
            // One marker where the boat hull reaches the roof.
            panel.markers.push(PointMarker {
                label: format!(
                    "roofline = boat hull at f = {}: {} GFLOP/s",
                    fmt_tick(x),
                    fmt_num(hull_perf)
                ),
                color: palette::BLUE,
                ..roof_marker
            });
        } else {
            panel.markers.push(roof_marker);
            panel.markers.push(PointMarker {
                label: format!(
                    "boat hull at f = {}: {} GFLOP/s",
                    fmt_tick(x),
                    fmt_num(hull_perf)
                ),
                x: pt.intensity_ops_per_byte,
                y: hull_perf,
                color: palette::BLUE,
            });
        }
        panel.markers.extend(merge_coincident(prims));
        self.note_chosen_f(panel, &pt, &t);
        Ok(())
    }

    /// The roofline's and the boat hull's time at the chosen f; on a GPU
    /// also both with the ceilings.
    fn note_chosen_f(&self, panel: &mut ChartPanel, pt: &RooflinePoint, t: &Times) {
        let x = self.input.f;
        panel.notes.push(format!(
            "At f = {} (I = {} flop/byte): roofline time {}, boat hull {} ({}x the roofline's).",
            fmt_tick(x),
            fmt_num(pt.intensity_ops_per_byte),
            fmt_time(pt.time_s),
            fmt_time(t.range.low_s),
            fmt_num(t.range.low_s / pt.time_s)
        ));
        if let Target::Gpu { gpu, .. } = self.p.target {
            let r = gpu_ceiling_range(&gpu, &self.vars, x);
            panel.notes.push(format!(
                "Roofline with both ceilings: {} to {}; boat hull under the assumptions: {} to {}.",
                fmt_time(r.low_s),
                fmt_time(r.high_s),
                fmt_time(t.range.low_s),
                fmt_time(t.range.high_s)
            ));
        }
    }
}

/// Markers at (nearly) the same place merged into one, their names joined:
/// several primitives often share an intensity and a time.
fn merge_coincident(markers: Vec<PointMarker>) -> Vec<PointMarker> {
    let near = |a: f64, b: f64| (a.ln() - b.ln()).abs() < 0.02;
    let mut out: Vec<(PointMarker, Vec<String>)> = Vec::new();
    for m in markers {
        match out
            .iter_mut()
            .find(|(o, _)| near(o.x, m.x) && near(o.y, m.y))
        {
            Some((_, names)) => names.push(m.label),
            None => {
                let label = m.label.clone();
                out.push((m, vec![label]));
            }
        }
    }
    out.into_iter()
        .map(|(mut m, labels)| {
            // "a (f = 1), b (f = 1)" reads "a, b (f = 1)".
            let split: Vec<(&str, &str)> = labels
                .iter()
                .map(|l| l.rsplit_once(" (f = ").unwrap_or((l, "")))
                .collect();
            let same = split.iter().all(|(_, f)| *f == split[0].1);
            m.label = if same && !split[0].1.is_empty() {
                let names: Vec<&str> = split.iter().map(|(n, _)| *n).collect();
                format!("{} (f = {}", names.join(", "), split[0].1)
            } else {
                labels.join(", ")
            };
            m
        })
        .collect()
}

pub(super) fn build(input: &BoathullInput) -> Result<ChartFigure, FigureError> {
    let panels = vec![
        panel(input, &input.processor)?,
        panel(input, &input.partner)?,
    ];
    let mut notes = vec![
        format!(
            "The roofline counts only the operator's operations w·m·f and the compulsory bytes 4·d (32-bit elements) at peak bandwidth; the boat hull adds the class offset o, the access pattern and the floors, so its performance (w·m·f / time) lies under the roof."
        ),
        input.options_note(),
    ];
    if let Some(app) = &input.application {
        notes.insert(
            1,
            format!(
                "Points: the primitives of {} at their lowest f, placed by the boat hull's fastest time.",
                app.name
            ),
        );
    }
    Ok(ChartFigure {
        title: "Roofline and boat hull: performance against operational intensity".into(),
        subtitle: format!("{} | {}", input.class, input.class_row()),
        panels,
        notes,
    })
}

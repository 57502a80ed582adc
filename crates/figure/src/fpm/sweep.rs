//! `fpm-sweep`: the predicted makespan and the load imbalance against the
//! problem size n for the homogeneous, CPM and FPM partitions (after the
//! FPM paper's Figure 7, execution time against matrix size).

use super::input::{FpmInput, METHODS, Solved};
use super::style::{fmt_size, method_color, method_label, method_short};
use crate::chart::{
    ChartAxis, ChartFigure, ChartPanel, LineStyle, Orientation, PointMarker, RefLine, Scale, Series,
};
use crate::error::FigureError;
use hetscope_model::format::{fmt_time, time_unit};
use hetscope_model::fpm::{Method, SpeedFunction};

/// Values of n sampled across the range.
const SAMPLES: usize = 72;

pub(super) fn build(input: &FpmInput) -> Result<ChartFigure, FigureError> {
    let speeds = input.effective_functions()?;
    let (unit, _) = input.unit();
    let now = input.solve(&speeds, input.n_units)?;
    let (lo, hi) = input.n_range;
    let x_axis = ChartAxis::new("problem size n", &unit, input.scale, lo, hi);
    let ns = sample_n(input, &x_axis);
    let v = SweepView {
        input,
        shown: METHODS
            .into_iter()
            .filter(|m| input.methods.contains(m))
            .collect(),
        speeds,
        unit,
        now,
    };
    let (mut time, mut imb) = v.panels(x_axis);
    let mut sampled = v.sample(&ns);
    let (t_unit, t_k) = sampled.scale_times();
    time.y.unit = t_unit.into();
    v.push_lines(&mut time, &mut imb, &sampled, t_k);
    let compared = push_compared(input, &ns, (&mut time, &mut imb), t_k)?;
    let n_label = format!("n = {} {}", fmt_size(v.now.n_units, input.integer), v.unit);
    for panel in [&mut time, &mut imb] {
        panel.ref_lines.push(RefLine {
            orientation: Orientation::Vertical,
            value: v.now.n_units,
            label: n_label.clone(),
            color: [0, 0, 0],
            style: LineStyle::Dotted,
        });
    }
    time.fit_y(None);
    imb.fit_y(Some(1.0));
    let mut notes = v.notes(&n_label, sampled.too_big);
    notes.extend(compared);
    Ok(ChartFigure {
        title: "FPM: predicted makespan against the problem size".into(),
        subtitle: input.subtitle(v.now.n_units),
        panels: vec![time, imb],
        notes,
    })
}

/// The second platform's makespan and imbalance over the same n, each
/// method in a lighter shade of its colour and thinner; the note saying
/// so.
fn push_compared(
    input: &FpmInput,
    ns: &[f64],
    (time, imb): (&mut ChartPanel, &mut ChartPanel),
    t_k: f64,
) -> Result<Option<String>, FigureError> {
    let Some(second) = input.compared() else {
        return Ok(None);
    };
    let name = second.platform.clone();
    let speeds = second
        .effective_functions()
        .map_err(|e| e.of(name.clone()))?;
    let now = second
        .solve(&speeds, second.n_units)
        .map_err(|e| e.of(name.clone()))?;
    let v = SweepView {
        input: &second,
        shown: METHODS
            .into_iter()
            .filter(|m| second.methods.contains(m))
            .collect(),
        speeds,
        unit: input.unit().0,
        now,
    };
    let mut sampled = v.sample(ns);
    for p in sampled.t_pts.iter_mut().flatten() {
        p[1] *= t_k;
    }
    for (j, &m) in v.shown.iter().enumerate() {
        let color = lighter(method_color(m));
        let label = format!("{} on {name}", method_short(m));
        time.series
            .push(Series::line(&label, color, sampled.t_pts[j].clone()).width(1.2));
        imb.series
            .push(Series::line(&label, color, sampled.i_pts[j].clone()).width(1.2));
    }
    Ok(Some(format!(
        "Light lines: the same methods on {name}, for comparison (its own devices and memory)."
    )))
}

/// A colour halfway to white.
fn lighter(c: [u8; 3]) -> [u8; 3] {
    c.map(|v| v / 2 + 128)
}

/// The sweep view of one input.
struct SweepView<'a> {
    input: &'a FpmInput,
    /// The methods drawn, in drawing order.
    shown: Vec<Method>,
    speeds: Vec<SpeedFunction>,
    unit: String,
    /// The partitions at the input's n.
    now: Solved,
}

/// Makespan and imbalance of each shown method at each sampled n.
struct Sampled {
    /// Per method: (n, makespan), NaN where n does not fit.
    t_pts: Vec<Vec<[f64; 2]>>,
    /// Per method: (n, imbalance), NaN where n does not fit.
    i_pts: Vec<Vec<[f64; 2]>>,
    /// The smallest n that does not fit in the devices' memory.
    too_big: Option<f64>,
}

impl Sampled {
    /// Times in ms when the slowest is below a second: the unit and the
    /// factor the makespans were scaled by.
    fn scale_times(&mut self) -> (&'static str, f64) {
        let slowest = self
            .t_pts
            .iter()
            .flatten()
            .map(|p| p[1])
            .filter(|t| t.is_finite())
            .fold(0.0f64, f64::max);
        let (t_unit, t_k) = time_unit(slowest);
        for p in self.t_pts.iter_mut().flatten() {
            p[1] *= t_k;
        }
        (t_unit, t_k)
    }
}

impl SweepView<'_> {
    /// The makespan and the imbalance panels over the n axis.
    fn panels(&self, x_axis: ChartAxis) -> (ChartPanel, ChartPanel) {
        let time = ChartPanel::new(
            "Predicted makespan against n",
            x_axis.clone(),
            ChartAxis::new(
                "makespan max_i x_i / s_i(x_i)",
                "s",
                self.input.scale,
                0.1,
                10.0,
            ),
        );
        let imb = ChartPanel::new(
            "Load imbalance against n",
            x_axis,
            ChartAxis::new(
                "imbalance: slowest / fastest device time",
                "",
                Scale::Linear,
                1.0,
                2.0,
            ),
        );
        (time, imb)
    }

    /// Every method partitioned at each n of `ns`.
    fn sample(&self, ns: &[f64]) -> Sampled {
        let shown = &self.shown;
        let mut t_pts: Vec<Vec<[f64; 2]>> = vec![Vec::new(); shown.len()];
        let mut i_pts: Vec<Vec<[f64; 2]>> = vec![Vec::new(); shown.len()];
        let mut too_big: Option<f64> = None;
        for &n in ns {
            match self.input.solve(&self.speeds, n) {
                Ok(s) => {
                    for (j, &m) in shown.iter().enumerate() {
                        let p = s.part(m);
                        t_pts[j].push([s.n_units, p.makespan_s]);
                        i_pts[j].push([s.n_units, p.imbalance]);
                    }
                }
                Err(_) => {
                    too_big = Some(too_big.map_or(n, |t: f64| t.min(n)));
                    for j in 0..shown.len() {
                        t_pts[j].push([n, f64::NAN]);
                        i_pts[j].push([n, f64::NAN]);
                    }
                }
            }
        }
        Sampled {
            t_pts,
            i_pts,
            too_big,
        }
    }

    /// One line per method in each panel (CPM dashed, homogeneous
    /// dotted) and the makespans at the input's n as markers.
    fn push_lines(&self, time: &mut ChartPanel, imb: &mut ChartPanel, s: &Sampled, t_k: f64) {
        for (j, &m) in self.shown.iter().enumerate() {
            let mut line = Series::line(method_label(m), method_color(m), s.t_pts[j].clone());
            let mut line2 = Series::line(method_label(m), method_color(m), s.i_pts[j].clone());
            if m == Method::Cpm {
                line = line.dashed();
                line2 = line2.dashed();
            } else if m == Method::Even {
                line = line.dotted();
                line2 = line2.dotted();
            }
            time.series.push(line.width(2.0));
            imb.series.push(line2.width(2.0));
            let p = self.now.part(m);
            time.markers.push(PointMarker {
                label: format!("{} {}", method_short(m), fmt_time(p.makespan_s)),
                x: self.now.n_units,
                y: p.makespan_s * t_k,
                color: method_color(m),
            });
        }
    }

    /// The makespans at the input's n, where the problem stops fitting,
    /// and the notes every FPM figure has.
    fn notes(&self, n_label: &str, too_big: Option<f64>) -> Vec<String> {
        let mut notes = vec![format!(
            "At {n_label}: {}.",
            self.shown
                .iter()
                .map(|&m| format!(
                    "{} {}",
                    method_short(m),
                    fmt_time(self.now.part(m).makespan_s)
                ))
                .collect::<Vec<_>>()
                .join(", ")
        )];
        if let Some(n) = too_big {
            notes.push(format!(
                "From n = {} {} on, the problem does not fit in the devices' memory.",
                fmt_size(n, self.input.integer),
                self.unit
            ));
        }
        notes.extend(self.input.common_notes(&self.speeds));
        notes
    }
}

/// Values of n across the axis (evenly in position), the current n
/// included; whole and distinct with `integer`.
fn sample_n(input: &FpmInput, x: &ChartAxis) -> Vec<f64> {
    let (a, b) = x.pos_range();
    let mut ns: Vec<f64> = (0..=SAMPLES)
        .map(|k| x.value_at(a + (b - a) * k as f64 / SAMPLES as f64))
        .chain([input.n_units])
        .filter(|n| n.is_finite() && *n > 0.0)
        .map(|n| input.n_used(n))
        .collect();
    ns.sort_by(f64::total_cmp);
    ns.dedup();
    ns
}

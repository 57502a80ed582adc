//! `fpm-sweep`: the predicted makespan and the load imbalance against the
//! problem size n for the homogeneous, CPM and FPM partitions (after the
//! FPM paper's Figure 7, execution time against matrix size).

use super::{
    FpmInput, METHODS, fmt_size, fmt_time, method_color, method_label, method_short, time_unit,
};
use crate::figure::chart::{
    ChartAxis, ChartFigure, ChartPanel, LineStyle, Orientation, PointMarker, RefLine, Scale, Series,
};
use crate::model::fpm::Method;

/// Values of n sampled across the range.
const SAMPLES: usize = 72;

pub(super) fn build(input: &FpmInput) -> Result<ChartFigure, String> {
    let speeds = input.effective_functions()?;
    let (unit, _) = input.unit();
    let scale = input.scale;
    let now = input.solve(&speeds, input.n_units)?;
    let (lo, hi) = input.n_range;
    let x_axis = ChartAxis::new("problem size n", &unit, scale, lo, hi);
    let ns = sample_n(input, &x_axis);
    let shown: Vec<Method> = METHODS
        .into_iter()
        .filter(|m| input.methods.contains(m))
        .collect();

    let mut time = ChartPanel::new(
        "Predicted makespan against n",
        x_axis.clone(),
        ChartAxis::new("makespan max_i x_i / s_i(x_i)", "s", scale, 0.1, 10.0),
    );
    let mut imb = ChartPanel::new(
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
    let mut t_pts: Vec<Vec<[f64; 2]>> = vec![Vec::new(); shown.len()];
    let mut i_pts: Vec<Vec<[f64; 2]>> = vec![Vec::new(); shown.len()];
    let mut too_big: Option<f64> = None;
    for &n in &ns {
        match input.solve(&speeds, n) {
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
    // Times in ms when the slowest is below a second.
    let slowest = t_pts
        .iter()
        .flatten()
        .map(|p| p[1])
        .filter(|t| t.is_finite())
        .fold(0.0f64, f64::max);
    let (t_unit, t_k) = time_unit(slowest);
    time.y.unit = t_unit.into();
    for p in t_pts.iter_mut().flatten() {
        p[1] *= t_k;
    }
    for (j, &m) in shown.iter().enumerate() {
        let mut line = Series::line(method_label(m), method_color(m), t_pts[j].clone());
        let mut line2 = Series::line(method_label(m), method_color(m), i_pts[j].clone());
        if m == Method::Cpm {
            line = line.dashed();
            line2 = line2.dashed();
        } else if m == Method::Even {
            line = line.dotted();
            line2 = line2.dotted();
        }
        time.series.push(line.width(2.0));
        imb.series.push(line2.width(2.0));
        let p = now.part(m);
        time.markers.push(PointMarker {
            label: format!("{} {}", method_short(m), fmt_time(p.makespan_s)),
            x: now.n_units,
            y: p.makespan_s * t_k,
            color: method_color(m),
        });
    }
    let n_label = format!("n = {} {unit}", fmt_size(now.n_units, input.integer));
    for panel in [&mut time, &mut imb] {
        panel.ref_lines.push(RefLine {
            orientation: Orientation::Vertical,
            value: now.n_units,
            label: n_label.clone(),
            color: [0, 0, 0],
            style: LineStyle::Dotted,
        });
    }
    time.fit_y(None);
    imb.fit_y(Some(1.0));

    let mut notes = vec![format!(
        "At {n_label}: {}.",
        shown
            .iter()
            .map(|&m| format!("{} {}", method_short(m), fmt_time(now.part(m).makespan_s)))
            .collect::<Vec<_>>()
            .join(", ")
    )];
    if let Some(n) = too_big {
        notes.push(format!(
            "From n = {} {unit} on, the problem does not fit in the devices' memory.",
            fmt_size(n, input.integer)
        ));
    }
    notes.extend(input.common_notes(&speeds));
    Ok(ChartFigure {
        title: "FPM: predicted makespan against the problem size".into(),
        subtitle: input.subtitle(now.n_units),
        panels: vec![time, imb],
        notes,
    })
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

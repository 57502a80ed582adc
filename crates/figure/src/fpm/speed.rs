//! `fpm-speed`: the speed functions with the FPM and CPM partitions.
//!
//! FPM (FPM paper, Section VI, the algorithm of its ref. [5]): every
//! device finishes at one time T, so the points (x_i, s_i(x_i)) of the
//! partition lie on the line s = x / T through the origin; it is drawn
//! with its intersections. CPM: each device's speed measured at the even
//! share n / p is taken as constant (dotted horizontal pieces); shares in
//! proportion to these constants put the points (x_i, c_i) on the line
//! s = x / T_CPM, while the real speeds s_i(x_i) at those shares (its
//! markers) scatter around it. A device that runs out of core beyond its
//! memory limit (Section V, Figure 3 versions 2 and 3) has its curve
//! dashed from the limit on, where a dashed vertical line says so.

use super::input::{FpmInput, Solved};
use super::style::{device_color, fmt_size, method_short};
use crate::chart::{
    ChartAxis, ChartFigure, ChartPanel, LineStyle, Orientation, PointMarker, RefLine, Scale,
    Series, fit_range, palette,
};
use crate::error::FigureError;
use crate::labels::grouped_names;
use hetscope_model::format::fmt_time;
use hetscope_model::fpm::{Method, SpeedFunction};

/// Samples per curve (plus the breakpoints).
const SAMPLES: usize = 240;

pub(super) fn build(input: &FpmInput) -> Result<ChartFigure, FigureError> {
    let measured = input.measured_functions()?;
    let speeds = input.effective_functions()?;
    let solved = input.solve(&speeds, input.n_units)?;
    let (unit, _) = input.unit();
    let even_share = solved.n_units / speeds.len() as f64;
    let v = SpeedView {
        input,
        measured,
        speeds,
        solved,
        unit,
        even_share,
    };
    let mut panel = v.panel();
    v.push_curves(&mut panel);
    panel
        .series
        .extend(super::runs::under_calibrated(&input.devices));
    let overlay_note = v.push_overlay(&mut panel)?;
    for m in [Method::Cpm, Method::Fpm] {
        if v.show(m) {
            panel.markers.extend(v.share_markers(m));
        }
    }
    v.fit_y(&mut panel);
    let mut notes = v.push_partition_lines(&mut panel);
    notes.extend(input.common_notes(&v.speeds));
    notes.extend(super::runs::note(&input.devices));
    notes.extend(super::runs::fit_note(&input.devices));
    let fpm_makespan_s = v.solved.part(Method::Fpm).makespan_s;
    notes.extend(super::runs::fitted_partition_note(input, fpm_makespan_s));
    notes.extend(overlay_note);
    Ok(ChartFigure {
        title: "FPM: speed functions and data partitioning".into(),
        subtitle: input.subtitle(v.solved.n_units),
        panels: vec![panel],
        notes,
    })
}

/// The speed view of one input, its partitions solved.
struct SpeedView<'a> {
    input: &'a FpmInput,
    /// Each device's speed function alone on its socket.
    measured: Vec<SpeedFunction>,
    /// The speed functions partitioned with (contention applied).
    speeds: Vec<SpeedFunction>,
    solved: Solved,
    unit: String,
    /// n / p, units.
    even_share: f64,
}

impl SpeedView<'_> {
    fn show(&self, m: Method) -> bool {
        self.input.methods.contains(&m)
    }

    /// The panel with its axes; the x range holds every measured point,
    /// memory limit and drawn share.
    fn panel(&self) -> ChartPanel {
        let (input, unit, scale) = (self.input, &self.unit, self.input.scale);
        let mut xs: Vec<f64> = Vec::new();
        for (d, f) in input.devices.iter().zip(&self.speeds) {
            xs.extend(d.points.iter().map(|q| q.size_units));
            xs.extend(f.memory_limit_units());
        }
        for (m, part) in &self.solved.parts {
            if self.show(*m) {
                xs.extend(
                    part.shares
                        .iter()
                        .map(|s| s.size_units)
                        .filter(|&x| x > 0.0),
                );
            }
        }
        if self.show(Method::Even) || self.show(Method::Cpm) {
            xs.push(self.even_share);
        }
        let (x_lo, x_hi) = match scale {
            Scale::Log10 => fit_range(scale, xs.iter().copied()),
            Scale::Linear => fit_range(scale, xs.iter().copied().chain([0.0])),
        };
        let x_axis = ChartAxis::new("problem size x", unit, scale, x_lo, x_hi);
        let y_axis = ChartAxis::new("speed s(x)", &format!("{unit}/s"), scale, 0.1, 10.0);
        let title = format!(
            "Speed functions and the partition of n = {} {unit}",
            fmt_size(self.solved.n_units, input.integer)
        );
        ChartPanel::new(&title, x_axis, y_axis)
    }

    /// The second platform's speed functions, dotted; the note saying so.
    fn push_overlay(&self, panel: &mut ChartPanel) -> Result<Option<String>, FigureError> {
        let Some((name, devices)) = &self.input.overlay else {
            return Ok(None);
        };
        // Speed functions that count another unit (another kernel's) are
        // not drawn on this axis: the note says what they count.
        let (unit, _) = self.input.unit();
        let other: Vec<&str> = devices
            .iter()
            .map(|d| d.unit.as_str())
            .filter(|u| *u != unit)
            .collect();
        if let Some(u) = other.first() {
            return Ok(Some(format!(
                "{name}'s speed functions count {u}, these {unit}: not drawn on this axis (each platform's own view shows its own)."
            )));
        }
        let first = self.input.devices.len();
        for (k, d) in devices.iter().enumerate() {
            let f = d
                .speed_function()
                .map_err(|e| FigureError::from(e).of(&d.name))?;
            // Dashed (the CPM constant speeds are dotted), in a colour no
            // dashed line of the panel has yet where one is left (a
            // device's out-of-core curve is dashed in its colour).
            let taken = |c: [u8; 3]| {
                panel
                    .series
                    .iter()
                    .any(|s| s.style == LineStyle::Dashed && s.color == c)
            };
            let color = (0..7)
                .map(|j| device_color(first + k + j))
                .find(|c| !taken(*c))
                .unwrap_or_else(|| device_color(first + k));
            panel.series.push(
                Series::line(&format!("{name}: {}", d.name), color, curve(&f, &panel.x))
                    .dashed()
                    .width(2.2),
            );
        }
        Ok(Some(format!(
            "Dashed: the speed functions of {name}, for comparison (not partitioned)."
        )))
    }

    /// Curves, drawn once for devices with the same function (their
    /// names joined), with the measured points and memory limits.
    fn push_curves(&self, panel: &mut ChartPanel) {
        let mut drawn: Vec<(usize, SpeedFunction)> = Vec::new();
        let mut names: Vec<Vec<String>> = Vec::new();
        for (i, f) in self.speeds.iter().enumerate() {
            match drawn.iter().position(|(_, g)| g == f) {
                Some(k) => names[k].push(self.input.devices[i].name.clone()),
                None => {
                    drawn.push((i, f.clone()));
                    names.push(vec![self.input.devices[i].name.clone()]);
                }
            }
        }
        for ((i, f), group) in drawn.iter().zip(&names) {
            self.push_device(panel, *i, f, &grouped_names(group, " = "));
        }
    }

    /// Device `i`'s curve `f` (and alone on its socket, when that
    /// differs), its points and its memory limit.
    fn push_device(&self, panel: &mut ChartPanel, i: usize, f: &SpeedFunction, label: &str) {
        let color = device_color(i);
        let d = &self.input.devices[i];
        let ooc_from = f
            .memory_limit_units()
            .filter(|_| f.out_of_core_points().is_some());
        let in_core_to = ooc_from.unwrap_or(f64::INFINITY);
        panel.series.push(Series::line(
            &format!("{label}: s(x)"),
            color,
            curve_within(f, &panel.x, 0.0, in_core_to),
        ));
        if let Some(l) = ooc_from {
            let ooc = curve_within(f, &panel.x, l.next_up(), f64::INFINITY);
            panel
                .series
                .push(Series::line(&format!("{label}: s(x) out of core"), color, ooc).dashed());
        }
        if self.measured[i] != *f {
            let alone = Series::line(
                &format!("{label}: s(x) alone on its socket"),
                color,
                curve(&self.measured[i], &panel.x),
            )
            .dotted()
            .width(1.2);
            panel.series.push(alone);
        }
        let mut dots = Series::line(
            &format!("{label}: measured points"),
            color,
            d.points
                .iter()
                .map(|q| [q.size_units, q.speed_units_per_s])
                .collect(),
        )
        .points_only();
        dots.hide_in_legend = true;
        dots.point_labels = super::runs::point_labels(d);
        panel
            .series
            .extend(super::runs::spread_edges(d, label, color));
        panel.series.extend(super::runs::fit_curve(d, label, color));
        panel.series.push(dots);
        if let Some(l) = f.memory_limit_units() {
            let (label, style) = match ooc_from {
                Some(_) => (
                    format!("{label}: memory limit, out of core beyond"),
                    LineStyle::Dashed,
                ),
                None => (format!("{label}: memory limit"), LineStyle::Dotted),
            };
            panel.ref_lines.push(RefLine {
                orientation: Orientation::Vertical,
                value: l,
                label,
                color,
                style,
            });
        }
    }

    /// Markers where method `m`'s shares meet the speed functions;
    /// devices at the same point (equal functions and shares) share one.
    fn share_markers(&self, m: Method) -> Vec<PointMarker> {
        let part = self.solved.part(m);
        let color = if m == Method::Fpm {
            palette::BLACK
        } else {
            palette::VERMILION
        };
        let mut points: Vec<(Vec<&str>, f64, f64)> = Vec::new();
        for ((d, f), s) in self
            .input
            .devices
            .iter()
            .zip(&self.speeds)
            .zip(&part.shares)
        {
            if s.size_units <= 0.0 {
                continue;
            }
            let (x, y) = (s.size_units, f.speed(s.size_units).unwrap_or(f64::NAN));
            match points.iter_mut().find(|p| p.1 == x && p.2 == y) {
                Some(p) => p.0.push(&d.name),
                None => points.push((vec![&d.name], x, y)),
            }
        }
        points
            .into_iter()
            .map(|(names, x, y)| PointMarker {
                label: format!(
                    "{} {}: {}",
                    method_short(m),
                    grouped_names(&names, ", "),
                    fmt_size(x, self.input.integer)
                ),
                x,
                y,
                color,
            })
            .collect()
    }

    /// The y range from the curves and markers (and the CPM constants), so
    /// that the lines through the origin can be cut to the visible box.
    fn fit_y(&self, panel: &mut ChartPanel) {
        let scale = self.input.scale;
        let mut ys: Vec<f64> = panel
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|q| q[1]))
            .chain(panel.markers.iter().map(|m| m.y))
            .collect();
        if self.show(Method::Cpm) {
            ys.extend(&self.solved.cpm_constants);
        }
        let (y_lo, y_hi) = match scale {
            Scale::Log10 => fit_range(scale, ys),
            Scale::Linear => fit_range(scale, ys.into_iter().chain([0.0])),
        };
        panel.y.lo = y_lo;
        panel.y.hi = y_hi;
    }

    /// The FPM line, the CPM constants and line, and the even share, each
    /// when its method is shown; returns the figure's notes on them.
    fn push_partition_lines(&self, panel: &mut ChartPanel) -> Vec<String> {
        let (input, solved) = (self.input, &self.solved);
        let mut notes = vec![
            "Dots: measured points; lines: linear between them, constant beyond the ends (up to a memory limit).".to_string(),
        ];
        if self.show(Method::Fpm) {
            let t = solved.fpm_time_s;
            let mut line = origin_line(
                panel,
                t,
                &format!("FPM: s = x / T, all finish at T = {}", fmt_time(t)),
                palette::BLACK,
            );
            line.width = 1.4;
            panel.series.push(line);
            notes.push(share_note(input, solved, Method::Fpm));
        }
        if self.show(Method::Cpm) {
            cpm_lines(input, solved, panel, self.even_share);
            notes.push(share_note(input, solved, Method::Cpm));
            notes.push(
                "CPM assumes each speed constant at its value at n / p (dotted, from n / p to the CPM share); circles: the real speeds at the CPM shares.".into(),
            );
        }
        if self.show(Method::Even) || self.show(Method::Cpm) {
            panel.ref_lines.push(RefLine {
                orientation: Orientation::Vertical,
                value: self.even_share,
                label: format!(
                    "n / p = {} {}: even share (CPM speeds taken here)",
                    fmt_size(self.even_share, false),
                    self.unit
                ),
                color: palette::GREY,
                style: LineStyle::Dashed,
            });
        }
        notes
    }
}

/// CPM: the dotted constant speeds from the even share to each device's
/// CPM share, and the line s = x / T_CPM they lie on.
fn cpm_lines(input: &FpmInput, solved: &Solved, panel: &mut ChartPanel, even_share: f64) {
    let part = solved.part(Method::Cpm);
    for (i, (c, s)) in solved.cpm_constants.iter().zip(&part.shares).enumerate() {
        let (a, b) = (even_share.min(s.size_units), even_share.max(s.size_units));
        let a = if a > 0.0 { a } else { panel.x.lo };
        let mut seg = Series::line(
            &format!("{}: CPM constant speed", input.devices[i].name),
            device_color(i),
            vec![[a, *c], [b, *c]],
        )
        .dotted()
        .width(1.4);
        seg.hide_in_legend = true;
        panel.series.push(seg);
    }
    let total: f64 = solved.cpm_constants.iter().sum();
    if total > 0.0 {
        let t = solved.n_units / total;
        let line = origin_line(
            panel,
            t,
            &format!(
                "CPM: shares in proportion to the speeds at n / p (s = x / {})",
                fmt_time(t)
            ),
            palette::VERMILION,
        )
        .dashed();
        panel.series.push(line);
    }
}

/// "FPM shares: a 10, b 20 (makespan 1.2 s)".
fn share_note(input: &FpmInput, solved: &Solved, m: Method) -> String {
    let part = solved.part(m);
    let shares: Vec<String> = input
        .devices
        .iter()
        .zip(&part.shares)
        .map(|(d, s)| format!("{} {}", d.name, fmt_size(s.size_units, input.integer)))
        .collect();
    format!(
        "{} shares: {}; makespan {}.",
        method_short(m),
        shares.join(", "),
        fmt_time(part.makespan_s)
    )
}

/// The line s = x / t within the panel's box (two points suffice on
/// linear and on log-log axes).
fn origin_line(panel: &ChartPanel, t: f64, name: &str, color: [u8; 3]) -> Series {
    let (x, y) = (&panel.x, &panel.y);
    let a = x.lo.max(y.lo * t);
    let b = x.hi.min(y.hi * t);
    let points = if t.is_finite() && t > 0.0 && b > a {
        vec![[a, a / t], [b, b / t]]
    } else {
        Vec::new()
    };
    Series::line(name, color, points)
}

/// s(x) sampled across the axis, with every breakpoint, up to the limit
/// (or beyond it, out of core).
fn curve(f: &SpeedFunction, x: &ChartAxis) -> Vec<[f64; 2]> {
    curve_within(f, x, 0.0, f64::INFINITY)
}

/// [`curve`] for sizes from `from` to `to`, both ends drawn where they lie
/// on the axis.
fn curve_within(f: &SpeedFunction, x: &ChartAxis, from: f64, to: f64) -> Vec<[f64; 2]> {
    let (a, b) = x.pos_range();
    let mut xs: Vec<f64> = (0..=SAMPLES)
        .map(|k| x.value_at(a + (b - a) * k as f64 / SAMPLES as f64))
        .collect();
    xs.extend(f.in_core_points().iter().map(|p| p.size_units));
    xs.extend(
        f.out_of_core_points()
            .into_iter()
            .flatten()
            .map(|p| p.size_units),
    );
    xs.extend(f.memory_limit_units());
    xs.extend([from, to].into_iter().filter(|v| *v > 0.0 && v.is_finite()));
    xs.retain(|&v| v >= from && v <= to);
    xs.retain(|&v| v >= x.lo && v <= x.hi && x.pos(v).is_some());
    xs.sort_by(f64::total_cmp);
    xs.dedup();
    xs.into_iter()
        .filter_map(|v| f.speed(v).map(|s| [v, s]))
        .collect()
}

//! `fpm-times`: every device's predicted time x_i / s_i(x_i) and share x_i
//! for the homogeneous, CPM and FPM partitions of one n (after the FPM
//! paper's Figure 6, computation time per process, and Table III, blocks
//! per device). Its partition table ([`table`]) comes from the same
//! solved partitions and time unit, so the table shows what the chart
//! shows.

use super::input::{FpmInput, METHODS, Solved};
use super::style::{fmt_size, method_color, method_label_held, method_short};
use crate::chart::{
    Bar, BarSet, ChartAxis, ChartFigure, ChartPanel, LineStyle, Orientation, RefLine, Scale,
};
use crate::error::FigureError;
use hetscope_model::format::{fmt_sig, fmt_time, time_unit};
use hetscope_model::fpm::{Method, SpeedFunction};

/// Title of the time panel.
const TIME_PANEL: &str = "Predicted time per device";
/// Title of the share panel.
const SHARE_PANEL: &str = "Share per device";

pub(super) fn build(input: &FpmInput) -> Result<ChartFigure, FigureError> {
    build_scaled(input, 0.0)
}

/// The slowest makespan of the methods shown, s.
pub(super) fn slowest(input: &FpmInput) -> Result<f64, FigureError> {
    Ok(TimesView::solve(input, 0.0)?.0.slowest)
}

/// The times view with a time axis in the unit of at least
/// `slowest_s` (two platforms side by side share one unit).
pub(super) fn build_scaled(input: &FpmInput, slowest_s: f64) -> Result<ChartFigure, FigureError> {
    let (v, speeds) = TimesView::solve(input, slowest_s)?;
    let names: Vec<String> = input.devices.iter().map(|d| d.name.clone()).collect();
    let mut time = ChartPanel::bars(
        TIME_PANEL,
        names.clone(),
        ChartAxis::new(
            "predicted time x_i / s_i(x_i)",
            v.t_unit,
            Scale::Linear,
            0.0,
            1.0,
        ),
    );
    let mut share = ChartPanel::bars(
        SHARE_PANEL,
        names,
        ChartAxis::new("share x_i", &v.unit, Scale::Linear, 0.0, 1.0),
    );
    for (j, &m) in v.shown.iter().enumerate() {
        v.push_method(&mut time, &mut share, j, m);
    }
    time.ref_lines = v.makespan_lines();
    time.fit_y(Some(0.0));
    share.fit_y(Some(0.0));
    let mut notes = v.makespan_notes();
    let names: Vec<String> = input.devices.iter().map(|d| d.name.clone()).collect();
    notes.extend(v.solved.memory_note(&names, &v.unit, input.integer));
    notes.extend(input.common_notes(&speeds));
    Ok(ChartFigure {
        title: format!(
            "FPM: predicted time and share per device at n = {} {}",
            fmt_size(v.solved.n_units, input.integer),
            v.unit
        ),
        subtitle: input.subtitle(v.solved.n_units),
        panels: vec![time, share],
        notes,
    })
}

/// The partition table of the times view of `input` (after the FPM
/// paper's Table III): per shown method and device, the share and the
/// predicted time in the unit of the figure's time axis.
pub fn table(input: &FpmInput) -> Result<FpmTable, FigureError> {
    input.check()?;
    let (v, _) = TimesView::solve(input, 0.0)?;
    let columns = v
        .shown
        .iter()
        .map(|&m| TableColumn {
            method: v.label(m),
            color: method_color(m),
            cells: v
                .solved
                .part(m)
                .shares
                .iter()
                .map(|s| (s.size_units, s.time_s * v.t_k))
                .collect(),
        })
        .collect();
    Ok(FpmTable {
        devices: input.devices.iter().map(|d| d.name.clone()).collect(),
        size_unit: v.unit.clone(),
        time_unit: v.t_unit.to_string(),
        columns,
    })
}

/// The times view of one input, its partitions solved.
struct TimesView<'a> {
    input: &'a FpmInput,
    solved: Solved,
    unit: String,
    /// The methods drawn, in drawing order.
    shown: Vec<Method>,
    /// The slowest makespan of the methods shown, s.
    slowest: f64,
    /// The time panel's unit, and seconds to it.
    t_unit: &'static str,
    t_k: f64,
    /// Per device, the methods its memory held (`Solved::held_at_memory`).
    held: Vec<Vec<Method>>,
}

impl TimesView<'_> {
    /// The name of method `m`, saying so where memory held its split.
    fn label(&self, m: Method) -> String {
        let held = self.held.iter().any(|methods| methods.contains(&m));
        method_label_held(m, held)
    }

    /// The partitions of `input` at its n, with the effective speed
    /// functions they were solved with; times in the unit of the slowest
    /// makespan or of `slowest_s` if that is longer.
    fn solve(
        input: &FpmInput,
        slowest_s: f64,
    ) -> Result<(TimesView<'_>, Vec<SpeedFunction>), FigureError> {
        let speeds = input.effective_functions()?;
        let solved = input.solve(&speeds, input.n_units)?;
        let (unit, _) = input.unit();
        let shown: Vec<Method> = METHODS
            .into_iter()
            .filter(|m| input.methods.contains(m))
            .collect();
        let slowest = shown
            .iter()
            .map(|&m| solved.part(m).makespan_s)
            .fold(0.0f64, f64::max);
        let (t_unit, t_k) = time_unit(slowest.max(slowest_s));
        let held = solved.held_at_memory();
        let view = TimesView {
            input,
            held,
            solved,
            unit,
            shown,
            slowest,
            t_unit,
            t_k,
        };
        Ok((view, speeds))
    }

    /// Method `m` (the `j`-th shown): a bar per device in both panels and
    /// its makespan as a line.
    fn push_method(&self, time: &mut ChartPanel, share: &mut ChartPanel, j: usize, m: Method) {
        let (input, unit, t_k) = (self.input, &self.unit, self.t_k);
        let part = self.solved.part(m);
        let k = self.shown.len() as f64;
        let width = 0.8 / k;
        let offset = (j as f64 - (k - 1.0) / 2.0) * width;
        let mut times = Vec::new();
        let mut sizes = Vec::new();
        for (c, (d, s)) in input.devices.iter().zip(&part.shares).enumerate() {
            let size = fmt_size(s.size_units, input.integer);
            let label = format!(
                "{} {}: {size} {unit}, {}",
                method_short(m),
                d.name,
                fmt_time(s.time_s)
            );
            times.push(Bar {
                category: c,
                base: 0.0,
                value: s.time_s * t_k,
                range: None,
                label: label.clone(),
            });
            sizes.push(Bar {
                category: c,
                base: 0.0,
                value: s.size_units,
                range: None,
                label,
            });
        }
        let set = |bars: Vec<Bar>| BarSet {
            name: self.label(m),
            color: method_color(m),
            width: width * 0.92,
            offset,
            bars,
            value_labels: false,
        };
        time.bars.push(set(times));
        share.bars.push(set(sizes));
    }

    /// A dashed line at each shown method's makespan; methods whose
    /// makespans read the same share one line and one label ("CPM and
    /// FPM makespan 25.48 ms"), so that no label lands on the bars for
    /// want of a free place beside an equal one.
    fn makespan_lines(&self) -> Vec<RefLine> {
        let mut groups: Vec<(String, f64, Vec<Method>)> = Vec::new();
        for &m in &self.shown {
            let span = self.solved.part(m).makespan_s;
            let shown = fmt_time(span);
            match groups.iter_mut().find(|g| g.0 == shown) {
                Some(g) => g.2.push(m),
                None => groups.push((shown, span, vec![m])),
            }
        }
        groups
            .into_iter()
            .map(|(shown, span, methods)| {
                let names: Vec<&str> = methods.iter().map(|&m| method_short(m)).collect();
                RefLine {
                    orientation: Orientation::Horizontal,
                    value: span * self.t_k,
                    label: format!("{} makespan {shown}", and_list(&names)),
                    color: method_color(methods[0]),
                    style: LineStyle::Dashed,
                }
            })
            .collect()
    }

    /// Every shown method's makespan and imbalance, and how far FPM's lies
    /// below the others'.
    fn makespan_notes(&self) -> Vec<String> {
        let (shown, solved) = (&self.shown, &self.solved);
        let mut notes = Vec::new();
        let spans: Vec<String> = shown
            .iter()
            .map(|&m| {
                let p = solved.part(m);
                format!(
                    "{} {} (imbalance {})",
                    method_short(m),
                    fmt_time(p.makespan_s),
                    fmt_sig(p.imbalance)
                )
            })
            .collect();
        notes.push(format!(
            "Makespan (largest predicted time): {}.",
            spans.join(", ")
        ));
        if self.input.methods.contains(&Method::Fpm) {
            let fpm = solved.part(Method::Fpm).makespan_s;
            let gains: Vec<String> = shown
                .iter()
                .filter(|&&m| m != Method::Fpm)
                .map(|&m| {
                    let other = solved.part(m).makespan_s;
                    format!(
                        "{:.1} % below {}",
                        100.0 * (1.0 - fpm / other),
                        method_short(m)
                    )
                })
                .collect();
            if !gains.is_empty() {
                notes.push(format!("FPM makespan: {}.", gains.join(", ")));
            }
        }
        notes
    }
}

/// One method's columns of the partition table.
#[derive(Clone, Debug, PartialEq)]
pub struct TableColumn {
    /// The bar set's name (the method).
    pub method: String,
    pub color: [u8; 3],
    /// Per device: (share in [`FpmTable::size_unit`], predicted time in
    /// [`FpmTable::time_unit`]).
    pub cells: Vec<(f64, f64)>,
}

/// The partition table of the times view (after Table III).
#[derive(Clone, Debug, PartialEq)]
pub struct FpmTable {
    pub devices: Vec<String>,
    pub size_unit: String,
    pub time_unit: String,
    pub columns: Vec<TableColumn>,
}

/// "a", "a and b", "a, b and c".
fn and_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

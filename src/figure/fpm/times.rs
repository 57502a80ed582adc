//! `fpm-times`: every device's predicted time x_i / s_i(x_i) and share x_i
//! for the homogeneous, CPM and FPM partitions of one n (after the FPM
//! paper's Figure 6, computation time per process, and Table III, blocks
//! per device). The GUI reads its partition table from the bars of this
//! figure ([`table`]), so the table shows what the chart shows.

use super::{
    FpmInput, METHODS, fmt_sig, fmt_size, fmt_time, method_color, method_label, method_short,
    time_unit,
};
use crate::figure::chart::{
    Bar, BarSet, ChartAxis, ChartFigure, ChartPanel, LineStyle, Orientation, RefLine, Scale,
};
use crate::model::fpm::Method;

/// Title of the time panel.
pub const TIME_PANEL: &str = "Predicted time per device";
/// Title of the share panel.
pub const SHARE_PANEL: &str = "Share per device";

pub(super) fn build(input: &FpmInput) -> Result<ChartFigure, String> {
    let speeds = input.effective_functions()?;
    let solved = input.solve(&speeds, input.n_units)?;
    let (unit, _) = input.unit();
    let names: Vec<String> = input.devices.iter().map(|d| d.name.clone()).collect();
    let shown: Vec<Method> = METHODS
        .into_iter()
        .filter(|m| input.methods.contains(m))
        .collect();
    let k = shown.len() as f64;
    let width = 0.8 / k;
    let slowest = shown
        .iter()
        .map(|&m| solved.part(m).makespan_s)
        .fold(0.0f64, f64::max);
    let (t_unit, t_k) = time_unit(slowest);
    let mut time = ChartPanel::bars(
        TIME_PANEL,
        names.clone(),
        ChartAxis::new(
            "predicted time x_i / s_i(x_i)",
            t_unit,
            Scale::Linear,
            0.0,
            1.0,
        ),
    );
    let mut share = ChartPanel::bars(
        SHARE_PANEL,
        names,
        ChartAxis::new("share x_i", &unit, Scale::Linear, 0.0, 1.0),
    );
    for (j, &m) in shown.iter().enumerate() {
        let part = solved.part(m);
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
            name: method_label(m).into(),
            color: method_color(m),
            width: width * 0.92,
            offset,
            bars,
            value_labels: false,
        };
        time.bars.push(set(times));
        share.bars.push(set(sizes));
        time.ref_lines.push(RefLine {
            orientation: Orientation::Horizontal,
            value: part.makespan_s * t_k,
            label: format!("{} makespan {}", method_short(m), fmt_time(part.makespan_s)),
            color: method_color(m),
            style: LineStyle::Dashed,
        });
    }
    time.fit_y(Some(0.0));
    share.fit_y(Some(0.0));

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
    if input.methods.contains(&Method::Fpm) {
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
    notes.extend(input.common_notes(&speeds));
    Ok(ChartFigure {
        title: format!(
            "FPM: predicted time and share per device at n = {} {unit}",
            fmt_size(solved.n_units, input.integer)
        ),
        subtitle: input.subtitle(solved.n_units),
        panels: vec![time, share],
        notes,
    })
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

/// The partition table of a times figure (after Table III).
#[derive(Clone, Debug, PartialEq)]
pub struct FpmTable {
    pub devices: Vec<String>,
    pub size_unit: String,
    pub time_unit: String,
    pub columns: Vec<TableColumn>,
}

/// The partition table of a times figure, read from its bars; None for
/// another figure.
pub fn table(fig: &ChartFigure) -> Option<FpmTable> {
    let time = fig.panels.iter().find(|p| p.title == TIME_PANEL)?;
    let share = fig.panels.iter().find(|p| p.title == SHARE_PANEL)?;
    let n = time.categories.len();
    let columns = time
        .bars
        .iter()
        .zip(&share.bars)
        .map(|(t, s)| {
            let mut cells = vec![(f64::NAN, f64::NAN); n];
            for b in &t.bars {
                if let Some(c) = cells.get_mut(b.category) {
                    c.1 = b.value;
                }
            }
            for b in &s.bars {
                if let Some(c) = cells.get_mut(b.category) {
                    c.0 = b.value;
                }
            }
            TableColumn {
                method: t.name.clone(),
                color: t.color,
                cells,
            }
        })
        .collect();
    Some(FpmTable {
        devices: time.categories.clone(),
        size_unit: share.y.unit.clone(),
        time_unit: time.y.unit.clone(),
        columns,
    })
}

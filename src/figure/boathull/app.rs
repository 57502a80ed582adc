//! The application view (Section 5, Table 5): an application's primitives
//! run one after another on each processor, their kernel times stacked,
//! the transfers on top and the total with its range.

use super::super::chart::{
    Bar, BarSet, ChartAxis, ChartFigure, ChartPanel, PointMarker, Scale, palette,
};
use super::{BoathullInput, BoathullProcessor, fmt_range, fmt_time, time_unit};
use crate::model::boathull::{ApplicationTime, TimeRange};

/// Colour of the k-th primitive.
fn color(k: usize) -> [u8; 3] {
    palette::CYCLE[k % palette::CYCLE.len()]
}

/// Colour of the transfers (not one of the primitives' colours).
const TRANSFER: [u8; 3] = palette::YELLOW;
/// Colours of the two processors in the per-primitive panel (greys, so
/// they do not read as primitives).
const PROCESSORS: [[u8; 3]; 2] = [[70, 70, 70], [170, 170, 170]];

pub(super) fn build(input: &BoathullInput) -> Result<ChartFigure, String> {
    let app = input.application.as_ref().ok_or_else(|| {
        "no application chosen: pick an application preset (or give --application)".to_string()
    })?;
    if app.primitives.is_empty() {
        return Err(format!("application `{}` has no primitives", app.name));
    }
    let procs: [&BoathullProcessor; 2] = [&input.processor, &input.partner];
    let mut results: Vec<ApplicationTime> = Vec::new();
    for p in procs {
        let r = app
            .predict(&p.target, &input.options)
            .map_err(|e| format!("{} on {}: {e}", app.name, p.short_name()))?;
        results.push(r);
    }
    let top = results
        .iter()
        .map(|r| r.total.high_s)
        .fold(0.0_f64, f64::max);
    let (unit, k) = time_unit(top);
    let names: Vec<String> = procs
        .iter()
        .map(|p| format!("{} ({})", p.short_name(), p.side().name()))
        .collect();

    // Panel 1: stacked per processor.
    let mut stacked = ChartPanel::bars(
        "Kernels at their fastest, stacked, then the transfers; whisker: total range",
        names.clone(),
        ChartAxis::new("execution time", unit, Scale::Linear, 0.0, 1.0),
    );
    for (j, q) in app.primitives.iter().enumerate() {
        let mut set = BarSet {
            name: q.name.clone(),
            color: color(j),
            width: 0.5,
            offset: 0.0,
            bars: Vec::new(),
            value_labels: false,
        };
        for (c, r) in results.iter().enumerate() {
            let base = r.primitives[..j]
                .iter()
                .fold(0.0, |acc, t| acc + t.range.low_s);
            let t = &r.primitives[j].range;
            set.bars.push(Bar {
                category: c,
                base: base * k,
                value: (base + t.low_s) * k,
                range: None,
                label: format!("{}: {}", q.name, fmt_range(t.low_s, t.high_s)),
            });
        }
        stacked.bars.push(set);
    }
    let mut transfers = BarSet {
        name: "transfers (elements in + out over B_bus)".into(),
        color: TRANSFER,
        width: 0.5,
        offset: 0.0,
        bars: Vec::new(),
        value_labels: false,
    };
    for (c, r) in results.iter().enumerate() {
        transfers.bars.push(Bar {
            category: c,
            base: r.kernels.low_s * k,
            value: r.total.low_s * k,
            range: Some((r.total.low_s * k, r.total.high_s * k)),
            label: format!(
                "transfers: {}; total {}",
                fmt_time(r.transfers_s),
                fmt_range(r.total.low_s, r.total.high_s)
            ),
        });
        stacked.markers.push(PointMarker {
            label: format!("total {}", fmt_range(r.total.low_s, r.total.high_s)),
            x: c as f64,
            y: r.total.high_s * k,
            color: palette::BLACK,
        });
    }
    stacked.bars.push(transfers);
    for (p, r) in procs.iter().zip(&results) {
        let transfers = if r.transfers_s > 0.0 {
            format!("transfers {}", fmt_time(r.transfers_s))
        } else {
            "no transfers (data in the CPU's memory)".to_string()
        };
        stacked.notes.push(format!(
            "{}: kernels {} + {transfers} = total {} (assumed {}).",
            p.short_name(),
            fmt_range(r.kernels.low_s, r.kernels.high_s),
            fmt_range(r.total.low_s, r.total.high_s),
            p.assumptions_text()
        ));
    }
    stacked.fit_y(Some(0.0));

    // Panel 2: each primitive on both processors, with its range.
    let mut cats: Vec<String> = app.primitives.iter().map(|q| q.name.clone()).collect();
    cats.push("transfers".into());
    let mut each = ChartPanel::bars(
        "Each primitive: fastest (bar) to slowest (whisker)",
        cats,
        ChartAxis::new("execution time", unit, Scale::Linear, 0.0, 1.0),
    );
    let n = procs.len() as f64;
    for (i, (p, r)) in procs.iter().zip(&results).enumerate() {
        let width = 0.8 / n;
        let mut set = BarSet {
            name: names[i].clone(),
            color: PROCESSORS[i % 2],
            width: width * 0.9,
            offset: (i as f64 - (n - 1.0) / 2.0) * width,
            bars: Vec::new(),
            value_labels: false,
        };
        let ranges = r
            .primitives
            .iter()
            .map(|t| (t.name.clone(), t.range))
            .chain([("transfers".to_string(), TimeRange::exactly(r.transfers_s))]);
        for (c, (name, t)) in ranges.enumerate() {
            set.bars.push(Bar {
                category: c,
                base: 0.0,
                value: t.low_s * k,
                range: (t.high_s > t.low_s).then_some((t.low_s * k, t.high_s * k)),
                label: format!(
                    "{name} on {}: {}",
                    p.short_name(),
                    fmt_range(t.low_s, t.high_s)
                ),
            });
        }
        each.bars.push(set);
    }
    each.fit_y(Some(0.0));

    let mut notes = vec![
        "Kernels run one after another without overlapping the transfers (Section 6 of the paper); a range comes from an operator complexity range or an unknown floor.".to_string(),
    ];
    let list: Vec<String> = app
        .primitives
        .iter()
        .map(|q| {
            let (lo, hi) = (q.complexity.low(), q.complexity.high());
            let f = if hi > lo {
                format!("f = {lo} to {hi}")
            } else {
                format!("f = {lo}")
            };
            format!("{}: {} ({f})", q.name, q.class)
        })
        .collect();
    notes.push(format!("Primitives: {}.", list.join("; ")));
    notes.push(input.options_note());
    Ok(ChartFigure {
        title: format!("Application: {}", app.name),
        subtitle: format!(
            "{} ({}) and {} ({}) | times in {unit}",
            procs[0].name,
            procs[0].side().name(),
            procs[1].name,
            procs[1].side().name()
        ),
        panels: vec![stacked, each],
        notes,
    })
}

//! The application view (Section 5, Table 5): an application's primitives
//! run one after another on each processor, their kernel times stacked,
//! the transfers on top and the total with its range.

use super::super::chart::{
    Bar, BarSet, ChartAxis, ChartFigure, ChartPanel, PointMarker, Scale, palette,
};
use super::input::{BoathullInput, BoathullProcessor};
use crate::error::FigureError;
use hetscope_model::boathull::{Application, ApplicationTime, TimeRange};
use hetscope_model::format::{fmt_time, fmt_time_range, time_unit};

/// Colour of the k-th primitive.
fn color(k: usize) -> [u8; 3] {
    palette::CYCLE[k % palette::CYCLE.len()]
}

/// Colour of the transfers (not one of the primitives' colours).
const TRANSFER: [u8; 3] = palette::YELLOW;
/// Colours of the two processors in the per-primitive panel (greys, so
/// they do not read as primitives).
const PROCESSORS: [[u8; 3]; 2] = [[70, 70, 70], [170, 170, 170]];

pub(super) fn build(input: &BoathullInput) -> Result<ChartFigure, FigureError> {
    let app = input.application.as_ref().ok_or_else(|| {
        FigureError::input(
            "no application chosen",
            "pick an application preset (or give --application)",
        )
    })?;
    if app.primitives.is_empty() {
        return Err(FigureError::input(
            format!("application `{}`", app.name),
            "has no primitives",
        ));
    }
    let v = AppView::new(input, app)?;
    let mut notes = vec![
        "Kernels run one after another without overlapping the transfers (Section 6 of the paper); a range comes from an operator complexity range or an unknown floor.".to_string(),
    ];
    notes.push(v.primitives_note());
    notes.push(input.options_note());
    let procs = v.procs;
    Ok(ChartFigure {
        title: format!("Application: {}", app.name),
        subtitle: format!(
            "{} ({}) and {} ({}) | times in {}",
            procs[0].name,
            procs[0].side().name(),
            procs[1].name,
            procs[1].side().name(),
            v.unit
        ),
        panels: vec![v.stacked_panel(), v.each_panel()],
        notes,
    })
}

/// An application predicted on both processors, with the time unit of
/// the bars.
struct AppView<'a> {
    app: &'a Application,
    procs: [&'a BoathullProcessor; 2],
    /// One prediction per processor.
    results: Vec<ApplicationTime>,
    /// Category names: "GTX470 (GPU)".
    names: Vec<String>,
    unit: &'static str,
    /// Seconds to `unit`.
    k: f64,
}

impl<'a> AppView<'a> {
    fn new(input: &'a BoathullInput, app: &'a Application) -> Result<Self, FigureError> {
        let procs: [&BoathullProcessor; 2] = [&input.processor, &input.partner];
        let mut results: Vec<ApplicationTime> = Vec::new();
        for p in procs {
            let r = app.predict(&p.target, &input.options).map_err(|e| {
                FigureError::from(e).of(format!("{} on {}", app.name, p.short_name()))
            })?;
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
        Ok(AppView {
            app,
            procs,
            results,
            names,
            unit,
            k,
        })
    }

    /// Panel 1: the kernels stacked per processor, then the transfers,
    /// with the total range as a whisker.
    fn stacked_panel(&self) -> ChartPanel {
        let mut stacked = ChartPanel::bars(
            "Kernels at their fastest, stacked, then the transfers; whisker: total range",
            self.names.clone(),
            ChartAxis::new("execution time", self.unit, Scale::Linear, 0.0, 1.0),
        );
        for (j, q) in self.app.primitives.iter().enumerate() {
            stacked.bars.push(self.stacked_primitive(j, &q.name));
        }
        stacked.bars.push(self.stacked_transfers());
        for (c, r) in self.results.iter().enumerate() {
            stacked.markers.push(PointMarker {
                label: format!("total {}", fmt_time_range(r.total.low_s, r.total.high_s)),
                x: c as f64,
                y: r.total.high_s * self.k,
                color: palette::BLACK,
            });
        }
        for (p, r) in self.procs.iter().zip(&self.results) {
            stacked.notes.push(total_note(p, r));
        }
        stacked.fit_y(Some(0.0));
        stacked
    }

    /// Primitive `j` on each processor, on top of the primitives before it.
    fn stacked_primitive(&self, j: usize, name: &str) -> BarSet {
        let k = self.k;
        let mut set = bar_set(name.to_string(), color(j));
        for (c, r) in self.results.iter().enumerate() {
            let base = r.primitives[..j]
                .iter()
                .fold(0.0, |acc, t| acc + t.range.low_s);
            let t = &r.primitives[j].range;
            set.bars.push(Bar {
                category: c,
                base: base * k,
                value: (base + t.low_s) * k,
                range: None,
                label: format!("{name}: {}", fmt_time_range(t.low_s, t.high_s)),
            });
        }
        set
    }

    /// The transfers on top of the kernels, whiskered to the total range.
    fn stacked_transfers(&self) -> BarSet {
        let k = self.k;
        let mut transfers = bar_set("transfers (elements in + out over B_bus)".into(), TRANSFER);
        for (c, r) in self.results.iter().enumerate() {
            transfers.bars.push(Bar {
                category: c,
                base: r.kernels.low_s * k,
                value: r.total.low_s * k,
                range: Some((r.total.low_s * k, r.total.high_s * k)),
                label: format!(
                    "transfers: {}; total {}",
                    fmt_time(r.transfers_s),
                    fmt_time_range(r.total.low_s, r.total.high_s)
                ),
            });
        }
        transfers
    }

    /// Panel 2: each primitive (and the transfers) on both processors,
    /// fastest as the bar, slowest as the whisker.
    fn each_panel(&self) -> ChartPanel {
        let mut cats: Vec<String> = self.app.primitives.iter().map(|q| q.name.clone()).collect();
        cats.push("transfers".into());
        let mut each = ChartPanel::bars(
            "Each primitive: fastest (bar) to slowest (whisker)",
            cats,
            ChartAxis::new("execution time", self.unit, Scale::Linear, 0.0, 1.0),
        );
        for (i, (p, r)) in self.procs.iter().zip(&self.results).enumerate() {
            each.bars.push(self.processor_set(i, p, r));
        }
        each.fit_y(Some(0.0));
        each
    }

    /// Processor `i`'s bars of panel 2, side by side with the other's.
    fn processor_set(&self, i: usize, p: &BoathullProcessor, r: &ApplicationTime) -> BarSet {
        let k = self.k;
        let n = self.procs.len() as f64;
        let width = 0.8 / n;
        let mut set = BarSet {
            width: width * 0.9,
            offset: (i as f64 - (n - 1.0) / 2.0) * width,
            ..bar_set(self.names[i].clone(), PROCESSORS[i % 2])
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
                    fmt_time_range(t.low_s, t.high_s)
                ),
            });
        }
        set
    }

    /// "Primitives: a: class (f = 1); ...".
    fn primitives_note(&self) -> String {
        let list: Vec<String> = self
            .app
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
        format!("Primitives: {}.", list.join("; "))
    }
}

/// An empty bar set of the stacked panel's width.
fn bar_set(name: String, color: [u8; 3]) -> BarSet {
    BarSet {
        name,
        color,
        width: 0.5,
        offset: 0.0,
        bars: Vec::new(),
        value_labels: false,
    }
}

/// "GTX470: kernels .. + transfers .. = total .. (assumed ..)."
fn total_note(p: &BoathullProcessor, r: &ApplicationTime) -> String {
    let transfers = if r.transfers_s > 0.0 {
        format!("transfers {}", fmt_time(r.transfers_s))
    } else {
        "no transfers (data in the CPU's memory)".to_string()
    };
    format!(
        "{}: kernels {} + {transfers} = total {} (assumed {}).",
        p.short_name(),
        fmt_time_range(r.kernels.low_s, r.kernels.high_s),
        fmt_time_range(r.total.low_s, r.total.high_s),
        p.assumptions_text()
    )
}

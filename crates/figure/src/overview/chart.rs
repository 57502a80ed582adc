//! The overview figure: four small bar panels (PerDome, boat hull,
//! offload, FPM), one bar set per platform, and every verdict as a note.

use super::input::OverviewInput;
use super::kernels::SizeMode;
use super::platforms::{OverviewVerdicts, Verdicts};
use super::verdict::Crossing;
use crate::chart::{
    Bar, BarSet, ChartAxis, ChartFigure, ChartPanel, LineStyle, Orientation, RefLine, Scale,
    fit_range, palette,
};
use crate::fpm::{METHODS, method_short};
use hetscope_model::format::{fmt_sig, fmt_speedup, fmt_time, fmt_whole};
use hetscope_model::fpm::Method;

/// Colour of the first and the second platform's bars.
pub const COLORS: [[u8; 3]; 2] = [palette::BLUE, palette::VERMILION];

/// One platform's verdicts with its name and colour, as the panels use it.
struct Column<'a> {
    name: &'a str,
    color: [u8; 3],
    v: &'a Verdicts,
}

fn columns<'a>(input: &'a OverviewInput, o: &'a OverviewVerdicts) -> Vec<Column<'a>> {
    let mut out = vec![Column {
        name: &input.first.name,
        color: COLORS[0],
        v: &o.first,
    }];
    if let (Some(p), Some(v)) = (&input.second, &o.second) {
        out.push(Column {
            name: &p.name,
            color: COLORS[1],
            v,
        });
    }
    out
}

/// The offset of column `k` of `n` side by side.
fn offset(k: usize, n: usize) -> f64 {
    if n == 1 { 0.0 } else { (k as f64 - 0.5) * 0.4 }
}

fn bar_set(name: &str, color: [u8; 3], k: usize, n: usize) -> BarSet {
    BarSet {
        name: name.into(),
        color,
        width: if n == 1 { 0.6 } else { 0.38 },
        offset: offset(k, n),
        bars: Vec::new(),
        value_labels: n == 1,
    }
}

fn bar(category: usize, value: f64, label: String) -> Bar {
    Bar {
        category,
        base: 0.0,
        value,
        range: None,
        label,
    }
}

/// A log bar panel fitted to its bars, bars rising from the bottom.
fn log_panel(
    title: &str,
    categories: Vec<String>,
    y: (&str, &str),
    sets: Vec<BarSet>,
) -> ChartPanel {
    // The whiskers' ends too.
    let values = sets.iter().flat_map(|s| {
        s.bars.iter().flat_map(|b| {
            let (a, c) = b.range.unwrap_or((b.value, b.value));
            [b.value, a, c]
        })
    });
    let (lo, hi) = fit_range(Scale::Log10, values);
    let mut p = ChartPanel::bars(
        title,
        categories,
        ChartAxis::new(y.0, y.1, Scale::Log10, lo, hi),
    );
    p.bars = sets
        .into_iter()
        .map(|mut s| {
            for b in &mut s.bars {
                b.base = lo;
            }
            s
        })
        .collect();
    p
}

fn perdome_panel(cols: &[Column]) -> ChartPanel {
    let cats = ["CPU only", "GPU only", "p-DP", "best"];
    let sets = cols
        .iter()
        .enumerate()
        .map(|(k, c)| {
            let o = &c.v.perdome.optima;
            let mut s = bar_set(c.name, c.color, k, cols.len());
            for (i, v) in [
                o.cpu_only.gflops,
                o.gpu_only.gflops,
                o.pdp.gflops,
                o.best_performance.value,
            ]
            .into_iter()
            .enumerate()
            {
                s.bars
                    .push(bar(i, v, format!("{}: {} GFLOP/s", cats[i], fmt_sig(v))));
            }
            s
        })
        .collect();
    let w = &cols[0].v.perdome;
    log_panel(
        &format!("PerDome: {} (I = {})", w.workload, fmt_sig(w.i)),
        cats.iter().map(|s| s.to_string()).collect(),
        ("performance bound", "GFLOP/s"),
        sets,
    )
}

fn boathull_panel(cols: &[Column]) -> ChartPanel {
    let first = &cols[0].v.boathull;
    let cats: Vec<String> = first.classes.iter().map(|c| c.example.clone()).collect();
    let sets = cols
        .iter()
        .enumerate()
        .map(|(k, c)| {
            let mut s = bar_set(c.name, c.color, k, cols.len());
            for (i, cv) in c.v.boathull.classes.iter().enumerate() {
                if let Crossing::GpuFrom(f) | Crossing::CpuFrom(f) = cv.crossing {
                    let mut b = bar(i, f, format!("{}: {}", cv.example, cv.crossing.text()));
                    b.range = cv.too_close;
                    s.bars.push(b);
                }
            }
            s
        })
        .collect();
    let mut p = log_panel(
        "Boat hull: where the GPU starts to win",
        cats,
        ("crossover f", "operations per element"),
        sets,
    );
    let (lo, hi) = first.f_range;
    p.y.lo = p.y.lo.min(lo);
    p.y.hi = p.y.hi.max(hi);
    for b in p.bars.iter_mut().flat_map(|s| &mut s.bars) {
        b.base = p.y.lo;
    }
    for c in cols {
        let rest: Vec<String> =
            c.v.boathull
                .classes
                .iter()
                .filter(|cv| matches!(cv.crossing, Crossing::GpuAlways | Crossing::CpuAlways))
                .map(|cv| match cv.too_close {
                    Some((a, b)) => format!(
                        "{} {} (too close to call for f = {} to {})",
                        cv.example,
                        cv.crossing.text(),
                        fmt_sig(a),
                        fmt_sig(b)
                    ),
                    None => format!("{} {}", cv.example, cv.crossing.text()),
                })
                .collect();
        if !rest.is_empty() {
            p.notes
                .push(format!("{}: no crossover: {}.", c.name, rest.join(", ")));
        }
    }
    if let Some(e) = &first.error {
        p.notes.push(format!(
            "Whiskers: the f range where the winner is too close to call, the ratio of the two times taken within the model's {:.0} % error, a factor of {} ({} pairs of runs).",
            100.0 * e.confidence,
            fmt_sig(e.factor),
            e.rows
        ));
    }
    p
}

fn offload_panel(cols: &[Column]) -> ChartPanel {
    let first = &cols[0].v.offload;
    let cats: Vec<String> = first.kernels.iter().map(|k| k.name.clone()).collect();
    let mut sets = Vec::new();
    let modes: &[SizeMode] = if cols.len() == 1 {
        &SizeMode::BOTH
    } else {
        &[SizeMode::Benchmark]
    };
    let n = cols.len() * modes.len();
    for (k, c) in cols.iter().enumerate() {
        for (j, &mode) in modes.iter().enumerate() {
            let name = if cols.len() == 1 {
                format!("{} size", mode.key())
            } else {
                c.name.to_string()
            };
            let color = if cols.len() == 1 && mode == SizeMode::Test {
                palette::SKY
            } else {
                c.color
            };
            let mut s = bar_set(&name, color, k * modes.len() + j, n);
            s.value_labels = false;
            for (i, kv) in c.v.offload.kernels.iter().enumerate() {
                if let Ok(d) = &kv.at(mode).decision {
                    let verdict = match d.call() {
                        hetscope_model::offload::Call::Offload => "offload",
                        hetscope_model::offload::Call::Host => "keep on the host",
                        hetscope_model::offload::Call::TooClose => "too close to call",
                    };
                    s.bars.push(bar(
                        i,
                        d.speedup,
                        format!(
                            "{} at n = {}: {}, {verdict}",
                            kv.name,
                            fmt_whole(kv.at(mode).n),
                            fmt_speedup(d.speedup)
                        ),
                    ));
                }
            }
            sets.push(s);
        }
    }
    let mut p = log_panel(
        "Offload: predicted speedup per kernel",
        cats,
        ("predicted speedup", "x"),
        sets,
    );
    p.x.label = "kernel".into();
    p.y.lo = p.y.lo.min(0.5);
    p.y.hi = p.y.hi.max(2.0);
    for b in p.bars.iter_mut().flat_map(|s| &mut s.bars) {
        b.base = p.y.lo;
    }
    for c in cols {
        for &mode in modes {
            let (big, _) = c.v.offload.undecided(mode);
            if !big.is_empty() {
                p.notes.push(format!(
                    "{}: no bar at {} size for {}: the data does not fit the GPU.",
                    c.name,
                    mode.key(),
                    big.join(", ")
                ));
            }
        }
    }
    p.ref_lines.push(RefLine {
        orientation: Orientation::Horizontal,
        value: 1.0,
        label: "1x".into(),
        color: palette::BLACK,
        style: LineStyle::Solid,
    });
    p
}

fn fpm_panel(cols: &[Column]) -> ChartPanel {
    let first = &cols[0].v.fpm;
    let cats: Vec<String> = METHODS
        .iter()
        .map(|&m| method_short(m).to_string())
        .collect();
    let sets = cols
        .iter()
        .enumerate()
        .map(|(k, c)| {
            let mut s = bar_set(c.name, c.color, k, cols.len());
            for (i, &m) in METHODS.iter().enumerate() {
                let t = c.v.fpm.makespan(m);
                let mut b = bar(i, t, format!("{}: {}", method_short(m), fmt_time(t)));
                if m == Method::Fpm {
                    b.range = c.v.fpm.interval.as_ref().map(|i| i.makespan_s);
                }
                s.bars.push(b);
            }
            s
        })
        .collect();
    let same = cols
        .iter()
        .all(|c| c.v.fpm.unit == first.unit && c.v.fpm.n == first.n);
    if same {
        return log_panel(
            &format!("FPM: makespan of n = {} {}", fmt_whole(first.n), first.unit),
            cats,
            ("makespan", "s"),
            sets,
        );
    }
    // Speed functions of different kernels count different units: each
    // platform's bars are its own problem, and the panel says so.
    let mut p = log_panel("FPM: makespan", cats, ("makespan", "s"), sets);
    let problems: Vec<String> = cols
        .iter()
        .map(|c| format!("{}: n = {} {}", c.name, fmt_whole(c.v.fpm.n), c.v.fpm.unit))
        .collect();
    p.notes.push(format!(
        "Not one problem: {} (their speed functions count different units).",
        problems.join("; ")
    ));
    p
}

pub(super) fn build(input: &OverviewInput, o: &OverviewVerdicts) -> ChartFigure {
    let cols = columns(input, o);
    let mut notes: Vec<String> = cols
        .iter()
        .map(|c| format!("{}: {}", c.name, c.v.summary()))
        .collect();
    notes.extend(o.differences());
    notes.extend(super::validation::edited_note(
        &input.first.name,
        &input.first.edited,
    ));
    let title = match &input.second {
        None => format!("Platform overview: {}", input.first.name),
        Some(b) => format!("Platform overview: {} against {}", input.first.name, b.name),
    };
    let mut subtitle = input.first.hardware.clone();
    if let Some(b) = &input.second {
        subtitle = format!("{subtitle} | {}", b.hardware);
    }
    ChartFigure {
        title,
        subtitle,
        panels: vec![
            perdome_panel(&cols),
            boathull_panel(&cols),
            offload_panel(&cols),
            fpm_panel(&cols),
        ],
        notes,
    }
}

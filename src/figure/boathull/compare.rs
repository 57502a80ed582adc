//! The same class on two processors: which one wins at which operator
//! complexity, and where their times cross (with and without the
//! host-accelerator transfers).

use super::super::chart::{
    ChartAxis, ChartFigure, ChartPanel, LineStyle, Orientation, PointMarker, RefLine, Scale,
    Series, palette,
};
use super::hull::{f_axis, f_line, times};
use super::{BoathullInput, BoathullProcessor, fmt_f, fmt_time};
use crate::figure::fmt_num;
use crate::model::boathull::application::processor_crossover;

/// Per-f times of one processor: kernel range ends and t0, s.
struct Sampled {
    low: Vec<f64>,
    high: Vec<f64>,
    t0: f64,
}

fn sample(input: &BoathullInput, p: &BoathullProcessor, f: &[f64]) -> Result<Sampled, String> {
    let vars = p.vars(&input.class, &input.options);
    let mut s = Sampled {
        low: Vec::with_capacity(f.len()),
        high: Vec::with_capacity(f.len()),
        t0: 0.0,
    };
    for &x in f {
        let t = times(p, &vars, x)?;
        s.low.push(t.range.low_s);
        s.high.push(t.range.high_s);
        s.t0 = t.t0;
    }
    Ok(s)
}

fn pts(f: &[f64], y: impl Iterator<Item = f64>) -> Vec<[f64; 2]> {
    f.iter().copied().zip(y).map(|(x, y)| [x, y]).collect()
}

/// A crossover of the two processors, if the times cross in the range.
struct Crossing {
    f: f64,
    with_transfers: bool,
}

/// "GTX470 is 7.8x faster" or "equal".
fn faster(a: &str, ta: f64, b: &str, tb: f64) -> String {
    if ta < tb {
        format!("{a} is {}x faster", fmt_num(tb / ta))
    } else if tb < ta {
        format!("{b} is {}x faster", fmt_num(ta / tb))
    } else {
        "both take the same time".into()
    }
}

pub(super) fn build(input: &BoathullInput) -> Result<ChartFigure, String> {
    let (pa, pb) = (&input.processor, &input.partner);
    let (na, nb) = (pa.short_name(), pb.short_name());
    let f = input.f_samples();
    let a = sample(input, pa, &f)?;
    let b = sample(input, pb, &f)?;
    let transfers = a.t0 > 0.0 || b.t0 > 0.0;

    let mut times_panel = ChartPanel::new(
        &format!("{} on two processors", input.class_row()),
        f_axis(input),
        ChartAxis::new("execution time", "s", Scale::Log10, 0.1, 10.0),
    );
    for (p, s, color) in [(pa, &a, palette::BLUE), (pb, &b, palette::VERMILION)] {
        let n = p.short_name();
        times_panel.series.push(
            Series::line(
                &format!("{n}: kernel ({})", p.side().name()),
                color,
                pts(&f, s.low.iter().copied()),
            )
            .width(2.4),
        );
        if s.low.iter().zip(&s.high).any(|(l, h)| h > l) {
            times_panel.series.push(
                Series::line(
                    &format!("{n}: kernel, slowest under the assumptions"),
                    color,
                    pts(&f, s.high.iter().copied()),
                )
                .dotted()
                .width(1.6),
            );
        }
        if s.t0 > 0.0 {
            times_panel.series.push(
                Series::line(
                    &format!("{n}: total with transfers (+ t0)"),
                    color,
                    pts(&f, s.low.iter().map(|v| v + s.t0)),
                )
                .dashed()
                .width(2.0),
            );
        }
    }

    let mut ratio_panel = ChartPanel::new(
        &format!("Speedup of {na} over {nb}"),
        f_axis(input),
        ChartAxis::new(
            &format!("speedup: time on {nb} / time on {na}"),
            "x",
            Scale::Log10,
            0.1,
            10.0,
        ),
    );
    ratio_panel.series.push(
        Series::line(
            "kernels only",
            palette::PURPLE,
            pts(&f, b.low.iter().zip(&a.low).map(|(tb, ta)| tb / ta)),
        )
        .width(2.2),
    );
    if transfers {
        ratio_panel.series.push(
            Series::line(
                "with transfers",
                palette::PURPLE,
                pts(
                    &f,
                    b.low
                        .iter()
                        .zip(&a.low)
                        .map(|(tb, ta)| (tb + b.t0) / (ta + a.t0)),
                ),
            )
            .dashed()
            .width(2.2),
        );
    }
    ratio_panel.ref_lines.push(RefLine {
        orientation: Orientation::Horizontal,
        value: 1.0,
        label: "equal time".into(),
        color: palette::GREY,
        style: LineStyle::Solid,
    });

    // Crossovers, computed by the model.
    let (lo, hi) = input.f_range();
    let mut crossings = Vec::new();
    let modes: &[bool] = if transfers { &[false, true] } else { &[false] };
    for &with_transfers in modes {
        let x = processor_crossover(
            &pa.target,
            &pb.target,
            &input.class,
            &input.options,
            lo,
            hi,
            with_transfers,
        )
        .map_err(|e| e.to_string())?;
        if let Some(x) = x {
            crossings.push(Crossing {
                f: x,
                with_transfers,
            });
        }
    }
    let va = pa.vars(&input.class, &input.options);
    let mut notes = Vec::new();
    for c in &crossings {
        let t = times(pa, &va, c.f)?;
        let (what, y) = if c.with_transfers {
            ("crossover with transfers", t.range.low_s + t.t0)
        } else {
            ("crossover, kernels only", t.range.low_s)
        };
        let label = format!("{what}: f = {}", fmt_f(c.f));
        for (panel, y) in [(&mut times_panel, y), (&mut ratio_panel, 1.0)] {
            panel.markers.push(PointMarker {
                label: label.clone(),
                x: c.f,
                y,
                color: if c.with_transfers {
                    palette::GREEN
                } else {
                    palette::PURPLE
                },
            });
        }
    }

    // Who wins where (the low end of each range compared, as the model's
    // crossover does).
    let vb = pb.vars(&input.class, &input.options);
    let ta_lo = times(pa, &va, lo)?;
    let tb_lo = times(pb, &vb, lo)?;
    for &with_transfers in modes {
        let (xa, xb) = if with_transfers {
            (ta_lo.t0, tb_lo.t0)
        } else {
            (0.0, 0.0)
        };
        let first = if ta_lo.range.low_s + xa <= tb_lo.range.low_s + xb {
            (&na, &nb)
        } else {
            (&nb, &na)
        };
        let what = if with_transfers {
            "With transfers"
        } else {
            "Kernels only"
        };
        let text = match crossings
            .iter()
            .find(|c| c.with_transfers == with_transfers)
        {
            Some(c) => format!(
                "{what}: {} is faster below f = {}, {} above.",
                first.0,
                fmt_f(c.f),
                first.1
            ),
            None => format!(
                "{what}: {} is faster over the whole range (no crossover between f = {} and {}).",
                first.0,
                fmt_f(lo),
                fmt_f(hi)
            ),
        };
        notes.push(text);
    }

    // The chosen f.
    let x = input.f;
    let ta = times(pa, &va, x)?;
    let tb = times(pb, &vb, x)?;
    times_panel.ref_lines.push(f_line(x));
    ratio_panel.ref_lines.push(f_line(x));
    for (n, y, color) in [
        (&na, ta.range.low_s, palette::BLUE),
        (&nb, tb.range.low_s, palette::VERMILION),
    ] {
        times_panel.markers.push(PointMarker {
            label: format!("{n} at f = {}: {}", fmt_f(x), fmt_time(y)),
            x,
            y,
            color,
        });
    }
    let speedup = tb.range.low_s / ta.range.low_s;
    ratio_panel.markers.push(PointMarker {
        label: format!("{}x at f = {}", fmt_num(speedup), fmt_f(x)),
        x,
        y: speedup,
        color: palette::PURPLE,
    });
    let mut readout = format!(
        "At f = {}: {na} {}, {nb} {}: {} (kernels only)",
        fmt_f(x),
        fmt_time(ta.range.low_s),
        fmt_time(tb.range.low_s),
        faster(&na, ta.range.low_s, &nb, tb.range.low_s)
    );
    if transfers {
        let (wa, wb) = (ta.range.low_s + ta.t0, tb.range.low_s + tb.t0);
        readout.push_str(&format!(
            "; with transfers {na} {}, {nb} {}: {}",
            fmt_time(wa),
            fmt_time(wb),
            faster(&na, wa, &nb, wb)
        ));
    }
    times_panel.notes.push(format!("{readout}."));
    for (p, n) in [(pa, &na), (pb, &nb)] {
        times_panel
            .notes
            .push(format!("{n}: assumed {}.", p.assumptions_text()));
    }
    times_panel.fit_y(None);
    ratio_panel.fit_y(Some(1.0));
    notes.push(
        "Crossovers and speedups compare the fastest time of each processor under its assumptions (solid lines)."
            .into(),
    );
    notes.push(input.options_note());
    Ok(ChartFigure {
        title: "Boat hull: which processor wins at which complexity".into(),
        subtitle: format!(
            "{} | {} ({}) against {} ({})",
            input.class,
            pa.name,
            pa.side().name(),
            pb.name,
            pb.side().name()
        ),
        panels: vec![times_panel, ratio_panel],
        notes,
    })
}

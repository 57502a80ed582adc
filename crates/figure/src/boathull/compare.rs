//! The same class on two processors: which one wins at which operator
//! complexity, and where their times cross (with and without the
//! host-accelerator transfers).

use super::super::chart::{
    ChartAxis, ChartFigure, ChartPanel, LineStyle, Orientation, PointMarker, RefLine, Scale,
    Series, palette,
};
use super::curves::{Times, f_axis, f_line, times};
use super::input::{BoathullInput, BoathullProcessor};
use crate::error::FigureError;
use hetscope_model::boathull::application::{processor_band, processor_crossover};
use hetscope_model::format::{fmt_num, fmt_tick, fmt_time};

/// Per-f times of one processor: kernel range ends and t0, s.
struct Sampled {
    low: Vec<f64>,
    high: Vec<f64>,
    t0: f64,
}

fn sample(input: &BoathullInput, p: &BoathullProcessor, f: &[f64]) -> Result<Sampled, FigureError> {
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

pub(super) fn build(input: &BoathullInput) -> Result<ChartFigure, FigureError> {
    let pair = Pair::new(input)?;
    let mut times_panel = pair.times_panel();
    let mut ratio_panel = pair.ratio_panel();
    let crossings = pair.crossings()?;
    pair.mark_crossings(&crossings, &mut times_panel, &mut ratio_panel)?;
    let mut notes = pair.winner_notes(&crossings)?;
    pair.mark_chosen_f(&mut times_panel, &mut ratio_panel)?;
    times_panel.fit_y(None);
    ratio_panel.fit_y(Some(1.0));
    notes.push(
        "Crossovers and speedups compare the fastest time of each processor under its assumptions (solid lines)."
            .into(),
    );
    notes.push(input.options_note());
    let (pa, pb) = (pair.pa, pair.pb);
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

/// The two processors of the comparison, sampled over the f range.
struct Pair<'a> {
    input: &'a BoathullInput,
    pa: &'a BoathullProcessor,
    pb: &'a BoathullProcessor,
    /// Short names of `pa` and `pb`.
    na: String,
    nb: String,
    f: Vec<f64>,
    a: Sampled,
    b: Sampled,
    /// Whether either processor has a transfer t0.
    transfers: bool,
}

impl<'a> Pair<'a> {
    fn new(input: &'a BoathullInput) -> Result<Self, FigureError> {
        let (pa, pb) = (&input.processor, &input.partner);
        let f = input.f_samples();
        let a = sample(input, pa, &f)?;
        let b = sample(input, pb, &f)?;
        Ok(Pair {
            input,
            pa,
            pb,
            na: pa.short_name(),
            nb: pb.short_name(),
            transfers: a.t0 > 0.0 || b.t0 > 0.0,
            f,
            a,
            b,
        })
    }

    /// Kernels only, and with transfers when either processor has them.
    fn modes(&self) -> &'static [bool] {
        if self.transfers {
            &[false, true]
        } else {
            &[false]
        }
    }

    /// The times of `p` at `f`, with the class variables of its kind.
    fn times_at(&self, p: &BoathullProcessor, f: f64) -> Result<Times, FigureError> {
        times(p, &p.vars(&self.input.class, &self.input.options), f)
    }

    /// Execution time against f: each processor's kernel range and its
    /// total with transfers.
    fn times_panel(&self) -> ChartPanel {
        let mut panel = ChartPanel::new(
            &format!("{} on two processors", self.input.class_row()),
            f_axis(self.input),
            ChartAxis::new("execution time", "s", Scale::Log10, 0.1, 10.0),
        );
        for (p, s, color) in [
            (self.pa, &self.a, palette::BLUE),
            (self.pb, &self.b, palette::VERMILION),
        ] {
            panel.series.extend(self.processor_series(p, s, color));
        }
        panel
    }

    /// One processor's lines: fastest kernel time, slowest when the
    /// assumptions leave a range, fastest plus t0 when it has transfers.
    fn processor_series(&self, p: &BoathullProcessor, s: &Sampled, color: [u8; 3]) -> Vec<Series> {
        let (f, n) = (&self.f, p.short_name());
        let mut series = vec![
            Series::line(
                &format!("{n}: kernel ({})", p.side().name()),
                color,
                pts(f, s.low.iter().copied()),
            )
            .width(2.4),
        ];
        if s.low.iter().zip(&s.high).any(|(l, h)| h > l) {
            series.push(
                Series::line(
                    &format!("{n}: kernel, slowest under the assumptions"),
                    color,
                    pts(f, s.high.iter().copied()),
                )
                .dotted()
                .width(1.6),
            );
        }
        if s.t0 > 0.0 {
            series.push(
                Series::line(
                    &format!("{n}: total with transfers (+ t0)"),
                    color,
                    pts(f, s.low.iter().map(|v| v + s.t0)),
                )
                .dashed()
                .width(2.0),
            );
        }
        series
    }

    /// The speedup of the first processor over the second against f, with
    /// and without transfers, and the line of equal time.
    fn ratio_panel(&self) -> ChartPanel {
        let (a, b, f) = (&self.a, &self.b, &self.f);
        let (na, nb) = (&self.na, &self.nb);
        let mut panel = ChartPanel::new(
            &format!("Speedup of {na} over {nb}"),
            f_axis(self.input),
            ChartAxis::new(
                &format!("speedup: time on {nb} / time on {na}"),
                "x",
                Scale::Log10,
                0.1,
                10.0,
            ),
        );
        panel.series.push(
            Series::line(
                "kernels only",
                palette::PURPLE,
                pts(f, b.low.iter().zip(&a.low).map(|(tb, ta)| tb / ta)),
            )
            .width(2.2),
        );
        if self.transfers {
            panel.series.push(
                Series::line(
                    "with transfers",
                    palette::SKY,
                    pts(
                        f,
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
        panel.ref_lines.push(RefLine {
            orientation: Orientation::Horizontal,
            value: 1.0,
            label: "equal time".into(),
            color: palette::GREY,
            style: LineStyle::Solid,
        });
        if let Some(e) = &self.input.winner_error {
            // Between these the winner is too close to call.
            for (value, side) in [(e.factor, "above"), (1.0 / e.factor, "below")] {
                panel.ref_lines.push(RefLine {
                    orientation: Orientation::Horizontal,
                    value,
                    label: format!("clear {side} ({}x)", fmt_num(value)),
                    color: palette::GREY,
                    style: LineStyle::Dashed,
                });
            }
        }
        panel
    }

    /// Crossovers in the f range, computed by the model: kernels only,
    /// then with transfers.
    fn crossings(&self) -> Result<Vec<Crossing>, FigureError> {
        let (lo, hi) = self.input.f_range();
        let mut crossings = Vec::new();
        for &with_transfers in self.modes() {
            let x = processor_crossover(
                &self.pa.target,
                &self.pb.target,
                &self.input.class,
                &self.input.options,
                lo,
                hi,
                with_transfers,
            )
            .map_err(FigureError::from)?;
            if let Some(x) = x {
                crossings.push(Crossing {
                    f: x,
                    with_transfers,
                });
            }
        }
        Ok(crossings)
    }

    /// A marker at each crossover, on the first processor's curve and on
    /// the line of equal time.
    fn mark_crossings(
        &self,
        crossings: &[Crossing],
        times_panel: &mut ChartPanel,
        ratio_panel: &mut ChartPanel,
    ) -> Result<(), FigureError> {
        for c in crossings {
            let t = self.times_at(self.pa, c.f)?;
            let (what, y) = if c.with_transfers {
                ("crossover with transfers", t.range.low_s + t.t0)
            } else {
                ("crossover, kernels only", t.range.low_s)
            };
            let label = format!("{what}: f = {}", fmt_tick(c.f));
            for (panel, y) in [(&mut *times_panel, y), (&mut *ratio_panel, 1.0)] {
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
        Ok(())
    }

    /// Who wins where, per mode: the low end of each range compared at the
    /// low end of f, as the model's crossover does.
    fn winner_notes(&self, crossings: &[Crossing]) -> Result<Vec<String>, FigureError> {
        let (lo, hi) = self.input.f_range();
        let (na, nb) = (&self.na, &self.nb);
        let ta_lo = self.times_at(self.pa, lo)?;
        let tb_lo = self.times_at(self.pb, lo)?;
        let mut notes = Vec::new();
        for &with_transfers in self.modes() {
            let (xa, xb) = if with_transfers {
                (ta_lo.t0, tb_lo.t0)
            } else {
                (0.0, 0.0)
            };
            let first = if ta_lo.range.low_s + xa <= tb_lo.range.low_s + xb {
                (na, nb)
            } else {
                (nb, na)
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
                    fmt_tick(c.f),
                    first.1
                ),
                None => format!(
                    "{what}: {} is faster over the whole range (no crossover between f = {} and {}).",
                    first.0,
                    fmt_tick(lo),
                    fmt_tick(hi)
                ),
            };
            notes.push(text);
            if let Some(band) = self.too_close(with_transfers)? {
                notes.push(band);
            }
        }
        Ok(notes)
    }

    /// "Too close to call for f = a to b: ..." where the input carries
    /// the model's error on the ratio of the two times.
    fn too_close(&self, with_transfers: bool) -> Result<Option<String>, FigureError> {
        let Some(e) = &self.input.winner_error else {
            return Ok(None);
        };
        let band = processor_band(
            &self.pa.target,
            &self.pb.target,
            &self.input.class,
            &self.input.options,
            self.input.f_range(),
            with_transfers,
            e.factor,
        )
        .map_err(FigureError::from)?;
        let within = format!(
            "the speedup within the model's {:.0} % error, a factor of {} ({} pairs of runs of the shipped H100 node)",
            100.0 * e.confidence,
            fmt_num(e.factor),
            e.rows
        );
        Ok(Some(match band {
            Some((a, b)) => format!(
                "Too close to call for f = {} to {}: {within} lies on both sides of 1.",
                fmt_tick(a),
                fmt_tick(b)
            ),
            None => format!("Clear over the whole range: {within} stays on one side of 1."),
        }))
    }

    /// The chosen f: its line, both times and the speedup as markers, the
    /// readout and each processor's assumptions.
    fn mark_chosen_f(
        &self,
        times_panel: &mut ChartPanel,
        ratio_panel: &mut ChartPanel,
    ) -> Result<(), FigureError> {
        let (na, nb) = (&self.na, &self.nb);
        let x = self.input.f;
        let ta = self.times_at(self.pa, x)?;
        let tb = self.times_at(self.pb, x)?;
        times_panel.ref_lines.push(f_line(x));
        ratio_panel.ref_lines.push(f_line(x));
        for (n, y, color) in [
            (na, ta.range.low_s, palette::BLUE),
            (nb, tb.range.low_s, palette::VERMILION),
        ] {
            times_panel.markers.push(PointMarker {
                label: format!("{n} at f = {}: {}", fmt_tick(x), fmt_time(y)),
                x,
                y,
                color,
            });
        }
        let speedup = tb.range.low_s / ta.range.low_s;
        ratio_panel.markers.push(PointMarker {
            label: format!("{}x at f = {}", fmt_num(speedup), fmt_tick(x)),
            x,
            y: speedup,
            color: palette::PURPLE,
        });
        times_panel.notes.push(self.readout(x, &ta, &tb));
        for (p, n) in [(self.pa, na), (self.pb, nb)] {
            times_panel
                .notes
                .push(format!("{n}: assumed {}.", p.assumptions_text()));
        }
        Ok(())
    }

    /// "At f = 10: A 1 ms, B 2 ms: A is 2x faster (kernels only); with
    /// transfers ...".
    fn readout(&self, x: f64, ta: &Times, tb: &Times) -> String {
        let (na, nb) = (&self.na, &self.nb);
        let mut readout = format!(
            "At f = {}: {na} {}, {nb} {}: {} (kernels only)",
            fmt_tick(x),
            fmt_time(ta.range.low_s),
            fmt_time(tb.range.low_s),
            faster(na, ta.range.low_s, nb, tb.range.low_s)
        );
        if self.transfers {
            let (wa, wb) = (ta.range.low_s + ta.t0, tb.range.low_s + tb.t0);
            readout.push_str(&format!(
                "; with transfers {na} {}, {nb} {}: {}",
                fmt_time(wa),
                fmt_time(wb),
                faster(na, wa, nb, wb)
            ));
        }
        format!("{readout}.")
    }
}

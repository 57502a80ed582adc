//! "Sensitivity" ([`crate::View::Sensitivity`]): a tornado chart of one
//! headline result: one row per hardware parameter, named in full with
//! its value, ranked by effect from the top, a bar for the parameter
//! raised and one for it lowered, each the result's change in % per % of
//! the parameter (its elasticity, signed as the result moves) along x;
//! under it the parameters that do not move the result and the flip
//! points of the result's model.

use crate::chart::palette::{BLUE, GREY, ORANGE};
use crate::chart::{Bar, BarSet, ChartAxis, ChartFigure, ChartPanel, Orientation, RefLine, Scale};
use hetscope_model::format::fmt_tick;

/// The most parameters drawn; the others are named in a note.
pub const MOST_DRAWN: usize = 12;
/// The most parameters without effect named.
pub const MOST_UNMOVED: usize = 8;
/// The most flip points written under the chart (the nearest first).
pub const MOST_FLIPS: usize = 6;

/// What the core's sensitivity gives the figure for one result.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TornadoInput {
    /// The platform's name.
    pub platform: String,
    /// The result, in words ("PerDome bound of the best partition").
    pub result: String,
    /// Its key, as `eval sensitivity` names it ("perdome.best").
    pub key: String,
    pub unit: String,
    /// Its value on the platform.
    pub value: f64,
    /// The relative step of the parameters.
    pub step: f64,
    /// The parameters, ranked by effect (largest first).
    pub bars: Vec<TornadoBar>,
    /// The parameters that do not move it (both elasticities 0).
    pub unmoved: Vec<String>,
    /// The flip points of the decisions the result is about, as
    /// sentences, the nearest to the platform's values first.
    pub flips: Vec<String>,
    /// Why there is nothing to draw, if there is not (not computed yet, a
    /// result the platform's hardware does not move).
    pub empty: Option<String>,
}

/// One parameter's effect on the result.
#[derive(Clone, Debug, PartialEq)]
pub struct TornadoBar {
    /// "GPU memory bandwidth".
    pub param: String,
    /// Its value on the platform, with its unit ("3350 GB/s").
    pub value: String,
    /// Elasticity up and down (`None`: the changed platform gives no
    /// value).
    pub up: Option<f64>,
    pub down: Option<f64>,
}

/// The figure of `t`.
pub fn build(t: &TornadoInput) -> ChartFigure {
    let drawn = &t.bars[..t.bars.len().min(MOST_DRAWN)];
    let mut categories: Vec<String> = drawn
        .iter()
        .map(|b| match b.value.trim() {
            "" => b.param.clone(),
            v => format!("{} ({v})", b.param),
        })
        .collect();
    if categories.is_empty() {
        categories.push("no parameter moves it".into());
    }
    let extent = drawn
        .iter()
        .flat_map(|b| [b.up, b.down])
        .flatten()
        .fold(0.0f64, |m, e| m.max(e.abs()));
    let hi = if extent > 0.0 { extent * 1.2 } else { 1.0 };
    let x = ChartAxis::new(
        "change of the result per % of the parameter",
        "%/%",
        Scale::Linear,
        -hi,
        hi,
    );
    // Few parameters get narrower bars (a category's slot is then tall):
    // the pair is as thick as among five.
    let narrow = (categories.len() as f64 / 5.0).min(1.0);
    let mut p = ChartPanel::bars_across(&t.result, categories, x);
    let pct = fmt_tick(t.step * 100.0);
    let raised = format!("parameter raised {pct} %");
    let lowered = format!("parameter lowered {pct} %");
    for (name, color, side, sign, pick) in [
        // Raised above its row's middle, lowered under it.
        (
            &raised,
            BLUE,
            1.0,
            1.0,
            up as fn(&TornadoBar) -> Option<f64>,
        ),
        (&lowered, ORANGE, -1.0, -1.0, down),
    ] {
        let mut set = bar_set(drawn, name, color, side * 0.19 * narrow, sign, pick);
        set.width *= narrow;
        p.bars.push(set);
    }
    p.ref_lines.push(RefLine {
        orientation: Orientation::Vertical,
        value: 0.0,
        label: String::new(),
        color: GREY,
        style: crate::chart::LineStyle::Solid,
    });
    ChartFigure {
        title: format!("Which parameter matters: {}", t.platform),
        subtitle: format!(
            "{} = {} {}; each parameter raised and lowered by {pct} % (a count by one), \
             ranked by effect",
            t.result,
            fmt_tick(t.value),
            t.unit
        ),
        panels: vec![p],
        notes: notes(t, drawn.len()),
    }
}

fn up(b: &TornadoBar) -> Option<f64> {
    b.up
}

fn down(b: &TornadoBar) -> Option<f64> {
    b.down
}

/// The bars of one direction: each parameter's elasticity `pick`,
/// times `sign` (a lowered parameter that lowers the result draws down).
fn bar_set(
    drawn: &[TornadoBar],
    name: &str,
    color: [u8; 3],
    offset: f64,
    sign: f64,
    pick: fn(&TornadoBar) -> Option<f64>,
) -> BarSet {
    let bars = drawn
        .iter()
        .enumerate()
        .filter_map(|(i, b)| {
            let e = pick(b)?;
            let moves = if sign * e >= 0.0 { "rises" } else { "falls" };
            Some(Bar {
                category: i,
                base: 0.0,
                value: sign * e,
                range: None,
                label: format!(
                    "{} ({}) {name}: the result {moves} {} % per %",
                    b.param,
                    b.value,
                    fmt_tick(e.abs())
                ),
            })
        })
        .collect();
    BarSet {
        name: name.to_string(),
        color,
        width: 0.36,
        offset,
        bars,
        value_labels: drawn.len() <= 8,
    }
}

/// The lines under the chart: why it is empty, the parameters left out,
/// the flip points.
fn notes(t: &TornadoInput, drawn: usize) -> Vec<String> {
    let mut notes: Vec<String> = t.empty.iter().cloned().collect();
    if t.bars.len() > drawn {
        let rest: Vec<&str> = t.bars[drawn..].iter().map(|b| b.param.as_str()).collect();
        notes.push(format!("Smaller effects: {}.", rest.join(", ")));
    }
    if !t.unmoved.is_empty() {
        let named = &t.unmoved[..t.unmoved.len().min(MOST_UNMOVED)];
        let more = match t.unmoved.len() - named.len() {
            0 => String::new(),
            n => format!(" and {n} more"),
        };
        notes.push(format!("No effect: {}{more}.", named.join(", ")));
    }
    if t.flips.is_empty() {
        notes.push("No decision of this model flips within a tenth to ten times any parameter (or flip points were not searched).".into());
    } else {
        let more = t.flips.len().saturating_sub(MOST_FLIPS);
        notes.push(if more > 0 {
            format!(
                "Flip points, the nearest {MOST_FLIPS} of {}:",
                t.flips.len()
            )
        } else {
            "Flip points:".into()
        });
        notes.extend(t.flips.iter().take(MOST_FLIPS).map(|f| format!("  {f}")));
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bar(param: &str, up: f64, down: f64) -> TornadoBar {
        TornadoBar {
            param: param.into(),
            value: "1 GB/s".into(),
            up: Some(up),
            down: Some(down),
        }
    }

    #[test]
    fn raised_bars_carry_the_sign_of_the_result_and_lowered_ones_the_opposite() {
        let t = TornadoInput {
            platform: "p".into(),
            result: "bound".into(),
            key: "perdome.best".into(),
            unit: "GFLOP/s".into(),
            value: 10.0,
            step: 0.01,
            bars: vec![
                bar("GPU memory bandwidth", 0.98, 0.99),
                bar("CPU clock", -0.2, -0.1),
            ],
            unmoved: vec!["link latency".into()],
            flips: vec!["ATAX1 at n = 9600: kept below 31 GB/s".into()],
            empty: None,
        };
        let f = build(&t);
        let p = &f.panels[0];
        assert_eq!(
            p.categories,
            ["GPU memory bandwidth (1 GB/s)", "CPU clock (1 GB/s)"]
        );
        assert!(
            p.horizontal,
            "a tornado: bars along x, the largest effect on top"
        );
        assert!(p.category_at(0) > p.category_at(1));
        let (up, down) = (&p.bars[0].bars, &p.bars[1].bars);
        assert_eq!((up[0].value, down[0].value), (0.98, -0.99));
        assert_eq!((up[1].value, down[1].value), (-0.2, 0.1));
        assert!(up[1].label.contains("falls 0.2 % per %"), "{}", up[1].label);
        assert!(p.x.hi >= 0.99 * 1.2 - 1e-9 && p.x.lo <= -0.99 * 1.2 + 1e-9);
        assert!(
            f.notes
                .iter()
                .any(|n| n.contains("No effect: link latency"))
        );
        assert!(f.notes.iter().any(|n| n.contains("ATAX1")));
        assert!(f.subtitle.contains("bound = 10 GFLOP/s"), "{}", f.subtitle);
    }

    #[test]
    fn few_parameters_get_thinner_bars_in_their_row() {
        let two = build(&TornadoInput {
            bars: vec![bar("a", 1.0, 1.0), bar("b", 0.5, 0.5)],
            step: 0.01,
            ..Default::default()
        });
        let many = build(&TornadoInput {
            bars: (0..6).map(|i| bar(&format!("p{i}"), 1.0, 1.0)).collect(),
            step: 0.01,
            ..Default::default()
        });
        let (w2, w6) = (two.panels[0].bars[0].width, many.panels[0].bars[0].width);
        assert!((w2 - w6 * 0.4).abs() < 1e-12, "{w2} {w6}");
        // Raised above the row's middle, lowered under it, touching.
        let (a, b) = (&two.panels[0].bars[0], &two.panels[0].bars[1]);
        assert!(a.offset > 0.0 && b.offset < 0.0);
        assert!((a.offset - b.offset - (a.width + b.width) / 2.0).abs() < 0.02);
    }

    #[test]
    fn more_parameters_than_drawn_are_named() {
        let bars = (0..20).map(|i| bar(&format!("p{i}"), 1.0, 1.0)).collect();
        let f = build(&TornadoInput {
            bars,
            step: 0.01,
            ..Default::default()
        });
        assert_eq!(f.panels[0].categories.len(), MOST_DRAWN);
        assert!(f.notes.iter().any(|n| n.contains("p19")));
    }
}

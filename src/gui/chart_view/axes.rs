//! The hover readout of a chart in data values with units (log axes read
//! back from their log10 positions, categories by name).

use egui_plot::HoverPosition;

use hetscope_figure::chart::{ChartAxis, ChartPanel};
use hetscope_figure::hover::Nearest;
use hetscope_model::format::fmt_sig;

fn category_name(p: &ChartPanel, x: f64) -> Option<&str> {
    let i = x.round();
    ((x - i).abs() <= 0.5 && i >= 0.0)
        .then(|| p.categories.get(i as usize).map(String::as_str))
        .flatten()
}

/// "t = 4.56 ms": the axis' symbol (the last word of its label when it is
/// short, as in "execution time t") or its whole label, the value and unit.
pub(super) fn axis_readout(a: &ChartAxis, v: f64) -> String {
    let label = a.label.trim();
    let name = match label.rsplit_once(' ') {
        Some((_, last)) if last.chars().count() <= 4 => last,
        _ => label,
    };
    let value = readout_value(v);
    match (name.is_empty(), a.unit.is_empty()) {
        (true, true) => value,
        (true, false) => format!("{value} {}", a.unit),
        (false, true) => format!("{name} = {value}"),
        (false, false) => format!("{name} = {value} {}", a.unit),
    }
}

/// A value read out on hover: four significant digits, without trailing
/// zeros ("0.002003", "182.9", "12.3").
fn readout_value(v: f64) -> String {
    let s = fmt_sig(v);
    if s.contains('.') && !s.contains('e') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// The hover text: the series (or marker) name and the data values; on a
/// line chart, of the series point the pointer snapped to (`snapped`).
pub(super) fn readout(
    p: &ChartPanel,
    pos: &HoverPosition<'_>,
    snapped: Option<&Nearest>,
) -> Option<String> {
    if let Some(n) = snapped.filter(|_| p.categories.is_empty()) {
        let series = p.series.get(n.series);
        let name = series.map_or(String::new(), |s| match s.point_labels.get(n.index) {
            Some(label) => format!("{label} ({})", s.name),
            None => s.name.clone(),
        });
        let x = axis_readout(&p.x, n.point[0]);
        let y = axis_readout(&p.y, n.point[1]);
        return Some(format!("{name}\n{x}, {y}"));
    }
    let (name, at) = match pos {
        HoverPosition::NearDataPoint {
            plot_name,
            position,
            ..
        } => (*plot_name, position),
        HoverPosition::Elsewhere { position } => ("", position),
    };
    let y = axis_readout(&p.y, p.y.value_at(at.y));
    if !p.categories.is_empty() {
        let cat = category_name(p, at.x)?;
        return Some(format!("{cat}\n{y}"));
    }
    let x = axis_readout(&p.x, p.x.value_at(at.x));
    let close = |a: Option<f64>, b: f64| a.is_some_and(|a| (a - b).abs() <= 1e-9 * (1.0 + b.abs()));
    let name = if name.is_empty() && matches!(pos, HoverPosition::NearDataPoint { .. }) {
        p.markers
            .iter()
            .find(|m| close(p.x.pos(m.x), at.x) && close(p.y.pos(m.y), at.y))
            .map_or("", |m| m.label.as_str())
    } else {
        name
    };
    Some(if name.is_empty() {
        format!("{x}, {y}")
    } else {
        format!("{name}\n{x}, {y}")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetscope_figure::chart::Scale;

    #[test]
    fn readouts_name_the_axis_symbol_and_unit() {
        let a = ChartAxis::new(
            "operator complexity f",
            "ops/element",
            Scale::Log10,
            1.0,
            1e3,
        );
        assert_eq!(axis_readout(&a, 12.3), "f = 12.3 ops/element");
        let t = ChartAxis::new("time", "ms", Scale::Linear, 0.0, 10.0);
        assert_eq!(axis_readout(&t, 4.56), "time = 4.56 ms");
        assert_eq!(axis_readout(&t, 0.0020034), "time = 0.002003 ms");
        assert_eq!(axis_readout(&t, 1000.0), "time = 1000 ms");
    }

    #[test]
    fn a_snapped_hover_names_the_series_and_reads_its_point() {
        use egui_plot::PlotPoint;
        use hetscope_figure::chart::Series;
        let mut p = ChartPanel::new(
            "",
            ChartAxis::new("operator complexity f", "ops", Scale::Log10, 1.0, 1e4),
            ChartAxis::new("execution time t", "s", Scale::Linear, 0.0, 10.0),
        );
        p.series
            .push(Series::line("hull", [0, 0, 0], vec![[10.0, 2.5]]));
        let pos = HoverPosition::Elsewhere {
            position: PlotPoint::new(1.1, 2.7),
        };
        let near = Nearest {
            series: 0,
            index: 0,
            point: [10.0, 2.5],
            distance_px: 3.0,
        };
        let text = readout(&p, &pos, Some(&near)).expect("a readout");
        assert_eq!(text, "hull\nf = 10 ops, t = 2.5 s");
        // A named point says what it is.
        p.series[0].point_labels = vec!["GEMM n=9600".into()];
        let text = readout(&p, &pos, Some(&near)).expect("a readout");
        assert_eq!(text, "GEMM n=9600 (hull)\nf = 10 ops, t = 2.5 s");
        // Without a snap, the cursor's own position.
        let text = readout(&p, &pos, None).expect("a readout");
        assert!(text.starts_with("f = 12.59 ops"), "{text}");
    }
}

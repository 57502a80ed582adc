//! What a pointer over a chart panel points at: the point of the nearest
//! series, measured on screen (so that a log axis and a wide range weigh
//! as the reader sees them). The window snaps its hover readout to it.

use crate::chart::ChartPanel;

/// The series point nearest to the pointer.
#[derive(Clone, Debug, PartialEq)]
pub struct Nearest {
    /// Index of the series in the panel.
    pub series: usize,
    /// Index of the point in its series.
    pub index: usize,
    /// The point, in data values.
    pub point: [f64; 2],
    /// Its distance from the pointer, px.
    pub distance_px: f64,
}

/// The point of any named series of `panel` nearest to `at` (axis
/// positions: log10 of the value on a log axis), with `px_per_pos` the
/// screen pixels per position unit on x and y; none when the panel has
/// no point that can be placed.
pub fn nearest_point(panel: &ChartPanel, at: [f64; 2], px_per_pos: [f64; 2]) -> Option<Nearest> {
    let mut best: Option<Nearest> = None;
    for (k, s) in panel.series.iter().enumerate() {
        if s.name.is_empty() {
            continue;
        }
        for (i, p) in s.points.iter().enumerate() {
            let (Some(x), Some(y)) = (panel.x.pos(p[0]), panel.y.pos(p[1])) else {
                continue;
            };
            let dx = (x - at[0]) * px_per_pos[0];
            let dy = (y - at[1]) * px_per_pos[1];
            let d = dx.hypot(dy);
            if d.is_finite() && best.as_ref().is_none_or(|b| d < b.distance_px) {
                best = Some(Nearest {
                    series: k,
                    index: i,
                    point: *p,
                    distance_px: d,
                });
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chart::{ChartAxis, Scale, Series};

    fn panel() -> ChartPanel {
        let mut p = ChartPanel::new(
            "",
            ChartAxis::new("f", "ops", Scale::Log10, 1.0, 1e4),
            ChartAxis::new("t", "s", Scale::Linear, 0.0, 10.0),
        );
        p.series
            .push(Series::line("low", [0, 0, 0], vec![[1.0, 1.0], [1e4, 1.0]]));
        p.series.push(Series::line(
            "high",
            [0, 0, 0],
            vec![[1.0, 9.0], [100.0, 9.0]],
        ));
        p
    }

    #[test]
    fn the_nearest_point_is_found_in_screen_distance() {
        let p = panel();
        // 100 px per decade on x, 10 px per second on y.
        let px = [100.0, 10.0];
        let n = nearest_point(&p, [2.0, 8.0], px).expect("a point");
        assert_eq!((n.series, n.point), (1, [100.0, 9.0]));
        assert!((n.distance_px - 10.0).abs() < 1e-9);
        // Stretch y: the low line's end is now nearer on screen.
        let n = nearest_point(&p, [3.8, 2.0], px).expect("a point");
        assert_eq!((n.series, n.point), (0, [1e4, 1.0]));
    }

    #[test]
    fn unnamed_series_and_unplaceable_points_are_skipped() {
        let mut p = panel();
        p.series[1].name.clear();
        p.series[0].points.insert(0, [0.0, 5.0]);
        let n = nearest_point(&p, [0.0, 5.0], [100.0, 10.0]).expect("a point");
        assert_eq!(n.series, 0);
        assert_eq!(n.point, [1.0, 1.0], "f = 0 has no place on a log axis");
    }
}

//! What a task runtime's history adds to a speed function's points (see
//! [`hetscope_model::fpm::Runs`]): the spread of its timings as thin
//! dotted edges around the points (the speed at the mean time plus and
//! minus one standard deviation), the runs and deviation of each point on
//! hover, and the points timed fewer than [`CALIBRATION_MINIMUM`] times
//! marked.

use crate::chart::{Series, palette};
use hetscope_model::format::fmt_sig;
use hetscope_model::fpm::{CALIBRATION_MINIMUM, FpmDevice, SpeedPoint};

/// Whether any point of `d` holds a runtime's runs.
pub(super) fn has_runs(d: &FpmDevice) -> bool {
    d.points.iter().any(|p| p.runs.is_some())
}

/// The speed at the mean time plus (`sign` -1) or minus (+1) one
/// standard deviation: s / (1 + sign x deviation); none where that time
/// is not positive.
fn edge(p: &SpeedPoint, sign: f64) -> f64 {
    match p.runs {
        Some(r) if 1.0 + sign * r.deviation > 0.0 => {
            p.speed_units_per_s / (1.0 + sign * r.deviation)
        }
        _ => f64::NAN,
    }
}

/// The two edges of `d`'s spread, thin and dotted in its colour, out of
/// the legend (a note says what they are).
pub(super) fn spread_edges(d: &FpmDevice, label: &str, color: [u8; 3]) -> Vec<Series> {
    if !has_runs(d) {
        return Vec::new();
    }
    [(1.0, "slower"), (-1.0, "faster")]
        .into_iter()
        .map(|(sign, side)| {
            let pts = d
                .points
                .iter()
                .map(|p| [p.size_units, edge(p, sign)])
                .collect();
            let mut s = Series::line(&format!("{label}: one deviation {side}"), color, pts)
                .dotted()
                .width(1.0);
            s.hide_in_legend = true;
            s
        })
        .collect()
}

/// What each point is, on hover: its runs and deviation, and whether the
/// runtime trusts it yet; empty where no point has runs.
pub(super) fn point_labels(d: &FpmDevice) -> Vec<String> {
    if !has_runs(d) {
        return Vec::new();
    }
    d.points
        .iter()
        .map(|p| match p.runs {
            Some(r) => format!(
                "{} run{}, deviation {} %{}",
                r.samples,
                if r.samples == 1 { "" } else { "s" },
                fmt_sig(r.deviation * 100.0),
                if r.samples < CALIBRATION_MINIMUM {
                    format!(", under the calibration minimum of {CALIBRATION_MINIMUM}")
                } else {
                    String::new()
                }
            ),
            None => String::new(),
        })
        .collect()
}

/// The points of `devices` timed fewer than the calibration minimum, as
/// one series of grey rings over their dots; none where there are none.
pub(super) fn under_calibrated(devices: &[FpmDevice]) -> Option<Series> {
    let pts: Vec<[f64; 2]> = devices
        .iter()
        .flat_map(|d| d.points.iter())
        .filter(|p| p.runs.is_some_and(|r| r.samples < CALIBRATION_MINIMUM))
        .map(|p| [p.size_units, p.speed_units_per_s])
        .collect();
    (!pts.is_empty()).then(|| {
        Series::line(
            &format!("timed fewer than {CALIBRATION_MINIMUM} times (under calibration)"),
            palette::GREY,
            pts,
        )
        .points_only()
    })
}

/// The note that says what the edges are, where any device has them.
pub(super) fn note(devices: &[FpmDevice]) -> Option<String> {
    devices.iter().any(has_runs).then(|| {
        "Thin dotted lines around a device's points: its speed at the mean time plus and minus one standard deviation of the runtime's runs (hover a point for its runs).".to_string()
    })
}

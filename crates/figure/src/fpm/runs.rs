//! What a task runtime's history adds to a speed function's points (see
//! [`hetscope_model::fpm::Runs`]): the spread of its timings as thin
//! dotted edges around the points (the speed at the mean time plus and
//! minus one standard deviation), the runs and deviation of each point on
//! hover, and the points timed fewer than [`CALIBRATION_MINIMUM`] times
//! marked; and the time function the runtime fitted (its regression) as a
//! dashed curve over the sizes it was fitted to.

use super::FpmInput;
use crate::chart::{Series, palette};
use hetscope_model::format::{fmt_sig, fmt_time};
use hetscope_model::fpm::{CALIBRATION_MINIMUM, FpmDevice, SpeedPoint};
use hetscope_model::fpm::{Method, partition_units};

/// Sizes the fitted curve is drawn through.
const FIT_POINTS: usize = 48;

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

/// The speed along the time function the runtime fitted to `d`, dashed
/// and thin in its colour over the sizes it was fitted to (only there:
/// a regression says nothing beyond them); none where it fitted none.
pub(super) fn fit_curve(d: &FpmDevice, label: &str, color: [u8; 3]) -> Option<Series> {
    let fit = d.fit?;
    let pts: Vec<[f64; 2]> = fit
        .sizes(FIT_POINTS)
        .into_iter()
        .map(|x| [x, fit.speed(x).unwrap_or(f64::NAN)])
        .collect();
    let trust = if fit.valid() { "" } else { ", not trusted" };
    let name = format!("{label}: the runtime's {}{trust}", fit.kind.name());
    Some(Series::line(&name, color, pts).dashed().width(1.2))
}

/// The note that says what the dashed fits are, where any device has one.
pub(super) fn fit_note(devices: &[FpmDevice]) -> Option<String> {
    let fits: Vec<String> = devices
        .iter()
        .filter_map(|d| {
            let f = d.fit?;
            Some(format!(
                "{} fitted to {} run{} from {} to {} {}{}",
                d.name,
                f.samples,
                if f.samples == 1 { "" } else { "s" },
                fmt_sig(f.min_units),
                fmt_sig(f.max_units),
                d.unit,
                if f.valid() {
                    ""
                } else {
                    " (not trusted: too few runs or sizes too close)"
                }
            ))
        })
        .collect();
    (!fits.is_empty()).then(|| {
        format!(
            "Dashed: the speed along the time function the runtime fitted, over the sizes it was fitted to ({}).",
            fits.join("; ")
        )
    })
}

/// The FPM partition along the runtime's regressions (a device without
/// one on its history), against the one on the measured points, as a
/// note; none where no device has a fit or it cannot be solved.
pub(super) fn fitted_partition_note(input: &FpmInput, measured_makespan_s: f64) -> Option<String> {
    if input.devices.iter().all(|d| d.fit.is_none()) {
        return None;
    }
    let along = FpmInput {
        devices: input
            .devices
            .iter()
            .map(|d| d.along_fit().unwrap_or_else(|| d.clone()))
            .collect(),
        ..input.clone()
    };
    let speeds = along.effective_functions().ok()?;
    let n = input.n_used(input.n_units);
    let p = partition_units(&speeds, n, input.integer, Method::Fpm).ok()?;
    let shares: Vec<String> = input
        .devices
        .iter()
        .zip(&p.shares)
        .map(|(d, s)| format!("{} {}", d.name, fmt_sig(s.size_units)))
        .collect();
    Some(format!(
        "Along the runtime's regressions (a device without one on its points): FPM shares {}; makespan {} against {} on the measured points.",
        shares.join(", "),
        fmt_time(p.makespan_s),
        fmt_time(measured_makespan_s)
    ))
}

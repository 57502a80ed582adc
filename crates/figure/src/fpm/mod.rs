//! Figures of the functional performance models (FPM paper, Sections V
//! and VI), built from plain data ([`FpmInput`]) so that the GUI, the
//! command line and the tests share them:
//!
//! - `speed.rs` (`fpm-speed`): the devices' speed functions s(x) with the
//!   FPM partition drawn as the line s = x / T through the origin cutting
//!   every graph, and the CPM partition beside it (the constant speeds
//!   measured at the even share and the line they imply).
//! - `times.rs` (`fpm-times`): predicted time and share of every device
//!   for the homogeneous, CPM and FPM partitions at n (after the paper's
//!   Figure 6 and Table III).
//! - `sweep.rs` (`fpm-sweep`): predicted makespan and load imbalance
//!   against n for the three methods (after Figure 7).
//!
//! `input.rs` holds the input and its partitions of one n, `style.rs` the
//! names and colours the views share, `runs.rs` what a task runtime's
//! history adds to the speed view (spread, runs, under-calibrated points). Every number comes from
//! `hetscope_model::fpm`; this module only lays it out. Sizes are in the devices' computation unit, speeds in units/s,
//! times in s (x / s(x), the time of one kernel run of the share).

mod device;
mod input;
mod runs;
mod speed;
mod style;
mod sweep;
mod times;

pub use device::n_range;
pub use hetscope_model::fpm::FpmDevice;
pub use input::{FpmInput, METHODS, Solved};
pub use style::{
    device_color, fmt_size, method_color, method_label, method_label_held, method_short,
};
pub use times::{FpmTable, TableColumn, table};

use super::{ChartFigure, Figure, View};
use crate::error::FigureError;

/// Build the figure of one FPM view.
pub fn build(view: View, input: &FpmInput) -> Result<ChartFigure, FigureError> {
    input.check()?;
    match view {
        View::FpmSpeed => speed::build(input),
        View::FpmTimes => times::build(input),
        View::FpmSweep => sweep::build(input),
        _ => Err(FigureError::WrongView {
            view: view.key(),
            model: "FPM",
        }),
    }
}

/// The figure of one FPM view. With a second platform, its times view
/// stands beside the first, on a common time axis unless their makespans
/// differ more than ten times; the speed and sweep views draw it over
/// their own (see [`build`]).
pub fn build_figure(view: View, input: &FpmInput) -> Result<Figure, FigureError> {
    let (Some(second), View::FpmTimes) = (input.compared(), view) else {
        return build(view, input).map(Figure::Chart);
    };
    input.check()?;
    let name = second.platform.clone();
    let in_second = |e: FigureError| e.of(name.clone());
    second.check().map_err(in_second)?;
    let (a, b) = (
        times::slowest(input)?,
        times::slowest(&second).map_err(in_second)?,
    );
    // One time unit where the two share a time axis (within ten times of
    // each other, as `Figure::side_by_side` shares it), else each its own.
    let shared = a.max(b) <= crate::SHARED_SPAN * a.min(b);
    let t = if shared { a.max(b) } else { 0.0 };
    let mut left = times::build_scaled(input, t)?;
    let mut right = times::build_scaled(&second, t).map_err(in_second)?;
    if !shared {
        let p = &left.panels[0];
        let note = crate::own_scale_note(std::slice::from_ref(&p.title));
        left.notes.push(note.clone());
        right.notes.push(note);
    }
    let names = [input.platform_name(), name.clone()];
    Ok(Figure::side_by_side(
        Figure::Chart(left),
        Figure::Chart(right),
        names,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetscope_model::fpm::SpeedPoint;

    fn dev(name: &str, pairs: &[(f64, f64)]) -> FpmDevice {
        FpmDevice {
            name: name.into(),
            points: pairs.iter().map(|&(x, s)| SpeedPoint::new(x, s)).collect(),
            unit: "blocks".into(),
            ..Default::default()
        }
    }

    #[test]
    fn mixed_units_are_named() {
        let mut input = FpmInput {
            devices: vec![dev("a", &[(1.0, 1.0)]), dev("b", &[(1.0, 2.0)])],
            ..Default::default()
        };
        assert_eq!(input.unit(), ("blocks".into(), None));
        input.devices[1].unit = "Mflop".into();
        let (u, w) = input.unit();
        assert_eq!(u, "units");
        assert!(w.unwrap().contains("blocks, Mflop"));
    }

    #[test]
    fn bad_inputs_are_refused_with_a_reason() {
        let mut input = FpmInput::default();
        assert!(
            build(View::FpmSpeed, &input)
                .unwrap_err()
                .to_string()
                .contains("no devices")
        );
        input.devices.push(dev("a", &[(1.0, 1.0)]));
        input.devices[0].contention = 1.5;
        let e = build(View::FpmTimes, &input).unwrap_err();
        assert!(e.to_string().starts_with("a:"), "{e}");
        input.devices[0].contention = 1.0;
        input.methods.clear();
        assert!(build(View::FpmSweep, &input).is_err());
        input.methods = METHODS.to_vec();
        assert!(build(View::Offload, &input).is_err());
        assert!(build(View::FpmSweep, &input).is_ok());
    }
}

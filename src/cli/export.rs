//! `hetscope export`: one figure to a file.

use std::path::Path;

use super::perdome::model_error;
use super::perdome::params::perdome_session;
use super::{CliError, ExportArgs, output};

use hetscope_core::{CoreError, registry};
use hetscope_export::{self as export, ExportError, ExportSize, Format};
use hetscope_figure::FigureError;
use hetscope_figure::{Camera, Figure, ModelId, View};

fn export_error(e: ExportError) -> CliError {
    match e {
        ExportError::Extension { .. } | ExportError::Size { .. } => CliError::usage(e.to_string()),
        ExportError::Render(_) | ExportError::Io { .. } => CliError::failure(e.to_string()),
    }
}

/// The camera of `--yaw`, `--pitch` and `--zoom`, checked.
pub(super) fn camera_of(yaw: f32, pitch: f32, zoom: f32) -> Result<Camera, CliError> {
    let camera = Camera {
        yaw_deg: yaw,
        pitch_deg: pitch,
        zoom,
    };
    camera
        .check()
        .map_err(|(name, why)| CliError::usage(format!("--{name} {why}")))?;
    Ok(camera)
}

/// The format of `out`: `format` where given, else its extension (SVG
/// for standard output, `-`, which takes the text formats only).
pub(super) fn format_of(out: &Path, format: Option<Format>) -> Result<Format, CliError> {
    let f = match format {
        Some(f) => f,
        None if output::is_stdout(out) => Format::Svg,
        None => Format::from_path(out).map_err(export_error)?,
    };
    if output::is_stdout(out) && matches!(f, Format::Png | Format::Pdf) {
        return Err(CliError::usage(format!(
            "--out -: {} is binary; standard output takes svg or csv (--format), or name a file",
            f.extension()
        )));
    }
    Ok(f)
}

/// Write `fig` seen from `camera` to `args.out` at the size of `args`;
/// the line to print.
pub(super) fn write_figure(
    args: &ExportArgs,
    fig: &Figure,
    camera: &Camera,
) -> Result<String, CliError> {
    let format = format_of(&args.out, args.format)?;
    let size = ExportSize::new(args.width, args.height).map_err(export_error)?;
    let bytes = export::render(fig, format, size, camera).map_err(export_error)?;
    output::write("--out", &args.out, &bytes)
}

/// Check the arguments, compute the figure and write it; the line to
/// print. (`--session` goes to [`super::session::export`].)
pub fn run(args: &ExportArgs) -> Result<String, CliError> {
    let view = args.view.ok_or_else(|| {
        CliError::usage("--view is needed (or --session FILE, whose page names one)")
    })?;
    // Cheap checks first, so a typo fails before any computation.
    format_of(&args.out, args.format)?;
    ExportSize::new(args.width, args.height).map_err(export_error)?;
    let camera = camera_of(args.look.yaw, args.look.pitch, args.look.zoom)?;
    let colored = matches!(
        view,
        View::PerdomeHeatmap | View::PerdomeSurface | View::EnergyHeatmap | View::EnergySurface
    );
    for (given, name) in [
        (args.look.log_colors, "--log-colors"),
        (args.look.own_ranges, "--own-ranges"),
    ] {
        if given && !colored {
            return Err(CliError::usage(format!(
                "{name}: only for the heat map and surface views, not {}",
                view.key()
            )));
        }
    }
    if args.look.own_ranges && args.overview.platform2.is_none() {
        return Err(CliError::usage(
            "--own-ranges: each platform's own colour range needs a second platform (--platform2)",
        ));
    }
    if args.look.log_bars && view != View::WpCompare {
        return Err(CliError::usage(format!(
            "--log-bars: only for --view wp-compare, not {}",
            view.key()
        )));
    }
    let mut fig = build(args, view)?;
    if let Figure::Compare(c) = &mut fig {
        c.log_scale = args.look.log_bars;
    }
    write_figure(args, &fig, &camera)
}

/// The options given on the command line that belong to the views of one
/// model (a value equal to the default counts as not given).
fn model_options(args: &ExportArgs, group: ModelId) -> Vec<&'static str> {
    let mut v = Vec::new();
    let mut given = |yes: bool, name: &'static str| {
        if yes {
            v.push(name);
        }
    };
    match group {
        ModelId::Overview => {
            // --platform2 is every comparing view's: checked on its own.
            for name in args.overview.given() {
                given(true, name);
            }
        }
        ModelId::Perdome => {
            given(
                args.scenario.workload != hetscope_preset::defaults::WORKLOAD,
                "--workload",
            );
            given(!args.scenario.segments.is_empty(), "--segment");
            for name in args.energy_fit.given() {
                given(true, name);
            }
        }
        ModelId::Boathull => {
            for name in args.boathull.given() {
                given(true, name);
            }
        }
        ModelId::Fpm => {
            for name in args.fpm.given() {
                given(true, name);
            }
        }
        ModelId::Offload => {
            for name in args.offload.given() {
                given(true, name);
            }
        }
    }
    v
}

/// A usage error when an option of another model's views is given.
fn check_options(args: &ExportArgs, view: View) -> Result<(), CliError> {
    for group in ModelId::ALL {
        // The overview also takes the PerDome workload.
        let overview_workload = view.model() == ModelId::Overview && group == ModelId::Perdome;
        if group == view.model() || overview_workload {
            continue;
        }
        if let Some(name) = model_options(args, group).first() {
            let views: Vec<&str> = View::of(group).iter().map(|v| v.key()).collect();
            return Err(CliError::usage(format!(
                "{name} does not apply to --view {}: it belongs to the {} views ({})",
                view.key(),
                group.title(),
                views.join(", ")
            )));
        }
    }
    Ok(())
}

/// A PerDome / PeaPaw figure from the session of the options (the
/// core's, as every face makes it); with a second platform, the same
/// workload on it beside (its measured partitions are the first
/// platform's and are not shown on it).
fn perdome_figure(
    args: &ExportArgs,
    view: View,
    platform2: Option<&str>,
) -> Result<Figure, CliError> {
    let (mut s, _) = perdome_session(&args.scenario, platform2)?;
    s.perdome.colors = hetscope_figure::color::ColorOptions {
        log: args.look.log_colors,
        own: args.look.own_ranges,
    };
    registry::figure(view, &s, super::catalog()?).map_err(|e| match e {
        CoreError::Figure(FigureError::WrongView { .. }) => {
            CliError::usage(format!("--view {}: not a PerDome view", view.key()))
        }
        e => model_error(e),
    })
}

/// The figure of `view` from the arguments.
fn build(args: &ExportArgs, view: View) -> Result<Figure, CliError> {
    let platform2 = args.overview.platform2.as_deref();
    if let (Some(p2), false) = (platform2, view.draws_second_platform()) {
        return Err(CliError::usage(format!(
            "--platform2 {p2}: only these views draw a second platform: {}",
            View::ALL
                .iter()
                .filter(|v| v.draws_second_platform())
                .map(|v| v.key())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    check_options(args, view)?;
    let platform = args.scenario.platform.as_deref();
    let set = &args.scenario.set;
    if let (Some(name), false) = (args.sensitivity.given().first(), view == View::Sensitivity) {
        return Err(CliError::usage(format!(
            "{name} applies only to --view sensitivity"
        )));
    }
    if let (Some(name), false) = (args.energy_fit.given().first(), view == View::EnergyFit) {
        return Err(CliError::usage(format!(
            "{name} applies only to --view energy-fit"
        )));
    }
    if let (Some(m), false) = (
        args.measured.first(),
        matches!(view, View::Boathull | View::OffloadSuite | View::Validation),
    ) {
        return Err(CliError::usage(format!(
            "--measured {}: only --view boathull (measured times), --view offload-suite (measured speedups) and --view validation (any measured file) draw measurements",
            m.display()
        )));
    }
    if args.measured.len() > 1 && view != View::Validation {
        return Err(CliError::usage(
            "--measured: one file, except for --view validation, which compares any number",
        ));
    }
    match view.model() {
        ModelId::Perdome if view == View::EnergyFit => {
            super::perdome::energy_fit::export_figure(&args.energy_fit)
        }
        ModelId::Perdome => perdome_figure(args, view, platform2),
        ModelId::Boathull => super::boathull::export::figure(
            view,
            &args.boathull,
            (platform, platform2),
            set,
            &args.measured,
        ),
        ModelId::Fpm => super::fpm::export::figure(view, &args.fpm, (platform, platform2), set),
        ModelId::Offload => super::offload::export::figure(
            view,
            &args.offload,
            (platform, platform2),
            set,
            &args.measured,
        ),
        ModelId::Overview if !set.is_empty() => Err(CliError::usage(
            "--set does not apply to --view overview: it shows each platform as its presets give it",
        )),
        ModelId::Overview => super::overview::figure(
            view,
            (platform, args.measured.as_slice()),
            &args.overview,
            &args.scenario.workload,
            &args.sensitivity,
        ),
    }
}

//! `hetscope export`: one figure to a file.

use std::path::PathBuf;

use super::params::add_point;
use super::{CliError, ExportArgs};
use crate::export::{self, ExportError, ExportSize, Format};
use crate::figure::{self, Analysis, Camera, Figure, ModelGroup, Resolution};

fn export_error(e: ExportError) -> CliError {
    match e {
        ExportError::Extension { .. } | ExportError::Size { .. } => CliError::usage(e.to_string()),
        ExportError::Render(_) | ExportError::Io { .. } => CliError::failure(e.to_string()),
    }
}

/// Check the arguments, compute the figure and write it; returns the path.
pub fn run(args: &ExportArgs) -> Result<PathBuf, CliError> {
    // Cheap checks first, so a typo fails before any computation.
    let format = Format::from_path(&args.out).map_err(export_error)?;
    let size = ExportSize::new(args.width, args.height).map_err(export_error)?;
    let camera = Camera {
        yaw_deg: args.yaw,
        pitch_deg: args.pitch,
        zoom: args.zoom,
    };
    if !(0.0..=90.0).contains(&args.pitch) {
        return Err(CliError::usage(format!(
            "--pitch {}: must be between 0 and 90 degrees",
            args.pitch
        )));
    }
    if !(0.2..=8.0).contains(&args.zoom) {
        return Err(CliError::usage(format!(
            "--zoom {}: must be between 0.2 and 8",
            args.zoom
        )));
    }
    let fig = build(args)?;
    let bytes = export::render(&fig, format, size, &camera).map_err(export_error)?;
    export::write_atomic(&args.out, &bytes).map_err(export_error)?;
    Ok(args.out.clone())
}

/// The figure of `args.view` from the arguments.
fn build(args: &ExportArgs) -> Result<Figure, CliError> {
    let platform = args.scenario.platform.as_deref();
    let set = &args.scenario.set;
    let view = args.view;
    let chart = match view.group() {
        ModelGroup::Perdome => {
            let mut loaded = args.scenario.load()?;
            add_point(&mut loaded.scenario, &loaded.overrides);
            let analysis = Analysis::compute(&loaded.scenario, Resolution::default())
                .map_err(|e| CliError::usage(e.to_string()))?;
            return figure::build(view, &analysis).ok_or_else(|| {
                CliError::usage(format!("--view {}: not a PerDome view", view.key()))
            });
        }
        ModelGroup::Boathull => {
            super::export_boathull::figure(view, &args.boathull, platform, set)?
        }
        ModelGroup::Fpm => super::export_fpm::figure(view, &args.fpm, platform, set)?,
        ModelGroup::Offload => super::export_offload::figure(view, &args.offload, platform, set)?,
    };
    Ok(Figure::Chart(chart))
}

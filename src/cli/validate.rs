//! `hetscope validate`: every model's predictions on a platform against
//! the measured files that go with it, one table per file (JSON on
//! standard output; `--csv FILE` also writes every row as CSV).

use std::path::PathBuf;

use clap::Args;

use super::{CliError, catalog, preset_error};
use hetscope_core::CoreError;
use hetscope_core::validate::validate;
use hetscope_export::ExportSize;
use hetscope_figure::overview::validation;
use hetscope_figure::{Camera, Figure};

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// The platform (catalog id or name, or a platform file).
    #[arg(long, value_name = "NAME|FILE")]
    pub platform: String,
    /// Measured files, each told by its content: offload speedups, boat
    /// hull times, PerDome measured partitions, energy runs, speed
    /// functions.
    #[arg(long, value_name = "FILE", num_args = 1.., required = true)]
    pub measured: Vec<PathBuf>,
    /// Also write every row as CSV to this file.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Also draw the "Model against measurement" view to this file
    /// (.svg, .png, .pdf, or .csv for the figure's data).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Image width, px (200 to 8000).
    #[arg(long, default_value_t = 1200)]
    pub width: u32,
    /// Image height, px (200 to 8000).
    #[arg(long, default_value_t = 800)]
    pub height: u32,
}

/// The JSON of the validation (the CSV written where asked).
pub fn run(args: &ValidateArgs) -> Result<serde_json::Value, CliError> {
    let cat = catalog()?;
    let files: Vec<&std::path::Path> = args.measured.iter().map(PathBuf::as_path).collect();
    let v = validate(&args.platform, &files, &cat).map_err(|e| match e {
        CoreError::Preset(p) => preset_error("platform", p),
        other => CliError::failure(other.to_string()),
    })?;
    if let Some(path) = &args.csv {
        hetscope_fsio::write_atomic(path, v.to_csv().as_bytes())
            .map_err(|e| CliError::failure(format!("cannot write '{}': {e}", path.display())))?;
    }
    if let Some(path) = &args.out {
        let fig = Figure::Chart(validation::build(&v.figure_input()));
        let size =
            ExportSize::new(args.width, args.height).map_err(|e| CliError::usage(e.to_string()))?;
        hetscope_export::export_to_file(&fig, &Camera::default(), size, path)
            .map_err(|e| CliError::failure(e.to_string()))?;
    }
    Ok(v.to_json())
}

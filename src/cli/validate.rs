//! `hetscope validate`: every model's predictions on a platform against
//! the measured files that go with it, one table per file (JSON on
//! standard output; `--csv FILE` also writes every row as CSV).

use std::path::PathBuf;

use clap::Args;

use super::{CliError, catalog, output, preset_error};
use hetscope_core::CoreError;
use hetscope_core::validate::{Fold, validate_each};
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
    /// Also write every row as CSV to this file (`-`: to standard output,
    /// in place of the JSON).
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Also draw the "Model against measurement" view to this file
    /// (.svg, .png, .pdf, or .csv for the figure's data; `-`: SVG to
    /// standard output, in place of the JSON).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Image width, px (200 to 8000).
    #[arg(long, default_value_t = 1200)]
    pub width: u32,
    /// Image height, px (200 to 8000).
    #[arg(long, default_value_t = 800)]
    pub height: u32,
    /// Report the rows held out: each predicted by the formulation best
    /// on the rows of the other kernels, sizes or thread counts (the
    /// only choice made from measured rows), in place of the platform's
    /// own formulation.
    #[arg(long, value_name = "BY")]
    pub holdout: Option<HoldoutBy>,
}

/// How the rows are split for `--holdout`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum HoldoutBy {
    Kernel,
    Size,
    Threads,
}

impl HoldoutBy {
    fn fold(self) -> Fold {
        match self {
            HoldoutBy::Kernel => Fold::Kernel,
            HoldoutBy::Size => Fold::Size,
            HoldoutBy::Threads => Fold::Threads,
        }
    }
}

/// The validation: its JSON on standard output, the CSV and the figure
/// written where asked (`-` for one of them puts it on standard output
/// in place of the JSON).
pub fn run(args: &ValidateArgs) -> Result<(), CliError> {
    let stdout_taken = output::stdout_taken(&[
        ("--csv", args.csv.as_deref()),
        ("--out", args.out.as_deref()),
    ])?;
    let size =
        ExportSize::new(args.width, args.height).map_err(|e| CliError::usage(e.to_string()))?;
    let format = args
        .out
        .as_deref()
        .map(|p| super::export::format_of(p, None))
        .transpose()?;
    let cat = catalog()?;
    let files: Vec<&std::path::Path> = args.measured.iter().map(PathBuf::as_path).collect();
    let (mut v, tables) = validate_each(&args.platform, &files, cat).map_err(|e| match e {
        CoreError::Preset(p) => preset_error("platform", p),
        other => CliError::failure(format!("--platform {}: {other}", args.platform)),
    })?;
    v.tables = tables
        .into_iter()
        .collect::<Result<_, _>>()
        .map_err(|e| CliError::failure(format!("--measured: {e}")))?;
    if let Some(by) = args.holdout {
        v.tables = v.tables.iter().map(|t| t.held_out_by(by.fold())).collect();
    }
    // The JSON is what standard output says; no "wrote" lines.
    if let Some(path) = &args.csv {
        output::write("--csv", path, v.to_csv().as_bytes())?;
    }
    if let (Some(path), Some(format)) = (&args.out, format) {
        let fig = Figure::Chart(validation::build(&v.figure_input()));
        let bytes = hetscope_export::render(&fig, format, size, &Camera::default())
            .map_err(|e| CliError::failure(e.to_string()))?;
        output::write("--out", path, &bytes)?;
    }
    if !stdout_taken {
        super::out_json(&v.to_json())?;
    }
    Ok(())
}

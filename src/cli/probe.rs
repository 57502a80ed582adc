//! `presets import-probe`: the CSV of the GPU probe (`probe/gpu/`) as a
//! GPU spec sheet in the format of `presets/gpus/*.ron`, written
//! atomically; with `--speed-out`, the probe's speed points as an FPM
//! speed-function CSV.

use std::path::{Path, PathBuf};

use clap::Args;

use super::CliError;
use hetscope_preset::fpm::{SpeedCsv, save_speed_csv};
use hetscope_preset::probe::{ProbeError, load_probe_file};

#[derive(Debug, Args)]
pub struct ImportProbeArgs {
    /// The CSV the GPU probe wrote (format: probe/gpu/README.md).
    pub csv: PathBuf,
    /// The GPU spec sheet to write (.ron), loadable as presets/gpus/*.ron.
    #[arg(long, value_name = "FILE.ron")]
    pub out: PathBuf,
    /// Also write the probe's speed points as an FPM speed-function CSV
    /// (size in M elements, speed in M elements/s).
    #[arg(long, value_name = "FILE.csv")]
    pub speed_out: Option<PathBuf>,
}

/// Read, convert and write; the lines to print (one per file written).
pub fn import_probe(args: &ImportProbeArgs) -> Result<String, CliError> {
    if !hetscope_preset::is_file_arg(&args.out.to_string_lossy()) {
        return Err(CliError::usage(format!(
            "--out {}: the spec sheet is a .ron file",
            args.out.display()
        )));
    }
    let imp = load_probe_file(&args.csv).map_err(probe_error)?;
    let speed = match &args.speed_out {
        Some(path) => {
            let device = imp.speed.as_ref().ok_or_else(|| {
                CliError::usage(format!(
                    "--speed-out: {} has no speed rows",
                    args.csv.display()
                ))
            })?;
            Some((path, SpeedCsv::from_device(device)))
        }
        None => None,
    };
    let text = imp
        .gpu_ron(&file_name(&args.csv))
        .map_err(|e| CliError::failure(e.to_string()))?;
    hetscope_preset::save_atomic(&args.out, &text).map_err(|e| CliError::failure(e.to_string()))?;
    let mut printed = format!("wrote {}\n", args.out.display());
    if let Some((path, csv)) = speed {
        save_speed_csv(path, &csv).map_err(|e| CliError::failure(e.to_string()))?;
        printed.push_str(&format!("wrote {}\n", path.display()));
    }
    Ok(printed)
}

/// An unreadable file is a failure; bad content a usage error (as
/// `import-measured`).
fn probe_error(e: ProbeError) -> CliError {
    match e {
        ProbeError::Io { .. } => CliError::failure(e.to_string()),
        _ => CliError::usage(e.to_string()),
    }
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

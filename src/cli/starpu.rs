//! `hetscope import starpu`: StarPU's codelet performance models as FPM
//! speed-function CSV files, one per device and implementation, each with
//! its source.

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};

use super::output;
use super::{CliError, one_line};
use hetscope_preset::fpm::save_speed_csv;
use hetscope_preset::fpm::speed_csv::SpeedCsv;
use hetscope_preset::fpm::starpu::parse_perfmodel;

#[derive(Debug, Subcommand)]
pub enum ImportAction {
    /// StarPU's codelet performance models (format 45: StarPU 1.3, 1.4)
    /// as FPM speed-function CSV files, one per device and
    /// implementation: work per second (flop where the model counts
    /// flops, else bytes) against the work of a task.
    Starpu(StarpuArgs),
}

#[derive(Debug, Args)]
pub struct StarpuArgs {
    /// A model file (`<symbol>.<host>`), or a folder of them: a sampling
    /// folder (`$STARPU_HOME/.starpu/sampling`, its `codelets/45` read) or
    /// the model folder itself.
    #[arg(value_name = "DIR|FILE")]
    pub path: PathBuf,
    /// Only this codelet's models (the file name before its first dot).
    #[arg(long, value_name = "S")]
    pub symbol: Option<String>,
    /// Folder the CSV files are written to (made where missing).
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub out_dir: PathBuf,
}

/// The model files `path` names, with the symbol each is of.
fn model_files(path: &Path, symbol: Option<&str>) -> Result<Vec<(PathBuf, String)>, CliError> {
    let files: Vec<PathBuf> = if path.is_dir() {
        let models = path.join("codelets").join("45");
        let dir = if models.is_dir() {
            models
        } else {
            path.to_path_buf()
        };
        let entries = std::fs::read_dir(&dir)
            .map_err(|e| CliError::failure(format!("{}: {e}", dir.display())))?;
        let mut v: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.is_file())
            .collect();
        v.sort();
        v
    } else {
        vec![path.to_path_buf()]
    };
    let named: Vec<(PathBuf, String)> = files
        .into_iter()
        .filter_map(|p| {
            let name = p.file_name()?.to_str()?.to_string();
            // What this command writes is no model (a folder may be both
            // where models are read and where their files go).
            if name.ends_with(".csv") {
                return None;
            }
            let (sym, _host) = name.split_once('.')?;
            let sym = sym.to_string();
            symbol.is_none_or(|s| s == sym).then_some((p, sym))
        })
        .collect();
    if named.is_empty() {
        return Err(CliError::usage(format!(
            "{}: no StarPU model file{} (files named <symbol>.<host>; a sampling folder's are in codelets/45)",
            path.display(),
            symbol.map_or(String::new(), |s| format!(" of symbol {s}"))
        )));
    }
    Ok(named)
}

/// Write every device of every model `args` names; what was written and
/// what was left out, a line each. A file that cannot be read is named
/// with its line and the others are still written; none written is an
/// error.
pub fn run(args: &StarpuArgs, files: &mut output::Files) -> Result<String, CliError> {
    let models = model_files(&args.path, args.symbol.as_deref())?;
    // Every model read is an input no file written may replace.
    for (path, _) in &models {
        files.add_read(path.display().to_string(), path);
    }
    std::fs::create_dir_all(&args.out_dir)
        .map_err(|e| CliError::failure(format!("{}: {e}", args.out_dir.display())))?;
    let mut report = String::new();
    let mut written = 0;
    for (path, symbol) in models {
        let file = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        let parsed = hetscope_preset::read_text(&path)
            .map_err(|e| e.to_string())
            .and_then(|text| parse_perfmodel(&text, file).map_err(|e| e.to_string()));
        let model = match parsed {
            Ok(m) => m,
            Err(e) => {
                report.push_str(&format!("not read: {}\n", one_line(&e)));
                continue;
            }
        };
        let devices = model.to_devices(&symbol, file);
        for (k, d) in devices.devices.iter().enumerate() {
            let out = args.out_dir.join(format!("{file}.{}.csv", k + 1));
            files.check_in_out_dir(&out)?;
            save_speed_csv(&out, &SpeedCsv::from_device(d))
                .map_err(|e| CliError::failure(e.to_string()))?;
            report.push_str(&format!(
                "wrote {} ({}: {} size{}, {})\n",
                out.display(),
                d.name,
                d.points.len(),
                if d.points.len() == 1 { "" } else { "s" },
                d.unit
            ));
            written += 1;
        }
        for (n, what) in [
            (
                devices.left_out,
                "history entries without samples or time left out",
            ),
            (
                model.decimal_commas,
                "values with a decimal comma read as with a point",
            ),
            (
                model.rows_after_end,
                "rows after the last combination not read, as StarPU does",
            ),
        ] {
            if n > 0 {
                report.push_str(&format!("{file}: {n} {what}\n"));
            }
        }
    }
    if written == 0 {
        return Err(CliError::usage(format!(
            "{}: no device with a usable history{}",
            args.path.display(),
            if report.is_empty() {
                String::new()
            } else {
                format!("; {}", one_line(&report))
            }
        )));
    }
    Ok(report)
}

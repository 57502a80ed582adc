//! `hetscope import starpu`: StarPU's codelet performance models as FPM
//! speed-function CSV files, one per device and implementation, each with
//! its source.

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};

use super::output;
use super::{CliError, one_line};
use hetscope_model::format::fmt_sig;
use hetscope_model::fpm::DeviceHealth;
use hetscope_model::platform::Link;
use hetscope_preset::fpm::save_speed_csv;
use hetscope_preset::fpm::speed_csv::SpeedCsv;
use hetscope_preset::fpm::starpu::{
    ModelFile, StarpuFilesError, links_ron, model_files, parse_perfmodel, read_bus,
};
use hetscope_preset::platform::PlatformChoice;

#[derive(Debug, Subcommand)]
pub enum ImportAction {
    /// StarPU's codelet performance models (formats 45: StarPU 1.3, 1.4, and 44: StarPU 1.2)
    /// as FPM speed-function CSV files, one per device and
    /// implementation: work per second (flop where the model counts
    /// flops, else bytes) against the work of a task. A sampling folder
    /// with StarPU's bus calibration also gives each host's CUDA links
    /// (`<host>.links.ron`, each a platform preset's `link`).
    Starpu(StarpuArgs),
}

#[derive(Debug, Args)]
pub struct StarpuArgs {
    /// A model file (`<symbol>.<host>`), or a folder of them: a sampling
    /// folder (`$STARPU_HOME/.starpu/sampling`, its `codelets/45` or `codelets/44` read) or
    /// the model folder itself.
    #[arg(value_name = "DIR|FILE")]
    pub path: PathBuf,
    /// Only this codelet's models (the file name before its first dot).
    #[arg(long, value_name = "S")]
    pub symbol: Option<String>,
    /// Folder the CSV files are written to (made where missing).
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub out_dir: PathBuf,
    /// A platform (catalog id or .ron file) that takes each host's
    /// measured bus: written as `<platform>-with-<host>-bus.ron`, its link
    /// the host's link to its first CUDA device, as StarPU measured it.
    #[arg(long, value_name = "ID|FILE")]
    pub platform: Option<String>,
}

/// Write every device of every model `args` names; what was written and
/// what was left out, a line each. A file that cannot be read is named
/// with its line and the others are still written; none written is an
/// error.
pub fn run(args: &StarpuArgs, files: &mut output::Files) -> Result<String, CliError> {
    let models = model_files(&args.path, args.symbol.as_deref()).map_err(|e| match e {
        StarpuFilesError::Read { .. } => CliError::failure(e.to_string()),
        _ => CliError::usage(e.to_string()),
    })?;
    // Every model read, and a platform file, is an input no file
    // written may replace.
    for m in &models {
        files.add_read(m.path.display().to_string(), &m.path);
    }
    let platform = match &args.platform {
        Some(p) => {
            files.add_read("--platform".into(), Path::new(p));
            Some(super::platform::choice(p, "--platform")?)
        }
        None => None,
    };
    std::fs::create_dir_all(&args.out_dir)
        .map_err(|e| CliError::failure(format!("{}: {e}", args.out_dir.display())))?;
    let mut report = String::new();
    let mut written = 0;
    let hosts: Vec<String> = {
        let mut h: Vec<String> = models.iter().map(|m| m.host().to_string()).collect();
        h.sort();
        h.dedup();
        h
    };
    for ModelFile { path, symbol, name } in models {
        let file = name.as_str();
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
        for warning in model.warnings(devices.left_out) {
            report.push_str(&format!("{file}: {warning}\n"));
        }
        report.push_str(&health_table(file, &devices.health()));
    }
    report.push_str(&write_links(
        &args.path,
        &hosts,
        &args.out_dir,
        platform.as_ref(),
        files,
    )?);
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

/// The sampling folder a model path lies in: the first of the path and
/// its three parents that holds a `bus` folder.
fn sampling_folder(path: &Path) -> Option<&Path> {
    path.ancestors().take(4).find(|p| p.join("bus").is_dir())
}

/// Each host's bus calibration, where the sampling folder holds one:
/// its CUDA devices' links written as `<host>.links.ron` (each a
/// platform preset's `link`); what was written, a line each.
fn write_links(
    path: &Path,
    hosts: &[String],
    out_dir: &Path,
    platform: Option<&PlatformChoice>,
    files: &mut output::Files,
) -> Result<String, CliError> {
    let Some(sampling) = sampling_folder(path) else {
        return Ok(match platform {
            Some(_) => "--platform: no bus calibration (a sampling folder's bus/) beside the models, so no platform written\n".into(),
            None => String::new(),
        });
    };
    let mut report = String::new();
    for host in hosts {
        let bus = read_bus(sampling, host).map_err(|e| CliError::failure(e.to_string()))?;
        let links = bus.map(|b| b.cuda_links()).unwrap_or_default();
        if links.is_empty() {
            continue;
        }
        let out = out_dir.join(format!("{host}.links.ron"));
        files.check_in_out_dir(&out)?;
        hetscope_preset::save_atomic(&out, &links_ron(&links))
            .map_err(|e| CliError::failure(e.to_string()))?;
        let each: Vec<String> = links
            .iter()
            .map(|(k, l)| {
                format!(
                    "CUDA {k} {} GB/s to, {} GB/s from, {} us",
                    fmt_sig(l.h2d_pinned_gbs.unwrap_or(l.pinned_gbs)),
                    fmt_sig(l.d2h_pinned_gbs.unwrap_or(l.pinned_gbs)),
                    fmt_sig(l.latency_us)
                )
            })
            .collect();
        report.push_str(&format!(
            "wrote {} (bus of {host}: {})\n",
            out.display(),
            each.join("; ")
        ));
        if let Some(p) = platform {
            report.push_str(&write_platform(p, host, &links[0].1, out_dir, files)?);
        }
    }
    Ok(report)
}

/// A model file's calibration health, a row per device: its sizes and
/// runs, sizes under the calibration minimum, the median deviation of
/// its timings, its fit and how far the fit lies from its points, and
/// its speed against its group's median (flagged where far off).
fn health_table(file: &str, health: &[DeviceHealth]) -> String {
    if health.is_empty() {
        return String::new();
    }
    let header = [
        "device",
        "sizes",
        "runs",
        "sizes under 10 runs",
        "deviation",
        "fit",
        "fit off points",
        "speed / group median",
    ];
    let pct = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{} %", fmt_sig(v * 100.0)));
    let rows: Vec<Vec<String>> = health
        .iter()
        .map(|h| {
            let fit = match h.fit {
                Some((kind, true)) => kind.name().to_string(),
                Some((kind, false)) => format!("{} (not trusted)", kind.name()),
                None => "-".into(),
            };
            let peers = match h.peer_ratio {
                Some(r) if h.off_peers() => format!("{} (looks miscalibrated)", fmt_sig(r)),
                Some(r) => fmt_sig(r),
                None => "-".into(),
            };
            vec![
                h.name.clone(),
                h.sizes.to_string(),
                h.runs.to_string(),
                h.under_minimum.to_string(),
                pct(h.median_deviation),
                fit,
                pct(h.fit_error),
                peers,
            ]
        })
        .collect();
    let table = output::aligned(&header, &rows);
    let indented: String = table.lines().map(|l| format!("  {l}\n")).collect();
    format!(
        "{file}: calibration health (group: devices of one type and implementation; deviation: median over sizes)\n{indented}"
    )
}

/// `p` with `link` as its hardware's link, written as
/// `<platform>-with-<host>-bus.ron`; what was written, a line.
fn write_platform(
    p: &PlatformChoice,
    host: &str,
    link: &Link,
    out_dir: &Path,
    files: &mut output::Files,
) -> Result<String, CliError> {
    let mut preset = p.preset.clone();
    let Some(hw) = preset.hardware.as_mut() else {
        return Err(CliError::usage(format!(
            "--platform: {} has no hardware description, so no link to take StarPU's bus",
            p.origin
        )));
    };
    hw.link = link.clone();
    preset.name = format!("{} with the bus of {host} (StarPU)", p.preset.name);
    let out = out_dir.join(format!("{}-with-{host}-bus.ron", p.id));
    files.check_in_out_dir(&out)?;
    hetscope_preset::platform::save_platform(&out, &preset)
        .map_err(|e| CliError::failure(e.to_string()))?;
    Ok(format!(
        "wrote {} ({}: its link {})\n",
        out.display(),
        preset.name,
        link.name
    ))
}

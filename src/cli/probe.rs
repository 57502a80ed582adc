//! `presets import-probe`: the CSV of the GPU probe (`probe/gpu/`) as a
//! GPU spec sheet in the format of `presets/gpus/*.ron` (every measured
//! value a field, the measured link with it), written atomically; with
//! `--out-dir` and `--cpu`, also a platform pairing the GPU with a CPU
//! over the probe's link; with `--speed-out`, the probe's speed points as
//! an FPM speed-function CSV.

use std::path::{Path, PathBuf};

use clap::Args;

use super::output::{self, Files};
use super::{CliError, catalog};
use hetscope_fsio::file_name;
use hetscope_model::platform::CpuSpec;
use hetscope_preset::fpm::SpeedCsv;
use hetscope_preset::platform::{PlatformPreset, SpecRef};
use hetscope_preset::probe::{ProbeError, ProbeImport, load_probe_file};

#[derive(Debug, Args)]
pub struct ImportProbeArgs {
    /// The CSV the GPU probe wrote (format: probe/gpu/README.md).
    pub csv: PathBuf,
    /// The GPU spec sheet to write (.ron), loadable as presets/gpus/*.ron;
    /// `-` writes it to standard output.
    #[arg(
        long,
        value_name = "FILE.ron",
        required_unless_present = "out_dir",
        conflicts_with = "out_dir"
    )]
    pub out: Option<PathBuf>,
    /// Folder to write ID.ron (the GPU spec sheet) and, with --cpu,
    /// CPU-ID.ron (the platform pairing the two over the probe's link).
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
    /// The CPU the platform pairs the GPU with: a CPU spec sheet file
    /// (.ron, e.g. from `measure cpu`) or a catalog id (`presets list`,
    /// kind cpu).
    #[arg(long, value_name = "CPU.ron|ID", requires = "out_dir")]
    pub cpu: Option<String>,
    /// Id (file stem) of the GPU spec sheet in --out-dir [default: the
    /// CSV's file stem].
    #[arg(long, requires = "out_dir")]
    pub id: Option<String>,
    /// Also write the probe's speed points as an FPM speed-function CSV
    /// (size in M elements, speed in M elements/s); `-`: to standard
    /// output.
    #[arg(long, value_name = "FILE.csv")]
    pub speed_out: Option<PathBuf>,
}

/// The CPU of `--cpu`: its spec (inline, or by catalog id), its name and
/// where it comes from, and its file stem or id.
struct CpuChoice {
    spec: SpecRef<CpuSpec>,
    name: String,
    source: String,
    stem: String,
}

/// Read, convert and write; the lines to print (one per file written).
/// Every file written is checked against the inputs (`files`) first.
pub fn import_probe(args: &ImportProbeArgs, files: &Files) -> Result<String, CliError> {
    let gpu_path = gpu_path(args)?;
    let option = if args.out.is_some() {
        "--out"
    } else {
        "--out-dir"
    };
    if args.out.is_some() {
        files.check(option, &gpu_path)?;
    } else {
        files.check_in_out_dir(&gpu_path)?;
    }
    output::stdout_taken(&[
        (option, Some(&gpu_path)),
        ("--speed-out", args.speed_out.as_deref()),
    ])?;
    let imp = load_probe_file(&args.csv).map_err(probe_error)?;
    let cpu = args.cpu.as_deref().map(cpu_choice).transpose()?;
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
    let platform = match &cpu {
        Some(c) => Some(platform(&imp, c, &gpu_path, &args.csv)?),
        None => None,
    };
    if let Some((path, _)) = &platform {
        files.check_in_out_dir(path)?;
    }
    let text = imp
        .gpu_ron(&file_name(&args.csv))
        .map_err(|e| CliError::failure(e.to_string()))?;
    let mut printed = output::write(option, &gpu_path, text.as_bytes())?;
    if let Some((path, p)) = platform {
        printed.push_str(&output::write_ron("--out-dir", &path, &p)?);
    }
    if let Some((path, csv)) = speed {
        printed.push_str(&output::write(
            "--speed-out",
            path,
            csv.to_text().as_bytes(),
        )?);
    }
    Ok(printed)
}

/// Where the spec sheet goes: `--out`, or `--out-dir`/ID.ron (the folder
/// made where missing).
fn gpu_path(args: &ImportProbeArgs) -> Result<PathBuf, CliError> {
    if let Some(out) = &args.out {
        if !output::is_stdout(out) && !hetscope_preset::is_file_arg(&out.to_string_lossy()) {
            return Err(CliError::usage(format!(
                "--out {}: the spec sheet is a .ron file",
                out.display()
            )));
        }
        return Ok(out.clone());
    }
    let dir = args.out_dir.clone().unwrap_or_default();
    let id = match &args.id {
        Some(id) => id.trim().to_string(),
        None => hetscope_preset::file_id(&args.csv),
    };
    if id.is_empty() || id.contains(['/', '\\']) {
        return Err(CliError::usage(format!(
            "--id '{id}': a file stem, no folders"
        )));
    }
    std::fs::create_dir_all(&dir)
        .map_err(|e| CliError::failure(format!("--out-dir {}: {e}", dir.display())))?;
    Ok(dir.join(format!("{id}.ron")))
}

/// `--cpu`: a CPU spec sheet file or a catalog id.
fn cpu_choice(arg: &str) -> Result<CpuChoice, CliError> {
    if hetscope_preset::is_file_arg(arg) {
        let path = Path::new(arg);
        let spec = hetscope_preset::hardware::load_cpu_spec_file(path)
            .map_err(|e| super::preset_error("cpu", e))?;
        return Ok(CpuChoice {
            name: spec.name.clone(),
            source: format!("the CPU spec sheet {} ({})", file_name(path), spec.source),
            spec: SpecRef::Inline(spec),
            stem: hetscope_preset::file_id(path),
        });
    }
    let cat = catalog()?;
    let (e, spec) = cat.cpu(arg).ok_or_else(|| {
        CliError::usage(format!(
            "--cpu {arg}: no such CPU spec sheet; known: {}",
            cat.ids(hetscope_preset::PresetKind::Cpu).join(", ")
        ))
    })?;
    Ok(CpuChoice {
        name: spec.name.clone(),
        source: format!("the spec sheet {}", e.id),
        spec: SpecRef::Preset(e.id.clone()),
        stem: e.id.clone(),
    })
}

/// The platform of `cpu` and the probed GPU over the probe's link, and
/// its path beside the spec sheet: CPU-GPU.ron.
fn platform(
    imp: &ProbeImport,
    cpu: &CpuChoice,
    gpu_path: &Path,
    csv: &Path,
) -> Result<(PathBuf, PlatformPreset), CliError> {
    let link = imp.link.clone().ok_or_else(|| {
        CliError::usage(format!(
            "--cpu: {} has no bus rows (pinned copy rates and latency), so there is no link to pair the GPU over",
            csv.display()
        ))
    })?;
    let gpu_source = format!(
        "the probe CSV {} (spec sheet {})",
        file_name(csv),
        file_name(gpu_path)
    );
    let p = PlatformPreset::of_probed_gpu(
        cpu.spec.clone(),
        &cpu.name,
        &cpu.source,
        imp.gpu.clone(),
        &gpu_source,
        link,
    );
    let gpu_stem = hetscope_preset::file_id(gpu_path);
    let path = gpu_path.with_file_name(format!("{}-{gpu_stem}.ron", cpu.stem));
    Ok((path, p))
}

/// An unreadable file is a failure; bad content a usage error (as
/// `import-measured`).
fn probe_error(e: ProbeError) -> CliError {
    match e {
        ProbeError::Io { .. } => CliError::failure(e.to_string()),
        _ => CliError::usage(e.to_string()),
    }
}

//! `hetscope measure cpu`: this machine's CPU measured (roofs, speed
//! functions, package energy where readable), written as a processor
//! description in the catalog's format and as a platform pairing it with
//! a catalog GPU, and summed up as one JSON object.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use clap::{Args, Subcommand};
use serde_json::{Value, json};

use super::{CliError, catalog};
use hetscope_measure::cpu::{CacheRun, CpuMeasureConfig, CpuMeasurement, STEPS, measure_cpu};
use hetscope_measure::roofs::Roof;
use hetscope_model::platform::CpuSpec;
use hetscope_preset::fpm::SpeedCsv;
use hetscope_preset::platform::write_measured;
use hetscope_preset::save::save_ron;

#[derive(Debug, Subcommand)]
pub enum MeasureAction {
    /// Measure this machine's CPU: FMA peaks (f32 on 1, 2, 4, ... threads
    /// up to all; f64 on one and all), triad bandwidth from memory (on 1,
    /// 2, 4, ... threads up to all) and cache, a strided read, memory
    /// latency, the gemm and triad speed functions, package energy where
    /// the powercap counters can be read. Prints one JSON object.
    Cpu(MeasureCpuArgs),
    /// Time the offload suite's host loops (probe/host: C with OpenMP,
    /// built with this machine's C compiler) at sizes from
    /// cache-resident to DRAM and at 1, 2, 4, ... threads; write them as
    /// CSV for `validate`. Prints one JSON object.
    Loops(super::measure_loops::MeasureLoopsArgs),
}

#[derive(Debug, Args)]
pub struct MeasureCpuArgs {
    /// Short runs: under 30 s on two cores (a larger spread).
    #[arg(long)]
    pub quick: bool,
    /// Threads of the all-thread roofs [default: every logical CPU].
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// The GPU the platform pairs the CPU with: a catalog id (`presets
    /// list`, kind gpu) or a GPU spec sheet file (.ron, e.g. from
    /// `presets import-probe`).
    #[arg(long, value_name = "ID", default_value = "h100-sxm5")]
    pub gpu: String,
    /// A catalog CPU spec sheet to compare with (achieved fraction of its
    /// FMA peak and bandwidth).
    #[arg(long, value_name = "ID")]
    pub spec: Option<String>,
    /// Folder to write ID.ron (the processor description), ID-GPU.ron
    /// (the platform) and ID-gemm.csv, ID-triad.csv (speed functions).
    #[arg(long, value_name = "DIR", required_unless_present = "out")]
    pub out_dir: Option<PathBuf>,
    /// Write only the processor description, to this .ron file.
    #[arg(long, value_name = "FILE.ron", conflicts_with = "out_dir")]
    pub out: Option<PathBuf>,
    /// Id of the files [default: measured-cpu].
    #[arg(long, default_value = "measured-cpu")]
    pub id: String,
}

pub fn run(action: &MeasureAction, files: &super::output::Files) -> Result<Value, CliError> {
    match action {
        MeasureAction::Cpu(args) => measure_cpu_cmd(args, files),
        MeasureAction::Loops(args) => super::measure_loops::measure_loops_cmd(args, files),
    }
}

fn measure_cpu_cmd(
    args: &MeasureCpuArgs,
    inputs: &super::output::Files,
) -> Result<Value, CliError> {
    let cat = catalog()?;
    let spec = match &args.spec {
        Some(id) => Some(
            cat.cpu(id)
                .ok_or_else(|| {
                    CliError::usage(format!(
                        "--spec {id}: no such CPU spec sheet; known: {}",
                        cat.ids(hetscope_preset::PresetKind::Cpu).join(", ")
                    ))
                })?
                .1
                .clone(),
        ),
        None => None,
    };
    if hetscope_preset::is_file_arg(&args.gpu) {
        hetscope_preset::hardware::load_gpu_spec_file(Path::new(&args.gpu))
            .map_err(|e| super::preset_error("gpu", e))?;
    } else if cat.gpu(&args.gpu).is_none() {
        return Err(CliError::usage(format!(
            "--gpu {}: no such GPU spec sheet; known: {}",
            args.gpu,
            cat.ids(hetscope_preset::PresetKind::Gpu).join(", ")
        )));
    }
    let files = Files::new(args)?;
    files.check(&args.gpu, inputs)?;
    let cfg = CpuMeasureConfig::new(args.quick, args.threads)
        .map_err(|e| CliError::usage(format!("--threads: {e}")))?;
    let cancel = AtomicBool::new(false);
    let mut progress = |k: usize, label: &str| eprintln!("[{}/{}] {label}", k + 1, STEPS.len());
    let m = measure_cpu(&cfg, &mut progress, &cancel)
        .map_err(|e| CliError::failure(format!("measure cpu: {e}")))?;
    let cpu = m.to_spec();
    let written = files.write(&m, &cpu, &args.gpu, cat)?;
    let mut v = summary(&m);
    v["vs_spec"] = match (&spec, &args.spec) {
        (Some(s), Some(id)) => vs_spec(&m, id, s),
        _ => Value::Null,
    };
    v["files"] = json!(written);
    Ok(v)
}

/// Where the results go, checked before measuring.
struct Files {
    dir: Option<PathBuf>,
    cpu: PathBuf,
    id: String,
}

impl Files {
    fn new(args: &MeasureCpuArgs) -> Result<Files, CliError> {
        let id = args.id.trim();
        if id.is_empty() || id.contains(['/', '\\']) {
            return Err(CliError::usage(format!(
                "--id '{}': a file stem, no folders",
                args.id
            )));
        }
        if let Some(out) = &args.out {
            if !hetscope_preset::is_file_arg(&out.to_string_lossy()) {
                return Err(CliError::usage(format!(
                    "--out {}: the processor description is a .ron file",
                    out.display()
                )));
            }
            writable(out.parent().unwrap_or(Path::new(".")), "--out")?;
            return Ok(Files {
                dir: None,
                cpu: out.clone(),
                id: id.into(),
            });
        }
        let dir = args.out_dir.clone().unwrap_or_default();
        std::fs::create_dir_all(&dir)
            .map_err(|e| CliError::failure(format!("--out-dir {}: {e}", dir.display())))?;
        writable(&dir, "--out-dir")?;
        Ok(Files {
            cpu: dir.join(format!("{id}.ron")),
            dir: Some(dir),
            id: id.into(),
        })
    }

    /// Every file to be written checked against the inputs, before the
    /// measuring.
    fn check(&self, gpu: &str, inputs: &super::output::Files) -> Result<(), CliError> {
        let Some(dir) = &self.dir else {
            return inputs.check("--out", &self.cpu);
        };
        let gpu_stem = hetscope_preset::file_id(Path::new(gpu));
        let id = &self.id;
        let names = [
            format!("{id}.ron"),
            format!("{id}-{gpu_stem}.ron"),
            format!("{id}-gemm.csv"),
            format!("{id}-triad.csv"),
        ];
        names
            .iter()
            .try_for_each(|n| inputs.check_in_out_dir(&dir.join(n)))
    }

    /// Write every file; their paths by what they hold.
    fn write(
        &self,
        m: &CpuMeasurement,
        cpu: &CpuSpec,
        gpu_id: &str,
        cat: &hetscope_preset::Catalog,
    ) -> Result<Value, CliError> {
        let Some(dir) = &self.dir else {
            save_ron(&self.cpu, cpu).map_err(|e| CliError::failure(e.to_string()))?;
            return Ok(json!({ "cpu": self.cpu }));
        };
        let speed = hetscope_core::fpm::speed_csvs(m);
        let speed: Vec<(&str, SpeedCsv)> = speed.into_iter().collect();
        let f = write_measured(dir, &self.id, cpu, gpu_id, &speed, cat)
            .map_err(|e| CliError::failure(e.to_string()))?;
        let speed: serde_json::Map<String, Value> =
            f.speed.iter().map(|(k, p)| (k.clone(), json!(p))).collect();
        Ok(json!({ "cpu": f.cpu, "platform": f.platform, "speed": speed }))
    }
}

/// A folder files can be created in (checked with a probe file, removed).
fn writable(dir: &Path, option: &str) -> Result<(), CliError> {
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    tempfile::NamedTempFile::new_in(dir).map(drop).map_err(|e| {
        CliError::failure(format!(
            "{option} {}: cannot write there: {e}",
            dir.display()
        ))
    })
}

fn roof(r: &Roof) -> Value {
    json!({ "value": r.value, "spread": r.spread })
}

/// A curve over thread counts: one [threads, value, spread] a count.
fn curve(c: &[(usize, Roof)]) -> Value {
    c.iter()
        .map(|(k, r)| json!([k, r.value, r.spread]))
        .collect()
}

/// The JSON summary: the keys of the command-line contract and every roof
/// with its spread.
fn summary(m: &CpuMeasurement) -> Value {
    let energy = match &m.energy {
        Ok((runs, f)) => json!({
            "e_f_pj": f.e_f_pj,
            "e_b_pj": f.e_b_pj,
            "p_s_w": f.p_s_w,
            "runs": runs.len(),
            "residuals": f.residuals,
        }),
        Err(_) => Value::Null,
    };
    let spread = [
        ("gflops_1t", &m.fma_f32_1t),
        ("gflops", &m.fma_f32),
        ("gflops_f64_1t", &m.fma_f64_1t),
        ("gflops_f64", &m.fma_f64),
        ("triad_gbs", &m.triad),
        ("cache_gbs", &m.cache_triad),
        ("strided_gbs", &m.strided),
        ("latency_ns", &m.latency),
        ("add_latency_ns", &m.add_latency),
        ("fma_latency_ns", &m.fma_latency),
    ];
    json!({
        "model": "measure-cpu",
        "cpu": m.machine.cpu_name,
        "host": m.machine.host,
        "date": m.machine.date,
        "threads": m.threads,
        "quick": m.quick,
        "isa": m.isa.name(),
        "gflops_1t": m.fma_f32_1t.value,
        "gflops": m.fma_f32.value,
        "gflops_f64_1t": m.fma_f64_1t.value,
        "gflops_f64": m.fma_f64.value,
        "triad_gbs": m.triad.value,
        "cache_gbs": m.cache_triad.value,
        "strided_gbs": m.strided.value,
        "latency_ns": m.latency.value,
        "add_latency_ns": m.add_latency.value,
        "fma_latency_ns": m.fma_latency.value,
        "fma_gflops_by_threads": curve(&m.fma_f32_by_threads),
        "triad_gbs_by_threads": curve(&m.triad_by_threads),
        "caches": caches_json(m),
        "t_f_ps": 1000.0 / m.fma_f32.value,
        "t_b_ps": 1000.0 / m.triad.value,
        "spread": spread.iter().map(|(k, r)| ((*k).to_string(), json!(r.spread))).collect::<serde_json::Map<_, _>>(),
        "roofs": spread.iter().map(|(k, r)| ((*k).to_string(), roof(r))).collect::<serde_json::Map<_, _>>(),
        "energy": energy,
        "energy_note": m.energy.as_ref().err().map(ToString::to_string),
        "seconds": m.seconds,
        "units": {
            "gflops": "GFLOP/s of fused multiply-adds (f32; _f64: f64), all threads (_1t: one)",
            "triad_gbs": "GB/s of a[i] = b[i] + s c[i], 24 bytes per element, from memory (cache_gbs: from cache)",
            "strided_gbs": "useful GB/s reading one 8-byte word per 128 bytes",
            "fma_gflops_by_threads": "[threads, GFLOP/s, spread] of the f32 FMA peak on 1, 2, 4, ... threads up to all",
            "triad_gbs_by_threads": "[threads, GB/s, spread] of the memory triad on 1, 2, 4, ... threads up to all",
            "caches": "each data cache level: its capacity (KiB), the logical CPUs sharing one, and read_, triad_ and strided_gbs_by_threads, [threads, GB/s, spread] of a read, a triad and a strided read from a working set of half a thread's share of it (thread counts where the level can hold it apart from the inner ones)",
            "add_latency_ns": "ns per f32 add in a chain of dependent adds, one thread",
            "fma_latency_ns": "ns per f32 fused multiply-add in a chain of dependent ones (x = x a + b), one thread",
            "t_f_ps": "ps per flop at the f32 FMA peak (PerDome/PeaPaw t_f)",
            "t_b_ps": "ps per byte at the triad bandwidth (t_b)",
            "spread": "(max - min) / median of the samples each value is the median of",
        },
    })
}

/// Each data cache level with its read bandwidth over thread counts.
fn caches_json(m: &CpuMeasurement) -> Value {
    let caches: Vec<Value> = m
        .machine
        .caches
        .iter()
        .map(|c| {
            let run = m.cache_run(c.level);
            let of = |kernel: fn(&CacheRun) -> &[(usize, Roof)]| {
                run.map_or_else(|| json!([]), |r| curve(kernel(r)))
            };
            json!({
                "level": c.level,
                "kib": c.kib,
                "shared_by": c.shared_by,
                "read_gbs_by_threads": of(|r| &r.read),
                "triad_gbs_by_threads": of(|r| &r.triad),
                "strided_gbs_by_threads": of(|r| &r.strided),
            })
        })
        .collect();
    json!(caches)
}

/// Achieved fraction of a spec sheet's roofs.
fn vs_spec(m: &CpuMeasurement, id: &str, s: &CpuSpec) -> Value {
    json!({
        "spec": id,
        "name": s.name,
        "peak_gflops": s.peak_gflops(),
        "mem_bw_gbs": s.mem_bw_gbs,
        "fma_fraction": m.fma_f32.value / s.peak_gflops(),
        "bandwidth_fraction": m.triad.value / s.mem_bw_gbs,
    })
}

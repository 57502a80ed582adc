//! `hetscope measure loops`: the offload suite's host loops built with
//! this machine's C compiler and timed (`hetscope_measure::loops`), the
//! CSV written, read back and checked, and summed up as JSON; with
//! `--platform`, the host model compared with it at once (the table
//! `hetscope validate` prints for the file).

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use clap::Args;
use serde_json::{Value, json};

use super::{CliError, catalog, output, preset_error};
use hetscope_measure::loops::{DEFAULT_CFLAGS, LoopsConfig, measure_loops};
use hetscope_preset::offload::load_host_loops;

#[derive(Debug, Args)]
pub struct MeasureLoopsArgs {
    /// Three sizes per kernel and short samples (about ten seconds on two
    /// cores; a larger spread).
    #[arg(long)]
    pub quick: bool,
    /// Thread counts, e.g. 1,2,4 [default: 1, 2, 4, ... and every
    /// logical CPU].
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub threads: Vec<usize>,
    /// Kernels by name, e.g. GEMM,ATAX1 [default: all 14 loops].
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub kernels: Vec<String>,
    /// Problem sizes n for every kernel [default: each kernel's own, from
    /// cache-resident to past the last-level cache].
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub sizes: Vec<u64>,
    /// The C compiler [default: $CC, else cc].
    #[arg(long, value_name = "CC")]
    pub cc: Option<String>,
    /// The compiler's flags; they must enable OpenMP. Recorded in the CSV.
    #[arg(long, value_name = "FLAGS", default_value = DEFAULT_CFLAGS, allow_hyphen_values = true)]
    pub cflags: String,
    /// The CSV to write.
    #[arg(long, value_name = "FILE.csv")]
    pub out: PathBuf,
    /// Compare the host model with the loops on this platform (catalog
    /// id or file; e.g. the one `measure cpu` wrote for this machine).
    #[arg(long, value_name = "ID|FILE")]
    pub platform: Option<String>,
}

pub fn measure_loops_cmd(
    args: &MeasureLoopsArgs,
    inputs: &output::Files,
) -> Result<Value, CliError> {
    if args.out.extension().is_none_or(|e| e != "csv") {
        return Err(CliError::usage(format!(
            "--out {}: the loop times are a .csv file",
            args.out.display()
        )));
    }
    inputs.check("--out", &args.out)?;
    if let Some(t) = args.threads.iter().find(|t| **t == 0 || **t > 4096) {
        return Err(CliError::usage(format!(
            "--threads {t}: a thread count from 1 to 4096"
        )));
    }
    if let Some(n) = args.sizes.iter().find(|n| **n < 3 || **n > 1_000_000) {
        return Err(CliError::usage(format!(
            "--sizes {n}: a size from 3 to 1000000"
        )));
    }
    let cat = catalog()?;
    for k in &args.kernels {
        if hetscope_measure::loops::KERNELS
            .iter()
            .all(|name| !name.eq_ignore_ascii_case(k))
        {
            return Err(CliError::usage(format!(
                "--kernels {k}: not one of the loops ({})",
                hetscope_measure::loops::KERNELS.join(", ")
            )));
        }
    }
    let platform = match &args.platform {
        Some(p) => Some(
            hetscope_preset::platform::platform_choice(p, cat)
                .map_err(|e| preset_error("platform", e))?
                .key,
        ),
        None => None,
    };
    let mut cfg = LoopsConfig {
        cflags: args.cflags.clone(),
        quick: args.quick,
        threads: args.threads.clone(),
        kernels: args.kernels.clone(),
        sizes: args.sizes.clone(),
        ..LoopsConfig::default()
    };
    if let Some(cc) = &args.cc {
        cfg.cc = cc.clone();
    }
    let cancel = AtomicBool::new(false);
    let mut progress = |k: usize, n: usize, label: &str| eprintln!("[{k}/{n}] {label}");
    measure_loops(&cfg, &args.out, &mut progress, &cancel)
        .map_err(|e| CliError::failure(format!("measure loops: {e}")))?;
    let times = load_host_loops(&args.out, cat).map_err(|e| preset_error("out", e))?;
    let r = &times.record;
    let mut v = json!({
        "model": "measure-loops",
        "file": args.out,
        "loops": times.rows.len(),
        "cpu": r.cpu,
        "logical_cpus": r.logical_cpus,
        "compiler": r.compiler,
        "cflags": r.cflags,
        "mode": r.mode,
        "validation": Value::Null,
        "units": {
            "loops": "rows of the CSV: one kernel at one size and thread count, its best run in seconds",
            "validation": "with --platform: the host model's times against these (the table `hetscope validate` prints)",
        },
    });
    if let Some(key) = platform {
        let file = args.out.as_path();
        let val = hetscope_core::validate::validate(&key, &[file], cat)
            .map_err(|e| CliError::failure(format!("--platform {key}: {e}")))?;
        v["validation"] = val.tables.first().map_or(Value::Null, |t| t.to_json());
    }
    Ok(v)
}

//! `hetscope eval sensitivity`: the elasticity of every model's headline
//! results to every hardware parameter of a platform (the core's
//! `sensitivity`), as JSON.

use clap::Args;
use serde_json::Value;

use super::{CliError, catalog, preset_error};
use hetscope_core::overview::{DEFAULT_FPM_N, OverviewOptions};
use hetscope_core::sensitivity::{Ask, DEFAULT_STEP, Focus, STEP, sensitivity};
use hetscope_figure::overview::SizeMode;
use hetscope_preset::platform::what_if::Scale;

/// The models whose headline results can be asked for.
const MODELS: [&str; 5] = ["perdome", "peapaw", "boathull", "offload", "fpm"];

#[derive(Debug, Clone, Args)]
pub struct SensitivityArgs {
    /// Platform (id or name, `presets list` kind platform, or a .ron file)
    /// with a hardware description: its parameters are varied.
    #[arg(long, value_name = "NAME|FILE", required_unless_present = "session")]
    pub platform: Option<String>,
    /// A session file (`hetscope session`, the window's Save) as the
    /// scenario: its platform, workload and FPM problem size; not with
    /// --platform, --workload or --n.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["platform", "workload", "n", "cpus", "gpus"])]
    pub session: Option<std::path::PathBuf>,
    /// Only this model's headline results (repeatable): perdome, peapaw,
    /// boathull, offload, fpm [default: all].
    #[arg(long, value_name = "MODEL")]
    pub model: Vec<String>,
    /// Relative change of each parameter, both ways (0.01: 1 %), from
    /// 1e-6 (below, the models' rounding shows) to 0.5.
    #[arg(long, value_name = "S", default_value_t = DEFAULT_STEP, value_parser = parse_step, allow_hyphen_values = true)]
    pub step: f64,
    /// PerDome/PeaPaw workload (id or name, or a .ron file) [default:
    /// perdome-sa].
    #[arg(long, value_name = "NAME|FILE")]
    pub workload: Option<String>,
    /// Leave out the flip points (the elasticities alone, faster).
    #[arg(long)]
    pub no_flips: bool,
    /// FPM problem size, blocks of 640 x 640 [default: the FPM paper's
    /// 3600].
    #[arg(long, value_parser = super::fpm::parse_n, value_name = "N")]
    pub n: Option<f64>,
    /// Regroup the platform (PeaPaw 3.3): CPU sockets counted.
    #[arg(long, value_name = "N")]
    pub cpus: Option<u32>,
    /// Regroup the platform: GPUs counted (one kind of GPU).
    #[arg(long, value_name = "N")]
    pub gpus: Option<u32>,
    /// Hold a value while the hardware varies (repeatable), by the names
    /// the other evals take: t_fC .. p_sG and I (PerDome / PeaPaw), the
    /// boat hull's processor values (P_compute: the GPU's), the offload
    /// platform's (threads, bus_gbs, ...).
    #[arg(long = "set", value_name = "NAME=VALUE", allow_hyphen_values = true)]
    pub set: Vec<String>,
    /// Only this offload loop's results (id or name, repeatable) [default:
    /// the offload paper's 25 loops and their geometric means].
    #[arg(long, value_name = "KERNEL")]
    pub kernel: Vec<String>,
    /// The offload loops' size: test or benchmark [default: speedups at
    /// the benchmark size, decisions and means at both].
    #[arg(long, value_name = "test|benchmark", value_parser = parse_size_mode)]
    pub size: Option<SizeMode>,
    /// Only this boat hull class's results (class or its example
    /// primitive, as `eval overview` names them; repeatable).
    #[arg(long, value_name = "CLASS")]
    pub class: Vec<String>,
}

/// An offload size of the sensitivity: a size mode, not a number.
fn parse_size_mode(s: &str) -> Result<SizeMode, String> {
    match s.trim().to_ascii_lowercase().as_str() {
        "test" => Ok(SizeMode::Test),
        "benchmark" => Ok(SizeMode::Benchmark),
        _ => Err(
            "test or benchmark: the sensitivity predicts the offload paper's loops at their own sizes (`eval offload --size N` takes a number)"
                .into(),
        ),
    }
}

/// What a sensitivity is of: platform, workload, FPM size, regrouping.
struct Subject {
    /// Where the platform was named, as messages say it.
    named: String,
    platform: String,
    workload: String,
    fpm_n: f64,
    counts: (Option<u32>, Option<u32>),
}

/// The options of `export --view sensitivity` (no other view takes them).
#[derive(Debug, Clone, Default, Args)]
pub struct SensitivityViewOptions {
    /// --view sensitivity: the result drawn, as `eval sensitivity` keys it
    /// (model.key: perdome.best, peapaw.pdp, offload.speedup.atax1,
    /// fpm.makespan, ...) [default: the first result the hardware moves].
    #[arg(long, value_name = "MODEL.KEY")]
    pub result: Option<String>,
    /// --view sensitivity: relative change of each parameter, both ways,
    /// 1e-6 to 0.5 [default: 0.01].
    #[arg(long = "step", value_name = "S", value_parser = parse_step, allow_hyphen_values = true)]
    pub step: Option<f64>,
    /// --view sensitivity: leave out the flip points (faster).
    #[arg(long = "no-flips")]
    pub no_flips: bool,
}

impl SensitivityViewOptions {
    /// The options given.
    pub fn given(&self) -> Vec<&'static str> {
        [
            (self.result.is_some(), "--result"),
            (self.step.is_some(), "--step"),
            (self.no_flips, "--no-flips"),
        ]
        .into_iter()
        .filter_map(|(given, name)| given.then_some(name))
        .collect()
    }

    /// The view's choices in the overview scenario.
    pub fn choice(&self) -> hetscope_core::overview::SensitivityChoice {
        let d = hetscope_core::overview::SensitivityChoice::default();
        hetscope_core::overview::SensitivityChoice {
            result: self.result.clone().unwrap_or(d.result),
            step: self.step.unwrap_or(d.step),
            flips: !self.no_flips,
        }
    }
}

/// A relative step in [`STEP`].
fn parse_step(s: &str) -> Result<f64, String> {
    let v = s.trim().parse::<f64>().unwrap_or(f64::NAN);
    if STEP.contains(v) {
        Ok(v)
    } else {
        Err(format!("a relative change must be {}", STEP.need()))
    }
}

/// The platform, workload, FPM size and regrouping asked: from the
/// session file, or the options (with their defaults).
fn scenario(args: &SensitivityArgs) -> Result<Subject, CliError> {
    if let Some(path) = &args.session {
        let opened = hetscope_core::session_file::open_session(path)
            .map_err(|e| CliError::failure(e.to_string()))?;
        let o = &opened.session.overview;
        return Ok(Subject {
            named: format!(
                "--session {}: its platform (session.overview.platform) {}",
                path.display(),
                o.platform
            ),
            platform: o.platform.clone(),
            workload: o.workload.clone(),
            fpm_n: o.fpm_n,
            counts: (o.cpus, o.gpus),
        });
    }
    let platform = args.platform.clone().unwrap_or_default();
    Ok(Subject {
        named: format!("--platform {platform}"),
        platform,
        workload: args
            .workload
            .clone()
            .unwrap_or_else(|| hetscope_preset::defaults::WORKLOAD.to_string()),
        fpm_n: args.n.unwrap_or(DEFAULT_FPM_N),
        counts: (args.cpus, args.gpus),
    })
}

/// The JSON of `eval sensitivity`.
pub fn run(args: &SensitivityArgs) -> Result<Value, CliError> {
    for m in &args.model {
        if !MODELS.contains(&m.as_str()) {
            return Err(CliError::usage(format!(
                "--model {m}: one of {}",
                MODELS.join(", ")
            )));
        }
    }
    let Subject {
        named,
        platform,
        workload,
        fpm_n,
        counts: (cpus, gpus),
    } = scenario(args)?;
    let cat = catalog()?;
    let choice = hetscope_preset::platform::platform_choice(&platform, cat)
        .map_err(|e| match args.session {
            Some(_) => CliError::usage(format!("{named}: {e}")),
            None => preset_error("platform", e),
        })?
        .regrouped(cpus, gpus)
        .map_err(|e| CliError::usage(format!("--cpus/--gpus: {e}")))?;
    let options = OverviewOptions {
        workload,
        fpm_n,
        ..OverviewOptions::default()
    };
    let models: Vec<&str> = args.model.iter().map(String::as_str).collect();
    let ask = Ask {
        models,
        step: args.step,
        flips: !args.no_flips,
        focus: Focus {
            sets: args.set.clone(),
            kernels: args.kernel.clone(),
            size: args.size,
            classes: args.class.clone(),
        },
    };
    let s = sensitivity(cat, &choice, &options, &ask).map_err(|e| match e {
        hetscope_core::CoreError::Set { .. } => CliError::usage(format!("--set {e}")),
        // A message naming its option (--kernel, --class, --step).
        hetscope_core::CoreError::Sensitivity(m) if m.starts_with("--") => CliError::usage(m),
        e => CliError::usage(format!("{named}: {e}")),
    })?;
    Ok(s.to_json())
}

/// `presets what-if`: a platform made from another with parameters scaled.
#[derive(Debug, Clone, Args)]
pub struct WhatIfArgs {
    /// The platform to start from (id or name, or a .ron file).
    #[arg(long, value_name = "NAME|FILE")]
    pub platform: String,
    /// A parameter times a factor, e.g. `gpu.mem_bw_gbs=2` (repeatable;
    /// the parameters are those `eval sensitivity` lists for the platform).
    #[arg(long, value_name = "KEY=FACTOR")]
    pub scale: Vec<String>,
    /// Its offload copies from pinned (page-locked) host memory.
    #[arg(long)]
    pub pinned: bool,
    /// The platform file to write (.ron); `-` writes it to standard
    /// output.
    #[arg(long, value_name = "FILE.ron")]
    pub out: std::path::PathBuf,
}

/// Make, check and write the what-if platform; the line to print.
pub fn what_if(args: &WhatIfArgs) -> Result<String, CliError> {
    let mut scales = Vec::new();
    for s in &args.scale {
        let (key, factor) = s
            .split_once('=')
            .and_then(|(k, f)| Some((k.trim(), f.trim().parse::<f64>().ok()?)))
            .ok_or_else(|| {
                CliError::usage(format!(
                    "--scale {s}: write KEY=FACTOR, e.g. gpu.mem_bw_gbs=2"
                ))
            })?;
        scales.push(Scale {
            key: key.to_string(),
            factor,
        });
    }
    if scales.is_empty() && !args.pinned {
        return Err(CliError::usage(
            "give --scale KEY=FACTOR or --pinned: nothing changes",
        ));
    }
    let cat = catalog()?;
    let choice = hetscope_preset::platform::platform_choice(&args.platform, cat)
        .map_err(|e| preset_error("platform", e))?;
    let made = hetscope_preset::platform::what_if::what_if(
        cat,
        &choice.preset,
        &choice.origin,
        &scales,
        args.pinned,
    )
    .map_err(|e| CliError::usage(format!("--platform {}: {e}", args.platform)))?;
    let wrote = super::output::write_ron("--out", &args.out, &made)?;
    Ok(match wrote.strip_suffix('\n') {
        Some(line) => format!("{line} ({})\n", made.name),
        None => wrote,
    })
}

//! `hetscope eval overview` and `export --view overview`: every model's
//! verdict on one platform (and a second beside it) as JSON or a figure.
//! Each model's part is what that model's own eval prints for the same
//! platform and inputs (the PerDome and PeaPaw parts are their JSON).

use clap::Args;
use serde_json::{Map, Value, json};

use super::arg_enum::ArgEnum;
use super::perdome::eval_json;
use super::{CliError, Model, catalog, preset_error};
use crate::gui::overview::{OverviewOptions, platform_input};
use hetscope_figure::overview::{
    Crossing, ModelSources, Overview, OverviewInput, PlatformInput, SizeMode, SizedDecision,
    Verdicts, build, differences,
};
use hetscope_figure::{ChartFigure, View};
use hetscope_model::perdome::Optimum;

/// The arguments of `eval overview`.
#[derive(Debug, Clone, Args)]
pub struct OverviewArgs {
    /// Platform (id or name, `presets list` kind platform, or a .ron file).
    #[arg(long, value_name = "NAME|FILE")]
    pub platform: String,
    /// A second platform, side by side with the first.
    #[arg(long, value_name = "NAME|FILE")]
    pub platform2: Option<String>,
    /// PerDome/PeaPaw workload (id or name, or a .ron file).
    #[arg(long, value_name = "NAME|FILE", default_value = hetscope_preset::defaults::WORKLOAD)]
    pub workload: String,
    /// FPM problem size, blocks of 640 x 640 (default: the FPM paper's
    /// 60 x 60 blocks).
    #[arg(long, value_parser = super::fpm::parse_n, allow_hyphen_values = true, value_name = "N", default_value_t = crate::gui::overview::DEFAULT_FPM_N)]
    pub n: f64,
    /// Regroup the first platform (PeaPaw 3.3): CPU sockets counted.
    #[arg(long, value_name = "N")]
    pub cpus: Option<u32>,
    /// Regroup the first platform: GPUs counted (one kind of GPU).
    #[arg(long, value_name = "N")]
    pub gpus: Option<u32>,
}

/// The overview input of the arguments.
pub fn input(
    platform: &str,
    platform2: Option<&str>,
    options: &OverviewOptions,
) -> Result<OverviewInput, CliError> {
    let cat = catalog()?;
    let one = |arg: &str, option: &str, options: &OverviewOptions| {
        platform_input(&cat, arg, options).map_err(|e| preset_error(option, e))
    };
    // Regrouping applies to the first platform only; a count it does not
    // have is a usage error.
    if options.cpus.is_some() || options.gpus.is_some() {
        hetscope_preset::platform::platform_choice(platform, &cat)
            .map_err(|e| preset_error("platform", e))?
            .regrouped(options.cpus, options.gpus)
            .map_err(|e| CliError::usage(format!("--cpus/--gpus: {e}")))?;
    }
    let plain = OverviewOptions {
        cpus: None,
        gpus: None,
        ..options.clone()
    };
    Ok(OverviewInput {
        first: one(platform, "platform", options)?,
        second: platform2.map(|p| one(p, "platform2", &plain)).transpose()?,
    })
}

fn options(workload: &str, n: f64) -> Result<OverviewOptions, CliError> {
    if !(n.is_finite() && n >= 1.0 && n.fract() == 0.0) {
        return Err(CliError::usage(format!(
            "--n {n}: the FPM problem size must be a whole number of blocks, at least 1"
        )));
    }
    Ok(OverviewOptions {
        workload: workload.to_string(),
        fpm_n: n,
        ..Default::default()
    })
}

/// Run `eval overview`.
pub fn run(args: &OverviewArgs) -> Result<Value, CliError> {
    let options = OverviewOptions {
        cpus: args.cpus,
        gpus: args.gpus,
        ..options(&args.workload, args.n)?
    };
    let input = input(&args.platform, args.platform2.as_deref(), &options)?;
    let o = Overview::compute(&input).map_err(|e| CliError::usage(e.to_string()))?;
    let mut m = platform_json(&input.first, &o.first)?;
    m.insert("model".into(), json!("overview"));
    if let (Some(p2), Some(v2)) = (&input.second, &o.second) {
        m.insert("platform2".into(), Value::Object(platform_json(p2, v2)?));
        m.insert("diff".into(), json!(differences(&o.first, v2)));
    }
    Ok(Value::Object(m))
}

/// The figure of `export --view overview`.
pub fn figure(
    platform: Option<&str>,
    platform2: Option<&str>,
    workload: &str,
) -> Result<ChartFigure, CliError> {
    let platform = platform.unwrap_or(hetscope_preset::defaults::PLATFORM);
    let input = input(
        platform,
        platform2,
        &options(workload, crate::gui::overview::DEFAULT_FPM_N)?,
    )?;
    build(View::Overview, &input).map_err(|e| CliError::usage(e.to_string()))
}

/// One platform's keys: `platform`, `perdome`, `peapaw`, `boathull`,
/// `offload`, `fpm`.
fn platform_json(p: &PlatformInput, v: &Verdicts) -> Result<Map<String, Value>, CliError> {
    let mut m = Map::new();
    m.insert(
        "platform".into(),
        json!({
            "id": p.id,
            "name": p.name,
            "hardware": p.hardware,
            "sources": sources_json(&p.sources),
        }),
    );
    let s = &p.perdome;
    let o = &v.perdome.optima;
    let mut perdome = eval_json(Model::Perdome, s, s.i, s.i)?;
    let mut peapaw = eval_json(Model::Peapaw, s, s.i, s.i)?;
    for (part, model) in [(&mut perdome, "perdome"), (&mut peapaw, "peapaw")] {
        if let Value::Object(x) = part {
            x.insert("platform_id".into(), json!(p.id));
            x.insert("cpu_only_gflops".into(), json!(o.cpu_only.gflops));
            x.insert("gpu_only_gflops".into(), json!(o.gpu_only.gflops));
            let best = if model == "perdome" {
                &o.best_performance
            } else {
                &o.best_energy
            };
            x.insert("best".into(), optimum_json(best));
            x.insert("sentence".into(), json!(sentence(v, model)));
        }
    }
    m.insert("perdome".into(), perdome);
    m.insert("peapaw".into(), peapaw);
    m.insert("boathull".into(), boathull_json(v));
    m.insert("offload".into(), offload_json(v));
    m.insert("fpm".into(), fpm_json(v));
    Ok(m)
}

fn sentence(v: &Verdicts, model: &str) -> String {
    match model {
        "perdome" => v.perdome.sentence(),
        _ => v.perdome.energy_sentence(),
    }
}

fn sources_json(sources: &[ModelSources]) -> Value {
    let mut m = Map::new();
    for s in sources {
        m.insert(
            s.model.into(),
            json!({"from": s.from, "uses": s.uses, "params": super::platform::sources_json(&s.params)}),
        );
    }
    Value::Object(m)
}

fn optimum_json(o: &Optimum) -> Value {
    json!({
        "I_C": o.eval.wp.i_c,
        "I_G": o.eval.wp.i_g,
        "value": o.value,
        "gain_over_pdp": o.gain_over_pdp,
    })
}

fn boathull_json(v: &Verdicts) -> Value {
    let b = &v.boathull;
    let classes: Vec<Value> = b
        .classes
        .iter()
        .map(|c| {
            let (verdict, f) = match c.crossing {
                Crossing::GpuFrom(f) => ("gpu_from", Some(f)),
                Crossing::CpuFrom(f) => ("cpu_from", Some(f)),
                Crossing::GpuAlways => ("gpu_always", None),
                Crossing::CpuAlways => ("cpu_always", None),
            };
            json!({"example": c.example, "class": c.class, "verdict": verdict, "f": f})
        })
        .collect();
    json!({
        "f_range": [b.f_range.0, b.f_range.1],
        "transfers": true,
        "classes": classes,
        "sentence": b.sentence(),
        "units": {"f": "operations per element"},
    })
}

fn sized_json(s: &SizedDecision) -> Value {
    match &s.decision {
        Ok(d) => json!({
            "n": s.n,
            "device_bytes": s.device_bytes,
            "fits_gpu": s.fits_gpu,
            "speedup": d.speedup,
            "offload": d.offload,
            "cpu_s": d.cpu_seconds,
            "gpu_s": d.gpu_seconds,
        }),
        Err(e) => {
            json!({"n": s.n, "device_bytes": s.device_bytes, "fits_gpu": s.fits_gpu, "error": e.to_string()})
        }
    }
}

fn offload_json(v: &Verdicts) -> Value {
    let o = &v.offload;
    let kernels: Vec<Value> = o
        .kernels
        .iter()
        .map(|k| {
            json!({
                "kernel_id": k.id,
                "kernel": k.name,
                "test": sized_json(&k.test),
                "benchmark": sized_json(&k.benchmark),
            })
        })
        .collect();
    let mut m = Map::new();
    m.insert("kernels".into(), Value::Array(kernels));
    for mode in SizeMode::BOTH {
        let g = o.geomean_profitable(mode);
        m.insert(
            format!("geomean_{}", mode.key()),
            if g.is_finite() { json!(g) } else { Value::Null },
        );
        m.insert(
            format!("offloaded_{}", mode.key()),
            json!(o.offloaded(mode)),
        );
    }
    m.insert("sentence".into(), json!(o.sentence()));
    crate::cli::explain_nulls(
        &mut m,
        "no kernel has a decision at that size, so there is no geometric mean (see each kernel's error)",
    );
    Value::Object(m)
}

fn fpm_json(v: &Verdicts) -> Value {
    let f = &v.fpm;
    let mut m = Map::new();
    m.insert("n".into(), json!(f.n));
    m.insert("unit".into(), json!(f.unit));
    m.insert("integer".into(), json!(f.integer));
    m.insert("devices".into(), json!(f.devices));
    match &f.methods {
        Ok(results) => {
            let mut methods = Map::new();
            for r in results {
                methods.insert(
                    r.method.key().into(),
                    json!({"makespan_s": r.makespan_s, "sizes": r.sizes}),
                );
            }
            m.insert("methods".into(), Value::Object(methods));
        }
        Err(e) => {
            m.insert("error".into(), json!(e.to_string()));
        }
    }
    m.insert("sentence".into(), json!(f.sentence()));
    Value::Object(m)
}

//! The JSON of `hetscope eval overview`: every model's verdict on one
//! platform (and a second beside it). Each model's part is what that
//! model's own eval prints for the same platform and inputs (the PerDome
//! and PeaPaw parts are their JSON).

use serde_json::{Map, Value, json};

use crate::CoreError;
use crate::json::explain_nulls;
use crate::paper_check::Paper;
use crate::perdome::point_json;
use hetscope_figure::overview::{
    Crossing, ModelSources, OverviewInput, OverviewVerdicts, PlatformInput, SizeMode,
    SizedDecision, Verdicts, differences,
};
use hetscope_model::perdome::Optimum;

/// The overview of the first platform, with the second's under
/// `platform2` and what differs between them under `diff`.
pub fn overview_json(input: &OverviewInput, o: &OverviewVerdicts) -> Result<Value, CoreError> {
    let mut m = platform_json(&input.first, &o.first)?;
    m.insert("model".into(), json!("overview"));
    if let (Some(p2), Some(v2)) = (&input.second, &o.second) {
        m.insert("platform2".into(), Value::Object(platform_json(p2, v2)?));
        m.insert("diff".into(), json!(differences(&o.first, v2)));
    }
    Ok(Value::Object(m))
}

/// One platform's keys: `platform`, `perdome`, `peapaw`, `boathull`,
/// `offload`, `fpm`.
fn platform_json(p: &PlatformInput, v: &Verdicts) -> Result<Map<String, Value>, CoreError> {
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
    let mut perdome = point_json(Paper::Perdome, s, s.i, s.i)?;
    let mut peapaw = point_json(Paper::Peapaw, s, s.i, s.i)?;
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
            json!({"from": s.from, "uses": s.uses, "params": crate::json::sources_json(&s.params)}),
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
            let mut j = json!({"example": c.example, "class": c.class, "verdict": verdict, "f": f});
            if let Some((a, b)) = c.too_close {
                j["too_close"] = json!([a, b]);
            }
            j
        })
        .collect();
    let mut j = json!({
        "f_range": [b.f_range.0, b.f_range.1],
        "transfers": true,
        "classes": classes,
        "sentence": b.sentence(),
        "units": {
            "f": "operations per element",
            "too_close": "the f range where the winner is too close to call: the GPU's speedup over the CPU, taken within the model's error, lies on both sides of 1",
        },
    });
    if let Some(e) = &b.error {
        j["error"] = json!(e);
    }
    j
}

fn sized_json(s: &SizedDecision) -> Value {
    match &s.decision {
        Ok(d) => json!({
            "n": s.n,
            "device_bytes": s.device_bytes,
            "fits_gpu": s.fits_gpu,
            "speedup": d.speedup,
            "offload": d.offload,
            "call": d.call().key(),
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
    explain_nulls(
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
    if let Some(i) = &f.interval {
        m.insert(
            "fpm_interval".into(),
            json!({
                "makespan_s": [i.makespan_s.0, i.makespan_s.1],
                "shares": i.shares.iter().map(|(a, b)| [*a, *b]).collect::<Vec<_>>(),
                "spreads": i.spreads,
                "from": "each device's speed within the median relative spread (max - min) / median of the timings behind its measured points",
            }),
        );
    }
    m.insert("sentence".into(), json!(f.sentence()));
    Value::Object(m)
}

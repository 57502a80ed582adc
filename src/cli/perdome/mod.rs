//! `hetscope eval perdome|peapaw`: one workload partition as JSON.

use serde_json::{Map, Value, json};

pub mod energy_fit;
pub mod params;

use crate::cli::{CliError, EvalArgs, Model};
use hetscope_model::perdome::Scenario;
use hetscope_model::perdome::{self, WpError};
use hetscope_model::perdome::{Wp, classify};

/// Run `eval`: load the scenario and evaluate the chosen point.
pub fn run(args: &EvalArgs) -> Result<Value, CliError> {
    let loaded = args.scenario.load()?;
    let s = &loaded.scenario;
    let (i_c, i_g) = loaded.overrides.point().unwrap_or((s.i, s.i));
    let mut v = eval_json(args.model, s, i_c, i_g)?;
    if let Value::Object(m) = &mut v {
        m.insert("platform_id".into(), json!(loaded.platform_id));
        m.insert("workload_id".into(), json!(loaded.workload_id));
        m.insert(
            "sources".into(),
            crate::cli::platform::sources_json(&loaded.sources),
        );
        if let Some(c) = &loaded.counted {
            m.insert(
                "segments".into(),
                json!({
                    "flops_cpu": c.flops[0], "bytes_cpu": c.bytes[0],
                    "flops_gpu": c.flops[1], "bytes_gpu": c.bytes[1],
                }),
            );
        }
    }
    Ok(v)
}

/// The JSON object for the partition (I, I_C, I_G) of a scenario.
///
/// Outside the valid region `gflops` (and `gflop_per_joule`) are null and
/// `reason` says why. Machine parameters and I must be valid.
pub fn eval_json(model: Model, s: &Scenario, i_c: f64, i_g: f64) -> Result<Value, CliError> {
    let p = &s.platform;
    p.validate().map_err(|e| CliError::usage(e.to_string()))?;
    let wp = Wp::new(s.i, i_c, i_g);
    let mut m = Map::new();
    m.insert(
        "model".into(),
        json!(match model {
            Model::Perdome => "perdome",
            Model::Peapaw => "peapaw",
        }),
    );
    m.insert("platform".into(), json!(s.platform_name));
    m.insert("workload".into(), json!(s.workload_name));
    m.insert("I".into(), json!(s.i));
    m.insert("I_C".into(), json!(i_c));
    m.insert("I_G".into(), json!(i_g));
    let mut units = Map::new();
    for k in ["I", "I_C", "I_G"] {
        units.insert(k.into(), json!("flop/byte"));
    }
    units.insert("gflops".into(), json!("GFLOP/s"));
    units.insert("time_per_flop_ps".into(), json!("ps"));
    match perdome::evaluate(p, wp) {
        Ok(e) => {
            m.insert("kind".into(), json!(e.kind.name()));
            m.insert("gflops".into(), json!(e.gflops));
            m.insert("time_per_flop_ps".into(), json!(e.time_per_flop_ps));
            m.insert("cpu_flop_share".into(), json!(e.shares.flops_c));
            m.insert(
                "cpu_byte_share".into(),
                json!(e.shares.byte_fraction_c(s.i)),
            );
            if model == Model::Peapaw {
                m.insert("gflop_per_joule".into(), json!(e.gflop_per_joule));
                m.insert("energy_per_flop_pj".into(), json!(e.energy_per_flop_pj));
            }
        }
        Err(WpError::NoSuchPartition(reason)) => {
            m.insert("kind".into(), Value::Null);
            m.insert("gflops".into(), Value::Null);
            m.insert("time_per_flop_ps".into(), Value::Null);
            if model == Model::Peapaw {
                m.insert("gflop_per_joule".into(), Value::Null);
                m.insert("energy_per_flop_pj".into(), Value::Null);
            }
            m.insert("reason".into(), json!(reason.to_string()));
        }
        Err(WpError::Invalid(e)) => return Err(CliError::usage(e.to_string())),
    }
    units.insert("cpu_flop_share".into(), json!("fraction of all flops"));
    units.insert("cpu_byte_share".into(), json!("fraction of all bytes"));
    if model == Model::Peapaw {
        let c = classify::classify(p);
        m.insert("p_paw".into(), json!(c.p_paw.name()));
        m.insert("e_paw".into(), json!(c.e_paw.name()));
        m.insert("p_paw_guideline".into(), json!(c.p_paw.guideline()));
        m.insert("e_paw_guideline".into(), json!(c.e_paw.guideline()));
        m.insert("bl_c".into(), json!(c.bl_c));
        m.insert("bl_g".into(), json!(c.bl_g));
        m.insert("dgp_f".into(), json!(c.dgp_f));
        m.insert("dgp_b".into(), json!(c.dgp_b));
        units.insert("gflop_per_joule".into(), json!("GFLOP/J"));
        units.insert("energy_per_flop_pj".into(), json!("pJ"));
        units.insert("bl_c".into(), json!("flop/byte"));
        units.insert("bl_g".into(), json!("flop/byte"));
        units.insert("dgp_f".into(), json!("pJ"));
        units.insert("dgp_b".into(), json!("pJ"));
    }
    let mut params = Map::new();
    for (side, proc_) in [("C", &p.cpu), ("G", &p.gpu)] {
        for prm in hetscope_model::perdome::Param::ALL {
            params.insert(format!("{}{side}", prm.symbol()), json!(proc_.get(prm)));
        }
    }
    m.insert("params".into(), Value::Object(params));
    units.insert("params".into(), json!("t_f, t_b: ps; e_f, e_b: pJ; p_s: W"));
    m.insert("units".into(), Value::Object(units));
    crate::cli::explain_nulls(&mut m, "not a finite number");
    Ok(Value::Object(m))
}

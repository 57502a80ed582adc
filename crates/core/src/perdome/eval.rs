//! The JSON of `hetscope eval perdome|peapaw` (one workload partition as
//! the PerDome or the PeaPaw paper reports it) and of `eval energy-fit`
//! (e_f, e_b and p_s fitted to measured runs, PeaPaw 6.2).

use serde_json::{Map, Value, json};

use super::PerdomeScenario;
use crate::CoreError;
use crate::json::{explain_nulls, sources_json};
use crate::paper_check::Paper;
use hetscope_figure::perdome::energy_fit::EnergyFitInput;
use hetscope_model::perdome::energy_fit::EnergyFit;
use hetscope_model::perdome::{self, Case, Wp, WpError, classify};

/// One partition of the scenario as `paper` reports it: the point `at`
/// (I_C, I_G) where given, else the code segments' partition where the
/// workload has segments, else p-DP at I; with the ids and the sources of
/// the platform's values.
pub fn partition_json(
    s: &PerdomeScenario,
    paper: Paper,
    at: Option<(f64, f64)>,
) -> Result<Value, CoreError> {
    let case = s.case();
    let counted = match s.workload.counted() {
        Some(c) => Some(c?),
        None => None,
    };
    let segments = counted.as_ref().map(|c| (c.wp.i_c, c.wp.i_g));
    let (i_c, i_g) = at.or(segments).unwrap_or((case.i, case.i));
    let mut v = point_json(paper, &case, i_c, i_g)?;
    if let Value::Object(m) = &mut v {
        m.insert("platform_id".into(), json!(s.platform.chosen.id));
        m.insert("workload_id".into(), json!(s.workload.chosen.id));
        m.insert("sources".into(), sources_json(&s.platform.sources));
        if let Some(c) = &counted {
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

/// The JSON object for the partition (I, I_C, I_G) of a case.
///
/// Outside the valid region `gflops` (and `gflop_per_joule`) are null and
/// `reason` says why. Machine parameters and I must be valid.
pub fn point_json(paper: Paper, s: &Case, i_c: f64, i_g: f64) -> Result<Value, CoreError> {
    let p = &s.platform;
    p.validate()?;
    let wp = Wp::new(s.i, i_c, i_g);
    let energy = paper == Paper::Peapaw;
    let mut m = Map::new();
    m.insert("model".into(), json!(paper.key()));
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
            if energy {
                m.insert("gflop_per_joule".into(), json!(e.gflop_per_joule));
                m.insert("energy_per_flop_pj".into(), json!(e.energy_per_flop_pj));
            }
        }
        Err(WpError::NoSuchPartition(reason)) => {
            m.insert("kind".into(), Value::Null);
            m.insert("gflops".into(), Value::Null);
            m.insert("time_per_flop_ps".into(), Value::Null);
            if energy {
                m.insert("gflop_per_joule".into(), Value::Null);
                m.insert("energy_per_flop_pj".into(), Value::Null);
            }
            m.insert("reason".into(), json!(reason.to_string()));
        }
        Err(WpError::Invalid(e)) => return Err(e.into()),
    }
    units.insert("cpu_flop_share".into(), json!("fraction of all flops"));
    units.insert("cpu_byte_share".into(), json!("fraction of all bytes"));
    if energy {
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
    explain_nulls(&mut m, "not a finite number");
    Ok(Value::Object(m))
}

fn fit_json(f: &EnergyFit) -> Value {
    json!({
        "e_f_pj": f.e_f_pj,
        "e_b_pj": f.e_b_pj,
        "p_s_w": f.p_s_w,
        "residuals": f.residuals,
        "max_abs_residual": f.max_abs_residual(),
    })
}

/// e_f, e_b and p_s fitted to the scenario's energy runs. With the idle
/// power held, the values are those of the fit with p_s held there, and
/// `free_fit` gives the free one beside.
pub fn energy_fit_json(input: &EnergyFitInput) -> Result<Value, CoreError> {
    let fits = input.fits()?;
    let mut v = fit_json(fits.chosen());
    if let Value::Object(m) = &mut v {
        m.insert("fixed_p_s".into(), json!(fits.fixed.is_some()));
        m.insert("idle_w".into(), json!(input.idle_w));
        m.insert("runs".into(), json!(input.runs.len()));
        m.insert("labels".into(), json!(input.labels));
        m.insert("runs_file".into(), json!(input.origin));
        if fits.fixed.is_some() {
            m.insert("free_fit".into(), fit_json(&fits.free));
        }
        m.insert(
            "units".into(),
            json!({
                "e_f_pj": "pJ/flop", "e_b_pj": "pJ/byte", "p_s_w": "W", "idle_w": "W",
                "residuals": "(model - measured) / measured, one per run",
            }),
        );
    }
    Ok(v)
}

//! The JSON of `hetscope eval boathull`: the times of one primitive (the
//! scenario's class) on its first processor, with a measured curve set
//! against the model where the scenario holds one, or the times of its
//! application.

use serde_json::{Map, Value, json};

use super::scenario::{ApplicationChoice, BoathullScenario};
use crate::json::{explain_nulls, sources_json};
use crate::{CoreError, Loaded};
use hetscope_figure::boathull::measured::{Comparison, compare};
use hetscope_figure::boathull::{BoathullProcessor, cpu_assumptions_text, gpu_assumptions_text};
use hetscope_model::boathull::{
    Application, Class, ClassOptions, ClassShape, ClassVars, Cpu, CpuAssumptions, Gpu,
    GpuAssumptions, Machine, MeasuredCurve, Target, TimeRange,
};
use hetscope_preset::Catalog;

/// Why a time is null.
const NOT_FINITE: &str = "not a finite number of seconds";

/// The times of the scenario's class on its first processor; with a
/// measured curve, the comparison (`with_partner`: the second processor
/// decides which measured processors are of the other kind).
pub(super) fn class_json(s: &BoathullScenario, with_partner: bool) -> Result<Value, CoreError> {
    let class = Class::parse(&s.class_text).map_err(|e| CoreError::Class {
        text: s.class_text.trim().to_string(),
        source: e,
    })?;
    let p = &s.processor;
    let options = s.options();
    let mut out = ClassJson::default();
    for (k, v) in [
        ("model", json!("boathull")),
        ("class", json!(class.to_string())),
        ("table1_class", json!(class.shape().table1_class())),
        ("target", json!(p.side().key())),
        ("processor", json!(p.name)),
        ("processor_id", json!(p.id)),
        ("sources", sources_json(&p.sources)),
        ("f", json!(s.f)),
    ] {
        out.m.insert(k.into(), v);
    }
    let vars = match p.params {
        Machine::Gpu(g) => out.gpu(&g, class.shape(), &options, s.f, p.gpu_assumptions())?,
        Machine::Cpu(c) => out.cpu(&c, class.shape(), &options, s.f, p.cpu_assumptions())?,
    };
    if let Some(curve) = &s.measured {
        let first = p.processor();
        let other = with_partner.then(|| s.partner.processor());
        let candidates: Vec<&BoathullProcessor> =
            std::iter::once(&first).chain(other.as_ref()).collect();
        let m = measured_json(curve, &class, &options, &candidates)?;
        out.m.insert("measured".into(), m);
    }
    Ok(out.finish(&vars))
}

/// A part of [`ClassJson`].
#[derive(Clone, Copy)]
enum Part {
    Object,
    Params,
    Units,
}

/// The JSON of a class as it is built: the object, the processor's
/// parameters and the units.
#[derive(Default)]
struct ClassJson {
    m: Map<String, Value>,
    params: Map<String, Value>,
    units: Map<String, Value>,
}

impl ClassJson {
    /// A GPU's parameters and times: the equations, their floors, the
    /// transfer t0 and the kernel range under `assume`.
    fn gpu(
        &mut self,
        g: &Gpu,
        shape: &ClassShape,
        options: &ClassOptions,
        f: f64,
        assume: GpuAssumptions,
    ) -> Result<ClassVars, CoreError> {
        let vars = ClassVars::gpu(shape, options);
        let t = g.times(&vars, f)?;
        self.put(
            Part::Params,
            &[
                ("P_compute", json!(g.p_compute_gflops)),
                ("P_coalesced", json!(g.p_coalesced_gbs)),
                ("P_uncoalesced", json!(g.p_uncoalesced_gbs)),
                ("B_bus", json!(g.b_bus_gbs)),
            ],
        );
        let mut times = vec![
            ("c0_s", json!(t.c0_s)),
            ("m0_s", json!(t.m0_s)),
            ("hull_s", json!(t.hull_s())),
        ];
        times.extend(t.c1_s.map(|c1| ("c1_s", json!(c1))));
        times.extend(t.m1_s.map(|m1| ("m1_s", json!(m1))));
        times.push(("t0_s", json!(t.t0_s)));
        times.push(("total_s", json!(t.hull_s() + t.t0_s)));
        self.put(Part::Object, &times);
        self.put_range(gpu_assumptions_text(assume), t.range(assume));
        self.put(
            Part::Units,
            &[
                (
                    "params",
                    json!(
                        "P_compute: GFLOP/s; P_coalesced, P_uncoalesced, B_bus: GB/s (1e9 bytes/s)"
                    ),
                ),
                ("c1_s", json!("s (no fused multiply-add: 2 c0)")),
                ("m1_s", json!("s (all accesses scattered)")),
                ("t0_s", json!("s (4 d bytes over B_bus)")),
                ("total_s", json!("s (hull plus t0)")),
            ],
        );
        Ok(vars)
    }

    /// A CPU's parameters and times: the equations, the three compute
    /// floors and the kernel range under `assume`.
    fn cpu(
        &mut self,
        c: &Cpu,
        shape: &ClassShape,
        options: &ClassOptions,
        f: f64,
        assume: CpuAssumptions,
    ) -> Result<ClassVars, CoreError> {
        let vars = ClassVars::cpu(shape, options);
        let t = c.times(&vars, f)?;
        self.put(
            Part::Params,
            &[
                ("P_compute", json!(c.p_compute_gflops)),
                ("P_memory", json!(c.p_memory_gbs)),
                ("N_threads", json!(c.n_threads)),
                ("W_vector", json!(c.w_vector_bits)),
                ("thread_speedup", json!(c.speedup())),
            ],
        );
        self.put(
            Part::Object,
            &[
                ("c0_s", json!(t.c0_s)),
                ("m0_s", json!(t.m0_s)),
                ("hull_s", json!(t.hull_s())),
                ("c1_s", json!(t.c1_s)),
                ("c2_s", json!(t.c2_s)),
                ("c3_s", json!(t.c3_s)),
            ],
        );
        if let (Some(l), Some(chain)) = (c.fma_latency_ns, t.chain_s) {
            self.put(Part::Params, &[("fma_latency_ns", json!(l))]);
            self.put(Part::Object, &[("chain_s", json!(chain))]);
            self.put(
                Part::Units,
                &[(
                    "chain_s",
                    json!("s (each element's operations one chain of dependent FMAs, each waiting its latency fma_latency_ns, ns)"),
                )],
            );
        }
        self.put_range(cpu_assumptions_text(assume), t.range(assume));
        self.put(
            Part::Units,
            &[
                (
                    "params",
                    json!(
                        "P_compute: GFLOP/s; P_memory: GB/s (1e9 bytes/s); N_threads: threads; W_vector: bits; thread_speedup: all threads' compute rate over one thread's (N_threads unless the spec sheet gives curves or the rule)"
                    ),
                ),
                ("c1_s", json!("s (multi-threaded scalar)")),
                ("c2_s", json!("s (single-threaded vector)")),
                ("c3_s", json!("s (single-threaded scalar)")),
            ],
        );
        Ok(vars)
    }

    /// Insert `pairs` into one part of the JSON.
    fn put(&mut self, part: Part, pairs: &[(&str, Value)]) {
        let map = match part {
            Part::Object => &mut self.m,
            Part::Params => &mut self.params,
            Part::Units => &mut self.units,
        };
        for (k, v) in pairs {
            map.insert((*k).into(), v.clone());
        }
    }

    /// The kernel range and the assumptions it was taken under.
    fn put_range(&mut self, assumptions: String, range: TimeRange) {
        self.put(
            Part::Object,
            &[
                ("assumptions", json!(assumptions)),
                ("kernel_low_s", json!(range.low_s)),
                ("kernel_high_s", json!(range.high_s)),
            ],
        );
    }

    /// The class variables, the parameters and the units of both kinds.
    fn finish(mut self, vars: &ClassVars) -> Value {
        let (m, units) = (&mut self.m, &mut self.units);
        for (k, v) in [
            ("w", vars.w),
            ("m", vars.m),
            ("o", vars.o),
            ("d", vars.d),
            ("c", vars.c),
            ("u", vars.u),
        ] {
            m.insert(k.into(), json!(v));
        }
        m.insert("params".into(), Value::Object(self.params));
        units.insert("f".into(), json!("operations per element of the operator"));
        units.insert("w".into(), json!("work-units"));
        units.insert("m".into(), json!("operator applications per work-unit"));
        units.insert("o".into(), json!("offset operations per work-unit"));
        for k in ["d", "c", "u"] {
            units.insert(k.into(), json!("32-bit elements"));
        }
        units.insert("c0_s".into(), json!("s (compute equation)"));
        units.insert("m0_s".into(), json!("s (memory equation)"));
        units.insert("hull_s".into(), json!("s (max of c0 and m0)"));
        units.insert(
            "kernel_low_s".into(),
            json!("s (fastest kernel time under the assumptions; kernel_high_s the slowest)"),
        );
        m.insert("units".into(), Value::Object(self.units));
        explain_nulls(&mut self.m, NOT_FINITE);
        Value::Object(self.m)
    }
}

/// The `measured` object: per measured point of the class the model's
/// time and the relative error, and per processor the median and largest
/// absolute error. `candidates[0]` is the evaluated processor; the others
/// only decide which measured processors are of another kind.
fn measured_json(
    curve: &Loaded<MeasuredCurve>,
    class: &Class,
    options: &ClassOptions,
    candidates: &[&BoathullProcessor],
) -> Result<Value, CoreError> {
    let cmp =
        compare(curve.data(), class, options, candidates).map_err(|e| CoreError::Measured {
            path: curve.path().to_string(),
            source: Box::new(e),
        })?;
    Ok(comparison_json(&cmp))
}

fn comparison_json(cmp: &Comparison) -> Value {
    let ours = cmp.processors.iter().filter(|c| c.model == 0);
    let points: Vec<Value> = ours
        .clone()
        .flat_map(|c| {
            c.points.iter().map(|p| {
                json!({
                    "processor": c.processor,
                    "variant": p.variant,
                    "line": p.line,
                    "f": p.f,
                    "measured_s": p.measured_s,
                    "model_s": p.model_s,
                    "relative_error": p.relative_error,
                })
            })
        })
        .collect();
    let processors: Vec<Value> = ours
        .map(|c| {
            json!({
                "processor": c.processor,
                "compared_with": c.model_name,
                "matched_by": c.matched_by.text(),
                "points": c.points.len(),
                "median_abs_relative_error": c.median_abs_error(),
                "max_abs_relative_error": c.max_abs_error().map(|m| m.0),
                "max_at_f": c.max_abs_error().map(|m| m.1),
            })
        })
        .collect();
    let mut not_compared: Vec<Value> = cmp
        .processors
        .iter()
        .filter(|c| c.model != 0)
        .map(|c| {
            json!({
                "processor": c.processor,
                "rows": c.points.len(),
                "reason": format!("of the kind of {}, not the evaluated processor", c.model_name),
            })
        })
        .collect();
    not_compared.extend(cmp.unmatched.iter().map(|(name, rows)| {
        json!({
            "processor": name,
            "rows": rows,
            "reason": "matches no processor of the evaluation (add a kind column, cpu or gpu)",
        })
    }));
    json!({
        "file": cmp.file,
        "points": points,
        "processors": processors,
        "other_class_rows": cmp.other_class_rows,
        "not_compared": not_compared,
        "units": {
            "measured_s": "s (from the file)",
            "model_s": "s (the hull, max of c0 and m0, or for a CPU's `fma chain` row the chain floor, max of c_chain and m0: kernel only, no t0)",
            "f": "operations per element as the model counts them (a file's f of fused multiply-adds doubled)",
            "relative_error": "(model_s - measured_s) / measured_s",
            "median_abs_relative_error": "median over the points of |relative_error|",
        },
    })
}

/// The scenario's application with its id (the preset's, or the file as
/// named), or why there is none.
fn application(
    s: &BoathullScenario,
    catalog: &Catalog,
) -> Result<(String, Application), CoreError> {
    let (id, name, preset) = match &s.application {
        ApplicationChoice::None => return Err(CoreError::NoApplication),
        ApplicationChoice::Builtin(id) => match catalog.application(id) {
            Some((e, p)) => (e.id.clone(), p.name.clone(), p.clone()),
            None => {
                return Err(CoreError::Unknown {
                    kind: "application",
                    key: id.clone(),
                });
            }
        },
        ApplicationChoice::File { file, preset } => (file.clone(), file.clone(), preset.clone()),
    };
    let app = preset
        .application()
        .map_err(|source| CoreError::Application { name, source })?;
    Ok((id, app))
}

/// The kernel range, transfers and total of the scenario's application
/// on its first processor.
pub(super) fn application_json(
    s: &BoathullScenario,
    catalog: &Catalog,
) -> Result<Value, CoreError> {
    let (app_id, app) = application(s, catalog)?;
    let p = &s.processor;
    let target = p.params.target(p.gpu_assumptions(), p.cpu_assumptions());
    let t = app.predict(&target, &s.options())?;
    let assumptions = match target {
        Target::Gpu { assume, .. } => gpu_assumptions_text(assume),
        Target::Cpu { assume, .. } => cpu_assumptions_text(assume),
    };
    let primitives: Vec<Value> = app
        .primitives
        .iter()
        .zip(&t.primitives)
        .map(|(q, pt)| {
            let mut m = Map::new();
            for (k, v) in [
                ("name", json!(q.name)),
                ("class", json!(q.class.to_string())),
                ("f", json!(q.complexity.low())),
                ("f_max", json!(q.complexity.high())),
                ("kernel_low_s", json!(pt.range.low_s)),
                ("kernel_high_s", json!(pt.range.high_s)),
            ] {
                m.insert(k.into(), v);
            }
            explain_nulls(&mut m, NOT_FINITE);
            Value::Object(m)
        })
        .collect();
    let mut v = json!({
        "model": "boathull",
        "application": app.name,
        "application_id": app_id,
        "target": p.side().key(),
        "processor": p.name,
        "processor_id": p.id,
        "sources": sources_json(&p.sources),
        "assumptions": assumptions,
        "table1": s.options().reading.key(),
        "primitives": primitives,
        "kernel_low_s": t.kernels.low_s,
        "kernel_high_s": t.kernels.high_s,
        "transfer_s": t.transfers_s,
        "total_low_s": t.total.low_s,
        "total_high_s": t.total.high_s,
        "units": {
            "f": "operations per element of the operator (f_max: the high end of a range)",
            "kernel_low_s": "s (sum of the primitives' fastest times; kernel_high_s the slowest)",
            "transfer_s": "s (elements in + out, 4 bytes each, over B_bus; 0 on a CPU)",
            "total_low_s": "s (kernels plus transfers, no overlap; total_high_s the slowest)",
        },
    });
    if let Some(m) = v.as_object_mut() {
        explain_nulls(m, NOT_FINITE);
    }
    Ok(v)
}

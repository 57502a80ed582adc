//! `hetscope eval boathull`: the boat hull model's times of one primitive
//! (given by its class) or of an application (a preset of primitives) on
//! one processor, as JSON. The helpers that read processors, applications,
//! `--set` and the assumptions are shared with `export --view boathull*`
//! (in `resolve`).

pub mod export;
mod measured;
mod resolve;

use clap::Args;
use serde_json::{Map, Value, json};

use crate::cli::CliError;
use crate::cli::arg_enum::{ArgEnum, parser};
use hetscope_figure::boathull::{cpu_assumptions_text, gpu_assumptions_text};
use hetscope_model::boathull::{
    AssumptionSet, BoatHullError, BoathullParam, Class, ClassOptions, ClassShape, ClassVars, Cpu,
    Gpu, Machine, Table1Reading, Target, TimeRange,
};
use hetscope_model::perdome::Side;

pub(super) use resolve::{From, Resolved, Slot, application};

/// The names `--set` accepts for a processor kind.
fn set_names(side: Side) -> [&'static str; 5] {
    BoathullParam::of(side).map(BoathullParam::name)
}

/// The arguments of `eval boathull`.
#[derive(Debug, Clone, Args)]
pub struct BoatHullArgs {
    /// Class of the primitive, e.g. '2048x2048|element -> 2048x2048|element'
    /// (the class names of the boat hull paper's Tables 1 and 4). Give this
    /// or --application.
    #[arg(long, value_name = "CLASS", allow_hyphen_values = true)]
    pub class: Option<String>,
    /// Application preset (id or name, see `presets list --all`) or an
    /// application .ron file: its kernel range, transfers and total.
    #[arg(long, value_name = "NAME|FILE")]
    pub application: Option<String>,
    /// Processor type [default: the kind of --processor, else gpu].
    #[arg(long, value_parser = parser::<Side>())]
    pub target: Option<Side>,
    /// Processor preset (id or name) or a processor .ron file with boat hull
    /// parameters [default: gtx470 for gpu, i7-930 for cpu].
    #[arg(long, value_name = "NAME|FILE")]
    pub processor: Option<String>,
    /// Platform (id or .ron file, `presets list` kind platform): its CPU or
    /// GPU (by --target, default gpu), from its paper's processor preset
    /// or derived from its hardware. Not with --processor.
    #[arg(long, value_name = "NAME|FILE")]
    pub platform: Option<String>,
    /// What is assumed about the floors (the kernel range).
    #[arg(long, value_parser = parser::<AssumptionSet>(), default_value = "default")]
    pub assume: AssumptionSet,
    /// How Table 1 is read (as-printed reproduces the paper's Table 5).
    #[arg(long, value_parser = parser::<Table1Reading>(), default_value = "derived")]
    pub table1: Table1Reading,
    /// Override a value: P_compute (GFLOP/s); gpu: P_coalesced,
    /// P_uncoalesced, B_bus (GB/s); cpu: P_memory (GB/s), N_threads,
    /// W_vector (bits); f, the operator complexity (operations per element,
    /// default 1; not with --application). Repeatable.
    #[arg(long = "set", value_name = "NAME=VALUE", allow_hyphen_values = true)]
    pub set: Vec<String>,
    /// CSV file of measured times (columns f, time_s, processor; optional
    /// class, variant, kind): adds per measured point of the class the
    /// model's time and the relative error, and the median and largest
    /// error per processor (with --class).
    #[arg(long, value_name = "FILE")]
    pub measured: Option<std::path::PathBuf>,
}

/// Run `eval boathull`.
pub fn run(args: &BoatHullArgs) -> Result<Value, CliError> {
    match (&args.class, &args.application) {
        (Some(_), Some(_)) => Err(CliError::usage(
            "give --class (one primitive) or --application (a pipeline of primitives), not both",
        )),
        (None, None) => Err(CliError::usage(
            "eval boathull needs --class CLASS (one primitive, e.g. --class '2048x2048|element -> 2048x2048|element') or --application NAME|FILE (see presets list --all)",
        )),
        (None, Some(app)) => run_application(args, app),
        (Some(class), None) => run_class(args, class),
    }
}

/// Where the processor comes from: `--processor` or `--platform`, not
/// both.
fn processor_from(args: &BoatHullArgs) -> Result<From<'_>, CliError> {
    match (&args.processor, &args.platform) {
        (Some(_), Some(_)) => Err(CliError::usage(
            "give --processor (one processor preset) or --platform (its CPU or GPU), not both",
        )),
        (_, Some(p)) => Ok(From::Platform(p)),
        (p, None) => Ok(From::Processor(p.as_deref())),
    }
}

/// The class options of a reading of Table 1 (the default halo estimate).
pub(super) fn options_of(reading: Table1Reading) -> ClassOptions {
    ClassOptions {
        reading,
        ..ClassOptions::default()
    }
}

/// The class of `--class`, or a usage error naming the column.
pub(super) fn parse_class(text: &str) -> Result<Class, CliError> {
    Class::parse(text).map_err(|e| CliError::usage(format!("--class '{text}': {e}")))
}

/// `eval boathull --class`: the times of one primitive on one processor.
fn run_class(args: &BoatHullArgs, class_text: &str) -> Result<Value, CliError> {
    let class = parse_class(class_text)?;
    let r = Resolved::new(Slot::First, processor_from(args)?, args.target, &args.set)?;
    let (id, machine) = (&r.id, r.machine);
    let f = r.f.unwrap_or(1.0);
    let options = options_of(args.table1);
    let mut out = ClassJson::default();
    for (k, v) in [
        ("model", json!("boathull")),
        ("class", json!(class.to_string())),
        ("table1_class", json!(class.shape().table1_class())),
        ("target", json!(r.target.key())),
        ("processor", json!(r.name)),
        ("processor_id", json!(id)),
        ("sources", crate::cli::platform::sources_json(&r.sources)),
        ("f", json!(f)),
    ] {
        out.m.insert(k.into(), v);
    }
    let vars = match machine {
        Machine::Gpu(g) => out.gpu(&g, class.shape(), &options, f, args.assume)?,
        Machine::Cpu(c) => out.cpu(&c, class.shape(), &options, f, args.assume)?,
    };
    if let Some(path) = &args.measured {
        let first = r.processor(args.assume);
        let other = match &args.platform {
            Some(p) => {
                let side = match r.target {
                    Side::Gpu => Side::Cpu,
                    Side::Cpu => Side::Gpu,
                };
                let o = Resolved::new(Slot::Second, From::Platform(p), Some(side), &[])?;
                Some(o.processor(args.assume))
            }
            None => None,
        };
        let candidates: Vec<_> = std::iter::once(&first).chain(other.as_ref()).collect();
        let m = measured::eval_json(path, &class, &options, &candidates)?;
        out.m.insert("measured".into(), m);
    }
    Ok(out.finish(&vars))
}

fn model_error(e: BoatHullError) -> CliError {
    CliError::usage(e.to_string())
}

/// A part of [`ClassJson`].
#[derive(Clone, Copy)]
enum Part {
    Object,
    Params,
    Units,
}

/// The JSON of `eval boathull --class` as it is built: the object, the
/// processor's parameters and the units.
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
        assume: AssumptionSet,
    ) -> Result<ClassVars, CliError> {
        let vars = ClassVars::gpu(shape, options);
        let t = g.times(&vars, f).map_err(model_error)?;
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
        let text = gpu_assumptions_text(assume.gpu());
        self.put_range(text, t.range(assume.gpu()));
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
        assume: AssumptionSet,
    ) -> Result<ClassVars, CliError> {
        let vars = ClassVars::cpu(shape, options);
        let t = c.times(&vars, f).map_err(model_error)?;
        self.put(
            Part::Params,
            &[
                ("P_compute", json!(c.p_compute_gflops)),
                ("P_memory", json!(c.p_memory_gbs)),
                ("N_threads", json!(c.n_threads)),
                ("W_vector", json!(c.w_vector_bits)),
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
        let text = cpu_assumptions_text(assume.cpu());
        self.put_range(text, t.range(assume.cpu()));
        self.put(
            Part::Units,
            &[
                (
                    "params",
                    json!(
                        "P_compute: GFLOP/s; P_memory: GB/s (1e9 bytes/s); N_threads: threads; W_vector: bits"
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
        crate::cli::explain_nulls(&mut self.m, NOT_FINITE);
        Value::Object(self.m)
    }
}

/// `eval boathull --application`: kernel range, transfers and total.
fn run_application(args: &BoatHullArgs, key: &str) -> Result<Value, CliError> {
    if let Some(path) = &args.measured {
        return Err(CliError::usage(format!(
            "--measured {}: compared with one primitive; give --class, not --application",
            path.display()
        )));
    }
    let (app_id, app) = application(key)?;
    let r = Resolved::new(Slot::First, processor_from(args)?, args.target, &args.set)?;
    if r.f.is_some() {
        return Err(CliError::usage(
            "--set f: not used with --application (each primitive has its own f)",
        ));
    }
    let target = r.machine.target(args.assume.gpu(), args.assume.cpu());
    let t = app
        .predict(&target, &options_of(args.table1))
        .map_err(|e| CliError::usage(e.to_string()))?;
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
            crate::cli::explain_nulls(&mut m, NOT_FINITE);
            Value::Object(m)
        })
        .collect();
    let mut v = json!({
        "model": "boathull",
        "application": app.name,
        "application_id": app_id,
        "target": r.target.key(),
        "processor": r.name,
        "processor_id": r.id,
        "sources": crate::cli::platform::sources_json(&r.sources),
        "assumptions": assumptions,
        "table1": args.table1.key(),
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
        crate::cli::explain_nulls(m, NOT_FINITE);
    }
    Ok(v)
}

/// Why a time is null.
const NOT_FINITE: &str = "not a finite number of seconds";

//! `hetscope eval boathull`: the boat hull model's times of one primitive
//! (given by its class) or of an application (a preset of primitives) on
//! one processor, as JSON. The helpers that read processors, applications,
//! `--set` and the assumptions are shared with `export --view boathull*`
//! (in `resolve`).

mod resolve;

use clap::{Args, ValueEnum};
use serde_json::{Map, Value, json};

use super::CliError;
use crate::figure::boathull::{cpu_assumptions_text, gpu_assumptions_text};
use crate::model::Side;
use crate::model::boathull::{BoatHullError, Class, ClassVars, Target};

use resolve::Machine;
pub use resolve::{AssumeArg, Table1Arg};
pub(super) use resolve::{Resolved, application};

/// Processor used for `--target gpu` when `--processor` is not given.
pub const DEFAULT_BOATHULL_GPU: &str = "gtx470";
/// Processor used for `--target cpu` when `--processor` is not given.
pub const DEFAULT_BOATHULL_CPU: &str = "i7-930";

/// Which kind of processor the boat hull model describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BoatHullTarget {
    /// An accelerator behind a host bus (Section 4.2).
    Gpu,
    /// A multi-core CPU (Section 4.4).
    Cpu,
}

impl BoatHullTarget {
    pub(super) fn side(self) -> Side {
        match self {
            BoatHullTarget::Gpu => Side::Gpu,
            BoatHullTarget::Cpu => Side::Cpu,
        }
    }

    pub(super) fn key(self) -> &'static str {
        match self {
            BoatHullTarget::Gpu => "gpu",
            BoatHullTarget::Cpu => "cpu",
        }
    }

    /// The target of a processor kind.
    pub(super) fn of_side(side: Side) -> BoatHullTarget {
        match side {
            Side::Gpu => BoatHullTarget::Gpu,
            Side::Cpu => BoatHullTarget::Cpu,
        }
    }

    /// The names `--set` accepts for this target.
    fn names(self) -> &'static [&'static str] {
        match self {
            BoatHullTarget::Gpu => &["P_compute", "P_coalesced", "P_uncoalesced", "B_bus", "f"],
            BoatHullTarget::Cpu => &["P_compute", "P_memory", "N_threads", "W_vector", "f"],
        }
    }
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
    #[arg(long, value_enum)]
    pub target: Option<BoatHullTarget>,
    /// Processor preset (id or name) or a processor .ron file with boat hull
    /// parameters [default: gtx470 for gpu, i7-930 for cpu].
    #[arg(long, value_name = "NAME|FILE")]
    pub processor: Option<String>,
    /// What is assumed about the floors (the kernel range).
    #[arg(long, value_enum, default_value_t = AssumeArg::Default)]
    pub assume: AssumeArg,
    /// How Table 1 is read (as-printed reproduces the paper's Table 5).
    #[arg(long, value_enum, default_value_t = Table1Arg::Derived)]
    pub table1: Table1Arg,
    /// Override a value: P_compute (GFLOP/s); gpu: P_coalesced,
    /// P_uncoalesced, B_bus (GB/s); cpu: P_memory (GB/s), N_threads,
    /// W_vector (bits); f, the operator complexity (operations per element,
    /// default 1; not with --application). Repeatable.
    #[arg(long = "set", value_name = "NAME=VALUE", allow_hyphen_values = true)]
    pub set: Vec<String>,
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

/// The class of `--class`, or a usage error naming the column.
pub(super) fn parse_class(text: &str) -> Result<Class, CliError> {
    Class::parse(text).map_err(|e| CliError::usage(format!("--class '{text}': {e}")))
}

fn run_class(args: &BoatHullArgs, class_text: &str) -> Result<Value, CliError> {
    let class = parse_class(class_text)?;
    let r = Resolved::new(args.processor.as_deref(), args.target, &args.set)?;
    let (id, p, machine) = (&r.id, &r.preset, r.machine);
    let f = r.f.unwrap_or(1.0);
    let target_key = r.target.key();
    let options = args.table1.options();
    let err = |e: BoatHullError| CliError::usage(e.to_string());
    let mut m = Map::new();
    m.insert("model".into(), json!("boathull"));
    m.insert("class".into(), json!(class.to_string()));
    m.insert("table1_class".into(), json!(class.shape().table1_class()));
    m.insert("target".into(), json!(target_key));
    m.insert("processor".into(), json!(p.name));
    m.insert("processor_id".into(), json!(id));
    m.insert("f".into(), json!(f));
    let mut units = Map::new();
    let mut params = Map::new();
    let vars = match machine {
        Machine::Gpu(g) => {
            let vars = ClassVars::gpu(class.shape(), &options);
            let t = g.times(&vars, f).map_err(err)?;
            params.insert("P_compute".into(), json!(g.p_compute_gflops));
            params.insert("P_coalesced".into(), json!(g.p_coalesced_gbs));
            params.insert("P_uncoalesced".into(), json!(g.p_uncoalesced_gbs));
            params.insert("B_bus".into(), json!(g.b_bus_gbs));
            m.insert("c0_s".into(), json!(t.c0_s));
            m.insert("m0_s".into(), json!(t.m0_s));
            m.insert("hull_s".into(), json!(t.hull_s()));
            if let Some(c1) = t.c1_s {
                m.insert("c1_s".into(), json!(c1));
            }
            if let Some(m1) = t.m1_s {
                m.insert("m1_s".into(), json!(m1));
            }
            m.insert("t0_s".into(), json!(t.t0_s));
            m.insert("total_s".into(), json!(t.hull_s() + t.t0_s));
            let range = t.range(args.assume.gpu());
            m.insert(
                "assumptions".into(),
                json!(gpu_assumptions_text(args.assume.gpu())),
            );
            m.insert("kernel_low_s".into(), json!(range.low_s));
            m.insert("kernel_high_s".into(), json!(range.high_s));
            units.insert(
                "params".into(),
                json!("P_compute: GFLOP/s; P_coalesced, P_uncoalesced, B_bus: GB/s (1e9 bytes/s)"),
            );
            units.insert("c1_s".into(), json!("s (no fused multiply-add: 2 c0)"));
            units.insert("m1_s".into(), json!("s (all accesses scattered)"));
            units.insert("t0_s".into(), json!("s (4 d bytes over B_bus)"));
            units.insert("total_s".into(), json!("s (hull plus t0)"));
            vars
        }
        Machine::Cpu(c) => {
            let vars = ClassVars::cpu(class.shape(), &options);
            let t = c.times(&vars, f).map_err(err)?;
            params.insert("P_compute".into(), json!(c.p_compute_gflops));
            params.insert("P_memory".into(), json!(c.p_memory_gbs));
            params.insert("N_threads".into(), json!(c.n_threads));
            params.insert("W_vector".into(), json!(c.w_vector_bits));
            m.insert("c0_s".into(), json!(t.c0_s));
            m.insert("m0_s".into(), json!(t.m0_s));
            m.insert("hull_s".into(), json!(t.hull_s()));
            m.insert("c1_s".into(), json!(t.c1_s));
            m.insert("c2_s".into(), json!(t.c2_s));
            m.insert("c3_s".into(), json!(t.c3_s));
            let range = t.range(args.assume.cpu());
            m.insert(
                "assumptions".into(),
                json!(cpu_assumptions_text(args.assume.cpu())),
            );
            m.insert("kernel_low_s".into(), json!(range.low_s));
            m.insert("kernel_high_s".into(), json!(range.high_s));
            units.insert(
                "params".into(),
                json!("P_compute: GFLOP/s; P_memory: GB/s (1e9 bytes/s); N_threads: threads; W_vector: bits"),
            );
            units.insert("c1_s".into(), json!("s (multi-threaded scalar)"));
            units.insert("c2_s".into(), json!("s (single-threaded vector)"));
            units.insert("c3_s".into(), json!("s (single-threaded scalar)"));
            vars
        }
    };
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
    m.insert("params".into(), Value::Object(params));
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
    m.insert("units".into(), Value::Object(units));
    Ok(Value::Object(m))
}

/// `eval boathull --application`: kernel range, transfers and total.
fn run_application(args: &BoatHullArgs, key: &str) -> Result<Value, CliError> {
    let (app_id, app) = application(key)?;
    let r = Resolved::new(args.processor.as_deref(), args.target, &args.set)?;
    if r.f.is_some() {
        return Err(CliError::usage(
            "--set f: not used with --application (each primitive has its own f)",
        ));
    }
    let target = r.machine.target(args.assume);
    let t = app
        .predict(&target, &args.table1.options())
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
            json!({
                "name": q.name,
                "class": q.class.to_string(),
                "f": q.complexity.low(),
                "f_max": q.complexity.high(),
                "kernel_low_s": pt.range.low_s,
                "kernel_high_s": pt.range.high_s,
            })
        })
        .collect();
    Ok(json!({
        "model": "boathull",
        "application": app.name,
        "application_id": app_id,
        "target": r.target.key(),
        "processor": r.preset.name,
        "processor_id": r.id,
        "assumptions": assumptions,
        "table1": match args.table1 {
            Table1Arg::Derived => "derived",
            Table1Arg::AsPrinted => "as-printed",
        },
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
    }))
}

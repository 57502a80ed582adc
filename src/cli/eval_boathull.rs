//! `hetscope eval boathull`: the boat hull model's times of one primitive
//! (given by its class) on one processor, as JSON.

use std::path::Path;

use clap::{Args, ValueEnum};
use serde_json::{Map, Value, json};

use super::CliError;
use super::params::{catalog, preset_error};
use crate::model::Side;
use crate::model::boathull::{BoatHullError, Class, ClassOptions, ClassVars, Cpu, Gpu};
use crate::preset::{self, PresetError, PresetKind, ProcessorPreset};

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
    fn side(self) -> Side {
        match self {
            BoatHullTarget::Gpu => Side::Gpu,
            BoatHullTarget::Cpu => Side::Cpu,
        }
    }

    fn key(self) -> &'static str {
        match self {
            BoatHullTarget::Gpu => "gpu",
            BoatHullTarget::Cpu => "cpu",
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
    /// (the class names of the boat hull paper's Tables 1 and 4).
    #[arg(long, value_name = "CLASS", allow_hyphen_values = true)]
    pub class: String,
    /// Processor type.
    #[arg(long, value_enum)]
    pub target: BoatHullTarget,
    /// Processor preset (id or name) or a processor .ron file with boat hull
    /// parameters [default: gtx470 for gpu, i7-930 for cpu].
    #[arg(long, value_name = "NAME|FILE")]
    pub processor: Option<String>,
    /// Override a value: P_compute (GFLOP/s); gpu: P_coalesced,
    /// P_uncoalesced, B_bus (GB/s); cpu: P_memory (GB/s), N_threads,
    /// W_vector (bits); f, the operator complexity (operations per element,
    /// default 1). Repeatable.
    #[arg(long = "set", value_name = "NAME=VALUE", allow_hyphen_values = true)]
    pub set: Vec<String>,
}

/// The processor of either kind, with its values.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Machine {
    Gpu(Gpu),
    Cpu(Cpu),
}

/// Run `eval boathull`.
pub fn run(args: &BoatHullArgs) -> Result<Value, CliError> {
    let class = Class::parse(&args.class)
        .map_err(|e| CliError::usage(format!("--class '{}': {e}", args.class)))?;
    let sets = parse_sets(args.target, &args.set)?;
    let (id, p) = processor(args)?;
    let mut machine = machine_of(args.target, &id, &p)?;
    let mut f = 1.0;
    for (name, v) in &sets {
        apply(&mut machine, &mut f, name, *v);
    }
    let options = ClassOptions::default();
    let err = |e: BoatHullError| CliError::usage(e.to_string());
    let mut m = Map::new();
    m.insert("model".into(), json!("boathull"));
    m.insert("class".into(), json!(class.to_string()));
    m.insert("table1_class".into(), json!(class.shape().table1_class()));
    m.insert("target".into(), json!(args.target.key()));
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
    m.insert("units".into(), Value::Object(units));
    Ok(Value::Object(m))
}

/// Parse `NAME=VALUE` items for `target`; each value checked, the last
/// value of a name wins.
fn parse_sets(target: BoatHullTarget, items: &[String]) -> Result<Vec<(String, f64)>, CliError> {
    let known = target.names();
    let mut out: Vec<(String, f64)> = Vec::new();
    for item in items {
        let Some((name, text)) = item.split_once('=') else {
            return Err(CliError::usage(format!(
                "--set {item}: expected NAME=VALUE, e.g. --set P_compute=1000"
            )));
        };
        let (name, text) = (name.trim(), text.trim());
        if !known.contains(&name) {
            let other = match target {
                BoatHullTarget::Gpu => BoatHullTarget::Cpu,
                BoatHullTarget::Cpu => BoatHullTarget::Gpu,
            };
            let hint = if other.names().contains(&name) {
                format!(" ({name} applies to --target {})", other.key())
            } else {
                String::new()
            };
            return Err(CliError::usage(format!(
                "--set {item}: unknown parameter '{name}' for --target {}{hint}; known: {}",
                target.key(),
                known.join(" ")
            )));
        }
        let v: f64 = text.parse().map_err(|_| {
            CliError::usage(format!(
                "--set {item}: value of {name} '{text}' is not a number"
            ))
        })?;
        check_value(item, name, v)?;
        out.retain(|(n, _)| n != name);
        out.push((name.to_string(), v));
    }
    Ok(out)
}

fn check_value(item: &str, name: &str, v: f64) -> Result<(), CliError> {
    let bad = |rule: &str| {
        Err(CliError::usage(format!(
            "--set {item}: {name} must be {rule}"
        )))
    };
    match name {
        "f" if !(v.is_finite() && v >= 0.0) => {
            bad("a finite zero or positive number (operations per element)")
        }
        "N_threads" if !(v.fract() == 0.0 && v >= 1.0 && v <= f64::from(u32::MAX)) => {
            bad("a whole number of threads, at least 1")
        }
        "W_vector"
            if !(v.fract() == 0.0 && v >= 32.0 && v <= f64::from(u32::MAX) && v % 32.0 == 0.0) =>
        {
            bad("a positive multiple of 32 bits (elements are 32-bit)")
        }
        "P_compute" if !(v.is_finite() && v > 0.0) => bad("a finite positive number (GFLOP/s)"),
        "P_coalesced" | "P_uncoalesced" | "B_bus" | "P_memory" if !(v.is_finite() && v > 0.0) => {
            bad("a finite positive number (GB/s)")
        }
        _ => Ok(()),
    }
}

/// Set one checked value.
fn apply(machine: &mut Machine, f: &mut f64, name: &str, v: f64) {
    match (machine, name) {
        (_, "f") => *f = v,
        (Machine::Gpu(g), "P_compute") => g.p_compute_gflops = v,
        (Machine::Gpu(g), "P_coalesced") => g.p_coalesced_gbs = v,
        (Machine::Gpu(g), "P_uncoalesced") => g.p_uncoalesced_gbs = v,
        (Machine::Gpu(g), "B_bus") => g.b_bus_gbs = v,
        (Machine::Cpu(c), "P_compute") => c.p_compute_gflops = v,
        (Machine::Cpu(c), "P_memory") => c.p_memory_gbs = v,
        // Checked to be whole numbers within u32 by `check_value`.
        (Machine::Cpu(c), "N_threads") => c.n_threads = v as u32,
        (Machine::Cpu(c), "W_vector") => c.w_vector_bits = v as u32,
        _ => {}
    }
}

/// The processor preset named by `--processor` (or the target's default):
/// its id (or path) and contents.
fn processor(args: &BoatHullArgs) -> Result<(String, ProcessorPreset), CliError> {
    let key = args.processor.clone().unwrap_or_else(|| {
        match args.target {
            BoatHullTarget::Gpu => DEFAULT_BOATHULL_GPU,
            BoatHullTarget::Cpu => DEFAULT_BOATHULL_CPU,
        }
        .to_string()
    });
    let path = Path::new(&key);
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("ron"))
    {
        let p = preset::load_processor_file(path).map_err(|e| preset_error("processor", e))?;
        return Ok((key, p));
    }
    let cat = catalog()?;
    match cat.processor(&key) {
        Some((e, p)) => Ok((e.id.clone(), p.clone())),
        None => Err(preset_error(
            "processor",
            PresetError::Unknown {
                origin: "processor argument".to_string(),
                kind: PresetKind::Processor,
                key,
                known: cat.ids(PresetKind::Processor),
            },
        )),
    }
}

/// The boat hull processor of a preset, checked against the target.
fn machine_of(target: BoatHullTarget, id: &str, p: &ProcessorPreset) -> Result<Machine, CliError> {
    if p.kind != target.side() {
        return Err(CliError::usage(format!(
            "--processor {id}: `{}` is a {}, but --target {} needs a {}",
            p.name,
            p.kind.name(),
            target.key(),
            target.side().name()
        )));
    }
    let machine = match target {
        BoatHullTarget::Gpu => p.boathull_gpu().map(Machine::Gpu),
        BoatHullTarget::Cpu => p.boathull_cpu().map(Machine::Cpu),
    };
    machine.ok_or_else(|| {
        let with = with_boathull(target.side());
        CliError::usage(format!(
            "--processor {id}: `{}` has no boat hull parameters (add `boathull: Some({}(...))` to its file, or choose one of: {})",
            p.name,
            match target {
                BoatHullTarget::Gpu => "Gpu",
                BoatHullTarget::Cpu => "Cpu",
            },
            with.join(", ")
        ))
    })
}

/// Built-in processors of one kind that have boat hull parameters.
fn with_boathull(side: Side) -> Vec<String> {
    let Ok(cat) = catalog() else {
        return Vec::new();
    };
    cat.processors()
        .iter()
        .filter(|(_, p)| p.kind == side && p.boathull.is_some())
        .map(|(e, _)| e.id.clone())
        .collect()
}

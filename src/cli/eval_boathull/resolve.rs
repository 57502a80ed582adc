//! Reading the boat hull arguments shared by `eval boathull` and
//! `export --view boathull*`: processors (preset or file) with `--set`,
//! applications, the assumptions about the floors and the reading of
//! Table 1.

use std::path::Path;

use clap::ValueEnum;

use super::BoatHullTarget;
use super::{DEFAULT_BOATHULL_CPU, DEFAULT_BOATHULL_GPU};
use crate::cli::CliError;
use crate::cli::params::{catalog, preset_error};
use crate::figure::boathull::BoathullProcessor;
use crate::model::Side;
use crate::model::boathull::{
    Application, ClassOptions, Cpu, CpuAssumptions, Gpu, GpuAssumptions, Target,
};
use crate::preset::{self, PresetError, PresetKind, ProcessorPreset};

/// What is assumed about the floors (Sections 4.2, 4.4, 5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum AssumeArg {
    /// GPU: nothing known (hull to highest floor); CPU: vector code on all
    /// threads.
    #[default]
    Default,
    /// The hull itself on both kinds (no floor applies).
    Hull,
    /// Nothing known on both kinds: from the hull to the highest floor.
    Unknown,
    /// Table 5 of the paper on a GPU: no fused multiply-add, coalescing
    /// unknown; a CPU keeps the hull.
    Table5,
}

impl AssumeArg {
    pub(in crate::cli) fn gpu(self) -> GpuAssumptions {
        match self {
            AssumeArg::Default | AssumeArg::Unknown => GpuAssumptions::UNKNOWN,
            AssumeArg::Hull => GpuAssumptions::HULL,
            AssumeArg::Table5 => GpuAssumptions::TABLE5,
        }
    }

    pub(in crate::cli) fn cpu(self) -> CpuAssumptions {
        match self {
            AssumeArg::Unknown => CpuAssumptions::UNKNOWN,
            _ => CpuAssumptions::HULL,
        }
    }
}

/// How Table 1 is read where it disagrees with its own definitions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Table1Arg {
    /// d = input + output, w from the named input.
    #[default]
    Derived,
    /// The values as printed (reproduces Table 5).
    AsPrinted,
}

impl Table1Arg {
    pub(in crate::cli) fn options(self) -> ClassOptions {
        match self {
            Table1Arg::Derived => ClassOptions::default(),
            Table1Arg::AsPrinted => ClassOptions::as_printed(),
        }
    }
}

/// The processor of either kind, with its values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(in crate::cli) enum Machine {
    Gpu(Gpu),
    Cpu(Cpu),
}

impl Machine {
    /// The model's target under `assume`.
    pub(in crate::cli) fn target(self, assume: AssumeArg) -> Target {
        match self {
            Machine::Gpu(gpu) => Target::Gpu {
                gpu,
                assume: assume.gpu(),
            },
            Machine::Cpu(cpu) => Target::Cpu {
                cpu,
                assume: assume.cpu(),
            },
        }
    }
}

/// A processor argument resolved: preset id, contents, target, and its
/// machine with `--set` applied (`f` returned apart).
pub(in crate::cli) struct Resolved {
    pub id: String,
    pub preset: ProcessorPreset,
    pub target: BoatHullTarget,
    pub machine: Machine,
    pub f: Option<f64>,
}

impl Resolved {
    /// Read `--processor` (or the target's default), check its kind and
    /// apply `set`.
    pub(in crate::cli) fn new(
        key: Option<&str>,
        target: Option<BoatHullTarget>,
        set: &[String],
    ) -> Result<Resolved, CliError> {
        let (id, preset) = processor(key, target)?;
        let target = target.unwrap_or(BoatHullTarget::of_side(preset.kind));
        let sets = parse_sets(target, set)?;
        let mut machine = machine_of(target, &id, &preset)?;
        let mut f = None;
        for (name, v) in &sets {
            if name == "f" {
                f = Some(*v);
            } else {
                apply(&mut machine, name, *v);
            }
        }
        Ok(Resolved {
            id,
            preset,
            target,
            machine,
            f,
        })
    }

    /// The figure's processor.
    pub(in crate::cli) fn processor(&self, assume: AssumeArg) -> BoathullProcessor {
        BoathullProcessor {
            name: self.preset.name.clone(),
            target: self.machine.target(assume),
        }
    }
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

/// Set one checked processor value (`f` is handled by the caller).
fn apply(machine: &mut Machine, name: &str, v: f64) {
    match (machine, name) {
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

/// The processor preset named by `key` (or the default of `target`, gpu
/// when none): its id (or path) and contents.
fn processor(
    key: Option<&str>,
    target: Option<BoatHullTarget>,
) -> Result<(String, ProcessorPreset), CliError> {
    let key = key.map(str::to_string).unwrap_or_else(|| {
        match target.unwrap_or(BoatHullTarget::Gpu) {
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

/// The application named by `key` (a preset id or name, or a .ron file):
/// its id and the model's application.
pub(in crate::cli) fn application(key: &str) -> Result<(String, Application), CliError> {
    let path = Path::new(key);
    let (id, p) = if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("ron"))
    {
        let p = preset::load_application_file(path).map_err(|e| preset_error("application", e))?;
        (key.to_string(), p)
    } else {
        let cat = catalog()?;
        match cat.application(key) {
            Some((e, p)) => (e.id.clone(), p.clone()),
            None => {
                return Err(preset_error(
                    "application",
                    PresetError::Unknown {
                        origin: "application argument".to_string(),
                        kind: PresetKind::Application,
                        key: key.to_string(),
                        known: cat.ids(PresetKind::Application),
                    },
                ));
            }
        }
    };
    let app = p
        .application()
        .map_err(|e| CliError::usage(format!("--application {key}: {e}")))?;
    Ok((id, app))
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

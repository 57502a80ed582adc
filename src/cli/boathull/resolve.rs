//! Reading the boat hull arguments shared by `eval boathull` and
//! `export --view boathull*`: processors (preset or file) with `--set`,
//! applications, the assumptions about the floors and the reading of
//! Table 1.

use std::path::Path;

use crate::cli::CliError;
use crate::cli::{catalog, preset_error};
use hetscope_core::boathull::{ApplicationChoice, ProcessorChoice};
use hetscope_model::boathull::{AssumptionSet, BoathullParam, Machine};
use hetscope_model::perdome::Side;
use hetscope_model::platform::Source;
use hetscope_preset::{self as preset, PresetError, PresetKind, ProcessorPreset, defaults};

/// A processor argument resolved: the processor (preset or platform id,
/// name, its values with `--set` applied, where they come from) and the
/// `f` that `--set` gave, if any.
pub(in crate::cli) struct Resolved {
    pub choice: ProcessorChoice,
    pub f: Option<f64>,
}

/// Where a processor comes from on the command line.
#[derive(Clone, Copy, Debug)]
pub(in crate::cli) enum From<'a> {
    /// `--processor` (a preset id or file), or the target's default.
    Processor(Option<&'a str>),
    /// `--platform`: the platform's processor of the target's kind.
    Platform(&'a str),
    /// `--platform2`: the same, of the platform compared with.
    Platform2(&'a str),
}

/// Which processor of a command line is read: it names the options that
/// give it in messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::cli) enum Slot {
    /// `--processor`, `--target`, `--set`.
    First,
    /// `--processor2`, `--set2` (its kind follows its preset).
    Second,
}

impl Slot {
    /// The processor option without its dashes.
    fn processor(self) -> &'static str {
        match self {
            Slot::First => "processor",
            Slot::Second => "processor2",
        }
    }

    fn set(self) -> &'static str {
        match self {
            Slot::First => "--set",
            Slot::Second => "--set2",
        }
    }

    /// How a processor kind is named: `--target gpu`, or `a GPU` for the
    /// second processor, which has no --target.
    fn kind(self, side: Side) -> String {
        match self {
            Slot::First => format!("--target {}", side.key()),
            Slot::Second => format!("a {}", side.name()),
        }
    }
}

impl Resolved {
    /// Read the processor of `slot` (from a preset or a platform), check
    /// its kind and apply `set`.
    pub(in crate::cli) fn new(
        slot: Slot,
        from: From,
        target: Option<Side>,
        set: &[String],
    ) -> Result<Resolved, CliError> {
        let mut choice = match from {
            From::Processor(key) => {
                let (id, preset) = processor(slot, key, target)?;
                let target = target.unwrap_or(preset.kind);
                let machine = machine_of(slot, target, &id, &preset)?;
                let source = Source::Paper(preset.source.clone());
                ProcessorChoice::new(&id, &preset.name, machine)
                    .with_sources(vec![("processor".into(), source)])
            }
            From::Platform(arg) => of_platform(arg, "platform", target.unwrap_or(Side::Gpu))?,
            From::Platform2(arg) => of_platform(arg, "platform2", target.unwrap_or(Side::Gpu))?,
        };
        let mut f = None;
        for (name, v) in parse_sets(slot, choice.side(), set)? {
            if name == "f" {
                f = Some(v);
            } else {
                apply(&mut choice.params, &name, v)?;
                choice.sources.push((name, Source::Edited));
            }
        }
        choice.loaded = choice.params;
        Ok(Resolved { choice, f })
    }

    /// The processor under a named set of assumptions.
    pub(in crate::cli) fn assuming(&self, assume: AssumptionSet) -> ProcessorChoice {
        self.choice.clone().assuming(assume)
    }
}

/// The boat hull processor of kind `side` of a platform: its paper's
/// processor preset, else derived from its hardware.
fn of_platform(arg: &str, option: &str, side: Side) -> Result<ProcessorChoice, CliError> {
    let cat = catalog()?;
    let c = crate::cli::platform::choice(arg, option)?;
    let b = c
        .preset
        .boathull_side(cat, &c.origin, crate::cli::platform::TRANSFERS, side)
        .map_err(|e| preset_error(option, e))?;
    Ok(ProcessorChoice::new(&c.id, &b.name, b.machine).with_sources(b.sources))
}

/// Parse `NAME=VALUE` items for `target`; each value checked, the last
/// value of a name wins.
fn parse_sets(slot: Slot, target: Side, items: &[String]) -> Result<Vec<(String, f64)>, CliError> {
    let set = slot.set();
    let known = set_names(target);
    let mut out: Vec<(String, f64)> = Vec::new();
    for item in items {
        let Some((name, text)) = item.split_once('=') else {
            return Err(CliError::usage(format!(
                "{set} {item}: expected NAME=VALUE, e.g. {set} P_compute=1000"
            )));
        };
        let (name, text) = (name.trim(), text.trim());
        if !known.contains(&name) {
            let other = match target {
                Side::Gpu => Side::Cpu,
                Side::Cpu => Side::Gpu,
            };
            let hint = if set_names(other).contains(&name) {
                format!(" ({name} applies to {})", slot.kind(other))
            } else {
                String::new()
            };
            return Err(CliError::usage(format!(
                "{set} {item}: unknown parameter '{name}' for {}{hint}; known: {}",
                slot.kind(target),
                known.join(" ")
            )));
        }
        let v: f64 = text.parse().map_err(|_| {
            CliError::usage(format!(
                "{set} {item}: value of {name} '{text}' is not a number"
            ))
        })?;
        check_value(&format!("{set} {item}"), name, v)?;
        out.retain(|(n, _)| n != name);
        out.push((name.to_string(), v));
    }
    Ok(out)
}

/// `Ok` when `v` lies in the range of `name`; the error starts with `arg`
/// (the option and its item).
fn check_value(arg: &str, name: &str, v: f64) -> Result<(), CliError> {
    match BoathullParam::from_name(name) {
        Some(p) => p
            .check(v)
            .map_err(|e| CliError::usage(format!("{arg}: {e}"))),
        None => Ok(()),
    }
}

/// Set one checked processor value (`f` is handled by the caller).
fn apply(machine: &mut Machine, name: &str, v: f64) -> Result<(), CliError> {
    if let Some(p) = BoathullParam::from_name(name) {
        p.set(machine, v)
            .map_err(|e| CliError::usage(format!("--set {name}={v}: {e}")))?;
    }
    Ok(())
}

/// The processor preset named by `key` (or the default of `target`, gpu
/// when none): its id (or path) and contents.
fn processor(
    slot: Slot,
    key: Option<&str>,
    target: Option<Side>,
) -> Result<(String, ProcessorPreset), CliError> {
    let key = key.map(str::to_string).unwrap_or_else(|| {
        match target.unwrap_or(Side::Gpu) {
            Side::Gpu => defaults::BOATHULL_GPU,
            Side::Cpu => defaults::BOATHULL_CPU,
        }
        .to_string()
    });
    let path = Path::new(&key);
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("ron"))
    {
        let p = preset::load_processor_file(path).map_err(|e| preset_error(slot.processor(), e))?;
        return Ok((key, p));
    }
    let cat = catalog()?;
    match cat.processor(&key) {
        Some((e, p)) => Ok((e.id.clone(), p.clone())),
        None => Err(preset_error(
            slot.processor(),
            PresetError::Unknown {
                origin: "processor argument".to_string(),
                kind: PresetKind::Processor,
                key,
                known: cat.ids(PresetKind::Processor),
            },
        )),
    }
}

/// The application named by `key` (a preset id or name, or a .ron file),
/// checked: the model takes its primitives.
pub(in crate::cli) fn application(key: &str) -> Result<ApplicationChoice, CliError> {
    let path = Path::new(key);
    let (choice, p) = if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("ron"))
    {
        let p = preset::boathull::load_application_file(path)
            .map_err(|e| preset_error("application", e))?;
        let choice = ApplicationChoice::File {
            file: key.to_string(),
            preset: p.clone(),
        };
        (choice, p)
    } else {
        let cat = catalog()?;
        match cat.application(key) {
            Some((e, p)) => (ApplicationChoice::Builtin(e.id.clone()), p.clone()),
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
    p.application()
        .map_err(|e| CliError::usage(format!("--application {key}: {e}")))?;
    Ok(choice)
}

/// The boat hull processor of a preset, checked against the target.
fn machine_of(
    slot: Slot,
    target: Side,
    id: &str,
    p: &ProcessorPreset,
) -> Result<Machine, CliError> {
    let option = slot.processor();
    if p.kind != target {
        return Err(CliError::usage(format!(
            "--{option} {id}: `{}` is a {}, but --target {} needs a {}",
            p.name,
            p.kind.name(),
            target.key(),
            target.name()
        )));
    }
    let machine = p.boathull.filter(|m| m.kind() == target);
    machine.ok_or_else(|| {
        let with = with_boathull(target);
        CliError::usage(format!(
            "--{option} {id}: `{}` has no boat hull parameters (add `boathull: Some({}(...))` to its file, or choose one of: {})",
            p.name,
            match target {
                Side::Gpu => "Gpu",
                Side::Cpu => "Cpu",
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

/// The `--set` names of a processor of kind `side`.
fn set_names(side: Side) -> [&'static str; 5] {
    BoathullParam::of(side).map(BoathullParam::name)
}

//! The boat hull's own choices as a face names them (the command line's
//! `--class`, `--processor`, `--target`, `--set2`, ...), applied to the
//! scenario of a session the core made: processors from presets or
//! files, checked against the kind asked, the class, f and its range,
//! the application, the assumptions and the reading of Table 1. Values
//! set by name (`--set`) and the platform compared with come after, as
//! [`crate::named::session_of`] orders them.

use std::path::Path;

use super::{ApplicationChoice, BoathullScenario, ProcessorChoice};
use crate::CoreError;
use crate::named::NamedError;
use hetscope_figure::boathull::{DEFAULT_F, DEFAULT_F_RANGE};
use hetscope_model::boathull::{AssumptionSet, BoathullParam, Class, Machine, Table1Reading};
use hetscope_model::perdome::Side;
use hetscope_model::platform::Source;
use hetscope_preset::{Catalog, PresetError, PresetKind, ProcessorPreset, defaults};

/// What a face names of the boat hull.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoathullChoices {
    /// The class of the primitive (`--class`).
    pub class: Option<String>,
    /// An application preset or file (`--application`).
    pub application: Option<String>,
    /// The kind of the first processor (`--target`).
    pub target: Option<Side>,
    /// The first processor, a preset or file (`--processor`).
    pub processor: Option<String>,
    /// The second (`--processor2`), of either kind.
    pub processor2: Option<String>,
    /// Values of the second processor (`--set2 NAME=VALUE`).
    pub set2: Vec<String>,
    /// The chosen operator complexity (`--f`).
    pub f: Option<f64>,
    /// The f axis (`--f-min`, `--f-max`).
    pub f_min: Option<f64>,
    pub f_max: Option<f64>,
    pub assume: AssumptionSet,
    pub table1: Table1Reading,
}

/// A refusal of an option, in the words the command line gives it.
fn refused(option: &'static str, message: impl Into<String>) -> NamedError {
    NamedError::new(option, CoreError::Choice(message.into()))
}

/// A preset error of an option.
fn preset(option: &'static str) -> impl Fn(PresetError) -> NamedError {
    move |e| NamedError::new(option, e)
}

impl BoathullScenario {
    /// Apply `c` to a scenario whose processors the session's platform
    /// gave (`from_platform`: the platform's GPU, its CPU beside), or the
    /// first start's; `f` is `default_f` where not named.
    pub fn apply_choices(
        &mut self,
        c: &BoathullChoices,
        from_platform: Option<&str>,
        default_f: f64,
        catalog: &Catalog,
    ) -> Result<(), NamedError> {
        if let (Some(p), true) = (
            from_platform,
            c.processor.is_some() || c.processor2.is_some(),
        ) {
            return Err(refused(
                "--platform",
                format!("{p}: gives both processors; not with --processor or --processor2"),
            ));
        }
        let class = c.class.as_deref().unwrap_or(defaults::BOATHULL_CLASS);
        Class::parse(class).map_err(|e| refused("--class", format!("'{class}': {e}")))?;
        self.class_text = class.to_string();
        match from_platform {
            // The platform's processor of the target's kind first, its
            // other one beside.
            Some(_) => self.set_side(catalog, c.target.unwrap_or(Side::Gpu)),
            None => {
                self.processor =
                    processor(catalog, "--processor", c.processor.as_deref(), c.target)?;
                let other = match self.processor.side() {
                    Side::Gpu => defaults::BOATHULL_CPU,
                    Side::Cpu => defaults::BOATHULL_GPU,
                };
                let second = Some(c.processor2.as_deref().unwrap_or(other));
                self.partner = processor(catalog, "--processor2", second, None)?;
            }
        }
        set_values(&mut self.partner, &c.set2)?;
        self.processor = self.processor.clone().assuming(c.assume);
        self.partner = self.partner.clone().assuming(c.assume);
        self.f = c.f.unwrap_or(default_f);
        self.f_min = c.f_min.unwrap_or(DEFAULT_F_RANGE.0);
        self.f_max = c.f_max.unwrap_or(DEFAULT_F_RANGE.1);
        self.table1_as_printed = c.table1 == Table1Reading::AsPrinted;
        let app = c
            .application
            .as_deref()
            .unwrap_or(defaults::BOATHULL_APPLICATION);
        self.application = application(catalog, app)?;
        Ok(())
    }
}

/// The default f of an `export`: the views' own.
pub const EXPORT_F: f64 = DEFAULT_F;

/// The processor preset named by `key` (or the default of `target`, a
/// GPU when none), checked against the target.
fn processor(
    catalog: &Catalog,
    option: &'static str,
    key: Option<&str>,
    target: Option<Side>,
) -> Result<ProcessorChoice, NamedError> {
    let key = key.map_or_else(
        || {
            match target.unwrap_or(Side::Gpu) {
                Side::Gpu => defaults::BOATHULL_GPU,
                Side::Cpu => defaults::BOATHULL_CPU,
            }
            .to_string()
        },
        str::to_string,
    );
    let (id, p) = if hetscope_preset::is_file_arg(&key) {
        let p = hetscope_preset::load_processor_file(Path::new(&key)).map_err(preset(option))?;
        (key, p)
    } else {
        match catalog.processor(&key) {
            Some((e, p)) => (e.id.clone(), p.clone()),
            None => {
                return Err(preset(option)(PresetError::Unknown {
                    origin: "processor argument".to_string(),
                    kind: PresetKind::Processor,
                    key,
                    known: catalog.ids(PresetKind::Processor),
                }));
            }
        }
    };
    let target = target.unwrap_or(p.kind);
    let machine = machine_of(catalog, option, target, &id, &p)?;
    let source = Source::Paper(p.source.clone());
    let choice = ProcessorChoice::new(&id, &p.name, machine)
        .with_sources(vec![("processor".into(), source)]);
    Ok(choice)
}

/// The boat hull machine of a preset, checked against the target.
fn machine_of(
    catalog: &Catalog,
    option: &'static str,
    target: Side,
    id: &str,
    p: &ProcessorPreset,
) -> Result<Machine, NamedError> {
    if p.kind != target {
        return Err(refused(
            option,
            format!(
                "{id}: `{}` is a {}, but --target {} needs a {}",
                p.name,
                p.kind.name(),
                target.key(),
                target.name()
            ),
        ));
    }
    p.boathull.filter(|m| m.kind() == target).ok_or_else(|| {
        let with: Vec<String> = catalog
            .processors()
            .iter()
            .filter(|(_, q)| q.kind == target && q.boathull.is_some())
            .map(|(e, _)| e.id.clone())
            .collect();
        refused(
            option,
            format!(
                "{id}: `{}` has no boat hull parameters (add `boathull: Some({}(...))` to its file, or choose one of: {})",
                p.name,
                match target {
                    Side::Gpu => "Gpu",
                    Side::Cpu => "Cpu",
                },
                with.join(", ")
            ),
        )
    })
}

/// `--set2` items on the second processor: names of its kind, each
/// value in its range; f is shared and given with `--f`.
fn set_values(p: &mut ProcessorChoice, items: &[String]) -> Result<(), NamedError> {
    let side = p.side();
    let known = BoathullParam::of(side).map(BoathullParam::name);
    for item in items {
        let bad = |m: String| refused("--set2", format!("{item}: {m}"));
        let Some((name, text)) = item.split_once('=') else {
            return Err(bad("expected NAME=VALUE, e.g. --set2 P_compute=1000".into()));
        };
        let (name, text) = (name.trim(), text.trim());
        if name == "f" {
            return Err(refused(
                "--set2",
                "f: the operator complexity is shared; give it with --f",
            ));
        }
        let Some(param) = BoathullParam::from_name(name).filter(|_| known.contains(&name)) else {
            return Err(bad(format!(
                "unknown parameter '{name}' for a {}; known: {}",
                side.name(),
                known.join(" ")
            )));
        };
        let v: f64 = text
            .parse()
            .map_err(|_| bad(format!("value of {name} '{text}' is not a number")))?;
        param.check(v).map_err(|e| bad(e.to_string()))?;
        param
            .set(&mut p.params, v)
            .map_err(|e| bad(e.to_string()))?;
        p.sources.retain(|(k, _)| k != name);
        p.sources.push((name.to_string(), Source::Edited));
    }
    p.loaded = p.params;
    Ok(())
}

/// The application named by `key` (a preset id or name, or a .ron
/// file), checked: the model takes its primitives.
fn application(catalog: &Catalog, key: &str) -> Result<ApplicationChoice, NamedError> {
    let (choice, p) = if hetscope_preset::is_file_arg(key) {
        let p = hetscope_preset::boathull::load_application_file(Path::new(key))
            .map_err(preset("--application"))?;
        let choice = ApplicationChoice::File {
            file: key.to_string(),
            preset: p.clone(),
        };
        (choice, p)
    } else {
        match catalog.application(key) {
            Some((e, p)) => (ApplicationChoice::Builtin(e.id.clone()), p.clone()),
            None => {
                return Err(preset("--application")(PresetError::Unknown {
                    origin: "application argument".to_string(),
                    kind: PresetKind::Application,
                    key: key.to_string(),
                    known: catalog.ids(PresetKind::Application),
                }));
            }
        }
    };
    p.application()
        .map_err(|e| refused("--application", format!("{key}: {e}")))?;
    Ok(choice)
}

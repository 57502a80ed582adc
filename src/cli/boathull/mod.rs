//! `hetscope eval boathull` and `export --view boathull*`: the boat hull
//! options (`options.rs`, declared once for both) and the session they
//! make through the core (`hetscope_core::named` for the platforms,
//! `--set` and the measured file, the core's boat hull choices for the
//! processors, class and application); the JSON and the figure of a view
//! (`export.rs`) are the core's.

pub mod export;
pub mod options;

use serde_json::Value;

use crate::cli::refusal::named_error;
use crate::cli::{CliError, catalog};
use hetscope_core::boathull::{Boathull, BoathullQuery};
use hetscope_core::named::{Named, refused_for, session_of};
use hetscope_core::{CoreError, Model, Session, session_set};
use hetscope_model::ModelId;
use hetscope_model::boathull::BoathullParam;
use hetscope_model::perdome::Side;

pub use options::{BoathullEvalArgs, BoathullOptions};

/// Run `eval boathull`.
pub fn run(args: &BoathullEvalArgs) -> Result<Value, CliError> {
    let o = &args.options;
    if let Some(name) = o.export_only() {
        return Err(CliError::usage(format!(
            "{name}: only `export --view boathull*` takes it, not eval boathull"
        )));
    }
    let query = match (&o.class, &o.application) {
        (Some(_), Some(_)) => {
            return Err(CliError::usage(
                "give --class (one primitive) or --application (a pipeline of primitives), not both",
            ));
        }
        (None, None) => {
            return Err(CliError::usage(
                "eval boathull needs --class CLASS (one primitive, e.g. --class '2048x2048|element -> 2048x2048|element') or --application NAME|FILE (see presets list --all)",
            ));
        }
        (None, Some(_)) => BoathullQuery::Application,
        (Some(_), None) if args.platform.is_some() => BoathullQuery::ClassWithPartner,
        (Some(_), None) => BoathullQuery::Class,
    };
    if o.processor.is_some() && args.platform.is_some() {
        return Err(CliError::usage(
            "give --processor (one processor preset) or --platform (its CPU or GPU), not both",
        ));
    }
    if query == BoathullQuery::Application {
        if let Some(path) = &args.measured {
            return Err(CliError::usage(format!(
                "--measured {}: compared with one primitive; give --class, not --application",
                path.display()
            )));
        }
        if args
            .set
            .iter()
            .any(|i| i.split('=').next().map(str::trim) == Some("f"))
        {
            return Err(CliError::usage(
                "--set f: not used with --application (each primitive has its own f)",
            ));
        }
    }
    let measured: Vec<_> = args.measured.iter().cloned().collect();
    let platforms = (args.platform.as_deref(), None);
    let s = boathull_session(o, platforms, (&args.set, &measured), 1.0)?;
    Boathull::eval(&s.boathull, &query, catalog()?).map_err(|e| eval_error(e, args))
}

/// The session of the boat hull options, made by the core as every face
/// makes one: the platform (its GPU, its CPU beside), the choices
/// (processors, class, application), the platform compared with,
/// `--set` on the first processor and the measured times; f is
/// `default_f` where neither `--f` nor `--set f` names it.
pub(super) fn boathull_session(
    o: &BoathullOptions,
    (platform, platform2): (Option<&str>, Option<&str>),
    (set, measured): (&[String], &[std::path::PathBuf]),
    default_f: f64,
) -> Result<Session, CliError> {
    session_set::check_names_for(ModelId::Boathull, set)
        .map_err(|e| CliError::usage(format!("--set {e}")))?;
    let cat = catalog()?;
    let named = Named {
        platform: platform.map(str::to_string),
        platform2: platform2.map(str::to_string),
        sets: set.to_vec(),
        measured: measured.to_vec(),
        ..Named::default()
    };
    let choices = o.choices();
    let (s, kept) = session_of(&named, cat, |s| {
        s.boathull.apply_choices(&choices, platform, default_f, cat)
    })
    .map_err(|e| with_target_hint(named_error(e)))?;
    refused_for(kept, &[ModelId::Boathull]).map_err(named_error)?;
    if let (Some(path), None) = (measured.first(), &s.boathull.measured) {
        return Err(CliError::usage(format!(
            "--measured {}: not boat hull measured times (columns f, time_s, processor)",
            path.display()
        )));
    }
    Ok(s)
}

/// A `--set` name of the other kind of processor, with the option that
/// chooses that kind: "(P_memory applies to --target cpu)".
fn with_target_hint(e: CliError) -> CliError {
    let Some(item) = e.message.strip_prefix("--set ") else {
        return e;
    };
    let name = item.split('=').next().unwrap_or_default().trim();
    let kind_of = |side: Side| {
        BoathullParam::of(side)
            .map(BoathullParam::name)
            .contains(&name)
    };
    let hint = match (kind_of(Side::Gpu), kind_of(Side::Cpu)) {
        (false, true) => "cpu",
        (true, false) => "gpu",
        _ => return e,
    };
    CliError {
        message: format!("{} ({name} applies to --target {hint})", e.message),
        ..e
    }
}

/// A model error of `eval boathull` as the command line words it.
fn eval_error(e: CoreError, args: &BoathullEvalArgs) -> CliError {
    match (&e, &args.measured) {
        (CoreError::Measured { source, .. }, Some(path)) => {
            CliError::usage(format!("--measured {}: {source}", path.display()))
        }
        _ => CliError::usage(e.to_string()),
    }
}

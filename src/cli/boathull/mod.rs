//! `hetscope eval boathull` and `export --view boathull*`: the boat hull
//! options (`options.rs`, declared once for both), the processors,
//! applications and `--set` read into the core's boat hull scenario
//! (`resolve.rs`), and the figure of a view (`export.rs`). The JSON and
//! the figures come from `hetscope_core::boathull`.

pub mod export;
pub mod options;
mod resolve;

use serde_json::Value;

use crate::cli::CliError;
use hetscope_core::CoreError;
use hetscope_core::Model;
use hetscope_core::boathull::{Boathull, BoathullQuery, BoathullScenario};
use hetscope_model::boathull::Class;
use hetscope_model::perdome::Side;

pub use options::{BoathullEvalArgs, BoathullOptions};
pub(super) use resolve::{From, Resolved, Slot, application};

/// The names `--set` accepts for a processor kind.
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
    let s = eval_scenario(args, &query)?;
    let cat = crate::cli::catalog()?;
    Boathull::eval(&s, &query, cat).map_err(|e| eval_error(e, args))
}

/// The scenario `eval boathull` evaluates: the first processor from
/// `--processor` or `--platform` (the second from the platform, else the
/// default of the other kind), f from `--f` or `--set f` (default 1).
fn eval_scenario(
    args: &BoathullEvalArgs,
    query: &BoathullQuery,
) -> Result<BoathullScenario, CliError> {
    let o = &args.options;
    let from = match (&o.processor, &args.platform) {
        (Some(_), Some(_)) => {
            return Err(CliError::usage(
                "give --processor (one processor preset) or --platform (its CPU or GPU), not both",
            ));
        }
        (_, Some(p)) => From::Platform(p),
        (p, None) => From::Processor(p.as_deref()),
    };
    let mut s = BoathullScenario::from_catalog(crate::cli::catalog()?);
    if let Some(class) = &o.class {
        parse_class(class)?;
        s.class_text = class.clone();
    }
    let first = Resolved::new(Slot::First, from, o.target, &args.set)?;
    if *query == BoathullQuery::Application {
        if let Some(path) = &args.measured {
            return Err(CliError::usage(format!(
                "--measured {}: compared with one primitive; give --class, not --application",
                path.display()
            )));
        }
        if first.f.is_some() {
            return Err(CliError::usage(
                "--set f: not used with --application (each primitive has its own f)",
            ));
        }
    }
    if let Some(key) = &o.application {
        s.application = application(key)?;
    }
    s.partner = match &args.platform {
        Some(p) => {
            let side = other_side(first.choice.side());
            Resolved::new(Slot::Second, From::Platform(p), Some(side), &[])?.assuming(o.assume)
        }
        None => s.partner,
    };
    s.processor = first.assuming(o.assume);
    s.f = o.f.or(first.f).unwrap_or(1.0);
    s.table1_as_printed = o.table1 == hetscope_model::boathull::Table1Reading::AsPrinted;
    s.measured = args
        .measured
        .as_deref()
        .map(hetscope_core::boathull::load_measured)
        .transpose()
        .map_err(|e| crate::cli::preset_error("measured", e))?;
    Ok(s)
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

/// The other kind of processor.
pub(super) fn other_side(side: Side) -> Side {
    match side {
        Side::Gpu => Side::Cpu,
        Side::Cpu => Side::Gpu,
    }
}

/// The class of `--class`, or a usage error naming the column.
pub(super) fn parse_class(text: &str) -> Result<Class, CliError> {
    Class::parse(text).map_err(|e| CliError::usage(format!("--class '{text}': {e}")))
}

//! `hetscope export --view boathull|boathull-compare|boathull-roofline|boathull-app`:
//! the boat hull options read into the core's scenario, whose figure is
//! the view's. Processors, applications, `--set` and the assumptions are
//! read as by `eval boathull`.

use std::path::Path;

use super::resolve::Slot;
use super::{BoathullOptions, From, Resolved, application, other_side, parse_class};
use crate::cli::CliError;
use hetscope_core::Model;
use hetscope_core::boathull::{Boathull, BoathullScenario};
use hetscope_figure::boathull::{DEFAULT_F, DEFAULT_F_RANGE};
use hetscope_figure::{Figure, View};
use hetscope_model::boathull::Table1Reading;
use hetscope_model::perdome::Side;
use hetscope_preset::defaults;

/// The figure of a boat hull view. `platforms` and `set` are the shared
/// `--platform` (its GPU and CPU, in place of --processor and
/// --processor2) and `--platform2` (its processor of the first one's kind
/// drawn over the boat hull view), and `--set` (the first processor's
/// values and f).
pub fn figure(
    view: View,
    args: &BoathullOptions,
    platforms: (Option<&str>, Option<&str>),
    set: &[String],
    measured: Option<&Path>,
) -> Result<Figure, CliError> {
    let s = scenario(view, args, platforms, set, measured)?;
    let cat = crate::cli::catalog()?;
    let failed =
        |e: hetscope_core::CoreError| CliError::usage(format!("--view {}: {e}", view.key()));
    let input = Boathull::input(&s, cat).map_err(failed)?;
    let output = Boathull::compute(&input).map_err(failed)?;
    Boathull::figure(view, &output).map_err(failed)
}

/// The boat hull scenario of `export`'s arguments.
fn scenario(
    view: View,
    args: &BoathullOptions,
    platforms: (Option<&str>, Option<&str>),
    set: &[String],
    measured: Option<&Path>,
) -> Result<BoathullScenario, CliError> {
    let (platform, platform2) = platforms;
    if let (Some(p), true) = (
        platform,
        args.processor.is_some() || args.processor2.is_some(),
    ) {
        return Err(CliError::usage(format!(
            "--platform {p}: gives both processors; not with --processor or --processor2"
        )));
    }
    if let (Some(m), false) = (measured, view == View::Boathull) {
        return Err(CliError::usage(format!(
            "--measured {}: only --view boathull draws measured times",
            m.display()
        )));
    }
    let class = args.class.as_deref().unwrap_or(defaults::BOATHULL_CLASS);
    parse_class(class)?;
    let first_from = platform.map_or(From::Processor(args.processor.as_deref()), From::Platform);
    let first = Resolved::new(Slot::First, first_from, args.target, set)?;
    let other = other_side(first.choice.side());
    let default2 = match other {
        Side::Cpu => defaults::BOATHULL_CPU,
        Side::Gpu => defaults::BOATHULL_GPU,
    };
    let (second_from, second_target) = match platform {
        Some(p) => (From::Platform(p), Some(other)),
        None => (
            From::Processor(Some(args.processor2.as_deref().unwrap_or(default2))),
            None,
        ),
    };
    let second = Resolved::new(Slot::Second, second_from, second_target, &args.set2)?;
    if second.f.is_some() {
        return Err(CliError::usage(
            "--set2 f: the operator complexity is shared; give it with --f",
        ));
    }
    let app_key = args
        .application
        .as_deref()
        .unwrap_or(defaults::BOATHULL_APPLICATION);
    let overlay = platform2
        .map(|p| {
            let r = Resolved::new(
                Slot::First,
                From::Platform2(p),
                Some(first.choice.side()),
                &[],
            )?;
            let mut o = r.assuming(args.assume);
            o.name = format!("{} ({p})", o.name);
            Ok::<_, CliError>(o)
        })
        .transpose()?;
    let measured = measured
        .map(hetscope_core::boathull::load_measured)
        .transpose()
        .map_err(|e| crate::cli::preset_error("measured", e))?;
    Ok(BoathullScenario {
        class_text: class.to_string(),
        processor: first.assuming(args.assume),
        partner: second.assuming(args.assume),
        f: args.f.or(first.f).unwrap_or(DEFAULT_F),
        f_min: args.f_min.unwrap_or(DEFAULT_F_RANGE.0),
        f_max: args.f_max.unwrap_or(DEFAULT_F_RANGE.1),
        table1_as_printed: args.table1 == Table1Reading::AsPrinted,
        application: application(app_key)?,
        overlay,
        measured_path: String::new(),
        measured,
    })
}

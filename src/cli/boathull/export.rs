//! `hetscope export --view boathull|boathull-compare|boathull-roofline|boathull-app`:
//! the arguments of the boat hull views and their figure. Processors,
//! applications, `--set` and the assumptions are read as by
//! `eval boathull`.

use clap::Args;

use super::resolve::Slot;
use super::{From, Resolved, application, options_of, parse_class};
use crate::cli::CliError;
use crate::cli::arg_enum::parser;
use hetscope_figure::boathull::{
    self, BoathullInput, BoathullProcessor, DEFAULT_F, DEFAULT_F_RANGE, DEFAULT_SAMPLES,
};
use hetscope_figure::{ChartFigure, View};
use hetscope_model::boathull::{AssumptionSet, BoathullParam, Table1Reading};
use hetscope_model::perdome::Side;
use hetscope_preset::defaults;

/// Arguments of `export` that only the boat hull views use.
#[derive(Debug, Clone, Default, Args)]
pub struct BoathullExportArgs {
    /// Class of the primitive [default: '2048x2048|element -> 2048x2048|element'].
    #[arg(
        id = "bh_class",
        long = "class",
        value_name = "CLASS",
        allow_hyphen_values = true
    )]
    pub class: Option<String>,
    /// Kind of the first processor [default: the kind of --processor, else gpu].
    #[arg(id = "bh_target", long = "target", value_name = "KIND", value_parser = parser::<Side>())]
    pub target: Option<Side>,
    /// First processor: preset (id or name) or .ron file with boat hull
    /// parameters [default: gtx470, or i7-930 for --target cpu]. `--set`
    /// changes its values (names as for `eval boathull`).
    #[arg(id = "bh_processor", long = "processor", value_name = "NAME|FILE")]
    pub processor: Option<String>,
    /// Second processor, of either kind, for boathull-compare,
    /// boathull-roofline and boathull-app [default: i7-930 against a GPU,
    /// gtx470 against a CPU].
    #[arg(id = "bh_processor2", long = "processor2", value_name = "NAME|FILE")]
    pub processor2: Option<String>,
    /// Override a value of the second processor (names as for --set).
    /// Repeatable.
    #[arg(
        id = "bh_set2",
        long = "set2",
        value_name = "NAME=VALUE",
        allow_hyphen_values = true
    )]
    pub set2: Vec<String>,
    /// Application preset (id or name) or .ron file, for boathull-app and
    /// the points of boathull-roofline [default: fast-focus-on-structures].
    #[arg(id = "bh_application", long = "application", value_name = "NAME|FILE")]
    pub application: Option<String>,
    /// Chosen operator complexity f (marker and readout), operations per
    /// element [default: 10; also --set f=VALUE].
    #[arg(id = "bh_f", long = "f", value_name = "F", value_parser = parse_f, allow_hyphen_values = true)]
    pub f: Option<f64>,
    /// Low end of the f axis, operations per element [default: 1].
    #[arg(id = "bh_f_min", long = "f-min", value_name = "F", value_parser = parse_f, allow_hyphen_values = true)]
    pub f_min: Option<f64>,
    /// High end of the f axis, operations per element [default: 10000].
    #[arg(id = "bh_f_max", long = "f-max", value_name = "F", value_parser = parse_f, allow_hyphen_values = true)]
    pub f_max: Option<f64>,
    /// What is assumed about the floors.
    #[arg(id = "bh_assume", long = "assume", value_name = "ASSUMPTION", value_parser = parser::<AssumptionSet>(), default_value = "default")]
    pub assume: AssumptionSet,
    /// How Table 1 is read (as-printed reproduces the paper's Table 5).
    #[arg(id = "bh_table1", long = "table1", value_name = "READING", value_parser = parser::<Table1Reading>(), default_value = "derived")]
    pub table1: Table1Reading,
}

/// An operator complexity in its range ([`BoathullParam::F`]).
fn parse_f(s: &str) -> Result<f64, String> {
    let v = s.trim().parse::<f64>().unwrap_or(f64::NAN);
    BoathullParam::F
        .check(v)
        .map_err(|e| format!("'{s}': {e}"))?;
    Ok(v)
}

/// The figure of a boat hull view. `platforms` and `set` are the shared
/// `--platform` (its GPU and CPU, in place of --processor and
/// --processor2) and `--platform2` (its processor of the first one's kind
/// drawn over the boat hull view), and `--set` (the first processor's
/// values and f).
pub fn figure(
    view: View,
    args: &BoathullExportArgs,
    platforms: (Option<&str>, Option<&str>),
    set: &[String],
    measured: Option<&std::path::Path>,
) -> Result<ChartFigure, CliError> {
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
    let class = parse_class(args.class.as_deref().unwrap_or(defaults::BOATHULL_CLASS))?;
    let first_from = platform.map_or(From::Processor(args.processor.as_deref()), From::Platform);
    let first = Resolved::new(Slot::First, first_from, args.target, set)?;
    let other = match first.target {
        Side::Gpu => Side::Cpu,
        Side::Cpu => Side::Gpu,
    };
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
    let f = args.f.or(first.f).unwrap_or(DEFAULT_F);
    let app_key = args
        .application
        .as_deref()
        .unwrap_or(defaults::BOATHULL_APPLICATION);
    let (_, app) = application(app_key)?;
    let input = BoathullInput {
        class,
        processor: first.processor(args.assume),
        partner: second.processor(args.assume),
        options: options_of(args.table1),
        f,
        f_min: args.f_min.unwrap_or(DEFAULT_F_RANGE.0),
        f_max: args.f_max.unwrap_or(DEFAULT_F_RANGE.1),
        samples: DEFAULT_SAMPLES,
        application: Some(app),
        overlay: platform2
            .map(|p| {
                let r = Resolved::new(Slot::First, From::Platform2(p), Some(first.target), &[])?;
                Ok::<_, CliError>(BoathullProcessor {
                    name: format!("{} ({p})", r.name),
                    ..r.processor(args.assume)
                })
            })
            .transpose()?,
        measured: measured.map(super::measured::load).transpose()?,
    };
    boathull::build(view, &input)
        .map_err(|e| CliError::usage(format!("--view {}: {e}", view.key())))
}

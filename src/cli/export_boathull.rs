//! `hetscope export --view boathull|boathull-compare|boathull-roofline|boathull-app`:
//! the arguments of the boat hull views and their figure. Processors,
//! applications, `--set` and the assumptions are read as by
//! `eval boathull`.

use clap::Args;

use super::CliError;
use super::eval_boathull::{
    AssumeArg, BoatHullTarget, DEFAULT_BOATHULL_CPU, DEFAULT_BOATHULL_GPU, Resolved, Table1Arg,
    application, parse_class,
};
use crate::figure::boathull::{self, BoathullInput, DEFAULT_F, DEFAULT_F_RANGE, DEFAULT_SAMPLES};
use crate::figure::{ChartFigure, View};

/// Class of the boat hull views when `--class` is not given (Section 4.4).
pub const DEFAULT_CLASS: &str = "2048x2048|element -> 2048x2048|element";
/// Application of the views when `--application` is not given (Table 4).
pub const DEFAULT_APPLICATION: &str = "fast-focus-on-structures";

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
    #[arg(id = "bh_target", long = "target", value_name = "KIND", value_enum)]
    pub target: Option<BoatHullTarget>,
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
    #[arg(id = "bh_f", long = "f", value_name = "F")]
    pub f: Option<f64>,
    /// Low end of the f axis, operations per element [default: 1].
    #[arg(id = "bh_f_min", long = "f-min", value_name = "F")]
    pub f_min: Option<f64>,
    /// High end of the f axis, operations per element [default: 10000].
    #[arg(id = "bh_f_max", long = "f-max", value_name = "F")]
    pub f_max: Option<f64>,
    /// What is assumed about the floors.
    #[arg(id = "bh_assume", long = "assume", value_name = "ASSUMPTION", value_enum, default_value_t = AssumeArg::Default)]
    pub assume: AssumeArg,
    /// How Table 1 is read (as-printed reproduces the paper's Table 5).
    #[arg(id = "bh_table1", long = "table1", value_name = "READING", value_enum, default_value_t = Table1Arg::Derived)]
    pub table1: Table1Arg,
}

/// The figure of a boat hull view. `platform` and `set` are the shared
/// `--platform` (not used here: an error when given) and `--set` (the
/// first processor's values and f).
pub fn figure(
    view: View,
    args: &BoathullExportArgs,
    platform: Option<&str>,
    set: &[String],
) -> Result<ChartFigure, CliError> {
    if let Some(p) = platform {
        return Err(CliError::usage(format!(
            "--platform {p}: the boat hull views use --processor and --processor2, not a platform"
        )));
    }
    let class = parse_class(args.class.as_deref().unwrap_or(DEFAULT_CLASS))?;
    let first = Resolved::new(args.processor.as_deref(), args.target, set)?;
    let default2 = match first.target {
        BoatHullTarget::Gpu => DEFAULT_BOATHULL_CPU,
        BoatHullTarget::Cpu => DEFAULT_BOATHULL_GPU,
    };
    let second = Resolved::new(
        Some(args.processor2.as_deref().unwrap_or(default2)),
        None,
        &args.set2,
    )
    .map_err(|e| CliError {
        message: for_second(&e.message),
        code: e.code,
    })?;
    if second.f.is_some() {
        return Err(CliError::usage(
            "--set2 f: the operator complexity is shared; give it with --f",
        ));
    }
    let f = args.f.or(first.f).unwrap_or(DEFAULT_F);
    let app_key = args.application.as_deref().unwrap_or(DEFAULT_APPLICATION);
    let (_, app) = application(app_key)?;
    let input = BoathullInput {
        class,
        processor: first.processor(args.assume),
        partner: second.processor(args.assume),
        options: args.table1.options(),
        f,
        f_min: args.f_min.unwrap_or(DEFAULT_F_RANGE.0),
        f_max: args.f_max.unwrap_or(DEFAULT_F_RANGE.1),
        samples: DEFAULT_SAMPLES,
        application: Some(app),
    };
    boathull::build(view, &input)
        .map_err(|e| CliError::usage(format!("--view {}: {e}", view.key())))
}

/// A message about the first processor's arguments, reworded for
/// `--processor2` and `--set2`.
fn for_second(message: &str) -> String {
    message
        .replace("--processor", "--processor2")
        .replace("--set ", "--set2 ")
        .replace("for --target gpu", "for a GPU")
        .replace("for --target cpu", "for a CPU")
        .replace("applies to --target gpu", "applies to a GPU")
        .replace("applies to --target cpu", "applies to a CPU")
}

//! The boat hull options, declared once: `eval boathull` and `export
//! --view boathull*` both take them (with the shared `--platform`,
//! `--set` and `--measured`).

use std::path::PathBuf;

use clap::Args;

use crate::cli::arg_enum::parser;
use hetscope_core::boathull::options::BoathullChoices;
use hetscope_model::boathull::{AssumptionSet, BoathullParam, Table1Reading};
use hetscope_model::perdome::Side;

/// The boat hull model's options.
#[derive(Debug, Clone, Default, Args)]
pub struct BoathullOptions {
    /// Class of the primitive, e.g. '2048x2048|element -> 2048x2048|element'
    /// (the class names of the boat hull paper's Tables 1 and 4). eval:
    /// give this or --application; export [default: that class].
    #[arg(
        id = "bh_class",
        long = "class",
        value_name = "CLASS",
        allow_hyphen_values = true
    )]
    pub class: Option<String>,
    /// Application preset (id or name, see `presets list --all`) or an
    /// application .ron file: eval: its kernel range, transfers and total;
    /// export: boathull-app and the points of boathull-roofline [default:
    /// fast-focus-on-structures].
    #[arg(id = "bh_application", long = "application", value_name = "NAME|FILE")]
    pub application: Option<String>,
    /// Kind of the first processor [default: the kind of --processor, else gpu].
    #[arg(id = "bh_target", long = "target", value_name = "KIND", value_parser = parser::<Side>())]
    pub target: Option<Side>,
    /// First processor: preset (id or name) or .ron file with boat hull
    /// parameters [default: gtx470, or i7-930 for --target cpu]. `--set`
    /// changes its values. Not with --platform.
    #[arg(id = "bh_processor", long = "processor", value_name = "NAME|FILE")]
    pub processor: Option<String>,
    /// export: second processor, of either kind, for boathull-compare,
    /// boathull-roofline and boathull-app [default: i7-930 against a GPU,
    /// gtx470 against a CPU].
    #[arg(id = "bh_processor2", long = "processor2", value_name = "NAME|FILE")]
    pub processor2: Option<String>,
    /// export: override a value of the second processor (names as for
    /// --set). Repeatable.
    #[arg(
        id = "bh_set2",
        long = "set2",
        value_name = "NAME=VALUE",
        allow_hyphen_values = true
    )]
    pub set2: Vec<String>,
    /// Chosen operator complexity f, operations per element [default: 1
    /// for eval, 10 for export; also --set f=VALUE].
    #[arg(id = "bh_f", long = "f", value_name = "F", value_parser = parse_f, allow_hyphen_values = true)]
    pub f: Option<f64>,
    /// export: low end of the f axis, operations per element [default: 1].
    #[arg(id = "bh_f_min", long = "f-min", value_name = "F", value_parser = parse_f, allow_hyphen_values = true)]
    pub f_min: Option<f64>,
    /// export: high end of the f axis, operations per element [default: 10000].
    #[arg(id = "bh_f_max", long = "f-max", value_name = "F", value_parser = parse_f, allow_hyphen_values = true)]
    pub f_max: Option<f64>,
    /// What is assumed about the floors (the kernel range).
    #[arg(id = "bh_assume", long = "assume", value_name = "ASSUMPTION", value_parser = parser::<AssumptionSet>(), default_value = "default")]
    pub assume: AssumptionSet,
    /// How Table 1 is read (as-printed reproduces the paper's Table 5).
    #[arg(id = "bh_table1", long = "table1", value_name = "READING", value_parser = parser::<Table1Reading>(), default_value = "derived")]
    pub table1: Table1Reading,
}

impl BoathullOptions {
    /// The options given (a value equal to its default counts as not
    /// given), for the message that refuses them with another view.
    pub fn given(&self) -> Vec<&'static str> {
        [
            (self.class.is_some(), "--class"),
            (self.target.is_some(), "--target"),
            (self.processor.is_some(), "--processor"),
            (self.processor2.is_some(), "--processor2"),
            (!self.set2.is_empty(), "--set2"),
            (self.application.is_some(), "--application"),
            (self.f.is_some(), "--f"),
            (self.f_min.is_some(), "--f-min"),
            (self.f_max.is_some(), "--f-max"),
            (self.assume != AssumptionSet::default(), "--assume"),
            (self.table1 != Table1Reading::default(), "--table1"),
        ]
        .into_iter()
        .filter_map(|(given, name)| given.then_some(name))
        .collect()
    }

    /// The core's choices of these options.
    pub fn choices(&self) -> BoathullChoices {
        BoathullChoices {
            class: self.class.clone(),
            application: self.application.clone(),
            target: self.target,
            processor: self.processor.clone(),
            processor2: self.processor2.clone(),
            set2: self.set2.clone(),
            f: self.f,
            f_min: self.f_min,
            f_max: self.f_max,
            assume: self.assume,
            table1: self.table1,
        }
    }

    /// The options only `export` uses, given to `eval`.
    pub fn export_only(&self) -> Option<&'static str> {
        [
            (self.processor2.is_some(), "--processor2"),
            (!self.set2.is_empty(), "--set2"),
            (self.f_min.is_some(), "--f-min"),
            (self.f_max.is_some(), "--f-max"),
        ]
        .into_iter()
        .find_map(|(given, name)| given.then_some(name))
    }
}

/// The arguments of `eval boathull`: the model's options with the
/// platform, `--set` and a measured curve.
#[derive(Debug, Clone, Args)]
pub struct BoathullEvalArgs {
    #[command(flatten)]
    pub options: BoathullOptions,
    /// Platform (id or .ron file, `presets list` kind platform): its CPU or
    /// GPU (by --target, default gpu), from its paper's processor preset
    /// or derived from its hardware. Not with --processor.
    #[arg(long, value_name = "NAME|FILE")]
    pub platform: Option<String>,
    /// Override a value: P_compute (GFLOP/s); gpu: P_coalesced,
    /// P_uncoalesced, B_bus (GB/s); cpu: P_memory (GB/s), N_threads,
    /// W_vector (bits); f, the operator complexity (operations per element,
    /// default 1; not with --application). Repeatable.
    #[arg(long = "set", value_name = "NAME=VALUE", allow_hyphen_values = true)]
    pub set: Vec<String>,
    /// CSV file of measured times (columns f, time_s, processor; optional
    /// class, variant, kind): adds per measured point of the class the
    /// model's time and the relative error, and the median and largest
    /// error per processor (with --class).
    #[arg(long, value_name = "FILE")]
    pub measured: Option<PathBuf>,
}

/// An operator complexity in its range ([`BoathullParam::F`]).
fn parse_f(s: &str) -> Result<f64, String> {
    let v = s.trim().parse::<f64>().unwrap_or(f64::NAN);
    BoathullParam::F
        .check(v)
        .map_err(|e| format!("'{s}': {e}"))?;
    Ok(v)
}

//! `hetscope eval overview` and `export --view overview`: every model's
//! verdict on one platform (and a second beside it) as JSON or a figure,
//! from the core's overview scenario that the arguments build.

use clap::Args;
use serde_json::Value;

use super::refusal::named_error;
use super::{CliError, catalog, preset_error};
use hetscope_core::named::{Named, session_of};
use hetscope_core::overview::{DEFAULT_FPM_N, Overview};
use hetscope_core::{CoreError, Model, Session, registry};
use hetscope_figure::{Figure, View};

/// The overview's options, declared once: `eval overview` and `export`
/// both take them.
#[derive(Debug, Clone, Default, Args)]
pub struct OverviewViewOptions {
    /// A second platform beside --platform (id or name, or a .ron file);
    /// export: every view that draws a second platform takes it.
    #[arg(long, value_name = "NAME|FILE")]
    pub platform2: Option<String>,
    /// Regroup the first platform (PeaPaw 3.3): CPU sockets counted.
    #[arg(long, value_name = "N")]
    pub cpus: Option<u32>,
    /// Regroup the first platform: GPUs counted (one kind of GPU).
    #[arg(long, value_name = "N")]
    pub gpus: Option<u32>,
}

impl OverviewViewOptions {
    /// The options given that only the overview takes (the second
    /// platform is every comparing view's).
    pub fn given(&self) -> Vec<&'static str> {
        [
            (self.cpus.is_some(), "--cpus"),
            (self.gpus.is_some(), "--gpus"),
        ]
        .into_iter()
        .filter_map(|(given, name)| given.then_some(name))
        .collect()
    }
}

/// The arguments of `eval overview`: the overview's options with the
/// platform, the workload and the FPM problem size.
#[derive(Debug, Clone, Args)]
pub struct OverviewArgs {
    /// Platform (id or name, `presets list` kind platform, or a .ron file).
    #[arg(long, value_name = "NAME|FILE")]
    pub platform: String,
    /// PerDome/PeaPaw workload (id or name, or a .ron file).
    #[arg(long, value_name = "NAME|FILE", default_value = hetscope_preset::defaults::WORKLOAD)]
    pub workload: String,
    /// FPM problem size, blocks of 640 x 640 (default: the FPM paper's
    /// 60 x 60 blocks).
    #[arg(long, value_parser = super::fpm::parse_n, allow_hyphen_values = true, value_name = "N", default_value_t = DEFAULT_FPM_N)]
    pub n: f64,
    #[command(flatten)]
    pub options: OverviewViewOptions,
}

/// The session of the overview's arguments, made by the core as every
/// face makes one, checked: n is whole, a regrouping is one the first
/// platform allows.
fn overview_session(
    (platform, platform2): (&str, Option<&str>),
    (workload, n): (&str, f64),
    (cpus, gpus): (Option<u32>, Option<u32>),
) -> Result<Session, CliError> {
    if !(n.is_finite() && n >= 1.0 && n.fract() == 0.0) {
        return Err(CliError::usage(format!(
            "--n {n}: the FPM problem size must be a whole number of blocks, at least 1"
        )));
    }
    let cat = catalog()?;
    let named = Named {
        platform: Some(platform.to_string()),
        platform2: platform2.map(str::to_string),
        workload: Some(workload.to_string()),
        ..Named::default()
    };
    let (mut s, _) = session_of(&named, cat, |_| Ok(())).map_err(named_error)?;
    // Regrouping applies to the first platform only; a count it does not
    // have is a usage error.
    if cpus.is_some() || gpus.is_some() {
        hetscope_preset::platform::platform_choice(platform, cat)
            .map_err(|e| preset_error("platform", e))?
            .regrouped(cpus, gpus)
            .map_err(|e| CliError::usage(format!("--cpus/--gpus: {e}")))?;
    }
    let o = &mut s.overview;
    (o.fpm_n, o.cpus, o.gpus) = (n, cpus, gpus);
    Ok(s)
}

/// A refusal of the core as the command line words it: a preset that
/// cannot be read names `--platform`.
fn core_error(e: CoreError) -> CliError {
    match e {
        CoreError::Preset(p) => preset_error("platform", p),
        e => CliError::usage(e.to_string()),
    }
}

/// Run `eval overview`.
pub fn run(args: &OverviewArgs) -> Result<Value, CliError> {
    let o = &args.options;
    let s = overview_session(
        (&args.platform, o.platform2.as_deref()),
        (&args.workload, args.n),
        (o.cpus, o.gpus),
    )?;
    Overview::eval(&s.overview, &(), catalog()?).map_err(core_error)
}

/// The figure of `export --view overview`, `validation` (against the
/// `measured` files) or `sensitivity` (its choices in `sensitivity`).
pub fn figure(
    view: View,
    (platform, measured): (Option<&str>, &[std::path::PathBuf]),
    options: &OverviewViewOptions,
    workload: &str,
    sensitivity: &super::sensitivity::SensitivityViewOptions,
) -> Result<Figure, CliError> {
    let platform = platform.unwrap_or(hetscope_preset::defaults::PLATFORM);
    let counts = (options.cpus, options.gpus);
    let platform2 = options.platform2.as_deref();
    let mut s = overview_session((platform, platform2), (workload, DEFAULT_FPM_N), counts)?;
    s.overview.sensitivity = sensitivity.choice();
    s.overview.measured = measured.iter().map(|p| p.display().to_string()).collect();
    let cat = catalog()?;
    if view == View::Sensitivity
        && let Some(asked) = &sensitivity.result
    {
        let input = Overview::input_for_view(view, &s.overview, cat).map_err(core_error)?;
        if let Some(drawn) = &input.sensitivity
            && &drawn.key != asked
        {
            return Err(CliError::usage(format!(
                "--result {asked}: not a result of platform '{}' (`hetscope eval sensitivity --platform {platform} --no-flips` lists its results)",
                drawn.platform
            )));
        }
    }
    registry::figure(view, &s, cat).map_err(core_error)
}

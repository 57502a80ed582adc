//! Session files on the command line: `hetscope session` writes one from
//! the scenario options (through the core: every model takes the
//! platforms, the values set by name go to their models), `hetscope
//! FILE` checks one before the window opens it, and `export --session`
//! draws a view of one as the window draws it.

use std::path::{Path, PathBuf};

use clap::Args;

use super::refusal::named_error;
use super::{CliError, ExportArgs, catalog, output, parse_view};
use hetscope_core::boathull::options::EXPORT_F;
use hetscope_core::fpm::options::FpmUse;
use hetscope_core::named::{Named, session_of};
use hetscope_core::registry;
use hetscope_core::session::Tab;
use hetscope_core::session_file::{Opened, open_session, session_to_text};
use hetscope_core::{CoreError, Session};
use hetscope_figure::{Camera, View};

/// The arguments of `hetscope session`.
#[derive(Debug, Args)]
pub struct SessionArgs {
    /// Platform preset (id or name) or a platform .ron file, for every
    /// model [default: each model's own presets].
    #[arg(long, value_name = "NAME|FILE")]
    pub platform: Option<String>,
    /// PerDome / PeaPaw workload preset (id or name) or a workload .ron
    /// file [default: perdome-sa].
    #[arg(long, value_name = "NAME|FILE")]
    pub workload: Option<String>,
    /// Set a parameter (repeatable), each to its model: PerDome / PeaPaw
    /// t_fC t_bC e_fC e_bC p_sC t_fG t_bG e_fG e_bG p_sG, I, I_C with
    /// I_G; boat hull (its first processor) P_compute P_coalesced
    /// P_uncoalesced B_bus P_memory N_threads W_vector and f; offload
    /// platform threads, bus_gbs, mem_ld, ... (as `eval offload --set`).
    #[arg(long = "set", value_name = "NAME=VALUE", allow_hyphen_values = true)]
    pub set: Vec<String>,
    /// A code segment of the workload, NAME:FLOPS:BYTES:cpu|gpu
    /// (repeatable): the segments give PerDome's I, I_C and I_G.
    #[arg(long = "segment", value_name = "NAME:FLOPS:BYTES:cpu|gpu")]
    pub segments: Vec<String>,
    /// Measured data (repeatable), its kind told by its content: boat
    /// hull measured times, energy runs or offload measured speedups.
    #[arg(long, value_name = "FILE")]
    pub measured: Vec<PathBuf>,
    /// The view the window opens on [default: overview].
    #[arg(long, value_parser = parse_view, value_name = "VIEW")]
    pub view: Option<View>,
    #[command(flatten, next_help_heading = "Overview")]
    pub overview: super::overview::OverviewViewOptions,
    #[command(flatten, next_help_heading = "Boat hull")]
    pub boathull: super::BoathullOptions,
    #[command(flatten, next_help_heading = "FPM")]
    pub fpm: super::fpm::FpmOptions,
    #[command(flatten, next_help_heading = "Offload")]
    pub offload: super::offload::OffloadOptions,
    #[command(flatten, next_help_heading = "Sensitivity view")]
    pub sensitivity: super::sensitivity::SensitivityViewOptions,
    #[command(flatten)]
    pub look: super::Look,
    /// The session file to write (RON); `-` writes it to standard output.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

/// `hetscope session`: the session built and written; the lines to print
/// (to standard error where the session itself goes to standard output).
pub fn run(args: &SessionArgs) -> Result<String, CliError> {
    let (session, notes) = build(args)?;
    let text = session_to_text(&session).map_err(|e| CliError::failure(e.to_string()))?;
    let mut out = output::write("--out", &args.out, text.as_bytes())?;
    for n in notes {
        if output::is_stdout(&args.out) {
            eprintln!("hetscope: note: {n}");
        } else {
            out.push_str(&format!("note: {n}\n"));
        }
    }
    Ok(out)
}

/// The session of the arguments (through the core, as every face makes
/// one: each model's options applied as `export --view` applies them to
/// its views), and notes on the models that keep their own presets (a
/// platform that gives them nothing).
pub fn build(args: &SessionArgs) -> Result<(Session, Vec<String>), CliError> {
    let cat = catalog()?;
    let segments = super::perdome::params::segments_with(&args.segments, &args.set)?;
    let platforms = (args.platform.as_deref(), args.overview.platform2.as_deref());
    let (shared, own) = super::offload::split_platforms(platforms)?;
    let platform = shared.0.clone();
    let named = Named {
        platform: shared.0,
        platform2: shared.1,
        workload: args.workload.clone(),
        sets: args.set.clone(),
        measured: args.measured.clone(),
    };
    let own_offload = own.0.is_some() || own.1.is_some();
    let (mut s, kept) = session_of(&named, cat, |s| {
        if !args.boathull.given().is_empty() {
            let c = args.boathull.choices();
            s.boathull
                .apply_choices(&c, platform.as_deref(), EXPORT_F, cat)?;
        }
        if !args.fpm.given().is_empty() {
            let c = args.fpm.choices();
            s.fpm
                .apply_choices(&c, platform.is_some(), FpmUse::Figure, cat)?;
        }
        if !args.offload.given().is_empty() || own_offload {
            s.offload.apply_choices(&args.offload.choices(own), cat)?;
        }
        Ok(())
    })
    .map_err(named_error)?;
    let notes = kept
        .into_iter()
        .map(|(option, id, e)| format!("{option}: {} keeps its own presets: {e}", id.title()))
        .collect();
    s.perdome.workload.segments = segments;
    overview_options(args, &mut s)?;
    s.tab = Tab::Figure(args.view.unwrap_or(View::Overview));
    s.perdome.camera = super::export::camera_of(args.look.yaw, args.look.pitch, args.look.zoom)?;
    s.perdome.colors.log = args.look.log_colors;
    s.perdome.colors.own = args.look.own_ranges;
    s.perdome.log_bars = args.look.log_bars;
    Ok((s, notes))
}

/// The overview's own options on the session: the regrouping of the
/// first platform (checked against it) and the sensitivity view's
/// choices.
fn overview_options(args: &SessionArgs, s: &mut Session) -> Result<(), CliError> {
    let (cpus, gpus) = (args.overview.cpus, args.overview.gpus);
    if cpus.is_some() || gpus.is_some() {
        let platform = args.platform.as_deref().ok_or_else(|| {
            CliError::usage("--cpus/--gpus: regroup a platform named with --platform")
        })?;
        hetscope_preset::platform::platform_choice(platform, catalog()?)
            .map_err(|e| super::preset_error("platform", e))?
            .regrouped(cpus, gpus)
            .map_err(|e| CliError::usage(format!("--cpus/--gpus: {e}")))?;
        (s.overview.cpus, s.overview.gpus) = (cpus, gpus);
    }
    if !args.sensitivity.given().is_empty() {
        s.overview.sensitivity = args.sensitivity.choice();
    }
    Ok(())
}

/// `hetscope FILE`: `Ok` when FILE is a session file the window can open,
/// after every check `export --session` makes: the file read and every
/// value and measured file checked (`open_session`), then the figure of
/// its page drawn. A page whose figure cannot be drawn (a class with a
/// typo, saved so) still opens, with a note: the window shows why under
/// the figure, where it can be mended. A missing file is a failure (exit
/// code 1), unless it is a bare word, which is taken for a misspelt
/// subcommand (a usage error, exit code 2).
pub fn check_file(path: &Path) -> Result<(), CliError> {
    let missing = std::fs::symlink_metadata(path).is_err();
    let word = path.extension().is_none() && path.components().count() == 1;
    if missing {
        let name = path.display();
        return Err(if word {
            CliError::usage(format!(
                "unknown subcommand '{name}', nor a session file of that name (hetscope --help lists the subcommands)"
            ))
        } else {
            CliError::failure(format!(
                "{name}: no such file (hetscope FILE opens a session file in the window)"
            ))
        });
    }
    let opened = open_session(path).map_err(|e| CliError::failure(e.to_string()))?;
    if let Some(view) = opened.session.tab.view()
        && let Err(e) = registry::figure(view, &opened.session, catalog()?)
    {
        eprintln!(
            "hetscope: note: {}: its page ({}) cannot be drawn yet: {e}",
            path.display(),
            view.title()
        );
    }
    Ok(())
}

/// The measured files the session `opened` (the file `path`) was read
/// with, as inputs of the command.
fn read_by_path(opened: &Opened, path: &Path, files: &mut output::Files) {
    for read in &opened.read {
        files.add_read(
            format!("{} (named by --session {})", read.display(), path.display()),
            read,
        );
    }
}

/// The options of `export` that build a scenario, given with --session.
fn scenario_options(args: &ExportArgs) -> Vec<&'static str> {
    let camera = Camera::default();
    let sc = &args.scenario;
    let mut v: Vec<&'static str> = [
        (sc.platform.is_some(), "--platform"),
        (
            sc.workload != hetscope_preset::defaults::WORKLOAD,
            "--workload",
        ),
        (!sc.set.is_empty(), "--set"),
        (!sc.segments.is_empty(), "--segment"),
        (args.overview.platform2.is_some(), "--platform2"),
        (!args.measured.is_empty(), "--measured"),
        (args.look.yaw != camera.yaw_deg, "--yaw"),
        (args.look.pitch != camera.pitch_deg, "--pitch"),
        (args.look.zoom != camera.zoom, "--zoom"),
        (args.look.log_bars, "--log-bars"),
        (args.look.log_colors, "--log-colors"),
        (args.look.own_ranges, "--own-ranges"),
    ]
    .into_iter()
    .filter_map(|(given, name)| given.then_some(name))
    .collect();
    v.extend(args.overview.given());
    v.extend(args.boathull.given());
    v.extend(args.fpm.given());
    v.extend(args.offload.given());
    v.extend(args.energy_fit.given());
    v.extend(args.sensitivity.given());
    v
}

/// `export --session FILE`: the view (`--view`, else the session's page)
/// drawn from the session as the window draws it, with its camera; the
/// line to print. The output is refused where it is a file the session
/// names by path.
pub fn export(
    args: &ExportArgs,
    path: &Path,
    files: &mut output::Files,
) -> Result<String, CliError> {
    let given = scenario_options(args);
    if !given.is_empty() {
        return Err(CliError::usage(format!(
            "--session {}: the session gives the platforms, values and view options; not with {}",
            path.display(),
            given.join(", ")
        )));
    }
    let opened = open_session(path).map_err(|e| CliError::failure(e.to_string()))?;
    read_by_path(&opened, path, files);
    files.check("--out", &args.out)?;
    let s = &opened.session;
    let view = match (args.view, s.tab) {
        (Some(v), _) | (None, Tab::Figure(v)) => v,
        (None, tab) => {
            return Err(CliError::usage(format!(
                "--session {}: its page ({}) has no figure; name a view with --view",
                path.display(),
                tab.title()
            )));
        }
    };
    let failed = |e: CoreError| CliError::usage(format!("--view {}: {e}", view.key()));
    let figure = registry::figure(view, s, catalog()?).map_err(failed)?;
    super::export::write_figure(args, &figure, &registry::camera(view, s))
}

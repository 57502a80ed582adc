//! The headless command line: `presets list`, `eval`, `export`,
//! `session`, and its own completions and manual page. With no subcommand the binary opens the GUI (`hetscope
//! FILE`: with the session file FILE, checked here first).
//!
//! Errors are one line on stderr; the exit code is 2 for usage errors (bad
//! arguments, unknown names, invalid parameter values) and 1 for anything
//! else (unreadable files, failed writes).

pub mod arg_enum;
mod boathull;
mod error;
mod export;
pub mod fpm;
mod install;
mod measure;
mod measure_loops;
mod offload;
mod offload_preset;
pub(crate) mod output;
mod overview;
mod paper_check;
mod perdome;
pub mod platform;
mod probe;
pub(crate) mod refusal;
mod sensitivity;
pub(crate) mod session;
mod starpu;
mod validate;

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
pub use error::CliError;

use hetscope_figure::{Camera, View};
use hetscope_model::format::visible;
use hetscope_preset::Catalog;

pub use boathull::{BoathullEvalArgs, BoathullOptions};
use hetscope_core::paper_check::Paper;
pub(crate) use output::{out, out_json};
pub use perdome::params::ScenarioArgs;
pub use refusal::preset_error;

/// hetscope: PerDome and PeaPaw performance and energy models of CPU+GPU
/// platforms. Without a subcommand, opens the desktop window.
#[derive(Debug, Parser)]
#[command(
    name = "hetscope",
    version = crate::VERSION,
    about,
    long_about = None
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// A session file to open in the window (`hetscope session` writes
    /// one, as the window's Save does).
    #[arg(value_name = "FILE")]
    pub session: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Built-in presets (processors, platforms, workloads).
    #[command(subcommand_required = true)]
    Presets {
        #[command(subcommand)]
        action: PresetsAction,
    },
    /// Evaluate a model and print a JSON object: one workload partition
    /// (perdome, peapaw) or one primitive of a class (boathull).
    #[command(subcommand_required = true)]
    Eval {
        #[command(subcommand)]
        model: EvalCommand,
    },
    /// Export a figure to .svg, .png, .pdf or .csv.
    Export(Box<ExportArgs>),
    /// Functional performance models: measure speed functions, partition.
    #[command(subcommand_required = true)]
    Fpm {
        #[command(subcommand)]
        action: fpm::FpmAction,
    },
    /// Measure this machine and write what the models need.
    #[command(subcommand_required = true)]
    Measure {
        #[command(subcommand)]
        what: measure::MeasureAction,
    },
    /// Every number and category the five papers quote beside hetscope's
    /// value: reproduced, differs (and why) or not computable.
    PaperCheck(paper_check::PaperCheckArgs),
    /// Write a session file (platforms, values, view) for the window
    /// (`hetscope FILE`) or `export --session`.
    Session(Box<session::SessionArgs>),
    /// Every model's predictions on a platform against measured files
    /// (relative errors, decisions right), one table per file, as JSON.
    Validate(validate::ValidateArgs),
    /// Bring measurements made elsewhere: StarPU's performance models as
    /// FPM speed functions.
    #[command(subcommand_required = true)]
    Import {
        #[command(subcommand)]
        what: starpu::ImportAction,
    },
    /// Shell completions (bash, zsh, fish, elvish, powershell), to
    /// standard output.
    Completions(install::CompletionsArgs),
    /// The manual page (roff), to standard output, or with --out-dir a
    /// page per command into a folder.
    Man(install::ManArgs),
}

#[derive(Debug, Subcommand)]
pub enum PresetsAction {
    /// One preset a line: kind, name and path, separated by tabs.
    List {
        /// Also list the boat hull application presets (kind `application`).
        #[arg(long)]
        all: bool,
    },
    /// Turn a measured CSV (columns kernel_k, I, wp, I_C, I_G,
    /// measured_gflops, t_fC_ps, t_bC_ps, t_fG_ps, t_bG_ps) into a platform
    /// preset and one workload preset per kernel with its measurements.
    ImportMeasured(ImportArgs),
    /// Turn the CSV of the GPU probe (probe/gpu/) into a GPU spec sheet
    /// (.ron, as presets/gpus/ holds them, every measured value a field);
    /// with --out-dir and --cpu, also a platform pairing it with a CPU over
    /// the probe's link.
    ImportProbe(probe::ImportProbeArgs),
    /// Write the offload parameters a platform gives (its offload preset,
    /// or those derived from its hardware) as an offload-platform preset,
    /// every value's source in its notes.
    Offload(offload_preset::OffloadPresetArgs),
    /// Write a platform made from another with hardware parameters scaled
    /// (and its copies pinned), named by its changes.
    WhatIf(sensitivity::WhatIfArgs),
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The measured CSV file.
    pub csv: PathBuf,
    /// Id of the platform preset (its file stem); workloads get ID-kK.
    #[arg(long, default_value = "measured-node")]
    pub id: String,
    /// Display name of the platform.
    #[arg(long, default_value = "Measured node")]
    pub name: String,
    /// Presets folder to write into (platforms/ and workloads/ below it).
    #[arg(long, value_name = "DIR")]
    pub out_dir: PathBuf,
    /// Give the imported platform the hardware (spec sheets and link) of
    /// this platform (catalog id or .ron file), so that every model, not
    /// only PerDome/PeaPaw, can use it.
    #[arg(long, value_name = "PLATFORM")]
    pub hardware_of: Option<String>,
}

/// The models `eval` evaluates.
#[derive(Debug, Subcommand)]
pub enum EvalCommand {
    /// Performance bound of one workload partition (PerDome).
    Perdome(ScenarioArgs),
    /// Performance bound, energy efficiency and platform categories (PeaPaw).
    Peapaw(ScenarioArgs),
    /// Times of one primitive from its class on one processor (boat hull).
    Boathull(BoathullEvalArgs),
    /// Partition n units over devices given by speed functions (FPM); the
    /// same as `hetscope fpm eval`.
    Fpm(fpm::FpmEvalArgs),
    /// Offload decision of one OpenMP loop on a CPU+GPU platform: OpenMP
    /// CPU model against Hong & Kim GPU model plus transfers.
    Offload(offload::OffloadEvalArgs),
    /// The Hong & Kim GPU model alone (defaults: their worked example).
    Hongkim(offload::HongKimArgs),
    /// Every model's verdict on one platform (and a second beside it).
    Overview(overview::OverviewArgs),
    /// Energy parameters e_f, e_b, p_s fitted to measured runs (PeaPaw
    /// 6.2), with each run's residual.
    EnergyFit(perdome::energy_fit::EnergyFitOptions),
    /// Which hardware parameter moves each model's headline results: the
    /// elasticity of each to every parameter of the platform's hardware
    /// description, both ways.
    Sensitivity(sensitivity::SensitivityArgs),
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// Figure to export (with --session: the session's page when not
    /// given).
    #[arg(
        long,
        value_parser = parse_view,
        value_name = "VIEW",
        required_unless_present = "session"
    )]
    pub view: Option<View>,
    /// A session file (`hetscope session`, the window's Save): the
    /// figure as the window draws it from the session (its platforms,
    /// values, camera and colour options); not with the options that
    /// build a scenario.
    #[arg(long, value_name = "FILE")]
    pub session: Option<PathBuf>,
    #[command(flatten)]
    pub scenario: ScenarioArgs,
    #[command(flatten, next_help_heading = "Boat hull views")]
    pub boathull: BoathullOptions,
    #[command(flatten, next_help_heading = "FPM views")]
    pub fpm: fpm::FpmOptions,
    #[command(flatten, next_help_heading = "Offload views")]
    pub offload: offload::OffloadOptions,
    #[command(flatten, next_help_heading = "Overview")]
    pub overview: overview::OverviewViewOptions,
    #[command(flatten, next_help_heading = "Energy fit view")]
    pub energy_fit: perdome::energy_fit::EnergyFitOptions,
    #[command(flatten, next_help_heading = "Sensitivity view")]
    pub sensitivity: sensitivity::SensitivityViewOptions,
    /// A CSV of measurements drawn beside the model: for --view boathull
    /// measured times (columns f, time_s, processor; optional class,
    /// variant, kind), for --view offload-suite measured speedups (kernel,
    /// n, threads and speedup, or cpu_s, gpu_kernel_s, h2d_s, d2h_s); for
    /// --view validation any measured file, repeatable.
    #[arg(long, value_name = "FILE", help_heading = "Measured data")]
    pub measured: Vec<PathBuf>,
    /// Image width, px (200 to 8000).
    #[arg(long, default_value_t = 1200)]
    pub width: u32,
    /// Image height, px (200 to 8000).
    #[arg(long, default_value_t = 800)]
    pub height: u32,
    #[command(flatten)]
    pub look: Look,
    /// Output file; the format follows the extension (.svg, .png, .pdf,
    /// .csv) unless --format names it. `-` writes SVG (or CSV) to
    /// standard output.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// The format: svg, png, pdf or csv [default: --out's extension; svg
    /// for `--out -`].
    #[arg(long, value_parser = parse_format, value_name = "FORMAT")]
    pub format: Option<hetscope_export::Format>,
}

pub(crate) fn parse_format(s: &str) -> Result<hetscope_export::Format, String> {
    use hetscope_export::Format;
    [Format::Svg, Format::Png, Format::Pdf, Format::Csv]
        .into_iter()
        .find(|f| f.extension().eq_ignore_ascii_case(s.trim()))
        .ok_or_else(|| format!("unknown format '{s}'; one of: svg, png, pdf, csv"))
}

/// How a view looks: the surface's camera and the colour and axis
/// scales (`export` draws with them, `session` keeps them).
#[derive(Debug, Args)]
pub struct Look {
    /// Surface views: rotation about the vertical axis, degrees.
    #[arg(long, value_parser = parse_finite, allow_hyphen_values = true, default_value_t = Camera::default().yaw_deg)]
    pub yaw: f32,
    /// Surface views: elevation, degrees (0 to 90).
    #[arg(long, value_parser = parse_finite, allow_hyphen_values = true, default_value_t = Camera::default().pitch_deg)]
    pub pitch: f32,
    /// Surface views: zoom factor (0.2 to 8).
    #[arg(long, value_parser = parse_finite, allow_hyphen_values = true, default_value_t = Camera::default().zoom)]
    pub zoom: f32,
    /// wp-compare: value axes in powers of ten (small bars stay visible
    /// beside large ones).
    #[arg(long)]
    pub log_bars: bool,
    /// Heat map and surface views: colours by powers of ten (a range of
    /// several powers of ten keeps its detail).
    #[arg(long)]
    pub log_colors: bool,
    /// Heat map and surface views with --platform2: each platform on its
    /// own colour range (said in its colour bar's title), not one shared.
    #[arg(long)]
    pub own_ranges: bool,
}

pub(crate) fn parse_view(s: &str) -> Result<View, String> {
    View::from_key(s).ok_or_else(|| {
        let keys: Vec<&str> = View::ALL.iter().map(|v| v.key()).collect();
        format!("unknown view '{s}'; one of: {}", keys.join(", "))
    })
}

pub(crate) fn parse_finite(s: &str) -> Result<f32, String> {
    match s.trim().parse::<f32>() {
        Ok(v) if v.is_finite() => Ok(v),
        _ => Err(format!("'{s}' is not a finite number")),
    }
}

/// Run the binary: parse `args`, run the subcommand or open the GUI with
/// `gui`, report errors on one line, and return the exit code.
pub fn main_with<I, T, E>(args: I, gui: fn(Option<PathBuf>) -> Result<(), E>) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
    E: std::fmt::Display,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) => return clap_exit(&e),
    };
    let mut files = output::Files::of_args(&args);
    let result = match (cli.command, cli.session) {
        (Some(cmd), _) => files.check_outputs().and_then(|()| run(cmd, &mut files)),
        (None, Some(path)) => session::check_file(&path)
            .and_then(|()| gui(Some(path)).map_err(|e| CliError::failure(e.to_string()))),
        (None, None) => gui(None).map_err(|e| CliError::failure(e.to_string())),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hetscope: {}", visible(&one_line(&e.message)));
            ExitCode::from(e.code)
        }
    }
}

/// Help and version go to stdout as clap writes them; parse errors become
/// one line on stderr with exit code 2.
fn clap_exit(e: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = e.print();
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            eprintln!(
                "hetscope: a subcommand is missing (see --help of the command, e.g. hetscope presets --help)"
            );
            ExitCode::from(2)
        }
        _ => {
            // The message runs up to the first blank line (then come the
            // usage and tips).
            let text = e.render().to_string();
            let head: Vec<&str> = text
                .trim_start()
                .lines()
                .take_while(|l| !l.trim().is_empty())
                .map(str::trim)
                .collect();
            let joined = head.join(" ");
            let msg = joined.strip_prefix("error: ").unwrap_or(&joined);
            let msg = if msg.is_empty() {
                "invalid arguments"
            } else {
                msg
            };
            eprintln!("hetscope: {} (see hetscope --help)", visible(msg));
            ExitCode::from(2)
        }
    }
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Run one subcommand; `files` are the files its arguments name (its
/// outputs already checked against them).
pub fn run(cmd: Command, files: &mut output::Files) -> Result<(), CliError> {
    match cmd {
        Command::Presets {
            action: PresetsAction::List { all },
        } => out(&presets_list_with(all)?),
        Command::Presets {
            action: PresetsAction::ImportMeasured(args),
        } => {
            for path in import_measured(&args, files)? {
                out(&format!("wrote {}\n", path.display()))?;
            }
            Ok(())
        }
        Command::Presets {
            action: PresetsAction::ImportProbe(args),
        } => out(&probe::import_probe(&args, files)?),
        Command::Presets {
            action: PresetsAction::Offload(args),
        } => out(&offload_preset::write(&args)?),
        Command::Presets {
            action: PresetsAction::WhatIf(args),
        } => out(&sensitivity::what_if(&args)?),
        Command::Eval { model } => {
            let value = match model {
                EvalCommand::Perdome(scenario) => perdome::run(Paper::Perdome, &scenario)?,
                EvalCommand::Peapaw(scenario) => perdome::run(Paper::Peapaw, &scenario)?,
                EvalCommand::Boathull(args) => boathull::run(&args)?,
                EvalCommand::Fpm(args) => fpm::eval(&args)?,
                EvalCommand::Offload(args) => offload::run_offload(&args)?,
                EvalCommand::Hongkim(args) => offload::run_hong_kim(&args)?,
                EvalCommand::Overview(args) => overview::run(&args)?,
                EvalCommand::EnergyFit(args) => perdome::energy_fit::run(&args)?,
                EvalCommand::Sensitivity(args) => sensitivity::run(&args)?,
            };
            out_json(&value)
        }
        Command::Fpm { action } => fpm::run(action),
        Command::Measure { what } => out_json(&measure::run(&what, files)?),
        Command::PaperCheck(args) => out(&paper_check::run(&args)?),
        Command::Export(args) => out(&match &args.session {
            Some(file) => session::export(&args, file, files)?,
            None => export::run(&args)?,
        }),
        Command::Session(args) => out(&session::run(&args)?),
        Command::Validate(args) => validate::run(&args),
        Command::Import {
            what: starpu::ImportAction::Starpu(args),
        } => out(&starpu::run(&args, files)?),
        Command::Completions(args) => out(&install::completions(&args)?),
        Command::Man(args) => out(&install::man(&args, files)?),
    }
}

/// `presets list [--all]`: `kind<TAB>name<TAB>path`, one preset a line;
/// with `all` also the application presets.
pub fn presets_list_with(all: bool) -> Result<String, CliError> {
    let cat = catalog()?;
    let entries = if all {
        cat.all_entries()
    } else {
        cat.entries()
    };
    let mut out = String::new();
    for e in entries {
        let name = one_line(&e.name).replace('\t', " ");
        out.push_str(&format!("{}\t{}\t{}\n", e.kind.key(), name, e.path));
    }
    Ok(out)
}

/// `presets import-measured`: read, convert, write every file atomically
/// (each checked against the inputs first).
fn import_measured(args: &ImportArgs, files: &output::Files) -> Result<Vec<PathBuf>, CliError> {
    let valid_id = !args.id.is_empty()
        && args
            .id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !valid_id {
        return Err(CliError::usage(format!(
            "--id '{}': use letters, digits, '-' and '_' only",
            args.id
        )));
    }
    let text =
        hetscope_preset::read_text(&args.csv).map_err(|e| CliError::failure(e.to_string()))?;
    let origin = args.csv.display().to_string();
    let mut imp =
        hetscope_preset::perdome::import_measured_csv(&text, &origin, &args.id, &args.name)
            .map_err(|e| CliError::usage(e.to_string()))?;
    if let Some(arg) = &args.hardware_of {
        let c = hetscope_preset::platform::platform_choice(arg, catalog()?)
            .map_err(|e| preset_error("hardware-of", e))?;
        imp.platform.hardware = Some(c.preset.hardware.ok_or_else(|| {
            CliError::usage(format!(
                "--hardware-of {arg}: {} gives no hardware",
                c.origin
            ))
        })?);
    }
    for (rel, _) in imp.files(&origin) {
        files.check_in_out_dir(&args.out_dir.join(rel))?;
    }
    imp.write_files(&args.out_dir, &origin)
        .map_err(|e| CliError::failure(e.to_string()))
}

/// The built-in catalog, read once per process (a broken catalog is an
/// internal failure).
pub fn catalog() -> Result<&'static Catalog, CliError> {
    static CATALOG: std::sync::OnceLock<Result<Catalog, String>> = std::sync::OnceLock::new();
    CATALOG
        .get_or_init(|| Catalog::builtin().map_err(|e| e.to_string()))
        .as_ref()
        .map_err(|e| CliError::failure(format!("built-in presets: {e}")))
}

//! `hetscope presets offload --platform P --out FILE.ron`: the offload
//! parameters a platform gives (its paper's offload preset, or those its
//! hardware derives, in the formulation it names) written as an
//! offload-platform preset, every value's source in its notes, so that
//! they can be kept beside others, compared and edited.

use std::path::PathBuf;

use clap::Args;

use crate::cli::{CliError, catalog, platform};
use hetscope_core::offload::BasePlatform;
use hetscope_preset::offload::OffloadPlatformPreset;

#[derive(Debug, Args)]
pub struct OffloadPresetArgs {
    /// The platform (catalog id or name, or a platform file)
    #[arg(long, value_name = "NAME|FILE")]
    pub platform: String,
    /// The preset's name [default: "<the platform's name> (offload)"]
    #[arg(long)]
    pub name: Option<String>,
    /// The offload-platform preset to write (.ron); `-` writes it to
    /// standard output
    #[arg(long, value_name = "FILE.ron")]
    pub out: PathBuf,
}

/// Derive, check and write; the line to print.
pub fn write(args: &OffloadPresetArgs) -> Result<String, CliError> {
    let cat = catalog()?;
    let choice = platform::choice(&args.platform, "--platform")?;
    let base = BasePlatform::of_choice(&choice, cat)
        .map_err(|e| CliError::usage(format!("--platform: {e}")))?;
    let m = base.model;
    let notes: Vec<String> = base
        .sources
        .iter()
        .map(|(field, source)| format!("{field}: {source}"))
        .collect();
    let preset = OffloadPlatformPreset {
        name: args
            .name
            .clone()
            .unwrap_or_else(|| format!("{} (offload)", base.name)),
        source: format!(
            "the offload parameters of the platform {} (`hetscope presets offload`); each value's source in the notes",
            base.name
        ),
        cpu: m.cpu,
        gpu: m.gpu,
        bus: m.bus,
        runtime: m.runtime,
        formulation: m.formulation,
        memory: m.memory,
        caches: m.caches,
        notes: format!("Sources of the values. {}.", notes.join("; ")),
    };
    let out = args.out.display().to_string();
    preset
        .check(&out)
        .map_err(|e| CliError::failure(e.to_string()))?;
    super::output::write_ron("--out", &args.out, &preset)
}

//! `--platform`, `--workload`, `--set NAME=VALUE` and `--segment`: the
//! PerDome / PeaPaw options, and the session they make through the core.

use clap::Args;

use crate::cli::refusal::named_error;
use crate::cli::{CliError, catalog};
use hetscope_core::Session;
use hetscope_core::named::{Named, refused_for, session_of};
use hetscope_core::session_set::{self, SET_PARTITION};
use hetscope_model::ModelId;
use hetscope_model::perdome::{Segment, Side, intensities};
use hetscope_preset::defaults;

/// The arguments that choose and adjust a scenario.
#[derive(Debug, Clone, Args)]
pub struct ScenarioArgs {
    /// Platform preset (id or name) or a platform .ron file [default:
    /// i7-gtx750-perdome; offload views: an offload platform, see
    /// `presets list --all`].
    #[arg(long, value_name = "NAME|FILE")]
    pub platform: Option<String>,
    /// Workload preset (id or name) or a workload .ron file.
    #[arg(long, value_name = "NAME|FILE", default_value = hetscope_preset::defaults::WORKLOAD)]
    pub workload: String,
    /// Override a parameter: t_fC t_bC e_fC e_bC p_sC t_fG t_bG e_fG e_bG
    /// p_sG (ps, pJ, W) or I I_C I_G (flop/byte). Repeatable.
    #[arg(long = "set", value_name = "NAME=VALUE", allow_hyphen_values = true)]
    pub set: Vec<String>,
    /// A code segment of the workload, NAME:FLOPS:BYTES:cpu|gpu
    /// (repeatable): the segments give I, I_C and I_G (PeaPaw's workflow,
    /// stage iii) in place of --set I, I_C and I_G.
    #[arg(long = "segment", value_name = "NAME:FLOPS:BYTES:cpu|gpu")]
    pub segments: Vec<String>,
}

/// The segments of `--segment` items.
pub fn parse_segments(items: &[String]) -> Result<Vec<Segment>, CliError> {
    items
        .iter()
        .map(|item| {
            let bad = |why: &str| CliError::usage(format!("--segment {item}: {why}"));
            let parts: Vec<&str> = item.split(':').map(str::trim).collect();
            let [name, flops, bytes, on] = parts[..] else {
                return Err(bad(
                    "expected NAME:FLOPS:BYTES:cpu|gpu, e.g. --segment solve:2e10:1e10:gpu",
                ));
            };
            let number = |what: &str, text: &str| {
                text.parse::<f64>()
                    .map_err(|_| bad(&format!("{what} '{text}' is not a number")))
            };
            let on = match on.to_ascii_lowercase().as_str() {
                "cpu" => Side::Cpu,
                "gpu" => Side::Gpu,
                other => return Err(bad(&format!("'{other}' is neither cpu nor gpu"))),
            };
            Ok(Segment {
                name: name.to_string(),
                flops: number("flops", flops)?,
                bytes: number("bytes", bytes)?,
                on,
            })
        })
        .collect()
}

/// The session of the PerDome / PeaPaw options, made by the core as
/// every face makes one (`hetscope_core::named`), with `platform2` beside
/// it; and the partition (I_C, I_G) that `--set I_C --set I_G` gave. The
/// code segments of `--segment`, where given, are the workload's: its I
/// and partition follow from them.
pub fn perdome_session(
    args: &ScenarioArgs,
    platform2: Option<&str>,
) -> Result<(Session, Option<(f64, f64)>), CliError> {
    session_set::check_names_for(ModelId::Perdome, &args.set)
        .map_err(|e| CliError::usage(format!("--set {e}")))?;
    let segments = segments_with(&args.segments, &args.set)?;
    let named = Named {
        platform: Some(
            args.platform
                .as_deref()
                .unwrap_or(defaults::PLATFORM)
                .to_string(),
        ),
        platform2: platform2.map(str::to_string),
        workload: Some(args.workload.clone()),
        sets: args.set.clone(),
        measured: Vec::new(),
    };
    let (mut s, kept) = session_of(&named, catalog()?, |_| Ok(())).map_err(named_error)?;
    refused_for(kept, &[ModelId::Perdome]).map_err(named_error)?;
    s.perdome.workload.segments = segments;
    let point = s
        .perdome
        .workload
        .preset
        .partitions
        .iter()
        .find(|p| p.name == SET_PARTITION)
        .map(|p| (p.i_c, p.i_g));
    Ok((s, point))
}

/// The `--segment` items, refused beside `--set` of the intensities they
/// give.
pub(crate) fn segments_with(items: &[String], set: &[String]) -> Result<Vec<Segment>, CliError> {
    let segments = segments_of(items)?;
    let intensity = |item: &String| matches!(name_of(item), "I" | "I_C" | "I_G");
    if !segments.is_empty() && set.iter().any(intensity) {
        return Err(CliError::usage(
            "--segment gives I, I_C and I_G: not with --set I, I_C or I_G",
        ));
    }
    Ok(segments)
}

/// The name of a `NAME=VALUE` item.
fn name_of(item: &str) -> &str {
    item.split_once('=').map_or(item, |(n, _)| n).trim()
}

/// The `--segment` items, their intensities checked.
fn segments_of(items: &[String]) -> Result<Vec<Segment>, CliError> {
    if items.is_empty() {
        return Ok(Vec::new());
    }
    let segments = parse_segments(items)?;
    let bad = |e: &dyn std::fmt::Display| CliError::usage(format!("--segment: {e}"));
    let counted = intensities(&segments).map_err(|e| bad(&e))?;
    // The intensities the counts give lie in their ranges.
    counted.wp.check_values().map_err(|e| bad(&e))?;
    Ok(segments)
}

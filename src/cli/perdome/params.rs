//! `--platform`, `--workload` and `--set NAME=VALUE`: from arguments to a
//! checked scenario.

use clap::Args;
use hetscope_model::platform::Source;

use crate::cli::{CliError, catalog, preset_error};
use hetscope_core::perdome::PerdomeScenario;
use hetscope_model::perdome::NoSuchPartition;
use hetscope_model::perdome::partition::check_intensity;
use hetscope_model::perdome::{Counted, Param, Segment, Side, intensities};
use hetscope_preset::defaults;
use hetscope_preset::perdome::PartitionPreset;

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

/// Parameter values given with `--set`, each already checked.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Overrides {
    pub machine: Vec<(Side, Param, f64)>,
    /// Workload intensity, flop/byte.
    pub i: Option<f64>,
    pub i_c: Option<f64>,
    pub i_g: Option<f64>,
}

/// Every name `--set` accepts.
pub fn known_names() -> Vec<String> {
    let mut v = Vec::new();
    for side in [Side::Cpu, Side::Gpu] {
        for p in Param::ALL {
            v.push(p.full_symbol(side));
        }
    }
    v.extend(["I", "I_C", "I_G"].map(String::from));
    v
}

impl Overrides {
    /// Parse and check `NAME=VALUE` items; the last value of a name wins.
    pub fn parse(items: &[String]) -> Result<Overrides, CliError> {
        let mut o = Overrides::default();
        for item in items {
            let Some((name, value)) = item.split_once('=') else {
                return Err(CliError::usage(format!(
                    "--set {item}: expected NAME=VALUE, e.g. --set t_fC=73.5"
                )));
            };
            let name = name.trim();
            let text = value.trim();
            let known = || {
                CliError::usage(format!(
                    "--set {item}: unknown parameter '{name}'; known: {}",
                    known_names().join(" ")
                ))
            };
            let v: f64 = text.parse().map_err(|_| {
                if is_known(name) {
                    CliError::usage(format!(
                        "--set {item}: value of {name} '{text}' is not a number"
                    ))
                } else {
                    known()
                }
            })?;
            match name {
                "I" | "I_C" | "I_G" => {
                    let label = match name {
                        "I" => "I",
                        "I_C" => "I_C",
                        _ => "I_G",
                    };
                    check_intensity(label, v, name != "I")
                        .map_err(|e| CliError::usage(format!("--set {item}: {e}")))?;
                    match name {
                        "I" => o.i = Some(v),
                        "I_C" => o.i_c = Some(v),
                        _ => o.i_g = Some(v),
                    }
                }
                _ => {
                    let (side, param) = Param::parse_full(name).ok_or_else(known)?;
                    param
                        .check(side, v)
                        .map_err(|e| CliError::usage(format!("--set {item}: {e}")))?;
                    o.machine.retain(|(s, p, _)| !(*s == side && *p == param));
                    o.machine.push((side, param, v));
                }
            }
        }
        if o.i_c.is_some() != o.i_g.is_some() {
            return Err(CliError::usage(
                "--set I_C and --set I_G go together: give both (or neither, for p-DP at I)",
            ));
        }
        if o.i_c == Some(0.0) && o.i_g == Some(0.0) {
            return Err(CliError::usage(format!(
                "--set I_C=0 --set I_G=0: {}",
                NoSuchPartition::NoFlops
            )));
        }
        Ok(o)
    }

    /// The workload partition (I_C, I_G) given, if any.
    pub fn point(&self) -> Option<(f64, f64)> {
        Some((self.i_c?, self.i_g?))
    }

    /// Apply the machine parameters (their sources become `edited`) and
    /// I to a scenario.
    pub fn apply(&self, s: &mut PerdomeScenario) {
        let p = &mut s.platform;
        for (side, param, v) in &self.machine {
            p.params.side_mut(*side).set(*param, *v);
            let name = format!("{}{}", param.symbol(), side.suffix());
            for (k, source) in p.sources.iter_mut() {
                if *k == name {
                    *source = Source::Edited;
                }
            }
        }
        if let Some(i) = self.i {
            s.workload.preset.intensity = i;
        }
    }
}

fn is_known(name: &str) -> bool {
    matches!(name, "I" | "I_C" | "I_G") || Param::parse_full(name).is_some()
}

/// The checked scenario of the arguments with the overrides `--set`
/// gave (the code segments' I, I_C and I_G among them).
pub struct Loaded {
    pub scenario: PerdomeScenario,
    pub overrides: Overrides,
    /// The code segments of `--segment`, when the partition comes from
    /// them.
    pub segments: Vec<Segment>,
}

impl ScenarioArgs {
    /// Resolve the presets, then apply `--set`.
    pub fn load(&self) -> Result<Loaded, CliError> {
        let mut overrides = Overrides::parse(&self.set)?;
        let (segments, counted) = self.counted()?;
        if let Some(c) = &counted {
            if overrides.i.is_some() || overrides.i_c.is_some() {
                return Err(CliError::usage(
                    "--segment gives I, I_C and I_G: not with --set I, I_C or I_G",
                ));
            }
            (overrides.i, overrides.i_c, overrides.i_g) =
                (Some(c.wp.i), Some(c.wp.i_c), Some(c.wp.i_g));
        }
        let cat = catalog()?;
        let platform = hetscope_preset::perdome::platform_arg(
            self.platform.as_deref().unwrap_or(defaults::PLATFORM),
            cat,
        )
        .map_err(|e| preset_error("platform", e))?;
        let (workload_id, workload) = hetscope_preset::perdome::workload_arg(&self.workload, cat)
            .map_err(|e| preset_error("workload", e))?;
        let mut scenario = PerdomeScenario::of(platform, (&workload_id, &workload));
        overrides.apply(&mut scenario);
        Ok(Loaded {
            scenario,
            overrides,
            segments,
        })
    }

    /// The `--segment` items and their partition, if any.
    fn counted(&self) -> Result<(Vec<Segment>, Option<Counted>), CliError> {
        if self.segments.is_empty() {
            return Ok((Vec::new(), None));
        }
        let segments = parse_segments(&self.segments)?;
        let bad = |e: &dyn std::fmt::Display| CliError::usage(format!("--segment: {e}"));
        let counted = intensities(&segments).map_err(|e| bad(&e))?;
        // The intensities the counts give lie in their ranges.
        counted.wp.check_values().map_err(|e| bad(&e))?;
        Ok((segments, Some(counted)))
    }
}

/// Add the `--set I_C=.. --set I_G=..` point as a partition of its own.
pub fn add_point(s: &mut PerdomeScenario, o: &Overrides) {
    if let Some((i_c, i_g)) = o.point() {
        s.workload.preset.partitions.push(PartitionPreset {
            name: "set (I_C, I_G)".into(),
            i_c,
            i_g,
        });
    }
}

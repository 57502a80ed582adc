//! Processor presets (`presets/processors/*.ron`): a CPU or a GPU with its
//! PerDome/PeaPaw parameters (t_f, t_b given or derived from
//! specifications, energy), and its boat hull parameters when known.
//! Shared by the models: platforms name processors by id
//! ([`ProcessorRef`]).

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::check::{self, in_range, join, name, perdome};
use super::error::PresetError;
use super::file::{parse_ron, read_preset_text};
use super::save::save_ron;
use hetscope_model::boathull::{Cpu, Gpu, Machine};
use hetscope_model::perdome::{Param, Processor, Side, Specs};
use hetscope_model::platform::Source;

/// The parameters a processor preset's `sources` may name.
pub const PARAMS: [&str; 5] = ["t_f", "t_b", "e_f", "e_b", "p_s"];

/// How a processor's t_f and t_b are given.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Timing {
    /// t_f and t_b given directly, ps.
    Direct { t_f_ps: f64, t_b_ps: f64 },
    /// Derived from specifications (PeaPaw Eq. 5-6).
    FromSpecs(#[serde(with = "SpecsDef")] Specs),
}

/// The file form of [`Specs`]: the same fields, but unknown ones rejected
/// (the model's `Specs` does not deny them).
#[derive(Serialize, Deserialize)]
#[serde(remote = "Specs", rename = "Specs", deny_unknown_fields)]
struct SpecsDef {
    cores: f64,
    clock_ghz: f64,
    issue_width: f64,
    bandwidth_gbs: f64,
}

/// Energy parameters of a processor.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Energy {
    /// Dynamic energy per flop, pJ.
    pub e_f_pj: f64,
    /// Dynamic energy per byte, pJ.
    pub e_b_pj: f64,
    /// Static power, W.
    pub p_s_w: f64,
}

/// A processor preset (`presets/processors/*.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProcessorPreset {
    pub name: String,
    pub kind: Side,
    /// Where the numbers come from (paper and table, or spec sheet).
    pub source: String,
    /// The source of each parameter (`t_f`, `t_b`, `e_f`, `e_b`, `p_s`)
    /// that is not a paper's table (a spec sheet, a measurement, an
    /// estimate); a parameter not named here is read as `source` says, a
    /// paper's. Left out of the file when empty.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sources: BTreeMap<String, Source>,
    pub timing: Timing,
    pub energy: Energy,
    #[serde(default)]
    pub notes: String,
    /// Parameters of the boat hull model (Section 4.3, Tables 2-3), when
    /// known. Left out of the file when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boathull: Option<Machine>,
}

/// A processor named by preset id (file stem) or given in full.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ProcessorRef {
    Preset(String),
    Inline(ProcessorPreset),
}

impl ProcessorPreset {
    /// A preset holding the model's parameters `p` of one processor as
    /// they are (time per flop and byte, energy), without boat hull
    /// parameters: the one way a processor becomes a preset again.
    pub fn of_processor(
        name: String,
        kind: Side,
        source: String,
        p: &Processor,
        notes: String,
    ) -> ProcessorPreset {
        ProcessorPreset {
            name,
            kind,
            source,
            sources: BTreeMap::new(),
            timing: Timing::Direct {
                t_f_ps: p.t_f,
                t_b_ps: p.t_b,
            },
            energy: Energy {
                e_f_pj: p.e_f,
                e_b_pj: p.e_b,
                p_s_w: p.p_s,
            },
            notes,
            boathull: None,
        }
    }

    /// The boat hull GPU of this processor, if it has GPU parameters.
    pub fn boathull_gpu(&self) -> Option<Gpu> {
        self.boathull.as_ref().and_then(Machine::gpu)
    }

    /// The boat hull CPU of this processor, if it has CPU parameters.
    pub fn boathull_cpu(&self) -> Option<Cpu> {
        self.boathull.as_ref().and_then(Machine::cpu)
    }

    /// The model's parameters (t_f, t_b derived from specs when needed).
    /// The source of parameter `param` (one of [`PARAMS`]).
    pub fn source_of(&self, param: &str) -> Source {
        self.sources
            .get(param)
            .cloned()
            .unwrap_or_else(|| Source::Paper(self.source.clone()))
    }

    pub fn processor(&self) -> Processor {
        let (t_f, t_b) = match &self.timing {
            Timing::Direct { t_f_ps, t_b_ps } => (*t_f_ps, *t_b_ps),
            Timing::FromSpecs(s) => (s.t_f_ps(), s.t_b_ps()),
        };
        Processor {
            t_f,
            t_b,
            e_f: self.energy.e_f_pj,
            e_b: self.energy.e_b_pj,
            p_s: self.energy.p_s_w,
        }
    }
}

/// Parse and validate a processor preset.
pub fn parse_processor(text: &str, origin: &str) -> Result<ProcessorPreset, PresetError> {
    let p: ProcessorPreset = parse_ron(text, origin)?;
    validate_processor(&p, origin)?;
    Ok(p)
}

pub fn load_processor_file(path: &Path) -> Result<ProcessorPreset, PresetError> {
    parse_processor(&read_preset_text(path)?, &path.display().to_string())
}

/// Check a processor preset. `prefix` is the path of the processor inside
/// its file ("" for a processor file, "cpu" for an inline platform CPU).
pub fn validate_processor_at(
    p: &ProcessorPreset,
    origin: &str,
    prefix: &str,
) -> Result<(), PresetError> {
    name(origin, &join(prefix, "name"), &p.name)?;
    let t = join(prefix, "timing");
    let side = p.kind;
    match &p.timing {
        Timing::Direct { t_f_ps, t_b_ps } => {
            let t_f = Param::TimePerFlop.check(side, *t_f_ps);
            perdome(origin, &join(&t, "t_f_ps"), t_f)?;
            let t_b = Param::TimePerByte.check(side, *t_b_ps);
            perdome(origin, &join(&t, "t_b_ps"), t_b)?;
        }
        Timing::FromSpecs(s) => {
            for ((field, what, range), v) in Specs::FIELDS.into_iter().zip(s.values()) {
                let what = format!("{what} of the {}", side.name());
                in_range(origin, &join(&t, field), range.check(field, &what, v))?;
            }
        }
    }
    validate_energy(&p.energy, side, origin, &join(prefix, "energy"))?;
    if let Some(bad) = p.sources.keys().find(|k| !PARAMS.contains(&k.as_str())) {
        return Err(PresetError::invalid(
            origin,
            &join(prefix, "sources"),
            format!("'{bad}': not a parameter; one of {}", PARAMS.join(", ")),
        ));
    }
    validate_boathull(p, origin, &join(prefix, "boathull"))?;
    // Specs in range can still give a t_f or t_b out of range.
    perdome(origin, &t, p.processor().validate(side))
}

/// Check a processor's boat hull parameters, when present: every one in
/// its range ([`BoathullParam::range`](hetscope_model::boathull::BoathullParam::range)),
/// a vector width that is a multiple of 32 bits, and the same kind as the
/// processor.
fn validate_boathull(p: &ProcessorPreset, origin: &str, at: &str) -> Result<(), PresetError> {
    let Some(b) = &p.boathull else {
        return Ok(());
    };
    if b.kind() != p.kind {
        return Err(PresetError::invalid(
            origin,
            at,
            format!(
                "{} parameters given for `{}`, which is a {}",
                b.kind().name(),
                p.name,
                p.kind.name()
            ),
        ));
    }
    check::boathull(origin, at, b.validate())
}

fn validate_energy(e: &Energy, side: Side, origin: &str, prefix: &str) -> Result<(), PresetError> {
    for (field, param, v) in [
        ("e_f_pj", Param::EnergyPerFlop, e.e_f_pj),
        ("e_b_pj", Param::EnergyPerByte, e.e_b_pj),
        ("p_s_w", Param::StaticPower, e.p_s_w),
    ] {
        perdome(origin, &join(prefix, field), param.check(side, v))?;
    }
    Ok(())
}

/// Check a processor file.
pub fn validate_processor(p: &ProcessorPreset, origin: &str) -> Result<(), PresetError> {
    validate_processor_at(p, origin, "")
}

/// Validate, then save a processor preset.
pub fn save_processor(path: &Path, p: &ProcessorPreset) -> Result<(), PresetError> {
    validate_processor(p, &path.display().to_string())?;
    save_ron(path, p)
}

impl crate::save::PresetFile for ProcessorPreset {
    const WHAT: &'static str = "processor preset";
}

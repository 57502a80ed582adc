//! What a sensitivity is asked about besides the platform, with the
//! options every `eval` takes: values set by name (`--set`), held while
//! the hardware varies around them; the offload loops asked (`--kernel`)
//! and their size (`--size test|benchmark`); the boat hull classes asked
//! (`--class`).
//!
//! A value held replaces the one the platform's hardware gives, in every
//! resolution of the platform: its results then follow the other
//! parameters only (a held offload thread count makes the host's
//! speedups independent of its core count). The names are the session's
//! (`session_set`): PerDome's `t_fC` ... `p_sG` and `I`, the boat hull's
//! processor values (those of both processors, `P_compute`, set the
//! GPU's, the boat hull view's processor), the offload platform's. A
//! partition of one's own (`I_C`, `I_G`) and the boat hull's `f` are
//! refused: no headline result reads them.

use hetscope_figure::overview::{PlatformInput, SizeMode, Verdicts};
use hetscope_model::boathull::{BoathullParam, Machine};
use hetscope_model::offload::OffloadParam;
use hetscope_model::perdome::partition::check_intensity;
use hetscope_model::perdome::{Param, Side};

use crate::CoreError;
use crate::session_set::parse_item;

/// The scenario options of a sensitivity (see the module notes); the
/// default asks every loop, class and size, holding nothing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Focus {
    /// `NAME=VALUE` items held while the hardware varies.
    pub sets: Vec<String>,
    /// Offload loops asked, by id or name; all when empty.
    pub kernels: Vec<String>,
    /// The size of the offload loops' results; both when none (the
    /// speedups at the benchmark size).
    pub size: Option<SizeMode>,
    /// Boat hull classes asked, by class or example primitive; all when
    /// empty.
    pub classes: Vec<String>,
}

/// One value held, parsed and checked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Hold {
    Perdome(Side, Param, f64),
    Intensity(f64),
    Boathull(BoathullParam, f64),
    Offload(OffloadParam, f64),
}

fn refused(item: &str, message: impl Into<String>) -> CoreError {
    CoreError::Set {
        item: item.to_string(),
        message: message.into(),
    }
}

impl Focus {
    /// The values held, each parsed and checked against its range; the
    /// first refused names itself.
    pub fn holds(&self) -> Result<Vec<Hold>, CoreError> {
        self.sets.iter().map(|item| hold_of(item)).collect()
    }

    /// The size of the offload speedups: the one asked, else the
    /// benchmark size.
    pub fn speedup_size(&self) -> SizeMode {
        self.size.unwrap_or(SizeMode::Benchmark)
    }

    /// The sizes whose offload geometric means and decisions are asked.
    pub fn sizes(&self) -> Vec<SizeMode> {
        self.size.map_or(SizeMode::BOTH.to_vec(), |m| vec![m])
    }

    /// Refuse a loop or class `v` does not have, naming those it has.
    pub fn check(&self, v: &Verdicts) -> Result<(), CoreError> {
        let kernels = &v.offload.kernels;
        for k in &self.kernels {
            if !kernels.iter().any(|x| same(k, &x.id) || same(k, &x.name)) {
                let known: Vec<&str> = kernels.iter().map(|x| x.id.as_str()).collect();
                return Err(CoreError::Sensitivity(format!(
                    "--kernel {k}: not one of the offload paper's loops the sensitivity predicts; known: {}",
                    known.join(" ")
                )));
            }
        }
        let classes = &v.boathull.classes;
        for c in &self.classes {
            if !classes
                .iter()
                .any(|x| same(c, &x.class) || same(c, &x.example))
            {
                let known: Vec<String> = classes
                    .iter()
                    .map(|x| format!("'{}' ({})", x.class, x.example))
                    .collect();
                return Err(CoreError::Sensitivity(format!(
                    "--class {c}: not a boat hull class of the overview; known: {}",
                    known.join(", ")
                )));
            }
        }
        Ok(())
    }

    /// `v` with only the loops and classes asked.
    pub fn narrow(&self, v: &mut Verdicts) {
        if !self.kernels.is_empty() {
            let asked = |x: &hetscope_figure::overview::KernelVerdict| {
                self.kernels
                    .iter()
                    .any(|k| same(k, &x.id) || same(k, &x.name))
            };
            v.offload.kernels.retain(asked);
        }
        if !self.classes.is_empty() {
            let asked = |x: &hetscope_figure::overview::ClassVerdict| {
                self.classes
                    .iter()
                    .any(|c| same(c, &x.class) || same(c, &x.example))
            };
            v.boathull.classes.retain(asked);
        }
    }
}

/// Names compared as typed, but for case and surrounding space.
fn same(asked: &str, name: &str) -> bool {
    asked.trim().eq_ignore_ascii_case(name.trim())
}

/// One `NAME=VALUE` item as a value held.
fn hold_of(item: &str) -> Result<Hold, CoreError> {
    let (name, v) = parse_item(item)?;
    let bad = |e: &dyn std::fmt::Display| refused(item, e.to_string());
    if name == "I" {
        check_intensity("I", v, false).map_err(|e| bad(&e))?;
        return Ok(Hold::Intensity(v));
    }
    if name == "I_C" || name == "I_G" {
        return Err(refused(
            item,
            "a partition of its own is no headline result of the sensitivity (its PerDome results are the best partition, p-DP and each processor alone); `eval perdome --set I_C=.. --set I_G=..` gives its bound",
        ));
    }
    if let Some((side, param)) = Param::parse_full(&name) {
        param.check(side, v).map_err(|e| bad(&e))?;
        return Ok(Hold::Perdome(side, param, v));
    }
    if let Some(param) = BoathullParam::from_name(&name) {
        if param == BoathullParam::F {
            return Err(refused(
                item,
                "the boat hull's results of the sensitivity are its crossovers and its times at the top of the f range: no one f is held",
            ));
        }
        param.check(v).map_err(|e| bad(&e))?;
        return Ok(Hold::Boathull(param, v));
    }
    match OffloadParam::from_name(&name) {
        Some(param) => {
            param.check(v).map_err(|e| bad(&e))?;
            Ok(Hold::Offload(param, v))
        }
        None => Err(refused(item, format!("unknown parameter '{name}'"))),
    }
}

/// `input` with every value of `holds` in place of the platform's; the
/// offload platform is checked whole afterwards. Whether the offload
/// platform changed (its loops are then launched again).
pub fn hold(holds: &[Hold], input: &mut PlatformInput) -> Result<bool, CoreError> {
    let mut offload = false;
    for h in holds {
        match *h {
            Hold::Perdome(side, param, v) => input.perdome.platform.side_mut(side).set(param, v),
            Hold::Intensity(v) => input.perdome.i = v,
            Hold::Boathull(param, v) => hold_boathull(input, param, v)?,
            Hold::Offload(param, v) => {
                input.offload.set_param(param, v)?;
                offload = true;
            }
        }
    }
    if offload {
        input.offload.check()?;
    }
    Ok(offload)
}

/// A boat hull value on the GPU where the GPU has it, else on the CPU.
fn hold_boathull(input: &mut PlatformInput, param: BoathullParam, v: f64) -> Result<(), CoreError> {
    let (cpu, gpu) = &mut input.boathull;
    let mut m = Machine::Gpu(*gpu);
    if param.set(&mut m, v)? {
        if let Machine::Gpu(g) = m {
            *gpu = g;
        }
        return Ok(());
    }
    let mut m = Machine::Cpu(*cpu);
    param.set(&mut m, v)?;
    if let Machine::Cpu(c) = m {
        *cpu = c;
    }
    Ok(())
}

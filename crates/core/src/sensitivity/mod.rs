//! Which hardware parameter moves each model's answer: the elasticity of
//! every headline result ([`headline`]) to every parameter of the
//! platform's own hardware description ([`knobs`]), computed once for all
//! models through the overview's resolution of a platform: the parameter
//! scaled by 1 + step and 1 - step, the platform resolved again (its
//! derivation rules, every model's input) and every verdict recomputed.
//! A model whose parameters the platform names as a paper's presets gets
//! elasticity 0 from the hardware, which is what it sees.
//!
//! Elasticity up: (R(p (1 + s)) / R(p) - 1) / s; down: (1 - R(p (1 - s)) /
//! R(p)) / s (a count, such as cores or SMs, moves by one instead, a
//! vector width to twice or half, its relative change in place of s). Both are 1 where R is proportional to
//! p, -1 where inversely, and 0 where R does not move; a "best partition" result is re-optimised
//! under each change, a named partition (p-DP) kept.

pub mod decisions;
pub mod flip;
pub mod focus;
pub mod headline;
mod resolver;
pub mod tornado;

use serde_json::{Value, json};

use crate::CoreError;
use crate::overview::input::{KernelCache, OverviewOptions};
use decisions::{Decision, decisions};
use flip::Flip;
pub use focus::Focus;
use headline::{Headline, headlines};
use hetscope_model::Range;
pub use hetscope_model::platform::knobs::{self, Knob, Moves, Part};
use hetscope_model::range::fmt_value;
use hetscope_preset::Catalog;
use hetscope_preset::platform::PlatformChoice;
use knobs::knobs;
pub use resolver::{Resolver, threads_over};

/// The relative step of the parameters unless one is given.
pub const DEFAULT_STEP: f64 = 0.01;

/// The steps a sensitivity takes: from 1e-6, where an elasticity is
/// still some ten significant digits above the rounding of the models'
/// arithmetic (a step of 1e-15 gives rounding noise, one of 1e-320 no
/// change at all), to 0.5, halving a parameter.
pub const STEP: Range = Range::new(1e-6, 0.5, "");

/// One headline result and its elasticity to each parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultRow {
    pub headline: Headline,
    /// (parameter index, elasticity up, elasticity down), in the order of
    /// the parameters; `None` where a changed platform gives no value.
    pub elasticities: Vec<Elasticity>,
}

/// The elasticity table of one platform.
#[derive(Clone, Debug, PartialEq)]
pub struct Sensitivity {
    pub platform: String,
    pub platform_key: String,
    pub step: f64,
    pub knobs: Vec<Knob>,
    pub results: Vec<ResultRow>,
    /// Every decision's flip within a decade of each parameter.
    pub flips: Vec<Flip>,
}

/// The elasticity table of `choice` (see the module notes): every
/// headline of the models `models` names (all when empty).
pub fn sensitivity(
    cat: &Catalog,
    choice: &PlatformChoice,
    options: &OverviewOptions,
    ask: &Ask,
) -> Result<Sensitivity, CoreError> {
    let (models, step) = (&ask.models[..], ask.step);
    if !STEP.contains(step) {
        return Err(CoreError::Sensitivity(format!(
            "--step {}: a relative change must be {}",
            fmt_value(step),
            STEP.need()
        )));
    }
    let node = choice.preset.node(cat, &choice.origin)?.ok_or_else(|| {
        CoreError::Sensitivity(format!(
            "platform '{}' gives no hardware description: there is no hardware parameter to vary",
            choice.preset.name
        ))
    })?;
    let r = Resolver {
        cat,
        choice,
        node,
        options,
        focus: &ask.focus,
        holds: ask.focus.holds()?,
        kernels: KernelCache::default(),
    };
    let keep = |m: &str| models.is_empty() || models.contains(&m);
    let mut verdicts = r.all_verdicts(&r.node)?;
    ask.focus.check(&verdicts)?;
    ask.focus.narrow(&mut verdicts);
    let base: Vec<Headline> = headlines(&verdicts, &ask.focus)
        .into_iter()
        .filter(|h| keep(h.model))
        .collect();
    let knobs = knobs(&r.node);
    let moved = threads_over(&knobs, |k| moved_both(&r, k, step));
    let flips = if ask.flips {
        let base: Vec<Decision> = decisions(&verdicts, &ask.focus)
            .into_iter()
            .filter(|d| keep(d.model))
            .collect();
        flip::flips(&r, &knobs, &base)
    } else {
        Vec::new()
    };
    let results = base
        .into_iter()
        .map(|h| {
            let elasticities = moved
                .iter()
                .enumerate()
                .map(|(i, (up, down))| {
                    // The relative change of the result over that of the
                    // parameter (a count moves by one).
                    let e = |moved: &Option<(f64, Vec<Headline>)>| {
                        let (p, hs) = moved.as_ref()?;
                        let r = hs.iter().find(|x| x.model == h.model && x.key == h.key)?;
                        let dp = p / knobs[i].value - 1.0;
                        Some((r.value / h.value - 1.0) / dp).filter(|e| e.is_finite())
                    };
                    (i, e(up), e(down))
                })
                .collect();
            ResultRow {
                headline: h,
                elasticities,
            }
        })
        .collect();
    Ok(Sensitivity {
        platform: choice.preset.name.clone(),
        platform_key: choice.key.clone(),
        step,
        knobs,
        results,
        flips,
    })
}

/// What a sensitivity asks: the models (all when empty), the relative
/// step, whether to search the flip points, and the scenario options
/// every eval takes ([`Focus`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Ask<'a> {
    pub models: Vec<&'a str>,
    pub step: f64,
    pub flips: bool,
    pub focus: Focus,
}

impl Default for Ask<'_> {
    fn default() -> Self {
        Ask {
            models: Vec::new(),
            step: DEFAULT_STEP,
            flips: true,
            focus: Focus::default(),
        }
    }
}

/// The headlines with a parameter moved up and down, with the moved
/// value (`None` where the changed platform is refused).
type Moved = (Option<(f64, Vec<Headline>)>, Option<(f64, Vec<Headline>)>);

fn moved_both(r: &Resolver, k: &Knob, step: f64) -> Moved {
    let at = |up: bool| {
        let v = k.moved(step, up)?;
        Some((v, r.headlines_at(k, v)?))
    };
    (at(true), at(false))
}

impl Sensitivity {
    /// The JSON of `hetscope eval sensitivity`.
    pub fn to_json(&self) -> Value {
        let params: Vec<Value> = self
            .knobs
            .iter()
            .map(|k| json!({"key": k.key(), "name": k.title(), "part": k.part.key(), "field": k.field, "unit": k.unit, "value": k.value}))
            .collect();
        let results: Vec<Value> = self
            .results
            .iter()
            .map(|r| {
                let h = &r.headline;
                let e: Vec<Value> = r
                    .ranked()
                    .into_iter()
                    .map(|(i, up, down)| json!({"param": self.knobs[*i].key(), "up": up, "down": down}))
                    .collect();
                let moved = r.elasticities.iter().any(|x| effect(x) > 0.0);
                json!({
                    "model": h.model,
                    "key": h.key,
                    "label": h.label,
                    "unit": h.unit,
                    "value": h.value,
                    "moved_by_hardware": moved,
                    "elasticities": e,
                })
            })
            .collect();
        let flips: Vec<Value> = self.flips.iter().map(|f| self.flip_json(f)).collect();
        json!({
            "model": "sensitivity",
            "platform": self.platform,
            "platform_key": self.platform_key,
            "step": self.step,
            "params": params,
            "results": results,
            "flip_points": flips,
            "leaders": self.leaders().into_iter().map(|(m, s)| json!({"model": m, "sentence": s})).collect::<Vec<_>>(),
            "units": {
                "flip_points": "value: the parameter's value (in its unit) where the decision changes from `from` (below) to `to` (above), within 1 % (below .. above); factor: value over the platform's; searched within a tenth to ten times the platform's value, the counts and the vector width left out",
                "moved_by_hardware": "false where no hardware parameter moves the result: the model reads the platform's named presets (a paper's values, measured roofs, speed functions) instead",
                "elasticities": "up: (R(p (1 + step)) / R(p) - 1) / step; down: (1 - R(p (1 - step)) / R(p)) / step (a count, e.g. cores or SMs, moves by one, a vector width to twice or half, and its relative change stands for step); ranked by the larger of the two in size; null where the changed platform gives no value",
            },
        })
    }
}

impl Sensitivity {
    /// One flip point as JSON, with its sentence.
    fn flip_json(&self, f: &Flip) -> Value {
        let k = &self.knobs[f.param];
        let d = &f.decision;
        let sentence = self.flip_sentence(f);
        json!({
            "model": d.model,
            "decision": d.key,
            "label": d.label,
            "param": k.key(),
            "param_name": k.title(),
            "unit": k.unit,
            "value": f.value,
            "below": f.below,
            "above": f.above,
            "factor": f.value / k.value,
            "from": f.from,
            "to": f.to,
            "sentence": sentence,
        })
    }
}

/// One parameter's elasticities: (parameter index, up, down).
pub type Elasticity = (usize, Option<f64>, Option<f64>);

/// The size of an elasticity entry: its larger direction.
pub fn effect(e: &Elasticity) -> f64 {
    e.1.unwrap_or(0.0).abs().max(e.2.unwrap_or(0.0).abs())
}

impl ResultRow {
    /// The elasticities, the largest effect first.
    pub fn ranked(&self) -> Vec<&Elasticity> {
        let mut ranked: Vec<&Elasticity> = self.elasticities.iter().collect();
        ranked.sort_by(|a, b| effect(b).total_cmp(&effect(a)));
        ranked
    }
}

//! The sensitivity as the overview's scenario asks for it ([`Asked`]), as
//! a tornado chart of one result ([`Sensitivity::tornado`]) and as one
//! sentence per model naming the parameters its answer follows
//! ([`Sensitivity::leaders`]).

use hetscope_figure::overview::sensitivity::{TornadoBar, TornadoInput};
use hetscope_model::format::{fmt_sig, fmt_tick};

use super::flip::Flip;
use super::{Ask, Part, ResultRow, Sensitivity, effect, sensitivity};
use crate::CoreError;
use crate::overview::scenario::OverviewScenario;
use hetscope_preset::Catalog;

/// Below this size an elasticity is taken as no effect (rounding of the
/// models' searches).
const NO_EFFECT: f64 = 1e-4;

/// What a sensitivity is computed of: the overview scenario's first
/// platform as regrouped, its workload and FPM size, the step and whether
/// flips are searched. Two equal `Asked` give the same table.
#[derive(Clone, Debug, PartialEq)]
pub struct Asked {
    pub platform: String,
    pub workload: String,
    pub fpm_n: f64,
    pub cpus: Option<u32>,
    pub gpus: Option<u32>,
    pub step: f64,
    pub flips: bool,
}

impl Asked {
    pub fn of(s: &OverviewScenario) -> Asked {
        Asked {
            platform: s.platform.clone(),
            workload: s.workload.clone(),
            fpm_n: s.fpm_n,
            cpus: s.cpus,
            gpus: s.gpus,
            step: s.sensitivity.step,
            flips: s.sensitivity.flips,
        }
    }

    /// The elasticity table (and flip points where asked) of every model.
    pub fn compute(&self, cat: &Catalog) -> Result<Sensitivity, CoreError> {
        let choice = hetscope_preset::platform::platform_choice(&self.platform, cat)?
            .regrouped(self.cpus, self.gpus)?;
        let options = crate::overview::input::OverviewOptions {
            workload: self.workload.clone(),
            fpm_n: self.fpm_n,
            ..Default::default()
        };
        let ask = Ask {
            step: self.step,
            flips: self.flips,
            ..Ask::default()
        };
        sensitivity(cat, &choice, &options, &ask)
    }
}

/// The key of a result row: `model.key`.
pub fn result_key(r: &ResultRow) -> String {
    format!("{}.{}", r.headline.model, r.headline.key)
}

/// The models whose decisions a result's flip points are of (PerDome's
/// bounds and PeaPaw's efficiencies share the P-Paw/E-Paw categories).
fn decision_model(result_model: &str) -> &str {
    match result_model {
        "perdome" => "peapaw",
        m => m,
    }
}

impl Sensitivity {
    /// The result `key` (`model.key`); an error lists the keys there are.
    pub fn row(&self, key: &str) -> Result<&ResultRow, CoreError> {
        self.results
            .iter()
            .find(|r| result_key(r) == key)
            .ok_or_else(|| {
                let keys: Vec<String> = self.results.iter().map(result_key).collect();
                CoreError::Sensitivity(format!(
                    "result '{key}': not a result of platform '{}'; its results: {}",
                    self.platform,
                    keys.join(", ")
                ))
            })
    }

    /// The result `wanted` names: itself where the table has it, else (an
    /// empty key, or a result this platform does not have, as after a
    /// change of platform in the window) the first result the hardware
    /// moves, else the first.
    pub fn chosen_key(&self, wanted: &str) -> String {
        if self.results.iter().any(|r| result_key(r) == wanted) {
            return wanted.to_string();
        }
        let moved = self
            .results
            .iter()
            .find(|r| r.ranked().first().is_some_and(|e| effect(e) > NO_EFFECT));
        moved
            .or(self.results.first())
            .map(result_key)
            .unwrap_or_default()
    }

    /// The flip point `f` in words, the parameter by name.
    pub fn flip_sentence(&self, f: &Flip) -> String {
        let k = &self.knobs[f.param];
        format!(
            "{}: {} below {} = {} {}, {} above (now {} {})",
            f.decision.label,
            f.from,
            k.title(),
            fmt_sig(f.value),
            k.unit,
            f.to,
            fmt_sig(k.value),
            k.unit
        )
    }

    /// The flip points of the decisions result `row` is about (a kernel's
    /// or a class's own where the result is one kernel's or class's, else
    /// every decision of its model), nearest to the platform first.
    pub fn flips_of(&self, row: &ResultRow) -> Vec<&Flip> {
        let h = &row.headline;
        let model = decision_model(h.model);
        // "speedup.atax1", "crossover.sum", "time.gpu.sum": the item named
        // last; "best", "geomean.test", "makespan": the whole model.
        let item = match h.key.split('.').collect::<Vec<_>>()[..] {
            ["speedup", id] | ["crossover", id] | ["time", _, id] => Some(id),
            _ => None,
        };
        // A result of one size: the decisions at that size ("geomean.test":
        // the test size's; a loop's speedup: the loop at the n it names).
        let size = match h.key.split('.').collect::<Vec<_>>()[..] {
            ["geomean", size] => Some(size),
            _ => None,
        };
        let mut flips: Vec<&Flip> = self
            .flips
            .iter()
            .filter(|f| f.decision.model == model)
            .filter(|f| item.is_none_or(|id| f.decision.key.split('.').nth(1) == Some(id)))
            .filter(|f| size.is_none_or(|s| f.decision.key.ends_with(&format!(".{s}"))))
            .filter(|f| {
                item.is_none() || model != "offload" || h.label.ends_with(&f.decision.label)
            })
            .collect();
        let distance = |f: &Flip| (f.value / self.knobs[f.param].value).ln().abs();
        flips.sort_by(|a, b| distance(a).total_cmp(&distance(b)));
        flips
    }

    /// The tornado chart's input of result `key`.
    pub fn tornado(&self, key: &str) -> Result<TornadoInput, CoreError> {
        let row = self.row(key)?;
        let (moved, unmoved): (Vec<_>, Vec<_>) = row
            .ranked()
            .into_iter()
            .partition(|e| effect(e) > NO_EFFECT);
        let bars = moved
            .into_iter()
            .map(|&(i, up, down)| {
                let k = &self.knobs[i];
                TornadoBar {
                    param: k.title(),
                    value: format!("{} {}", fmt_tick(k.value), k.unit),
                    up,
                    down,
                }
            })
            .collect::<Vec<_>>();
        let empty = bars.is_empty().then(|| {
            "No hardware parameter moves this result: the model reads the platform's named \
             presets (a paper's values, measured roofs or speed functions) instead."
                .to_string()
        });
        Ok(TornadoInput {
            platform: self.platform.clone(),
            result: row.headline.label.clone(),
            key: result_key(row),
            unit: row.headline.unit.to_string(),
            value: row.headline.value,
            step: self.step,
            bars,
            // A parameter that moves no value here but flips a decision
            // further off says so (not a bare "no effect" beside its flip).
            unmoved: unmoved
                .into_iter()
                .map(|e| {
                    let flips = self.flips_of(row).iter().any(|f| f.param == e.0);
                    let title = self.knobs[e.0].title();
                    if flips {
                        format!("{title} (a decision flips further off)")
                    } else {
                        title
                    }
                })
                .collect(),
            flips: self
                .flips_of(row)
                .into_iter()
                .map(|f| self.flip_sentence(f))
                .collect(),
            empty,
        })
    }

    /// One sentence per model with results: which parameters its lead
    /// result follows (those within half of the largest effect, at most
    /// three) and which part of the machine does not move it.
    pub fn leaders(&self) -> Vec<(&'static str, String)> {
        let lead = [
            ("perdome", "perdome.best"),
            ("peapaw", "peapaw.best"),
            ("boathull", "boathull.crossover."),
            ("offload", "offload.geomean.benchmark"),
            ("fpm", "fpm.makespan"),
        ];
        lead.iter()
            .filter_map(|(model, key)| {
                // A class's crossover where one crosses, else the first
                // result of the model.
                let of_model = |r: &&ResultRow| r.headline.model == *model;
                let row = self
                    .results
                    .iter()
                    .filter(of_model)
                    .find(|r| result_key(r).starts_with(key))
                    .or_else(|| self.results.iter().find(of_model))?;
                Some((*model, self.leader_sentence(row)))
            })
            .collect()
    }

    fn leader_sentence(&self, row: &ResultRow) -> String {
        let ranked = row.ranked();
        let top = ranked.first().map_or(0.0, |e| effect(e));
        let label = &row.headline.label;
        if top <= NO_EFFECT {
            return format!(
                "The {label} follows no hardware parameter: the platform names its values."
            );
        }
        let names: Vec<String> = ranked
            .iter()
            .take(3)
            .filter(|e| effect(e) >= top / 2.0)
            .map(|e| {
                let k = &self.knobs[e.0];
                format!("{} ({})", k.title(), fmt_tick(effect(e)))
            })
            .collect();
        let still: Vec<&str> = [
            (Part::Cpu, "the host"),
            (Part::Gpu, "the GPU"),
            (Part::Link, "the link"),
        ]
        .into_iter()
        .filter(|(part, _)| {
            row.elasticities
                .iter()
                .filter(|e| self.knobs[e.0].part == *part)
                .all(|e| effect(e) <= NO_EFFECT)
        })
        .map(|(_, name)| name)
        .collect();
        let mut s = format!("The {label} follows {}", names.join(", "));
        if !still.is_empty() {
            s.push_str(&format!("; nothing on {} moves it", still.join(" or ")));
        }
        s.push('.');
        s
    }
}

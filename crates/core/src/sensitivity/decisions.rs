//! The decisions the models make on a platform, as categories whose
//! change a flip point marks: each offload loop kept or offloaded (test
//! and benchmark size), the P-Paw and E-Paw categories, which processor
//! wins each boat hull class (and in which direction it crosses), and
//! whether a device's memory caps the FPM partition.

use super::focus::Focus;
use hetscope_figure::overview::{Crossing, Verdicts};

/// One decision and the category it takes on a platform.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    pub model: &'static str,
    /// Unique over the models, e.g. `offload.atax1.benchmark`.
    pub key: String,
    /// What is decided, in words.
    pub label: String,
    /// The category, in words ("offloaded", "CPU_COMP-GPU_MEM", ...).
    pub state: String,
}

fn d(model: &'static str, key: String, label: String, state: &str) -> Decision {
    Decision {
        model,
        key,
        label,
        state: state.to_string(),
    }
}

/// Every decision of `v`, the offload loops' at the sizes `focus` asks.
pub fn decisions(v: &Verdicts, focus: &Focus) -> Vec<Decision> {
    let c = &v.perdome.classification;
    let mut out = vec![
        d(
            "peapaw",
            "peapaw.p_paw".into(),
            "P-Paw category".into(),
            c.p_paw.name(),
        ),
        d(
            "peapaw",
            "peapaw.e_paw".into(),
            "E-Paw category".into(),
            c.e_paw.name(),
        ),
    ];
    for class in &v.boathull.classes {
        let state = match class.crossing {
            Crossing::GpuFrom(_) => "the GPU beyond a crossover f",
            Crossing::CpuFrom(_) => "the CPU beyond a crossover f",
            Crossing::GpuAlways => "the GPU at every f",
            Crossing::CpuAlways => "the CPU at every f",
        };
        let label = format!("boat hull winner of {} ({})", class.class, class.example);
        out.push(d(
            "boathull",
            format!("boathull.{}", class.example),
            label,
            state,
        ));
    }
    for mode in focus.sizes() {
        let name = mode.key();
        for (k, dec) in v.offload.decisions(mode) {
            let label = format!("{} at n = {}", k.name, dec.n);
            let state = if dec.offload {
                "offloaded"
            } else {
                "kept on the host"
            };
            out.push(d(
                "offload",
                format!("offload.{}.{name}", k.id),
                label,
                state,
            ));
        }
    }
    let capped = if v.fpm.memory.is_some() {
        "capped by a device's memory"
    } else {
        "not capped"
    };
    let label = format!("FPM partition of n = {} {}", v.fpm.n, v.fpm.unit);
    out.push(d("fpm", "fpm.memory".into(), label, capped));
    out
}

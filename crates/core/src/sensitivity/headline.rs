//! The headline results whose sensitivity is asked: per model the numbers
//! its verdict on a platform turns on (the overview's `Verdicts`).

use super::focus::Focus;
use hetscope_figure::overview::{Crossing, Verdicts};
use hetscope_model::fpm::Method;

/// One headline number of one model.
#[derive(Clone, Debug, PartialEq)]
pub struct Headline {
    /// The model's key (`perdome`, `peapaw`, `boathull`, `offload`, `fpm`).
    pub model: &'static str,
    /// Unique within the model, e.g. `best`, `speedup.gemm`.
    pub key: String,
    /// What it is, in words.
    pub label: String,
    pub unit: &'static str,
    pub value: f64,
}

fn h(model: &'static str, key: &str, label: String, unit: &'static str, value: f64) -> Headline {
    Headline {
        model,
        key: key.to_string(),
        label,
        unit,
        value,
    }
}

/// Every headline number of `v` that is a finite number (a boat hull
/// class the GPU wins throughout has no crossing to move), the offload
/// loops at the size `focus` asks (the geometric means only of all of
/// them).
pub fn headlines(v: &Verdicts, focus: &Focus) -> Vec<Headline> {
    let mut out = partitions(v);
    let top = v.boathull.f_range.1;
    for c in &v.boathull.classes {
        for (side, t) in [("gpu", c.kernel_s_at_top.0), ("cpu", c.kernel_s_at_top.1)] {
            let label = format!(
                "boat hull kernel time of {} on the {} at f = {top}",
                c.example,
                side.to_uppercase()
            );
            let key = format!("time.{side}.{}", c.example);
            out.push(h("boathull", &key, label, "s", t));
        }
        let f = match c.crossing {
            Crossing::GpuFrom(f) | Crossing::CpuFrom(f) => f,
            Crossing::GpuAlways | Crossing::CpuAlways => continue,
        };
        let label = format!("boat hull crossover of {} ({})", c.class, c.example);
        let key = format!("crossover.{}", c.example);
        out.push(h("boathull", &key, label, "operations per element", f));
    }
    let off = &v.offload;
    for (k, d) in off.decisions(focus.speedup_size()) {
        let label = format!("offload speedup of {} at n = {}", k.name, d.n);
        out.push(h(
            "offload",
            &format!("speedup.{}", k.id),
            label,
            "x",
            d.speedup,
        ));
    }
    let geomeans = if focus.kernels.is_empty() {
        focus.sizes()
    } else {
        Vec::new()
    };
    for mode in geomeans {
        let name = mode.key();
        let label = format!("offload geometric mean, offloading where profitable, {name} size");
        let g = off.geomean_profitable(mode);
        out.push(h("offload", &format!("geomean.{name}"), label, "x", g));
    }
    let makespan = v.fpm.makespan(Method::Fpm);
    let label = format!("FPM makespan of n = {} {}", v.fpm.n, v.fpm.unit);
    out.push(h("fpm", "makespan", label, "s", makespan));
    out.retain(|x| x.value.is_finite());
    out
}

/// PerDome's bounds of the best partition, p-DP and each processor
/// alone; PeaPaw's efficiency of the best partition and p-DP.
fn partitions(v: &Verdicts) -> Vec<Headline> {
    let o = &v.perdome.optima;
    let gflops = "GFLOP/s";
    vec![
        h(
            "perdome",
            "best",
            "PerDome bound of the best partition".into(),
            gflops,
            o.best_performance.value,
        ),
        h(
            "perdome",
            "pdp",
            "PerDome bound of p-DP".into(),
            gflops,
            o.pdp.gflops,
        ),
        h(
            "perdome",
            "gpu_only",
            "PerDome bound of the GPU alone".into(),
            gflops,
            o.gpu_only.gflops,
        ),
        h(
            "perdome",
            "cpu_only",
            "PerDome bound of the CPU alone".into(),
            gflops,
            o.cpu_only.gflops,
        ),
        h(
            "peapaw",
            "best",
            "PeaPaw efficiency of the best partition".into(),
            "GFLOP/J",
            o.best_energy.value,
        ),
        h(
            "peapaw",
            "pdp",
            "PeaPaw efficiency of p-DP".into(),
            "GFLOP/J",
            o.pdp.gflop_per_joule,
        ),
    ]
}

//! PerDome/PeaPaw parameters of a platform: the CPU group and the GPU
//! group, each seen as one processor (PeaPaw 3.3: peaks, bandwidths and
//! static powers add up; energy per flop and per byte stay those of one
//! processor, so energy grouping holds for identical processors only,
//! which a [`Node`] is).
//!
//! Rules, per processor of the group:
//! - t_f = 1 / peak, peak = cores x clock x flops per cycle (PeaPaw Eq.
//!   5-6), in ps: 1000 / peak in GFLOP/s;
//! - t_b = 1 / memory bandwidth (PeaPaw 6.1), in ps: 1000 / GB/s (both
//!   measured where their inputs were: see [`super::from_inputs`]);
//! - p_s = the static power of the spec (published, or an energy fit's),
//!   else its measured idle power, else an estimate of 30 % of the TDP
//!   (PeaPaw Table IV's p_s is 28 % of the TDP of both its CPUs);
//! - e_f = the spec's measured e_f (an energy fit, PeaPaw 6.2) where every
//!   processor of the group has one (the peak-weighted mean for kinds
//!   that differ), else (TDP - p_s) / peak: the whole dynamic budget
//!   spent at the compute roof (an upper-end estimate);
//! - e_b = the measured e_b likewise (weighted by bandwidth), else half
//!   of (TDP - p_s) / bandwidth (an estimate).

use super::{CPU_PEAK, Derived, GPU_PEAK, from_inputs, peak_inputs};
use crate::perdome::{Platform, Processor, Side};
use crate::platform::spec::Fields;
use crate::platform::{Node, PlatformError, Source};

/// Share of the TDP taken as static power when none is given.
pub const STATIC_SHARE_OF_TDP: f64 = 0.3;

/// One kind of processor in a group: `count` of them.
struct Member {
    count: f64,
    peak_gflops: f64,
    bw_gbs: f64,
    tdp_w: f64,
    /// Static power of one, W: given (with its source) or estimated.
    static_w: Option<(f64, Source)>,
    /// Measured energy per flop and per byte of one, pJ, with sources.
    e_f: Option<(f64, Source)>,
    e_b: Option<(f64, Source)>,
}

/// A value of a spec with its source, where given.
fn given(v: Option<f64>, s: &impl Fields, field: &str) -> Option<(f64, Source)> {
    v.map(|v| (v, s.source_of(field)))
}

/// The static power of a spec: `static_w`, else `idle_w`, with source.
fn static_of_spec(
    static_w: Option<f64>,
    idle_w: Option<f64>,
    s: &impl Fields,
) -> Option<(f64, Source)> {
    given(static_w, s, "static_w").or_else(|| {
        idle_w.map(|w| {
            let src = s.source_of("idle_w");
            (
                w,
                Source::derived(format!("the idle power {w} W as the static power ({src})")),
            )
        })
    })
}

/// What the rules need of one group.
struct Group {
    side: Side,
    name: String,
    members: Vec<Member>,
    /// How the peak of one member follows from its spec.
    peak_rule: String,
    /// The sources of the fields the peaks follow from.
    peak_sources: Vec<Source>,
    bw_source: Source,
    /// The sources of every member's bandwidth.
    bw_sources: Vec<Source>,
}

impl Group {
    fn total(&self, f: impl Fn(&Member) -> f64) -> f64 {
        self.members.iter().map(|m| m.count * f(m)).sum()
    }

    fn processors(&self) -> f64 {
        self.total(|_| 1.0)
    }
}

/// Both groups' parameters with their sources (`t_fC`, ..., `p_sG`).
pub fn platform(node: &Node) -> Result<Derived<Platform>, PlatformError> {
    node.check()?;
    let cpu = processor(&cpu_group(node))?;
    let gpu = processor(&gpu_group(node))?;
    let mut sources = cpu.sources;
    sources.extend(gpu.sources);
    Ok(Derived {
        value: Platform {
            cpu: cpu.value,
            gpu: gpu.value,
        },
        sources,
    })
}

fn cpu_group(node: &Node) -> Group {
    let c = &node.cpu;
    Group {
        side: Side::Cpu,
        name: node.cpu_label(),
        members: vec![Member {
            count: f64::from(node.cpus),
            peak_gflops: c.peak_gflops(),
            bw_gbs: c.mem_bw_gbs,
            tdp_w: c.tdp_w,
            static_w: static_of_spec(c.static_w, c.idle_w, c),
            e_f: given(c.e_f_pj, c, "e_f_pj"),
            e_b: given(c.e_b_pj, c, "e_b_pj"),
        }],
        peak_rule: format!(
            "{} cores x {} GHz x {} flop/cycle = {} GFLOP/s",
            c.cores,
            c.clock_ghz,
            c.flops_per_cycle,
            c.peak_gflops()
        ),
        peak_sources: peak_inputs(c, &CPU_PEAK),
        bw_source: c.source_of("mem_bw_gbs"),
        bw_sources: vec![c.source_of("mem_bw_gbs")],
    }
}

fn gpu_group(node: &Node) -> Group {
    let members = node
        .gpus
        .iter()
        .map(|g| Member {
            count: f64::from(g.count),
            peak_gflops: g.spec.peak_gflops(),
            bw_gbs: g.spec.mem_bw_gbs,
            tdp_w: g.spec.tdp_w,
            static_w: static_of_spec(g.spec.static_w, g.spec.idle_w, &g.spec),
            e_f: given(g.spec.e_f_pj, &g.spec, "e_f_pj"),
            e_b: given(g.spec.e_b_pj, &g.spec, "e_b_pj"),
        })
        .collect();
    let g = node.gpu();
    let peak_rule = if node.identical_gpus() {
        format!(
            "{} SMs x {} cores x {} GHz x {} flop/cycle = {} GFLOP/s",
            g.sms,
            g.cores_per_sm,
            g.clock_ghz,
            g.flops_per_cycle,
            g.peak_gflops()
        )
    } else {
        "the sum of the GPUs' peaks (SMs x cores x clock x flop/cycle each)".into()
    };
    Group {
        side: Side::Gpu,
        name: node.gpu_label(),
        members,
        peak_rule,
        peak_sources: node
            .gpus
            .iter()
            .flat_map(|m| peak_inputs(&m.spec, &GPU_PEAK))
            .collect(),
        bw_source: g.source_of("mem_bw_gbs"),
        bw_sources: node
            .gpus
            .iter()
            .map(|m| m.spec.source_of("mem_bw_gbs"))
            .collect(),
    }
}

/// The five parameters of one group by the rules above. Estimated
/// energy per flop and per byte are the group's dynamic power over its
/// peak and bandwidth: for identical processors, those of one processor.
fn processor(g: &Group) -> Result<Derived<Processor>, PlatformError> {
    let static_of = |m: &Member| {
        m.static_w
            .as_ref()
            .map_or(STATIC_SHARE_OF_TDP * m.tdp_w, |(w, _)| *w)
    };
    let peak = g.total(|m| m.peak_gflops);
    let bw = g.total(|m| m.bw_gbs);
    let p_s = g.total(static_of);
    let dynamic_w = g.total(|m| m.tdp_w - static_of(m));
    let e_f = measured_mean(g, |m| &m.e_f, |m| m.peak_gflops);
    let e_b = measured_mean(g, |m| &m.e_b, |m| m.bw_gbs);
    let estimated = e_f.is_none() || e_b.is_none();
    if let Some(m) = g.members.iter().find(|m| m.tdp_w <= static_of(m))
        && estimated
    {
        return Err(PlatformError::Derived {
            model: "PeaPaw",
            name: g.name.clone(),
            message: format!(
                "static power {} W is not below the TDP {} W, so no power is left for flops and bytes",
                static_of(m),
                m.tdp_w
            ),
        });
    }
    let p = Processor {
        t_f: 1000.0 / peak,
        t_b: 1000.0 / bw,
        e_f: e_f.as_ref().map_or(1000.0 * dynamic_w / peak, |(v, _)| *v),
        e_b: e_b.as_ref().map_or(500.0 * dynamic_w / bw, |(v, _)| *v),
        p_s,
    };
    p.validate(g.side).map_err(|e| PlatformError::Derived {
        model: "PeaPaw",
        name: g.name.clone(),
        message: e.to_string(),
    })?;
    let totals = Totals {
        p_s,
        dynamic_w,
        peak,
        bw,
    };
    let mut sources = sources(g, &totals);
    for (k, measured) in [(2, e_f), (3, e_b)] {
        if let Some((_, src)) = measured {
            sources[k].1 = src;
        }
    }
    Ok(Derived { value: p, sources })
}

/// A measured energy of every member (`of`), with its source: that of the
/// one kind, else the mean weighted by `weight` (peak or bandwidth) and
/// the count; `None` where a member has none.
fn measured_mean(
    g: &Group,
    of: impl Fn(&Member) -> &Option<(f64, Source)>,
    weight: impl Fn(&Member) -> f64,
) -> Option<(f64, Source)> {
    if let [m] = g.members.as_slice() {
        return of(m).clone();
    }
    let mut sum = 0.0;
    for m in &g.members {
        sum += m.count * weight(m) * of(m).as_ref()?.0;
    }
    let v = sum / g.total(weight);
    let rule = "the measured values of the group's processors, weighted by count and rate";
    Some((v, Source::derived(format!("{v} pJ: {rule}"))))
}

/// The group's sums the sources quote.
struct Totals {
    p_s: f64,
    dynamic_w: f64,
    peak: f64,
    bw: f64,
}

/// The source of each of the five parameters of group `g` by the spec
/// and estimate rules (`t_f`, `t_b`, `e_f`, `e_b`, `p_s`, in that order).
fn sources(g: &Group, t: &Totals) -> Vec<(String, Source)> {
    let (p_s, dynamic_w, peak, bw) = (t.p_s, t.dynamic_w, t.peak, t.bw);
    let n = g.processors();
    let group = if n > 1.0 {
        format!(", {n} processors grouped (PeaPaw 3.3)")
    } else {
        String::new()
    };
    let group = group.as_str();
    let s = g.side.suffix();
    let mixed = if g.members.len() > 1 {
        " (processors of different kinds: PeaPaw 3.3 groups energy for identical ones only)"
    } else {
        ""
    };
    let given_for_one = match g.members.as_slice() {
        [
            Member {
                count,
                static_w: Some((_, src)),
                ..
            },
        ] if *count == 1.0 => Some(src.clone()),
        _ => None,
    };
    let p_s_source = given_for_one.unwrap_or_else(|| {
        if g.members.iter().all(|m| m.static_w.is_some()) {
            Source::derived(format!("sum of the given static powers: {p_s} W{group}"))
        } else {
            Source::Estimate(format!(
                "30 % of the TDP where no static power is given (as PeaPaw Table IV's CPUs: \
                 26.8 of 95 W, 9.7 of 35 W): {p_s} W{group}"
            ))
        }
    });
    vec![
        (
            format!("t_f{s}"),
            from_inputs(
                format!("PeaPaw Eq. 6: 1 / peak, peak = {}{group}", g.peak_rule),
                &g.peak_sources,
            ),
        ),
        (
            format!("t_b{s}"),
            from_inputs(
                format!("1 / memory bandwidth {bw} GB/s ({}){group}", g.bw_source),
                &g.bw_sources,
            ),
        ),
        (
            format!("e_f{s}"),
            Source::Estimate(format!(
                "dynamic power (TDP - p_s) {dynamic_w} W / peak {peak} GFLOP/s: all of it at the compute roof{mixed}"
            )),
        ),
        (
            format!("e_b{s}"),
            Source::Estimate(format!(
                "half the dynamic power (TDP - p_s) {dynamic_w} W / bandwidth {bw} GB/s{mixed}"
            )),
        ),
        (format!("p_s{s}"), p_s_source),
    ]
}

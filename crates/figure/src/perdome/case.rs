//! What every figure of one case's analysis shows alike: its subtitle
//! (platform, workload, I) and its markers (p-DP, CPU-only, GPU-only, the
//! optimum and the workload's partitions).

use hetscope_model::format::fmt_num;
use hetscope_model::perdome::{Analysis, Metric};

/// What a marker stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MarkerKind {
    PerfectDp,
    CpuOnly,
    GpuOnly,
    /// Best performance or best energy efficiency found by the search.
    Optimum,
    /// One of the workload's own partitions.
    Partition,
}

impl MarkerKind {
    /// Marker colour, shared by GUI and exporters.
    pub fn color(self) -> [u8; 3] {
        match self {
            MarkerKind::PerfectDp => [230, 57, 70],
            MarkerKind::CpuOnly => [33, 158, 188],
            MarkerKind::GpuOnly => [244, 162, 97],
            MarkerKind::Optimum => [255, 255, 255],
            MarkerKind::Partition => [255, 105, 180],
        }
    }
}

/// A labelled point at (I_C, I_G). A zero intensity is drawn in the axis'
/// zero band.
#[derive(Clone, Debug, PartialEq)]
pub struct Marker {
    pub kind: MarkerKind,
    pub label: String,
    /// flop/byte.
    pub i_c: f64,
    /// flop/byte.
    pub i_g: f64,
    /// The metric's value at this point (`None`: no such partition).
    pub value: Option<f64>,
    /// Human-readable value with unit, or the reason there is none.
    pub value_text: String,
}

impl Marker {
    /// The label written beside the marker: its name, with "(none)" where
    /// there is no such partition.
    pub fn shown_label(&self) -> String {
        match self.value {
            Some(_) => self.label.clone(),
            None => format!("{} (none)", self.label),
        }
    }
}

/// Subtitle shared by every figure of a case.
pub fn subtitle(a: &Analysis) -> String {
    format!(
        "{} | {} | I = {} flop/byte",
        a.case.platform_name,
        a.case.workload_name,
        fmt_num(a.case.i)
    )
}

/// Markers for p-DP, CO, GO, the optimum of `metric` and every partition.
pub fn markers(a: &Analysis, metric: Metric) -> Vec<Marker> {
    let pick = |e: &hetscope_model::perdome::WpEval| match metric {
        Metric::Performance => e.gflops,
        Metric::EnergyEfficiency => e.gflop_per_joule,
    };
    let unit = metric.unit();
    let mut out = Vec::new();
    let o = &a.optima;
    for (kind, label, e) in [
        (MarkerKind::PerfectDp, "p-DP", &o.pdp),
        (MarkerKind::CpuOnly, "CPU-only", &o.cpu_only),
        (MarkerKind::GpuOnly, "GPU-only", &o.gpu_only),
    ] {
        out.push(Marker {
            kind,
            label: label.into(),
            i_c: e.wp.i_c,
            i_g: e.wp.i_g,
            value: Some(pick(e)),
            value_text: format!("{} {unit}", fmt_num(pick(e))),
        });
    }
    let best = match metric {
        Metric::Performance => &o.best_performance,
        Metric::EnergyEfficiency => &o.best_energy,
    };
    out.push(Marker {
        kind: MarkerKind::Optimum,
        label: "optimum".into(),
        i_c: best.eval.wp.i_c,
        i_g: best.eval.wp.i_g,
        value: Some(best.value),
        value_text: format!("{} {unit}", fmt_num(best.value)),
    });
    for r in &a.partitions {
        // A partition that is p-DP, CPU-only or GPU-only is drawn once, as
        // that reference marker, with the workload's name added if it
        // differs (e.g. "p-DP = DP").
        let same_spot = |m: &Marker| {
            m.kind != MarkerKind::Optimum
                && m.kind != MarkerKind::Partition
                && (m.i_c - r.partition.i_c).abs() <= 1e-9 * m.i_c.max(1e-300)
                && (m.i_g - r.partition.i_g).abs() <= 1e-9 * m.i_g.max(1e-300)
        };
        if r.result.is_ok()
            && let Some(m) = out.iter_mut().find(|m| same_spot(m))
        {
            let name = r.partition.name.trim();
            if !name.eq_ignore_ascii_case(&m.label) && !m.label.contains(&format!("= {name}")) {
                m.label = format!("{} = {}", m.label, name);
            }
            continue;
        }
        let (value, value_text) = match &r.result {
            Ok(e) => (Some(pick(e)), format!("{} {unit}", fmt_num(pick(e)))),
            Err(err) => (None, err.to_string()),
        };
        out.push(Marker {
            kind: MarkerKind::Partition,
            label: r.partition.name.clone(),
            i_c: r.partition.i_c,
            i_g: r.partition.i_g,
            value,
            value_text,
        });
    }
    out
}

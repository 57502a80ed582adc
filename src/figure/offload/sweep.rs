//! The offload view: predicted CPU and GPU time of one kernel against the
//! problem size n, and the speedup of offloading with the sizes where the
//! decision flips.

use super::{OffloadInput, access_rows, fmt_size, fmt_speedup, subtitle, threads_text};
use crate::figure::chart::{
    ChartAxis, ChartFigure, ChartPanel, LineStyle, Orientation, PointMarker, RefLine, Scale,
    Series, palette,
};
use crate::figure::{fmt_num, fmt_tick};
use crate::model::offload::{
    Decision, OffloadError, OffloadKernel, Platform, crossover, decide, sweep,
};

/// Sizes the curves are drawn through, evenly spaced in log(n) (the chosen
/// size and both sides of every crossover are added).
pub const SWEEP_POINTS: usize = 241;

/// Sizes the crossover search scans before it bisects
/// ([`crate::model::offload::crossover`]).
pub const CROSSOVER_STEPS: usize = 256;

/// At most this many flips are looked for.
const MAX_FLIPS: usize = 16;

/// Every size in `lo..=hi` where the decision flips, increasing: the
/// model's crossover from `lo`, then again from each flip found.
pub fn crossovers(
    kernel: &OffloadKernel,
    platform: &Platform,
    lo: f64,
    hi: f64,
) -> Result<Vec<f64>, OffloadError> {
    let mut out = Vec::new();
    let mut from = lo;
    while out.len() < MAX_FLIPS && from < hi {
        match crossover(kernel, platform, from, hi, CROSSOVER_STEPS)? {
            Some(c) => {
                out.push(c);
                from = c;
            }
            None => break,
        }
    }
    Ok(out)
}

/// A time with a unit that keeps it readable: `1.23 s`, `45.6 ms`.
pub fn fmt_time(s: f64) -> String {
    let a = s.abs();
    if !s.is_finite() || a == 0.0 || a >= 1.0 {
        format!("{} s", fmt_num(s))
    } else if a >= 1e-3 {
        format!("{} ms", fmt_num(s * 1e3))
    } else if a >= 1e-6 {
        format!("{} µs", fmt_num(s * 1e6))
    } else {
        format!("{} ns", fmt_num(s * 1e9))
    }
}

/// The sizes the curves go through.
fn sample_sizes(lo: f64, hi: f64, extra: &[f64]) -> Vec<f64> {
    let ratio = (hi / lo).ln();
    let last = (SWEEP_POINTS - 1) as f64;
    let mut v: Vec<f64> = (0..SWEEP_POINTS)
        .map(|k| match k {
            0 => lo,
            k if k == SWEEP_POINTS - 1 => hi,
            k => lo * (ratio * k as f64 / last).exp(),
        })
        .collect();
    v.extend(extra.iter().copied().filter(|n| *n >= lo && *n <= hi));
    v.sort_by(f64::total_cmp);
    v.dedup();
    v
}

fn err(kernel: &str, e: OffloadError) -> String {
    format!("{kernel}: {e}")
}

/// What the decision is, in words.
fn verdict(d: &Decision) -> &'static str {
    if d.offload {
        "offload to the GPU"
    } else {
        "keep on the host CPU"
    }
}

pub(super) fn build(input: &OffloadInput) -> Result<ChartFigure, String> {
    let k = &input.kernel;
    let (p, lo, hi, n) = (&input.platform, input.size_lo, input.size_hi, input.size);
    let flips = crossovers(&k.kernel, p, lo, hi).map_err(|e| err(&k.name, e))?;
    let mut extra = vec![n];
    for c in &flips {
        extra.push(*c);
        extra.push(c * (1.0 - 1e-9));
    }
    let sizes = sample_sizes(lo, hi, &extra);
    let ds = sweep(&k.kernel, p, &sizes).map_err(|e| err(&k.name, e))?;
    let at_n = decide(&k.kernel, p, n).map_err(|e| err(&k.name, e))?;
    let at = |c: f64| decide(&k.kernel, p, c).map_err(|e| err(&k.name, e));
    let size_axis = || {
        ChartAxis::new(
            "problem size n",
            "elements per dimension",
            Scale::Log10,
            lo,
            hi,
        )
    };
    let pts = |f: &dyn Fn(&Decision) -> f64| -> Vec<[f64; 2]> {
        ds.iter().map(|d| [d.n, f(d)]).collect()
    };
    let chosen_line = RefLine {
        orientation: Orientation::Vertical,
        value: n,
        label: format!("chosen n = {}", fmt_size(n)),
        color: palette::GREY,
        style: LineStyle::Dotted,
    };
    let show_chosen = (lo..=hi).contains(&n);

    // Times.
    let mut times = ChartPanel::new(
        "Predicted time",
        size_axis(),
        ChartAxis::new("predicted time", "s", Scale::Log10, 1e-6, 1.0),
    );
    let threads = threads_text(p.cpu.threads).replace("OpenMP ", "");
    times.series = vec![
        Series::line(
            &format!("CPU: OpenMP model, {threads}"),
            palette::BLUE,
            pts(&|d| d.cpu_seconds),
        )
        .width(2.2),
        Series::line(
            "GPU: kernel + transfers",
            palette::VERMILION,
            pts(&|d| d.gpu_seconds),
        )
        .width(2.2),
        Series::line(
            "GPU kernel alone (Hong & Kim)",
            palette::VERMILION,
            pts(&|d| d.kernel_seconds),
        )
        .dashed(),
        Series::line(
            &format!("transfers over the bus ({} GB/s)", fmt_tick(p.bus.bw_gbs)),
            palette::GREY,
            pts(&|d| d.transfer_seconds),
        )
        .dotted(),
    ];
    for c in &flips {
        let d = at(*c)?;
        times.markers.push(PointMarker {
            label: format!("crossover n = {}", fmt_size(c.round())),
            x: *c,
            y: d.cpu_seconds,
            color: palette::PURPLE,
        });
    }
    if show_chosen {
        times.ref_lines.push(chosen_line.clone());
    }
    times.fit_y(None);

    // Speedup.
    let mut speed = ChartPanel::new(
        "Predicted speedup of offloading",
        size_axis(),
        ChartAxis::new("speedup, CPU time / GPU time", "x", Scale::Log10, 0.1, 10.0),
    );
    speed.series = vec![
        Series::line(
            "speedup with transfers (the decision)",
            palette::GREEN,
            pts(&|d| d.speedup),
        )
        .width(2.2),
        Series::line(
            "speedup of the kernel alone (no transfers)",
            palette::GREEN,
            pts(&|d| d.cpu_seconds / d.kernel_seconds),
        )
        .dashed(),
    ];
    speed.ref_lines.push(RefLine {
        orientation: Orientation::Horizontal,
        value: 1.0,
        label: "1x: break-even".into(),
        color: palette::BLACK,
        style: LineStyle::Dashed,
    });
    for c in &flips {
        speed.markers.push(PointMarker {
            label: format!("crossover n = {}", fmt_size(c.round())),
            x: *c,
            y: 1.0,
            color: palette::PURPLE,
        });
    }
    if show_chosen {
        speed.ref_lines.push(chosen_line);
        speed.markers.push(PointMarker {
            label: format!(
                "n = {}: {}, {}",
                fmt_size(n),
                fmt_speedup(at_n.speedup),
                if at_n.offload { "offload" } else { "host" }
            ),
            x: n,
            y: at_n.speedup,
            color: palette::BLACK,
        });
    }
    speed.fit_y(Some(1.0));

    let mut notes = vec![
        format!(
            "At n = {}: CPU {}, GPU {} (kernel {} + transfers {}): speedup {}, {}.",
            fmt_size(n),
            fmt_time(at_n.cpu_seconds),
            fmt_time(at_n.gpu_seconds),
            fmt_time(at_n.kernel_seconds),
            fmt_time(at_n.transfer_seconds),
            fmt_speedup(at_n.speedup),
            verdict(&at_n)
        ),
        flips_note(&k.kernel, p, lo, hi, &flips).map_err(|e| err(&k.name, e))?,
    ];
    let g = &at_n.gpu;
    let gk = k.kernel.gpu_kernel(n).map_err(|e| err(&k.name, e))?;
    notes.push(format!(
        "GPU at n = {}: {}; N = {} warps/SM, MWP = {}, CWP = {}; per thread {} coalesced and {} uncoalesced memory instructions; #Rep = {}, #OMP_Rep = {}.",
        fmt_size(n),
        g.case,
        fmt_size(g.n),
        fmt_tick(g.mwp),
        fmt_tick(g.cwp),
        fmt_size(gk.coal_mem_insts),
        fmt_size(gk.uncoal_mem_insts),
        fmt_size(g.rep),
        fmt_size(g.omp_rep),
    ));
    let c = &at_n.cpu;
    notes.push(format!(
        "CPU at n = {}: {}; {} iterations per thread at {} cycles each.",
        fmt_size(n),
        if c.bandwidth_bound {
            "memory-bandwidth bound"
        } else {
            "compute bound"
        },
        fmt_size(c.chunk),
        fmt_size(c.cycles_per_iter),
    ));
    let rows: Vec<String> = access_rows(&k.kernel, n)
        .iter()
        .map(|r| {
            let coal = match r.coalesced {
                Some(true) => "coalesced",
                Some(false) => "uncoalesced",
                None => "unknown",
            };
            format!("{} {} ({coal})", r.text, r.class)
        })
        .collect();
    notes.push(format!(
        "Accesses, parallel index {}: {}.",
        k.kernel.parallel_index,
        rows.join("; ")
    ));
    Ok(ChartFigure {
        title: format!(
            "Offload decision for {}: CPU and GPU time against size",
            k.label()
        ),
        subtitle: subtitle(input),
        panels: vec![times, speed],
        notes,
    })
}

/// Where the decision flips, in words.
fn flips_note(
    kernel: &OffloadKernel,
    p: &Platform,
    lo: f64,
    hi: f64,
    flips: &[f64],
) -> Result<String, OffloadError> {
    let range = format!("n = {} .. {}", fmt_size(lo), fmt_size(hi));
    if flips.is_empty() {
        let d = decide(kernel, p, lo)?;
        return Ok(if d.offload {
            format!("No crossover in {range}: the GPU is predicted faster at every size.")
        } else {
            format!("No crossover in {range}: the host is predicted faster at every size.")
        });
    }
    let mut parts = Vec::new();
    for c in flips {
        let d = decide(kernel, p, *c)?;
        parts.push(format!(
            "n = {} ({} from there)",
            fmt_size(c.round()),
            if d.offload { "offload" } else { "host" }
        ));
    }
    Ok(format!("Crossover: {}.", parts.join(", ")))
}

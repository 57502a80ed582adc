//! The offload view: predicted CPU and GPU time of one kernel against the
//! problem size n, and the speedup of offloading with the sizes where the
//! decision flips.

use super::access::access_rows;
use super::crossovers::{crossovers, merged};
use super::input::{KernelInput, OffloadInput, formulation_note, subtitle, threads_text};
use crate::chart::{
    ChartAxis, ChartFigure, ChartPanel, LineStyle, Orientation, PointMarker, RefLine, Scale,
    Series, palette,
};
use crate::error::FigureError;
use hetscope_model::format::{fmt_sig, fmt_speedup, fmt_tick, fmt_time, fmt_whole};
use hetscope_model::offload::{Call, Decision, OffloadError, Platform, decide, sweep};

fn err(kernel: &str, e: OffloadError) -> FigureError {
    FigureError::from(e).of(kernel)
}

/// A value of every sampled decision against its size, for the host's
/// side: none where the data exceeds the host's memory.
fn host_points(ds: &[Decision], f: impl Fn(&Decision) -> f64) -> Vec<[f64; 2]> {
    ds.iter()
        .map(|d| {
            let out = d.fits_host == Some(false);
            [d.n, if out { f64::NAN } else { f(d) }]
        })
        .collect()
}

/// For the GPU's side (and the speedup): the curve stops where the data
/// exceeds the GPU's (or the host's) memory.
fn gpu_points(ds: &[Decision], f: impl Fn(&Decision) -> f64) -> Vec<[f64; 2]> {
    ds.iter()
        .map(|d| {
            let out = d.fits_gpu == Some(false) || d.fits_host == Some(false);
            [d.n, if out { f64::NAN } else { f(d) }]
        })
        .collect()
}

/// Where the data stops fitting a GPU's memory of `cap` bytes, if it does
/// in the range: a vertical line at the first size that does not fit;
/// `whose` names a compared platform's GPU (its line dotted).
fn memory_line(ds: &[Decision], cap: Option<f64>, whose: Option<&str>) -> Option<RefLine> {
    let first = ds.iter().find(|d| d.fits_gpu == Some(false))?;
    let cap = cap?;
    let (of, color, style) = match whose {
        None => (String::new(), palette::VERMILION, LineStyle::Dashed),
        Some(name) => (format!(" of {name}"), palette::PURPLE, LineStyle::Dotted),
    };
    Some(RefLine {
        orientation: Orientation::Vertical,
        value: first.n,
        label: format!(
            "from n = {}: data > GPU memory{of} ({} GB)",
            fmt_whole(first.n.round()),
            fmt_sig(cap / 1e9)
        ),
        color,
        style,
    })
}

/// What the decision is, in words.
fn verdict(d: &Decision) -> &'static str {
    match d.call() {
        Call::Offload => "offload to the GPU",
        Call::Host => "keep on the host CPU",
        Call::TooClose => "too close to call",
    }
}

pub(super) fn build(input: &OffloadInput) -> Result<ChartFigure, FigureError> {
    let v = SizeSweep::new(input)?;
    let mut times = v.times_panel()?;
    let mut speed = v.speedup_panel();
    let mut notes = v.notes()?;
    if let Some(o) = &input.overlay {
        let ds = sweep(
            &o.kernel,
            &o.platform,
            &v.ds.iter().map(|d| d.n).collect::<Vec<_>>(),
        )
        .map_err(|e| err(&format!("{} on {}", v.k.name, o.name), e))?;
        // Each side of the compared platform stops where the data no
        // longer fits its own memory, as the first platform's curves do.
        times.series.push(
            Series::line(
                &format!("{}: CPU", o.name),
                palette::SKY,
                host_points(&ds, |d| d.cpu_seconds),
            )
            .dotted()
            .width(2.2),
        );
        times.series.push(
            Series::line(
                &format!("{}: GPU with transfers", o.name),
                palette::PURPLE,
                gpu_points(&ds, |d| d.gpu_seconds),
            )
            .dotted()
            .width(2.2),
        );
        speed.series.push(
            Series::line(
                &format!("{}: speedup", o.name),
                palette::PURPLE,
                gpu_points(&ds, |d| d.speedup),
            )
            .dotted()
            .width(2.2),
        );
        let line = memory_line(&ds, o.platform.memory.gpu_bytes, Some(&o.name));
        let stops = match &line {
            Some(l) => format!(
                "; its GPU curves stop at n = {}, where the data exceeds its GPU's memory",
                fmt_whole(l.value.round())
            ),
            None => String::new(),
        };
        times.ref_lines.extend(line.clone());
        speed.ref_lines.extend(line);
        times.fit_y(None);
        speed.fit_y(Some(1.0));
        notes.push(format!("Dotted: {} for comparison{stops}.", o.name));
    }
    Ok(ChartFigure {
        title: format!(
            "Offload decision for {}: CPU and GPU time against size",
            v.k.label()
        ),
        subtitle: subtitle(input),
        panels: vec![times, speed],
        notes,
    })
}

/// One kernel's decisions over the size range.
struct SizeSweep<'a> {
    k: &'a KernelInput,
    p: &'a Platform,
    /// The size range and the chosen size.
    lo: f64,
    hi: f64,
    n: f64,
    /// Where the decision flips, increasing.
    flips: Vec<f64>,
    /// The decision at every sampled size.
    ds: Vec<Decision>,
    /// The decision at the chosen size.
    at_n: Decision,
}

impl<'a> SizeSweep<'a> {
    /// The flips, then the decisions at the samples (the chosen size and
    /// both sides of every flip among them) and at the chosen size.
    fn new(input: &'a OffloadInput) -> Result<Self, FigureError> {
        let k = &*input.kernel;
        let (p, lo, hi, n) = (&input.platform, input.size_lo, input.size_hi, input.size);
        let (flips, ds) = crossovers(&k.kernel, p, lo, hi).map_err(|e| err(&k.name, e))?;
        let mut extra = vec![n];
        for c in &flips {
            extra.push(*c);
            extra.push(c * (1.0 - 1e-9));
        }
        let ds = merged(&k.kernel, p, ds, &extra).map_err(|e| err(&k.name, e))?;
        let at_n = match ds.iter().find(|d| d.n == n) {
            Some(d) => d.clone(),
            None => decide(&k.kernel, p, n).map_err(|e| err(&k.name, e))?,
        };
        Ok(SizeSweep {
            k,
            p,
            lo,
            hi,
            n,
            flips,
            ds,
            at_n,
        })
    }

    fn err(&self, e: OffloadError) -> FigureError {
        err(&self.k.name, e)
    }

    /// Host-side points of the sweep (see [`host_points`]).
    fn pts(&self, f: impl Fn(&Decision) -> f64) -> Vec<[f64; 2]> {
        host_points(&self.ds, f)
    }

    /// GPU-side points of the sweep (see [`gpu_points`]).
    fn gpu_pts(&self, f: impl Fn(&Decision) -> f64) -> Vec<[f64; 2]> {
        gpu_points(&self.ds, f)
    }

    /// Where the data stops fitting the GPU's memory (see
    /// [`memory_line`]).
    fn memory_line(&self) -> Option<RefLine> {
        memory_line(&self.ds, self.p.memory.gpu_bytes, None)
    }

    fn size_axis(&self) -> ChartAxis {
        ChartAxis::new(
            "problem size n",
            "elements per dimension",
            Scale::Log10,
            self.lo,
            self.hi,
        )
    }

    /// The chosen size as a vertical line, when it is in the range.
    fn chosen_line(&self) -> Option<RefLine> {
        (self.lo..=self.hi).contains(&self.n).then(|| RefLine {
            orientation: Orientation::Vertical,
            value: self.n,
            label: format!("chosen n = {}", fmt_whole(self.n)),
            color: palette::GREY,
            style: LineStyle::Dotted,
        })
    }

    /// CPU time, GPU time with and without transfers, and the transfers
    /// against size, with the crossovers on the CPU curve.
    fn times_panel(&self) -> Result<ChartPanel, FigureError> {
        let p = self.p;
        let mut times = ChartPanel::new(
            "Predicted time",
            self.size_axis(),
            ChartAxis::new("predicted time", "s", Scale::Log10, 1e-6, 1.0),
        );
        let threads = threads_text(p.cpu.threads).replace("OpenMP ", "");
        times.series = vec![
            Series::line(
                &format!("CPU: OpenMP model, {threads}"),
                palette::BLUE,
                self.pts(|d| d.cpu_seconds),
            )
            .width(2.2),
            Series::line(
                "GPU: kernel + transfers",
                palette::VERMILION,
                self.gpu_pts(|d| d.gpu_seconds),
            )
            .width(2.2),
            Series::line(
                "GPU kernel alone (Hong & Kim)",
                palette::ORANGE,
                self.gpu_pts(|d| d.kernel_seconds),
            )
            .dashed(),
            Series::line(
                &format!(
                    "transfers over the bus ({})",
                    super::input::bus_text(&p.bus.for_memory(self.k.kernel.host_memory))
                ),
                palette::GREY,
                self.gpu_pts(|d| d.transfer_seconds),
            )
            .dotted(),
        ];
        for c in &self.flips {
            let d = decide(&self.k.kernel, p, *c).map_err(|e| self.err(e))?;
            times.markers.push(PointMarker {
                label: format!("crossover n = {}", fmt_whole(c.round())),
                x: *c,
                y: d.cpu_seconds,
                color: palette::PURPLE,
            });
        }
        times.ref_lines.extend(self.chosen_line());
        times.ref_lines.extend(self.memory_line());
        times.fit_y(None);
        Ok(times)
    }

    /// The speedup with and without transfers against size, the 1x line,
    /// the crossovers and the decision at the chosen size.
    fn speedup_panel(&self) -> ChartPanel {
        let mut speed = ChartPanel::new(
            "Predicted speedup of offloading",
            self.size_axis(),
            ChartAxis::new("speedup, CPU time / GPU time", "x", Scale::Log10, 0.1, 10.0),
        );
        speed.series = vec![
            Series::line(
                "speedup with transfers (the decision)",
                palette::GREEN,
                self.gpu_pts(|d| d.speedup),
            )
            .width(2.2),
            Series::line(
                "speedup of the kernel alone (no transfers)",
                palette::SKY,
                self.gpu_pts(|d| d.cpu_seconds / d.kernel_seconds),
            )
            .dashed(),
        ];
        speed.ref_lines.extend(self.memory_line());
        speed.ref_lines.push(RefLine {
            orientation: Orientation::Horizontal,
            value: 1.0,
            label: "1x: break-even".into(),
            color: palette::BLACK,
            style: LineStyle::Dashed,
        });
        for c in &self.flips {
            speed.markers.push(PointMarker {
                label: format!("crossover n = {}", fmt_whole(c.round())),
                x: *c,
                y: 1.0,
                color: palette::PURPLE,
            });
        }
        if let Some(line) = self.chosen_line() {
            let (n, at_n) = (self.n, &self.at_n);
            speed.ref_lines.push(line);
            speed.markers.push(PointMarker {
                label: format!(
                    "n = {}: {}, {}",
                    fmt_whole(n),
                    fmt_speedup(at_n.speedup),
                    match at_n.call() {
                        Call::Offload => "offload",
                        Call::Host => "host",
                        Call::TooClose => "too close to call",
                    }
                ),
                x: n,
                y: at_n.speedup,
                color: palette::BLACK,
            });
        }
        speed.fit_y(Some(1.0));
        speed
    }

    /// The decision at the chosen size, the flips, the GPU and CPU models'
    /// state there and the accesses' coalescing.
    fn notes(&self) -> Result<Vec<String>, FigureError> {
        let (n, at_n) = (self.n, &self.at_n);
        let mut notes = vec![
            format!(
                "At n = {}: CPU {}, GPU {} (kernel {} + transfers {}): speedup {}{}, {}.",
                fmt_whole(n),
                fmt_time(at_n.cpu_seconds),
                fmt_time(at_n.gpu_seconds),
                fmt_time(at_n.kernel_seconds),
                fmt_time(at_n.transfer_seconds),
                fmt_speedup(at_n.speedup),
                at_n.interval.map_or(String::new(), |i| format!(
                    " ({:.0} % interval {} to {})",
                    100.0 * i.confidence,
                    fmt_speedup(i.low),
                    fmt_speedup(i.high)
                )),
                verdict(at_n)
            ),
            flips_note(&self.ds, self.lo, self.hi, &self.flips),
        ];
        if let Some(why) = self.at_n.does_not_fit(&self.p.memory) {
            notes.push(format!(
                "At n = {}: the data {why}; the loop stays on the host.",
                fmt_whole(n)
            ));
        }
        notes.push(self.gpu_note()?);
        let c = &at_n.cpu;
        let vec = self
            .k
            .kernel
            .host_vectorized(n, self.p.cpu.vector_bits)
            .map_err(|e| self.err(e))?;
        notes.push(format!(
            "CPU at n = {}: {}; {} iterations per thread at {} cycles each; {}.",
            fmt_whole(n),
            if c.bandwidth_bound {
                "memory-bandwidth bound"
            } else {
                "compute bound"
            },
            fmt_whole(c.chunk),
            fmt_sig(c.cycles_per_iter),
            vec.reason,
        ));
        notes.push(self.access_note());
        notes.push(formulation_note(self.p));
        Ok(notes)
    }

    /// The Hong & Kim case, N, MWP, CWP, the memory instructions and the
    /// repetitions at the chosen size.
    fn gpu_note(&self) -> Result<String, FigureError> {
        let n = self.n;
        let g = &self.at_n.gpu;
        let gk = self.k.kernel.gpu_kernel(n).map_err(|e| self.err(e))?;
        Ok(format!(
            "GPU at n = {}: {}; N = {} warps/SM, MWP = {}, CWP = {}; per thread {} coalesced and {} uncoalesced memory instructions; #Rep = {}, #OMP_Rep = {}.",
            fmt_whole(n),
            g.case,
            fmt_whole(g.n),
            fmt_tick(g.mwp),
            fmt_tick(g.cwp),
            fmt_whole(gk.coal_mem_insts),
            fmt_whole(gk.uncoal_mem_insts),
            fmt_whole(g.rep),
            fmt_whole(g.omp_rep),
        ))
    }

    /// Every access with its stride class and coalescing.
    fn access_note(&self) -> String {
        let rows: Vec<String> = access_rows(&self.k.kernel, self.n)
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
        format!(
            "Accesses, parallel index {}: {}.",
            self.k.kernel.parallel_index,
            rows.join("; ")
        )
    }
}

/// Where the decision flips, in words, from the decisions of the sweep
/// (which hold every flip's size).
fn flips_note(ds: &[Decision], lo: f64, hi: f64, flips: &[f64]) -> String {
    let range = format!("n = {} .. {}", fmt_whole(lo), fmt_whole(hi));
    let offload_at = |n: f64| ds.iter().find(|d| d.n >= n).is_some_and(|d| d.offload);
    if flips.is_empty() {
        return if offload_at(lo) {
            format!("No crossover in {range}: the GPU is predicted faster at every size.")
        } else {
            format!("No crossover in {range}: the host is predicted faster at every size.")
        };
    }
    let parts: Vec<String> = flips
        .iter()
        .map(|&c| {
            format!(
                "n = {} ({} from there)",
                fmt_whole(c.round()),
                if offload_at(c) { "offload" } else { "host" }
            )
        })
        .collect();
    format!("Crossover: {}.", parts.join(", "))
}

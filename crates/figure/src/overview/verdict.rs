//! Each model's verdict on one platform, computed by the models: the
//! numbers of the overview and the sentence that says them.

use super::input::PlatformInput;
use crate::boathull::DEFAULT_F_RANGE;
use crate::error::FigureError;
use crate::fpm::{FpmInput, METHODS, method_label_held};
use hetscope_model::boathull::application::{class_time, processor_band, processor_crossover};
use hetscope_model::boathull::{AssumptionSet, Class, ClassOptions, Machine, table1_examples};
use hetscope_model::format::{fmt_num, fmt_sig, fmt_time, fmt_whole};
use hetscope_model::fpm::Method;
use hetscope_model::fpm::interval::{SplitInterval, device_spread, split_interval};
use hetscope_model::offload::SpeedupError;
use hetscope_model::perdome::optimum::search;
use hetscope_model::perdome::{Classification, Optima, classify::classify};

/// PerDome and PeaPaw: the best partitions of the workload against p-DP,
/// and the platform's categories.
#[derive(Clone, Debug, PartialEq)]
pub struct PerdomeVerdict {
    pub workload: String,
    /// Workload intensity I, flop/byte.
    pub i: f64,
    pub optima: Optima,
    pub classification: Classification,
}

impl PerdomeVerdict {
    pub fn compute(p: &PlatformInput) -> Result<PerdomeVerdict, FigureError> {
        let s = &p.perdome;
        let optima = search(&s.platform, s.i).map_err(|e| FigureError::from(e).of(&p.name))?;
        Ok(PerdomeVerdict {
            workload: s.workload_name.clone(),
            i: s.i,
            optima,
            classification: classify(&s.platform),
        })
    }

    /// How to split the work, and how much it gains over p-DP.
    pub fn sentence(&self) -> String {
        let o = &self.optima;
        let b = &o.best_performance;
        format!(
            "PerDome, {} (I = {} flop/byte): the best partition (I_C = {}, I_G = {}) bounds {} GFLOP/s, {} % above p-DP ({} GFLOP/s); CPU only {}, GPU only {} GFLOP/s.",
            self.workload,
            fmt_num(self.i),
            fmt_sig(b.eval.wp.i_c),
            fmt_sig(b.eval.wp.i_g),
            fmt_sig(b.value),
            fmt_num(100.0 * b.gain_over_pdp),
            fmt_sig(o.pdp.gflops),
            fmt_sig(o.cpu_only.gflops),
            fmt_sig(o.gpu_only.gflops),
        )
    }

    /// The categories and their guidelines.
    pub fn energy_sentence(&self) -> String {
        let c = &self.classification;
        let e = &self.optima.best_energy;
        format!(
            "PeaPaw: P-Paw {} ({}) E-Paw {} ({}) The most efficient partition gives {} GFLOP/J, {} % above p-DP.",
            c.p_paw.name(),
            c.p_paw.guideline(),
            c.e_paw.name(),
            c.e_paw.guideline(),
            fmt_sig(e.value),
            fmt_num(100.0 * e.gain_over_pdp),
        )
    }
}

/// Where a class runs faster on the GPU than on the CPU, transfers
/// included, over the f range of the boat hull views.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Crossing {
    /// The GPU is faster from this f on.
    GpuFrom(f64),
    /// The CPU is faster from this f on (the GPU wins below).
    CpuFrom(f64),
    GpuAlways,
    CpuAlways,
}

impl Crossing {
    pub fn text(self) -> String {
        match self {
            Crossing::GpuFrom(f) => format!("GPU from f = {}", fmt_sig(f)),
            Crossing::CpuFrom(f) => format!("CPU from f = {}", fmt_sig(f)),
            Crossing::GpuAlways => "GPU always".into(),
            Crossing::CpuAlways => "CPU always".into(),
        }
    }

    /// The f where the GPU starts to win, if it does inside the range.
    pub fn gpu_from(self) -> Option<f64> {
        match self {
            Crossing::GpuFrom(f) => Some(f),
            _ => None,
        }
    }
}

/// One Table 1 class on the platform's CPU and GPU.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassVerdict {
    /// Table 1's example primitive, e.g. "binarization".
    pub example: String,
    pub class: String,
    pub crossing: Crossing,
    /// The kernel's time (no transfers) on the GPU and on the CPU at the
    /// top of the f range, s: where the class is compute-bound.
    pub kernel_s_at_top: (f64, f64),
    /// The f range where the model's error on the GPU's speedup over the
    /// CPU leaves the winner open (too close to call), where the
    /// platform carries that error.
    pub too_close: Option<(f64, f64)>,
}

/// The boat hull model: every Table 1 class, GPU against CPU.
#[derive(Clone, Debug, PartialEq)]
pub struct BoathullVerdict {
    pub f_range: (f64, f64),
    pub classes: Vec<ClassVerdict>,
    /// The error the too-close bands come from.
    pub error: Option<SpeedupError>,
}

impl BoathullVerdict {
    pub fn compute(p: &PlatformInput) -> Result<BoathullVerdict, FigureError> {
        let assume = AssumptionSet::default();
        let (cpu, gpu) = p.boathull;
        let gpu = Machine::Gpu(gpu).target(assume.gpu(), assume.cpu());
        let cpu = Machine::Cpu(cpu).target(assume.gpu(), assume.cpu());
        let options = ClassOptions::default();
        let (lo, hi) = DEFAULT_F_RANGE;
        let mut classes = Vec::new();
        for (example, name) in table1_examples() {
            let class = Class::parse(&name).map_err(|e| FigureError::input(e.to_string(), ""))?;
            let at = processor_crossover(&gpu, &cpu, &class, &options, lo, hi, true)
                .map_err(|e| FigureError::from(e).of(&p.name))?;
            let gpu_faster_at_lo = class_time(&gpu, &class, &options, lo, true)
                < class_time(&cpu, &class, &options, lo, true);
            let crossing = match (at, gpu_faster_at_lo) {
                (Some(f), false) => Crossing::GpuFrom(f),
                (Some(f), true) => Crossing::CpuFrom(f),
                (None, true) => Crossing::GpuAlways,
                (None, false) => Crossing::CpuAlways,
            };
            let kernel_s_at_top = (
                class_time(&gpu, &class, &options, hi, false),
                class_time(&cpu, &class, &options, hi, false),
            );
            let too_close = match &p.boathull_error {
                Some(e) => processor_band(&gpu, &cpu, &class, &options, (lo, hi), true, e.factor)
                    .map_err(|e| FigureError::from(e).of(&p.name))?,
                None => None,
            };
            classes.push(ClassVerdict {
                example: example.to_string(),
                class: name,
                crossing,
                kernel_s_at_top,
                too_close,
            });
        }
        Ok(BoathullVerdict {
            f_range: (lo, hi),
            classes,
            error: p.boathull_error.clone(),
        })
    }

    /// One sentence over the classes: how many the GPU or the CPU wins
    /// throughout, and where the GPU starts (or stops) winning in the
    /// others. Counts of none are left out.
    pub fn sentence(&self) -> String {
        let n = self.classes.len();
        let count =
            |want: fn(&Crossing) -> bool| self.classes.iter().filter(|c| want(&c.crossing)).count();
        let always = count(|c| matches!(c, Crossing::GpuAlways));
        let never = count(|c| matches!(c, Crossing::CpuAlways));
        let at = |pick: fn(Crossing) -> Option<f64>| -> Vec<String> {
            let each = self.classes.iter();
            each.filter_map(|c| {
                pick(c.crossing).map(|f| format!("f = {} ({})", fmt_sig(f), c.example))
            })
            .collect()
        };
        let from = at(Crossing::gpu_from);
        let below = at(|c| match c {
            Crossing::CpuFrom(f) => Some(f),
            _ => None,
        });
        let mut clauses = Vec::new();
        if always > 0 {
            clauses.push(format!("the GPU is faster throughout for {always}"));
        }
        if never > 0 {
            clauses.push(format!("the CPU is faster throughout for {never}"));
        }
        if !from.is_empty() {
            let which = if from.len() == n { "in every one " } else { "" };
            let list = from.join(", ");
            clauses.push(format!("{which}the GPU starts to win at {list}"));
        }
        if !below.is_empty() {
            clauses.push(format!("the GPU stops winning at {}", below.join(", ")));
        }
        if clauses.is_empty() {
            return "Boat hull: no Table 1 class to compare.".to_string();
        }
        if let Some(open) = self.too_close_clause() {
            clauses.push(open);
        }
        format!(
            "Boat hull (transfers included, f = {} to {} operations per element): of the {n} Table 1 classes, {}.",
            fmt_sig(self.f_range.0),
            fmt_sig(self.f_range.1),
            clauses.join("; ")
        )
    }
}

impl BoathullVerdict {
    /// "too close to call ... in 3 of them: f = 2 to 30 (binarization),
    /// ...": the classes whose winner the model's error leaves open
    /// somewhere in the range, the first three named.
    fn too_close_clause(&self) -> Option<String> {
        let e = self.error.as_ref()?;
        let open: Vec<String> = self
            .classes
            .iter()
            .filter_map(|c| {
                let (a, b) = c.too_close?;
                Some(format!(
                    "f = {} to {} ({})",
                    fmt_sig(a),
                    fmt_sig(b),
                    c.example
                ))
            })
            .collect();
        if open.is_empty() {
            return None;
        }
        let shown = open.iter().take(3).cloned().collect::<Vec<_>>().join(", ");
        let more = match open.len() {
            n if n > 3 => format!(" and {} more", n - 3),
            _ => String::new(),
        };
        Some(format!(
            "within the model's {:.0} % error (a factor of {} on the ratio of the times) the winner is too close to call in {} of them: {shown}{more}",
            100.0 * e.confidence,
            fmt_sig(e.factor),
            open.len()
        ))
    }
}

/// One partitioning method's result.
#[derive(Clone, Debug, PartialEq)]
pub struct MethodResult {
    pub method: Method,
    pub makespan_s: f64,
    /// Each device's share of n, units.
    pub sizes: Vec<f64>,
    /// Whether a device's memory held its share below what this method
    /// would give it.
    pub held_at_memory: bool,
}

/// The FPM partition of one problem against an even split and CPM.
#[derive(Clone, Debug, PartialEq)]
pub struct FpmVerdict {
    pub n: f64,
    pub unit: String,
    pub integer: bool,
    pub devices: Vec<String>,
    /// Every method, in the order of [`METHODS`], or why the problem
    /// cannot be partitioned (e.g. it does not fit the devices' memory).
    pub methods: Result<Vec<MethodResult>, FigureError>,
    /// Which devices' memory caps their share, at what size, for which
    /// methods; none when no memory limit is reached.
    pub memory: Option<String>,
    /// The FPM split's range within the devices' measured speed spreads,
    /// where every device's points carry them.
    pub interval: Option<SplitInterval>,
}

impl FpmVerdict {
    pub fn compute(p: &PlatformInput) -> FpmVerdict {
        let input = FpmInput {
            devices: p.fpm_devices.clone(),
            n_units: p.fpm_n,
            integer: p.fpm_integer,
            ..Default::default()
        };
        let speeds = input.check().and_then(|()| input.effective_functions());
        let solved = speeds
            .as_ref()
            .map_err(Clone::clone)
            .and_then(|speeds| input.solve(speeds, p.fpm_n));
        let spreads: Option<Vec<f64>> = p
            .fpm_devices
            .iter()
            .map(|d| device_spread(&d.points))
            .collect();
        let interval = match (&speeds, spreads) {
            (Ok(speeds), Some(e)) if solved.is_ok() => {
                split_interval(speeds, input.n_used(p.fpm_n), &e).ok()
            }
            _ => None,
        };
        let devices: Vec<String> = p.fpm_devices.iter().map(|d| d.name.clone()).collect();
        let unit = input.unit().0;
        let memory = solved
            .as_ref()
            .ok()
            .and_then(|s| s.memory_note(&devices, &unit, p.fpm_integer));
        let methods = solved.map(|solved| {
            let held = solved.held_at_memory();
            METHODS
                .iter()
                .map(|&m| MethodResult {
                    method: m,
                    makespan_s: solved.part(m).makespan_s,
                    sizes: solved.part(m).sizes_units(),
                    held_at_memory: held.iter().any(|ms| ms.contains(&m)),
                })
                .collect()
        });
        FpmVerdict {
            n: input.n_used(p.fpm_n),
            unit,
            integer: p.fpm_integer,
            devices,
            methods,
            memory,
            interval,
        }
    }

    pub fn method(&self, m: Method) -> Option<&MethodResult> {
        self.methods.as_ref().ok()?.iter().find(|r| r.method == m)
    }

    pub fn makespan(&self, m: Method) -> f64 {
        self.method(m).map_or(f64::NAN, |r| r.makespan_s)
    }

    pub fn sentence(&self) -> String {
        if let Err(e) = &self.methods {
            return format!("FPM, n = {} {}: {e}.", fmt_whole(self.n), self.unit);
        }
        let fpm_sizes = self
            .method(Method::Fpm)
            .map(|r| r.sizes.clone())
            .unwrap_or_default();
        let shares: Vec<String> = self
            .devices
            .iter()
            .zip(&fpm_sizes)
            .map(|(d, x)| format!("{d} {}", fmt_whole(*x)))
            .collect();
        let fpm = self.makespan(Method::Fpm);
        let memory = self.memory.as_ref().map(|m| format!(" {m}"));
        let within = self.interval_clause().unwrap_or_default();
        format!(
            "FPM, n = {} {}: makespan {} with {}, {} with {}, {} with {}; FPM shares: {}.{within}{}",
            fmt_whole(self.n),
            self.unit,
            fmt_time(fpm),
            self.label(Method::Fpm),
            fmt_time(self.makespan(Method::Cpm)),
            self.label(Method::Cpm),
            fmt_time(self.makespan(Method::Even)),
            self.label(Method::Even),
            shares.join(", "),
            memory.unwrap_or_default()
        )
    }

    /// " Within the speed functions' measured spreads (...): makespan a
    /// to b, shares ...".
    fn interval_clause(&self) -> Option<String> {
        let i = self.interval.as_ref()?;
        let pct: Vec<String> = i
            .spreads
            .iter()
            .map(|e| format!("{} %", fmt_num(100.0 * e)))
            .collect();
        let shares: Vec<String> = self
            .devices
            .iter()
            .zip(&i.shares)
            .map(|(d, (lo, hi))| format!("{d} {} to {}", fmt_whole(*lo), fmt_whole(*hi)))
            .collect();
        Some(format!(
            " Within the speed functions' measured spreads ({}): FPM makespan {} to {}, shares {}.",
            pct.join(", "),
            fmt_time(i.makespan_s.0),
            fmt_time(i.makespan_s.1),
            shares.join(", ")
        ))
    }

    /// The method's name, saying so where memory capped its split.
    fn label(&self, m: Method) -> String {
        method_label_held(m, self.method(m).is_some_and(|r| r.held_at_memory))
    }
}

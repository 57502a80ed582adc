//! What the boat hull figures are computed from: the processors with
//! their assumptions, the class and its options, the f range and the
//! samples of it ([`BoathullInput`]), and the defaults of a new input.

use crate::error::FigureError;
use hetscope_model::boathull::{
    Application, Assume, Class, ClassOptions, ClassVars, CpuAssumptions, GpuAssumptions,
    MeasuredCurve, Table1Reading, Target,
};
use hetscope_model::offload::SpeedupError;
use hetscope_model::perdome::Side;
use hetscope_model::sampling::log_spaced;

/// Complexity samples per curve.
pub const DEFAULT_SAMPLES: usize = 512;
/// Default shown range of the operator complexity f, operations per element.
pub const DEFAULT_F_RANGE: (f64, f64) = (1.0, 1e4);
/// Default chosen f, operations per element.
pub const DEFAULT_F: f64 = 10.0;

/// The f range a figure may span, operations per element: its log axis
/// and samples stay finite inside it.
pub const F_LIMITS: (f64, f64) = (1e-6, 1e12);

/// A processor of the boat hull model with its name and what is assumed
/// about its floors.
#[derive(Clone, Debug, PartialEq)]
pub struct BoathullProcessor {
    /// Display name, e.g. "GeForce GTX470 (boat hull Table 2)".
    pub name: String,
    pub target: Target,
}

impl BoathullProcessor {
    pub fn side(&self) -> Side {
        match self.target {
            Target::Gpu { .. } => Side::Gpu,
            Target::Cpu { .. } => Side::Cpu,
        }
    }

    /// The class variables of `class` on this kind of processor.
    pub fn vars(&self, class: &Class, options: &ClassOptions) -> ClassVars {
        match self.target {
            Target::Gpu { .. } => ClassVars::gpu(class.shape(), options),
            Target::Cpu { .. } => ClassVars::cpu(class.shape(), options),
        }
    }

    /// A short name for legends: the preset name up to its first " (".
    pub fn short_name(&self) -> String {
        let n = self.name.trim();
        match n.find(" (") {
            Some(k) if k > 0 => n[..k].to_string(),
            _ => n.to_string(),
        }
    }

    /// What is assumed about the floors, in words.
    pub fn assumptions_text(&self) -> String {
        match self.target {
            Target::Gpu { assume, .. } => gpu_assumptions_text(assume),
            Target::Cpu { assume, .. } => cpu_assumptions_text(assume),
        }
    }

    /// Check the processor's parameters; the error names the processor.
    pub fn validate(&self) -> Result<(), FigureError> {
        self.target
            .validate()
            .map_err(|e| FigureError::from(e).of(self.short_name()))
    }
}

/// "fused multiply-add: unknown, coalescing: as the class says".
pub fn gpu_assumptions_text(a: GpuAssumptions) -> String {
    let fma = match a.fma {
        Assume::Roof => "used (c0)",
        Assume::Floor => "not used (c1)",
        Assume::Unknown => "unknown (c0 to c1)",
    };
    let co = match a.coalescing {
        Assume::Roof => "as the class says (m0)",
        Assume::Floor => "all scattered (m1)",
        Assume::Unknown => "unknown (m0 to m1)",
    };
    format!("fused multiply-add {fma}, coalescing {co}")
}

/// "vector code, all threads".
pub fn cpu_assumptions_text(a: CpuAssumptions) -> String {
    let v = match a.vector {
        Assume::Roof => "vector code",
        Assume::Floor => "scalar code",
        Assume::Unknown => "vector or scalar code",
    };
    let t = match a.threads {
        Assume::Roof => "all threads",
        Assume::Floor => "one thread",
        Assume::Unknown => "all threads or one",
    };
    format!("{v}, {t}")
}

/// Everything the boat hull figures are computed from.
#[derive(Clone, Debug, PartialEq)]
pub struct BoathullInput {
    /// The class of the primitive (parsed; the GUI keeps the text).
    pub class: Class,
    /// The processor of the boat hull view.
    pub processor: BoathullProcessor,
    /// The second processor of the comparison, roofline and application
    /// views.
    pub partner: BoathullProcessor,
    /// Table 1 reading and halo estimate.
    pub options: ClassOptions,
    /// The chosen operator complexity f (marker and readout), operations
    /// per element; > 0 (the f axis is logarithmic).
    pub f: f64,
    /// Shown range of f, operations per element (widened to include `f`).
    pub f_min: f64,
    pub f_max: f64,
    /// Samples per curve (at least 2).
    pub samples: usize,
    /// The application of the application view (and of the primitives on
    /// the roofline).
    pub application: Option<Application>,
    /// A processor of a second platform, drawn over the boat hull view
    /// (its hull, and on a GPU its total with transfers) for comparison.
    pub overlay: Option<BoathullProcessor>,
    /// Measured times against f, drawn over the boat hull view with the
    /// model's relative error.
    pub measured: Option<MeasuredCurve>,
    /// The model's error on the ratio of a GPU's and a CPU's times, where
    /// both processors are derived from hardware: the comparison view
    /// marks where the winner is too close to call.
    pub winner_error: Option<SpeedupError>,
}

impl BoathullInput {
    /// An input with the default f, f range and sample count.
    pub fn new(class: Class, processor: BoathullProcessor, partner: BoathullProcessor) -> Self {
        BoathullInput {
            class,
            processor,
            partner,
            options: ClassOptions::default(),
            f: DEFAULT_F,
            f_min: DEFAULT_F_RANGE.0,
            f_max: DEFAULT_F_RANGE.1,
            samples: DEFAULT_SAMPLES,
            application: None,
            overlay: None,
            measured: None,
            winner_error: None,
        }
    }

    /// Check what every view needs: both processors, f and its range.
    pub fn check(&self) -> Result<(), FigureError> {
        self.processor.validate()?;
        self.partner.validate()?;
        if let Some(o) = &self.overlay {
            o.validate()?;
        }
        if !(self.f.is_finite() && self.f > 0.0) {
            return Err(FigureError::input(
                format!("chosen f = {} operations per element", self.f),
                "must be a finite number above 0 (the f axis is logarithmic)",
            ));
        }
        let ok = |v: f64| v.is_finite() && (F_LIMITS.0..=F_LIMITS.1).contains(&v);
        if !(ok(self.f_min) && ok(self.f_max) && self.f_min < self.f_max) {
            return Err(FigureError::input(
                format!(
                    "f range {} to {} operations per element",
                    hetscope_model::format::fmt_tick(self.f_min),
                    hetscope_model::format::fmt_tick(self.f_max)
                ),
                "both ends must be between 1e-6 and 1e12, the first below the second",
            ));
        }
        if self.samples < 2 {
            return Err(FigureError::input(
                format!("{} samples per curve", self.samples),
                "need at least 2",
            ));
        }
        Ok(())
    }

    /// The shown f range, widened to include the chosen f.
    pub fn f_range(&self) -> (f64, f64) {
        (self.f_min.min(self.f), self.f_max.max(self.f))
    }

    /// `samples` values of f spaced evenly on a log axis over the range.
    pub fn f_samples(&self) -> Vec<f64> {
        let (lo, hi) = self.f_range();
        log_spaced(lo, hi, self.samples).collect()
    }

    /// The Table 1 row and example name, e.g. "Table 1 row 1 (binarization)".
    pub fn class_row(&self) -> String {
        let s = self.class.shape();
        format!("Table 1 row {} ({})", s.table1_row(), s.example())
    }

    /// Notes shared by the figures: reading of Table 1 and halo estimate.
    pub(super) fn options_note(&self) -> String {
        let reading = match self.options.reading {
            Table1Reading::Derived => "Table 1 derived (d = input + output)",
            Table1Reading::AsPrinted => "Table 1 as printed",
        };
        let halo = self.options.halo;
        format!(
            "{reading}; neighbourhood halo estimated per {}x{} block, charged as scattered accesses; 32-bit elements (bytes = 4 x elements).",
            halo.rows(),
            halo.cols()
        )
    }
}

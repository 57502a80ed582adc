//! Applications (Section 5): an ordered list of primitives run one after
//! another on one processor, their kernel times summed, plus the
//! host-accelerator transfers of the application's own input and output.
//!
//! A primitive's time is a range when its operator complexity is a range
//! or when an assumption is `Unknown` (Table 5: unknown coalescing). The
//! kernel range is the sum of the low ends and the sum of the high ends;
//! the paper assumes no overlap of kernels and transfers (Section 6).

use super::class::Class;
use super::class_error::ClassError;
use super::class_shape::ClassShape;
use super::class_vars::{ClassOptions, ClassVars};
use super::cpu::{Cpu, CpuAssumptions};
use super::crossover::crossover;
use super::gpu::{Gpu, GpuAssumptions};
use super::machine::Machine;
use super::{BoatHullError, TimeRange, check_complexity};
use crate::Range;

/// Operator complexity f of a primitive, operations per element: one value
/// or a range `low..=high`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Complexity {
    low: f64,
    high: f64,
}

impl Complexity {
    /// A known complexity f >= 0.
    pub fn exactly(f: f64) -> Result<Self, BoatHullError> {
        let f = check_complexity(f)?;
        Ok(Complexity { low: f, high: f })
    }

    /// A complexity somewhere in `low..=high`.
    pub fn between(low: f64, high: f64) -> Result<Self, BoatHullError> {
        let (low, high) = (check_complexity(low)?, check_complexity(high)?);
        if low > high {
            return Err(BoatHullError::ComplexityRange { low, high });
        }
        Ok(Complexity { low, high })
    }

    pub fn low(&self) -> f64 {
        self.low
    }

    pub fn high(&self) -> f64 {
        self.high
    }
}

/// One computational part of an application: a class and the complexity
/// of its operator.
#[derive(Clone, Debug, PartialEq)]
pub struct Primitive {
    pub name: String,
    pub class: Class,
    pub complexity: Complexity,
}

impl Primitive {
    /// A primitive from a class name; a class error names the primitive.
    pub fn parse(name: &str, class: &str, complexity: Complexity) -> Result<Self, BoatHullError> {
        let class = Class::parse(class).map_err(|error: ClassError| BoatHullError::Class {
            primitive: name.to_string(),
            error,
        })?;
        Ok(Primitive {
            name: name.to_string(),
            class,
            complexity,
        })
    }
}

/// Elements copied between host and accelerator once for the whole
/// application (Section 4.2's t0 for the application's data).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Transfers {
    /// Elements copied to the accelerator before the first kernel.
    pub elements_in: f64,
    /// Elements copied back after the last kernel.
    pub elements_out: f64,
}

impl Transfers {
    pub fn none() -> Self {
        Transfers {
            elements_in: 0.0,
            elements_out: 0.0,
        }
    }

    /// The physical range of a transferred element count: 0 to 1e18
    /// 32-bit elements (4 EB).
    pub const RANGE: Range = Range::new(0.0, 1e18, "elements");

    /// Both counts in [`Transfers::RANGE`].
    pub fn validate(&self) -> Result<(), BoatHullError> {
        for (field, what, value) in [
            ("elements_in", "elements copied in", self.elements_in),
            ("elements_out", "elements copied back", self.elements_out),
        ] {
            Self::RANGE
                .check(field, what, value)
                .map_err(|error| BoatHullError::Range {
                    field,
                    error: Box::new(error),
                })?;
        }
        Ok(())
    }

    pub fn elements(&self) -> f64 {
        self.elements_in + self.elements_out
    }
}

impl Machine {
    /// The model's target under the assumptions of this machine's kind.
    pub fn target(&self, gpu: GpuAssumptions, cpu: CpuAssumptions) -> Target {
        match *self {
            Machine::Gpu(g) => Target::Gpu {
                gpu: g,
                assume: gpu,
            },
            Machine::Cpu(c) => Target::Cpu {
                cpu: c,
                assume: cpu,
            },
        }
    }
}

/// A processor with what is assumed about its floors.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Target {
    Gpu { gpu: Gpu, assume: GpuAssumptions },
    Cpu { cpu: Cpu, assume: CpuAssumptions },
}

impl Target {
    pub fn validate(&self) -> Result<(), BoatHullError> {
        match self {
            Target::Gpu { gpu, .. } => gpu.validate(),
            Target::Cpu { cpu, .. } => cpu.validate(),
        }
    }

    /// Kernel time of a class at one complexity f, s.
    pub fn kernel_range(
        &self,
        shape: &ClassShape,
        f: f64,
        options: &ClassOptions,
    ) -> Result<TimeRange, BoatHullError> {
        match self {
            Target::Gpu { gpu, assume } => Ok(gpu
                .times(&ClassVars::gpu(shape, options), f)?
                .range(*assume)),
            Target::Cpu { cpu, assume } => Ok(cpu
                .times(&ClassVars::cpu(shape, options), f)?
                .range(*assume)),
        }
    }

    /// Kernel time of a primitive: the low end at the lowest complexity,
    /// the high end at the highest (times grow with f), s.
    pub fn primitive_range(
        &self,
        primitive: &Primitive,
        options: &ClassOptions,
    ) -> Result<TimeRange, BoatHullError> {
        let shape = primitive.class.shape();
        let low = self.kernel_range(shape, primitive.complexity.low(), options)?;
        let high = self.kernel_range(shape, primitive.complexity.high(), options)?;
        Ok(TimeRange {
            low_s: low.low_s,
            high_s: high.high_s,
        })
    }

    /// Time to copy `elements` between host and accelerator: d / B_bus on
    /// a GPU, 0 on a CPU (the data already is in its memory), s.
    pub fn transfer_s(&self, elements: f64) -> f64 {
        match self {
            Target::Gpu { gpu, .. } => gpu.transfer_s(elements),
            Target::Cpu { .. } => 0.0,
        }
    }
}

/// An ordered list of primitives on one processor (Section 5).
#[derive(Clone, Debug, PartialEq)]
pub struct Application {
    pub name: String,
    pub primitives: Vec<Primitive>,
    pub transfers: Transfers,
}

/// Predicted time of one primitive of an application.
#[derive(Clone, Debug, PartialEq)]
pub struct PrimitiveTime {
    pub name: String,
    pub range: TimeRange,
}

/// Predicted time of an application (the rows of Table 5), s.
#[derive(Clone, Debug, PartialEq)]
pub struct ApplicationTime {
    pub primitives: Vec<PrimitiveTime>,
    /// Sum of the kernel ranges, s.
    pub kernels: TimeRange,
    /// Host-accelerator transfers, s.
    pub transfers_s: f64,
    /// Kernels plus transfers, s.
    pub total: TimeRange,
}

impl Application {
    /// Sum the primitives' kernel ranges and add the transfers.
    pub fn predict(
        &self,
        target: &Target,
        options: &ClassOptions,
    ) -> Result<ApplicationTime, BoatHullError> {
        target.validate()?;
        self.transfers.validate()?;
        let mut primitives = Vec::with_capacity(self.primitives.len());
        let mut kernels = TimeRange::exactly(0.0);
        for p in &self.primitives {
            let range = target.primitive_range(p, options)?;
            kernels = kernels.add(&range);
            primitives.push(PrimitiveTime {
                name: p.name.clone(),
                range,
            });
        }
        let transfers_s = target.transfer_s(self.transfers.elements());
        Ok(ApplicationTime {
            primitives,
            kernels,
            transfers_s,
            total: kernels.plus(transfers_s),
        })
    }
}

/// The fast focus on structures application of Section 5: the six
/// primitives of Table 4 in the order of Figure 6, on a 1024 x 1024 image.
///
/// The paper does not print the operator complexities (Figure 7 places
/// them on its graphs); every primitive here has f = 1: one increment per
/// pixel (histogram), one comparison (maximum, threshold), one minimum per
/// neighbour (erode), one addition (projections). At that f, without fused
/// multiply-add, all six are memory bound on the GTX470 and all but the
/// maximum on the GTS250 (its compute floor is 1% above its memory time),
/// so the kernel range hardly depends on the choice. Transfers: the image
/// in, the two 1024-element projections out.
pub fn fast_focus_on_structures() -> Application {
    let one = Complexity {
        low: 1.0,
        high: 1.0,
    };
    let primitive = |name: &str, shape| Primitive {
        name: name.to_string(),
        class: Class::from_shape(shape),
        complexity: one,
    };
    let (a, b) = (1024, 1024);
    Application {
        name: "fast focus on structures".to_string(),
        primitives: vec![
            primitive("histogram", ClassShape::Histogram { a, b, bins: 256 }),
            primitive("maximum", ClassShape::Reduce { a: 1, b: 262_144 }),
            primitive("threshold", ClassShape::Element { a, b }),
            primitive(
                "erode 7x7",
                ClassShape::Neighbourhood2d { a, b, n: 7, m: 7 },
            ),
            primitive("X-projection", ClassShape::XProjection { a, b }),
            primitive(
                "Y-projection",
                ClassShape::TileToElement { a, b, u: a, v: 1 },
            ),
        ],
        transfers: Transfers {
            elements_in: (a * b) as f64,
            elements_out: (a + b) as f64,
        },
    }
}

/// The operator complexity in [`f_low`, `f_high`] at which a class runs
/// equally fast on two targets (the low ends of their ranges compared;
/// with `with_transfers` each target's t0 of the class's d is added).
/// `Ok(None)` when the times do not cross in the interval.
pub fn processor_crossover(
    a: &Target,
    b: &Target,
    class: &Class,
    options: &ClassOptions,
    f_low: f64,
    f_high: f64,
    with_transfers: bool,
) -> Result<Option<f64>, BoatHullError> {
    a.validate()?;
    b.validate()?;
    check_complexity(f_low)?;
    check_complexity(f_high)?;
    if f_low > f_high {
        return Err(BoatHullError::ComplexityRange {
            low: f_low,
            high: f_high,
        });
    }
    let time = |t: &Target, f: f64| class_time(t, class, options, f, with_transfers);
    Ok(crossover(f_low, f_high, |f| time(a, f), |f| time(b, f)))
}

/// Where in [`f_low`, `f_high`] the winner of a class between two targets
/// is too close to call: the band of [`crossover::band`] with the two
/// targets' times (as [`processor_crossover`] compares them) and the
/// model's error factor `k` on their ratio.
pub fn processor_band(
    a: &Target,
    b: &Target,
    class: &Class,
    options: &ClassOptions,
    (f_low, f_high): (f64, f64),
    with_transfers: bool,
    k: f64,
) -> Result<Option<(f64, f64)>, BoatHullError> {
    a.validate()?;
    b.validate()?;
    let time = |t: &Target, f: f64| class_time(t, class, options, f, with_transfers);
    Ok(super::crossover::band(
        f_low,
        f_high,
        |f| time(a, f),
        |f| time(b, f),
        k,
    ))
}

/// The time of a class on a target at complexity `f` as the crossover
/// compares it: the low end of the kernel range, plus the target's t0 of
/// the class's d `with_transfers`; NaN where the model gives none.
pub fn class_time(
    t: &Target,
    class: &Class,
    options: &ClassOptions,
    f: f64,
    with_transfers: bool,
) -> f64 {
    let shape = class.shape();
    let extra = if with_transfers {
        t.transfer_s(ClassVars::gpu(shape, options).d)
    } else {
        0.0
    };
    t.kernel_range(shape, f, options)
        .map_or(f64::NAN, |r| r.low_s + extra)
}

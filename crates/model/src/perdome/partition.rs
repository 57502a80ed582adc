//! Workload partitions (WPs) described by the essential parameters
//! (I, I_C, I_G) and the flop and byte shares that follow from them
//! (PerDome Eq. 14-18, PeaPaw Eq. 10-13).

use serde::{Deserialize, Serialize};

use super::ParamError;
use crate::Range;

/// Relative tolerance for "I_C equals I" and similar comparisons.
pub const EQ_TOL: f64 = 1e-9;

pub(crate) fn approx_eq(a: f64, b: f64) -> bool {
    (a - b).abs() <= EQ_TOL * a.abs().max(b.abs()).max(1e-300)
}

/// Essential WP parameters, all in flop/byte.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Wp {
    /// Intensity of the whole workload.
    pub i: f64,
    /// Intensity of the CPU's part (0: the CPU does no flops).
    pub i_c: f64,
    /// Intensity of the GPU's part (0: the GPU does no flops).
    pub i_g: f64,
}

/// The execution model a WP belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WpKind {
    /// (I, I, 0): the GPU is unused.
    CpuOnly,
    /// (I, 0, I): the CPU is unused.
    GpuOnly,
    /// I_C = I_G = I: perfect data partitioning, both finish together.
    PerfectDp,
    /// Code partitioning (independent or dependent give the same bound).
    Cp,
}

impl WpKind {
    pub fn name(self) -> &'static str {
        match self {
            WpKind::CpuOnly => "CPU-only",
            WpKind::GpuOnly => "GPU-only",
            WpKind::PerfectDp => "p-DP",
            WpKind::Cp => "CP",
        }
    }
}

/// Why (I, I_C, I_G) is not a workload partition.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum NoSuchPartition {
    /// I_C = I_G = 0: neither processor does a flop, but I > 0 has flops.
    #[error(
        "no such partition: I_C = I_G = 0 gives the flops to neither processor (at least one of I_C, I_G must be above 0)"
    )]
    NoFlops,
    /// Both parts above I, or both below (Lemma 2).
    #[error("no such partition: I_C and I_G cannot both be above I (PerDome Lemma 2)")]
    BothAbove,
    #[error("no such partition: I_C and I_G cannot both be below I (PerDome Lemma 2)")]
    BothBelow,
    /// One part equals I but the other is neither I nor 0 (Lemma 1).
    #[error(
        "no such partition: I_{side} = I requires the other intensity to be I or 0 (PerDome Lemma 1)"
    )]
    OneEqualsI { side: &'static str },
}

/// Per-flop workload shares of one WP: the fraction of all flops each
/// processor executes and the bytes it moves per flop of the whole workload.
/// For p-DP the flop split is the performance-optimal one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shares {
    /// N_fC / N_f.
    pub flops_c: f64,
    /// N_bC / N_f, byte/flop.
    pub bytes_c: f64,
    /// N_fG / N_f.
    pub flops_g: f64,
    /// N_bG / N_f, byte/flop.
    pub bytes_g: f64,
}

impl Shares {
    /// Data partitioning at intensity `i` with the fraction `cpu` of all
    /// flops (and so of all bytes) on the CPU.
    pub fn data_partition(i: f64, cpu: f64) -> Shares {
        Shares {
            flops_c: cpu,
            bytes_c: cpu / i,
            flops_g: 1.0 - cpu,
            bytes_g: (1.0 - cpu) / i,
        }
    }

    /// N_bC / N_b, the CPU's fraction of all bytes.
    pub fn byte_fraction_c(&self, i: f64) -> f64 {
        self.bytes_c * i
    }
}

impl Wp {
    pub fn new(i: f64, i_c: f64, i_g: f64) -> Wp {
        Wp { i, i_c, i_g }
    }

    pub fn cpu_only(i: f64) -> Wp {
        Wp::new(i, i, 0.0)
    }

    pub fn gpu_only(i: f64) -> Wp {
        Wp::new(i, 0.0, i)
    }

    pub fn perfect_dp(i: f64) -> Wp {
        Wp::new(i, i, i)
    }

    /// Check that the three intensities are numbers in range: I > 0,
    /// I_C >= 0, I_G >= 0, all finite.
    pub fn check_values(&self) -> Result<(), ParamError> {
        check_intensity("I", self.i, false)?;
        check_intensity("I_C", self.i_c, true)?;
        check_intensity("I_G", self.i_g, true)
    }

    /// Classify the WP, or say why it is not one (Lemma 1-2).
    /// The values must have passed [`Wp::check_values`].
    pub fn kind(&self) -> Result<WpKind, NoSuchPartition> {
        let Wp { i, i_c, i_g } = *self;
        if i_c == 0.0 && i_g == 0.0 {
            return Err(NoSuchPartition::NoFlops);
        }
        let c_eq = approx_eq(i_c, i);
        let g_eq = approx_eq(i_g, i);
        if c_eq && g_eq {
            return Ok(WpKind::PerfectDp);
        }
        if c_eq {
            return if i_g == 0.0 {
                Ok(WpKind::CpuOnly)
            } else {
                Err(NoSuchPartition::OneEqualsI { side: "C" })
            };
        }
        if g_eq {
            return if i_c == 0.0 {
                Ok(WpKind::GpuOnly)
            } else {
                Err(NoSuchPartition::OneEqualsI { side: "G" })
            };
        }
        match (i_c > i, i_g > i) {
            (true, false) | (false, true) => Ok(WpKind::Cp),
            (true, true) => Err(NoSuchPartition::BothAbove),
            (false, false) => Err(NoSuchPartition::BothBelow),
        }
    }

    /// Flop and byte shares (Eq. 15-18 divided by N_f). For p-DP the
    /// shares depend on the machine: see [`super::eval::pdp_shares`];
    /// here p-DP returns `None`.
    pub fn cp_shares(&self) -> Option<Shares> {
        match self.kind() {
            Ok(WpKind::PerfectDp) | Err(_) => None,
            Ok(_) => Some(cp_shares_unchecked(self.i, self.i_c, self.i_g)),
        }
    }
}

/// Eq. 15-18 per flop of the whole workload, without validity checks.
/// Valid only where Lemma 2 holds.
#[inline]
pub fn cp_shares_unchecked(i: f64, i_c: f64, i_g: f64) -> Shares {
    // N_bC/N_b = (I - I_G)/(I_C - I_G); N_b/N_f = 1/I.
    let inv = 1.0 / (i * (i_c - i_g));
    let bytes_c = (i - i_g) * inv;
    let bytes_g = (i_c - i) * inv; // = (I - I_C)/(I (I_G - I_C))
    Shares {
        flops_c: i_c * bytes_c,
        bytes_c,
        flops_g: i_g * bytes_g,
        bytes_g,
    }
}

/// The physical range of an intensity, flop/byte: 2^-20 to 2^20 (the
/// heat maps span up to 40 octaves around I); I_C and I_G may also be 0
/// (the processor does no flops).
pub fn intensity_range(allow_zero: bool) -> Range {
    let r = Range::new(INTENSITY_MIN, INTENSITY_MAX, "flop/byte");
    if allow_zero { r.or_zero() } else { r }
}

/// The lowest intensity in range, 2^-20 flop/byte.
pub const INTENSITY_MIN: f64 = 1.0 / 1048576.0;
/// The highest intensity in range, 2^20 flop/byte.
pub const INTENSITY_MAX: f64 = 1048576.0;

/// Check one intensity value against [`intensity_range`] (zero allowed
/// for I_C, I_G when `allow_zero`).
pub fn check_intensity(name: &'static str, v: f64, allow_zero: bool) -> Result<(), ParamError> {
    let what = match name {
        "I" => "intensity of the workload",
        "I_C" => "intensity of the CPU's part",
        "I_G" => "intensity of the GPU's part",
        _ => "intensity",
    };
    Ok(intensity_range(allow_zero).check(name, what, v)?)
}

//! Platform categories: P-Paw (PeaPaw Eq. 27, Section 5.1) and E-Paw
//! (Eq. 28-29, Section 5.2), each with its partitioning guideline.
//!
//! The eight E-Paw identifiers overlap: Race-to-halt (dGP_f + dGP_b < 0)
//! also holds for some points of CPU_COMP-GPU_COMP (dGP_f > 0, dGP_b < 0)
//! and CPU_MEM-GPU_MEM (dGP_f < 0, dGP_b > 0). We take the order in which
//! Section 5.2 lists them as the precedence: the four "both gradients
//! positive" categories, then Race-to-halt, then COMP-COMP, MEM-MEM, and
//! Workload-dependent for everything else (including ties at zero).

use super::machine::Platform;
use super::partition::approx_eq;

/// Performance-oriented category.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PPaw {
    CpuDpGpuDp,
    CpuCompGpuMem,
    CpuMemGpuComp,
}

impl PPaw {
    pub const ALL: [PPaw; 3] = [PPaw::CpuDpGpuDp, PPaw::CpuCompGpuMem, PPaw::CpuMemGpuComp];

    /// Name as spelled in the paper.
    pub fn name(self) -> &'static str {
        match self {
            PPaw::CpuDpGpuDp => "CPU_DP-GPU_DP",
            PPaw::CpuCompGpuMem => "CPU_COMP-GPU_MEM",
            PPaw::CpuMemGpuComp => "CPU_MEM-GPU_COMP",
        }
    }

    pub fn identifier(self) -> &'static str {
        match self {
            PPaw::CpuDpGpuDp => "BL_C = BL_G",
            PPaw::CpuCompGpuMem => "BL_C > BL_G",
            PPaw::CpuMemGpuComp => "BL_C < BL_G",
        }
    }

    pub fn guideline(self) -> &'static str {
        match self {
            PPaw::CpuDpGpuDp => {
                "Both processors have the same balance: split the data so that CPU and GPU finish together (p-DP)."
            }
            PPaw::CpuCompGpuMem => {
                "The CPU is relatively stronger at compute: split the code, giving the high-intensity part to the CPU and the low-intensity part to the GPU."
            }
            PPaw::CpuMemGpuComp => {
                "The GPU is relatively stronger at compute: split the code, giving the high-intensity part to the GPU and the low-intensity part to the CPU."
            }
        }
    }
}

/// Energy-oriented category.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EPaw {
    CpuOnly,
    GpuOnly,
    CpuCompGpuMem,
    CpuMemGpuComp,
    RaceToHalt,
    CpuCompGpuComp,
    CpuMemGpuMem,
    WorkloadDependent,
}

impl EPaw {
    /// In order of precedence.
    pub const ALL: [EPaw; 8] = [
        EPaw::CpuOnly,
        EPaw::GpuOnly,
        EPaw::CpuCompGpuMem,
        EPaw::CpuMemGpuComp,
        EPaw::RaceToHalt,
        EPaw::CpuCompGpuComp,
        EPaw::CpuMemGpuMem,
        EPaw::WorkloadDependent,
    ];

    /// Name as spelled in the paper.
    pub fn name(self) -> &'static str {
        match self {
            EPaw::CpuOnly => "CPU-only",
            EPaw::GpuOnly => "GPU-only",
            EPaw::CpuCompGpuMem => "CPU_COMP-GPU_MEM",
            EPaw::CpuMemGpuComp => "CPU_MEM-GPU_COMP",
            EPaw::RaceToHalt => "Race-to-halt",
            EPaw::CpuCompGpuComp => "CPU_COMP-GPU_COMP",
            EPaw::CpuMemGpuMem => "CPU_MEM-GPU_MEM",
            EPaw::WorkloadDependent => "Workload-dependent",
        }
    }

    pub fn identifier(self) -> &'static str {
        match self {
            EPaw::CpuOnly => "dGP_f > 0, dGP_b > 0, e_fC < e_fG, e_bC < e_bG",
            EPaw::GpuOnly => "dGP_f > 0, dGP_b > 0, e_fC > e_fG, e_bC > e_bG",
            EPaw::CpuCompGpuMem => "dGP_f > 0, dGP_b > 0, e_fC < e_fG, e_bC > e_bG",
            EPaw::CpuMemGpuComp => "dGP_f > 0, dGP_b > 0, e_fC > e_fG, e_bC < e_bG",
            EPaw::RaceToHalt => "dGP_f + dGP_b < 0",
            EPaw::CpuCompGpuComp => "dGP_f > 0, dGP_b < 0",
            EPaw::CpuMemGpuMem => "dGP_f < 0, dGP_b > 0",
            EPaw::WorkloadDependent => "none of the above",
        }
    }

    pub fn guideline(self) -> &'static str {
        match self {
            EPaw::CpuOnly => {
                "Dynamic energy dominates and the CPU spends less per flop and per byte: run the whole workload on the CPU."
            }
            EPaw::GpuOnly => {
                "Dynamic energy dominates and the GPU spends less per flop and per byte: run the whole workload on the GPU."
            }
            EPaw::CpuCompGpuMem => {
                "The CPU is cheaper per flop, the GPU per byte: split the code, high-intensity part to the CPU, low-intensity part to the GPU."
            }
            EPaw::CpuMemGpuComp => {
                "The GPU is cheaper per flop, the CPU per byte: split the code, high-intensity part to the GPU, low-intensity part to the CPU."
            }
            EPaw::RaceToHalt => {
                "Static energy dominates, so the fastest partition is also the most frugal: follow the performance guideline (P-Paw)."
            }
            EPaw::CpuCompGpuComp => {
                "Compute energy dominates: spread the flops evenly over both processors and put all memory traffic on the processor with the lower energy per byte."
            }
            EPaw::CpuMemGpuMem => {
                "Memory energy dominates: spread the bytes evenly over both processors and put all flops on the processor with the lower energy per flop."
            }
            EPaw::WorkloadDependent => {
                "No platform-level rule applies: profile the workload and compare its candidate partitions."
            }
        }
    }
}

/// All classification numbers of a platform.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Classification {
    /// Machine balance t_bC / t_fC, flop/byte.
    pub bl_c: f64,
    /// Machine balance t_bG / t_fG, flop/byte.
    pub bl_g: f64,
    /// Gradient energy of moving one flop (Eq. 28), pJ.
    pub dgp_f: f64,
    /// Gradient energy of moving one byte (Eq. 29), pJ.
    pub dgp_b: f64,
    pub p_paw: PPaw,
    pub e_paw: EPaw,
}

pub fn p_paw(bl_c: f64, bl_g: f64) -> PPaw {
    if approx_eq(bl_c, bl_g) {
        PPaw::CpuDpGpuDp
    } else if bl_c > bl_g {
        PPaw::CpuCompGpuMem
    } else {
        PPaw::CpuMemGpuComp
    }
}

/// E-Paw category from the gradients and the energy differences, with the
/// precedence described in the module documentation.
pub fn e_paw(dgp_f: f64, dgp_b: f64, e_f_c_minus_g: f64, e_b_c_minus_g: f64) -> EPaw {
    if dgp_f > 0.0 && dgp_b > 0.0 {
        return match (e_f_c_minus_g, e_b_c_minus_g) {
            (f, b) if f < 0.0 && b < 0.0 => EPaw::CpuOnly,
            (f, b) if f > 0.0 && b > 0.0 => EPaw::GpuOnly,
            (f, b) if f < 0.0 && b > 0.0 => EPaw::CpuCompGpuMem,
            (f, b) if f > 0.0 && b < 0.0 => EPaw::CpuMemGpuComp,
            _ => EPaw::WorkloadDependent,
        };
    }
    if dgp_f + dgp_b < 0.0 {
        EPaw::RaceToHalt
    } else if dgp_f > 0.0 && dgp_b < 0.0 {
        EPaw::CpuCompGpuComp
    } else if dgp_f < 0.0 && dgp_b > 0.0 {
        EPaw::CpuMemGpuMem
    } else {
        EPaw::WorkloadDependent
    }
}

/// Classify a platform (the parameters should be valid).
pub fn classify(p: &Platform) -> Classification {
    let (c, g) = (&p.cpu, &p.gpu);
    let ps = p.static_power();
    let dgp_f = (c.e_f - g.e_f).abs() - ps * g.t_f;
    let dgp_b = (c.e_b - g.e_b).abs() - ps * g.t_b;
    let bl_c = c.balance();
    let bl_g = g.balance();
    Classification {
        bl_c,
        bl_g,
        dgp_f,
        dgp_b,
        p_paw: p_paw(bl_c, bl_g),
        e_paw: e_paw(dgp_f, dgp_b, c.e_f - g.e_f, c.e_b - g.e_b),
    }
}

//! The classic roofline (Section 3.1, Figure 1) for the same primitive, to
//! compare with the boat hull (Section 5, Figure 1 against Figure 7).
//!
//! The roofline sees only the operator's operations, w·m·f (no class
//! offset o), and the compulsory bytes 4·d, all at the peak bandwidth: its
//! roof is min(P_compute, I x bandwidth) with I = operations / byte, and
//! the time it implies is max(ops / P_compute, bytes / bandwidth). For a
//! GPU the ceilings of Figure 1 (no fused multiply-add, scattered accesses)
//! stretch that to a range; the boat hull narrows it with class knowledge.

use super::class_vars::ClassVars;
use super::cpu::Cpu;
use super::gpu::Gpu;
use super::{BYTES_PER_ELEMENT, TimeRange};

/// A roofline: peak compute and peak bandwidth.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Roofline {
    /// Compute roof, GFLOP/s.
    pub p_compute_gflops: f64,
    /// Memory roof, GB/s.
    pub p_memory_gbs: f64,
}

/// One primitive placed on a roofline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RooflinePoint {
    /// Operator operations w·m·f.
    pub ops: f64,
    /// Compulsory bytes 4·d.
    pub bytes: f64,
    /// Operational intensity, operations per byte.
    pub intensity_ops_per_byte: f64,
    /// Attainable performance at that intensity, GFLOP/s.
    pub attainable_gops: f64,
    /// ops / attainable performance, s.
    pub time_s: f64,
}

impl Roofline {
    /// A GPU's roofline: P_compute and P_coalesced (Figure 1).
    pub fn of_gpu(gpu: &Gpu) -> Roofline {
        Roofline {
            p_compute_gflops: gpu.p_compute_gflops,
            p_memory_gbs: gpu.p_coalesced_gbs,
        }
    }

    /// A CPU's roofline: P_compute and P_memory.
    pub fn of_cpu(cpu: &Cpu) -> Roofline {
        Roofline {
            p_compute_gflops: cpu.p_compute_gflops,
            p_memory_gbs: cpu.p_memory_gbs,
        }
    }

    /// Intensity where the two roofs meet, operations per byte.
    pub fn ridge_ops_per_byte(&self) -> f64 {
        self.p_compute_gflops / self.p_memory_gbs
    }

    /// min(P_compute, I x bandwidth), GFLOP/s.
    pub fn attainable_gops(&self, intensity_ops_per_byte: f64) -> f64 {
        self.p_compute_gflops
            .min(intensity_ops_per_byte * self.p_memory_gbs)
    }

    /// max(ops / P_compute, bytes / bandwidth), s.
    pub fn time_s(&self, ops: f64, bytes: f64) -> f64 {
        (ops / (self.p_compute_gflops * 1e9)).max(bytes / (self.p_memory_gbs * 1e9))
    }

    /// A primitive of class variables `vars` and operator complexity `f`.
    pub fn point(&self, vars: &ClassVars, f: f64) -> RooflinePoint {
        let ops = vars.operator_operations(f);
        let bytes = vars.d * BYTES_PER_ELEMENT;
        let intensity = ops / bytes;
        RooflinePoint {
            ops,
            bytes,
            intensity_ops_per_byte: intensity,
            attainable_gops: self.attainable_gops(intensity),
            time_s: self.time_s(ops, bytes),
        }
    }
}

/// The range a GPU roofline with the ceilings of Figure 1 leaves open:
/// from the roof time to the time under both ceilings (half the compute
/// rate without fused multiply-add, P_uncoalesced for scattered accesses),
/// s.
pub fn gpu_ceiling_range(gpu: &Gpu, vars: &ClassVars, f: f64) -> TimeRange {
    let roof = Roofline::of_gpu(gpu);
    let p = roof.point(vars, f);
    let floor = Roofline {
        p_compute_gflops: gpu.p_compute_gflops / 2.0,
        p_memory_gbs: gpu.p_uncoalesced_gbs,
    };
    TimeRange {
        low_s: p.time_s,
        high_s: floor.time_s(p.ops, p.bytes),
    }
}

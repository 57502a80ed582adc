//! FPM devices of a platform when no measured speed function is attached:
//! one per CPU socket and one per GPU, each with a constant speed at its
//! compute roof up to what its memory holds.
//!
//! The unit is the FPM paper's: one update C_ij += A_ik B_kj of 640 x 640
//! single-precision blocks (2 x 640^3 flops, compute bound); a device
//! holding x blocks of C also holds their A and B blocks (3 x 4 x 640^2
//! bytes per unit). A constant speed makes FPM and CPM agree: the
//! difference the paper shows comes from measured speed functions. Where
//! a spec's peak is a measured roof (its clock or flops per cycle
//! measured, as `measure cpu` and `presets import-probe` write them), the
//! device's source says so.

use super::{CPU_PEAK, Derived, GPU_PEAK, from_inputs, peak_inputs};
use crate::fpm::{FpmDevice, SpeedPoint};
use crate::platform::spec::Fields;
use crate::platform::{Node, Source};

/// Side of the square blocks, elements (FPM paper: b = 640).
pub const BLOCK: f64 = 640.0;
/// Flops of one unit (one block update).
pub const FLOPS_PER_UNIT: f64 = 2.0 * BLOCK * BLOCK * BLOCK;
/// Bytes a device holds per unit of its share (A, B and C blocks, 4-byte
/// elements).
pub const BYTES_PER_UNIT: f64 = 3.0 * 4.0 * BLOCK * BLOCK;
/// Name of the unit.
pub const UNIT: &str = "blocks";

/// The devices of `node`: its sockets, then its GPUs.
pub fn devices(node: &Node) -> Derived<Vec<FpmDevice>> {
    let mut devices = Vec::new();
    for k in 0..node.cpus {
        let name = numbered(&node.cpu.name, k, node.cpus);
        let source = peak_source(&node.cpu, &CPU_PEAK, node.cpu.peak_gflops());
        devices.push(device(
            name,
            node.cpu.peak_gflops(),
            node.cpu.mem_gib,
            source,
        ));
    }
    for g in &node.gpus {
        for k in 0..g.count {
            let name = numbered(&g.spec.name, k, g.count);
            let source = peak_source(&g.spec, &GPU_PEAK, g.spec.peak_gflops());
            devices.push(device(name, g.spec.peak_gflops(), g.spec.mem_gib, source));
        }
    }
    let rule = Source::derived(format!(
        "constant speed at the compute roof: peak / (2 x {BLOCK}^3 flops per block update), \
         up to memory / ({} bytes per block held)",
        BYTES_PER_UNIT
    ));
    let mut sources = vec![("speed".into(), rule.clone()), ("max_size".into(), rule)];
    // A device whose roof was measured: its own entry.
    for d in &devices {
        if matches!(d.source, Source::Measured(_)) {
            sources.push((format!("speed.{}", d.name), d.source.clone()));
        }
    }
    Derived {
        value: devices,
        sources,
    }
}

fn numbered(name: &str, k: u32, n: u32) -> String {
    if n == 1 {
        name.to_string()
    } else {
        format!("{name} #{}", k + 1)
    }
}

/// Where a device's speed comes from: the measured roof where the spec's
/// peak was measured (see [`from_inputs`]), else the spec sheet.
fn peak_source(spec: &impl Fields, fields: &[&str], peak_gflops: f64) -> Source {
    match from_inputs(String::new(), &peak_inputs(spec, fields)) {
        Source::Measured(d) => Source::Measured(format!(
            "the measured compute roof {peak_gflops} GFLOP/s{d}; memory size from the spec"
        )),
        _ => Source::derived("from the spec sheet (compute roof, memory size)"),
    }
}

/// A device at `peak_gflops` holding at most `mem_gib`.
fn device(name: String, peak_gflops: f64, mem_gib: f64, source: Source) -> FpmDevice {
    let speed = peak_gflops * 1e9 / FLOPS_PER_UNIT;
    let limit = mem_gib * 1024.0 * 1024.0 * 1024.0 / BYTES_PER_UNIT;
    FpmDevice {
        name,
        source,
        // One point: the speed holds at every size up to the limit.
        points: vec![SpeedPoint::new(limit, speed)].into(),
        max_size_units: Some(limit),
        out_of_core: None,
        unit: UNIT.into(),
        contention: 1.0,
        socket: None,
        fit: None,
    }
}

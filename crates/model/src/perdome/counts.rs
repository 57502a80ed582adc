//! From code to intensities (PeaPaw's workflow, stage iii): a workload
//! given as code segments, each with its flops and bytes and the processor
//! it runs on, gives the workload partition (I, I_C, I_G):
//!
//! - I = (sum of all flops) / (sum of all bytes);
//! - I_C = flops / bytes of the CPU's segments, I_G likewise;
//! - a processor with no segment is unused: its intensity is 0, as in the
//!   CPU-only (I, I, 0) and GPU-only (I, 0, I) partitions; a processor
//!   whose segments move bytes but do no flops also has intensity 0, a
//!   real code partition (PeaPaw's LA case), told apart by the other
//!   processor's intensity differing from I.
//!
//! The shares of Eq. 14-18 computed from (I, I_C, I_G) then equal the
//! counted ones (tested).

use serde::{Deserialize, Serialize};

use super::machine::Side;
use super::partition::Wp;

/// One code segment: what it computes and moves, and where it runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Segment {
    pub name: String,
    /// Floating-point operations, flop.
    pub flops: f64,
    /// Bytes moved to and from memory, byte.
    pub bytes: f64,
    /// The processor it runs on.
    pub on: Side,
}

/// The partition of a set of segments, with the counts behind it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Counted {
    pub wp: Wp,
    /// Flops and bytes of the CPU's and the GPU's segments.
    pub flops: [f64; 2],
    pub bytes: [f64; 2],
}

/// Why segments give no partition.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum CountsError {
    #[error("no code segments: give at least one, with its flops and bytes")]
    Empty,
    #[error("segment '{name}': {what} = {value}: must be a finite number, zero or positive")]
    Value {
        name: String,
        what: &'static str,
        value: f64,
    },
    #[error(
        "the {side} segments do {flops} flop and move no bytes: their intensity is infinite; give the bytes they move"
    )]
    NoBytes { side: &'static str, flops: f64 },
    #[error(
        "the segments do no flops: the workload's intensity is 0 and no partition has a performance bound"
    )]
    NoFlops,
}

fn side_index(s: Side) -> usize {
    match s {
        Side::Cpu => 0,
        Side::Gpu => 1,
    }
}

/// (I, I_C, I_G) of `segments`.
pub fn intensities(segments: &[Segment]) -> Result<Counted, CountsError> {
    if segments.is_empty() {
        return Err(CountsError::Empty);
    }
    let (mut flops, mut bytes) = ([0.0; 2], [0.0; 2]);
    for s in segments {
        for (what, value) in [("flops", s.flops), ("bytes", s.bytes)] {
            if !(value.is_finite() && value >= 0.0) {
                return Err(CountsError::Value {
                    name: s.name.clone(),
                    what,
                    value,
                });
            }
        }
        let k = side_index(s.on);
        flops[k] += s.flops;
        bytes[k] += s.bytes;
    }
    let (all_flops, all_bytes) = (flops[0] + flops[1], bytes[0] + bytes[1]);
    if all_flops == 0.0 {
        return Err(CountsError::NoFlops);
    }
    let mut intensity = [0.0; 2];
    for (k, side) in [(0, "CPU"), (1, "GPU")] {
        if bytes[k] > 0.0 {
            intensity[k] = flops[k] / bytes[k];
        } else if flops[k] > 0.0 {
            return Err(CountsError::NoBytes {
                side,
                flops: flops[k],
            });
        }
    }
    Ok(Counted {
        wp: Wp::new(all_flops / all_bytes, intensity[0], intensity[1]),
        flops,
        bytes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perdome::WpKind;

    fn seg(name: &str, flops: f64, bytes: f64, on: Side) -> Segment {
        Segment {
            name: name.into(),
            flops,
            bytes,
            on,
        }
    }

    #[test]
    fn a_split_gives_the_intensities_and_the_shares_follow() {
        // CPU: 1e9 flop over 1e10 bytes (0.1 flop/byte); GPU: 2e10 flop
        // over 1e10 bytes (2 flop/byte): I = 2.1e10 / 2e10 = 1.05.
        let c = intensities(&[
            seg("gather", 1e9, 1e10, Side::Cpu),
            seg("solve", 2e10, 1e10, Side::Gpu),
        ])
        .unwrap();
        assert!((c.wp.i - 1.05).abs() < 1e-12);
        assert!((c.wp.i_c - 0.1).abs() < 1e-12);
        assert!((c.wp.i_g - 2.0).abs() < 1e-12);
        // Eq. 14-18 from (I, I_C, I_G) give back the counted shares.
        let shares = c.wp.cp_shares().unwrap();
        assert!((shares.flops_c - 1.0 / 21.0).abs() < 1e-12);
        assert!((shares.byte_fraction_c(c.wp.i) - 0.5).abs() < 1e-12);
    }

    #[test]
    fn one_processor_alone_is_cpu_or_gpu_only() {
        let c =
            intensities(&[seg("a", 4.0, 2.0, Side::Gpu), seg("b", 2.0, 1.0, Side::Gpu)]).unwrap();
        assert_eq!((c.wp.i, c.wp.i_c, c.wp.i_g), (2.0, 0.0, 2.0));
        assert_eq!(c.wp.kind().unwrap(), WpKind::GpuOnly);
        let c = intensities(&[seg("a", 4.0, 2.0, Side::Cpu)]).unwrap();
        assert_eq!(c.wp.kind().unwrap(), WpKind::CpuOnly);
    }

    #[test]
    fn bytes_without_flops_are_a_real_code_partition() {
        // PeaPaw's LA case: the CPU only moves data.
        let c = intensities(&[
            seg("copy", 0.0, 3.0, Side::Cpu),
            seg("compute", 1.0, 1.0, Side::Gpu),
        ])
        .unwrap();
        assert_eq!((c.wp.i, c.wp.i_c, c.wp.i_g), (0.25, 0.0, 1.0));
        assert_eq!(c.wp.kind().unwrap(), WpKind::Cp);
    }

    #[test]
    fn impossible_counts_are_named() {
        assert_eq!(intensities(&[]), Err(CountsError::Empty));
        let e = intensities(&[seg("x", -1.0, 1.0, Side::Cpu)]).unwrap_err();
        assert!(e.to_string().contains("segment 'x': flops = -1"), "{e}");
        let e = intensities(&[seg("x", 1.0, 0.0, Side::Gpu), seg("y", 1.0, 1.0, Side::Cpu)])
            .unwrap_err();
        assert!(
            e.to_string()
                .contains("GPU segments do 1 flop and move no bytes"),
            "{e}"
        );
        assert_eq!(
            intensities(&[seg("x", 0.0, 1.0, Side::Cpu)]),
            Err(CountsError::NoFlops)
        );
    }
}

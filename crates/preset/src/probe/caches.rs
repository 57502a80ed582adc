//! The caches of a probed board: the L2 as the probe queried it
//! (`device,,l2_cache_bytes`) where its CSV has the row, else the
//! datasheet L2 of a board of the same compute capability and SM count;
//! the L1 per SM from the compute capability's unified L1 and shared
//! memory (CUDA C++ Programming Guide, "Compute Capabilities" table),
//! which global loads use on Volta and later.

use hetscope_model::platform::{GpuSpec, Source};

use super::table::ProbeTable;

/// (compute capability, KiB of unified L1 / shared memory per SM).
const L1_KIB: [(&str, f64); 6] = [
    ("7.0", 128.0),
    ("8.0", 192.0),
    ("8.6", 128.0),
    ("8.9", 128.0),
    ("9.0", 256.0),
    ("10.0", 256.0),
];

/// (compute capability, SMs, MiB of L2, the datasheet's board).
const L2_MIB: [(&str, f64, f64, &str); 5] = [
    ("7.0", 80.0, 6.0, "V100"),
    ("8.0", 108.0, 40.0, "A100"),
    ("9.0", 114.0, 50.0, "H100 PCIe"),
    ("9.0", 132.0, 50.0, "H100 SXM5 and H200 SXM"),
    ("10.0", 148.0, 126.0, "B200"),
];

/// Sets the spec's L1 per SM and L2 where the run or its compute
/// capability tells them, with their sources.
pub fn set_caches(t: &ProbeTable, spec: &mut GpuSpec) {
    let cc = t
        .text("device", "compute_capability")
        .unwrap_or("?")
        .to_string();
    if let Some((_, kib)) = L1_KIB.iter().find(|(c, _)| *c == cc) {
        spec.l1_kib_per_sm = Some(*kib);
        spec.sources.insert(
            "l1_kib_per_sm".into(),
            Source::Paper(format!(
                "CUDA C++ Programming Guide: unified L1 and shared memory of compute capability {cc}, {kib} KiB per SM"
            )),
        );
    }
    if let Some(bytes) = t.number("device", "l2_cache_bytes") {
        spec.l2_mib = Some(bytes / (1024.0 * 1024.0));
        spec.sources.insert(
            "l2_mib".into(),
            Source::Measured(format!(
                "{}: queried from the device (cudaDeviceProp::l2CacheSize)",
                t.origin
            )),
        );
    } else if let Some((_, _, mib, board)) = L2_MIB
        .iter()
        .find(|(c, sms, _, _)| *c == cc && *sms == spec.sms)
    {
        spec.l2_mib = Some(*mib);
        spec.sources.insert(
            "l2_mib".into(),
            Source::Paper(format!(
                "datasheet L2 of the {board} ({} SMs, compute capability {cc}); the run did not report one",
                spec.sms
            )),
        );
    }
}

//! The footprint an offload kernel states (`device_bytes`, `host_bytes`:
//! bytes as a function of n) on the command line: `eval offload` reports
//! the stated footprint, says where it comes from and why it does not fit.
//! The footprint against the memories, the shipped kernels' footprints and
//! a bad one refused are tested in the preset crate
//! (`crates/preset/tests/offload_footprint.rs`).

use crate::common::{catalog, eval};

use hetscope::model::offload::Scaling;
use hetscope::preset::Catalog;
use hetscope::preset::offload::{OffloadKernelPreset, save_offload_kernel};

/// The V100 of the POWER9 node: 16 GB on the GPU, 256 GiB on the host.
const P9: &str = "power9-v100-nvlink2";

fn gemm(cat: &Catalog) -> OffloadKernelPreset {
    cat.offload_kernel("gemm").expect("gemm").1.clone()
}

#[test]
fn the_command_line_reports_the_stated_footprint_and_why_it_does_not_fit() {
    let cat = catalog();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.ron");
    let mut k = gemm(cat);
    k.device_bytes = Some(Scaling::quadratic(200.0));
    save_offload_kernel(&path, &k).unwrap();
    let file = path.display().to_string();
    let v = eval(&["eval", "offload", "--platform", P9, "--kernel", &file]);
    assert_eq!(v["fits_gpu"], false, "{v}");
    assert_eq!(v["fits_host"], true, "{v}");
    assert_eq!(v["offload"], false);
    assert!(v["speedup"].is_null());
    assert_eq!(v["footprint_bytes"]["exact"], true);
    assert_eq!(v["footprint_bytes"]["from"], "kernel");
    assert_eq!(v["footprint_bytes"]["at_least"], 200.0 * 9600.0 * 9600.0);
    let reason = v["reason"].as_str().unwrap_or("");
    assert!(reason.contains("GPU's memory"), "{reason}");
}

#[test]
fn eval_offload_says_where_the_footprint_comes_from() {
    let cat = catalog();
    let n2 = 9600.0 * 9600.0;
    let v = eval(&["eval", "offload", "--platform", P9, "--kernel", "gemm"]);
    for key in ["footprint_bytes", "host_footprint_bytes"] {
        let f = &v[key];
        assert_eq!(f["exact"], true, "{v}");
        assert_eq!(f["from"], "kernel");
        assert_eq!(f["at_least"], 12.0 * n2);
        assert_eq!(f["at_most"], 12.0 * n2);
    }
    // A kernel without a stated footprint (a file of format 1): bounded by
    // its transfers, A, B, C in and C out.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("plain.ron");
    let mut k = gemm(cat);
    k.device_bytes = None;
    k.host_bytes = None;
    save_offload_kernel(&path, &k).unwrap();
    let file = path.display().to_string();
    let v = eval(&["eval", "offload", "--platform", P9, "--kernel", &file]);
    for key in ["footprint_bytes", "host_footprint_bytes"] {
        let f = &v[key];
        assert_eq!(f["exact"], false, "{v}");
        assert_eq!(f["from"], "transfers");
        assert_eq!(f["at_least"], 12.0 * n2);
        assert_eq!(f["at_most"], 16.0 * n2);
    }
}

//! The footprint an offload kernel states (`device_bytes`, `host_bytes`:
//! bytes as a function of n) against the GPU's and the host's memory: a
//! stated footprint is exact and wins over the bounds of the transfers,
//! every shipped kernel states one that holds at least what it copies, and
//! a bad one is refused naming the file and the field. What `eval offload`
//! reports of it is tested with the command line
//! (`tests/cli/offload_footprint.rs` of the app).

use crate::common::catalog;

use hetscope_model::offload::{Scaling, decide};
use hetscope_preset::offload::{
    OffloadKernelPreset, OffloadPlatformPreset, offload_model, parse_offload_kernel,
};
use hetscope_preset::{Catalog, PresetError};

/// The V100 of the POWER9 node: 16 GB on the GPU, 256 GiB on the host.
const P9: &str = "power9-v100-nvlink2";

fn platform(cat: &Catalog) -> OffloadPlatformPreset {
    cat.offload_platform(P9).expect("platform").1.clone()
}

fn gemm(cat: &Catalog) -> OffloadKernelPreset {
    cat.offload_kernel("gemm").expect("gemm").1.clone()
}

#[test]
fn a_stated_footprint_beyond_the_gpu_is_not_offloaded() {
    let cat = catalog();
    let p = platform(cat);
    let n = 9600.0;
    // By its transfers GEMM fits the V100 at n = 9600 (at most 16 n^2 =
    // 1.5 GB); a footprint of 200 n^2 bytes (18.4 GB) does not.
    let mut k = gemm(cat);
    k.device_bytes = None;
    k.host_bytes = None;
    let (mp, mk) = offload_model(&p, &k).unwrap();
    let by_transfers = decide(&mk, &mp, n).unwrap();
    assert_eq!(by_transfers.fits_gpu, Some(true));
    assert!(!by_transfers.footprint.exact);
    k.device_bytes = Some(Scaling::quadratic(200.0));
    let (mp, mk) = offload_model(&p, &k).unwrap();
    let d = decide(&mk, &mp, n).unwrap();
    assert_eq!(d.fits_gpu, Some(false));
    assert_eq!(d.fits_host, Some(true));
    assert!(!d.offload && d.speedup > 1.0, "{}", d.speedup);
    assert!(d.footprint.exact && d.footprint.lower == 200.0 * n * n);
    let why = d.does_not_fit(&mp.memory).expect("a reason");
    assert!(
        why.contains("GPU's memory") && why.contains("18.432 GB against 16.000 GB"),
        "{why}"
    );
    assert!(!why.contains("at least"), "{why}");
    // The host's memory is checked against the host's footprint.
    k.host_bytes = Some(Scaling::quadratic(4000.0));
    let (mp, mk) = offload_model(&p, &k).unwrap();
    let d = decide(&mk, &mp, n).unwrap();
    assert_eq!(d.fits_host, Some(false));
    let why = d.does_not_fit(&mp.memory).expect("a reason");
    assert!(
        why.contains("host's memory") && why.contains("368.640 GB"),
        "{why}"
    );
}

#[test]
fn every_shipped_kernel_states_a_footprint_that_holds_its_transfers() {
    let cat = catalog();
    let p = platform(cat);
    assert!(cat.offload_kernels().len() >= 30);
    for (e, k) in cat.offload_kernels() {
        assert!(
            k.device_bytes.is_some() && k.host_bytes.is_some(),
            "{}: states no footprint",
            e.path
        );
        let (_, mk) = offload_model(&p, k).unwrap();
        // From n = 10 up: the presets keep the leading term in n, so at
        // n = 1 a vector copied back can outweigh the matrix.
        let sizes = [10.0, 1e3, k.test_size as f64, k.benchmark_size as f64, 1e5];
        for n in sizes {
            let copied = k.bytes_to_device.at(n).max(k.bytes_from_device.at(n));
            for (what, f) in [("device", mk.footprint(n)), ("host", mk.host_footprint(n))] {
                assert!(f.exact, "{}: {what}", e.path);
                assert!(
                    f.lower >= copied && f.lower.is_finite(),
                    "{}: {what} footprint {} at n = {n} is below the larger transfer {copied}",
                    e.path,
                    f.lower
                );
            }
        }
    }
}

#[test]
fn a_bad_stated_footprint_is_refused_naming_file_and_field() {
    let text = std::fs::read_to_string(format!(
        "{}/presets/offload-kernels/gemm.ron",
        crate::common::ROOT
    ))
    .unwrap();
    let device = "    device_bytes: (coef: 12.0, exp: 2.0),";
    let host = "    host_bytes: (coef: 12.0, exp: 2.0),";
    assert!(text.contains(device) && text.contains(host));
    for (from, to, field) in [
        (
            device,
            "    device_bytes: (coef: -1.0, exp: 2.0),",
            "device_bytes.coef",
        ),
        (
            host,
            "    host_bytes: (coef: NaN, exp: 2.0),",
            "host_bytes.coef",
        ),
        (
            host,
            "    host_bytes: (coef: 12.0, exp: -1.0),",
            "host_bytes.exp",
        ),
        (
            device,
            "    device_bytes: (coef: 12.0, exp: inf),",
            "device_bytes.exp",
        ),
        (
            device,
            "    device_bytes: (coef: 8.0, exp: 2.0),",
            "device_bytes",
        ),
        (
            host,
            "    host_bytes: (coef: 1e300, exp: 3.0),",
            "host_bytes",
        ),
    ] {
        let bad = text.replacen(from, to, 1);
        let e = parse_offload_kernel(&bad, "my/gemm.ron").expect_err(to);
        assert!(
            matches!(&e, PresetError::Value { field: f, .. } | PresetError::Invalid { field: f, .. } if f == field),
            "{to}: {e:?}"
        );
        let msg = e.to_string();
        assert!(
            msg.starts_with("my/gemm.ron: ") && msg.contains(field),
            "{msg}"
        );
    }
    let e = parse_offload_kernel(
        &text.replacen(device, "    device_bytes: (coef: 8.0, exp: 2.0),", 1),
        "k.ron",
    )
    .unwrap_err();
    assert!(e.to_string().contains("larger transfer"), "{e}");
    // Without either the kernel reads as before.
    let plain = text.replacen(device, "", 1).replacen(host, "", 1);
    let k = parse_offload_kernel(&plain, "k.ron").unwrap();
    assert!(k.device_bytes.is_none() && k.host_bytes.is_none());
}

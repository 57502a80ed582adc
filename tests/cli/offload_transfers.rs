//! Pinned or pageable copies, as the platform or the kernel says: the
//! derived offload bus carries the link's rates from both kinds of host
//! memory, a kernel that names its host memory copies at that memory's
//! rates, a platform may choose the default, and a bus without the rates
//! of a memory keeps its own.

use crate::common::{eval, num};

/// 2DCONV at n = 9600 with `line` added to its preset (an empty line:
/// as shipped), on `platform`.
fn conv(platform: &str, line: &str) -> serde_json::Value {
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("2dconv.ron");
    let text = std::fs::read_to_string("presets/offload-kernels/2dconv.ron").expect("the preset");
    let with = text.replacen(
        "    element_bytes: 4.0,",
        &format!("    element_bytes: 4.0,\n{line}"),
        1,
    );
    std::fs::write(&file, with).expect("written");
    let k = file.to_str().expect("a path");
    eval(&[
        "eval",
        "offload",
        "--platform",
        platform,
        "--kernel",
        k,
        "--size",
        "9600",
    ])
}

/// Both copies of 2DCONV at n = 9600 (4 n^2 bytes each way) at `up` and
/// `down` GB/s over a link of `latency_us`.
fn copies(up: f64, down: f64, latency_us: f64) -> f64 {
    let bytes = 4.0 * 9600.0 * 9600.0;
    2.0 * latency_us * 1e-6 + bytes / (up * 1e9) + bytes / (down * 1e9)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-12 * b.abs()
}

#[test]
fn a_kernel_with_pinned_arrays_copies_at_the_probed_pinned_rates() {
    let node = "h100-node-measured";
    let latency = 7.683999996;
    let shipped = conv(node, "");
    assert_eq!(shipped["host_memory"]["memory"], "the platform's");
    let pageable = copies(9.436506046, 15.09487857, latency);
    assert!(close(num(&shipped, "transfer_s"), pageable));
    let pinned = conv(node, "    host_memory: Pinned,");
    assert_eq!(pinned["host_memory"]["memory"], "pinned");
    let fast = copies(55.26289042, 55.21718138, latency);
    assert!(close(num(&pinned, "transfer_s"), fast));
    // The copies decided 2DCONV: offloaded once they are pinned.
    assert_eq!(shipped["offload"], false);
    assert_eq!(pinned["offload"], true);
    let said = conv(node, "    host_memory: Pageable,");
    assert!(close(num(&said, "transfer_s"), pageable));
}

#[test]
fn a_platform_may_copy_from_pinned_memory_by_default() {
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("pinned-node.ron");
    let text =
        std::fs::read_to_string("presets/platforms/h100-node-measured.ron").expect("the platform");
    let with = text.replacen(
        "    offload_formulation: CacheAware,",
        "    offload_formulation: CacheAware,\n    offload_transfers: Pinned,",
        1,
    );
    std::fs::write(&file, with).expect("written");
    let v = conv(file.to_str().expect("a path"), "");
    assert!(close(
        num(&v, "transfer_s"),
        copies(55.26289042, 55.21718138, 7.683999996)
    ));
    // A kernel that says pageable still copies at the pageable rates.
    let v = conv(file.to_str().expect("a path"), "    host_memory: Pageable,");
    assert!(close(
        num(&v, "transfer_s"),
        copies(9.436506046, 15.09487857, 7.683999996)
    ));
}

#[test]
fn a_bus_without_the_rates_of_a_memory_keeps_its_own() {
    // The hand-filled node's bus has one measured rate (7.7 GB/s) and no
    // pinned rates: a pinned kernel copies at it.
    let v = conv("h100-node-offload-hand", "    host_memory: Pinned,");
    assert_eq!(v["host_memory"]["h2d_gbs"], 7.7);
    assert!(close(num(&v, "transfer_s"), copies(7.7, 7.7, 10.0)));
}

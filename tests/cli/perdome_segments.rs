//! A workload given as code segments (flops, bytes, processor) on the
//! command line: the partition it gives is the one `--set I, I_C, I_G`
//! names, and impossible counts are refused with the segment named.

use crate::common::{eval, fails, num};

#[test]
fn segments_give_the_partition_of_their_counts() {
    // CPU: 1e9 flop / 1e10 byte = 0.1; GPU: 2e10 / 1e10 = 2; all: 1.05.
    let counted = eval(&[
        "eval",
        "peapaw",
        "--segment",
        "gather:1e9:1e10:cpu",
        "--segment",
        "solve:2e10:1e10:gpu",
    ]);
    assert!((num(&counted, "I") - 1.05).abs() < 1e-12);
    assert!((num(&counted, "I_C") - 0.1).abs() < 1e-12);
    assert!((num(&counted, "I_G") - 2.0).abs() < 1e-12);
    assert_eq!(counted["kind"], "CP");
    assert_eq!(num(&counted["segments"], "flops_gpu"), 2e10);
    let set = eval(&[
        "eval", "peapaw", "--set", "I=1.05", "--set", "I_C=0.1", "--set", "I_G=2",
    ]);
    for key in [
        "gflops",
        "gflop_per_joule",
        "cpu_flop_share",
        "cpu_byte_share",
    ] {
        assert!(
            (num(&counted, key) - num(&set, key)).abs() <= 1e-9 * num(&set, key).abs(),
            "{key}"
        );
    }
    // Every segment on the GPU: the GPU-only partition.
    let gpu = eval(&["eval", "perdome", "--segment", "all:3:2:gpu"]);
    assert_eq!(gpu["kind"], "GPU-only");
}

#[test]
fn impossible_segments_are_named() {
    fails(
        &["eval", "perdome", "--segment", "x:1:1"],
        2,
        "NAME:FLOPS:BYTES:cpu|gpu",
    );
    fails(&["eval", "perdome", "--segment", "x:1:1:fpga"], 2, "fpga");
    fails(
        &["eval", "perdome", "--segment", "x:-1:1:cpu"],
        2,
        "segment 'x': flops = -1",
    );
    fails(
        &[
            "eval",
            "perdome",
            "--segment",
            "x:5:0:gpu",
            "--segment",
            "y:1:1:cpu",
        ],
        2,
        "GPU segments do 5 flop and move no bytes",
    );
    fails(
        &["eval", "perdome", "--segment", "x:1:1:gpu", "--set", "I=2"],
        2,
        "not with --set I",
    );
}

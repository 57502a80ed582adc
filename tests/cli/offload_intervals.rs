//! How sure an offload decision is: a 90 % interval from the
//! formulation's error on the shipped H100 runs, "too close to call"
//! where it straddles 1, on platforms derived from hardware; an offload
//! preset's values (a paper's) carry none.

use crate::common::{eval, num};

#[test]
fn a_decision_carries_its_interval_and_says_when_it_cannot_tell() {
    let cached = eval(&[
        "eval",
        "offload",
        "--platform",
        "xeon-8480-h100",
        "--kernel",
        "gemm",
        "--formulation",
        "cache-aware",
    ]);
    let i = &cached["interval"];
    let (s, low, high, f) = (
        num(&cached, "speedup"),
        num(i, "low"),
        num(i, "high"),
        num(i, "factor"),
    );
    assert!(f >= 1.0 && (low * f - s).abs() < 1e-9 * s && (high / f - s).abs() < 1e-9 * s);
    assert_eq!(num(i, "confidence"), 0.9);
    assert_eq!(num(i, "rows"), 24.0);
    let covered = num(i, "covered");
    assert!((18.0..=24.0).contains(&covered), "{covered}");
    assert_eq!(cached["call"], "offload", "{low} to {high}");
    // The published reading is off by far more on the measured node: the
    // same loop's interval straddles 1.
    let published = eval(&[
        "eval",
        "offload",
        "--platform",
        "xeon-8480-h100",
        "--kernel",
        "gemm",
        "--formulation",
        "published",
    ]);
    let p = &published["interval"];
    assert!(num(p, "factor") > f, "{p}");
    assert!(num(p, "low") < 1.0 && num(p, "high") > 1.0, "{p}");
    assert_eq!(published["call"], "too close to call");
    assert_eq!(published["offload"], true, "the point decision stays");
    // The offload paper's own preset: no interval, a side.
    let paper = eval(&[
        "eval",
        "offload",
        "--platform",
        "power9-v100-nvlink2",
        "--kernel",
        "gemm",
    ]);
    assert!(paper.get("interval").is_none(), "{paper}");
    assert_eq!(paper["call"], "offload");
}

#[test]
fn the_readme_quotes_the_factors() {
    let factor = |f: &str| {
        let v = eval(&[
            "eval",
            "offload",
            "--platform",
            "xeon-8480-h100",
            "--kernel",
            "gemm",
            "--formulation",
            f,
        ]);
        num(&v["interval"], "factor")
    };
    let readme = std::fs::read_to_string("README.md")
        .expect("the README")
        .replace('\n', " ");
    let said = format!(
        "factor of {:.1} for the cache-aware formulation, {:.0} for the published one",
        factor("cache-aware"),
        factor("published")
    );
    assert!(readme.contains(&said), "README.md should say {said}");
}

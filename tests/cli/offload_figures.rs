//! The offload view exported by the command line: its GPU curves stop
//! where the data exceeds the GPU's memory, with a line saying so, and the
//! CPU curve goes on. The offload figures themselves are tested in the
//! core crate (`crates/core/tests/offload_figures.rs`).

/// The offload view's GPU curves stop where the data exceeds the GPU's
/// memory, with a line saying so; the CPU curve goes on.
#[test]
fn the_gpu_curves_stop_where_the_data_does_not_fit() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("mem.csv");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_hetscope"))
        .args([
            "export",
            "--view",
            "offload",
            "--platform",
            "power9-v100-nvlink2",
            "--kernel",
            "gemm",
            "--size-to",
            "1000000",
            "--out",
            out.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let csv = std::fs::read_to_string(&out).unwrap();
    let line = csv
        .lines()
        .find(|l| l.contains("data > GPU memory"))
        .expect("a memory line");
    // GEMM's data: 12 n^2 bytes at least > 16e9 from n = 36515 on.
    let at: f64 = line
        .split(',')
        .nth(4)
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0);
    assert!((36_000.0..37_500.0).contains(&at), "{line}");
    let gpu_after = csv
        .lines()
        .filter(|l| l.contains("GPU: kernel + transfers") && l.contains(",point,"))
        .filter_map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            Some((f.get(4)?.parse::<f64>().ok()?, f.get(6)?.to_string()))
        })
        .filter(|(n, _)| *n > at * 1.01)
        .collect::<Vec<_>>();
    assert!(!gpu_after.is_empty());
    assert!(
        gpu_after.iter().all(|(_, y)| y.is_empty()),
        "no GPU time past the memory"
    );
}

//! The shipped H100 offload speedups read here without the crate's
//! reader: shared by the core crate's tests and the app's (`#[path]`).

pub const FILE: &str = "assets/data/h100-offload-measured.csv";
pub const LEGEND: &str = "measured (h100-offload-measured.csv)";

pub fn path() -> String {
    format!("{}/{FILE}", crate::common::ROOT)
}

pub fn shipped() -> String {
    std::fs::read_to_string(path()).unwrap()
}

/// One CSV row of the shipped file: kernel, n, threads, speedup.
pub fn csv_rows() -> Vec<(String, f64, f64, f64)> {
    let text = shipped();
    let mut lines = text.lines();
    let head: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| head.iter().position(|h| *h == name).unwrap();
    let (k, n, t, s) = (col("kernel"), col("n"), col("threads"), col("speedup"));
    lines
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            let num = |i: usize| f[i].parse::<f64>().unwrap();
            (f[k].to_string(), num(n), num(t), num(s))
        })
        .collect()
}

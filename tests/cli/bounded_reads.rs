//! Every file hetscope reads is refused when it is larger than its kind
//! allows, before it is read into memory: a huge (sparse) speed function
//! is refused at once, by the command line and the library alike, with a
//! message naming the file, its size and the limit. A file at the limit
//! and a long file within it are tested in the preset crate
//! (`crates/preset/tests/bounded_reads.rs`).

use crate::common::fails;

use std::path::Path;
use std::time::Instant;

use hetscope::preset::fpm::load_speed_csv;
use hetscope::preset::perdome::load_energy_runs;

/// A file of `len` bytes that holds nothing (no disk used, nothing to
/// read until someone reads it).
fn sparse(path: &Path, len: u64) {
    std::fs::File::create(path)
        .and_then(|f| f.set_len(len))
        .expect("a sparse file");
}

#[test]
fn a_huge_speed_function_is_refused_at_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("speeds.csv");
    sparse(&path, 240_000_000);
    let start = Instant::now();
    let e = load_speed_csv(&path).expect_err("too large").to_string();
    assert!(start.elapsed().as_secs_f64() < 1.0, "{:?}", start.elapsed());
    let said = format!(
        "{}: the file is 240 MB; hetscope reads measurement files up to 16 MB",
        path.display()
    );
    assert!(e.starts_with(&said), "{e}");
    assert!(e.contains("a few thousand rows"), "{e}");
    // The command line says the same, in one line, at once.
    let arg = path.display().to_string();
    let start = Instant::now();
    let line = fails(&["fpm", "eval", "--devices", &arg, "--n", "100"], 2, &said);
    assert!(start.elapsed().as_secs_f64() < 5.0, "{:?}", start.elapsed());
    assert!(line.contains("16 MB"), "{line}");
    // Another kind of file: the energy runs.
    let runs = dir.path().join("runs.csv");
    sparse(&runs, 3_000_000_000);
    let e = load_energy_runs(&runs).expect_err("too large").to_string();
    assert!(e.contains("the file is 3 GB"), "{e}");
}

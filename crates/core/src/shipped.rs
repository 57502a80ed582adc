//! The measurements hetscope ships (`assets/data/`), found from the
//! working folder (where `cargo run` and the tests start) or from the
//! folders above the program (`target/release/hetscope` of a checkout).

use std::path::{Path, PathBuf};

/// The shipped H100 node's measurements that `validate` compares the
/// models with, relative to the repository.
pub const H100_MEASUREMENTS: [&str; 4] = [
    "assets/data/h100-offload-measured.csv",
    "assets/data/h100-boathull-measured.csv",
    "assets/data/h100-node-sa-measured.csv",
    "assets/data/h100-energy-runs.csv",
];

/// The shipped file `rel` (a path relative to the repository), where it
/// is found.
pub fn find(rel: &str) -> Option<PathBuf> {
    let here = Path::new(rel);
    if here.is_file() {
        return Some(here.to_path_buf());
    }
    let exe = std::env::current_exe().ok()?;
    exe.ancestors()
        .skip(1)
        .take(4)
        .map(|dir| dir.join(rel))
        .find(|p| p.is_file())
}

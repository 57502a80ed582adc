//! The workspace's sources as the code-shape tests read them: the root,
//! every crate's `src/` folder and the Rust files below a folder.

use std::path::{Path, PathBuf};

/// The workspace root (the app crate's folder).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The source folder of every crate: the app's and each one under
/// `crates/`.
pub fn crate_sources() -> Vec<PathBuf> {
    let mut out = vec![root().join("src")];
    for entry in std::fs::read_dir(root().join("crates")).expect("crates/") {
        let src = entry.expect("an entry").path().join("src");
        if src.is_dir() {
            out.push(src);
        }
    }
    out
}

/// Every `.rs` file below `dir`, added to `out`.
pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

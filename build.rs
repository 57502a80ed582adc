//! The commit the binary is built from, for `--version` and the About
//! window: `git rev-parse --short=12 HEAD`, with "-modified" where the
//! work tree differs from it, or "unknown" outside a git checkout (a
//! source archive).

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn main() {
    let commit = match git(&["rev-parse", "--short=12", "HEAD"]) {
        Some(c) if !c.is_empty() => {
            let dirty = git(&["status", "--porcelain", "--untracked-files=no"])
                .is_some_and(|s| !s.is_empty());
            if dirty { format!("{c}-modified") } else { c }
        }
        _ => "unknown".to_string(),
    };
    println!("cargo:rustc-env=HETSCOPE_COMMIT={commit}");
    for path in [".git/HEAD", ".git/index", ".git/refs/heads"] {
        println!("cargo:rerun-if-changed={path}");
    }
}

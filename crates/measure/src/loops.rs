//! The host loop benchmark: `probe/host/hetscope-loops.c` (the offload
//! suite's loops in C with OpenMP) built with the system's C compiler and
//! run, its progress read from its standard error and its CSV left where
//! asked (see `probe/host/README.md` for the program and its file).
//!
//! The sources are compiled into this crate, so a built hetscope needs
//! only a C compiler with OpenMP (`cc -fopenmp`): they are written to a
//! fresh temporary folder, built there with the flags asked (recorded in
//! the CSV), run, and the folder removed.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::MeasureError;

/// The program's sources: (file name, text).
pub const SOURCES: [(&str, &str); 3] = [
    (
        "hetscope-loops.c",
        include_str!("../../../probe/host/hetscope-loops.c"),
    ),
    (
        "loops_kernels.h",
        include_str!("../../../probe/host/loops_kernels.h"),
    ),
    (
        "loops_check.h",
        include_str!("../../../probe/host/loops_check.h"),
    ),
];

/// The loops the program times, by their kernel presets' names (a loop
/// that several presets share is timed once, under the first name; see
/// `probe/host/loops_kernels.h`).
pub const KERNELS: [&str; 14] = [
    "ATAX1",
    "ATAX2",
    "GESUMMV",
    "COVAR_MEAN",
    "CORR_STD",
    "COVAR_REDUCE",
    "CORR_REDUCE",
    "SYRK1",
    "2DCONV",
    "GEMM",
    "SYRK2",
    "SYR2K",
    "COVAR_COVAR",
    "3DCONV",
];

/// The flags the loops are built with unless told otherwise: the offload
/// measurements' (`gcc -O3 -march=native`), with OpenMP.
pub const DEFAULT_CFLAGS: &str = "-O3 -march=native -fopenmp";

/// How to build and run the benchmark.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopsConfig {
    /// The C compiler (a command on the path or a file).
    pub cc: String,
    /// Its flags (split at white space); must enable OpenMP.
    pub cflags: String,
    /// Three sizes per kernel and short samples.
    pub quick: bool,
    /// Thread counts; empty: 1, 2, 4, ... and every logical CPU.
    pub threads: Vec<usize>,
    /// Kernels by name; empty: all.
    pub kernels: Vec<String>,
    /// Sizes for every kernel; empty: each kernel's own.
    pub sizes: Vec<u64>,
}

impl Default for LoopsConfig {
    fn default() -> Self {
        LoopsConfig {
            cc: std::env::var("CC").unwrap_or_else(|_| "cc".into()),
            cflags: DEFAULT_CFLAGS.into(),
            quick: false,
            threads: Vec::new(),
            kernels: Vec::new(),
            sizes: Vec::new(),
        }
    }
}

/// A temporary folder removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Result<Scratch, MeasureError> {
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let dir =
            std::env::temp_dir().join(format!("hetscope-loops-{}-{stamp}", std::process::id()));
        std::fs::create_dir_all(&dir)
            .map_err(|e| MeasureError::Invalid(format!("cannot make {}: {e}", dir.display())))?;
        Ok(Scratch(dir))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Build the program in `dir` with `cfg`'s compiler and flags; the
/// executable's path. A compiler that fails says why, with its output.
pub fn build(cfg: &LoopsConfig, dir: &Path) -> Result<PathBuf, MeasureError> {
    for (name, text) in SOURCES {
        std::fs::write(dir.join(name), text).map_err(|e| {
            MeasureError::Invalid(format!("cannot write {}: {e}", dir.join(name).display()))
        })?;
    }
    let exe = dir.join("hetscope-loops");
    let flags: Vec<&str> = cfg.cflags.split_whitespace().collect();
    let out = Command::new(&cfg.cc)
        .args(&flags)
        .arg(format!("-DHETSCOPE_CFLAGS=\"{}\"", flags.join(" ")))
        .arg("-o")
        .arg(&exe)
        .arg(dir.join("hetscope-loops.c"))
        .arg("-lm")
        .output()
        .map_err(|e| {
            MeasureError::Invalid(format!(
                "cannot run the C compiler `{}`: {e} (install a C compiler with OpenMP, e.g. gcc, or name one with --cc)",
                cfg.cc
            ))
        })?;
    if !out.status.success() {
        let said = String::from_utf8_lossy(&out.stderr);
        let said: Vec<&str> = said.lines().take(12).collect();
        return Err(MeasureError::Invalid(format!(
            "`{} {}` could not build the loops:\n{}",
            cfg.cc,
            cfg.cflags,
            said.join("\n")
        )));
    }
    Ok(exe)
}

fn list<T: ToString>(v: &[T]) -> String {
    v.iter().map(T::to_string).collect::<Vec<_>>().join(",")
}

/// The program's arguments for `cfg`, writing to `out`.
fn arguments(cfg: &LoopsConfig, out: &Path) -> Vec<String> {
    let mut a = Vec::new();
    if cfg.quick {
        a.push("--quick".into());
    }
    for (flag, v) in [
        ("--threads", list(&cfg.threads)),
        ("--kernels", cfg.kernels.join(",")),
        ("--sizes", list(&cfg.sizes)),
    ] {
        if !v.is_empty() {
            a.extend([flag.to_string(), v]);
        }
    }
    a.extend(["--out".into(), out.display().to_string()]);
    a
}

/// A progress line of the program, `[k/N] label`: (k, N, label).
pub fn progress_line(line: &str) -> Option<(usize, usize, &str)> {
    let rest = line.strip_prefix('[')?;
    let (counts, label) = rest.split_once("] ")?;
    let (k, n) = counts.split_once('/')?;
    Some((k.parse().ok()?, n.parse().ok()?, label))
}

/// Build the loops and run them, writing the CSV to `out` (the program
/// writes `out.partial` and renames it, so a failed or cancelled run
/// leaves no CSV). `progress(k, n, label)` follows each timed loop;
/// `cancel` stops the run (the program is killed).
pub fn measure_loops(
    cfg: &LoopsConfig,
    out: &Path,
    progress: &mut dyn FnMut(usize, usize, &str),
    cancel: &AtomicBool,
) -> Result<(), MeasureError> {
    let scratch = Scratch::new()?;
    let exe = build(cfg, &scratch.0)?;
    let mut child = Command::new(&exe)
        .args(arguments(cfg, out))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| MeasureError::Invalid(format!("cannot run {}: {e}", exe.display())))?;
    let said = follow(&mut child, progress, cancel);
    if cancel.load(Ordering::Relaxed) {
        let _ = child.kill();
        let _ = child.wait();
        let _ = std::fs::remove_file(partial(out));
        return Err(MeasureError::Cancelled);
    }
    let status = child
        .wait()
        .map_err(|e| MeasureError::Invalid(format!("the loops did not finish: {e}")))?;
    if status.success() {
        Ok(())
    } else {
        Err(MeasureError::Invalid(format!(
            "the loops stopped ({status}): {}",
            said.join("\n")
        )))
    }
}

fn partial(out: &Path) -> PathBuf {
    let mut p = out.as_os_str().to_owned();
    p.push(".partial");
    PathBuf::from(p)
}

/// Read the program's standard error line by line until it ends or
/// `cancel` is set; the lines that are not progress (its messages).
fn follow(
    child: &mut Child,
    progress: &mut dyn FnMut(usize, usize, &str),
    cancel: &AtomicBool,
) -> Vec<String> {
    let Some(err) = child.stderr.take() else {
        return Vec::new();
    };
    // A reader thread, so that a cancel is seen between lines of a long
    // loop too.
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(err).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut said = Vec::new();
    loop {
        if cancel.load(Ordering::Relaxed) {
            let _ = child.kill();
            return said;
        }
        match rx.recv_timeout(Duration::from_millis(100)) {
            Ok(line) => match progress_line(&line) {
                Some((k, n, label)) => progress(k, n, label),
                None => said.push(line),
            },
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => return said,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_lines_are_read() {
        assert_eq!(
            progress_line("[3/84] GEMM n=128 threads=2"),
            Some((3, 84, "GEMM n=128 threads=2"))
        );
        assert_eq!(progress_line("hetscope-loops: out of memory"), None);
        assert_eq!(progress_line("[x/2] a"), None);
    }

    #[test]
    fn arguments_follow_the_config() {
        let cfg = LoopsConfig {
            quick: true,
            threads: vec![1, 2],
            kernels: vec!["GEMM".into(), "ATAX1".into()],
            ..LoopsConfig::default()
        };
        let a = arguments(&cfg, Path::new("o.csv"));
        assert_eq!(
            a,
            [
                "--quick",
                "--threads",
                "1,2",
                "--kernels",
                "GEMM,ATAX1",
                "--out",
                "o.csv"
            ]
        );
    }

    #[test]
    fn a_missing_compiler_is_named() {
        let cfg = LoopsConfig {
            cc: "no-such-cc-hetscope".into(),
            ..LoopsConfig::default()
        };
        let never = AtomicBool::new(false);
        let e = measure_loops(&cfg, Path::new("x.csv"), &mut |_, _, _| {}, &never)
            .expect_err("no compiler")
            .to_string();
        assert!(
            e.contains("no-such-cc-hetscope") && e.contains("--cc"),
            "{e}"
        );
    }

    /// The real program, built with this machine's compiler: its own
    /// checks pass, and a short run writes a CSV with every row asked.
    #[test]
    fn the_loops_build_check_and_run() {
        let scratch = Scratch::new().expect("temp");
        let cfg = LoopsConfig {
            cflags: format!("{DEFAULT_CFLAGS} -Wall -Wextra -Werror"),
            threads: vec![1, 2],
            kernels: vec!["ATAX1".into(), "GEMM".into(), "3DCONV".into()],
            sizes: vec![16, 24],
            ..LoopsConfig::default()
        };
        let exe = build(&cfg, &scratch.0).expect("builds with every warning an error");
        let check = Command::new(&exe).arg("--check").output().expect("runs");
        assert!(
            check.status.success(),
            "{}",
            String::from_utf8_lossy(&check.stderr)
        );
        let listed = Command::new(&exe).arg("--list").output().expect("runs");
        let listed = String::from_utf8_lossy(&listed.stdout).to_string();
        let names: Vec<&str> = listed.lines().filter_map(|l| l.split(' ').next()).collect();
        assert_eq!(
            names, KERNELS,
            "the program's loops are the ones named here"
        );
        let out = scratch.0.join("loops.csv");
        let mut seen = Vec::new();
        measure_loops(
            &cfg,
            &out,
            &mut |k, n, _| seen.push((k, n)),
            &AtomicBool::new(false),
        )
        .expect("runs");
        assert_eq!(seen.len(), 12);
        assert_eq!(seen.last(), Some(&(12, 12)));
        let text = std::fs::read_to_string(&out).expect("written");
        assert!(
            text.contains("# cflags: -O3 -march=native -fopenmp -Wall"),
            "{text}"
        );
        assert_eq!(
            text.lines().filter(|l| l.starts_with("GEMM,24,")).count(),
            2
        );
        assert!(!partial(&out).exists());
    }

    #[test]
    fn a_cancelled_run_leaves_no_csv() {
        let scratch = Scratch::new().expect("temp");
        let out = scratch.0.join("loops.csv");
        let cancel = AtomicBool::new(false);
        let cfg = LoopsConfig {
            threads: vec![1],
            ..LoopsConfig::default()
        };
        let e = measure_loops(
            &cfg,
            &out,
            &mut |_, _, _| cancel.store(true, Ordering::Relaxed),
            &cancel,
        )
        .expect_err("cancelled");
        assert!(matches!(e, MeasureError::Cancelled), "{e}");
        assert!(!out.exists() && !partial(&out).exists());
    }
}

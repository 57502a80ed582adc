//! The hostile-input suite's bench: a folder with copies of the shipped
//! measured files, a platform and a session, every call of the binary run
//! there with a time limit (a call that waits on a FIFO fails the test
//! instead of hanging it), and the folder's files compared byte for byte
//! before and after each call.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The longest a refused call may take (a debug build starting).
pub const LIMIT: Duration = Duration::from_secs(20);

/// A folder of inputs.
pub struct Bench {
    pub dir: tempfile::TempDir,
}

/// What one call did.
pub struct Call {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl Bench {
    /// The folder with `m.csv` (offload speedups), `e.csv` (energy runs),
    /// `t.csv` (boat hull times), `probe.csv` (the H100 probe), `p.ron` (a
    /// platform), `cpu.ron` (a CPU spec sheet) and `s.ron` (a session of
    /// the measured node with the three measured files).
    pub fn new() -> Bench {
        let dir = tempfile::tempdir().expect("a folder");
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        for (from, to) in [
            ("assets/data/h100-offload-measured.csv", "m.csv"),
            ("assets/data/h100-energy-runs.csv", "e.csv"),
            ("assets/data/h100-boathull-measured.csv", "t.csv"),
            ("assets/data/h100-node-probe.csv", "probe.csv"),
            ("assets/data/h100-node-cpu-measured.ron", "cpu.ron"),
            ("presets/platforms/xeon-8480-h100.ron", "p.ron"),
        ] {
            std::fs::copy(root.join(from), dir.path().join(to)).expect("a copy");
        }
        let b = Bench { dir };
        let made = b.run(&[
            "session",
            "--platform",
            "h100-node-measured",
            "--measured",
            "m.csv",
            "--measured",
            "e.csv",
            "--measured",
            "t.csv",
            "--out",
            "s.ron",
        ]);
        assert_eq!(made.code, Some(0), "{}", made.stderr);
        b
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Every regular file of the folder and its bytes.
    pub fn snapshot(&self) -> BTreeMap<String, Vec<u8>> {
        std::fs::read_dir(self.dir.path())
            .expect("the folder")
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
            .map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                (name, std::fs::read(e.path()).expect("readable"))
            })
            .collect()
    }

    /// Run the binary in the folder with `args`, within [`LIMIT`].
    pub fn run(&self, args: &[&str]) -> Call {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hetscope"))
            .args(args)
            .current_dir(self.dir.path())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let start = Instant::now();
        loop {
            if child.try_wait().expect("waited").is_some() {
                break;
            }
            if start.elapsed() > LIMIT {
                let _ = child.kill();
                let _ = child.wait();
                panic!("{args:?} did not return within {LIMIT:?} (blocked?)");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let out: Output = child.wait_with_output().expect("its output");
        Call {
            code: out.status.code(),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    /// Run `args` and expect success; what it did.
    pub fn ok(&self, args: &[&str]) -> Call {
        let c = self.run(args);
        assert_eq!(c.code, Some(0), "{args:?}: {}", c.stderr);
        c
    }

    /// Run `args` and expect a refusal (`code`) whose one line contains
    /// every one of `needles`, with every file of the folder unchanged.
    pub fn refused(&self, args: &[&str], code: i32, needles: &[&str]) -> String {
        let before = self.snapshot();
        let c = self.run(args);
        assert_eq!(c.code, Some(code), "{args:?}: {}", c.stderr);
        let err = c.stderr.trim_end();
        assert_eq!(err.lines().count(), 1, "{args:?}: not one line: {err}");
        for n in needles {
            assert!(err.contains(n), "{args:?}: `{err}` should contain `{n}`");
        }
        assert_no_internals(err);
        assert_eq!(
            self.snapshot(),
            before,
            "{args:?} changed a file it was refused"
        );
        err.to_string()
    }

    /// Write `text` to the file `name` of the folder.
    pub fn write(&self, name: &str, text: &str) {
        std::fs::write(self.path(name), text).expect("written");
    }

    /// The session `s.ron` with `from` replaced by `to` (once), written as
    /// `name`.
    pub fn session_with(&self, name: &str, from: &str, to: &str) {
        let text = std::fs::read_to_string(self.path("s.ron")).expect("the session");
        assert!(text.contains(from), "s.ron has no `{from}`");
        self.write(name, &text.replacen(from, to, 1));
    }

    /// Make a FIFO `name` in the folder.
    pub fn fifo(&self, name: &str) -> PathBuf {
        let p = self.path(name);
        let made = Command::new("mkfifo")
            .arg(&p)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        p
    }
}

/// No message shows what only a programmer knows: type names, parser
/// hints, the system's error numbers, numbers of dozens of digits.
pub fn assert_no_internals(message: &str) {
    for inner in [
        "struct ",
        "Probe",
        "CpuSpec",
        "GpuSpec",
        "PlatformPreset",
        "enable(",
        "recursion_limit",
        "serde",
        "os error",
        "panicked",
        "RawValue",
    ] {
        assert!(!message.contains(inner), "`{inner}` in: {message}");
    }
    let longest_digits = message
        .split(|c: char| !c.is_ascii_digit())
        .map(str::len)
        .max()
        .unwrap_or(0);
    assert!(
        longest_digits <= 20,
        "a number of {longest_digits} digits in: {message}"
    );
}

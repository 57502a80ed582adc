//! The output of a fixed list of commands (`tests/golden/commands.txt`:
//! every eval, every export view, the paper check, the preset lists),
//! compared byte for byte with the recordings beside it, so that a change
//! of structure cannot change what a user gets. A deliberate change of
//! output refreshes the recordings with
//! `HETSCOPE_REFRESH_GOLDEN=1 cargo test -p hetscope --test main golden`.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The environment variable that rewrites the recordings.
const REFRESH: &str = "HETSCOPE_REFRESH_GOLDEN";

/// Outputs larger than this are recorded by length and hash.
const LARGE: usize = 1_000_000;

/// One recorded command.
struct Recorded {
    name: String,
    args: Vec<String>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn folder() -> PathBuf {
    root().join("tests").join("golden")
}

/// Split a line into words; single quotes keep spaces inside one word.
fn words(line: &str) -> Vec<String> {
    let (mut out, mut word, mut quoted, mut any) = (Vec::new(), String::new(), false, false);
    for c in line.chars() {
        match c {
            '\'' => (quoted, any) = (!quoted, true),
            c if c.is_whitespace() && !quoted => {
                if any {
                    out.push(std::mem::take(&mut word));
                }
                any = false;
            }
            c => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(word);
    }
    out
}

fn commands() -> Vec<Recorded> {
    let text = std::fs::read_to_string(folder().join("commands.txt")).expect("commands.txt");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut w = words(l);
            let name = w.remove(0);
            Recorded { name, args: w }
        })
        .collect()
}

/// Run one command; its output file's bytes (an export) or its standard
/// output.
fn run(r: &Recorded, scratch: &Path) -> Result<Vec<u8>, String> {
    let out = scratch.join(&r.name);
    let args: Vec<String> = r
        .args
        .iter()
        .map(|a| {
            a.replace("{out}", &out.to_string_lossy())
                .replace("{data}", "assets/data")
        })
        .collect();
    let o = Command::new(env!("CARGO_BIN_EXE_hetscope"))
        .args(&args)
        .current_dir(root())
        .output()
        .map_err(|e| format!("{}: {e}", r.name))?;
    if !o.status.success() {
        return Err(format!(
            "{}: exit {:?}: {}",
            r.name,
            o.status.code(),
            String::from_utf8_lossy(&o.stderr)
        ));
    }
    if r.args.iter().any(|a| a.contains("{out}")) {
        std::fs::read(&out).map_err(|e| format!("{}: {e}", r.name))
    } else {
        Ok(o.stdout)
    }
}

/// The recording's file name: exports keep their extension, the rest
/// are standard output.
fn recording(r: &Recorded) -> PathBuf {
    let exported = r.args.iter().any(|a| a.contains("{out}"));
    folder().join(if exported {
        r.name.clone()
    } else {
        format!("{}.out", r.name)
    })
}

/// 64-bit FNV-1a of `bytes`.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// What is recorded of an output: the output itself, or for a large one
/// its length and hash (`<recording>.fnv`).
fn recorded_form(path: &Path, bytes: Vec<u8>) -> (PathBuf, Vec<u8>) {
    if bytes.len() <= LARGE {
        return (path.to_path_buf(), bytes);
    }
    let mut name = path.as_os_str().to_owned();
    name.push(".fnv");
    let line = format!("{} {:016x}\n", bytes.len(), fnv(&bytes));
    (PathBuf::from(name), line.into_bytes())
}

/// The first line where two outputs differ, for the message.
fn first_difference(a: &[u8], b: &[u8]) -> String {
    let (a, b) = (String::from_utf8_lossy(a), String::from_utf8_lossy(b));
    for (k, (x, y)) in a.lines().zip(b.lines()).enumerate() {
        if x != y {
            let cut = |s: &str| s.chars().take(200).collect::<String>();
            return format!(
                "line {}:\n  recorded: {}\n  now:      {}",
                k + 1,
                cut(x),
                cut(y)
            );
        }
    }
    format!(
        "one is a prefix of the other ({} and {} lines)",
        a.lines().count(),
        b.lines().count()
    )
}

#[test]
fn golden_outputs_are_unchanged() {
    let list = commands();
    assert!(list.len() > 50, "the command list is read");
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let refresh = std::env::var_os(REFRESH).is_some();
    let results: Vec<(usize, Result<Vec<u8>, String>)> = std::thread::scope(|s| {
        let chunks: Vec<Vec<usize>> = (0..4)
            .map(|t| (t..list.len()).step_by(4).collect())
            .collect();
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|idx| {
                let (list, scratch) = (&list, scratch.path());
                s.spawn(move || {
                    idx.into_iter()
                        .map(|i| (i, run(&list[i], scratch)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a runner"))
            .collect()
    });
    let mut failures = Vec::new();
    for (i, result) in results {
        let r = &list[i];
        let now = match result {
            Ok(b) => b,
            Err(e) => {
                failures.push(e);
                continue;
            }
        };
        let (path, now) = recorded_form(&recording(r), now);
        if refresh {
            std::fs::write(&path, &now).expect("a recording is written");
            continue;
        }
        match std::fs::read(&path) {
            Ok(old) if old == now => {}
            Ok(old) => failures.push(format!(
                "{}: differs from {} at {}",
                r.name,
                path.display(),
                first_difference(&old, &now)
            )),
            Err(e) => failures.push(format!("{}: no recording ({e})", r.name)),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} outputs changed (refresh with {REFRESH}=1 when the change is wanted):\n{}",
        failures.len(),
        list.len(),
        failures.join("\n")
    );
}

#[test]
fn command_lines_split_on_spaces_outside_quotes() {
    assert_eq!(
        words("eval boathull --class 'a -> b'  --f 2"),
        ["eval", "boathull", "--class", "a -> b", "--f", "2"]
    );
    assert_eq!(words("x ''"), ["x", ""]);
}

#[test]
fn large_outputs_are_recorded_by_length_and_hash() {
    assert_eq!(fnv(b"a"), 0xaf63_dc4c_8601_ec8c, "the FNV-1a test vector");
    let (path, small) = recorded_form(Path::new("x.csv"), b"1,2\n".to_vec());
    assert_eq!((path, small), (PathBuf::from("x.csv"), b"1,2\n".to_vec()));
    let (path, line) = recorded_form(Path::new("x.csv"), vec![b'a'; LARGE + 1]);
    assert_eq!(path, PathBuf::from("x.csv.fnv"));
    assert!(String::from_utf8(line).unwrap().starts_with("1000001 "));
}

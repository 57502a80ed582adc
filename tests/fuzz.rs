//! Fuzzing of every parser, on stable Rust with proptest: one test per
//! target, so `cargo test` runs them all in bounded time.
//!
//! Each target draws its inputs from two generators: random strings over a
//! grammar-aware alphabet (the target's keywords and punctuation, the
//! tokens of its seed files, odd numbers and odd characters), and
//! mutations of the seed files in `tests/fuzz-corpus/<target>/` (text and
//! lines inserted, deleted, replaced and duplicated; numbers replaced by
//! huge, tiny, negative, NaN or infinite ones; deep nesting; unicode;
//! truncation). The property, for every input:
//!
//! - no panic;
//! - each call returns within [`MAX_CALL`] per started megabyte of input
//!   (a pass over tens of megabytes may take a second in a debug build;
//!   a cost that grows faster than the input still fails);
//! - on success every number of the result is finite (its `Debug` text
//!   has no `NaN` or `inf` outside string literals);
//! - on failure the error message is one non-empty line without
//!   `panicked`.
//!
//! `HETSCOPE_FUZZ_CASES=N` sets the number of inputs of every target (the
//! defaults are in each test; the `--set` target runs the binary, the
//! session-file target reads whole sessions and the sensitivity-step
//! target computes a table, so they run a tenth of N; the what-if keys
//! on every command that takes a platform run the binary each, a
//! hundredth). `HETSCOPE_FUZZ_SEED=N` fixes the random seed (the
//! default is a new seed each run). A failing input is shrunk and its seed
//! saved to `tests/fuzz-corpus/<target>/proptest-regressions.txt`, which
//! later runs replay first.

use crate::common::catalog;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::strategy::{BoxedStrategy, ValueTree};
use proptest::test_runner::{
    Config, FileFailurePersistence, RngSeed, TestCaseError, TestError, TestRunner,
};

use hetscope::model::Range;
use hetscope::model::boathull::{BoathullParam, Class, ClassName, ClassOptions, ClassVars};
use hetscope::model::offload::parse_access;
use hetscope::model::offload::{KERNEL_PARAMS, OffloadParam};
use hetscope::model::perdome::Param;
use hetscope::model::perdome::partition::intensity_range;

/// The longest one call of a parser may take (a debug build).
const MAX_CALL: Duration = Duration::from_secs(1);

/// The longest one run of the binary may take (start-up included).
const MAX_PROCESS: Duration = Duration::from_secs(5);

/// Numbers a mutation writes in place of a number of a seed.
const ODD_NUMBERS: &[&str] = &[
    "NaN",
    "nan",
    "inf",
    "-inf",
    "+inf",
    "infinity",
    "-Infinity",
    "1e400",
    "-1e400",
    "1e-400",
    "2.5e-310",
    "1.7976931348623157e308",
    "-1.7976931348623157e308",
    "1e308",
    "-1",
    "-0",
    "0",
    "0.0",
    "-0.0",
    "1",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775809",
    "18446744073709551615",
    "18446744073709551616",
    "340282366920938463463374607431768211456",
    "99999999999999999999999999999999999999999999999999999999999999999",
    "1_000",
    "0x1F",
    ".5",
    "5.",
    "1e",
    "e5",
    "--1",
    "",
];

/// Characters and pieces every alphabet has.
const ODD_TEXT: &[&str] = &[
    " ", "  ", "\t", "\n", "\r\n", "\r", "\"", "'", "\\", "#", ",", ";", ":", "=", "é", "→", "∧",
    "×", "\u{feff}", "\u{0}", "\u{200b}", "\u{301}", "𝔘", "\u{7f}", "ß", "İ",
];

// ---------------------------------------------------------------------------
// Seeds and alphabets

fn corpus_dir(target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz-corpus")
        .join(target)
}

/// The seed files of a target (its regression file excluded); with
/// `by_line`, every non-empty line of them is one seed.
fn seeds(target: &str, by_line: bool) -> Vec<String> {
    let dir = corpus_dir(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n != "proptest-regressions.txt")
        })
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        if by_line {
            out.extend(
                text.lines()
                    .filter(|l| !l.trim().is_empty())
                    .map(String::from),
            );
        } else {
            out.push(text);
        }
    }
    assert!(!out.is_empty(), "{}: no seeds", dir.display());
    out
}

/// The tokens of `text`: words, numbers and single other characters.
fn tokens(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut word = String::new();
    for c in text.chars() {
        if c.is_alphanumeric() || c == '_' || c == '.' {
            word.push(c);
        } else {
            if !word.is_empty() {
                out.insert(std::mem::take(&mut word));
            }
            out.insert(c.to_string());
        }
    }
    if !word.is_empty() {
        out.insert(word);
    }
    out
}

/// The alphabet of a target: its seeds' tokens (the longest ones dropped,
/// prose words kept short), `extra`, odd numbers and odd text.
fn alphabet(seeds: &[String], extra: &[&str]) -> Vec<String> {
    let mut set = BTreeSet::new();
    for s in seeds {
        set.extend(tokens(s).into_iter().filter(|t| t.chars().count() <= 24));
    }
    set.extend(extra.iter().map(|s| s.to_string()));
    set.extend(ODD_NUMBERS.iter().map(|s| s.to_string()));
    set.extend(ODD_TEXT.iter().map(|s| s.to_string()));
    set.into_iter().collect()
}

// ---------------------------------------------------------------------------
// Mutations

#[derive(Clone, Debug)]
enum Mutation {
    Insert {
        at: u16,
        text: String,
    },
    Delete {
        at: u16,
        len: u8,
    },
    Replace {
        at: u16,
        len: u8,
        text: String,
    },
    Duplicate {
        at: u16,
        len: u8,
        times: u8,
    },
    DuplicateLine {
        line: u16,
        times: u8,
    },
    DeleteLine {
        line: u16,
    },
    SwapLines {
        a: u16,
        b: u16,
    },
    Number {
        nth: u16,
        text: String,
    },
    Nest {
        at: u16,
        depth: u16,
        open: &'static str,
        close: &'static str,
        closed: bool,
    },
    Truncate {
        at: u16,
    },
}

/// A position in `0..=len` from a fraction `at / 65536`.
fn place(at: u16, len: usize) -> usize {
    (at as usize * (len + 1)) >> 16
}

/// The spans (start, end) of the numbers of `chars`.
fn numbers(chars: &[char]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i].is_ascii_digit()
            && (i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_'));
        if !starts {
            i += 1;
            continue;
        }
        let start = if i > 0 && chars[i - 1] == '-' {
            i - 1
        } else {
            i
        };
        let mut j = i;
        while j < chars.len() {
            let c = chars[j];
            let sign = (c == '-' || c == '+') && matches!(chars[j - 1], 'e' | 'E');
            if c.is_ascii_digit() || c == '.' || c == 'e' || c == 'E' || sign {
                j += 1;
            } else {
                break;
            }
        }
        out.push((start, j));
        i = j;
    }
    out
}

fn apply(seed: &str, mutations: &[Mutation]) -> String {
    let mut chars: Vec<char> = seed.chars().collect();
    for m in mutations {
        let n = chars.len();
        match m {
            Mutation::Insert { at, text } => {
                let p = place(*at, n);
                chars.splice(p..p, text.chars());
            }
            Mutation::Delete { at, len } => {
                let p = place(*at, n);
                let e = (p + *len as usize).min(n);
                chars.drain(p..e);
            }
            Mutation::Replace { at, len, text } => {
                let p = place(*at, n);
                let e = (p + *len as usize).min(n);
                chars.splice(p..e, text.chars());
            }
            Mutation::Duplicate { at, len, times } => {
                let p = place(*at, n);
                let e = (p + *len as usize).min(n);
                let piece: Vec<char> = chars[p..e].to_vec();
                for _ in 0..*times {
                    chars.splice(e..e, piece.iter().copied());
                }
            }
            Mutation::DuplicateLine { line, times } => {
                let mut lines = split_lines(&chars);
                if !lines.is_empty() {
                    let k = place(*line, lines.len() - 1);
                    for _ in 0..*times {
                        lines.insert(k, lines[k].clone());
                    }
                }
                chars = lines.concat();
            }
            Mutation::DeleteLine { line } => {
                let mut lines = split_lines(&chars);
                if !lines.is_empty() {
                    let k = place(*line, lines.len() - 1);
                    lines.remove(k);
                }
                chars = lines.concat();
            }
            Mutation::SwapLines { a, b } => {
                let mut lines = split_lines(&chars);
                if !lines.is_empty() {
                    let (a, b) = (place(*a, lines.len() - 1), place(*b, lines.len() - 1));
                    lines.swap(a, b);
                }
                chars = lines.concat();
            }
            Mutation::Number { nth, text } => {
                let spans = numbers(&chars);
                if !spans.is_empty() {
                    let (s, e) = spans[*nth as usize % spans.len()];
                    chars.splice(s..e, text.chars());
                }
            }
            Mutation::Nest {
                at,
                depth,
                open,
                close,
                closed,
            } => {
                let p = place(*at, n);
                let d = *depth as usize;
                let mut piece: Vec<char> = open.repeat(d).chars().collect();
                if *closed {
                    piece.extend(close.repeat(d).chars());
                }
                chars.splice(p..p, piece);
            }
            Mutation::Truncate { at } => {
                let p = place(*at, n);
                chars.truncate(p);
            }
        }
    }
    chars.into_iter().collect()
}

/// The lines of `chars`, each with its line break.
fn split_lines(chars: &[char]) -> Vec<Vec<char>> {
    let mut out: Vec<Vec<char>> = Vec::new();
    let mut cur = Vec::new();
    for &c in chars {
        cur.push(c);
        if c == '\n' {
            out.push(std::mem::take(&mut cur));
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

fn piece(alpha: &[String]) -> BoxedStrategy<String> {
    prop::collection::vec(prop::sample::select(alpha.to_vec()), 1..4)
        .prop_map(|v| v.concat())
        .boxed()
}

fn mutation(alpha: &[String]) -> BoxedStrategy<Mutation> {
    let nests: Vec<(&'static str, &'static str)> = vec![
        ("(", ")"),
        ("[", "]"),
        ("{", "}"),
        ("Some(", ")"),
        ("-", ""),
        ("(-", ")"),
        ("\"", "\""),
    ];
    prop_oneof![
        3 => (any::<u16>(), piece(alpha)).prop_map(|(at, text)| Mutation::Insert { at, text }),
        2 => (any::<u16>(), 1..32u8).prop_map(|(at, len)| Mutation::Delete { at, len }),
        3 => (any::<u16>(), 1..8u8, piece(alpha))
            .prop_map(|(at, len, text)| Mutation::Replace { at, len, text }),
        1 => (any::<u16>(), 1..64u8, 1..20u8)
            .prop_map(|(at, len, times)| Mutation::Duplicate { at, len, times }),
        1 => (any::<u16>(), 1..50u8)
            .prop_map(|(line, times)| Mutation::DuplicateLine { line, times }),
        1 => any::<u16>().prop_map(|line| Mutation::DeleteLine { line }),
        1 => (any::<u16>(), any::<u16>()).prop_map(|(a, b)| Mutation::SwapLines { a, b }),
        4 => (any::<u16>(), prop::sample::select(ODD_NUMBERS))
            .prop_map(|(nth, text)| Mutation::Number { nth, text: text.to_string() }),
        1 => (any::<u16>(), 1..3000u16, prop::sample::select(nests), any::<bool>())
            .prop_map(|(at, depth, (open, close), closed)| Mutation::Nest {
                at,
                depth,
                open,
                close,
                closed
            }),
        1 => any::<u16>().prop_map(|at| Mutation::Truncate { at }),
    ]
    .boxed()
}

/// Random strings over `alpha`, and `seeds` mutated (or as they are).
fn inputs(seeds: Vec<String>, alpha: Vec<String>) -> BoxedStrategy<String> {
    let random =
        prop::collection::vec(prop::sample::select(alpha.clone()), 0..48).prop_map(|v| v.concat());
    let mutated = (
        prop::sample::select(seeds),
        prop::collection::vec(mutation(&alpha), 0..6),
    )
        .prop_map(|(seed, ms)| apply(&seed, &ms));
    prop_oneof![1 => random, 3 => mutated].boxed()
}

// ---------------------------------------------------------------------------
// The property

/// The number of inputs of a target: `HETSCOPE_FUZZ_CASES`, else
/// `default`.
fn case_count(default: u32) -> u32 {
    match std::env::var("HETSCOPE_FUZZ_CASES") {
        Ok(v) => v
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("HETSCOPE_FUZZ_CASES={v}: not a count")),
        Err(_) => default,
    }
}

fn config(target: &str, cases: u32) -> Config {
    let path = format!("tests/fuzz-corpus/{target}/proptest-regressions.txt");
    let path: &'static str = Box::leak(path.into_boxed_str());
    let rng_seed = match std::env::var("HETSCOPE_FUZZ_SEED") {
        Ok(v) => RngSeed::Fixed(
            v.trim()
                .parse()
                .unwrap_or_else(|_| panic!("HETSCOPE_FUZZ_SEED={v}: not a number")),
        ),
        Err(_) => RngSeed::Random,
    };
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(path))),
        max_shrink_iters: 4096,
        rng_seed,
        ..Config::default()
    }
}

/// Where `debug` (a value's `Debug` text) writes `NaN` or `inf` outside
/// string and character literals.
fn non_finite(debug: &str) -> Option<String> {
    let chars: Vec<char> = debug.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '"' || c == '\'' {
            i += 1;
            while i < chars.len() && chars[i] != c {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            if word == "NaN" || word == "inf" {
                let from = start.saturating_sub(80);
                let to = (i + 40).min(chars.len());
                return Some(chars[from..to].iter().collect());
            }
        } else {
            i += 1;
        }
    }
    None
}

/// What one call gave: the `Debug` text of the result, or the error's
/// message.
type Outcome = Result<String, String>;

/// The checks of one outcome.
fn check_outcome(what: &str, outcome: &Outcome) -> Result<(), TestCaseError> {
    match outcome {
        Ok(debug) => {
            if let Some(at) = non_finite(debug) {
                return Err(TestCaseError::fail(format!(
                    "{what}: a number is not finite: …{at}…"
                )));
            }
        }
        Err(message) => check_message(what, message)?,
    }
    Ok(())
}

fn check_message(what: &str, message: &str) -> Result<(), TestCaseError> {
    if message.trim().is_empty() {
        return Err(TestCaseError::fail(format!("{what}: empty error message")));
    }
    if message.contains('\n') || message.contains('\r') {
        return Err(TestCaseError::fail(format!(
            "{what}: error message of several lines: {message:?}"
        )));
    }
    if message.contains("panicked") {
        return Err(TestCaseError::fail(format!("{what}: {message}")));
    }
    Ok(())
}

/// Run `call` on each input and check every outcome it gives (a call may
/// give several: the parse, then what is computed from its result).
fn fuzz(
    target: &str,
    default_cases: u32,
    by_line: bool,
    extra: &[&str],
    call: impl Fn(&str) -> Vec<(&'static str, Outcome)>,
) {
    fuzz_n(target, case_count(default_cases), by_line, extra, call);
}

/// [`fuzz`] with `cases` inputs.
fn fuzz_n(
    target: &str,
    cases: u32,
    by_line: bool,
    extra: &[&str],
    call: impl Fn(&str) -> Vec<(&'static str, Outcome)>,
) {
    let seeds = seeds(target, by_line);
    let alpha = alphabet(&seeds, extra);
    let strategy = inputs(seeds.clone(), alpha);
    let mut runner = TestRunner::new(config(target, cases));
    // Every seed as it is, first.
    for s in &seeds {
        for (what, outcome) in call(s) {
            if let Err(e) = check_outcome(what, &outcome) {
                panic!("{target}: seed {s:?}: {e}");
            }
        }
    }
    let result = runner.run(&strategy, |text| {
        let start = Instant::now();
        let outcomes = call(&text);
        let took = start.elapsed();
        let allowed = MAX_CALL * (1 + text.len() / 1_000_000) as u32;
        if took > allowed {
            return Err(TestCaseError::fail(format!(
                "took {took:?} (at most {allowed:?} for {} bytes)",
                text.len()
            )));
        }
        for (what, outcome) in &outcomes {
            check_outcome(what, outcome)?;
        }
        Ok(())
    });
    report(target, cases, result);
}

fn report(target: &str, cases: u32, result: Result<(), TestError<String>>) {
    match result {
        Ok(()) => eprintln!("fuzz {target}: {cases} inputs survived"),
        Err(TestError::Fail(why, input)) => {
            panic!("fuzz {target}: {why}\ninput (Debug): {input:?}")
        }
        Err(e) => panic!("fuzz {target}: {e}"),
    }
}

fn outcome<T: std::fmt::Debug, E: std::fmt::Display>(r: Result<T, E>) -> Outcome {
    r.map(|v| format!("{v:?}")).map_err(|e| e.to_string())
}

// ---------------------------------------------------------------------------
// The targets: the languages

const CLASS_WORDS: &[&str] = &[
    "x",
    "X",
    "×",
    "|",
    "element",
    "shared",
    "tile",
    "neighbourhood",
    "neighborhood",
    "neighb",
    "(",
    ")",
    "->",
    "→",
    "-",
    ">",
    "^",
    "∧",
    "unordered",
    "ELEMENT",
    "Tile",
    "0",
    "1",
    "7",
    "1024",
    "2048",
    " ",
];

#[test]
fn fuzz_boathull_class() {
    fuzz("boathull-class", 4000, true, CLASS_WORDS, |text| {
        let mut out = Vec::new();
        let name = ClassName::parse(text);
        if let Ok(n) = &name {
            // Display writes a form that parses back to an equal value.
            let again = ClassName::parse(&n.to_string());
            let same = match &again {
                Ok(a) if a == n => Ok(format!("{a:?}")),
                Ok(a) => Err(format!("`{n}` parses back as {a:?}\nnot {n:?}")),
                Err(e) => Err(format!("`{n}` does not parse back: {e}\n")),
            };
            out.push(("class name written and read back", same));
            let _ = n.to_unicode_string();
        }
        out.push(("class name", outcome(name)));
        let class = Class::parse(text);
        if let Ok(c) = &class {
            for options in [ClassOptions::default(), ClassOptions::as_printed()] {
                out.push((
                    "GPU class variables",
                    Ok(format!("{:?}", ClassVars::gpu(c.shape(), &options))),
                ));
                out.push((
                    "CPU class variables",
                    Ok(format!("{:?}", ClassVars::cpu(c.shape(), &options))),
                ));
            }
            let elements: Vec<f64> = c
                .name()
                .inputs
                .iter()
                .chain(&c.name().outputs)
                .map(|p| p.size.elements())
                .collect();
            out.push(("elements", Ok(format!("{elements:?}"))));
        }
        out.push(("class", outcome(class)));
        out
    });
}

const SUBSCRIPT_WORDS: &[&str] = &[
    "A",
    "B",
    "[",
    "]",
    "i",
    "j",
    "k",
    "n",
    "m",
    "*",
    "+",
    "-",
    "(",
    ")",
    "0",
    "1",
    "2",
    "9",
    "9223372036854775807",
    "9223372036854775808",
    " ",
    "i1",
    "_",
    "/",
    "%",
];

#[test]
fn fuzz_offload_subscript() {
    fuzz("offload-subscript", 4000, true, SUBSCRIPT_WORDS, |text| {
        let mut out = Vec::new();
        let access = parse_access(text, &["i", "j", "k"]);
        if let Ok(a) = &access {
            let _ = a.subscript.to_string();
            for parallel in ["i", "j", "k"] {
                for sizes in [
                    vec![("n", 1100), ("m", 7)],
                    vec![("n", i64::MAX), ("m", i64::MIN)],
                ] {
                    let c = a.coalescing(parallel, &sizes);
                    out.push(("coalescing", outcome(c)));
                }
            }
            let all = [("i", i64::MAX), ("j", i64::MIN), ("k", -1), ("n", i64::MAX)];
            let _ = a.subscript.eval(&all);
        }
        out.push(("subscript", outcome(access)));
        out
    });
}

// ---------------------------------------------------------------------------
// The targets: RON presets

const RON_WORDS: &[&str] = &[
    "(", ")", "[", "]", "{", "}", ":", ",", "\"", "Some", "None", "true", "false", "//", "/*",
    "*/", "r#\"", "\"#", "'", "Preset", "Inline", "Direct", "Cpu", "Gpu", "Paper", "Spec",
    "Measured", "Derived", "Estimate", "Edited", "1.0e3", "-2", "0.5", "format", "r#format",
];

macro_rules! ron_target {
    ($test:ident, $target:literal, $parse:path) => {
        #[test]
        fn $test() {
            fuzz($target, 1000, false, RON_WORDS, |text| {
                vec![("preset", outcome($parse(text, "fuzz.ron")))]
            });
        }
    };
}

ron_target!(
    fuzz_platform,
    "platform",
    hetscope::preset::platform::parse_platform
);
ron_target!(
    fuzz_processor,
    "processor",
    hetscope::preset::parse_processor
);
ron_target!(
    fuzz_workload,
    "workload",
    hetscope::preset::perdome::parse_workload
);
ron_target!(
    fuzz_cpu_spec,
    "cpu-spec",
    hetscope::preset::hardware::parse_cpu_spec
);
ron_target!(
    fuzz_gpu_spec,
    "gpu-spec",
    hetscope::preset::hardware::parse_gpu_spec
);
ron_target!(
    fuzz_offload_platform,
    "offload-platform",
    hetscope::preset::offload::parse_offload_platform
);
ron_target!(
    fuzz_offload_kernel,
    "offload-kernel",
    hetscope::preset::offload::parse_offload_kernel
);
ron_target!(
    fuzz_boathull_application,
    "boathull-application",
    hetscope::preset::boathull::parse_application
);

// ---------------------------------------------------------------------------
// The targets: CSV files

const CSV_WORDS: &[&str] = &[
    ",",
    "\n",
    "\r\n",
    "#",
    "\"",
    "# max_size:",
    "# format:",
    "size",
    "speed",
    "spread",
    "runs",
    "deviation",
    "# fit: linear a=1e-9 b=1 c=0 from=1 to=9 runs=12",
    "label",
    "name",
    "k",
];

#[test]
fn fuzz_fpm_speed_csv() {
    fuzz("fpm-speed-csv", 1500, false, CSV_WORDS, |text| {
        let mut out = Vec::new();
        let csv = hetscope::preset::fpm::speed_csv::parse_speed_csv(text, "fuzz.csv");
        if let Ok(c) = &csv {
            // The function's last piece reaches to x = inf by design: its
            // points and values are checked, not its pieces.
            let f = c.to_function().map(|f| {
                // At the points and halfway between neighbours.
                let mut sizes: Vec<f64> = c.rows.iter().map(|r| r.size_units).collect();
                sizes.sort_by(f64::total_cmp);
                let halves: Vec<f64> = sizes.windows(2).map(|w| w[0] / 2.0 + w[1] / 2.0).collect();
                sizes.extend(halves);
                let at: Vec<_> = sizes.iter().map(|&x| (f.speed(x), f.time_s(x))).collect();
                (
                    f.in_core_points(),
                    f.out_of_core_points(),
                    f.memory_limit_units(),
                    at,
                )
            });
            out.push(("speed function", outcome(f)));
            let written = c.to_text();
            // What is written reads back.
            let again = hetscope::preset::fpm::speed_csv::parse_speed_csv(&written, "fuzz.csv");
            out.push(("written and read back", outcome(again)));
        }
        out.push(("speed CSV", outcome(csv)));
        out
    });
}

#[test]
fn fuzz_perdome_measured_csv() {
    fuzz("perdome-measured-csv", 1500, false, CSV_WORDS, |text| {
        let r = hetscope::preset::perdome::import_measured_csv(
            text,
            "fuzz.csv",
            "fuzz-platform",
            "Fuzz platform",
        );
        vec![("measured CSV", outcome(r))]
    });
}

#[test]
fn fuzz_probe_csv() {
    fuzz("probe-csv", 1500, false, CSV_WORDS, |text| {
        let r = hetscope::preset::probe::parse_probe_csv(text, "fuzz.csv");
        vec![("probe CSV", outcome(r))]
    });
}

#[test]
fn fuzz_boathull_measured_csv() {
    fuzz("boathull-measured-csv", 1500, false, CSV_WORDS, |text| {
        let r = hetscope::preset::boathull::parse_measured_curve(text, "fuzz.csv", "fuzz.csv");
        vec![("boat hull measured CSV", outcome(r))]
    });
}

#[test]
fn fuzz_offload_measured_csv() {
    let cat = catalog();
    fuzz("offload-measured-csv", 1500, false, CSV_WORDS, |text| {
        let r = hetscope::preset::offload::parse_measured_offload(text, "fuzz.csv", cat);
        vec![("offload measured CSV", outcome(r))]
    });
}

#[test]
fn fuzz_energy_runs_csv() {
    fuzz("energy-runs-csv", 1500, false, CSV_WORDS, |text| {
        let mut out = Vec::new();
        let runs = hetscope::preset::perdome::parse_energy_runs(text, "fuzz.csv");
        if let Ok(r) = &runs {
            use hetscope::model::perdome::energy_fit::fit;
            out.push(("energy fit", outcome(fit(&r.runs, None))));
            out.push(("energy fit, p_s fixed", outcome(fit(&r.runs, Some(100.0)))));
        }
        out.push(("energy runs CSV", outcome(runs)));
        out
    });
}

// ---------------------------------------------------------------------------
// The targets: session files and files recognised by their content

const SESSION_WORDS: &[&str] = &[
    "format",
    "hetscope",
    "formulations",
    "measured",
    "session",
    "slot",
    "path",
    "hash",
    "kept",
    "Embedded",
    "ByPath",
    "BoathullTimes",
    "EnergyRuns",
    "OffloadSpeedups",
    "Figure",
    "Classification",
    "PaperCheck",
    "Some",
    "None",
    "NaN",
    "inf",
    "1e39",
];

/// A session file reads every scenario's first-start values for the
/// fields it lacks (a few ms each in a debug build): a tenth of the
/// inputs of the other targets.
#[test]
fn fuzz_session_file() {
    let cases = case_count(3000).div_ceil(10);
    fuzz_n("session-file", cases, false, SESSION_WORDS, |text| {
        let r = hetscope_core::session_file::session_from_text(text, "fuzz.ron");
        match &r {
            Err(e) => {
                let m = e.to_string();
                assert!(m.starts_with("fuzz.ron"), "the message names the file: {m}");
            }
            // What opens passes every check of the options and file
            // readers: the embedded data (the seeds embed all three kinds
            // and keep them by path), every range.
            Ok(opened) => {
                let checked = hetscope_core::registry::check(&opened.session);
                assert!(checked.is_ok(), "opened, yet {checked:?}");
                assert!(opened.read.len() <= 3, "{:?}", opened.read);
            }
        }
        vec![("session file", outcome(r.map(|o| o.session)))]
    });
}

/// Pieces of what-if platform keys (`BASE@KEY=FACTOR,...`).
const WHAT_IF_WORDS: &[&str] = &[
    "@",
    "=",
    ",",
    "pinned",
    "gpu.",
    "cpu.",
    "link.",
    "mem_bw_gbs",
    "sms",
    "cores",
    "0",
    "-1",
    "1e308",
    "1e-308",
    "NaN",
    "inf",
    ".ron",
];

/// A what-if key anywhere a platform is named: a platform or a message
/// naming the key, never a panic; the platform made passes its own
/// checks.
#[test]
fn fuzz_what_if_key() {
    fuzz("what-if-key", 3000, true, WHAT_IF_WORDS, |text| {
        let r = hetscope::preset::platform::platform_choice(text, catalog());
        if let Ok(c) = &r {
            let node = c.preset.node(catalog(), &c.origin);
            let checked = node.map(|n| n.map(|n| n.check().map_err(|e| e.to_string())));
            assert!(
                !matches!(checked, Ok(Some(Err(_)))),
                "{text}: a platform its own checks refuse: {checked:?}"
            );
        }
        vec![("what-if key", outcome(r.map(|c| c.preset.name)))]
    });
}

/// Sensitivity steps: a step in the range gives a table of finite
/// numbers (or nulls), any other is refused naming `--step`; never a
/// table of rounding noise.
#[test]
fn fuzz_sensitivity_step() {
    use hetscope_core::overview::OverviewOptions;
    use hetscope_core::sensitivity::{Ask, STEP, sensitivity};
    let words = [
        "1e-6", "1e-7", "0.5", "0.50001", "1e-320", "1e-15", "0.01", "-0.01", "e", ".",
    ];
    let choice = hetscope::preset::platform::platform_choice("xeon-8480-h100", catalog())
        .expect("a platform");
    // Each input computes a table (some milliseconds): a tenth of N.
    let cases = case_count(600).div_ceil(10);
    fuzz_n("sensitivity-step", cases, true, &words, |text| {
        let step = text.trim().parse::<f64>().unwrap_or(f64::NAN);
        let ask = Ask {
            models: vec!["fpm"],
            step,
            flips: false,
            ..Ask::default()
        };
        let r = sensitivity(catalog(), &choice, &OverviewOptions::default(), &ask);
        match &r {
            Ok(_) => assert!(STEP.contains(step), "{text}: a step out of range was taken"),
            Err(e) => {
                let m = e.to_string();
                assert!(!STEP.contains(step) && m.contains("--step"), "{text}: {m}");
            }
        }
        vec![("sensitivity", outcome(r.map(|t| t.to_json().to_string())))]
    });
}

#[test]
fn fuzz_recognize() {
    use hetscope_core::recognize::recognize;
    let mut words = RON_WORDS.to_vec();
    words.extend(CSV_WORDS);
    words.extend(SESSION_WORDS);
    fuzz("recognize", 1000, false, &words, |text| {
        let kind = recognize("fuzz", text.as_bytes());
        if let Err(e) = &kind {
            let m = e.to_string();
            assert!(m.starts_with("fuzz: not a file hetscope reads ("), "{m}");
            assert!(
                m.contains("GPU spec sheet"),
                "the kinds read are named: {m}"
            );
        }
        // The same bytes with one that is no UTF-8: binary, refused.
        let mut bytes = text.as_bytes().to_vec();
        bytes.push(0xff);
        let binary = recognize("fuzz", &bytes);
        let named = binary.as_ref().map_err(|e| e.to_string());
        assert!(
            named.as_ref().is_err_and(|m| m.contains("binary data")),
            "{named:?}"
        );
        let described = kind.map(|k| format!("{k:?}: {}", k.describe()));
        vec![
            ("recognized", outcome(described)),
            ("binary", outcome(binary)),
        ]
    });
}

// ---------------------------------------------------------------------------
// The target: `--set NAME=VALUE` of the command line, run as a process

/// The commands `--set` is given to: a name, the arguments before
/// `--set`, and the names it accepts.
fn commands() -> Vec<(&'static str, Vec<&'static str>, Vec<&'static str>)> {
    let class = "1024x1024|element -> 1024x1024|element";
    let perdome = vec![
        "t_fC", "t_bC", "e_fC", "e_bC", "p_sC", "t_fG", "t_bG", "e_fG", "e_bG", "p_sG", "I", "I_C",
        "I_G",
    ];
    vec![
        ("perdome", vec!["eval", "perdome"], perdome.clone()),
        ("peapaw", vec!["eval", "peapaw"], perdome),
        (
            "boathull",
            vec!["eval", "boathull", "--class", class],
            vec!["P_compute", "P_coalesced", "P_uncoalesced", "B_bus", "f"],
        ),
        (
            "boathull-cpu",
            vec!["eval", "boathull", "--target", "cpu", "--class", class],
            vec!["P_compute", "P_memory", "N_threads", "W_vector", "f"],
        ),
        (
            "offload",
            vec![
                "eval",
                "offload",
                "--platform",
                "h100-node-offload",
                "--kernel",
                "gemm",
            ],
            OffloadParam::all().map(OffloadParam::name).collect(),
        ),
        (
            "hongkim",
            vec!["eval", "hongkim"],
            OffloadParam::HONG_KIM_GPU
                .map(OffloadParam::name)
                .into_iter()
                .chain(KERNEL_PARAMS.iter().map(|p| p.0))
                .collect(),
        ),
    ]
}

/// The JSON paths of every `null` of `v` that has no `reason` (a string)
/// beside it in its object (a `reason` that is null is no null to
/// explain).
fn nulls(v: &serde_json::Value, path: &str, out: &mut BTreeSet<String>) {
    match v {
        serde_json::Value::Null => {
            out.insert(path.to_string());
        }
        serde_json::Value::Array(a) => {
            for x in a {
                nulls(x, &format!("{path}[]"), out);
            }
        }
        serde_json::Value::Object(o) => {
            let explained = o.get("reason").is_some_and(|r| r.is_string());
            for (k, x) in o {
                if x.is_null() && (explained || k == "reason") {
                    continue;
                }
                nulls(x, &format!("{path}.{k}"), out);
            }
        }
        _ => {}
    }
}

/// The physical range of the `--set` name `name` of command `cmd`.
fn range_of(cmd: &str, name: &str) -> Option<Range> {
    match cmd {
        "perdome" | "peapaw" => match name {
            "I" => Some(intensity_range(false)),
            "I_C" | "I_G" => Some(intensity_range(true)),
            _ => Param::parse_full(name).map(|(_, p)| p.range()),
        },
        "boathull" | "boathull-cpu" => BoathullParam::from_name(name).map(BoathullParam::range),
        _ => KERNEL_PARAMS
            .iter()
            .find(|p| p.0 == name)
            .map(|p| p.2)
            .or_else(|| OffloadParam::from_name(name).map(OffloadParam::range)),
    }
}

/// The `--set` items whose value is a number outside its name's range.
fn out_of_range<'a>(cmd: &str, items: &'a [String]) -> Vec<&'a String> {
    items
        .iter()
        .filter(|item| {
            let Some((name, text)) = item.split_once('=') else {
                return false;
            };
            let range = range_of(cmd, name.trim());
            let v = text.trim().parse::<f64>().ok();
            matches!((range, v), (Some(r), Some(v)) if !r.contains(v))
        })
        .collect()
}

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    took: Duration,
}

fn hetscope(args: &[String]) -> Run {
    let start = Instant::now();
    let o = Command::new(env!("CARGO_BIN_EXE_hetscope"))
        .args(args)
        .output()
        .expect("the binary runs");
    Run {
        code: o.status.code(),
        stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
        took: start.elapsed(),
    }
}

/// A `--set` item: a known name or a token, `=` (mostly), and an odd
/// number, a random one or a token.
fn set_item(names: Vec<&'static str>, alpha: Vec<String>) -> BoxedStrategy<String> {
    let name = prop_oneof![
        6 => prop::sample::select(names).prop_map(String::from),
        1 => prop::sample::select(alpha.clone()),
    ];
    let sep = prop_oneof![8 => Just("="), 1 => Just(""), 1 => Just(" = "), 1 => Just("==")];
    let value = prop_oneof![
        3 => prop::sample::select(ODD_NUMBERS).prop_map(String::from),
        3 => any::<f64>().prop_map(|v| v.to_string()),
        2 => (0.0..1e4f64).prop_map(|v| format!("{v}")),
        1 => (-1e6..1e6f64).prop_map(|v| format!("{v:e}")),
        1 => prop::sample::select(alpha),
    ];
    (name, sep, value)
        .prop_map(|(n, s, v)| format!("{n}{s}{v}"))
        .boxed()
}

#[test]
fn fuzz_cli_set() {
    let target = "cli-set";
    let seeds = seeds(target, true);
    let alpha = alphabet(&seeds, &[]);
    let cmds = commands();
    // The nulls without a reason each command prints with no --set
    // (none today): only new ones fail.
    let base: Vec<BTreeSet<String>> = cmds
        .iter()
        .map(|(name, args, _)| {
            let r = hetscope(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>());
            assert_eq!(r.code, Some(0), "{name}: {}", r.stderr);
            let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
            let mut set = BTreeSet::new();
            nulls(&v, "", &mut set);
            set
        })
        .collect();
    let strategies: Vec<BoxedStrategy<(usize, Vec<String>)>> = cmds
        .iter()
        .enumerate()
        .map(|(k, (_, _, names))| {
            prop::collection::vec(set_item(names.clone(), alpha.clone()), 1..4)
                .prop_map(move |items| (k, items))
                .boxed()
        })
        .collect();
    let strategy = prop::strategy::Union::new(strategies);
    let check = |k: usize, items: &[String]| -> Result<(), TestCaseError> {
        let (name, args, _) = &cmds[k];
        let mut all: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        for item in items {
            all.push("--set".into());
            // A process argument cannot hold a NUL byte.
            all.push(item.replace('\0', "0"));
        }
        let r = hetscope(&all);
        let what = format!("{name} {items:?}");
        if r.took > MAX_PROCESS {
            return Err(TestCaseError::fail(format!("{what}: took {:?}", r.took)));
        }
        // A value outside its parameter's range is refused, whatever
        // else the items hold.
        let outside = out_of_range(name, items);
        if !outside.is_empty() && r.code != Some(2) {
            return Err(TestCaseError::fail(format!(
                "{what}: {outside:?} out of range, but exit code {:?}",
                r.code
            )));
        }
        match r.code {
            Some(0) => {
                let v: serde_json::Value = serde_json::from_str(&r.stdout)
                    .map_err(|e| TestCaseError::fail(format!("{what}: not JSON: {e}")))?;
                let mut set = BTreeSet::new();
                nulls(&v, "", &mut set);
                let new: Vec<&String> = set.difference(&base[k]).collect();
                if !new.is_empty() {
                    return Err(TestCaseError::fail(format!(
                        "{what}: null without a reason (a number not finite?) at {new:?}"
                    )));
                }
                if let Some(at) = non_finite(&r.stdout) {
                    return Err(TestCaseError::fail(format!("{what}: not finite: {at}")));
                }
            }
            Some(1) | Some(2) => {
                check_message(&what, r.stderr.strip_suffix('\n').unwrap_or(&r.stderr))?
            }
            other => {
                return Err(TestCaseError::fail(format!(
                    "{what}: exit code {other:?}: {}",
                    r.stderr
                )));
            }
        }
        Ok(())
    };
    for line in &seeds {
        let mut fields = line.split('\t');
        let cmd = fields.next().unwrap_or_default();
        let k = cmds
            .iter()
            .position(|(n, _, _)| *n == cmd)
            .unwrap_or_else(|| panic!("{target}: unknown command in seed {line:?}"));
        let items: Vec<String> = fields.map(String::from).collect();
        if let Err(e) = check(k, &items) {
            panic!("{target}: seed {line:?}: {e}");
        }
    }
    let cases = case_count(1500).div_ceil(10);
    let mut runner = TestRunner::new(config(target, cases));
    let result = runner.run(&strategy, |(k, items)| check(k, &items));
    match result {
        Ok(()) => eprintln!("fuzz {target}: {cases} inputs survived"),
        Err(TestError::Fail(why, input)) => {
            panic!("fuzz {target}: {why}\ninput: {input:?}")
        }
        Err(e) => panic!("fuzz {target}: {e}"),
    }
}

/// Every command that takes a platform, with `KEY` where the platform
/// goes (outputs in `dir`).
fn platform_commands(dir: &Path) -> Vec<Vec<String>> {
    let out = |name: &str| dir.join(name).display().to_string();
    let class = "1024x1024|element -> 1024x1024|element";
    let m = "assets/data/h100-offload-measured.csv";
    let cmds: Vec<Vec<String>> = vec![
        vec!["eval".into(), "perdome".into(), "--platform".into()],
        vec!["eval".into(), "peapaw".into(), "--platform".into()],
        vec![
            "eval".into(),
            "boathull".into(),
            "--class".into(),
            class.into(),
            "--platform".into(),
        ],
        vec![
            "eval".into(),
            "offload".into(),
            "--kernel".into(),
            "gemm".into(),
            "--platform".into(),
        ],
        vec![
            "eval".into(),
            "fpm".into(),
            "--n".into(),
            "100".into(),
            "--platform".into(),
        ],
        vec!["eval".into(), "overview".into(), "--platform".into()],
        vec![
            "session".into(),
            "--out".into(),
            out("s.ron"),
            "--platform2".into(),
        ],
        vec![
            "export".into(),
            "--view".into(),
            "perdome-heatmap".into(),
            "--width".into(),
            "300".into(),
            "--height".into(),
            "200".into(),
            "--out".into(),
            out("x.svg"),
            "--platform".into(),
        ],
        vec![
            "presets".into(),
            "what-if".into(),
            "--pinned".into(),
            "--out".into(),
            out("w.ron"),
            "--platform".into(),
        ],
        vec![
            "presets".into(),
            "offload".into(),
            "--out".into(),
            out("o.ron"),
            "--platform".into(),
        ],
        vec![
            "validate".into(),
            "--measured".into(),
            m.into(),
            "--platform".into(),
        ],
    ];
    cmds.into_iter()
        .map(|mut c| {
            c.push("KEY".into());
            c
        })
        .collect()
}

/// What-if keys on every command that takes a platform, run as
/// processes: a key that names no platform is refused (exit code 2, one
/// line naming it), one that does runs or says why in one line; never a
/// panic, never a wait. A hundredth of the inputs of the other targets:
/// each is a process.
#[test]
fn fuzz_what_if_commands() {
    let target = "what-if-key";
    let dir = tempfile::tempdir().expect("a folder");
    let cmds = platform_commands(dir.path());
    let seeds = seeds(target, true);
    let alpha = alphabet(&seeds, WHAT_IF_WORDS);
    let strategy = (0..cmds.len(), inputs(seeds, alpha));
    let cases = case_count(300).div_ceil(100);
    let mut runner = TestRunner::new(config("what-if-commands", cases));
    let result = runner.run(&strategy, |(k, key)| {
        // A process argument holds no NUL byte and is at most 128 KiB
        // (the system's limit; a key past 4 KiB is refused at once, which
        // `a_platform_argument_longer_than_a_path_is_refused` checks).
        let mut key = key.replace('\0', "0");
        if key.len() > 100_000 {
            let mut end = 100_000;
            while !key.is_char_boundary(end) {
                end -= 1;
            }
            key.truncate(end);
        }
        let args: Vec<String> = cmds[k]
            .iter()
            .map(|a| if a == "KEY" { key.clone() } else { a.clone() })
            .collect();
        let r = hetscope(&args);
        let what = format!("{args:?}");
        if r.took > MAX_PROCESS {
            return Err(TestCaseError::fail(format!("{what}: took {:?}", r.took)));
        }
        let names = hetscope::preset::platform::platform_choice(&key, catalog()).is_ok();
        match r.code {
            Some(0) if !names && !cmds[k].contains(&"offload".to_string()) => Err(
                TestCaseError::fail(format!("{what}: no platform, yet it ran")),
            ),
            Some(0) => Ok(()),
            Some(1) | Some(2) => {
                check_message(&what, r.stderr.strip_suffix('\n').unwrap_or(&r.stderr))
            }
            other => Err(TestCaseError::fail(format!(
                "{what}: exit code {other:?}: {}",
                r.stderr
            ))),
        }
    });
    match result {
        Ok(()) => eprintln!("fuzz what-if-commands: {cases} inputs survived"),
        Err(TestError::Fail(why, input)) => {
            panic!("fuzz what-if-commands: {why}\ninput: {input:?}")
        }
        Err(e) => panic!("fuzz what-if-commands: {e}"),
    }
}

// ---------------------------------------------------------------------------
// Regressions: inputs the fuzzing found

/// A line break in a subscript was quoted as it is: the message had two
/// lines.
#[test]
fn subscript_error_with_a_line_break_is_one_line() {
    for text in ["\n\"A[i*n + (j+1)]", "A[i*n + k]\u{0}"] {
        let e = parse_access(text, &["i", "j", "k"]).expect_err(text);
        let m = e.to_string();
        assert!(!m.contains('\n') && !m.contains('\r'), "{m:?}");
    }
    let e = parse_access("A[i\u{1}]", &["i"]).expect_err("a control character");
    assert!(
        e.to_string().contains("unexpected character `\\u{1}`"),
        "{e}"
    );
}

/// A lone carriage return in a probe CSV's header was quoted as it is.
#[test]
fn probe_csv_control_character_is_one_line_error() {
    let e = hetscope::preset::probe::parse_probe_csv("'\r#", "fuzz.csv").expect_err("no header");
    let m = e.to_string();
    assert!(!m.contains('\r') && m.contains("line 1"), "{m:?}");
}

/// A speed so small that size / speed overflowed gave infinite times.
#[test]
fn speed_csv_speed_too_small_for_its_size_is_an_error() {
    use hetscope::preset::fpm::speed_csv::parse_speed_csv;
    let e = parse_speed_csv("size,speed\n1600,2.5e-310\n2500,639.71\n", "fuzz.csv")
        .expect_err("an infinite time");
    assert_eq!(
        (e.line, e.column.as_deref()),
        (Some(2), Some("speed")),
        "{e}"
    );
    assert!(parse_speed_csv("size,speed\n0.001,2.5e-310\n", "fuzz.csv").is_ok());
}

/// A line break in a RON map key was quoted as it is in the message.
#[test]
fn preset_error_with_a_line_break_is_one_line() {
    let text = std::fs::read_to_string(corpus_dir("cpu-spec").join("i7-930.ron")).expect("a seed");
    let bad = text.replacen(
        "sources: {",
        "sources: {\"\\nflops_per_cycle\": Paper(\"x\"), ",
        1,
    );
    assert_ne!(bad, text, "the seed has sources");
    let e = hetscope::preset::hardware::parse_cpu_spec(&bad, "fuzz.ron").expect_err("no field");
    let m = e.to_string();
    assert!(!m.contains('\n') && m.contains("\\nflops_per_cycle"), "{m}");
}

/// A platform file named with a line break in its path was quoted as it
/// is in the message (found by `fuzz_what_if_key`).
#[test]
fn a_file_path_with_a_line_break_is_one_line_error() {
    let e =
        hetscope::preset::platform::platform_choice("\n.ron", catalog()).expect_err("no such file");
    let m = e.to_string();
    assert!(!m.contains('\n') && m.starts_with("\\n.ron: "), "{m}");
}

/// A what-if of a what-if of ... (a key with thousands of `@KEY=F`) was
/// read layer by layer and took over the fuzzing's second a call; more
/// than 16 layers are refused before any is read, while two still make a
/// platform.
#[test]
fn a_key_of_many_what_ifs_is_refused() {
    let deep = format!("xeon-8480-h100{}", "@gpu.mem_bw_gbs=2".repeat(17));
    let e = hetscope::preset::platform::platform_choice(&deep, catalog()).expect_err("too deep");
    assert!(e.to_string().contains("17 changes with '@'"), "{e}");
    let two = "xeon-8480-h100@gpu.mem_bw_gbs=2@gpu.sms=0.5";
    let c = hetscope::preset::platform::platform_choice(two, catalog()).expect("two layers");
    assert!(
        c.preset.name.contains("GPU memory bandwidth x 2"),
        "{}",
        c.preset.name
    );
    assert!(c.preset.name.contains("x 0.5"), "{}", c.preset.name);
}

/// A platform argument of megabytes went through every reading of a
/// platform (catalog, file, what-if key), each copying it (found by the
/// fuzzing of what-if keys); refused first.
#[test]
fn a_platform_argument_longer_than_a_path_is_refused() {
    let long = "Some(".repeat(2_000_000);
    let e = hetscope::preset::platform::platform_choice(&long, catalog()).expect_err("too long");
    let m = e.to_string();
    assert!(
        m.contains("10000000 bytes") && m.contains("at most 4096"),
        "{}",
        &m[..200.min(m.len())]
    );
    assert!(
        m.len() < 300,
        "the message quotes only the start: {} bytes",
        m.len()
    );
}

/// A run of time 1.8e308 made the fit with p_s fixed NaN.
#[test]
fn energy_fit_that_overflows_is_an_error() {
    use hetscope::model::perdome::energy_fit::fit;
    let text = "time_s,energy_j,n_flops,n_bytes\n2.5,880,0,5.9e12\n2.5,1005,1.4e12,5.8e12\n\
                1.7976931348623157e308,1051,5.8e12,5.8e12\n2.5,1157,2.3e13,5.7e12\n";
    let runs = hetscope::preset::perdome::parse_energy_runs(text, "fuzz.csv").expect("runs");
    let e = fit(&runs.runs, Some(100.0)).expect_err("an overflow");
    assert!(e.to_string().contains("overflows"), "{e}");
}

/// Halfway between a speed point and one at 1.8e308 units the
/// interpolated speed overflowed to inf.
#[test]
fn speed_between_huge_sizes_is_finite() {
    use hetscope::preset::fpm::speed_csv::parse_speed_csv;
    let text = "size,speed\n425,131.58\n1.7976931348623157e308,142.86\n";
    let f = parse_speed_csv(text, "fuzz.csv")
        .expect("a CSV")
        .to_function()
        .expect("a function");
    let s = f.speed(8.98e307).expect("a speed");
    assert!(s.is_finite() && (131.0..143.0).contains(&s), "{s}");
}

/// `cpu.vector_bits: NaN` passed the offload platform's check.
#[test]
fn offload_platform_vector_bits_nan_is_an_error() {
    let dir = corpus_dir("offload-platform");
    let text = std::fs::read_to_string(dir.join("h100-node-offload.ron")).expect("a seed");
    let bad = text.replacen("vector_bits: 512.0", "vector_bits: NaN", 1);
    assert_ne!(bad, text, "the seed has vector_bits");
    let e = hetscope::preset::offload::parse_offload_platform(&bad, "fuzz.ron").expect_err("NaN");
    assert!(e.to_string().contains("cpu.vector_bits"), "{e}");
    // `memory.gpu_bytes: inf` passed too.
    let bad = text.replacen("gpu_bytes: Some(80e9)", "gpu_bytes: Some(inf)", 1);
    assert_ne!(bad, text, "the seed has gpu_bytes");
    let e = hetscope::preset::offload::parse_offload_platform(&bad, "fuzz.ron").expect_err("inf");
    assert!(e.to_string().contains("memory.gpu_bytes"), "{e}");
    // A host curve point of `inf` passed too.
    let text =
        std::fs::read_to_string(dir.join("h100-node-offload-cache-aware.ron")).expect("a seed");
    let bad = text.replacen("(6, 113.31949228225639)", "(6, inf)", 1);
    assert_ne!(bad, text, "the seed has a triad curve");
    let e = hetscope::preset::offload::parse_offload_platform(&bad, "fuzz.ron").expect_err("inf");
    assert!(
        e.to_string()
            .contains("cpu.thread_scaling.triad_gbs_by_threads"),
        "{e}"
    );
    // And a pinned rate of `inf`.
    let bad = text.replacen(
        "pinned: Some((h2d_gbs: 55.26289042",
        "pinned: Some((h2d_gbs: inf",
        1,
    );
    assert_ne!(bad, text, "the seed has pinned rates");
    let e = hetscope::preset::offload::parse_offload_platform(&bad, "fuzz.ron").expect_err("inf");
    assert!(e.to_string().contains("bus.pinned.h2d_gbs"), "{e}");
}

/// A carriage return in a speed CSV's `max_size` was quoted as it is.
#[test]
fn speed_csv_error_with_a_carriage_return_is_one_line() {
    use hetscope::preset::fpm::speed_csv::parse_speed_csv;
    let e = parse_speed_csv("# max_size: \"\r\"\nsize,speed\n1,2\n", "fuzz.csv")
        .expect_err("no max_size");
    let m = e.to_string();
    assert!(!m.contains('\r') && !m.contains('\n'), "{m:?}");
}

/// A line break in a class name or in a subscript was quoted as it is.
#[test]
fn class_and_offload_errors_with_a_line_break_are_one_line() {
    let e = Class::parse("1024x\n512x512024|tile(1024x1) -> 1024|element").expect_err("3 dims");
    assert!(!e.to_string().contains('\n'), "{e}");
    let a = parse_access("A[(i*\nA1)*n + (j+1)]", &["i", "j"]).expect("a subscript");
    let e = a.coalescing("i", &[("n", 10)]).expect_err("no A1");
    assert!(!e.to_string().contains('\n'), "{e}");
}

/// A CPU time of 1e308 gave an infinite speedup.
#[test]
fn offload_measured_speedup_that_overflows_is_an_error() {
    let text =
        "kernel,n,threads,cpu_s,gpu_kernel_s,h2d_s,d2h_s\nGEMM,9600,16,1e308,0.0014,0.048,1.3e-5\n";
    let e = hetscope::preset::offload::parse_measured_offload(text, "fuzz.csv", catalog())
        .expect_err("an infinite speedup");
    assert!(e.to_string().contains("cpu_s"), "{e}");
}

// ---------------------------------------------------------------------------
// The harness itself

#[test]
fn mutations_keep_text_valid_and_find_numbers() {
    let chars: Vec<char> = "a: 1.5e-3, b: -2, c2: 7".chars().collect();
    let spans: Vec<String> = numbers(&chars)
        .into_iter()
        .map(|(s, e)| chars[s..e].iter().collect())
        .collect();
    assert_eq!(spans, ["1.5e-3", "-2", "7"]);
    let m = [
        Mutation::Number {
            nth: 1,
            text: "NaN".into(),
        },
        Mutation::Insert {
            at: u16::MAX,
            text: "→".into(),
        },
    ];
    assert_eq!(
        apply("a: 1.5e-3, b: -2, c2: 7", &m),
        "a: 1.5e-3, b: NaN, c2: 7→"
    );
    assert_eq!(non_finite("X { a: 1.0, b: \"NaN inf\" }"), None);
    assert!(non_finite("X { a: -inf }").is_some());
    assert!(non_finite("Some(NaN)").is_some());
    // The generator's values shrink: the strategy is usable as a tree.
    let seeds = vec!["1|element -> 1|element".to_string()];
    let s = inputs(seeds.clone(), alphabet(&seeds, CLASS_WORDS));
    let mut runner = TestRunner::deterministic();
    let tree = s.new_tree(&mut runner).expect("a value");
    let _ = tree.current();
}

const STARPU_WORDS: &[&str] = &[
    "\n",
    "#",
    "45",
    "44",
    "0",
    "1",
    "nan",
    "inf",
    "-1",
    "1,5",
    "99999999999",
    "ffffffff",
    "\t",
];

/// A StarPU performance-model file: the reader and the devices made of
/// what it read (every speed finite, every error one line).
#[test]
fn fuzz_starpu_perfmodel() {
    fuzz("starpu-perfmodel", 1500, false, STARPU_WORDS, |text| {
        let parsed = hetscope::preset::fpm::starpu::parse_perfmodel(text, "fuzz.vm");
        let devices = parsed.as_ref().map(|m| {
            let d = m.to_devices("fuzz", "fuzz.vm");
            let points: Vec<(f64, f64)> = d
                .devices
                .iter()
                .flat_map(|dev| {
                    dev.points
                        .iter()
                        .map(|p| (p.size_units, p.speed_units_per_s))
                })
                .collect();
            (d.left_out, points)
        });
        vec![("devices", outcome(devices.map_err(|e| e.clone())))]
    });
}

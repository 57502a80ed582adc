//! Hostile input, sessions: a session file is checked as strictly as the
//! command line (every value in the range its option has, measured data
//! embedded in it through the reader of its file) by every way in
//! (`export --session`, `eval sensitivity --session`, `hetscope FILE`),
//! reads no more than it says and only where it says, and never waits.

use crate::common::hostile::Bench;

/// The three ways a session file is read from the command line.
fn every_way_refuses(b: &Bench, session: &str, needles: &[&str]) {
    b.refused(
        &["export", "--session", session, "--out", "x.svg"],
        1,
        needles,
    );
    b.refused(&["eval", "sensitivity", "--session", session], 1, needles);
    // `hetscope FILE` checks what the window would open, before it opens.
    b.refused(&[session], 1, needles);
}

#[test]
fn values_out_of_the_options_ranges_are_refused_with_file_line_and_field() {
    let b = Bench::new();
    let cases = [
        (
            "fpm_n: 3600.0",
            "fpm_n: -3600.0",
            "session.overview.fpm_n: -3600: must be between",
        ),
        (
            "n_units: 3600.0",
            "n_units: 0.0",
            "session.fpm.n_units: 0: must be between",
        ),
        (
            "zoom: 1.0",
            "zoom: 9.0",
            "session.perdome.camera.zoom: 9: must be between 0.2 and 8",
        ),
        (
            "step: 0.01",
            "step: 1e-320",
            "session.overview.sensitivity.step: 1e-320: must be between 1e-6 and 0.5",
        ),
        ("f: 10.0,", "f: -1.0,", "session.boathull.f: -1: must be"),
    ];
    for (k, (from, to, want)) in cases.iter().enumerate() {
        let name = format!("bad{k}.ron");
        b.session_with(&name, from, to);
        let text = std::fs::read_to_string(b.path(&name)).unwrap();
        let at = text.find(to).expect("the changed value");
        let line = 1 + text[..at].matches('\n').count();
        let place = format!("{name}, line {line}: ");
        every_way_refuses(&b, &name, &[&place, want]);
    }
    let size = b.path("s.ron");
    let text = std::fs::read_to_string(size).unwrap();
    let key = "\n            size: ";
    let at = text.find(key).expect("the offload size") + key.len();
    let end = at + text[at..].find(',').unwrap();
    b.write("huge.ron", &format!("{}3e38{}", &text[..at], &text[end..]));
    every_way_refuses(
        &b,
        "huge.ron",
        &["session.offload.size: 3e38: must be a whole number between 1 and 1e15"],
    );
}

/// Data embedded in a session goes through the reader of its file: the
/// same refusal as the CSV file itself would get.
#[test]
fn embedded_measured_data_passes_the_readers_row_checks() {
    let b = Bench::new();
    let text = std::fs::read_to_string(b.path("s.ron")).unwrap();
    assert!(text.contains("kept: Embedded"), "small files are embedded");
    let cases = [
        (
            ", time_s: 2.5002",
            ", time_s: -2.5002",
            "data of e.csv: row 1, column `time_s`: -2.5002",
        ),
        (
            "f: 2.0, time_s:",
            "f: 0.0, time_s:",
            "data of t.csv: row 3, column `f`: 0: must be at least 1",
        ),
        (
            "speedup: 1617.0",
            "speedup: -1617.0",
            "data of m.csv: row 1, column `speedup`",
        ),
    ];
    for (k, (from, to, want)) in cases.iter().enumerate() {
        let name = format!("data{k}.ron");
        b.session_with(&name, from, to);
        every_way_refuses(&b, &name, &[want]);
    }
    // The same value in the file itself: the reader's own words.
    let csv = std::fs::read_to_string(b.path("t.csv")).unwrap();
    let line = csv.lines().nth(3).unwrap();
    let bad = line.replacen(",2,", ",0,", 1);
    assert_ne!(bad, line, "{line}");
    b.write("t0.csv", &csv.replacen(line, &bad, 1));
    b.refused(
        &["session", "--measured", "t0.csv", "--out", "x.ron"],
        1,
        &["column `f`: 0: must be at least 1"],
    );
}

/// One entry per measured slot, however many a file lists: a small
/// session naming the same file thousands of times opens no file twice.
#[test]
fn a_slot_named_twice_is_refused_at_once() {
    let b = Bench::new();
    let text = std::fs::read_to_string(b.path("s.ron")).unwrap();
    let open = text.find("measured: [").unwrap() + "measured: [".len();
    let close = open + text[open..].find("),").unwrap() + 2;
    let entry = &text[open..close];
    let many = format!("{}{}{}", &text[..open], entry.repeat(2000), &text[open..]);
    b.write("many.ron", &many);
    let started = std::time::Instant::now();
    b.refused(
        &["export", "--session", "many.ron", "--out", "x.svg"],
        1,
        &[
            "a second entry for the",
            "a session holds one file of each kind",
        ],
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
}

/// A file kept by path is read beside the session or where the session
/// records it, the message naming the path actually read; a FIFO named
/// there (or as the session) is refused without waiting.
#[test]
fn a_file_kept_by_path_is_read_only_where_the_session_says() {
    let b = Bench::new();
    let text = std::fs::read_to_string(b.path("s.ron")).unwrap();
    b.write("secret.txt", "not a measured file\n");
    let secret = b.path("secret.txt").display().to_string();
    let crafted = text.replacen(
        "kept: Embedded,",
        &format!("kept: ByPath, absolute: Some({secret:?}),"),
        1,
    );
    let first = text
        .split("path: \"")
        .nth(1)
        .and_then(|t| t.split('"').next())
        .unwrap()
        .to_string();
    let crafted = crafted.replacen(&format!("path: \"{first}\""), "path: \"gone/x.csv\"", 1);
    b.write("crafted.ron", &crafted);
    let read_from = format!("read from {secret}: changed since the session was saved");
    b.refused(
        &["export", "--session", "crafted.ron", "--out", "x.svg"],
        1,
        &["gone/x.csv", &read_from],
    );
    b.fifo("pipe.csv");
    let piped = text.replacen("kept: Embedded,", "kept: ByPath,", 1);
    let piped = piped.replacen(&format!("path: \"{first}\""), "path: \"pipe.csv\"", 1);
    b.write("piped.ron", &piped);
    every_way_refuses(
        &b,
        "piped.ron",
        &["pipe.csv", "FIFO (named pipe), not a regular file"],
    );
    b.fifo("pipe.ron");
    b.refused(&["pipe.ron"], 1, &["pipe.ron", "FIFO"]);
    b.refused(
        &["export", "--session", "pipe.ron", "--out", "x.svg"],
        1,
        &["FIFO"],
    );
}

/// A byte-order mark before a valid session is no reason to refuse it.
#[test]
fn a_byte_order_mark_is_accepted() {
    let b = Bench::new();
    let text = std::fs::read_to_string(b.path("s.ron")).unwrap();
    b.write("bom.ron", &format!("\u{feff}{text}"));
    b.ok(&["export", "--session", "bom.ron", "--out", "bom.svg"]);
    let csv = std::fs::read_to_string(b.path("m.csv")).unwrap();
    b.write("bom.csv", &format!("\u{feff}{csv}"));
    b.ok(&[
        "validate",
        "--platform",
        "h100-node-measured",
        "--measured",
        "bom.csv",
    ]);
}

//! Session files on the command line: `hetscope session` writes what
//! `export --session` draws byte for byte as `export` draws it from the
//! same options, and as the window exports the session; a newer format,
//! a missing measured file and a file that is no session are refused
//! with their names; `hetscope FILE` checks the file before the window
//! opens.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::common::{fails, ok};

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).to_string_lossy().into_owned()
}

/// The options both commands take for the PerDome heat map of two
/// platforms with edited values and a partition of their own.
const OPTIONS: &[&str] = &[
    "--platform",
    "xeon-8480-h100",
    "--platform2",
    "i7-gtx750-perdome",
    "--set",
    "t_fG=0.05",
    "--set",
    "I_C=2",
    "--set",
    "I_G=4",
    "--log-colors",
];

#[test]
fn a_session_exports_what_its_options_export() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (s, a, b) = (
        path(dir.path(), "s.ron"),
        path(dir.path(), "a.svg"),
        path(dir.path(), "b.svg"),
    );
    let out = ok(&[&["session"], OPTIONS, &["--out", &s]].concat());
    assert_eq!(out, format!("wrote {s}\n"));
    ok(&[
        "export",
        "--session",
        &s,
        "--view",
        "perdome-heatmap",
        "--out",
        &a,
    ]);
    let direct = [
        &["export"],
        OPTIONS,
        &["--view", "perdome-heatmap", "--out", &b],
    ]
    .concat();
    ok(&direct);
    let (a, b) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    assert!(a.len() > 10_000 && a == b, "the two exports differ");
    // The set partition is drawn: the file holds it.
    let text = std::fs::read_to_string(&s).unwrap();
    assert!(text.contains("set (I_C, I_G)") && text.contains("format: 1"));
}

#[test]
fn the_view_and_camera_come_from_the_session() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (s, a, b) = (
        path(dir.path(), "s.ron"),
        path(dir.path(), "a.svg"),
        path(dir.path(), "b.svg"),
    );
    let camera = ["--yaw", "25", "--pitch", "50", "--zoom", "1.4"];
    let view = ["--view", "perdome-surface"];
    ok(&[
        &["session", "--platform", "xeon-8480-h100"],
        &camera[..],
        &view,
        &["--out", &s],
    ]
    .concat());
    ok(&["export", "--session", &s, "--out", &a]);
    ok(&[
        &["export", "--platform", "xeon-8480-h100"],
        &camera[..],
        &view,
        &["--out", &b],
    ]
    .concat());
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    // The default camera draws another picture.
    ok(&[
        "export",
        "--platform",
        "xeon-8480-h100",
        "--view",
        "perdome-surface",
        "--out",
        &b,
    ]);
    assert_ne!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
}

#[test]
fn options_that_build_a_scenario_are_refused_with_a_session() {
    let s = "tests/data/session-v1.ron";
    let e = fails(
        &[
            "export",
            "--session",
            s,
            "--platform",
            "dgx-h100-like",
            "--set",
            "t_fC=1",
            "--out",
            "x.svg",
        ],
        2,
        "not with --platform, --set",
    );
    assert!(e.contains("session-v1.ron"), "{e}");
    fails(
        &["export", "--session", s, "--yaw", "10", "--out", "x.svg"],
        2,
        "--yaw",
    );
    fails(&["export", "--out", "x.svg"], 2, "--view");
}

#[test]
fn a_newer_format_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = std::fs::read_to_string("tests/data/session-v1.ron").unwrap();
    let newer = text.replacen("format: 1,", "format: 2,", 1);
    assert_ne!(newer, text);
    let s = path(dir.path(), "new.ron");
    std::fs::write(&s, newer).unwrap();
    let out = path(dir.path(), "x.svg");
    let e = fails(&["export", "--session", &s, "--out", &out], 1, "new.ron");
    assert!(
        e.contains("session format 2") && e.contains("formats 1 to 1"),
        "{e}"
    );
    fails(&[&s], 1, "session format 2");
    assert!(!Path::new(&out).exists(), "nothing written");
}

/// A boat hull measured CSV of `rows` rows with long variant names:
/// larger than a session embeds.
fn large_measured(path: &Path, rows: usize) {
    let mut text = String::from("processor,kind,variant,f,time_s\n");
    let long = "a variant described at length ".repeat(10);
    for k in 0..rows {
        let f = 1.0 + k as f64 / 10.0;
        let t = 1e-5 * (1.0 + k as f64 / rows as f64);
        text.push_str(&format!(
            "GPU under test,gpu,run {} {long},{f},{t:e}\n",
            k / 100
        ));
    }
    std::fs::write(path, text).unwrap();
}

#[test]
fn a_measured_file_kept_by_path_is_read_again_and_named_when_missing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let csv = dir.path().join("big-times.csv");
    large_measured(&csv, 1000);
    let (s, a, b) = (
        path(dir.path(), "s.ron"),
        path(dir.path(), "a.svg"),
        path(dir.path(), "b.svg"),
    );
    let csv_arg = csv.to_string_lossy().into_owned();
    ok(&[
        "session",
        "--measured",
        &csv_arg,
        "--view",
        "boathull",
        "--out",
        &s,
    ]);
    let text = std::fs::read_to_string(&s).unwrap();
    assert!(
        text.contains("ByPath") && !text.contains("run 9 a variant"),
        "kept by path"
    );
    assert!(text.len() < 100_000, "{} bytes", text.len());
    ok(&["export", "--session", &s, "--out", &a]);
    ok(&[
        "export",
        "--view",
        "boathull",
        "--measured",
        &csv_arg,
        "--out",
        &b,
    ]);
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    std::fs::remove_file(&csv).unwrap();
    let e = fails(
        &["export", "--session", &s, "--out", &a],
        1,
        "big-times.csv",
    );
    assert!(e.contains("s.ron, line") && e.contains("not found"), "{e}");
    fails(&[&s], 1, "big-times.csv");
}

#[test]
fn a_file_that_is_no_session_is_refused_before_the_window() {
    fails(&["missing.ron"], 1, "missing.ron: no such file");
    fails(&["sesion"], 2, "unknown subcommand 'sesion'");
    fails(
        &["presets/gpus/gtx-470.ron"],
        1,
        "gtx-470.ron: GPU spec sheet, not a session file",
    );
    fails(
        &["session", "--set", "t_fC=-3", "--out", "x.ron"],
        2,
        "--set t_fC=-3",
    );
    fails(
        &[
            "session",
            "--measured",
            "presets/gpus/gtx-470.ron",
            "--out",
            "x.ron",
        ],
        1,
        "GPU spec sheet, not measured data",
    );
    assert!(!Path::new("x.ron").exists());
}

static OPENED: Mutex<Option<PathBuf>> = Mutex::new(None);

fn fake_window(path: Option<PathBuf>) -> Result<(), String> {
    *OPENED.lock().unwrap() = path;
    Ok(())
}

#[test]
fn hetscope_file_passes_a_session_to_the_window() {
    let code = hetscope::cli::main_with(["hetscope", "tests/data/session-v1.ron"], fake_window);
    assert_eq!(code, std::process::ExitCode::SUCCESS);
    let opened = OPENED.lock().unwrap().clone();
    assert_eq!(opened, Some(PathBuf::from("tests/data/session-v1.ron")));
}

/// A session whose page cannot be drawn (a class with a typo, saved so)
/// still opens from `hetscope FILE`: the window shows why and lets it be
/// mended; the note says so on the command line. One with a value out
/// of its option's range does not.
#[test]
fn hetscope_file_opens_a_page_that_cannot_be_drawn_and_refuses_a_bad_value() {
    let dir = tempfile::tempdir().expect("a folder");
    let text = std::fs::read_to_string("tests/data/session-v1.ron").expect("a session");
    let typo = text
        .replacen("tab: Figure(PerdomeHeatmap)", "tab: Figure(Boathull)", 1)
        .replacen("2048x2048|element ->", "2048x2048|elemnt ->", 1);
    let path = dir.path().join("typo.ron");
    std::fs::write(&path, typo).expect("written");
    let code = hetscope::cli::main_with(["hetscope".into(), path.clone()], no_window);
    assert_eq!(code, std::process::ExitCode::SUCCESS);
    let bad = text.replacen("zoom: 1.0", "zoom: 0.0", 1);
    assert_ne!(bad, text);
    let path = dir.path().join("zoom.ron");
    std::fs::write(&path, bad).expect("written");
    let code = hetscope::cli::main_with(["hetscope".into(), path], no_window);
    assert_eq!(code, std::process::ExitCode::from(1));
}

/// A window that opens nothing (the other test's records what it opens).
fn no_window(_: Option<PathBuf>) -> Result<(), String> {
    Ok(())
}

/// The session file `s` (in `dir`) exported at 900 x 600 by the window
/// and by `export --session`: the two files' bytes (named after `tag`).
fn both_exports(dir: &Path, s: &str, tag: &str) -> (Vec<u8>, Vec<u8>) {
    let opened = hetscope_core::session_file::open_session(Path::new(s)).expect("a session");
    let a = crate::common::window_export(opened.session, &dir.join(format!("window{tag}.svg")));
    let by_cli = path(dir, &format!("cli{tag}.svg"));
    ok(&[
        "export",
        "--session",
        s,
        "--width",
        "900",
        "--height",
        "600",
        "--out",
        &by_cli,
    ]);
    (a, std::fs::read(&by_cli).unwrap())
}

#[test]
fn the_window_exports_a_session_as_export_session_does() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = std::fs::read_to_string("tests/data/session-v1.ron").unwrap();
    // The heat map as saved, and the surface from another camera.
    let surface = text
        .replacen(
            "tab: Figure(PerdomeHeatmap)",
            "tab: Figure(PerdomeSurface)",
            1,
        )
        .replacen("yaw_deg: -35.0", "yaw_deg: 50.0", 1);
    assert_ne!(
        surface.matches("50.0").count(),
        text.matches("50.0").count()
    );
    for (k, text) in [text, surface].iter().enumerate() {
        let s = path(dir.path(), &format!("s{k}.ron"));
        std::fs::write(&s, text).unwrap();
        let (a, b) = both_exports(dir.path(), &s, &k.to_string());
        assert!(
            a.len() > 10_000 && a == b,
            "the window's export {k} differs"
        );
    }
}

/// The sensitivity view on the Xeon 8480+ + H100 with the session's
/// result `result` (and flip points or not), exported by the window and
/// by `export --session`: the two files' bytes.
fn both_sensitivity_exports(result: &str, flips: bool) -> (Vec<u8>, Vec<u8>) {
    let dir = tempfile::tempdir().expect("tempdir");
    let s = path(dir.path(), "s.ron");
    ok(&[
        "session",
        "--platform",
        "xeon-8480-h100",
        "--view",
        "sensitivity",
        "--out",
        &s,
    ]);
    let mut opened = hetscope_core::session_file::open_session(Path::new(&s)).expect("a session");
    opened.session.overview.sensitivity.result = result.into();
    opened.session.overview.sensitivity.flips = flips;
    hetscope_core::session_file::save_session(Path::new(&s), &opened.session).expect("saved");
    both_exports(dir.path(), &s, "")
}

#[test]
fn the_window_exports_the_sensitivity_view_as_export_session_does() {
    // The table the window computes in the background is the table the
    // command line computes: the same tornado, byte for byte.
    let (a, b) = both_sensitivity_exports("offload.speedup.atax2", true);
    let text = String::from_utf8_lossy(&a);
    assert!(
        text.contains("offload speedup of ATAX2"),
        "the chosen result is drawn"
    );
    assert!(text.contains("Flip points"), "with its flip points");
    assert!(
        a == b,
        "the window's export of the sensitivity view differs"
    );
}

#[test]
fn a_session_result_the_platform_has_not_draws_the_first_moved_one_as_the_window_does() {
    // A session saved with a result of another platform (a kernel the
    // scenario no longer has): the window shows the first result the
    // hardware moves, and both exports draw that too instead of failing.
    let (a, b) = both_sensitivity_exports("offload.speedup.gone", false);
    let text = String::from_utf8_lossy(&b);
    assert!(
        text.contains("PerDome bound of the best partition"),
        "the first moved result is drawn"
    );
    assert!(a == b, "the window's export differs from export --session");
}

/// A session whose PerDome values were edited draws its overview with
/// them, from the command line as in the window, and says so; without
/// the edit the overview says nothing of the kind.
#[test]
fn a_sessions_overview_uses_the_values_edited_in_its_models() {
    let dir = tempfile::tempdir().unwrap();
    let draw = |sets: &[&str]| {
        let s = dir.path().join("s.ron");
        let mut args = vec![
            "session",
            "--platform",
            "i7-gtx750-perdome",
            "--view",
            "overview",
        ];
        args.extend(sets.iter().flat_map(|s| ["--set", *s]));
        args.extend(["--out", s.to_str().unwrap()]);
        crate::common::ok(&args);
        crate::common::ok(&[
            "export",
            "--session",
            s.to_str().unwrap(),
            "--format",
            "csv",
            "--out",
            "-",
        ]) + &crate::common::ok(&[
            "export",
            "--session",
            s.to_str().unwrap(),
            "--format",
            "svg",
            "--out",
            "-",
        ])
    };
    let plain = draw(&[]);
    let edited = draw(&["t_fC=147"]);
    assert!(!plain.contains("as edited"), "{plain}");
    assert!(edited.contains("PerDome / PeaPaw as edited in its tab"));
    assert_ne!(plain, edited, "the overview's numbers follow the edit");
}

/// A text file opened as a session is named for what it is, not by the
/// RON reader's first complaint.
#[test]
fn a_text_file_is_no_session_and_says_what_it_looks_like() {
    let dir = tempfile::tempdir().unwrap();
    let notes = dir.path().join("notes.ron");
    std::fs::write(&notes, "hello world\nthese are notes\n").unwrap();
    let err = fails(
        &[
            "export",
            "--session",
            notes.to_str().unwrap(),
            "--out",
            "-",
            "--format",
            "svg",
        ],
        1,
        "not a file hetscope reads (text starting `hello world`)",
    );
    assert!(!err.contains("expected `(`"), "{err}");
}

//! One path from arguments to figure: for every view, on one platform and
//! on two, on a paper-era platform, a current node and a measured one,
//! `export --view` with the options writes the same bytes as `session`
//! with those options followed by `export --session`, and as the window's
//! export of that session; and so for each model's own options.

use std::path::Path;

use crate::common::{hetscope, stderr};
use hetscope_figure::View;

/// The platforms every view is drawn on: a paper-era one, a current node
/// from its spec sheets, the node measured.
const PLATFORMS: [&str; 3] = ["i7-gtx750-perdome", "xeon-8480-h100", "h100-node-measured"];

/// The size every face exports at here (the window's export size).
const SIZE: [&str; 4] = ["--width", "900", "--height", "600"];

/// The options naming `platform` and, where given, `platform2`.
fn platform_options<'a>(platform: &'a str, platform2: Option<&'a str>) -> Vec<&'a str> {
    let mut v = vec!["--platform", platform];
    if let Some(p2) = platform2 {
        v.extend(["--platform2", p2]);
    }
    v
}

/// Run the binary; its output, or its one-line message where it fails.
fn run(args: &[&str]) -> Result<(), String> {
    let o = hetscope(args);
    if o.status.success() {
        Ok(())
    } else {
        Err(stderr(&o))
    }
}

/// The bytes of `view` with `named` (the options) by the three faces:
/// `export --view`, `session` + `export --session` and the window; `Err`
/// (with the face) where one of them fails. `tag` names the files.
fn three_faces(dir: &Path, view: View, tag: &str, named: &[&str]) -> Result<[Vec<u8>; 3], String> {
    let file = |name: &str| {
        dir.join(format!("{tag}-{name}"))
            .to_string_lossy()
            .into_owned()
    };
    let (direct, session, by_session, by_window) = (
        file("direct.svg"),
        file("s.ron"),
        file("session.svg"),
        file("window.svg"),
    );
    let export = [
        &["export", "--view", view.key()],
        named,
        &SIZE,
        &["--out", &direct],
    ];
    run(&export.concat()).map_err(|e| format!("export --view: {e}"))?;
    let write = [
        &["session", "--view", view.key()],
        named,
        &["--out", &session],
    ];
    run(&write.concat()).map_err(|e| format!("session: {e}"))?;
    let draw = [
        &["export", "--session", session.as_str()],
        &SIZE[..],
        &["--out", &by_session],
    ];
    run(&draw.concat()).map_err(|e| format!("export --session: {e}"))?;
    let opened = hetscope_core::session_file::open_session(Path::new(&session))
        .map_err(|e| format!("the window's open: {e}"))?;
    let window = crate::common::window_export(opened.session, Path::new(&by_window));
    let read = |p: &str| std::fs::read(p).map_err(|e| format!("{p}: {e}"));
    Ok([read(&direct)?, read(&by_session)?, window])
}

/// The cases: every view on each platform alone, and each view that
/// draws a second platform with the next platform of the list.
fn cases() -> Vec<(View, Vec<&'static str>)> {
    let mut v = Vec::new();
    for view in View::ALL {
        for (k, p) in PLATFORMS.iter().enumerate() {
            v.push((view, vec![*p]));
            if view.draws_second_platform() {
                v.push((view, vec![*p, PLATFORMS[(k + 1) % PLATFORMS.len()]]));
            }
        }
    }
    v
}

#[test]
fn every_view_is_the_same_figure_by_every_face() {
    let dir = tempfile::tempdir().expect("tempdir");
    let cases = cases();
    assert_eq!(
        cases.len(),
        View::ALL.len() * 3 + 3 * 10,
        "17 views, 10 of them comparing"
    );
    let mut differ = Vec::new();
    for (view, platforms) in &cases {
        let name = format!("{} on {}", view.key(), platforms.join(" and "));
        let tag = format!("{}-{}", view.key(), platforms.join("+"));
        let named = platform_options(platforms[0], platforms.get(1).copied());
        let faces = three_faces(dir.path(), *view, &tag, &named);
        differ.extend(differences(&name, faces));
    }
    assert!(
        differ.is_empty(),
        "{} of {} cases:\n{}",
        differ.len(),
        cases.len(),
        differ.join("\n")
    );
}

/// What is wrong with the three faces' bytes of case `name`: a face that
/// failed, no figure, or bytes that differ.
fn differences(name: &str, faces: Result<[Vec<u8>; 3], String>) -> Vec<String> {
    let [direct, session, window] = match faces {
        Ok(f) => f,
        Err(e) => return vec![format!("{name}: {e}")],
    };
    let mut differ = Vec::new();
    let text = String::from_utf8_lossy(&direct);
    if !(direct.len() > 2_000 && text.contains("<svg")) {
        differ.push(format!("{name}: export --view wrote no figure"));
    }
    if direct != session {
        differ.push(format!(
            "{name}: export --session differs from export --view"
        ));
    }
    if window != session {
        differ.push(format!(
            "{name}: the window's export differs from export --session"
        ));
    }
    differ
}

/// Each model's own options (and values set by name, code segments,
/// regrouping, the sensitivity view's choices, an offload platform
/// preset): `session` takes every option `export --view` takes, and
/// makes the same figure of it.
#[test]
fn every_models_own_options_make_the_same_figure_by_every_face() {
    let cases: [(&str, &[&str]); 13] = [
        (
            "boathull",
            &[
                "--platform",
                "xeon-8480-h100",
                "--f",
                "300",
                "--target",
                "cpu",
            ],
        ),
        (
            "boathull-compare",
            &[
                "--processor",
                "gtx470",
                "--processor2",
                "gts250",
                "--set",
                "P_compute=900",
            ],
        ),
        (
            "boathull-app",
            &["--application", "sobel-edges", "--platform", "grace-h100"],
        ),
        ("fpm-times", &["--n", "2000", "--integer"]),
        ("fpm-sweep", &["--platform", "xeon-8480-h100", "--linear"]),
        (
            "offload",
            &[
                "--kernel",
                "atax1",
                "--size",
                "2000",
                "--size-from",
                "100",
                "--size-to",
                "50000",
                "--set",
                "threads=8",
            ],
        ),
        (
            "offload-suite",
            &[
                "--platform",
                "power9-v100",
                "--suite",
                "benchmarks",
                "--size",
                "test",
            ],
        ),
        (
            "offload",
            &[
                "--platform",
                "xeon-8480-h100",
                "--formulation",
                "cache-aware",
                "--host-memory",
                "pinned",
                "--platform2",
                "power8-k80",
            ],
        ),
        (
            "sensitivity",
            &[
                "--platform",
                "xeon-8480-h100",
                "--result",
                "perdome.best",
                "--step",
                "0.02",
                "--no-flips",
            ],
        ),
        (
            "overview",
            &["--platform", "dgx-h100-like", "--cpus", "1", "--gpus", "2"],
        ),
        (
            "perdome-heatmap",
            &[
                "--platform",
                "xeon-8480-h100",
                "--set",
                "t_fC=50",
                "--workload",
                "perdome-da",
            ],
        ),
        (
            "wp-compare",
            &[
                "--platform",
                "xeon-8480-h100",
                "--segment",
                "solve:2e10:1e10:gpu",
                "--segment",
                "pre:1e9:4e9:cpu",
            ],
        ),
        (
            "energy-surface",
            &[
                "--platform",
                "h100-node-measured",
                "--yaw",
                "20",
                "--zoom",
                "1.2",
            ],
        ),
    ];
    let dir = tempfile::tempdir().expect("tempdir");
    let mut differ = Vec::new();
    for (k, (view, options)) in cases.iter().enumerate() {
        let v = View::ALL
            .into_iter()
            .find(|v| v.key() == *view)
            .unwrap_or_else(|| panic!("no view {view}"));
        let name = format!("{view} {}", options.join(" "));
        let faces = three_faces(dir.path(), v, &format!("options-{k}"), options);
        differ.extend(differences(&name, faces));
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
    // A regrouping needs the platform it regroups.
    let s = dir.path().join("s.ron");
    let s = s.to_str().expect("a path");
    crate::common::fails(
        &["session", "--cpus", "1", "--out", s],
        2,
        "--cpus/--gpus: regroup a platform named with --platform",
    );
}

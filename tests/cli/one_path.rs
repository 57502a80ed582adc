//! One path from arguments to figure: for every view, on one platform and
//! on two, on a paper-era platform, a current node and a measured one,
//! `export --view` with the options writes the same bytes as `session`
//! with those options followed by `export --session`, and as the window's
//! export of that session.

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

/// The bytes of `view` on the platforms by the three faces: `export
/// --view`, `session` + `export --session` and the window; `Err` (with
/// the face) where one of them fails.
fn three_faces(dir: &Path, view: View, platforms: &[&str]) -> Result<[Vec<u8>; 3], String> {
    let tag = format!("{}-{}", view.key(), platforms.join("+"));
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
    let named = platform_options(platforms[0], platforms.get(1).copied());
    let export = [
        &["export", "--view", view.key()],
        &named[..],
        &SIZE,
        &["--out", &direct],
    ];
    run(&export.concat()).map_err(|e| format!("export --view: {e}"))?;
    let write = [
        &["session", "--view", view.key()],
        &named[..],
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
        match three_faces(dir.path(), *view, platforms) {
            Err(e) => differ.push(format!("{name}: {e}")),
            Ok([direct, session, window]) => {
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
            }
        }
    }
    assert!(
        differ.is_empty(),
        "{} of {} cases:\n{}",
        differ.len(),
        cases.len(),
        differ.join("\n")
    );
}

//! Session files in the window: save, reopen in a new window and find
//! the same session and the same figures; Ctrl+S saves to the session's
//! file; `hetscope FILE` opens it at start; a broken or newer file is
//! named and changes nothing.

use eframe::egui::{Key, Modifiers};
use egui_kittest::Harness;

use crate::common::window;
use hetscope::figure::{Camera, View};
use hetscope::gui::{HetscopeApp, StatusKind, Tab};
use hetscope_export::{ExportSize, Format, render};

/// A session with edits in every model, a second platform, a view and a
/// turned camera.
fn explored() -> Harness<'static, HetscopeApp> {
    let mut h = window(1920.0, 1080.0);
    h.run();
    let app = h.state_mut();
    assert!(app.use_platform("xeon-8480-h100"));
    assert!(app.compare_with(Some("i7-gtx750-perdome")));
    let s = &mut app.session;
    s.perdome.platform.params.gpu.t_b *= 1.5;
    s.perdome.camera = Camera {
        yaw_deg: 75.0,
        pitch_deg: 40.0,
        zoom: 1.3,
    };
    s.boathull.f = 42.0;
    s.fpm.n_units = 3000.0;
    s.offload.size = 2500.0;
    s.overview.fpm_n = 4000.0;
    s.tab = Tab::Figure(View::PerdomeSurface);
    h.run();
    h
}

fn svg_of(h: &Harness<'_, HetscopeApp>) -> Vec<u8> {
    let fig = h.state().figure().cloned().unwrap_or_else(|| {
        let app = h.state();
        panic!(
            "no figure in {:?}: {:?}",
            app.session.tab,
            app.param_error()
        )
    });
    let camera = h.state().session.perdome.camera;
    let size = ExportSize::new(1200, 800).expect("a size");
    render(&fig, Format::Svg, size, &camera).expect("rendered")
}

#[test]
fn a_saved_session_reopens_with_the_same_figures() {
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("explored.ron");
    let mut h = explored();
    h.state_mut().save_session_file(&file);
    h.run();
    let text = std::fs::read_to_string(&file).expect("saved");
    assert!(
        text.contains(env!("CARGO_PKG_VERSION")),
        "the version that wrote it"
    );
    let mut figures = Vec::new();
    for view in [
        View::PerdomeSurface,
        View::Boathull,
        View::FpmTimes,
        View::OffloadSuite,
    ] {
        h.state_mut().session.tab = Tab::Figure(view);
        h.run();
        figures.push(svg_of(&h));
    }
    let mut again = window(1920.0, 1080.0);
    again.run();
    again.state_mut().open_session_file(&file);
    again.run();
    let (mut a, mut b) = (h.state().session.clone(), again.state().session.clone());
    (a.tab, b.tab) = (Tab::PaperCheck, Tab::PaperCheck);
    assert_eq!(a, b, "the same session");
    assert_eq!(again.state().session_file.as_deref(), Some(file.as_path()));
    assert!(
        again.state().state.recent.first() == Some(&file),
        "in Open recent"
    );
    for (view, figure) in [
        View::PerdomeSurface,
        View::Boathull,
        View::FpmTimes,
        View::OffloadSuite,
    ]
    .into_iter()
    .zip(figures)
    {
        again.state_mut().session.tab = Tab::Figure(view);
        again.run();
        assert!(svg_of(&again) == figure, "{view:?} drawn the same");
    }
}

#[test]
fn ctrl_s_saves_to_the_sessions_file_and_the_star_goes() {
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("s.ron");
    let mut h = explored();
    h.state_mut().save_session_file(&file);
    h.run();
    h.state_mut().session.fpm.n_units = 12000.0;
    h.run();
    assert!(h.state().window_title().ends_with(" *"));
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert!(!h.state().window_title().ends_with('*'));
    let text = std::fs::read_to_string(&file).expect("saved");
    assert!(text.contains("12000"), "the edit is in the file");
}

#[test]
fn the_session_named_on_the_command_line_opens_at_start() {
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("start.ron");
    let mut h = explored();
    h.state_mut().save_session_file(&file);
    let want = h.state().session.fpm.n_units;
    let opened = file.clone();
    let mut h = crate::common::builder()
        .with_size(eframe::egui::vec2(1500.0, 950.0))
        .build_eframe(move |cc| HetscopeApp::new(cc, Some(opened.clone())));
    h.run();
    assert_eq!(h.state().session.fpm.n_units, want);
    assert_eq!(h.state().session.tab, Tab::Figure(View::PerdomeSurface));
    assert!(!h.state().window_title().ends_with('*'), "just opened");
}

#[test]
fn a_broken_or_newer_session_is_named_and_changes_nothing() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut h = window(1920.0, 1080.0);
    h.run();
    let before = h.state().session.clone();
    let broken = dir.path().join("broken.ron");
    std::fs::write(&broken, "(format: 1, session: (platform: Some(").expect("written");
    h.state_mut().open_session_file(&broken);
    let (k, s) = h.state().status().expect("a status");
    assert_eq!(k, StatusKind::Error);
    assert!(s.contains("broken.ron"), "{s}");
    assert_eq!(h.state().session, before);
    let good = dir.path().join("good.ron");
    h.state_mut().save_session_file(&good);
    let text = std::fs::read_to_string(&good).expect("saved");
    let newer = dir.path().join("newer.ron");
    std::fs::write(&newer, text.replacen("format: 1", "format: 99", 1)).expect("written");
    h.state_mut().open_session_file(&newer);
    let (k, s) = h.state().status().expect("a status");
    assert_eq!(k, StatusKind::Error);
    assert!(s.contains("99"), "{s}");
    assert_eq!(h.state().session, before);
}

#[test]
fn a_session_file_too_large_to_read_is_refused_before_it_is_read() {
    let dir = tempfile::tempdir().expect("a folder");
    let big = dir.path().join("big.ron");
    let f = std::fs::File::create(&big).expect("created");
    f.set_len(3_000_000_000).expect("a sparse file of 3 GB");
    let mut h = window(1280.0, 800.0);
    h.run();
    let before = h.state().session.clone();
    h.state_mut().open_session_file(&big);
    let (k, s) = h.state().status().expect("a status");
    assert_eq!(k, StatusKind::Error);
    assert!(
        s.contains("big.ron") && s.contains("session files up to 16 MB"),
        "{s}"
    );
    assert_eq!(h.state().session, before);
}

/// Neither Save nor an export writes over a file the session reads (a
/// measured file loaded): refused with a message, the file unchanged.
#[test]
fn nothing_is_written_over_a_file_the_session_reads() {
    let dir = tempfile::tempdir().expect("a folder");
    let csv = dir.path().join("runs.csv");
    std::fs::copy("assets/data/h100-energy-runs.csv", &csv).expect("copied");
    let before = std::fs::read(&csv).expect("read");
    let mut h = window(1280.0, 800.0);
    h.run();
    let runs = hetscope_core::perdome::energy_runs::load_energy_runs(&csv).expect("runs");
    h.state_mut().session.perdome.energy_runs.loaded = Some(runs);
    h.run();
    h.state_mut().save_session_file(&csv);
    let (k, s) = h.state().status().expect("a status");
    assert_eq!(k, StatusKind::Error, "{s}");
    assert!(s.contains("which the session reads"), "{s}");
    let ctx = h.ctx.clone();
    h.state_mut().start_export(&ctx, "csv", Some(csv.clone()));
    crate::common::until_idle(&mut h);
    let (k, s) = h.state().status().expect("a status");
    assert_eq!(k, StatusKind::Error, "{s}");
    assert!(s.contains("Not exported") && s.contains("runs.csv"), "{s}");
    assert_eq!(std::fs::read(&csv).expect("read"), before);
}

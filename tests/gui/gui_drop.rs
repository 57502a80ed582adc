//! Files dropped on the window (egui's dropped files in the raw input):
//! each kind hetscope reads is recognised by its content and goes where it
//! belongs, with a status line saying what it became; anything else is
//! refused with a message and changes nothing.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use eframe::egui;
use egui_kittest::Harness;

use crate::common::window;
use hetscope::figure::View;
use hetscope::gui::{HetscopeApp, StatusKind, Tab};

/// A file as the desktop hands it over.
#[derive(Debug)]
pub(super) struct Dropped(pub(super) PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &Path {
        &self.0
    }
    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

/// `file` (relative to the repository) copied into `dir` under its own
/// name (a file the window writes beside it lands in `dir`).
fn copy_in(dir: &Path, file: &str) -> PathBuf {
    let to = dir.join(Path::new(file).file_name().expect("a file name"));
    std::fs::copy(file, &to).expect("copied");
    to
}

fn drop_file(h: &mut Harness<'_, HetscopeApp>, path: &Path) {
    h.input_mut()
        .dropped_files
        .push(Arc::new(Dropped(path.to_path_buf())));
    h.run();
    h.run();
}

fn status(h: &Harness<'_, HetscopeApp>) -> (StatusKind, String) {
    let (k, s) = h.state().status().expect("a status line");
    (k, s.to_string())
}

fn info(h: &Harness<'_, HetscopeApp>, needle: &str) {
    let (k, s) = status(h);
    assert_eq!(k, StatusKind::Info, "{s}");
    assert!(s.contains(needle), "{s} should say {needle}");
}

#[test]
fn presets_go_to_the_model_that_reads_them() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut h = window(1920.0, 1080.0);
    h.run();
    let platform = copy_in(dir.path(), "presets/platforms/xeon-8480-h100.ron");
    drop_file(&mut h, &platform);
    info(&h, "platform preset, now every model's platform");
    assert_eq!(
        h.state().session.platform,
        Some(platform.display().to_string())
    );

    drop_file(
        &mut h,
        &copy_in(dir.path(), "presets/processors/gtx470.ron"),
    );
    info(&h, "now the platform's GPU");
    let gpu = &h.state().session.perdome.platform.gpu_name;
    assert!(gpu.starts_with("GeForce GTX470"), "{gpu}");
    assert_eq!(h.state().session.tab, Tab::Figure(View::PerdomeHeatmap));

    drop_file(
        &mut h,
        &copy_in(dir.path(), "presets/workloads/perdome-sa.ron"),
    );
    info(&h, "perdome-sa");

    drop_file(
        &mut h,
        &copy_in(dir.path(), "presets/applications/sobel-edges.ron"),
    );
    info(&h, "now the boat hull's application");
    assert_eq!(h.state().session.tab, Tab::Figure(View::BoathullApp));

    drop_file(
        &mut h,
        &copy_in(dir.path(), "presets/offload-kernels/syrk.ron"),
    );
    info(&h, "now the offload view's kernel");
    assert_eq!(h.state().session.offload.kernel, "syrk");
    assert_eq!(h.state().session.tab, Tab::Figure(View::Offload));

    drop_file(
        &mut h,
        &copy_in(dir.path(), "presets/offload-platforms/grace-h100-c2c.ron"),
    );
    info(&h, "now the offload platform");
    assert_eq!(h.state().session.offload.platform, "grace-h100-c2c");
    assert!(
        h.state().param_error().is_none(),
        "{:?}",
        h.state().param_error()
    );
}

#[test]
fn measured_csvs_go_to_their_views() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut h = window(1920.0, 1080.0);
    h.run();
    drop_file(
        &mut h,
        &copy_in(dir.path(), "presets/devices/paper-gtx680.csv"),
    );
    info(&h, "paper-gtx680.csv");
    assert_eq!(h.state().session.tab, Tab::Figure(View::FpmSpeed));

    drop_file(
        &mut h,
        &copy_in(dir.path(), "assets/data/h100-energy-runs.csv"),
    );
    info(&h, "energy runs");
    assert_eq!(h.state().session.tab, Tab::Figure(View::EnergyFit));
    assert!(h.state().session.perdome.energy_runs.loaded.is_some());

    drop_file(
        &mut h,
        &copy_in(dir.path(), "assets/data/h100-boathull-measured.csv"),
    );
    assert_eq!(h.state().session.tab, Tab::Figure(View::Boathull));
    assert!(h.state().session.boathull.measured.is_some());

    drop_file(
        &mut h,
        &copy_in(dir.path(), "assets/data/h100-offload-measured.csv"),
    );
    info(&h, "measured runs");
    assert_eq!(h.state().session.tab, Tab::Figure(View::OffloadSuite));
    assert!(h.state().session.offload.measured.is_some());

    drop_file(
        &mut h,
        &copy_in(dir.path(), "assets/data/h100-node-sa-measured.csv"),
    );
    assert_eq!(h.state().session.tab, Tab::Figure(View::PerdomeHeatmap));
}

#[test]
fn a_spec_sheet_or_a_probe_run_makes_a_platform_with_that_processor() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut h = window(1920.0, 1080.0);
    h.run();
    drop_file(
        &mut h,
        &copy_in(dir.path(), "presets/gpus/a100-sxm4-80gb.ron"),
    );
    info(&h, "every model now uses i7 2600K + GTX 750 (PerDome) with");
    let made = h.state().session.platform.clone().expect("a platform");
    assert!(Path::new(&made).is_file(), "written: {made}");
    assert!(
        made.starts_with(&dir.path().display().to_string()),
        "beside the dropped file"
    );
    // A probe run without its pinned copies: the board, without a link.
    let run = std::fs::read_to_string("assets/data/h100-node-probe.csv").expect("the run");
    let no_link: String = run
        .lines()
        .filter(|l| !l.starts_with("bus,,") || l.contains("pageable"))
        .map(|l| format!("{l}\n"))
        .collect();
    let no_link_path = dir.path().join("probe-without-link.csv");
    std::fs::write(&no_link_path, no_link).expect("written");
    drop_file(&mut h, &no_link_path);
    info(&h, "probe");
    // A real probe run brings the link it measured: in the GPU's sheet and
    // as the platform's link.
    drop_file(
        &mut h,
        &copy_in(dir.path(), "assets/data/h100-node-probe.csv"),
    );
    info(&h, "probe");
    let made = h.state().session.platform.clone().expect("a platform");
    let text = std::fs::read_to_string(&made).expect("written");
    let rate = "h2d_pageable_gbs: Some(9.436506046)";
    assert_eq!(text.matches(rate).count(), 2, "{text}");
    drop_file(&mut h, &copy_in(dir.path(), "presets/cpus/epyc-9654.ron"));
    info(&h, "EPYC");
    assert!(
        h.state().param_error().is_none(),
        "{:?}",
        h.state().param_error()
    );
    // Every model takes the platform file, the offload model too (its
    // platform is held, not looked up in the catalog).
    for view in [
        View::Offload,
        View::OffloadSuite,
        View::Boathull,
        View::FpmTimes,
    ] {
        h.state_mut().session.tab = Tab::Figure(view);
        h.run();
        let error = h.state().param_error().map(|e| e.to_string());
        assert!(error.is_none(), "{view:?}: {error:?}");
        assert!(h.state().figure().is_some(), "{view:?}");
    }
}

#[test]
fn a_session_file_dropped_opens() {
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("s.ron");
    let mut h = window(1920.0, 1080.0);
    h.run();
    h.state_mut().session.fpm.n_units = 4800.0;
    h.run();
    h.state_mut().save_session_file(&file);
    let mut h = window(1920.0, 1080.0);
    h.run();
    drop_file(&mut h, &file);
    info(&h, "Opened session s.ron");
    assert_eq!(h.state().session.fpm.n_units, 4800.0);
}

/// A session the command line refuses (a value out of its option's
/// range, embedded data its file's reader refuses) the window refuses
/// too, dropped or opened, naming the field; nothing changes.
#[test]
fn a_session_the_command_line_refuses_is_refused_when_dropped_or_opened() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut h = window(1280.0, 800.0);
    h.run();
    let good = dir.path().join("good.ron");
    h.state_mut().save_session_file(&good);
    let text = std::fs::read_to_string(&good).expect("saved");
    let before = h.state().session.clone();
    for (name, from, to, field) in [
        (
            "n.ron",
            "fpm_n: 3600.0",
            "fpm_n: -3600.0",
            "session.overview.fpm_n: -3600",
        ),
        (
            "zoom.ron",
            "zoom: 1.0",
            "zoom: 90.0",
            "session.perdome.camera.zoom: 90",
        ),
    ] {
        let path = dir.path().join(name);
        assert!(text.contains(from), "{from}");
        std::fs::write(&path, text.replacen(from, to, 1)).expect("written");
        drop_file(&mut h, &path);
        let (k, s) = status(&h);
        assert_eq!(k, StatusKind::Error, "{name}: {s}");
        assert!(s.contains(name) && s.contains(field), "{s}");
        assert_eq!(h.state().session, before, "{name} changed nothing");
        h.state_mut().open_session_file(&path);
        let (k, s) = status(&h);
        assert_eq!(k, StatusKind::Error, "{name}: {s}");
        assert!(s.contains(field), "{s}");
        assert_eq!(h.state().session, before, "{name} changed nothing");
    }
}

#[test]
fn anything_else_is_refused_and_changes_nothing() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut h = window(1920.0, 1080.0);
    h.run();
    let before = h.state().session.clone();
    for (name, bytes) in [
        ("notes.txt", b"just some words\nand more\n".to_vec()),
        ("image.png", vec![0x89, b'P', b'N', b'G', 0, 0, 0xff, 0xfe]),
        ("broken.ron", b"(name: \"x\", cores: ".to_vec()),
        ("other.csv", b"a,b,c\n1,2,3\n".to_vec()),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).expect("written");
        drop_file(&mut h, &path);
        let (k, s) = status(&h);
        assert_eq!(k, StatusKind::Error, "{name}: {s}");
        assert!(s.contains(name) && s.contains("nothing changed"), "{s}");
        assert_eq!(h.state().session, before, "{name} changed nothing");
    }
    let missing = dir.path().join("gone.csv");
    drop_file(&mut h, &missing);
    assert_eq!(status(&h).0, StatusKind::Error);
    assert_eq!(h.state().session, before);
}

#[test]
fn on_the_model_against_measurement_view_a_measured_file_joins_the_comparison() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut h = window(1920.0, 1080.0);
    h.state_mut().session.tab = Tab::Figure(View::Validation);
    h.run();
    let file = copy_in(dir.path(), "assets/data/h100-energy-runs.csv");
    drop_file(&mut h, &file);
    info(&h, "now compared with the models");
    assert_eq!(
        h.state().session.overview.measured,
        vec![file.display().to_string()]
    );
    assert_eq!(
        h.state().session.tab,
        Tab::Figure(View::Validation),
        "the view stays"
    );
    assert!(h.state().session.perdome.energy_runs.path != file.display().to_string());
}

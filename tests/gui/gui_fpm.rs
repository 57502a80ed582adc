//! The FPM views driven headlessly with egui_kittest: the model tab, the
//! n slider, loading a CSV by its typed path, the device fields' notes on
//! typed values, and measuring this machine with progress and cancel.

use crate::common::MemoryStorage;

use std::time::{Duration, Instant};

use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hetscope::figure::{Figure, View};
use hetscope::gui::fpm_state::SizesPreset;
use hetscope::gui::model_ui::Editing;
use hetscope::gui::{FpmUi, HetscopeApp, StatusKind, Tab};
use hetscope::measure::Kernel;
use hetscope::preset::fpm::PAPER_N;

fn harness() -> Harness<'static, HetscopeApp> {
    crate::common::builder()
        .with_size(egui::vec2(1500.0, 950.0))
        .build_eframe(|_cc| crate::common::on_papers_presets())
}

/// Open the FPM model's tab and one of its views.
fn open(h: &mut Harness<'static, HetscopeApp>, view: &str) {
    h.get_by_label("FPM partitioning").click();
    h.run();
    h.get_by_label(view).click();
    h.run();
}

/// G1's FPM share and the makespans of the current times figure.
fn g1_fpm_share(h: &Harness<'_, HetscopeApp>) -> f64 {
    let t = h
        .state()
        .computed::<FpmUi>()
        .and_then(|c| c.table.as_ref())
        .expect("a partition table");
    assert_eq!(t.devices[0], "G1 GTX680");
    t.columns[2].cells[0].0
}

/// Step the app until `done` holds (a background job), at most `secs`.
fn wait(h: &mut Harness<'static, HetscopeApp>, secs: u64, done: impl Fn(&HetscopeApp) -> bool) {
    let start = Instant::now();
    while !done(h.state()) {
        assert!(
            start.elapsed() < Duration::from_secs(secs),
            "gave up waiting"
        );
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    h.run();
}

#[test]
fn fpm_tab_shows_the_paper_node_and_dragging_n_changes_the_partition() {
    let mut h = harness();
    open(&mut h, "Speed functions");
    assert_eq!(h.state().session.tab, Tab::Figure(View::FpmSpeed));
    assert!(
        h.state().param_error().is_none(),
        "{:?}",
        h.state().param_error()
    );
    h.get_by_label("FPM: speed functions and data partitioning");

    h.get_by_label("Times per device").click();
    h.run();
    assert_eq!(h.state().session.fpm.n_units, PAPER_N);
    let before = g1_fpm_share(&h);
    // The table under the chart shows the share.
    assert!(
        h.query_all_by_label(&format!("{before}")).count() >= 1,
        "G1's FPM share {before} in the table"
    );

    // Drag the n slider to the right: n grows, so does G1's share.
    let rect = h.get_by_role_and_label(Role::Slider, "n (blocks)").rect();
    let from = rect.center();
    let to = from + egui::vec2(rect.width() * 0.3, 0.0);
    crate::common::drag(&mut h, from, to, 6);
    let n = h.state().session.fpm.n_units;
    assert!(n > PAPER_N, "n after the drag: {n}");
    assert_eq!(n.fract(), 0.0, "whole blocks");
    let after = g1_fpm_share(&h);
    assert!(after > before, "G1 share {before} -> {after}");
    assert!(h.query_all_by_label(&format!("{after}")).count() >= 1);
    assert!(h.state().param_error().is_none());

    // The sweep view follows n too.
    h.get_by_label("Sweep over n").click();
    h.run();
    h.get_by_label("FPM: predicted makespan against the problem size");
}

#[test]
fn a_csv_with_a_bad_row_is_named_and_a_good_one_adds_a_device() {
    let dir = tempfile::tempdir().expect("temp dir");
    let bad = dir.path().join("bad-device.csv");
    std::fs::write(&bad, "# a device\nsize,speed\n100,50\n200,fast\n").unwrap();
    let good = dir.path().join("good-device.csv");
    std::fs::write(
        &good,
        "# size = blocks\nsize,speed\n100,50\n400,60\n900,55\n",
    )
    .unwrap();

    let mut h = harness();
    open(&mut h, "Speed functions");
    let devices = h.state().session.fpm.devices.clone();
    let field = h.get_by_role_and_label(Role::TextInput, "CSV file");
    field.focus();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "CSV file")
        .type_text(bad.to_str().unwrap());
    h.run();
    h.get_by_label("Load").click();
    h.run();
    assert_eq!(h.state().session.fpm.devices, devices, "nothing added");
    let (kind, text) = h.state().status().expect("a status");
    assert_eq!(kind, StatusKind::Error);
    assert!(
        text.contains("bad-device.csv") && text.contains("line 4") && text.contains("`speed`"),
        "{text}"
    );
    // Shown in the panel (and the status line).
    assert!(
        h.query_all_by_label_contains("line 4, column `speed`")
            .count()
            >= 1
    );

    // A good file through the same field.
    h.state_mut().session.fpm.csv_path = good.display().to_string();
    h.run();
    h.get_by_label("Load").click();
    h.run();
    let fpm = &h.state().session.fpm;
    assert_eq!(fpm.devices.len(), devices.len() + 1);
    let d = fpm.devices.last().unwrap();
    assert_eq!(d.name, "good-device");
    assert_eq!(d.unit, "blocks");
    assert!(h.query_all_by_label_contains("line 4").next().is_none());
    let Some(Figure::Chart(fig)) = h.state().figure() else {
        panic!("no chart");
    };
    assert!(
        fig.panels[0]
            .series
            .iter()
            .any(|s| s.name == "good-device: s(x)")
    );
}

#[test]
fn a_measurement_runs_off_the_ui_thread_and_adds_a_curve_that_is_kept() {
    let mut h = harness();
    open(&mut h, "Speed functions");
    {
        let s = &mut h.state_mut().session.fpm;
        s.devices.clear();
        s.sizes = SizesPreset::Quick;
    }
    h.run();
    h.get_by_label("triad").scroll_to_me();
    h.run();
    h.get_by_label("triad").click();
    h.run();
    assert_eq!(h.state().session.fpm.kernel, Kernel::Triad);
    h.get_by_label("Start measurement").click();
    h.step();
    assert!(h.state().model::<FpmUi>().measuring());
    wait(&mut h, 120, |a| !a.model::<FpmUi>().measuring());
    let (kind, text) = h.state().status().expect("a status");
    assert_eq!(kind, StatusKind::Info, "{text}");
    let fpm = &h.state().session.fpm;
    assert_eq!(fpm.devices.len(), 1);
    let d = &fpm.devices[0];
    assert_eq!(d.name, "triad, 1 thread");
    assert_eq!(d.unit, "M elements");
    assert_eq!(d.points.len(), 4);
    let (lo, hi) = fpm.n_range();
    assert!(
        fpm.n_units >= lo && fpm.n_units <= hi,
        "n follows the new device"
    );
    let Some(Figure::Chart(fig)) = h.state().figure() else {
        panic!("no chart");
    };
    assert!(
        fig.panels[0]
            .series
            .iter()
            .any(|s| s.name == "triad, 1 thread: s(x)")
    );
    assert_eq!(fig.panels[0].x.unit, "M elements");

    // The measured device survives a restart.
    let mut storage = MemoryStorage::default();
    eframe::App::save(h.state_mut(), &mut storage);
    let saved = h.state().session.fpm.clone();
    let h2 = crate::common::builder()
        .with_size(egui::vec2(1500.0, 950.0))
        .build_eframe(|cc| {
            cc.storage = Some(&storage);
            HetscopeApp::new(cc, None)
        });
    assert_eq!(h2.state().session.fpm, saved);
}

#[test]
fn a_measurement_can_be_cancelled() {
    let mut h = harness();
    open(&mut h, "Speed functions");
    h.state_mut().session.fpm.sizes = SizesPreset::Large;
    let before = h.state().session.fpm.devices.len();
    h.get_by_label("Start measurement").click();
    h.step();
    assert!(h.state().model::<FpmUi>().measuring());
    h.run_steps(2);
    h.get_by_label("Cancel").click();
    h.step();
    wait(&mut h, 120, |a| !a.model::<FpmUi>().measuring());
    let (kind, text) = h.state().status().expect("a status");
    assert_eq!((kind, text), (StatusKind::Info, "Measurement cancelled."));
    assert_eq!(h.state().session.fpm.devices.len(), before);
}

#[test]
fn a_device_saves_as_csv_and_loads_back_the_same() {
    let mut h = harness();
    open(&mut h, "Speed functions");
    // Every device row has its own save button.
    h.get_by_label("Save G1 GTX680");
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("g1.csv");
    let before = h.state().session.fpm.devices[0].clone();
    assert!(
        h.state_mut()
            .with_model(|m: &mut Editing<'_, FpmUi>, ctx| m.save_csv(0, &path, ctx.status))
    );
    assert!(
        h.state_mut()
            .with_model(|m: &mut Editing<'_, FpmUi>, ctx| m.load_csv(&path, ctx.status))
    );
    h.run();
    let devices = &h.state().session.fpm.devices;
    let back = devices.last().expect("the loaded device");
    assert_eq!(back.points, before.points);
    assert_eq!(back.unit, before.unit);
    assert_eq!(back.max_size_units, before.max_size_units);
    // An unwritable place is an error naming the device; no file appears.
    let bad = dir.path().join("no-such-folder").join("x.csv");
    assert!(
        !h.state_mut()
            .with_model(|m: &mut Editing<'_, FpmUi>, ctx| m.save_csv(0, &bad, ctx.status))
    );
    let (kind, text) = h.state().status().expect("a status");
    assert_eq!(kind, StatusKind::Error);
    assert!(text.contains("Could not save G1 GTX680"), "{text}");
    assert!(!bad.exists());
}

/// A device's contention factor typed out of its range is set to the
/// nearest allowed and says so under the field; typed nonsense keeps the
/// value and says that; the socket number takes whole numbers.
#[test]
fn a_device_field_says_what_it_did_with_a_typed_value() {
    let mut h = harness();
    open(&mut h, "FPM: speed functions and data partitioning");
    let contention = |h: &Harness<'_, HetscopeApp>| h.state().session.fpm.devices[0].contention;
    let type_in = |h: &mut Harness<'static, HetscopeApp>, label: &str, text: &str| {
        h.get_all_by_role_and_label(Role::SpinButton, label)
            .next()
            .expect("a field")
            .click();
        h.run();
        let field = h
            .get_all_by_role_and_label(Role::SpinButton, label)
            .next()
            .expect("a field");
        assert!(field.is_focused());
        field.type_text(text);
        h.key_press(egui::Key::Enter);
        h.run();
    };
    let before = contention(&h);
    type_in(&mut h, "Contention (factor)", "much");
    assert_eq!(contention(&h), before);
    h.get_by_label_contains("“much” is not a number: the value is kept");
    type_in(&mut h, "Contention (factor)", "2");
    assert_eq!(contention(&h), 1.0);
    h.get_by_label_contains("2 is outside 0.001 to 1: set to 1");
    type_in(&mut h, "Socket (number)", "2.6");
    assert_eq!(h.state().session.fpm.devices[0].socket, Some(3));
    h.get_by_label_contains("2.6 is not a whole number: set to 3");
    type_in(&mut h, "Contention (factor)", "0.5");
    assert_eq!(contention(&h), 0.5);
    assert!(h.query_by_label_contains("is outside").is_none());
}

//! The saved GUI state: each model under its own key with a format
//! version, a record of the earlier single-record format migrated, an
//! unreadable record named and replaced by the defaults, and no
//! recomputation when nothing changed.

use crate::common::MemoryStorage;
use eframe::egui;
use egui_kittest::Harness;
use hetscope::figure::View;
use hetscope::gui::state::STATE_VERSION;
use hetscope::gui::{HetscopeApp, OverviewUi, STATE_KEY, StatusKind, Tab};

fn start(storage: &MemoryStorage) -> Harness<'_, HetscopeApp> {
    crate::common::builder()
        .with_size(egui::vec2(1500.0, 950.0))
        .build_eframe(|cc| {
            cc.storage = Some(storage);
            HetscopeApp::new(cc, None)
        })
}

fn fresh() -> HetscopeApp {
    HetscopeApp::default_state()
}

/// A record as the first format wrote it: one RON struct holding the
/// PerDome fields at its top, the window's fields and one field per other
/// model.
fn version_1_record(app: &HetscopeApp) -> String {
    let perdome = ron::to_string(&app.session.perdome).expect("ron");
    let others = [
        ("boathull", ron::to_string(&app.session.boathull)),
        ("fpm", ron::to_string(&app.session.fpm)),
        ("offload", ron::to_string(&app.session.offload)),
    ];
    let mut text = perdome.strip_suffix(')').expect("a struct").to_string();
    text.push_str(",tab:Figure(BoathullCompare),export_width:1234,export_height:777");
    for (key, value) in others {
        text.push_str(&format!(",{key}:{}", value.expect("ron")));
    }
    text.push(')');
    text
}

#[test]
fn a_record_of_the_first_format_is_carried_over() {
    let mut app = fresh();
    app.session.perdome.workload.preset.intensity = 3.25;
    app.session.boathull.class_text = "1024x1024|neighbourhood(3x3) -> 1024x1024|element".into();
    app.session.fpm.n_units = 1234.0;
    app.session.offload.size = 777.0;
    let mut storage = MemoryStorage::default();
    eframe::Storage::set_string(&mut storage, STATE_KEY, version_1_record(&app));

    let mut h = start(&storage);
    let a = h.state();
    assert_eq!(a.session.tab, Tab::Figure(View::BoathullCompare));
    assert_eq!((a.state.export_width, a.state.export_height), (1234, 777));
    assert_eq!(a.state.version, STATE_VERSION);
    assert_eq!(a.session.perdome.workload.preset.intensity, 3.25);
    assert!(a.session.boathull.class_text.contains("neighbourhood(3x3)"));
    assert_eq!(a.session.fpm.n_units, 1234.0);
    assert_eq!(a.session.offload.size, 777.0);
    let (kind, text) = a.status().expect("a message");
    assert_eq!(kind, StatusKind::Info);
    assert!(text.contains("earlier version"), "{text}");

    // Saved again, it is in the current format: one key per model.
    let mut saved = MemoryStorage::default();
    eframe::App::save(h.state_mut(), &mut saved);
    for key in ["perdome", "boathull", "fpm", "offload"] {
        let text = eframe::Storage::get_string(&saved, &format!("{STATE_KEY}.{key}"));
        assert!(text.is_some(), "{key} is saved under its own key");
    }
    let h2 = start(&saved);
    assert_eq!(h2.state().session.fpm.n_units, 1234.0);
    assert!(h2.state().status().is_none(), "nothing to migrate any more");
}

#[test]
fn an_unreadable_record_is_named_and_the_rest_is_kept() {
    let mut app = fresh();
    app.session.fpm.n_units = 4321.0;
    let mut storage = MemoryStorage::default();
    eframe::App::save(&mut app, &mut storage);
    eframe::Storage::set_string(
        &mut storage,
        &format!("{STATE_KEY}.boathull"),
        "(class_text: \"unterminated".into(),
    );
    let h = start(&storage);
    let (kind, text) = h.state().status().expect("a message");
    assert_eq!(kind, StatusKind::Error);
    assert!(
        text.contains("Boat hull") && text.contains("defaults"),
        "{text}"
    );
    assert_eq!(
        h.state().session.boathull,
        HetscopeApp::default_state().session.boathull
    );
    assert_eq!(h.state().session.fpm.n_units, 4321.0);
}

#[test]
fn a_record_of_a_newer_version_is_read_and_named() {
    let mut app = fresh();
    app.session.fpm.n_units = 4321.0;
    let mut storage = MemoryStorage::default();
    eframe::App::save(&mut app, &mut storage);
    let shell = eframe::Storage::get_string(&storage, STATE_KEY).unwrap();
    let newer = shell.replacen(
        &format!("version:{STATE_VERSION}"),
        &format!("version:{},future_setting:true", STATE_VERSION + 7),
        1,
    );
    assert_ne!(newer, shell, "the version field was not found in {shell}");
    eframe::Storage::set_string(&mut storage, STATE_KEY, newer);
    let h = start(&storage);
    let (kind, text) = h.state().status().expect("a message");
    assert_eq!(kind, StatusKind::Info);
    assert!(
        text.contains("newer hetscope") && text.contains(&format!("{}", STATE_VERSION + 7)),
        "{text}"
    );
    // What this version knows is kept.
    assert_eq!(h.state().session.fpm.n_units, 4321.0);
}

#[test]
fn a_saved_second_platform_reaches_every_model_at_start() {
    let mut app = fresh();
    app.session.overview.platform2 = Some("xeon-8480-h100".into());
    let mut storage = MemoryStorage::default();
    eframe::App::save(&mut app, &mut storage);
    // A PerDome record from before it compared with a second platform.
    let perdome = format!("{STATE_KEY}.perdome");
    let old = eframe::Storage::get_string(&storage, &perdome).expect("saved");
    assert!(old.contains("compare:None"), "{old}");
    let old = old.replace(",compare:None", "");
    eframe::Storage::set_string(&mut storage, &perdome, old);
    let h = start(&storage);
    let compare = h.state().session.perdome.compare.clone();
    assert_eq!(compare.map(|c| c.0.id).as_deref(), Some("xeon-8480-h100"));
    assert!(h.state().session.fpm.compare.is_some());
}

#[test]
fn nothing_is_recomputed_when_nothing_changed() {
    let mut h = crate::common::builder()
        .with_size(egui::vec2(1500.0, 950.0))
        .build_eframe(|_cc| HetscopeApp::default_state());
    h.state_mut().session.tab = Tab::Figure(View::Boathull);
    h.run();
    assert!(!h.state_mut().refresh(), "a frame without a change");
    h.state_mut().session.boathull.f *= 2.0;
    assert!(h.state_mut().refresh(), "a change recomputes");
    assert!(!h.state_mut().refresh(), "and only once");
}

#[test]
fn measured_speedups_saved_by_path_are_read_again_at_start() {
    let path = format!(
        "{}/assets/data/h100-offload-measured.csv",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut app = fresh();
    app.session.offload.size = 777.0;
    let mut storage = MemoryStorage::default();
    eframe::App::save(&mut app, &mut storage);
    // The record as saved when the scenario held the file's path alone.
    let key = format!("{STATE_KEY}.offload");
    let saved = eframe::Storage::get_string(&storage, &key).expect("saved");
    assert!(saved.contains("measured:None"), "{saved}");
    let old = saved.replacen("measured:None", &format!("measured:Some({path:?})"), 1);
    eframe::Storage::set_string(&mut storage, &key, old);

    let h = start(&storage);
    let s = &h.state().session.offload;
    assert_eq!(s.size, 777.0, "the rest of the record is kept");
    assert_eq!(s.measured_path, path, "the path is the typed one");
    let m = s.measured.as_ref().expect("the file is read again");
    assert_eq!(m.path(), path);
    assert_eq!(m.data().runs.len(), 24);
    let (kind, text) = h.state().status().expect("a message");
    assert_eq!(kind, StatusKind::Info);
    assert!(text.contains("h100-offload-measured.csv"), "{text}");

    // Saved again, the data is kept in the record: it reads back without
    // the file.
    let mut h = h;
    let mut again = MemoryStorage::default();
    eframe::App::save(h.state_mut(), &mut again);
    let record = eframe::Storage::get_string(&again, &key).expect("saved");
    assert!(record.contains("hash:"), "{record}");
    let h2 = start(&again);
    let back = &h2.state().session.offload;
    assert_eq!(back.measured, h.state().session.offload.measured);
    assert!(h2.state().status().is_none(), "nothing read again");
}

/// A state the version before the headless core saved (state version 2,
/// `tests/data/state-v2.ron`: written by that version after edits in
/// every model and in the window): every edit comes back, nothing is
/// named unreadable, and the files it named are read again.
#[test]
fn a_state_saved_before_the_session_is_carried_over() {
    let text = std::fs::read_to_string("tests/data/state-v2.ron").expect("the recorded state");
    let records: std::collections::BTreeMap<String, String> =
        ron::from_str(&text).expect("a map of records");
    let mut storage = MemoryStorage::default();
    for (key, value) in records {
        eframe::Storage::set_string(&mut storage, &key, value);
    }
    let h = start(&storage);
    let a = h.state();
    if let Some((kind, text)) = a.status() {
        assert_ne!(kind, StatusKind::Error, "{text}");
    }
    assert_eq!(a.session.tab, Tab::Figure(View::FpmTimes));
    assert_eq!(a.state.export_width, 1234);
    assert_eq!(a.session.platform.as_deref(), Some("dgx-h100-like"));
    let p = &a.session.perdome;
    assert_eq!(p.platform.params.cpu.t_f, 12.5);
    assert_eq!(p.workload.preset.intensity, 2.75);
    assert!(
        p.workload
            .preset
            .partitions
            .iter()
            .any(|q| q.name == "mine")
    );
    assert_eq!(p.camera.yaw_deg, -33.0);
    let runs = p.energy_runs.loaded.as_ref().expect("the energy runs");
    assert_eq!(runs.data().runs.len(), 8);
    assert!(p.energy_runs.fix_idle && p.energy_runs.idle_w == 125.75);
    let b = &a.session.boathull;
    assert_eq!(b.f, 42.0);
    assert_eq!(b.measured.as_ref().map(|c| c.data().points.len()), Some(22));
    assert_eq!(b.processor.id, "dgx-h100-like", "the platform's processor");
    assert_eq!(
        (a.session.fpm.n_units, a.session.fpm.integer),
        (4321.0, false)
    );
    let o = &a.session.offload;
    assert_eq!(o.size, 777.0);
    let m = o
        .measured
        .as_ref()
        .expect("the measured speedups, read again");
    assert_eq!(m.data().runs.len(), 24);
    assert_eq!(a.session.overview.platform2.as_deref(), Some("grace-h100"));
    assert!(a.session.perdome.compare.is_some(), "every model compares");
    assert_eq!(a.model::<OverviewUi>().measure.threads, 3);
}

#[test]
fn the_page_on_screen_and_the_camera_are_saved_with_the_session() {
    let mut app = fresh();
    app.session.tab = Tab::Figure(View::EnergySurface);
    app.session.perdome.camera.yaw_deg = -71.0;
    let mut storage = MemoryStorage::default();
    eframe::App::save(&mut app, &mut storage);
    let h = start(&storage);
    assert_eq!(h.state().session.tab, Tab::Figure(View::EnergySurface));
    assert_eq!(h.state().session.perdome.camera.yaw_deg, -71.0);
    assert_eq!(h.state().session.tab, h.state().state.tab);
}

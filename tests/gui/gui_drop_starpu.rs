//! StarPU's models dropped on the window: a model file, or a folder of
//! one codelet's models on one host, gives its workers to the FPM tab (in
//! place of devices of another unit, beside devices of the same); a
//! folder of several codelets or hosts opens a chooser of them in the
//! FPM panel; the workers' calibration health is listed there.

use std::path::Path;
use std::sync::Arc;

use eframe::egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use super::gui_drop::Dropped;

use crate::common::window;
use hetscope::figure::View;
use hetscope::gui::{HetscopeApp, StatusKind, Tab};

fn drop_path(h: &mut Harness<'_, HetscopeApp>, path: &Path) -> (StatusKind, String) {
    h.input_mut()
        .dropped_files
        .push(Arc::new(Dropped(path.to_path_buf())));
    h.run();
    h.run();
    let (k, s) = h.state().status().expect("a status line");
    (k, s.to_string())
}

fn names(h: &Harness<'_, HetscopeApp>) -> Vec<String> {
    h.state()
        .session
        .fpm
        .devices
        .iter()
        .map(|d| d.name.clone())
        .collect()
}

#[test]
fn a_model_file_or_a_one_codelet_folder_gives_its_workers() {
    let mut h = window(1920.0, 1080.0);
    h.run();
    // Mirage's model (a CPU and three CUDA workers) in place of the
    // paper's devices, which count blocks.
    let mirage =
        Path::new("/usr/share/starpu/perfmodels/sampling/codelets/45/chol_model_22.mirage");
    let (k, s) = drop_path(&mut h, mirage);
    assert_eq!(k, StatusKind::Info, "{s}");
    assert!(s.contains("4 StarPU workers (flop) in place of"), "{s}");
    assert_eq!(h.state().session.tab, Tab::Figure(View::FpmSpeed));
    assert_eq!(
        names(&h),
        [
            "chol_model_22 on CPU 0",
            "chol_model_22 on CUDA 0",
            "chol_model_22 on CUDA 1",
            "chol_model_22 on CUDA 2"
        ]
    );
    assert!(
        h.state()
            .session
            .fpm
            .devices
            .iter()
            .all(|d| d.unit == "flop")
    );
    assert!(h.state().param_error().is_none());
    // A folder of one codelet on one host: its worker beside them, of
    // the same unit, under a name of its own.
    let dir = tempfile::tempdir().expect("a folder");
    std::fs::copy(
        "crates/preset/tests/data/starpu/chol_model_22.vm",
        dir.path().join("chol_model_22.here"),
    )
    .expect("copied");
    let (k, s) = drop_path(&mut h, dir.path());
    assert_eq!(k, StatusKind::Info, "{s}");
    assert!(s.contains("1 StarPU worker (flop) added"), "{s}");
    assert_eq!(names(&h).len(), 5);
    assert_eq!(names(&h)[4], "chol_model_22 on CPU 0 #2");
}

#[test]
fn a_folder_of_several_codelets_opens_a_chooser_of_codelet_and_host() {
    let mut h = window(1920.0, 1080.0);
    h.run();
    let before = h.state().session.clone();
    let (k, s) = drop_path(&mut h, Path::new("/usr/share/starpu/perfmodels/sampling"));
    assert_eq!(k, StatusKind::Info, "{s}");
    assert!(s.contains("choose a codelet and a host"), "{s}");
    assert_eq!(h.state().session.fpm, before.fpm, "nothing taken yet");
    assert_eq!(h.state().session.tab, Tab::Figure(View::FpmSpeed));
    // Codelet chol_model_22, host mirage, then its workers.
    h.get_by_role_and_label(Role::ComboBox, "Codelet").click();
    h.run();
    h.get_by_label("chol_model_22").click();
    h.run();
    h.get_by_role_and_label(Role::ComboBox, "Host").click();
    h.run();
    h.get_by_label("mirage").click();
    h.run();
    h.get_by_label("Use these workers").click();
    h.run();
    h.run();
    let (k, s) = h.state().status().expect("a status line");
    assert_eq!(k, StatusKind::Info, "{s}");
    assert!(
        s.contains("(chol_model_22 on mirage): 4 StarPU workers"),
        "{s}"
    );
    assert_eq!(names(&h)[1], "chol_model_22 on CUDA 0");
    assert_eq!(names(&h).len(), 4);
    // A folder with no models says so, changing nothing.
    let fpm = h.state().session.fpm.clone();
    let empty = tempfile::tempdir().expect("a folder");
    let (k, s) = drop_path(&mut h, empty.path());
    assert_eq!(k, StatusKind::Error, "{s}");
    assert!(
        s.contains("no StarPU model file") && s.contains("nothing changed"),
        "{s}"
    );
    assert_eq!(h.state().session.fpm, fpm);
}

#[test]
fn a_dropped_models_calibration_health_marks_the_gpu_off_its_peers() {
    let mut h = window(1920.0, 1080.0);
    h.run();
    // Mirage's model with its CUDA 1 timed 2.5 times slower.
    let dir = tempfile::tempdir().expect("a folder");
    let model = dir.path().join("chol_model_22.mirage");
    std::fs::write(&model, crate::cli::starpu_import::spiked("mirage", 1, 2.5)).expect("written");
    let (k, s) = drop_path(&mut h, &model);
    assert_eq!(k, StatusKind::Info, "{s}");
    let title = "Calibration health of chol_model_22.mirage: 1 looking miscalibrated";
    h.get_by_label(title).click();
    h.run();
    h.run();
    let label_of = |h: &Harness<'_, HetscopeApp>, part: &str| {
        let mut all = h.query_all_by_label_contains(part);
        let first = all.next().map(|n| {
            let node = n.accesskit_node();
            node.label().or_else(|| node.value()).unwrap_or_default()
        });
        (first, all.count())
    };
    let (text, more) = label_of(&h, "speed: looks miscalibrated");
    let text = text.expect("a worker marked");
    assert!(
        text.starts_with("chol_model_22 on CUDA 1: 3 sizes"),
        "{text}"
    );
    assert_eq!(more, 0, "one worker marked");
    // Its peers are listed unmarked, and the CPU has no peer.
    assert!(label_of(&h, "chol_model_22 on CUDA 0: 3 sizes").0.is_some());
    let cpu = label_of(&h, "chol_model_22 on CPU 0: 3 sizes")
        .0
        .expect("the CPU");
    assert!(!cpu.contains("group"), "{cpu}");
    // StarPU's own model unchanged: no worker marked.
    let mirage =
        Path::new("/usr/share/starpu/perfmodels/sampling/codelets/45/chol_model_22.mirage");
    drop_path(&mut h, mirage);
    h.run();
    assert!(
        h.query_by_label("Calibration health of chol_model_22.mirage")
            .is_some()
    );
    assert!(label_of(&h, "speed: looks miscalibrated").0.is_none());
}

//! Helpers shared by the tests: the built-in catalog, read once, running
//! the `hetscope` binary as a separate process, and an in-memory storage
//! for the GUI's saved state. Each test file uses some of them; `paper.rs`
//! reads the paper check's rows for the paper tests.

pub mod hostile;
pub mod paper;
pub mod sources;

use std::collections::HashMap;
use std::process::{Command, Output};
use std::sync::OnceLock;

use hetscope::preset::Catalog;
use serde_json::Value;

/// The repository's root, where the shipped presets and measurements lie.
pub const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The built-in presets, read once for every test of the binary.
pub fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| Catalog::builtin().expect("the built-in presets load"))
}

/// Run the binary with `args`.
pub fn hetscope(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hetscope"))
        .args(args)
        .output()
        .expect("the binary runs")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Run the binary, expect success; its stdout.
pub fn ok(args: &[&str]) -> String {
    let o = hetscope(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

/// Run, expect success, parse stdout as one JSON object.
pub fn eval(args: &[&str]) -> Value {
    let o = hetscope(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    let v: Value = serde_json::from_slice(&o.stdout).expect("one JSON object");
    assert!(v.is_object(), "{args:?}: {v}");
    v
}

/// A number of a JSON object.
pub fn num(v: &Value, key: &str) -> f64 {
    v[key]
        .as_f64()
        .unwrap_or_else(|| panic!("{key} is not a number: {v}"))
}

/// Expect failure with `code` and a single stderr line containing
/// `needle`, no panic; returns the line.
pub fn fails(args: &[&str], code: i32, needle: &str) -> String {
    let o = hetscope(args);
    assert_eq!(o.status.code(), Some(code), "{args:?}: {}", stderr(&o));
    let err = stderr(&o);
    assert_eq!(
        err.trim_end().lines().count(),
        1,
        "{args:?}: not one line: {err}"
    );
    assert!(err.contains(needle), "{args:?}: {err} should name {needle}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

/// A storage in memory, to check that the GUI's state survives a restart.
#[derive(Default)]
pub struct MemoryStorage(HashMap<String, String>);

impl eframe::Storage for MemoryStorage {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_string(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}

/// A drag of the pointer in the window from `from` to `to`, in `steps`
/// frames, as a hand would make it.
pub fn drag<S>(
    h: &mut egui_kittest::Harness<'_, S>,
    from: eframe::egui::Pos2,
    to: eframe::egui::Pos2,
    steps: u32,
) {
    h.hover_at(from);
    h.run();
    h.drag_at(from);
    h.run();
    for k in 1..=steps {
        h.hover_at(from + (to - from) * (k as f32 / steps as f32));
        h.run();
    }
    h.drop_at(to);
    h.run();
}

/// The window on its first start, `w` x `h` points, driven headlessly.
/// The harness builder of every test of the window: a table computed in
/// the background (the overview's sensitivity) arriving in the middle of a
/// `run` takes the window two more frames to settle.
pub fn builder<S>() -> egui_kittest::HarnessBuilder<S> {
    egui_kittest::HarnessBuilder::default().with_max_steps(10)
}

/// The window on each model's paper's own presets (the platform picker's
/// first entry), for the tests of what the papers print.
pub fn on_papers_presets() -> hetscope::gui::HetscopeApp {
    let mut app = hetscope::gui::HetscopeApp::default_state();
    app.use_papers_presets();
    app
}

pub fn window(w: f32, h: f32) -> egui_kittest::Harness<'static, hetscope::gui::HetscopeApp> {
    builder()
        .with_size(eframe::egui::vec2(w, h))
        .build_eframe(|_cc| hetscope::gui::HetscopeApp::default_state())
}

/// Step the window until its background work (an export, a dialog) is
/// done, for at most 12 s.
pub fn until_idle(h: &mut egui_kittest::Harness<'_, hetscope::gui::HetscopeApp>) {
    for _ in 0..600 {
        h.step();
        if !h.state().busy() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(!h.state().busy(), "the background work did not finish");
}

/// Step the window until no table is being computed in the background
/// (the sensitivity of the overview's platform), for at most 20 s.
pub fn until_computed(h: &mut egui_kittest::Harness<'_, hetscope::gui::HetscopeApp>) {
    for _ in 0..1000 {
        h.step();
        if !h.state().computing() {
            h.step();
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    panic!("the background table was not computed");
}

/// The window's export of `session` at 900 x 600 (its page's view), as
/// a person exports it: the window shows the session, a table the page
/// computes in the background is waited for, then File > Export writes
/// `out`; the file's bytes.
pub fn window_export(session: hetscope_core::Session, out: &std::path::Path) -> Vec<u8> {
    let mut h = window(1500.0, 950.0);
    h.state_mut().session = session;
    (
        h.state_mut().state.export_width,
        h.state_mut().state.export_height,
    ) = (900, 600);
    until_computed(&mut h);
    h.run();
    let ctx = h.ctx.clone();
    h.state_mut()
        .start_export(&ctx, "svg", Some(out.to_path_buf()));
    until_idle(&mut h);
    std::fs::read(out).expect("the window's export")
}

/// The platform `presets import-probe` makes in `dir` from the shipped
/// H100 node's probe run and `measure cpu` description: its path.
pub fn probe_platform(dir: &std::path::Path) -> std::path::PathBuf {
    let made = hetscope(&[
        "presets",
        "import-probe",
        "assets/data/h100-node-probe.csv",
        "--cpu",
        "assets/data/h100-node-cpu-measured.ron",
        "--out-dir",
        dir.to_str().expect("a path"),
    ]);
    assert!(made.status.success(), "{}", stderr(&made));
    dir.join("h100-node-cpu-measured-h100-node-probe.ron")
}

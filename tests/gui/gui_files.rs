//! Choosing files where no native dialog can be shown (no desktop portal,
//! as here): the window asks for the path instead, once told, and every
//! Open, Save and Export goes through it; Cancel is the only cancel.

use crate::common::MemoryStorage;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hetscope::gui::{HetscopeApp, STATE_KEY, StatusKind};

/// The app with `folder` as the last folder used.
fn harness(storage: &MemoryStorage) -> Harness<'_, HetscopeApp> {
    crate::common::builder()
        .with_size(egui::vec2(1500.0, 950.0))
        .build_eframe(|cc| {
            cc.storage = Some(storage);
            HetscopeApp::new(cc, None)
        })
}

fn storage_with_folder(folder: &std::path::Path) -> MemoryStorage {
    let mut s = MemoryStorage::default();
    let record = format!(
        "(version:2,tab:Figure(PerdomeHeatmap),export_width:800,export_height:600,last_folder:Some({:?}))",
        folder.display().to_string()
    );
    eframe::Storage::set_string(&mut s, STATE_KEY, record);
    s
}

/// Run frames until the in-window prompt shows (the native dialog, which
/// cannot be shown here, returns on its thread first).
fn wait_for_prompt(h: &mut Harness<'_, HetscopeApp>) {
    for _ in 0..200 {
        h.step();
        if h.query_by_label("File path").is_some() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    panic!("no path prompt: {:?}", h.state().status());
}

#[test]
fn without_a_dialog_the_window_asks_for_the_path() {
    let dir = tempfile::tempdir().expect("temp dir");
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("presets/platforms/i7-titan-perdome.ron");
    std::fs::copy(&src, dir.path().join("mine.ron")).expect("copy");
    let storage = storage_with_folder(dir.path());
    let mut h = harness(&storage);

    // Open: the native dialog cannot show, so the window asks, once told.
    h.get_by_label("Open platform…").click();
    wait_for_prompt(&mut h);
    let (kind, text) = h.state().status().expect("a status");
    assert_eq!(kind, StatusKind::Info);
    assert!(text.contains("No file dialog"), "{text}");
    assert!(!text.contains("cancel"), "{text}");
    // The field starts in the last folder and lists its files.
    h.get_by_label("mine.ron").click();
    h.run();
    h.get_by_label("Open").click();
    h.run();
    assert!(h.query_by_label("File path").is_none(), "the prompt closed");
    let chosen = &h.state().session.perdome.platform.chosen;
    assert_eq!(chosen.file.as_deref(), Some("mine.ron"));

    // Save goes straight to the prompt, with the suggested name.
    h.get_by_label("Save platform…").click();
    h.run();
    assert!(h.query_by_label("File path").is_some());
    h.get_by_label("Save").click();
    h.run();
    let (kind, text) = h.state().status().expect("a status");
    assert_eq!(kind, StatusKind::Info, "{text}");
    assert!(text.starts_with("Saved"), "{text}");

    // A file that does not exist is refused in the prompt, which stays.
    h.get_by_label("Open workload…").click();
    h.run();
    h.get_by_label("File path").type_text("nothing-here.ron");
    h.run();
    h.get_by_label("Open").click();
    h.run();
    assert!(h.query_by_label_contains("There is no file").is_some());
    // Cancel is a cancel.
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.query_by_label("File path").is_none());
    let (_, text) = h.state().status().expect("a status");
    assert_eq!(text, "No file chosen.");
}

#[test]
fn tab_completes_the_path_in_the_field_and_enter_takes_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("presets/platforms/i7-titan-perdome.ron");
    std::fs::copy(&src, dir.path().join("my-platform.ron")).expect("copy");
    let storage = storage_with_folder(dir.path());
    let mut h = harness(&storage);
    h.get_by_label("Open platform…").click();
    wait_for_prompt(&mut h);
    // The field starts in the folder; a prefix of the file's name typed.
    h.get_by_label("File path").focus();
    h.run();
    h.get_by_label("File path").type_text("my-p");
    h.run();
    let sep = std::path::MAIN_SEPARATOR;
    let typed = format!("{}{sep}my-p", dir.path().display());
    assert_eq!(
        h.get_by_label("File path").value().as_deref(),
        Some(typed.as_str())
    );
    // Tab: the field shows the whole name and keeps the focus ...
    h.key_press(egui::Key::Tab);
    h.run();
    let whole = format!("{}{sep}my-platform.ron", dir.path().display());
    let field = h.get_by_label("File path");
    assert_eq!(field.value().as_deref(), Some(whole.as_str()));
    assert!(field.is_focused(), "the field keeps the focus");
    // ... with the cursor at its end: what is typed next goes there.
    h.get_by_label("File path").type_text("x");
    h.run();
    let more = format!("{whole}x");
    assert_eq!(
        h.get_by_label("File path").value().as_deref(),
        Some(more.as_str())
    );
    h.key_press(egui::Key::Backspace);
    h.run();
    // Enter right after: the prompt answers with the completed path.
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(h.query_by_label("File path").is_none(), "the prompt closed");
    let chosen = &h.state().session.perdome.platform.chosen;
    assert_eq!(chosen.file.as_deref(), Some("my-platform.ron"));
}

/// Click the export button of `ext`, accept the suggested path in the
/// window's prompt and return the bytes written there.
fn export_in_window(button: &str, ext: &str) -> Vec<u8> {
    let dir = tempfile::tempdir().expect("temp dir");
    let storage = storage_with_folder(dir.path());
    let mut h = harness(&storage);
    h.get_by_label(button).click();
    wait_for_prompt(&mut h);
    h.get_by_label("Save").click();
    let path = dir.path().join(format!("perdome-heatmap.{ext}"));
    for _ in 0..200 {
        h.step();
        if !h.state().busy() && path.exists() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let (_, text) = h.state().status().expect("a status");
    assert!(text.starts_with("Exported"), "{text}");
    std::fs::read(&path).expect("exported")
}

#[test]
fn an_export_asks_for_its_path_in_the_window() {
    let svg = String::from_utf8(export_in_window("Export SVG…", "svg")).expect("UTF-8");
    assert!(
        svg.starts_with("<svg") || svg.starts_with("<?xml"),
        "{}",
        &svg[..40]
    );
}

#[test]
fn a_pdf_is_exported_from_the_window() {
    let pdf = export_in_window("Export PDF…", "pdf");
    assert!(pdf.starts_with(b"%PDF-"), "{:?}", &pdf[..8.min(pdf.len())]);
    assert!(pdf.ends_with(b"%%EOF") || pdf.ends_with(b"%%EOF\n"));
}

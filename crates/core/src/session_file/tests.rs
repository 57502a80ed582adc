//! Session files written and read back: every model's scenario, measured
//! data embedded and kept by path, migration, refusals named.

use std::path::Path;

use super::layout::SessionFile;
use super::migrate::Reader;
use super::read::{read, syntax};
use super::write::{HEADER, to_text};
use super::*;
use crate::builtin::catalog;
use crate::file_error::FileError;
use crate::registry::{compare_everywhere, use_platform_everywhere};
use crate::{CoreError, Session};
use hetscope_figure::View;
use hetscope_model::offload::Formulation;
use hetscope_preset::platform::platform_choice;

fn data(name: &str) -> String {
    format!("{}/../../assets/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A session edited in every model, with a second platform, a camera,
/// colour options and every kind of measured data loaded.
fn edited() -> Session {
    let cat = catalog();
    let mut s = Session::new(cat);
    let p = platform_choice("xeon-8480-h100", cat).expect("a platform");
    assert!(use_platform_everywhere(&mut s, &p, cat).is_empty());
    let p2 = platform_choice("i7-gtx750-perdome", cat).expect("a platform");
    compare_everywhere(&mut s, Some(&p2), cat);
    let sets: Vec<String> = ["t_fG=0.5", "I=3", "I_C=2", "I_G=4", "f=16", "bus_gbs=20"]
        .map(String::from)
        .to_vec();
    crate::session_set::apply_sets(&mut s, &sets).expect("known names");
    s.tab = crate::session::Tab::Figure(View::PerdomeSurface);
    s.perdome.camera.yaw_deg = 12.5;
    s.perdome.camera.zoom = 1.75;
    s.perdome.colors.log = true;
    s.perdome.log_bars = true;
    s.boathull.table1_as_printed = true;
    s.fpm.n_units = 4000.0;
    s.fpm.log_axes = false;
    s.overview.fpm_n = 1234.0;
    s.offload.formulation = Some(Formulation::WholeWaves);
    s.offload.size = 2048.0;
    let times = crate::boathull::load_measured(data("h100-boathull-measured.csv").as_ref());
    s.boathull.measured = Some(times.expect("measured times"));
    let runs = crate::perdome::energy_runs::load_energy_runs(data("h100-energy-runs.csv").as_ref());
    s.perdome.energy_runs.loaded = Some(runs.expect("energy runs"));
    let speedups = crate::offload::load_measured(data("h100-offload-measured.csv").as_ref(), cat);
    s.offload.measured = Some(speedups.expect("measured speedups"));
    s
}

#[test]
fn an_edited_session_reads_back_equal() {
    let s = edited();
    let text = session_to_text(&s).expect("written");
    assert!(
        text.starts_with(HEADER) && text.contains("format: 1"),
        "{text}"
    );
    assert!(
        text.contains("\"hong-kim\": \"whole-waves\""),
        "formulations named"
    );
    let back = session_from_text(&text, "s.ron").expect("read back");
    if std::env::var_os("HETSCOPE_SHOW_SESSION").is_some() {
        println!("{text}");
    }
    assert_eq!(back.session, s);
    assert!(back.notes.is_empty(), "{:?}", back.notes);
    assert_eq!(back.session.perdome.camera.zoom, 1.75);
    assert!(back.session.offload.measured.is_some());
}

#[test]
fn large_measured_data_is_kept_by_path_and_checked() {
    let dir = tempfile::tempdir().expect("a folder");
    let csv = dir.path().join("times.csv");
    std::fs::copy(data("h100-boathull-measured.csv"), &csv).expect("a copy");
    let mut s = Session::new(catalog());
    s.boathull.measured = Some(crate::boathull::load_measured(&csv).expect("times"));
    // Every measured file is larger than a limit of 0 bytes.
    let text = to_text(&s, 0).expect("written");
    assert!(
        text.contains("ByPath") && !text.contains("Xeon (16 threads"),
        "{text}"
    );
    let back = session_from_text(&text, "s.ron").expect("read again");
    assert_eq!(back.session, s);
    assert!(
        back.notes.iter().any(|n| n.contains("read again")),
        "{:?}",
        back.notes
    );
    let at = text.find("measured: [").unwrap()
        + text[text.find("measured: [").unwrap()..]
            .find("times.csv")
            .unwrap();
    let line = 1 + text[..at].matches('\n').count();
    std::fs::write(&csv, "processor,f,time_s\nA,1,1\n").expect("changed");
    let e = session_from_text(&text, "s.ron")
        .expect_err("changed")
        .to_string();
    assert!(
        e.contains("s.ron") && e.contains("times.csv") && e.contains("changed"),
        "{e}"
    );
    assert!(e.contains(&format!("s.ron, line {line}:")), "{e}");
    std::fs::remove_file(&csv).expect("removed");
    let e = session_from_text(&text, "s.ron")
        .expect_err("missing")
        .to_string();
    assert!(e.contains("times.csv") && e.contains("not found"), "{e}");
    // A relative path (from this crate's folder, where tests run) is
    // found again where it was when saved.
    let rel = Path::new("../../assets/data/h100-boathull-measured.csv");
    let mut r = Session::new(catalog());
    r.boathull.measured = Some(crate::boathull::load_measured(rel).expect("times"));
    let text = to_text(&r, 0).expect("written");
    assert!(text.contains("absolute: "), "{text}");
    let moved = text.replacen("path: \"../../assets", "path: \"moved/assets", 1);
    assert_ne!(moved, text);
    let back = session_from_text(&moved, "s.ron").expect("found where it was");
    assert!(back.session.boathull.measured.is_some());
    // Data no file holds any more stays in the session file.
    let text = to_text(&s, 0).expect("written");
    assert!(text.contains("Embedded") && text.contains("Xeon (16 threads"));
}

#[test]
fn a_newer_format_is_refused_naming_both() {
    let text = session_to_text(&Session::new(catalog())).expect("written");
    let newer = text.replacen("format: 1,", "format: 7,", 1);
    let e = session_from_text(&newer, "new.ron")
        .expect_err("newer")
        .to_string();
    assert!(
        e.contains("new.ron") && e.contains("format 7") && e.contains("1 to 1"),
        "{e}"
    );
}

/// A synthetic format 0: the session alone, under `state`.
fn read_v0(text: &str, file: &str) -> Result<SessionFile, CoreError> {
    #[derive(serde::Deserialize)]
    struct V0 {
        #[expect(dead_code, reason = "read to match the format, not used")]
        format: u32,
        state: Session,
    }
    let v0: V0 = ron::from_str(text).map_err(|e| syntax(file, &e))?;
    Ok(SessionFile {
        format: FORMAT,
        hetscope: "0.0.1".into(),
        formulations: Formulations::new(),
        measured: Vec::new(),
        session: v0.state,
    })
}

#[test]
fn an_older_format_goes_through_its_reader() {
    let mut s = Session::new(catalog());
    s.fpm.n_units = 777.0;
    let body = ron::to_string(&s).expect("RON");
    let v0 = format!("(format: 0, session: (), state: {body})");
    let older: &[(u32, Reader)] = &[(0, read_v0)];
    let opened = read(&v0, "old.ron", None, older).expect("migrated");
    assert_eq!(opened.session, s);
    assert!(
        opened
            .notes
            .iter()
            .any(|n| n == "migrated from session format 0 to 1")
    );
    assert!(
        opened
            .notes
            .iter()
            .any(|n| n == "written by hetscope 0.0.1")
    );
    let e = read(&v0, "old.ron", None, migrate::OLDER).expect_err("no reader");
    assert!(e.to_string().contains("session format 0 is older"), "{e}");
}

#[test]
fn errors_name_the_file_line_and_column() {
    let text = session_to_text(&Session::new(catalog())).expect("written");
    let bad = text.replacen("hetscope:", "hetscop:", 1);
    let e = session_from_text(&bad, "s.ron").expect_err("unknown field");
    let line = 1 + bad[..bad.find("hetscop:").unwrap()].matches('\n').count();
    assert!(
        matches!(&e, CoreError::File(FileError::Syntax { line: l, .. }) if *l == line),
        "{e:?}"
    );
    assert!(e.to_string().contains("hetscop"), "{e}");
    let tolerated = text.replacen("platform2:", "added_later: 3, platform2:", 1);
    assert!(
        session_from_text(&tolerated, "s.ron").is_ok(),
        "unknown session field skipped"
    );
    let nan = text.replacen("zoom: 1.0", "zoom: NaN", 1);
    assert_ne!(nan, text);
    let e = session_from_text(&nan, "n.ron")
        .expect_err("NaN")
        .to_string();
    let line = 1 + nan[..nan.find("NaN").unwrap()].matches('\n').count();
    assert!(
        e.starts_with(&format!("n.ron: line {line}, column ")) && e.contains("`NaN`"),
        "{e}"
    );
    let e = session_from_text("(format: 1, session: (tab: 5))", "t.ron").expect_err("type");
    assert!(e.to_string().starts_with("t.ron: line 1, column"), "{e}");
    let gpu = include_str!("../../../../presets/gpus/gtx-470.ron");
    let e = session_from_text(gpu, "gtx-470.ron").expect_err("a GPU");
    assert_eq!(
        e.to_string(),
        "gtx-470.ron: GPU spec sheet, not a session file"
    );
}

#[test]
fn a_saved_file_opens_again() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("s.ron");
    let s = edited();
    save_session(&path, &s).expect("saved");
    assert_eq!(open_session(&path).expect("opened").session, s);
    let e = open_session(&dir.path().join("none.ron")).expect_err("missing");
    assert!(e.to_string().contains("none.ron"), "{e}");
    std::fs::write(&path, [0u8, 159, 146, 150]).expect("binary");
    let e = open_session(&path).expect_err("binary").to_string();
    assert!(e.contains("s.ron") && e.contains("binary"), "{e}");
}

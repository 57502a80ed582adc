//! `hetscope paper-check` and the window's "Paper check" tab: every row in
//! JSON with its keys, every paper with rows, only the three statuses,
//! the counts on the table's last line, CSV with the same columns, and the
//! tab showing a known row.

use crate::common::{hetscope, stderr, stdout};
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hetscope::gui::{HetscopeApp, Tab};
use hetscope::paper_check::{Paper, Status, all_rows, counts, counts_line};
use serde_json::Value;

fn run_ok(args: &[&str]) -> String {
    let o = hetscope(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

fn json_rows(args: &[&str]) -> Vec<Value> {
    let text = run_ok(args);
    match serde_json::from_str::<Value>(&text) {
        Ok(Value::Array(rows)) => rows,
        other => panic!("{args:?}: not a JSON list: {other:?}"),
    }
}

const KEYS: [&str; 7] = [
    "paper", "where", "quantity", "printed", "computed", "status", "reason",
];

#[test]
fn json_has_every_row_with_its_keys() {
    let rows = json_rows(&["paper-check", "--format", "json"]);
    assert_eq!(rows.len(), all_rows().len());
    let papers: Vec<&str> = Paper::ALL.iter().map(|p| p.key()).collect();
    let statuses: Vec<&str> = Status::ALL.iter().map(|s| s.key()).collect();
    for r in &rows {
        for k in KEYS {
            assert!(r.get(k).is_some(), "{k} missing in {r}");
        }
        assert!(papers.contains(&r["paper"].as_str().unwrap_or("")), "{r}");
        let status = r["status"].as_str().unwrap_or("");
        assert!(statuses.contains(&status), "{r}");
        for k in ["where", "quantity", "printed"] {
            assert!(!r[k].as_str().unwrap_or("").is_empty(), "{k} empty in {r}");
        }
        // A number, a category, or nothing when not computable.
        match status {
            "not computable" => assert!(r["computed"].is_null(), "{r}"),
            _ => assert!(
                r["computed"].is_number() || r["computed"].is_string(),
                "{r}"
            ),
        }
        if status != "reproduced" {
            assert!(!r["reason"].as_str().unwrap_or("").is_empty(), "{r}");
        }
        if let Some(d) = r.get("rel_diff") {
            assert!(d.is_number(), "{r}");
        }
    }
}

#[test]
fn every_paper_has_rows_and_ids_are_unique() {
    let rows = all_rows();
    for p in Paper::ALL {
        assert!(rows.iter().any(|r| r.paper == p), "{}", p.key());
    }
    let mut ids: Vec<(&str, &str)> = rows
        .iter()
        .map(|r| (r.paper.key(), r.id.as_str()))
        .collect();
    ids.sort_unstable();
    let before = ids.len();
    ids.dedup();
    assert_eq!(ids.len(), before, "ids repeat within a paper");
    // No row failed to compute: a row without a value is one the paper
    // does not give the data for, never a model error.
    for r in &rows {
        assert!(
            !r.reason.starts_with("hetscope could not"),
            "{}: {}",
            r.id,
            r.reason
        );
    }
}

#[test]
fn table_ends_with_the_counts() {
    let text = run_ok(&["paper-check", "--format", "table"]);
    let last = text.lines().last().unwrap_or("");
    let rows = all_rows();
    assert_eq!(last, counts_line(&rows));
    for (s, n) in counts(&rows) {
        assert!(last.contains(&format!("{n} {}", s.key())), "{last}");
    }
    // The default is the table, and a header names the columns.
    assert_eq!(run_ok(&["paper-check"]), text);
    assert!(
        text.starts_with("paper "),
        "{}",
        &text[..40.min(text.len())]
    );
}

#[test]
fn filters_and_csv() {
    let rows = json_rows(&["paper-check", "--format", "json", "--paper", "boathull"]);
    assert!(!rows.is_empty());
    assert!(rows.iter().all(|r| r["paper"] == "boathull"));
    let rows = json_rows(&[
        "paper-check",
        "--format",
        "json",
        "--status",
        "not-computable",
    ]);
    assert!(!rows.is_empty());
    assert!(rows.iter().all(|r| r["status"] == "not computable"));
    let text = run_ok(&["paper-check", "--format", "csv"]);
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .expect("a header")
        .iter()
        .map(str::to_string)
        .collect();
    for k in KEYS.iter().chain(&["unit", "rel_diff"]) {
        assert!(header.iter().any(|h| h == k), "{k} not in {header:?}");
    }
    assert_eq!(reader.records().count(), all_rows().len());
    let o = hetscope(&["paper-check", "--paper", "nope"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown paper"), "{}", stderr(&o));
}

fn harness() -> Harness<'static, HetscopeApp> {
    crate::common::builder()
        .with_size(egui::vec2(1600.0, 1000.0))
        .build_eframe(|_cc| HetscopeApp::default_state())
}

#[test]
fn the_tab_shows_the_rows() {
    let mut h = harness();
    h.get_by_label("Paper check").click();
    h.run();
    assert_eq!(h.state().session.tab, Tab::PaperCheck);
    // A PerDome row (Figure 2(a)'s p-DP bound) and the counts.
    let quantity = "SA (I = 1.7) on i7+GTX750: p-DP's bound";
    assert!(h.query_by_label(quantity).is_some(), "{quantity}");
    assert!(h.query_all_by_label_contains(" rows: ").next().is_some());
    // Filtered to the offload paper: its rows only.
    h.state_mut().paper_check.paper = Some(Paper::Offload);
    h.run();
    assert!(h.query_by_label(quantity).is_none());
    assert!(h.query_by_label("MWP: memory warps in flight").is_some());
    // Back to a model.
    h.get_by_label("Boat hull").click();
    h.run();
    assert_ne!(h.state().session.tab, Tab::PaperCheck);
}

//! The energy fit in the app: the runs CSV reader, `eval energy-fit`, the
//! `energy-fit` view and its export, and the side panel that applies the
//! fit to a processor.

use crate::common::{eval, fails, hetscope, num, stderr};

use std::path::{Path, PathBuf};

use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hetscope::figure::perdome::energy_fit::{self, EnergyFitInput, RESIDUAL_TITLE};
use hetscope::figure::{Figure, View};
use hetscope::gui::{HetscopeApp, StatusKind, Tab};
use hetscope::model::perdome::{Param, Side};
use hetscope::preset::perdome::{load_energy_runs, parse_energy_runs};

fn shipped() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/data/h100-energy-runs.csv")
}

fn shipped_arg() -> String {
    shipped().display().to_string()
}

#[test]
fn eval_energy_fit_gives_the_h100_parameters() {
    let runs = shipped_arg();
    let v = eval(&["eval", "energy-fit", "--runs", &runs]);
    assert!((num(&v, "e_f_pj") - 8.8).abs() < 0.05, "{v}");
    assert!((num(&v, "e_b_pj") - 137.0).abs() < 0.5, "{v}");
    assert!((num(&v, "p_s_w") - 63.0).abs() < 0.5, "{v}");
    assert_eq!(v["fixed_p_s"], false);
    assert_eq!(num(&v, "runs"), 8.0);
    assert_eq!(v["residuals"].as_array().map(Vec::len), Some(8));
    assert!(num(&v, "max_abs_residual") < 0.11, "{v}");

    let v = eval(&["eval", "energy-fit", "--runs", &runs, "--idle-w", "125.75"]);
    assert!((num(&v, "e_f_pj") - 7.6).abs() < 0.05, "{v}");
    assert!((num(&v, "e_b_pj") - 113.0).abs() < 0.5, "{v}");
    assert_eq!(num(&v, "p_s_w"), 125.75);
    assert_eq!(v["fixed_p_s"], true);
    assert!(num(&v, "max_abs_residual") < 0.125, "{v}");
    assert!((num(&v["free_fit"], "e_f_pj") - 8.8).abs() < 0.05, "{v}");
}

#[test]
fn malformed_runs_name_the_line_and_column() {
    let dir = tempfile::tempdir().expect("temp dir");
    let write = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).expect("written");
        p.display().to_string()
    };
    let header = "k,time_s,energy_j,n_flops,n_bytes\n";
    let not_a_number = write(
        "word.csv",
        &format!("{header}0,2.5,880,0,6e12\n1,2.5,lots,1e12,6e12\n"),
    );
    let line = fails(
        &["eval", "energy-fit", "--runs", &not_a_number],
        2,
        "word.csv",
    );
    assert!(
        line.contains("line 3") && line.contains("`energy_j`"),
        "{line}"
    );
    let missing = write("missing.csv", "time_s,energy_j,n_flops\n2.5,880,0\n");
    let line = fails(&["eval", "energy-fit", "--runs", &missing], 2, "`n_bytes`");
    assert!(line.contains("line 1"), "{line}");
    for bad in ["-3", "NaN", "inf"] {
        let text = format!("{header}0,2.5,880,{bad},6e12\n");
        let e = parse_energy_runs(&text, "bad.csv")
            .expect_err(bad)
            .to_string();
        assert!(
            e.contains("bad.csv") && e.contains("line 2") && e.contains("`n_flops`"),
            "{e}"
        );
    }
    fails(
        &["eval", "energy-fit", "--runs", "no-such-runs.csv"],
        1,
        "no-such-runs.csv",
    );
    fails(
        &[
            "eval",
            "energy-fit",
            "--runs",
            &shipped_arg(),
            "--idle-w",
            "-1",
        ],
        2,
        "--idle-w",
    );
}

#[test]
fn the_figure_has_both_panels_and_the_fits_in_its_notes() {
    let r = load_energy_runs(&shipped()).expect("the shipped runs");
    let input = EnergyFitInput {
        origin: r.origin,
        labels: r.labels,
        runs: r.runs,
        idle_w: Some(125.75),
    };
    let f = energy_fit::build(&input).expect("a figure");
    assert_eq!(f.panels.len(), 2);
    assert_eq!(f.panels[1].title, RESIDUAL_TITLE);
    assert_eq!(f.panels[0].categories.len(), 8);
    // Measured, free fit, fit with p_s fixed.
    assert_eq!(f.panels[0].bars.len(), 3);
    assert_eq!(f.panels[1].bars.len(), 2);
    let notes = f.notes.join("\n");
    for needle in [
        "e_f = 8.775",
        "e_b = 136.7",
        "p_s = 62.66",
        "10.35 %",
        "125.75 W",
    ] {
        assert!(notes.contains(needle), "{needle} not in {notes}");
    }
}

#[test]
fn export_writes_the_residual_panel() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("fit.svg");
    let o = hetscope(&[
        "export",
        "--view",
        "energy-fit",
        "--runs",
        &shipped_arg(),
        "--idle-w",
        "125.75",
        "--out",
        out.to_str().expect("utf-8"),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(&out).expect("written");
    assert!(svg.contains(RESIDUAL_TITLE));
    let out = out.to_str().expect("utf-8");
    // Without --runs, the shipped runs the window opens with are drawn,
    // held at the idle power given.
    let o = hetscope(&[
        "export",
        "--view",
        "energy-fit",
        "--idle-w",
        "125.75",
        "--out",
        out,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let shipped = std::fs::read_to_string(out).expect("written");
    assert!(shipped.contains("h100-energy-runs.csv | 8 runs"));
    // The same figure, the runs named as the window names its own.
    let default = hetscope_core::perdome::energy_runs::default_path();
    assert!(
        shipped == svg.replace(&shipped_arg(), &default),
        "the shipped runs by default are not the runs named"
    );
    fails(
        &[
            "export",
            "--view",
            "perdome-heatmap",
            "--runs",
            &shipped_arg(),
            "--out",
            out,
        ],
        2,
        "energy-fit",
    );
}

fn harness() -> Harness<'static, HetscopeApp> {
    crate::common::builder()
        .with_size(egui::vec2(1500.0, 950.0))
        .build_eframe(|_cc| {
            let mut app = HetscopeApp::default_state();
            app.session.tab = Tab::Figure(View::PerdomeHeatmap);
            app
        })
}

#[test]
fn the_panel_loads_the_runs_and_applies_the_fit_to_the_gpu() {
    let mut h = harness();
    {
        // Whatever the first start found, nothing loaded.
        let runs = &mut h.state_mut().session.perdome.energy_runs;
        (runs.path, runs.loaded) = (String::new(), None);
    }
    h.get_by_label("Energy from measured runs").click();
    h.run();
    let field = h.get_by_role_and_label(Role::TextInput, "Energy runs file");
    field.focus();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Energy runs file")
        .set_text_value_accesskit(&shipped_arg());
    h.run();
    h.get_by_label("Load").click();
    h.run();
    assert_eq!(
        h.state()
            .session
            .perdome
            .energy_runs
            .loaded
            .as_ref()
            .map(|r| r.data().runs.len()),
        Some(8)
    );
    assert!(
        h.state()
            .status()
            .is_none_or(|(k, _)| k != StatusKind::Error)
    );
    h.get_by_label("Apply to GPU").click();
    h.run();
    let p = &h.state().session.perdome.platform;
    assert!((p.params.gpu.e_f - 8.8).abs() < 0.05, "{:?}", p.params.gpu);
    assert!((p.params.gpu.e_b - 137.0).abs() < 0.5, "{:?}", p.params.gpu);
    assert!((p.params.gpu.p_s - 63.0).abs() < 0.5, "{:?}", p.params.gpu);
    for param in [
        Param::EnergyPerFlop,
        Param::EnergyPerByte,
        Param::StaticPower,
    ] {
        let s = p.source_of(Side::Gpu, param).expect("a source");
        assert_eq!(s.kind(), "measured", "{param:?}");
        assert!(s.detail().contains("h100-energy-runs.csv"), "{s:?}");
    }
    // The energy-fit view draws the fit.
    h.get_by_label("Show the fit").click();
    h.run();
    assert_eq!(h.state().session.tab, Tab::Figure(View::EnergyFit));
    match h.state().figure() {
        Some(Figure::Chart(f)) => assert_eq!(f.panels[1].title, RESIDUAL_TITLE),
        other => panic!("not the fit: {other:?}"),
    }
    h.get_by_label(RESIDUAL_TITLE);
}

/// Open "Energy from measured runs" where it is closed and press Load.
fn load_runs(h: &mut Harness<'static, HetscopeApp>) {
    h.run();
    if h.query_by_label("Load").is_none() {
        h.get_by_label("Energy from measured runs").click();
        h.run();
    }
    h.get_by_label("Load").click();
    h.run();
}

#[test]
fn with_the_idle_power_fixed_the_cpu_gets_that_static_power() {
    let mut h = harness();
    {
        let runs = &mut h.state_mut().session.perdome.energy_runs;
        runs.path = shipped_arg();
        runs.fix_idle = true;
        runs.idle_w = 125.75;
    }
    load_runs(&mut h);
    h.get_by_label("Apply to CPU").click();
    h.run();
    let p = &h.state().session.perdome.platform;
    assert_eq!(p.params.cpu.p_s, 125.75);
    assert!((p.params.cpu.e_f - 7.6).abs() < 0.05, "{:?}", p.params.cpu);
    let s = p
        .source_of(Side::Cpu, Param::StaticPower)
        .expect("a source");
    assert_eq!(s.kind(), "measured");
    assert!(s.detail().contains("idle power 125.75 W"), "{s:?}");
}

/// The window's first start, on the energy-fit view.
fn first_start_on_the_energy_fit(
    before: impl FnOnce(&mut HetscopeApp),
) -> Harness<'static, HetscopeApp> {
    let mut h = crate::common::window(1500.0, 950.0);
    before(h.state_mut());
    h.get_by_label("PerDome / PeaPaw").click();
    h.run();
    h.get_by_label("Energy fit").click();
    h.run();
    assert_eq!(h.state().session.tab, Tab::Figure(View::EnergyFit));
    h
}

#[test]
fn a_first_start_opens_the_energy_fit_with_the_shipped_runs_fitted() {
    let h = first_start_on_the_energy_fit(|_| {});
    let runs = &h.state().session.perdome.energy_runs;
    let loaded = runs.loaded.as_ref().expect("the shipped runs loaded");
    assert_eq!(loaded.data().runs.len(), 8);
    assert!(
        loaded.path().ends_with("h100-energy-runs.csv"),
        "{loaded:?}"
    );
    assert!(
        h.state()
            .status()
            .is_none_or(|(k, _)| k != StatusKind::Error)
    );
    // The fit drawn, its values in the figure's notes.
    match h.state().figure() {
        Some(Figure::Chart(f)) => {
            assert_eq!(f.panels[0].categories.len(), 8);
            let notes = f.notes.join("\n");
            assert!(notes.contains("e_f = 8.775"), "{notes}");
        }
        other => panic!("not the fit: {other:?}"),
    }
    h.get_by_label(RESIDUAL_TITLE);
    assert!(h.query_by_label_contains("e_f = 8.775").is_some());
    assert!(h.query_by_label("No measured runs loaded").is_none());
}

#[test]
fn without_runs_the_energy_fit_says_how_to_load_them() {
    // As where the shipped file is not found: no path, nothing loaded.
    let mut h = first_start_on_the_energy_fit(|app| {
        let runs = &mut app.session.perdome.energy_runs;
        (runs.path, runs.loaded) = (String::new(), None);
    });
    assert!(h.state().session.perdome.energy_runs.loaded.is_none());
    h.get_by_label("No measured runs loaded");
    assert!(
        h.query_by_label_contains("time_s (s), energy_j (J)")
            .is_some()
    );
    assert!(h.query_by_label(RESIDUAL_TITLE).is_none(), "no empty axes");
    // The button opens the loader in the side panel.
    assert!(h.query_by_label("Energy runs file").is_none());
    h.get_by_label("Open the runs loader").click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Energy runs file");
}

#[test]
fn on_the_measured_node_one_click_holds_p_s_at_the_probed_idle_power() {
    // The probe measured the H100 board idle at 130.377 W; a fit to runs
    // near full power leaves p_s free to fall below it (63 W). The panel
    // offers the board's idle power where the platform's GPU gives one.
    let mut h = harness();
    assert!(h.state_mut().use_platform("h100-node-measured"));
    {
        let runs = &mut h.state_mut().session.perdome.energy_runs;
        (runs.path, runs.fix_idle) = (shipped_arg(), false);
    }
    load_runs(&mut h);
    h.get_by_label("GPU idle 130.377 W").click();
    h.run();
    let runs = &h.state().session.perdome.energy_runs;
    assert!(runs.fix_idle && runs.idle_w == 130.377, "{runs:?}");
    h.get_by_label("Apply to GPU").click();
    h.run();
    let p = &h.state().session.perdome.platform;
    assert_eq!(p.params.gpu.p_s, 130.377);
    // A paper's platform gives no idle power: no button.
    assert!(h.state_mut().use_platform("i7-gtx750-perdome"));
    h.run();
    assert!(h.query_by_label_contains("GPU idle").is_none());
}

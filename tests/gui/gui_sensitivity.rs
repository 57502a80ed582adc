//! The "Sensitivity" view in the window, driven headlessly: the table is
//! computed off the UI thread and drawn as the tornado of the chosen
//! result, a parameter's Compare button makes the what-if platform every
//! model compares with, and the overview names what each answer follows.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hetscope::figure::{Figure, View};
use hetscope::gui::{HetscopeApp, Tab};

/// A window on the Xeon 8480+ + H100 showing the sensitivity view,
/// without flip points (faster), its table computed.
fn sensitivity_window() -> Harness<'static, HetscopeApp> {
    let mut h = crate::common::window(1500.0, 950.0);
    assert!(h.state_mut().use_platform("xeon-8480-h100"));
    h.state_mut().session.overview.sensitivity.flips = false;
    h.state_mut().session.tab = Tab::Figure(View::Sensitivity);
    h.step();
    crate::common::until_computed(&mut h);
    h
}

/// The tornado's rows, each parameter's name without its value (a row
/// reads "GPU memory bandwidth (3350 GB/s)").
fn categories(h: &Harness<'static, HetscopeApp>) -> Vec<String> {
    match h.state().figure() {
        Some(Figure::Chart(c)) => c.panels[0]
            .categories
            .iter()
            .map(|c| c.split(" (").next().unwrap_or(c).to_string())
            .collect(),
        other => panic!("not a chart: {other:?}"),
    }
}

#[test]
fn the_view_draws_the_tornado_of_the_chosen_result_off_the_ui_thread() {
    let mut h = sensitivity_window();
    // The first result the hardware moves: PerDome's best partition on SA,
    // which follows the GPU's bandwidth most.
    let cats = categories(&h);
    assert_eq!(
        cats.first().map(String::as_str),
        Some("GPU memory bandwidth")
    );
    h.get_by_label("Which parameter matters: Xeon Platinum 8480+ + H100 SXM5");
    // The parameters' table names each one, with its value and unit; the
    // tornado's row names it in full with its value.
    assert_eq!(h.query_all_by_label("GPU memory bandwidth").count(), 1);
    h.get_by_label("3350 GB/s");
    h.get_by_label("GPU memory bandwidth (3350 GB/s)");
    // Another result: the boat hull's binarization kernel on the GPU at
    // the top of the f range is compute-bound, so it follows the GPU's
    // clock (elasticity -1) and not its bandwidth.
    h.state_mut().session.overview.sensitivity.result = "boathull.time.gpu.binarization".into();
    h.run();
    let cats = categories(&h);
    assert!(cats.contains(&"GPU clock".to_string()), "{cats:?}");
    assert!(
        !cats.contains(&"GPU memory bandwidth".to_string()),
        "{cats:?}"
    );
    let Some(Figure::Chart(c)) = h.state().figure() else {
        panic!("a chart")
    };
    let clock = cats.iter().position(|c| c == "GPU clock").expect("clock");
    let raised = c.panels[0].bars[0]
        .bars
        .iter()
        .find(|b| b.category == clock);
    let e = raised.expect("a raised bar").value;
    assert!((e + 1.0).abs() < 0.02, "time falls as the clock rises: {e}");
    assert!(
        !h.state().busy(),
        "the window is not busy while a table is computed"
    );
}

#[test]
fn a_parameters_compare_button_makes_the_what_if_platform_everyone_compares_with() {
    let mut h = sensitivity_window();
    // The table is ranked as the chart: the first row's button is the
    // GPU's bandwidth.
    h.query_all_by_label("Compare × 2")
        .next()
        .expect("a Compare button per parameter")
        .click();
    h.run();
    let want = "xeon-8480-h100@gpu.mem_bw_gbs=2";
    let app = h.state();
    assert_eq!(app.session.platform2.as_deref(), Some(want));
    assert_eq!(app.session.overview.platform2.as_deref(), Some(want));
    // Every model that compares takes it, named by its change.
    let title = h.state().window_title();
    assert!(
        title.contains("vs Xeon Platinum 8480+ + H100 SXM5 with GPU memory bandwidth x 2"),
        "{title}"
    );
    h.state_mut().session.tab = Tab::Figure(View::Overview);
    h.run();
    // Its column of verdicts and the "Compare with" picker name it.
    let named = "Xeon Platinum 8480+ + H100 SXM5 with GPU memory bandwidth x 2";
    assert!(h.query_all_by_label(named).count() >= 2);
    // Now it can be saved as a platform file.
    h.state_mut().session.tab = Tab::Figure(View::Sensitivity);
    h.run();
    h.get_by_label("Save what-if platform…");
}

#[test]
fn the_overview_names_the_parameter_each_answer_follows() {
    let mut h = crate::common::window(1500.0, 950.0);
    assert!(h.state_mut().use_platform("xeon-8480-h100"));
    h.run();
    crate::common::until_computed(&mut h);
    h.run();
    h.get_by_label("Which parameter matters on Xeon Platinum 8480+ + H100 SXM5");
    assert!(
        h.query_all_by_label_contains(
            "The PerDome bound of the best partition follows GPU memory bandwidth"
        )
        .next()
        .is_some(),
        "the PerDome sentence names the GPU's bandwidth"
    );
    // Its button opens the view.
    h.get_by_label("Open Sensitivity").click();
    h.run();
    assert_eq!(h.state().session.tab, Tab::Figure(View::Sensitivity));
}

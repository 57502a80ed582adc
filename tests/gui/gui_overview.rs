//! The platform overview and the platform picker at the top of the
//! window, driven headlessly with egui_kittest.

use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hetscope::figure::{Figure, View};
use hetscope::gui::{HetscopeApp, Tab};

fn harness() -> Harness<'static, HetscopeApp> {
    crate::common::window(1600.0, 1000.0)
}

/// The window on each model's paper's own presets (the picker's first
/// entry), where the tests begin from the papers' machines.
fn papers_harness() -> Harness<'static, HetscopeApp> {
    crate::common::builder()
        .with_size(egui::vec2(1600.0, 1000.0))
        .build_eframe(|_cc| crate::common::on_papers_presets())
}

/// How each of the five verdicts begins.
const VERDICTS: [&str; 5] = [
    "PerDome, ",
    "PeaPaw: P-Paw",
    "Boat hull (transfers",
    "Offload: at test size",
    "FPM, n = 3600",
];

fn figure_title(h: &Harness<'_, HetscopeApp>) -> String {
    h.state().figure().expect("a figure").title().to_string()
}

/// Pick `name` in the combo box labelled `label`.
fn pick(h: &mut Harness<'_, HetscopeApp>, label: &str, name: &str) {
    h.get_by_role_and_label(Role::ComboBox, label).click();
    h.run();
    h.get_by_label(name).scroll_to_me();
    h.run();
    h.get_by_label(name).click();
    h.run();
    h.run();
}

#[test]
fn the_overview_shows_every_verdict() {
    let h = harness();
    assert_eq!(h.state().session.tab, Tab::Figure(View::Overview));
    assert!(
        h.state().param_error().is_none(),
        "{:?}",
        h.state().param_error()
    );
    for needle in VERDICTS {
        // In its card (and in the figure's notes).
        assert!(
            h.query_all_by_label_contains(needle).next().is_some(),
            "{needle}"
        );
    }
    assert!(figure_title(&h).starts_with("Platform overview: i7 2600K + GTX 750"));
}

#[test]
fn the_platform_at_the_top_drives_every_model() {
    let mut h = papers_harness();
    // Each model's own presets first.
    let before = {
        let app = h.state();
        (
            app.session.boathull.processor.name.clone(),
            app.session.fpm.devices.len(),
        )
    };
    pick(
        &mut h,
        "Platform for every model",
        "Xeon Platinum 8480+ + H100 SXM5",
    );
    let app = h.state();
    assert_eq!(app.session.platform.as_deref(), Some("xeon-8480-h100"));
    assert_eq!(app.session.overview.platform, "xeon-8480-h100");
    assert_eq!(app.session.perdome.platform.chosen.id, "xeon-8480-h100");
    assert_eq!(app.session.offload.platform, "xeon-8480-h100");
    let bh = &app.session.boathull;
    assert_eq!(bh.processor.name, "NVIDIA H100 SXM5 80GB");
    assert_eq!(bh.partner.name, "Intel Xeon Platinum 8480+");
    assert_ne!(bh.processor.name, before.0);
    let fpm = &app.session.fpm.devices;
    assert_eq!(fpm.len(), 2);
    assert_ne!(fpm.len(), before.1);
    assert!(figure_title(&h).contains("Xeon Platinum 8480+ + H100 SXM5"));
    // Every model's figure now shows the platform.
    for (model, view, needle) in [
        (
            "PerDome / PeaPaw",
            View::PerdomeHeatmap,
            "Xeon Platinum 8480+ + H100 SXM5",
        ),
        ("Boat hull", View::Boathull, "H100 SXM5"),
        (
            "Offload decision",
            View::Offload,
            "Xeon Platinum 8480+ + H100 SXM5",
        ),
        ("FPM partitioning", View::FpmSpeed, "H100"),
    ] {
        h.get_by_label(model).click();
        h.run();
        h.run();
        assert_eq!(h.state().session.tab, Tab::Figure(view));
        assert!(
            h.state().param_error().is_none(),
            "{view:?}: {:?}",
            h.state().param_error()
        );
        // Titles, subtitles and series names are in the figure's text.
        let text = format!("{:?}", h.state().figure().expect("a figure"));
        assert!(
            text.contains(needle),
            "{view:?}: {needle} not in {}",
            &text[..text.len().min(300)]
        );
    }
}

#[test]
fn a_second_platform_shows_both_columns() {
    let mut h = harness();
    pick(&mut h, "Compare with", "Xeon Platinum 8480+ + H100 SXM5");
    assert_eq!(
        h.state().session.overview.platform2.as_deref(),
        Some("xeon-8480-h100")
    );
    h.get_by_label("What changed");
    let title = figure_title(&h);
    assert!(
        title.contains("against Xeon Platinum 8480+ + H100 SXM5"),
        "{title}"
    );
    let Some(Figure::Chart(c)) = h.state().figure() else {
        panic!("a chart");
    };
    assert!(
        c.panels.iter().all(|p| p.bars.len() >= 2),
        "one bar set per platform"
    );
}

#[test]
fn a_verdict_opens_its_model_view() {
    let mut h = harness();
    h.get_by_label("Open Kernel suite").click();
    h.run();
    assert_eq!(h.state().session.tab, Tab::Figure(View::OffloadSuite));
    // With the overview's platform: every model now uses it.
    let app = h.state();
    assert_eq!(app.session.platform.as_deref(), Some("i7-gtx750-perdome"));
    assert_eq!(app.session.offload.platform, "i7-gtx750-perdome");
    assert_eq!(
        app.session.boathull.processor.name,
        "NVIDIA GeForce GTX 750"
    );
}

#[test]
fn every_perdome_parameter_says_where_it_comes_from() {
    // Tall enough for both processors' rows without scrolling.
    let mut h = crate::common::window(1600.0, 1600.0);
    h.get_by_label("PerDome / PeaPaw").click();
    h.run();
    // The paper's platform: PerDome Table 1 values, tagged "paper".
    assert_eq!(h.query_all_by_label("[paper]").count(), 10);
    // A current platform: derived by rule, estimated or measured.
    pick(
        &mut h,
        "Platform for every model",
        "Xeon Platinum 8480+ + H100 SXM5",
    );
    assert_eq!(h.query_all_by_label("[paper]").count(), 0);
    let derived = h.query_all_by_label("[derived]").count();
    let estimate = h.query_all_by_label("[estimate]").count();
    let measured = h.query_all_by_label("[measured]").count();
    // t_f and t_b by PeaPaw Eq. 5-6, energy estimated from the TDP, the
    // H100's static power measured on the shipped node.
    assert_eq!((derived, estimate, measured), (4, 5, 1));
    // A slider moved: that value is now the user's.
    assert_eq!(h.query_all_by_label("[edited]").count(), 0);
    h.get_by_role_and_label(Role::Slider, "t_fG (ps)")
        .set_value_accesskit(0.5);
    h.run();
    assert_eq!(h.query_all_by_label("[edited]").count(), 1);
}

#[test]
fn boat_hull_processors_say_where_their_values_come_from() {
    let mut h = papers_harness();
    h.get_by_label("Boat hull").click();
    h.run();
    // Table 2's GTX 470 as printed (the second processor is folded).
    assert_eq!(h.query_all_by_label("[paper]").count(), 1);
    pick(
        &mut h,
        "Platform for every model",
        "Xeon Platinum 8480+ + H100 SXM5",
    );
    h.get_by_label("Boat hull").click();
    h.run();
    assert_eq!(h.query_all_by_label("[paper]").count(), 0);
    // The H100: P_compute and P_uncoalesced derived by rule, P_coalesced
    // and B_bus (the link's pinned rate) from the sheets.
    assert_eq!(h.query_all_by_label("[derived]").count(), 2);
    assert_eq!(h.query_all_by_label("[spec sheet]").count(), 2);
}

#[test]
fn fpm_devices_say_where_their_speed_functions_come_from() {
    let mut h = papers_harness();
    h.get_by_label("FPM partitioning").click();
    h.run();
    // The FPM paper's node: six devices, each the paper's measurement.
    let devices = h.state().session.fpm.devices.len();
    assert_eq!(h.query_all_by_label("[paper]").count(), devices);
    assert_eq!(h.query_all_by_label("[derived]").count(), 0);
    pick(
        &mut h,
        "Platform for every model",
        "Xeon Platinum 8480+ + H100 SXM5",
    );
    h.get_by_label("FPM partitioning").click();
    h.run();
    // One socket and one GPU, each derived from its spec sheet.
    assert_eq!(h.query_all_by_label("[paper]").count(), 0);
    assert_eq!(h.query_all_by_label("[derived]").count(), 2);
}

#[test]
fn a_derived_offload_platform_shows_its_parameters_and_their_sources() {
    let mut h = harness();
    pick(
        &mut h,
        "Platform for every model",
        "Xeon Platinum 8480+ + H100 SXM5",
    );
    h.get_by_label("Offload decision").click();
    h.run();
    // Threads derived from the spec sheet, the bus's rates (both and each
    // direction) the link's sheet, the latency an estimate; the rows are
    // there though no offload preset is named.
    assert!(h.query_all_by_label("[derived]").next().is_some());
    assert!(h.query_all_by_label("[spec sheet]").count() >= 3);
    assert!(h.query_all_by_label("[estimate]").next().is_some());
    assert_eq!(h.query_all_by_label("[edited]").count(), 0);
    h.state_mut()
        .session
        .offload
        .overrides
        .insert(hetscope::model::offload::OffloadParam::BusGbs, 20.0);
    h.run();
    // Both directions' rates change with it.
    assert_eq!(h.query_all_by_label("[edited]").count(), 3);
    assert!(h.state().param_error().is_none());
}

#[test]
fn fine_tuning_is_kept_per_platform_and_can_be_reset() {
    let mut h = harness();
    pick(
        &mut h,
        "Platform for every model",
        "Xeon Platinum 8480+ + H100 SXM5",
    );
    let derived = h.state().session.perdome.platform.params.gpu.t_f;
    {
        let app = h.state_mut();
        app.session.perdome.platform.params.gpu.t_f = derived * 2.0;
        app.session
            .offload
            .overrides
            .insert(hetscope::model::offload::OffloadParam::BusGbs, 20.0);
    }
    h.run();
    // Another platform: its own values.
    pick(&mut h, "Platform for every model", "EPYC 9654 + H100 SXM5");
    assert!(h.state().session.offload.overrides.is_empty());
    // Back: as it was left.
    pick(
        &mut h,
        "Platform for every model",
        "Xeon Platinum 8480+ + H100 SXM5",
    );
    let app = h.state();
    assert_eq!(app.session.perdome.platform.params.gpu.t_f, derived * 2.0);
    assert_eq!(app.session.offload.overrides.len(), 1);
    // Reset: the platform's own values again.
    h.get_by_label("Reset platform").click();
    h.run();
    let app = h.state();
    assert_eq!(app.session.perdome.platform.params.gpu.t_f, derived);
    assert!(app.session.offload.overrides.is_empty());
    assert_eq!(app.session.platform.as_deref(), Some("xeon-8480-h100"));
}

#[test]
fn a_node_with_several_gpus_can_be_regrouped() {
    let mut h = harness();
    pick(
        &mut h,
        "Platform for every model",
        "2 x Xeon 8480+ + 8 x H100 SXM5",
    );
    let t_f8 = h.state().session.perdome.platform.params.gpu.t_f;
    h.get_by_label("CPU sockets counted");
    h.get_by_role_and_label(Role::SpinButton, "GPUs counted")
        .set_value_accesskit(4.0);
    h.run();
    h.run();
    assert_eq!(h.state().session.overview.gpus, Some(4));
    // Every model follows: the PerDome GPU group has half the peak.
    let t_f4 = h.state().session.perdome.platform.params.gpu.t_f;
    assert!((t_f4 / t_f8 - 2.0).abs() < 1e-9, "{t_f8} -> {t_f4}");
    let Some(Figure::Chart(c)) = h.state().figure() else {
        panic!("a chart");
    };
    assert!(
        c.subtitle
            .contains("2 x Intel Xeon Platinum 8480+ + 4 x NVIDIA H100"),
        "{}",
        c.subtitle
    );
    // Another platform starts with all of its processors.
    pick(
        &mut h,
        "Platform for every model",
        "Xeon Platinum 8480+ + H100 SXM5",
    );
    assert_eq!(h.state().session.overview.gpus, None);
    assert!(h.query_by_label("GPUs counted").is_none());
}

#[test]
fn the_second_platform_is_drawn_over_the_boat_hull_and_offload_views() {
    let mut h = harness();
    pick(&mut h, "Compare with", "Xeon Platinum 8480+ + H100 SXM5");
    let xeon = "Xeon Platinum 8480+ + H100 SXM5";
    // The model's tab, and the series names of its first view.
    let series_of = |h: &mut Harness<'_, HetscopeApp>, model: &str| -> Vec<String> {
        h.get_by_label(model).click();
        h.run();
        h.run();
        assert!(h.state().param_error().is_none(), "{model}");
        match h.state().figure() {
            Some(Figure::Chart(c)) => c
                .panels
                .iter()
                .flat_map(|p| p.series.iter().map(|s| s.name.clone()))
                .collect(),
            _ => Vec::new(),
        }
    };
    for (model, wanted) in [
        ("Boat hull", format!("{xeon} GPU: hull")),
        ("Offload decision", format!("{xeon}: speedup")),
        ("FPM partitioning", format!("{xeon}: NVIDIA H100 SXM5 80GB")),
    ] {
        let names = series_of(&mut h, model);
        assert!(names.contains(&wanted), "{model}: {names:?}");
    }
    // No second platform: the overlays go.
    h.get_by_label("Platform overview").click();
    h.run();
    pick(&mut h, "Compare with", "(no second platform)");
    assert!(
        series_of(&mut h, "Offload decision")
            .iter()
            .all(|n| !n.contains("Xeon"))
    );
    assert!(h.state().session.boathull.overlay.is_none());
    assert!(h.state().session.fpm.compare.is_none());
}

#[test]
fn the_second_platform_stands_beside_the_heat_maps_surfaces_and_fpm_times() {
    let mut h = harness();
    let xeon = "Xeon Platinum 8480+ + H100 SXM5";
    pick(&mut h, "Compare with", xeon);
    let pair_of = |h: &mut Harness<'_, HetscopeApp>, tabs: &[&str]| {
        for t in tabs {
            h.get_by_label(t).click();
            h.run();
            h.run();
        }
        assert!(h.state().param_error().is_none(), "{tabs:?}");
        match h.state().figure() {
            Some(Figure::Pair(p)) => (**p).clone(),
            other => panic!("{tabs:?}: not two figures side by side: {other:?}"),
        }
    };
    let p = pair_of(&mut h, &["PerDome / PeaPaw", "PerDome heat map"]);
    let first = h.state().session.perdome.platform.chosen.name.clone();
    assert_eq!(p.names, [first.clone(), xeon.to_string()]);
    match (&p.left, &p.right) {
        (Figure::Heatmap(a), Figure::Heatmap(b)) => {
            assert!(a.subtitle.contains(&first) && b.subtitle.contains(xeon));
            // One colour scale: a colour means the same GFLOP/s on both.
            assert_eq!((a.color.min, a.color.max), (b.color.min, b.color.max));
            assert_ne!(a.platform, b.platform);
        }
        other => panic!("not two heat maps: {other:?}"),
    }
    let p = pair_of(&mut h, &["Energy dome surface"]);
    match (&p.left, &p.right) {
        (Figure::Surface(a), Figure::Surface(b)) => assert_eq!(a.z.hi, b.z.hi),
        other => panic!("not two surfaces: {other:?}"),
    }
    let p = pair_of(&mut h, &["FPM partitioning", "Times per device"]);
    match (&p.left, &p.right) {
        (Figure::Chart(a), Figure::Chart(b)) => {
            assert!(b.subtitle.contains("H100"), "{}", b.subtitle);
            // The paper's i7 + GTX 750 needs some seconds, the Xeon +
            // H100 some ms: each on its own time axis (one axis would
            // leave the faster one's bars invisible), said under both.
            assert_eq!(
                (a.panels[0].y.unit.as_str(), b.panels[0].y.unit.as_str()),
                ("s", "ms")
            );
            for c in [a, b] {
                assert!(
                    c.notes.iter().any(|n| n.contains("its own scale")),
                    "{:?}",
                    c.notes
                );
            }
        }
        other => panic!("not two charts: {other:?}"),
    }
    // No second platform: one figure again.
    h.get_by_label("Platform overview").click();
    h.run();
    pick(&mut h, "Compare with", "(no second platform)");
    h.get_by_label("PerDome / PeaPaw").click();
    h.run();
    h.run();
    // (The tab opens on the view last shown there: the energy surface.)
    assert!(matches!(h.state().figure(), Some(Figure::Surface(_))));
}

#[test]
fn the_five_verdicts_fit_a_small_window_without_scrolling() {
    let mut h = crate::common::window(1280.0, 800.0);
    h.run();
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0));
    // The charts start under the cards (a card scrolled under them would
    // have its place in the window and still be hidden).
    let charts = h
        .get_by_label_contains("Platform overview: i7 2600K")
        .rect();
    for needle in VERDICTS {
        let card = h
            .query_all_by_label_contains(needle)
            .map(|n| n.rect())
            .min_by(|a, b| a.top().total_cmp(&b.top()))
            .unwrap_or_else(|| panic!("{needle}"));
        assert!(
            screen.contains_rect(card) && card.bottom() < 760.0 && card.bottom() < charts.top(),
            "{needle} is on the first screen, above the export row: {card:?}"
        );
    }
}

/// A value edited in a model's tab is what the overview evaluates, as the
/// tab does, and the overview's notes say which model it took so.
#[test]
fn the_overview_evaluates_each_model_as_its_tab_holds_it() {
    use hetscope::gui::{OverviewUi, PerdomeUi};
    let mut h = harness();
    assert!(h.state_mut().use_platform("i7-gtx750-perdome"));
    h.state_mut().session.tab = Tab::Figure(View::Overview);
    h.run();
    let overview_cpu_only = |h: &Harness<'_, HetscopeApp>| {
        let c = h.state().computed::<OverviewUi>().expect("the overview");
        c.overview.first.perdome.optima.cpu_only.gflops
    };
    let before = overview_cpu_only(&h);
    assert!(!notes(&h).contains("as edited"), "{}", notes(&h));

    // t_fC doubled in PerDome's tab: its CPU-only bound falls ...
    h.state_mut().session.tab = Tab::Figure(View::PerdomeHeatmap);
    hetscope_core::session_set::apply_sets(&mut h.state_mut().session, &["t_fC=147".into()])
        .expect("t_fC is set");
    h.run();
    let tab = h.state().computed::<PerdomeUi>().expect("PerDome");
    let in_tab = tab.analysis.optima.cpu_only.gflops;
    assert!(in_tab < before * 0.9, "the tab: {before} -> {in_tab}");

    // ... and the overview shows the tab's number, saying why.
    h.state_mut().session.tab = Tab::Figure(View::Overview);
    h.run();
    let after = overview_cpu_only(&h);
    assert!(
        (after - in_tab).abs() < 1e-9 * in_tab,
        "overview {after}, tab {in_tab}"
    );
    assert!(
        notes(&h).contains("PerDome / PeaPaw as edited in its tab"),
        "{}",
        notes(&h)
    );
}

fn notes(h: &Harness<'_, HetscopeApp>) -> String {
    match h.state().figure() {
        Some(Figure::Chart(c)) => c.notes.join("\n"),
        other => panic!("the overview's chart: {other:?}"),
    }
}

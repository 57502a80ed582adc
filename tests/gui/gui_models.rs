//! The tab bar's two rows (models, then their views), driven headlessly
//! with egui_kittest: every view of every model shows its figure from the
//! default state, with no error.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hetscope::figure::{Figure, ModelId, View};
use hetscope::gui::{HetscopeApp, StatusKind, Tab};

fn harness() -> Harness<'static, HetscopeApp> {
    crate::common::window(1500.0, 950.0)
}

#[test]
fn the_model_buttons_switch_to_the_first_view_of_each_model() {
    let mut h = harness();
    for (group, first) in [
        (ModelId::Boathull, View::Boathull),
        (ModelId::Fpm, View::FpmSpeed),
        (ModelId::Offload, View::Offload),
        (ModelId::Perdome, View::PerdomeHeatmap),
    ] {
        h.get_by_label(group.title()).click();
        h.run();
        assert_eq!(h.state().session.tab, Tab::Figure(first), "{group:?}");
        // The second row lists this model's views, and only those.
        for v in View::ALL {
            let shown = h.query_by_label(v.title()).is_some();
            assert_eq!(shown, v.model() == group, "{v:?} under {group:?}");
        }
    }
}

#[test]
fn every_view_of_every_model_draws_its_figure() {
    let mut h = harness();
    for group in ModelId::ALL {
        h.get_by_label(group.title()).click();
        h.run();
        for view in View::of(group) {
            h.get_by_label(view.title()).click();
            h.run();
            let app = h.state();
            assert_eq!(app.session.tab, Tab::Figure(view));
            assert!(
                app.param_error().is_none(),
                "{view:?}: {:?}",
                app.param_error()
            );
            assert!(app.status().is_none_or(|(k, _)| k != StatusKind::Error));
            let fig = app
                .figure()
                .unwrap_or_else(|| panic!("{view:?}: no figure"));
            // Chart views draw charts (every model's but PerDome's, whose
            // energy fit is a chart too); the figure's title is on screen.
            assert_eq!(
                matches!(fig, Figure::Chart(_)),
                group != ModelId::Perdome || view == View::EnergyFit,
                "{view:?}"
            );
            let title = fig.title().to_string();
            h.get_by_label(&title);
        }
    }
}

#[test]
fn every_model_is_registered_once_with_its_own_views() {
    // The recipe for a new model (ARCHITECTURE.md): its views in
    // figure::View, one registered ModelUi. Each model lists its views,
    // every view belongs to exactly one model.
    let app = HetscopeApp::default_state();
    assert_eq!(app.model_ids(), ModelId::ALL.to_vec());
    let mut seen = Vec::new();
    for group in ModelId::ALL {
        let tabs = app.tabs_of(group);
        let views: Vec<View> = tabs.iter().filter_map(|t| t.view()).collect();
        assert_eq!(views, View::of(group), "{group:?}");
        seen.extend(tabs);
    }
    let unique: std::collections::HashSet<Tab> = seen.iter().copied().collect();
    assert_eq!(unique.len(), seen.len(), "a tab in two models");
    assert!(seen.contains(&Tab::Classification));
    assert_eq!(seen.len(), View::ALL.len() + 1);
}

#[test]
fn a_change_rebuilds_only_the_view_on_screen() {
    let mut h = crate::common::window(1500.0, 950.0);
    h.state_mut().session.tab = Tab::Figure(View::Boathull);
    h.run();
    let built =
        |h: &Harness<'_, HetscopeApp>| ModelId::ALL.map(|m| (m, h.state().figures_built(m)));
    let before = built(&h);
    // A drag step in the boat hull's panel and one in another model's
    // scenario (as the platform picker would make).
    h.state_mut().session.boathull.f *= 1.01;
    h.state_mut().session.perdome.platform.params.gpu.t_f *= 1.01;
    h.run();
    let after = built(&h);
    for ((m, b), (_, a)) in before.iter().zip(after.iter()) {
        let want = if *m == ModelId::Boathull { b + 1 } else { *b };
        assert_eq!(*a, want, "{m:?}: {b} figures before the change, {a} after");
    }
    // The other model builds its view when it is shown, once.
    h.state_mut().session.tab = Tab::Figure(View::PerdomeHeatmap);
    h.run();
    let perdome = h.state().figures_built(ModelId::Perdome);
    let was = before
        .iter()
        .find(|(m, _)| *m == ModelId::Perdome)
        .map_or(0, |b| b.1);
    assert_eq!(perdome, was + 1, "one PerDome figure, for the view shown");
}

#[test]
fn a_model_tab_opens_on_the_view_last_shown() {
    let mut h = crate::common::window(1500.0, 950.0);
    h.run();
    h.get_by_label("Boat hull").click();
    h.run();
    assert_eq!(
        h.state().session.tab,
        Tab::Figure(View::Boathull),
        "first the first view"
    );
    h.get_by_label("Roofline").click();
    h.run();
    h.get_by_label("Platform overview").click();
    h.run();
    assert_eq!(h.state().session.tab, Tab::Figure(View::Overview));
    h.get_by_label("Boat hull").click();
    h.run();
    assert_eq!(
        h.state().session.tab,
        Tab::Figure(View::BoathullRoofline),
        "back on the view left"
    );
    // The window's record keeps it for the next start.
    assert_eq!(
        h.state().state.sub_views.get("boathull"),
        Some(&Tab::Figure(View::BoathullRoofline))
    );
}

//! The recipe for a new model holds for every registered one: through the
//! core's registry alone (no model named), each model answers `eval`,
//! exports each of its views, contributes to the overview, takes every
//! platform of the catalog within its ranges and has rows in the paper
//! check. That each has a tab in the window is tested with the app
//! (`tests/gui/registry.rs`).

use crate::common::catalog;
use hetscope_core::{Session, registry};
use hetscope_export::{ExportSize, Format, render};
use hetscope_figure::{Camera, ModelId, View};
use hetscope_preset::Catalog;

fn session() -> (Session, &'static Catalog) {
    let catalog = catalog();
    (Session::new(catalog), catalog)
}

#[test]
fn every_registered_model_answers_eval() {
    let (session, catalog) = session();
    for id in ModelId::ALL {
        let v = registry::eval(id, &session, catalog).unwrap_or_else(|e| panic!("{id:?}: {e}"));
        let object = v.as_object().unwrap_or_else(|| panic!("{id:?}: {v}"));
        assert!(object.len() > 3, "{id:?} reports its result: {v}");
        assert!(
            !v.to_string().contains("NaN"),
            "{id:?}: no number is lost: {v}"
        );
    }
}

#[test]
fn every_view_of_every_model_exports() {
    let (session, catalog) = session();
    let size = ExportSize::new(640, 400).expect("a size");
    for id in ModelId::ALL {
        let views = View::of(id);
        assert!(!views.is_empty(), "{id:?} has views");
        for view in views {
            let figure = registry::figure(view, &session, catalog)
                .unwrap_or_else(|e| panic!("{view:?}: {e}"));
            let svg = render(&figure, Format::Svg, size, &Camera::default())
                .unwrap_or_else(|e| panic!("{view:?}: {e}"));
            let text = String::from_utf8(svg).expect("SVG text");
            assert!(
                text.starts_with("<svg") || text.starts_with("<?xml"),
                "{view:?}"
            );
            assert!(text.len() > 1000, "{view:?} draws something");
        }
    }
}

#[test]
fn every_model_contributes_to_the_overview() {
    let (session, catalog) = session();
    let overview = registry::eval(ModelId::Overview, &session, catalog).expect("the overview");
    for id in ModelId::ALL.into_iter().filter(|m| *m != ModelId::Overview) {
        assert!(
            overview.get(id.key()).is_some_and(|v| v.is_object()),
            "the overview has the {} verdict",
            id.key()
        );
    }
    let sources = &overview["platform"]["sources"];
    for id in ModelId::ALL.into_iter().filter(|m| *m != ModelId::Overview) {
        assert!(
            sources.get(id.key()).is_some(),
            "the overview says where the {} parameters come from",
            id.key()
        );
    }
}

#[test]
fn every_model_but_the_overview_is_checked_against_its_paper() {
    use hetscope_core::paper_check::{self, Paper};
    let rows = paper_check::all_rows();
    for id in ModelId::ALL.into_iter().filter(|m| *m != ModelId::Overview) {
        let papers: Vec<Paper> = Paper::ALL.into_iter().filter(|p| p.model() == id).collect();
        assert!(!papers.is_empty(), "a paper for {}", id.key());
        assert!(
            rows.iter().any(|r| papers.contains(&r.paper)),
            "the paper check has rows of {}",
            id.key()
        );
    }
}

#[test]
fn every_platform_gives_every_model_values_within_its_ranges() {
    // The session of each platform of the catalog (the models that cannot
    // take it keep their presets) passes the checks a saved session
    // passes: every value in its range.
    use hetscope_core::named::{Named, session_of};
    let catalog = catalog();
    assert!(catalog.platforms().len() > 5);
    for (entry, _) in catalog.platforms() {
        let named = Named {
            platform: Some(entry.id.clone()),
            ..Named::default()
        };
        let (session, _) =
            session_of(&named, catalog, |_| Ok(())).unwrap_or_else(|e| panic!("{}: {e}", entry.id));
        if let Err(e) = registry::check(&session) {
            panic!("{}: {e}", entry.id);
        }
    }
}

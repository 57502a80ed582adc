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

/// Which model reads which kind of file is declared once (each model's
/// `READS`), and a session's measured files and validation take exactly
/// what the declarations say.
#[test]
fn every_file_kind_is_read_by_one_model_or_by_the_whole_session() {
    use hetscope_core::reads::{is_held, is_measurement, reader, reads};
    use hetscope_core::recognize::{FileKind, Reading, recognize};
    for kind in FileKind::ALL {
        let models: Vec<ModelId> = ModelId::ALL
            .into_iter()
            .filter(|id| reads(*id).iter().any(|(k, _)| *k == kind))
            .collect();
        assert!(models.len() <= 1, "{kind:?} is read by {models:?}");
        let whole_session = matches!(
            kind,
            FileKind::Session
                | FileKind::Platform
                | FileKind::CpuSpec
                | FileKind::GpuSpec
                | FileKind::GpuProbe
        );
        assert_eq!(reader(kind).is_none(), whole_session, "{kind:?}");
    }
    for id in ModelId::ALL {
        assert_eq!(reads(id).is_empty(), id == ModelId::Overview, "{id:?}");
    }
    // The shipped measurements: a session holds the held kinds and names
    // them when given another; validation compares every measurement.
    let (session, catalog) = session();
    let data = std::path::Path::new(crate::common::ROOT).join("assets/data");
    let files = [
        "h100-boathull-measured.csv",
        "h100-energy-runs.csv",
        "h100-offload-measured.csv",
        "h100-node-sa-measured.csv",
        "h100-node-probe.csv",
    ];
    let mut seen = std::collections::HashSet::new();
    for name in files {
        let path = data.join(name);
        let kind = recognize(name, &std::fs::read(&path).unwrap()).unwrap();
        seen.insert(reader(kind).map(|(_, r)| r));
        let mut s = session.clone();
        let held = hetscope_core::session_set::load_measured(&mut s, &path, catalog);
        assert_eq!(held.is_ok(), is_held(kind), "{name}: {held:?}");
        assert_eq!(s != session, is_held(kind), "{name}");
        if let Err(e) = held {
            let m = e.to_string();
            assert!(
                m.contains("not measured data") && m.contains(kind.describe()),
                "{m}"
            );
            assert!(m.contains("boat hull measured times CSV"), "{m}");
        }
        let compared = hetscope_core::validate::validate("h100-node-measured", &[&path], catalog);
        assert_eq!(
            compared.is_ok(),
            is_measurement(kind),
            "{name}: {compared:?}"
        );
    }
    // The files cover a held kind, a compared one and one of the session.
    for r in [Some(Reading::Held), Some(Reading::Compared), None] {
        assert!(seen.contains(&r), "{r:?}");
    }
}

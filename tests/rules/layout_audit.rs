//! The layout audit: every chart view of every registered model (views
//! added later are covered), at three sizes, for one platform and for two
//! side by side, on a paper-era platform, a current node and an
//! eight-GPU node: no two texts of the placed layout overlap, none is cut
//! by the canvas, none is shortened but a category name (whose whole
//! name is on hover), every bar or category is named, every axis has one
//! tick format, no two series look alike and no legend hides data. The
//! window paints this same layout (`gui::chart_view`), so the audit holds
//! for both.

use crate::common::catalog;
use hetscope_core::{Session, registry};
use hetscope_export::{ExportSize, placed_texts};
use hetscope_figure::layout::audit::{audit, audit_chart};
use hetscope_figure::layout::chart::layout;
use hetscope_figure::{Camera, ChartFigure, Figure, ModelId, View};
use hetscope_preset::Catalog;
use hetscope_preset::platform::platform_choice;

const SIZES: [(f64, f64); 3] = [(1920.0, 1080.0), (1280.0, 800.0), (900.0, 600.0)];
const PLATFORMS: [(&str, &str); 3] = [
    ("i7-gtx750-perdome", "xeon-8480-h100"),
    ("xeon-8480-h100", "i7-gtx750-perdome"),
    ("dgx-h100-like", "xeon-8480-h100"),
];

/// A session on `platform`, compared with `second` where given.
fn session(catalog: &Catalog, platform: &str, second: Option<&str>) -> Session {
    let mut s = Session::new(catalog);
    let p = platform_choice(platform, catalog).expect("a platform");
    let failed = registry::use_platform_everywhere(&mut s, &p, catalog);
    assert!(failed.is_empty(), "{platform}: {failed:?}");
    if let Some(second) = second {
        let q = platform_choice(second, catalog).expect("a platform");
        let failed = registry::compare_everywhere(&mut s, Some(&q), catalog);
        assert!(failed.is_empty(), "{second}: {failed:?}");
    }
    s
}

/// The charts of a figure (the partition comparison is drawn as one)
/// with the canvas width each is laid out on.
fn charts(fig: &Figure, width: f64) -> Vec<(ChartFigure, f64)> {
    match fig {
        Figure::Chart(c) => vec![(c.clone(), width)],
        Figure::Compare(c) => vec![(c.chart(), width)],
        Figure::Pair(p) => [&p.left, &p.right]
            .into_iter()
            .flat_map(|f| charts(f, (width / 2.0).floor()))
            .collect(),
        _ => Vec::new(),
    }
}

/// `check` on every view of every registered model, on each platform
/// alone and beside its other, at each size; the problems it finds, each
/// named with where it was seen.
fn every_view<P: std::fmt::Display>(check: impl Fn(&Figure, (f64, f64)) -> Vec<P>) -> Vec<String> {
    let catalog = catalog();
    let mut problems = Vec::new();
    for (platform, other) in PLATFORMS {
        for second in [None, Some(other)] {
            let s = session(catalog, platform, second);
            for view in ModelId::ALL.into_iter().flat_map(View::of) {
                let fig = registry::figure(view, &s, catalog)
                    .unwrap_or_else(|e| panic!("{view:?} on {platform}: {e}"));
                for (w, h) in SIZES {
                    for p in check(&fig, (w, h)) {
                        problems.push(format!("{view:?} {platform} + {second:?} at {w}x{h}: {p}"));
                    }
                }
            }
        }
    }
    problems
}

fn assert_none(problems: Vec<String>) {
    assert!(
        problems.is_empty(),
        "{} placement problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn no_chart_text_overlaps_is_cut_or_missing() {
    let audited = std::cell::Cell::new(0);
    let problems = every_view(|fig, (w, h)| {
        let mut out = Vec::new();
        for (chart, cw) in charts(fig, w) {
            audited.set(audited.get() + 1);
            out.extend(audit_chart(&chart, &layout(&chart, cw, h)));
        }
        out
    });
    assert!(
        audited.get() > 150,
        "every chart view is audited ({})",
        audited.get()
    );
    assert_none(problems);
}

/// Whether a figure is drawn by its own layout rather than the chart's
/// (heat maps and surfaces, alone or side by side).
fn own_layout(fig: &Figure) -> bool {
    match fig {
        Figure::Heatmap(_) | Figure::Surface(_) => true,
        Figure::Pair(p) => own_layout(&p.left),
        _ => false,
    }
}

#[test]
fn no_heat_map_or_surface_text_overlaps_or_is_cut() {
    let audited = std::cell::Cell::new(0);
    let problems = every_view(|fig, (w, h)| {
        if !own_layout(fig) {
            return Vec::new();
        }
        audited.set(audited.get() + 1);
        let size = ExportSize::new(w as u32, h as u32).expect("a size");
        audit(&placed_texts(fig, size, &Camera::default()))
    });
    assert!(
        audited.get() >= 72,
        "every heat map and surface view is audited ({})",
        audited.get()
    );
    assert_none(problems);
}

/// The ids an SVG document defines and the ones it refers to
/// (`url(#id)`).
fn svg_ids(doc: &str) -> (Vec<String>, Vec<String>) {
    let after = |key: &str, end: char| -> Vec<String> {
        doc.match_indices(key)
            .filter_map(|(i, _)| {
                let rest = &doc[i + key.len()..];
                rest.find(end).map(|j| rest[..j].to_string())
            })
            .collect()
    };
    (after(" id=\"", '"'), after("url(#", ')'))
}

#[test]
fn every_svg_defines_each_id_once_and_every_reference_it_uses() {
    let checked = std::cell::Cell::new(0);
    let problems = every_view(|fig, (w, h)| {
        if w < 1900.0 {
            return Vec::new();
        }
        checked.set(checked.get() + 1);
        let size = ExportSize::new(w as u32, h as u32).expect("a size");
        let doc = hetscope_export::render_svg(fig, size, &Camera::default());
        let (ids, refs) = svg_ids(&doc);
        let mut seen = std::collections::BTreeSet::new();
        let mut out: Vec<String> = Vec::new();
        for id in &ids {
            if !seen.insert(id.clone()) {
                out.push(format!("id {id} defined twice"));
            }
        }
        for r in refs.iter().filter(|r| !seen.contains(*r)) {
            out.push(format!("url(#{r}) refers to no id"));
        }
        out
    });
    assert!(
        checked.get() > 40,
        "every view's SVG is read ({})",
        checked.get()
    );
    assert_none(problems);
}

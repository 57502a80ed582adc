//! The heat maps' and surfaces' colour scales: linear and shared by two
//! platforms by default; in powers of ten, or each platform on its own
//! range, when asked, said in the colour bar's title. The options on the
//! command line and in the window are tested with the app
//! (`tests/cli/color_scales.rs`).

use crate::common::catalog;
use hetscope_core::{Session, registry};
use hetscope_figure::color::{ColorOptions, ColorScale};
use hetscope_figure::{Figure, View};
use hetscope_preset::platform::platform_choice;

/// The colour scales of `view` on the i7 + GTX 750 beside the Xeon +
/// H100 (a platform some forty times larger), with `colors`.
fn scales(view: View, colors: ColorOptions) -> [ColorScale; 2] {
    let catalog = catalog();
    let mut s = Session::new(catalog);
    let second = platform_choice("xeon-8480-h100", catalog).expect("a platform");
    assert!(registry::compare_everywhere(&mut s, Some(&second), catalog).is_empty());
    s.perdome.colors = colors;
    let scale = |f: &Figure| match f {
        Figure::Heatmap(h) => h.color.clone(),
        Figure::Surface(s) => s.color.clone(),
        other => panic!("{view:?}: {other:?}"),
    };
    match registry::figure(view, &s, catalog).expect("a figure") {
        Figure::Pair(p) => [scale(&p.left), scale(&p.right)],
        other => panic!("{view:?} is a pair: {other:?}"),
    }
}

#[test]
fn two_platforms_share_one_linear_range_by_default() {
    let [a, b] = scales(View::PerdomeHeatmap, ColorOptions::default());
    assert_eq!((a.min, a.max), (b.min, b.max), "one range for both");
    assert!(!a.log && !a.own);
    assert_eq!(a.title(), "Performance bound (GFLOP/s)");
}

#[test]
fn each_platform_can_have_its_own_range_in_powers_of_ten() {
    let own = ColorOptions {
        log: true,
        own: true,
    };
    for view in [View::PerdomeHeatmap, View::EnergySurface] {
        let [a, b] = scales(view, own);
        assert!(b.max > 3.0 * a.max, "{view:?}: {} against {}", a.max, b.max);
        for s in [&a, &b] {
            assert!(
                s.title().contains("log scale; this platform's own range"),
                "{}",
                s.title()
            );
        }
    }
    let [a, _] = scales(View::PerdomeHeatmap, own);
    // In powers of ten, the geometric middle of the range is half way.
    let mid = (a.min.max(a.max * 1e-3) * a.max).sqrt();
    assert!((a.t(mid) - 0.5).abs() < 1e-9, "{}", a.t(mid));
    let ticks = a.ticks();
    assert!(
        ticks.len() >= 2 && ticks.iter().all(|t| *t >= a.min && *t <= a.max),
        "{ticks:?}"
    );
}

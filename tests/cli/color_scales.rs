//! The heat maps' and surfaces' colour scales asked for on the command
//! line (`export`'s colour options, and their refusals) and in the window
//! (a log colour scale), said in the colour bar's title. The scales of two
//! platforms are tested in the core crate
//! (`crates/core/tests/color_scales.rs`).

use crate::common::{fails, hetscope};
use egui_kittest::kittest::Queryable;
use hetscope::gui::Tab;
use hetscope_figure::{Figure, View};

#[test]
fn the_command_line_exports_and_refuses_the_colour_options() {
    let dir = std::env::temp_dir().join(format!("hetscope-colors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let out = dir.join("domes.svg");
    let o = hetscope(&[
        "export",
        "--view",
        "energy-heatmap",
        "--platform2",
        "xeon-8480-h100",
        "--log-colors",
        "--own-ranges",
        "--out",
        out.to_str().expect("a path"),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let svg = std::fs::read_to_string(&out).expect("the SVG");
    assert_eq!(
        svg.matches("log scale; this platform&apos;s own range")
            .count(),
        2
    );
    fails(
        &[
            "export",
            "--view",
            "boathull",
            "--log-colors",
            "--out",
            "x.svg",
        ],
        2,
        "--log-colors",
    );
    fails(
        &[
            "export",
            "--view",
            "perdome-heatmap",
            "--own-ranges",
            "--out",
            "x.svg",
        ],
        2,
        "needs a second platform",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_window_offers_a_log_colour_scale() {
    let mut h = crate::common::window(1500.0, 950.0);
    h.state_mut().session.tab = Tab::Figure(View::PerdomeHeatmap);
    h.run();
    h.get_by_label("Log colour scale").click();
    h.run();
    h.run();
    assert!(h.state().session.perdome.colors.log);
    match h.state().figure() {
        Some(Figure::Heatmap(f)) => assert!(f.color.log && f.color.title().contains("log scale")),
        other => panic!("a heat map: {other:?}"),
    }
}

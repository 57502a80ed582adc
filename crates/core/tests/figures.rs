//! Figure descriptions: markers, readouts, axes and invalid input, as both
//! the GUI and the exporters receive them.

use crate::common::catalog;
use hetscope_figure::{self as figure, Figure, MarkerKind, View};
use hetscope_model::perdome::{Analysis, Resolution};
use hetscope_preset as preset;

fn analysis(platform: &str, workload: &str) -> Analysis {
    let cat = catalog();
    let p = preset::perdome::platform_arg(platform, cat).unwrap();
    let (_, w) = preset::perdome::workload_arg(workload, cat).unwrap();
    Analysis::compute(&preset::perdome::scenario(&p, &w), Resolution::default()).unwrap()
}

fn heatmap(a: &Analysis) -> figure::HeatmapFigure {
    match figure::perdome::build(View::PerdomeHeatmap, a).expect("a PerDome view") {
        Figure::Heatmap(h) => h,
        other => panic!("not a heat map: {other:?}"),
    }
}

#[test]
fn reference_partitions_are_one_marker_each_and_cp_is_kept() {
    let a = analysis("i7-gtx750-perdome", "perdome-sa");
    let h = heatmap(&a);
    let count = |k: MarkerKind| h.markers.iter().filter(|m| m.kind == k).count();
    assert_eq!(count(MarkerKind::PerfectDp), 1);
    assert_eq!(count(MarkerKind::CpuOnly), 1);
    assert_eq!(count(MarkerKind::GpuOnly), 1);
    assert_eq!(count(MarkerKind::Optimum), 1);
    // The workload's CP is its own marker, with the paper's 136 GFLOP/s.
    let cp: Vec<_> = h
        .markers
        .iter()
        .filter(|m| m.kind == MarkerKind::Partition)
        .collect();
    assert_eq!(cp.len(), 1);
    assert_eq!(cp[0].label, "CP");
    assert!((cp[0].value.unwrap() - 136.4).abs() < 0.1);
}

#[test]
fn partitions_named_differently_from_the_references_keep_their_names() {
    // PeaPaw's SA calls them CO, GO, DP: the reference markers carry both.
    let a = analysis("i7-gtx750-peapaw", "peapaw-sa");
    let h = heatmap(&a);
    let labels: Vec<&str> = h.markers.iter().map(|m| m.label.as_str()).collect();
    assert!(labels.contains(&"p-DP = DP"), "{labels:?}");
    assert!(labels.contains(&"CPU-only = CO"), "{labels:?}");
    assert!(labels.contains(&"GPU-only = GO"), "{labels:?}");
}

#[test]
fn zero_intensity_partitions_are_drawn_in_the_zero_band() {
    // PeaPaw LA's CP is (0, 0.25): the CPU does no flops but moves bytes.
    let a = analysis("i7-titan-peapaw", "peapaw-la");
    let h = heatmap(&a);
    let cp = h
        .markers
        .iter()
        .find(|m| m.label == "CP")
        .expect("CP marker");
    assert!(cp.value.is_some(), "{}", cp.value_text);
    let (x, y) = h.marker_pos(cp).expect("CP has a position");
    assert_eq!(x, h.x.zero_pos());
    assert!(x < h.x.lo && y > h.y.lo);
    assert!(
        h.x.ticks()
            .iter()
            .any(|(p, l)| *p == h.x.zero_pos() && l == "0")
    );
}

#[test]
fn readout_is_the_model_value_or_no_such_partition() {
    let a = analysis("i7-gtx750-perdome", "perdome-sa");
    let h = heatmap(&a);
    // (I_C, I_G) = (0.1, 2.0) is PerDome's CP: 136.4 GFLOP/s.
    let text = h.readout(0.1f64.log2(), 2.0f64.log2()).unwrap();
    assert!(text.contains("136.4 GFLOP/s"), "{text}");
    // Both below I: Lemma 2.
    let text = h.readout(0.5f64.log2(), 0.5f64.log2()).unwrap();
    assert!(text.contains("no such partition"), "{text}");
    assert!(!text.contains("NaN"));
    // Off the plot: nothing.
    assert!(h.readout(h.x.hi + 1.0, 0.0).is_none());
}

#[test]
fn colour_scale_covers_every_valid_value() {
    let a = analysis("xeon-8480-h100", "peapaw-sa");
    let h = heatmap(&a);
    let (lo, hi) = h.grid.range.unwrap();
    assert!(h.color.min <= lo && h.color.max >= hi);
    for m in &h.markers {
        if let Some(v) = m.value {
            assert!(v >= h.color.min && v <= h.color.max, "{} = {v}", m.label);
        }
    }
    // Half of the cells hold a value, the rest is empty (two quadrants).
    let (nx, ny, px) = h.rgba();
    let transparent = px.chunks(4).filter(|c| c[3] == 0).count();
    assert_eq!(transparent, nx * ny / 2);
}

#[test]
fn invalid_parameters_stop_at_the_analysis_with_the_name() {
    let cat = catalog();
    let p = preset::perdome::platform_arg("i7-gtx750-perdome", cat).unwrap();
    let (_, w) = preset::perdome::workload_arg("perdome-sa", cat).unwrap();
    let mut s = preset::perdome::scenario(&p, &w);
    s.platform.gpu.t_b = -1.0;
    let e = Analysis::compute(&s, Resolution::default())
        .unwrap_err()
        .to_string();
    // The message names the parameter, its unit and its range.
    assert!(
        e.contains("t_bG (time per byte on the GPU, ps)") && e.contains("between 1e-6 and 1e6 ps"),
        "{e}"
    );
    let mut s = preset::perdome::scenario(&p, &w);
    s.i = 0.0;
    let e = Analysis::compute(&s, Resolution::default())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("I (intensity of the workload") && e.contains("(2^-20)"),
        "{e}"
    );
}

#[test]
fn surface_projection_rotates_and_hovers() {
    let a = analysis("i7-gtx750-perdome", "perdome-sa");
    let Figure::Surface(s) =
        figure::perdome::build(View::PerdomeSurface, &a).expect("a PerDome view")
    else {
        panic!("not a surface");
    };
    let cam = figure::Camera::default();
    let p1 = s.project(&cam, [0.0, 0.0, 800.0, 600.0]);
    let p2 = s.project(
        &figure::Camera {
            yaw_deg: 60.0,
            ..cam
        },
        [0.0, 0.0, 800.0, 600.0],
    );
    assert!(p1.quads.len() > 500);
    assert_ne!(p1.prims, p2.prims);
    // Hovering the centre of a quad names its values.
    let q = p1.quads[p1.quads.len() / 2];
    let figure::perdome::surface::Prim::Poly { pts, .. } = &p1.prims[q.prim] else {
        panic!("quad is not a polygon");
    };
    // (The centroid of its polygon: a triangle, or a clipped piece.)
    let n = pts.len() as f32;
    let c = pts
        .iter()
        .fold([0.0f32; 2], |a, p| [a[0] + p[0] / n, a[1] + p[1] / n]);
    let text = p1.hover(c, "GFLOP/s").unwrap();
    assert!(text.contains("GFLOP/s") && text.contains("I_C"), "{text}");
}

//! The 3-D surfaces hide what is behind them: a marker's drop line is
//! drawn before the surface nearer to the camera, which covers it; each
//! grid cell is one colour (no stripes of alternating triangles); the
//! axes' numbers stay inside the canvas. A drag in the window, which
//! turns the surface, is tested with the app (`tests/gui/surface_3d.rs`).

use crate::common::catalog;
use hetscope_core::{Session, registry};
use hetscope_figure::perdome::surface::Prim;
use hetscope_figure::{Camera, Figure, SurfaceFigure, View};

fn surface(view: View) -> SurfaceFigure {
    let catalog = catalog();
    let session = Session::new(catalog);
    match registry::figure(view, &session, catalog).expect("a figure") {
        Figure::Surface(s) => s,
        other => panic!("{view:?} is a surface: {other:?}"),
    }
}

/// Whether `p` is inside the triangle `t`.
fn in_triangle(p: [f32; 2], t: &[[f32; 2]]) -> bool {
    let side =
        |a: [f32; 2], b: [f32; 2]| (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    let (d1, d2, d3) = (side(t[0], t[1]), side(t[1], t[2]), side(t[2], t[0]));
    let neg = d1 < 0.0 || d2 < 0.0 || d3 < 0.0;
    let pos = d1 > 0.0 || d2 > 0.0 || d3 > 0.0;
    !(neg && pos)
}

#[test]
fn nearer_surface_covers_a_drop_line() {
    let fig = surface(View::EnergySurface);
    let proj = fig.project(&Camera::default(), [0.0, 0.0, 1200.0, 800.0]);
    let stems: Vec<(usize, [[f32; 2]; 2])> = proj
        .prims
        .iter()
        .enumerate()
        .filter_map(|(i, p)| match p {
            Prim::Line {
                pts, dashed: true, ..
            } if pts.len() == 2 => Some((i, [pts[0], pts[1]])),
            _ => None,
        })
        .collect();
    assert!(!stems.is_empty(), "the markers stand on drop lines");
    // Some drop line has a triangle drawn after it over one of its points.
    let covered = stems.iter().any(|(i, [a, b])| {
        (1..20).any(|k| {
            let t = k as f32 / 20.0;
            let p = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
            proj.prims[i + 1..].iter().any(|q| match q {
                Prim::Poly { pts, .. } if pts.len() == 3 => in_triangle(p, pts),
                _ => false,
            })
        })
    });
    assert!(
        covered,
        "the surface nearer to the camera hides part of a drop line"
    );
}

#[test]
fn each_cell_is_one_colour_and_the_numbers_stay_inside() {
    let fig = surface(View::PerdomeSurface);
    let rect = [0.0, 0.0, 900.0, 600.0];
    let proj = fig.project(&Camera::default(), rect);
    let fill = |i: usize| match &proj.prims[i] {
        Prim::Poly { fill, .. } => *fill,
        _ => panic!("a triangle"),
    };
    let mut cells = std::collections::HashMap::new();
    for q in &proj.quads {
        let c = *cells.entry(q.cell).or_insert(fill(q.prim));
        assert_eq!(c, fill(q.prim), "cell {:?} is one colour", q.cell);
    }
    assert!(cells.len() > 100, "a surface of many cells");
    let texts: Vec<_> = proj
        .prims
        .iter()
        .filter_map(|p| match p {
            Prim::Text { pos, text, .. } => Some((*pos, text.clone())),
            _ => None,
        })
        .collect();
    assert!(
        texts.iter().any(|(_, t)| t == "100"),
        "the value axis is numbered"
    );
    for (pos, text) in texts {
        assert!(
            pos[0] >= 0.0 && pos[0] <= 900.0 && pos[1] >= 0.0 && pos[1] <= 600.0,
            "'{text}' at {pos:?} is inside the canvas"
        );
    }
}

/// The right edge of the projection's polygons, px.
fn projected_right(l: &hetscope_figure::layout::surface::SurfaceLayout) -> f32 {
    l.projected
        .prims
        .iter()
        .filter_map(|p| match p {
            Prim::Poly { pts, .. } => pts.iter().map(|q| q[0]).reduce(f32::max),
            _ => None,
        })
        .fold(0.0, f32::max)
}

#[test]
fn a_canvas_taller_than_wide_gives_the_surface_the_whole_width() {
    // One platform's half of a pair (600 x 800): the colour bar lies
    // across under the surface, the markers' legend under it, and the
    // surface spans more of the width than beside a legend column (there
    // its polygons ended at 337 px, with the legend alone under it 390, now 466;
    // the axes' labels take the rest of the projection's box).
    use hetscope_figure::layout::surface::layout;
    let fig = surface(View::PerdomeSurface);
    let cam = Camera::default();
    let tall = layout(&fig, &cam, 600.0, 800.0);
    let lowest_surface = tall
        .projected
        .prims
        .iter()
        .filter_map(|p| match p {
            Prim::Poly { pts, .. } => pts.iter().map(|q| q[1]).reduce(f32::max),
            _ => None,
        })
        .fold(0.0, f32::max);
    let legend_top = tall
        .legend
        .iter()
        .map(|s| s.at[1] as f32)
        .fold(f32::MAX, f32::min);
    let right = projected_right(&tall);
    assert!(right > 0.7 * 600.0, "the surface ends at {right} px");
    let [bx0, by0, bx1, by1] = tall.color_bar;
    assert!(
        bx1 - bx0 > 5.0 * (by1 - by0),
        "a bar across: {:?}",
        tall.color_bar
    );
    assert!(by0 as f32 > lowest_surface && (legend_top as f64) > by1);
    assert!(!tall.legend.is_empty());
    // A wide canvas keeps the bar upright and the legend beside the
    // surface.
    let wide = layout(&fig, &cam, 1200.0, 800.0);
    let legend_left = wide
        .legend
        .iter()
        .map(|s| s.at[0] as f32)
        .fold(f32::MAX, f32::min);
    assert!(legend_left > projected_right(&wide));
    let [_, wy0, _, wy1] = wide.color_bar;
    assert!(wy1 - wy0 > 100.0, "{:?}", wide.color_bar);
}

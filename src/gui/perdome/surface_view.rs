//! Surface view: the layout the exports write
//! (`hetscope_figure::layout::surface`) on the view's canvas: the
//! projected surface painted in order, then the colour bar, legend, view
//! and floor key. Drag rotates, scroll zooms, double-click resets; hover
//! shows the model value.

use eframe::egui;
use eframe::egui::{Mesh, Pos2, Rect, Sense, Shape, Stroke, Ui, Vec2};

use crate::gui::scene_paint::{paint_gradient, paint_symbol, scene_ui};
use crate::gui::widgets::{rgb, rgba};
use hetscope_figure::layout::side::Symbol;
use hetscope_figure::layout::surface::{SurfaceLayout, layout};
use hetscope_figure::perdome::surface::Prim;
use hetscope_figure::{Camera, Projected, SurfaceFigure};

/// The layout last painted (its projection on screen), reused while
/// nothing changes.
#[derive(Default)]
pub struct Cache {
    key: Option<(u64, [u32; 3], [u32; 4])>,
    layout: Option<SurfaceLayout>,
}

fn cam_key(c: &Camera) -> [u32; 3] {
    [c.yaw_deg.to_bits(), c.pitch_deg.to_bits(), c.zoom.to_bits()]
}

fn pos(p: [f32; 2]) -> Pos2 {
    Pos2::new(p[0], p[1])
}

pub fn surface_ui(
    ui: &mut Ui,
    fig: &SurfaceFigure,
    generation: u64,
    camera: &mut Camera,
    cache: &mut Cache,
) {
    if ui.small_button("Reset view").clicked() {
        *camera = Camera::default();
    }
    let size = ui.available_size().max(Vec2::new(360.0, 300.0));
    let (rect, resp) = ui.allocate_exact_size(size, Sense::click_and_drag());
    resp.widget_info(|| {
        egui::WidgetInfo::labeled(
            egui::Role::Image,
            true,
            "3-D surface: drag to turn, scroll to zoom, double-click to reset",
        )
    });
    turn(ui, &resp, camera);
    let key = (
        generation,
        cam_key(camera),
        [rect.min.x, rect.min.y, rect.width(), rect.height()].map(f32::to_bits),
    );
    if cache.key != Some(key) || cache.layout.is_none() {
        let mut lay = layout(fig, camera, rect.width() as f64, rect.height() as f64);
        shift(&mut lay.projected, [rect.min.x, rect.min.y]);
        cache.layout = Some(lay);
        cache.key = Some(key);
    }
    let Some(lay) = &cache.layout else { return };
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, crate::gui::scene_paint::paper(&painter));
    paint(&painter, &lay.projected);
    paint_gradient(&painter, rect.min, lay.color_bar);
    for s in &lay.legend {
        paint_symbol(&painter, rect.min, s);
    }
    for (r, fill) in &lay.floor {
        let r = Rect::from_min_max(
            rect.min + Vec2::new(r[0] as f32, r[1] as f32),
            rect.min + Vec2::new(r[2] as f32, r[3] as f32),
        );
        let pal = crate::gui::scene_paint::palette(ui.ctx());
        painter.rect(
            r,
            0.0,
            rgb(pal.ink(*fill)),
            Stroke::new(0.8, rgb(pal.ink([0x99, 0x99, 0x99]))),
            egui::StrokeKind::Middle,
        );
    }
    scene_ui(ui, rect, &lay.scene, "surface_texts");
    if let Some(p) = resp.hover_pos()
        && let Some(text) = lay.projected.hover([p.x, p.y], fig.color.unit.as_str())
    {
        resp.on_hover_text_at_pointer(text);
    }
}

/// A drag turns the camera, a scroll zooms, a double-click resets it.
fn turn(ui: &Ui, resp: &egui::Response, camera: &mut Camera) {
    if resp.double_clicked() {
        *camera = Camera::default();
    } else if resp.dragged() {
        let d = resp.drag_delta();
        camera.yaw_deg -= d.x * 0.4;
        camera.pitch_deg += d.y * 0.3;
    }
    if resp.hovered() {
        let scroll = ui.input(|i| i.smooth_scroll_delta.y);
        if scroll != 0.0 {
            camera.zoom *= (scroll * 0.002).exp();
        }
    }
    *camera = camera.clamped();
}

/// The projection moved by `d` px (from the canvas to the screen).
fn shift(p: &mut Projected, d: [f32; 2]) {
    let mv = |q: &mut [f32; 2]| {
        q[0] += d[0];
        q[1] += d[1];
    };
    for prim in &mut p.prims {
        match prim {
            Prim::Poly { pts, .. } | Prim::Line { pts, .. } => pts.iter_mut().for_each(mv),
            Prim::Text { pos, .. } | Prim::Dot { pos, .. } => mv(pos),
        }
    }
    for (q, _) in &mut p.marker_spots {
        mv(q);
    }
}

/// Paint the primitives in order (back to front).
fn paint(painter: &egui::Painter, proj: &Projected) {
    let pal = crate::gui::scene_paint::palette(painter.ctx());
    // The floor and outlines are neutral (they turn over in the dark
    // palette); the surface's colours are data and stay.
    let ink = |c: [u8; 4]| {
        let [r, g, b] = pal.ink([c[0], c[1], c[2]]);
        [r, g, b, c[3]]
    };
    let mut mesh = Mesh::default();
    for prim in &proj.prims {
        if !matches!(prim, Prim::Poly { .. }) && !mesh.is_empty() {
            painter.add(Shape::mesh(std::mem::take(&mut mesh)));
        }
        match prim {
            Prim::Poly { pts, fill, stroke } => {
                // A face seen edge-on is a sliver; egui's anti-aliased
                // polygons and joined outlines spike far across the view
                // at its sharp corners, so faces are plain triangles and
                // their outlines separate thin quads, in one mesh.
                face_mesh(&mut mesh, pts, ink(*fill), stroke.map(|(c, w)| (ink(c), w)));
                continue;
            }
            Prim::Line {
                pts,
                color,
                width,
                dashed,
            } => {
                let points: Vec<Pos2> = pts.iter().map(|p| pos(*p)).collect();
                let stroke = Stroke::new(*width, rgba(ink(*color)));
                if *dashed {
                    painter.extend(Shape::dashed_line(&points, stroke, 4.0, 3.0));
                } else {
                    painter.add(Shape::line(points, stroke));
                }
            }
            // Texts are the layout scene's (painted with it).
            Prim::Text { .. } => {}
            Prim::Dot {
                pos: p,
                radius,
                kind,
                ..
            } => {
                // The exports' symbol of the kind (a triangle for GPU-only, ...).
                let s = Symbol {
                    at: [p[0] as f64, p[1] as f64],
                    kind: *kind,
                    r: *radius as f64,
                };
                paint_symbol(painter, Pos2::ZERO, &s);
            }
        }
    }
    if !mesh.is_empty() {
        painter.add(Shape::mesh(mesh));
    }
}

/// A face as a triangle fan, then its outline as one thin quad per edge.
fn face_mesh(mesh: &mut Mesh, pts: &[[f32; 2]], fill: [u8; 4], stroke: Option<([u8; 4], f32)>) {
    if pts.len() < 3 {
        return;
    }
    let base = mesh.vertices.len() as u32;
    for p in pts {
        mesh.colored_vertex(pos(*p), rgba(fill));
    }
    for i in 1..pts.len() as u32 - 1 {
        mesh.add_triangle(base, base + i, base + i + 1);
    }
    let Some((c, w)) = stroke else { return };
    // Without anti-aliasing a hairline is drawn 1 px wide and faint.
    let colour = rgba(c).gamma_multiply(w.clamp(0.0, 1.0));
    let w = w.max(1.0);
    for (i, a) in pts.iter().enumerate() {
        let (a, b) = (pos(*a), pos(pts[(i + 1) % pts.len()]));
        let d = b - a;
        let len = d.length();
        if len < 1e-3 {
            continue;
        }
        let n = Vec2::new(-d.y, d.x) * (w / 2.0 / len);
        let k = mesh.vertices.len() as u32;
        for q in [a + n, b + n, b - n, a - n] {
            mesh.colored_vertex(q, colour);
        }
        mesh.add_triangle(k, k + 1, k + 2);
        mesh.add_triangle(k, k + 2, k + 3);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sliver_face_stays_within_its_corners() {
        // A face seen edge-on: nearly collinear corners, sharp angles.
        let pts = [[0.0, 0.0], [400.0, 0.01], [400.0, 0.02], [0.0, 0.015]];
        let mut mesh = Mesh::default();
        face_mesh(
            &mut mesh,
            &pts,
            [10, 20, 30, 255],
            Some(([0, 0, 0, 255], 0.3)),
        );
        assert!(!mesh.indices.is_empty());
        for v in &mesh.vertices {
            assert!(
                (-1.0..=401.0).contains(&v.pos.x) && (-1.0..=1.1).contains(&v.pos.y),
                "vertex {:?} far from the face",
                v.pos
            );
        }
    }
}

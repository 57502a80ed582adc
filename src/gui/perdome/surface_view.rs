//! Surface view: paints the primitives of `SurfaceFigure::project` (the
//! same ones the SVG exporter writes). Drag rotates, scroll zooms,
//! double-click resets; hover shows the model value.

use eframe::egui;
use eframe::egui::{Align2, Color32, FontId, Mesh, Pos2, Rect, Sense, Shape, Stroke, Ui, Vec2};

use crate::gui::widgets::{COLOR_BAR_WIDTH, color_bar_ui, rgb, rgba};
use hetscope_figure::perdome::surface::{Anchor, Prim};
use hetscope_figure::{Camera, Projected, SurfaceFigure};

/// The projection last painted, reused while nothing changes.
#[derive(Default)]
pub struct Cache {
    key: Option<(u64, [u32; 3], [u32; 4])>,
    projected: Option<Projected>,
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
    ui.horizontal(|ui| {
        ui.heading(&fig.title);
        if ui.button("Reset view").clicked() {
            *camera = Camera::default();
        }
    });
    ui.weak(&fig.subtitle);

    let height = (ui.available_height() - 24.0).max(200.0);
    let width = (ui.available_width() - COLOR_BAR_WIDTH - 12.0).max(200.0);
    ui.horizontal_top(|ui| {
        let (resp, painter) =
            ui.allocate_painter(Vec2::new(width, height), Sense::click_and_drag());
        let rect = resp.rect;
        resp.widget_info(|| {
            egui::WidgetInfo::labeled(
                egui::Role::Image,
                true,
                "3-D surface: drag to turn, scroll to zoom, double-click to reset",
            )
        });

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

        let rect_arr = [rect.min.x, rect.min.y, rect.width(), rect.height()];
        let key = (generation, cam_key(camera), rect_arr.map(f32::to_bits));
        if cache.key != Some(key) || cache.projected.is_none() {
            cache.projected = Some(fig.project(camera, rect_arr));
            cache.key = Some(key);
        }
        painter.rect_filled(rect, 0.0, Color32::WHITE);
        if let Some(proj) = &cache.projected {
            paint(&painter, proj);
            if let Some(p) = resp.hover_pos()
                && let Some(text) = proj.hover([p.x, p.y], fig.color.unit.as_str())
            {
                resp.clone().on_hover_text_at_pointer(text);
            }
        }
        color_bar_ui(ui, &fig.color, height);
    });
    ui.weak("Drag to rotate, scroll to zoom, double-click to reset. Hover for values.");
}

/// Paint the primitives in order (back to front).
fn paint(painter: &egui::Painter, proj: &Projected) {
    let clip: Rect = painter.clip_rect();
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
                face_mesh(&mut mesh, pts, *fill, *stroke);
                continue;
            }
            Prim::Line {
                pts,
                color,
                width,
                dashed,
            } => {
                let points: Vec<Pos2> = pts.iter().map(|p| pos(*p)).collect();
                let stroke = Stroke::new(*width, rgba(*color));
                if *dashed {
                    painter.extend(Shape::dashed_line(&points, stroke, 4.0, 3.0));
                } else {
                    painter.add(Shape::line(points, stroke));
                }
            }
            Prim::Text {
                pos: p,
                text,
                size,
                color,
                anchor,
            } => {
                // The position is the text's baseline, as in SVG.
                let align = match anchor {
                    Anchor::Start => Align2::LEFT_BOTTOM,
                    Anchor::Middle => Align2::CENTER_BOTTOM,
                    Anchor::End => Align2::RIGHT_BOTTOM,
                };
                let at = pos(*p) + Vec2::new(0.0, size * 0.25);
                if clip.expand(200.0).contains(at) {
                    painter.text(at, align, text, FontId::proportional(*size), rgba(*color));
                }
            }
            Prim::Dot {
                pos: p,
                radius,
                fill,
                ..
            } => {
                painter.circle(
                    pos(*p),
                    *radius,
                    rgb(*fill),
                    Stroke::new(1.0, Color32::BLACK),
                );
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

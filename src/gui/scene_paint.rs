//! Paints a laid-out [`Scene`] (`hetscope_figure::layout`) with egui's
//! painter: the same texts and marks, at the same places, as the exports
//! write. A scene is in pixels from its canvas' top left; `origin` is
//! where that corner is on screen.

use crate::gui::widgets::rgb;
use eframe::egui::{self, Color32, FontId, Painter, Pos2, Shape as EShape, StrokeKind, Vec2};
use hetscope_figure::chart::LineStyle;
use hetscope_figure::layout::palette::Palette;
use hetscope_figure::layout::scene::{Anchor, Prim, Rect, Scene, Shape, Stroke, Text};
use hetscope_figure::layout::side::{Symbol, symbol_outline};

/// Every text of `scene` as a widget that names it (screen readers and
/// tests find it by its words) and, where the text is shortened, shows
/// the whole of it on hover. Hover only: the plots under the texts keep
/// their drag and zoom.
pub fn scene_texts_ui(ui: &mut egui::Ui, origin: Pos2, scene: &Scene, salt: egui::Id) {
    for (i, t) in scene.texts().enumerate() {
        if t.text.trim().is_empty() {
            continue;
        }
        let b = t.bounds();
        let rect = egui::Rect::from_min_max(at(origin, [b[0], b[1]]), at(origin, [b[2], b[3]]));
        let resp = ui.interact(rect, salt.with(i), egui::Sense::hover());
        let words = t.full.as_deref().unwrap_or(&t.text);
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, words));
        if let Some(full) = &t.full {
            resp.on_hover_text(full);
        }
    }
}

/// A laid-out scene on the canvas `rect`: painted, remembered for the
/// tests ([`ShownScene`]) and its texts named for screen readers.
pub fn scene_ui(
    ui: &mut egui::Ui,
    rect: egui::Rect,
    scene: &Scene,
    salt: impl std::hash::Hash + std::fmt::Debug,
) {
    paint_scene(&ui.painter_at(rect), rect.min, scene);
    remember_scene(ui.ctx(), rect, scene);
    let id = ui.scope_id().with(salt);
    scene_texts_ui(ui, rect.min, scene, id);
}

/// The palette figures are drawn in: dark under a dark theme.
pub fn palette(ctx: &egui::Context) -> Palette {
    if ctx.theme() == egui::Theme::Dark {
        Palette::Dark
    } else {
        Palette::Light
    }
}

/// A scene colour in the palette of `painter`'s theme.
pub fn ink(painter: &Painter, c: [u8; 3]) -> Color32 {
    rgb(palette(painter.ctx()).ink(c))
}

/// The canvas behind a figure, in the palette of the theme.
pub fn paper(painter: &Painter) -> Color32 {
    rgb(palette(painter.ctx()).paper())
}

/// Every primitive of `scene`, in order, in the theme's palette.
pub fn paint_scene(painter: &Painter, origin: Pos2, scene: &Scene) {
    let pal = palette(painter.ctx());
    for p in &scene.items {
        match p {
            Prim::Shape(s) => paint_shape(painter, origin, s, pal),
            Prim::Text(t) => paint_text(painter, origin, t),
        }
    }
}

fn at(origin: Pos2, p: [f64; 2]) -> Pos2 {
    origin + Vec2::new(p[0] as f32, p[1] as f32)
}

fn paint_shape(painter: &Painter, origin: Pos2, s: &Shape, pal: Palette) {
    match s {
        Shape::Rect {
            rect,
            fill,
            stroke,
            radius,
        } => {
            let r = egui::Rect::from_min_max(
                at(origin, [rect[0], rect[1]]),
                at(origin, [rect[2], rect[3]]),
            );
            let fill = fill.map_or(Color32::TRANSPARENT, |(c, a)| {
                let c = pal.ink(c);
                Color32::from_rgba_unmultiplied(c[0], c[1], c[2], (a * 255.0).round() as u8)
            });
            let stroke = stroke.map_or(egui::Stroke::NONE, |s| {
                egui::Stroke::new(s.width as f32, rgb(pal.ink(s.color)))
            });
            painter.rect(r, *radius as f32, fill, stroke, StrokeKind::Middle);
        }
        Shape::Line { from, to, stroke } => {
            line(painter, [at(origin, *from), at(origin, *to)], stroke);
        }
        Shape::Circle { centre, r, fill } => {
            painter.circle_filled(at(origin, *centre), *r as f32, rgb(pal.ink(*fill)));
        }
    }
}

/// A line in a stroke's colour, width and dash pattern (the exports'
/// patterns: dashes 4.5 and gaps 2.8 widths, round dots 3.3 widths apart).
pub fn line(painter: &Painter, pts: [Pos2; 2], s: &Stroke) {
    let w = s.width as f32;
    let color = ink(painter, s.color);
    let stroke = egui::Stroke::new(w, color);
    match s.style {
        LineStyle::Solid => {
            painter.line_segment(pts, stroke);
        }
        LineStyle::Dashed => {
            painter.extend(EShape::dashed_line(&pts, stroke, 4.5 * w, 2.8 * w));
        }
        LineStyle::Dotted => {
            let r = (w * 0.6).max(0.6);
            painter.extend(EShape::dotted_line(&pts, color, 3.3 * w, r));
        }
    }
}

/// A text with its baseline anchor at (x, y), rotated about it, over a
/// white halo where it asks for one; bold drawn twice, half a pixel apart
/// (the window has one weight of the font).
pub fn paint_text(painter: &Painter, origin: Pos2, t: &Text) {
    if t.text.is_empty() {
        return;
    }
    let font = FontId::proportional(t.size as f32);
    let color = ink(painter, t.color);
    let galley = painter.layout_no_wrap(t.text.clone(), font.clone(), color);
    let baseline = galley
        .rows
        .first()
        .and_then(|r| r.row.glyphs.first().map(|g| r.pos.y + g.pos.y))
        .unwrap_or(galley.size().y * 0.8);
    let frac = match t.anchor {
        Anchor::Start => 0.0,
        Anchor::Middle => 0.5,
        Anchor::End => 1.0,
    };
    let angle = t.rotate.to_radians() as f32;
    let (s, c) = angle.sin_cos();
    let d = Vec2::new(-frac * galley.size().x, -baseline);
    let corner = at(origin, [t.x, t.y]) + Vec2::new(d.x * c - d.y * s, d.x * s + d.y * c);
    if t.halo {
        let halo = paper(painter).gamma_multiply(0.85);
        let white = painter.layout_no_wrap(t.text.clone(), font, halo);
        let h = (t.size * 0.13).max(1.0) as f32;
        for (dx, dy) in [
            (1., 0.),
            (-1., 0.),
            (0., 1.),
            (0., -1.),
            (0.7, 0.7),
            (-0.7, 0.7),
            (0.7, -0.7),
            (-0.7, -0.7),
        ] {
            let shape = egui::epaint::TextShape::new(
                corner + Vec2::new(dx * h, dy * h),
                white.clone(),
                halo,
            );
            painter.add(shape.with_angle(angle));
        }
    }
    if t.bold {
        let shape =
            egui::epaint::TextShape::new(corner + Vec2::new(0.5, 0.0), galley.clone(), color);
        painter.add(shape.with_angle(angle));
    }
    let shape = egui::epaint::TextShape::new(corner, galley, color);
    painter.add(shape.with_angle(angle));
}

/// A marker symbol of the layout (`side::symbol_outline`, a circle for
/// p-DP) in its kind's colour with a black outline, as the exports draw it.
pub fn paint_symbol(painter: &Painter, origin: Pos2, s: &Symbol) {
    let fill = rgb(s.kind.color());
    let stroke = egui::Stroke::new((s.r * 0.22).max(0.8) as f32, ink(painter, [0, 0, 0]));
    match symbol_outline(s) {
        Some(pts) => {
            let pts = pts.into_iter().map(|p| at(origin, p)).collect();
            painter.add(EShape::convex_polygon(pts, fill, stroke));
        }
        None => {
            painter.circle(at(origin, s.at), s.r as f32, fill, stroke);
        }
    }
}

/// The viridis gradient of a colour bar in `bar` (upright: bottom 0, top
/// 1; across, where wider than tall: left 0, right 1), as the exports'
/// gradient.
pub fn paint_gradient(painter: &Painter, origin: Pos2, bar: Rect) {
    let steps = 64;
    let [x0, y0, x1, y1] = bar.map(|v| v as f32);
    let across = x1 - x0 > y1 - y0;
    for i in 0..steps {
        let t = (i as f64 + 0.5) / steps as f64;
        let (a, b) = (i as f32 / steps as f32, (i + 1) as f32 / steps as f32);
        // Low values at the bottom of an upright bar, at the left of one
        // lying across; each slice overlaps the next by half a pixel.
        let r = if across {
            let (l, r) = (x0 + (x1 - x0) * a, x0 + (x1 - x0) * b);
            egui::Rect::from_min_max(origin + Vec2::new(l, y0), origin + Vec2::new(r + 0.5, y1))
        } else {
            let (top, bottom) = (y1 - (y1 - y0) * b, y1 - (y1 - y0) * a);
            egui::Rect::from_min_max(
                origin + Vec2::new(x0, top - 0.5),
                origin + Vec2::new(x1, bottom),
            )
        };
        painter.rect_filled(r, 0.0, rgb(hetscope_figure::color::map(t)));
    }
}

/// A figure's canvas as this frame shows it: where it is on screen and
/// each text with its anchor on the canvas (kept in egui's memory, where a
/// test compares it with the export of the same size).
#[derive(Clone, Debug, PartialEq)]
pub struct ShownScene {
    pub canvas: egui::Rect,
    pub texts: Vec<(String, [f64; 2])>,
}

/// Where this frame's [`ShownScene`]s are kept, in drawing order.
pub fn shown_scenes_id() -> egui::Id {
    egui::Id::unique("hetscope_shown_scenes")
}

/// Note that `scene` is shown on `canvas` this frame.
pub fn remember_scene(ctx: &egui::Context, canvas: egui::Rect, scene: &Scene) {
    let frame = ctx.cumulative_pass_nr();
    let texts = scene
        .texts()
        .map(|t| (t.text.clone(), [t.x, t.y]))
        .collect();
    ctx.data_mut(|d| {
        let shown = d.get_temp_mut_or_default::<(u64, Vec<ShownScene>)>(shown_scenes_id());
        if shown.0 != frame {
            *shown = (frame, Vec::new());
        }
        shown.1.push(ShownScene { canvas, texts });
    });
}

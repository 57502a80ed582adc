//! Surface layout: for a figure, a camera and a pixel size, the title, the
//! projected surface in its canvas (`SurfaceFigure::project_scaled`: the
//! axes, the triangles and markers far to near, the labels), the colour
//! bar, the markers' legend, the view and the floor's key. The exporter
//! and the window draw the same projection and the same scene.

use super::scene::{Anchor, Rect, Scene, Text, TextRole, header, scale_of};
use super::side::{Symbol, color_bar, marker_legend, marker_legend_rows};
use crate::perdome::MarkerKind;
use crate::perdome::surface::{
    Anchor as SurfaceAnchor, FLOOR_EMPTY, FLOOR_VALID, MARKER_TEXT, Prim,
};
use crate::text::text_width;
use crate::{Camera, Projected, SurfaceFigure};

/// A surface placed on a canvas.
#[derive(Clone, Debug, PartialEq)]
pub struct SurfaceLayout {
    /// Header, colour bar and legend texts, the view and the floor's key.
    pub scene: Scene,
    /// The projection, in canvas pixels.
    pub projected: Projected,
    /// Where the colour bar's gradient goes.
    pub color_bar: Rect,
    /// The legend's symbols.
    pub legend: Vec<Symbol>,
    /// The floor key's swatches and their fill.
    pub floor: Vec<(Rect, [u8; 3])>,
    pub k: f64,
}

/// The floor's colours and what they mean (those of the projection).
const FLOOR: [([u8; 4], &str); 2] = [
    (FLOOR_EMPTY, "floor: no such partition (Lemma 2)"),
    (
        FLOOR_VALID,
        "floor: valid partitions; purple lines: I_C = 0 and I_G = 0",
    ),
];

/// The widest line of the view the side column writes.
const VIEW_SAMPLE: &str = "view: yaw -180°, pitch 90°, zoom 1.00";

/// Lay out `fig` seen by `camera` on a canvas `width` x `height` px.
pub fn layout(fig: &SurfaceFigure, camera: &Camera, width: f64, height: f64) -> SurfaceLayout {
    let k = scale_of(width, height);
    let mut scene = Scene::new(width, height);
    header(&mut scene, &fig.title, &fig.subtitle, k);
    let (tall, narrow, [left, top, w, h]) = figure_box(width, height, k);
    // Text grows with the canvas so labels stay legible on large images.
    let text_k = k.max(1.0) as f32;
    let rect = [left as f32, top as f32, w as f32, h as f32];
    let projected = fig.project_scaled(camera, rect, text_k);
    projection_texts(&mut scene, &projected);
    let cx = left + w + 34.0 * k;
    let bar_h = (h * 0.5).max(40.0 * k);
    let bar = if tall {
        let y = top + h + 16.0 * k;
        [left + 0.15 * w, y, left + 0.85 * w, y + 14.0 * k]
    } else {
        [cx, top, cx + 18.0 * k, top + bar_h]
    };
    let under_bar = color_bar(&mut scene, &fig.color, bar, k);
    let kinds = drawn_kinds(&projected);
    let (legend, view_at) = if narrow {
        let below = if tall { under_bar } else { top + h };
        let (symbols, last) = marker_legend_rows(
            &mut scene,
            &kinds,
            [left, below + 22.0 * k],
            width - 2.0 * left,
            k,
        );
        (symbols, [left, last + 18.0 * k])
    } else {
        let (symbols, below) = marker_legend(&mut scene, &kinds, cx, top + bar_h + 36.0 * k, k);
        (symbols, [cx, below + 10.0 * k])
    };
    let cam = camera.clamped();
    let view = format!(
        "view: yaw {:.0}°, pitch {:.0}°, zoom {:.2}",
        cam.yaw_deg, cam.pitch_deg, cam.zoom
    );
    let t = Text::new(
        view_at[0],
        view_at[1],
        crate::layout::scene::font(11.0 * k),
        Anchor::Start,
        TextRole::Note,
        &view,
    );
    scene.text(t.color([0x66; 3]));
    // On a tall canvas the floor's key follows the view line (the bottom
    // would leave a gap as tall as the figure's slack); else at the bottom.
    let floor_y = if tall {
        (view_at[1] + 44.0 * k).min(height - 14.0 * k)
    } else {
        height - 14.0 * k
    };
    let floor = floor_key(&mut scene, left, floor_y, k);
    SurfaceLayout {
        scene,
        projected,
        color_bar: bar,
        legend,
        floor,
        k,
    }
}

/// Where the figure goes on a canvas `width` x `height` at scale `k`:
/// whether the canvas is tall, whether narrow, and the figure's box (x,
/// y, w, h). A canvas taller than wide (a platform's half of a pair) puts
/// the colour bar across under the figure and the markers' legend in rows
/// under that, so that the figure has the whole width; a narrow one keeps
/// only the colour bar beside the figure, the legend in rows.
fn figure_box(width: f64, height: f64, k: f64) -> (bool, bool, [f64; 4]) {
    let tall = height > width;
    let narrow = tall || width < 720.0 * k;
    let (left, top) = (20.0 * k, 70.0 * k);
    let (right, bottom) = match (tall, narrow) {
        (true, _) => (20.0 * k, 200.0 * k),
        (false, true) => (130.0 * k, 130.0 * k),
        (false, false) => (
            (215.0 * k).max(34.0 * k + super::side::side_column_width(k, VIEW_SAMPLE)),
            44.0 * k,
        ),
    };
    let w = (width - left - right).max(20.0);
    // On a tall canvas the box is no taller than the figure needs at any
    // turn (the scene is wider than tall but seen from above), so that
    // the colour bar sits under it at a place that does not move while
    // the surface turns.
    let room = (height - top - bottom).max(20.0);
    let h = if tall { room.min(w * 0.85) } else { room };
    (tall, narrow, [left, top, w, h])
}

/// The projection's texts (axes' ticks and titles, marker labels) into the
/// scene, so that window and file write them alike: marker labels over a
/// white halo. The painters draw the projection's other primitives and
/// leave its texts to the scene.
fn projection_texts(scene: &mut Scene, p: &Projected) {
    for prim in &p.prims {
        let Prim::Text {
            pos,
            text,
            size,
            color,
            anchor,
        } = prim
        else {
            continue;
        };
        let anchor = match anchor {
            SurfaceAnchor::Start => Anchor::Start,
            SurfaceAnchor::Middle => Anchor::Middle,
            SurfaceAnchor::End => Anchor::End,
        };
        let label = *color == MARKER_TEXT;
        let role = if label {
            TextRole::Label
        } else {
            TextRole::Tick
        };
        let t = Text::new(
            pos[0] as f64,
            pos[1] as f64,
            *size as f64,
            anchor,
            role,
            text,
        );
        scene.text(if label {
            t.halo()
        } else {
            t.color([color[0], color[1], color[2]])
        });
    }
}

/// The kinds of the marker symbols the projection drew, in order.
fn drawn_kinds(p: &Projected) -> Vec<MarkerKind> {
    let mut kinds = Vec::new();
    for prim in &p.prims {
        if let Prim::Dot { kind, .. } = prim
            && !kinds.contains(kind)
        {
            kinds.push(*kind);
        }
    }
    kinds
}

/// What the floor's colours mean, from (x0, y) along the bottom: side by
/// side where they fit, else the second on a line above the first.
fn floor_key(scene: &mut Scene, x0: f64, y: f64, k: f64) -> Vec<(Rect, [u8; 3])> {
    let size = crate::layout::scene::font(12.0 * k);
    let (mut x, mut y) = (x0, y);
    let mut out = Vec::new();
    for (i, (fill, text)) in FLOOR.into_iter().enumerate() {
        if i > 0 && x + 28.0 * k + text_width(text, size) > scene.width - 4.0 * k {
            (x, y) = (x0, y - size * 1.6);
        }
        out.push((
            [x, y - size * 0.9, x + 22.0 * k, y + size * 0.2],
            [fill[0], fill[1], fill[2]],
        ));
        scene.text(Text::new(
            x + 28.0 * k,
            y,
            size,
            Anchor::Start,
            TextRole::Note,
            text,
        ));
        x += 28.0 * k + text_width(text, size) + 30.0 * k;
    }
    out
}

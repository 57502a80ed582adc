//! SVG export: one layout per kind of figure.

use super::ExportSize;
use super::svg_util::Svg;
use hetscope_figure::layout::scene::Scene;
use hetscope_figure::{Camera, Figure};

/// The figure as an SVG document of `size` pixels.
///
/// Heat maps embed their grid as one PNG image (drawn pixelated); surfaces
/// are vector polygons; text is real text in the `sans-serif` family.
pub fn render_svg(fig: &Figure, size: ExportSize, camera: &Camera) -> String {
    let mut svg = Svg::new(size.width, size.height);
    match fig {
        Figure::Pair(p) => {
            // Each half is a figure of its own, nested at its offset.
            let half = size.width / 2;
            for (x, f, side) in [(0, &p.left, "left-"), (half, &p.right, "right-")] {
                let inner = render_svg(
                    f,
                    ExportSize {
                        width: half,
                        ..size
                    },
                    camera,
                );
                svg.raw(&nested(&inner, x, side));
            }
        }
        other => draw_one(&mut svg, other, camera),
    }
    svg.finish()
}

/// Every text the SVG of `fig` writes, where it places it (a pair's right
/// half moved by its offset), with the canvas' size: the texts the layout
/// audit checks, for every kind of figure.
pub fn placed_texts(fig: &Figure, size: ExportSize, camera: &Camera) -> Scene {
    let mut scene = Scene::new(size.width as f64, size.height as f64);
    match fig {
        Figure::Pair(p) => {
            let half = size.width / 2;
            for (x, f) in [(0, &p.left), (half, &p.right)] {
                let inner = ExportSize {
                    width: half,
                    ..size
                };
                for mut t in placed_texts(f, inner, camera).texts().cloned() {
                    t.x += x as f64;
                    scene.text(t);
                }
            }
        }
        _ => {
            let mut svg = Svg::new(size.width, size.height);
            draw_one(&mut svg, fig, camera);
            for t in svg.texts {
                scene.text(t);
            }
        }
    }
    scene
}

/// A figure that is not a pair, into `svg`.
fn draw_one(svg: &mut Svg, fig: &Figure, camera: &Camera) {
    match fig {
        Figure::Heatmap(h) => super::perdome::heatmap::draw(svg, h),
        Figure::Surface(s) => super::perdome::surface::draw(svg, s, camera),
        // The comparison is a bar chart, laid out as every chart is.
        Figure::Compare(c) => super::chart::draw(svg, &c.chart()),
        Figure::Chart(c) => super::chart::draw(svg, c),
        Figure::Pair(_) => {}
    }
}

/// A whole SVG document as an element placed `x` pixels from the left
/// (its XML declaration dropped), its ids and the references to them
/// prefixed with `side`: ids are global to the whole document, so the two
/// halves' clip paths and gradients would otherwise clash (the second
/// definition of an id is ignored and the left half's bars were clipped
/// by the right half's plot area). Texts are escaped (`"` as `&quot;`),
/// so no text holds `id="` or `url(#`.
fn nested(doc: &str, x: u32, side: &str) -> String {
    let body = doc.split_once("?>\n").map_or(doc, |(_, rest)| rest);
    body.replacen("<svg ", &format!("<svg x=\"{x}\" y=\"0\" "), 1)
        .replace(" id=\"", &format!(" id=\"{side}"))
        .replace("url(#", &format!("url(#{side}"))
}

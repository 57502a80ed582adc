//! Charts as SVG: the layout of the figure at the export's size
//! ([`hetscope_figure::layout::chart`], the same the window paints), each
//! plot's grid and data drawn into the place the layout gave it, then the
//! layout's texts and marks.
//!
//! - `data.rs`: grid, bars with their whiskers, reference lines, markers;
//! - `lines.rs`: line series and dots, dash patterns.

mod data;
mod lines;

use crate::scene_svg::write_scene;
use crate::svg_util::Svg;
use hetscope_figure::ChartFigure;
use hetscope_figure::layout::chart::layout;

pub fn draw(svg: &mut Svg, fig: &ChartFigure) {
    let lay = layout(fig, svg.width, svg.height);
    for (i, (p, pl)) in fig.panels.iter().zip(&lay.panels).enumerate() {
        data::grid(svg, p, pl, lay.k);
        data::data(svg, p, pl, lay.k, i);
    }
    write_scene(svg, &lay.scene);
}

//! Chart layout (placeholder).

use super::svg_util::Svg;
use crate::figure::ChartFigure;

pub fn draw(svg: &mut Svg, fig: &ChartFigure) {
    svg.header(&fig.title, &fig.subtitle);
}

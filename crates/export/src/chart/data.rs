//! A plot's grid and data in SVG: light grid lines at the layout's ticks,
//! then bars with their whiskers, reference lines, series and markers,
//! clipped to the plot.

use std::fmt::Write;

use super::lines::{ref_line, series};
use crate::svg_util::{Svg, f};
use hetscope_figure::chart::{Bar, ChartPanel, Scale};
use hetscope_figure::color::hex;
use hetscope_figure::layout::chart::{Frame, PanelLayout, bar_rects};

/// Light grid lines at the ticks (major darker), and the zero line of a
/// linear y axis that crosses 0.
pub(super) fn grid(svg: &mut Svg, p: &ChartPanel, pl: &PanelLayout, k: f64) {
    let fr = pl.frame(p);
    let [x0, y0, x1, y1] = fr.plot;
    let mut grid = String::new();
    let ink = |major: bool| if major { "#e2e2e2" } else { "#efefef" };
    for t in &pl.x_ticks {
        let x = fr.px(t.pos);
        let _ = writeln!(
            grid,
            r#"<line x1="{0}" y1="{1}" x2="{0}" y2="{2}" stroke="{c}" stroke-width="{3}"/>"#,
            f(x),
            f(y0),
            f(y1),
            f(0.8 * k),
            c = ink(t.major)
        );
    }
    for t in &pl.y_ticks {
        let y = fr.py(t.pos);
        let _ = writeln!(
            grid,
            r#"<line x1="{1}" y1="{0}" x2="{2}" y2="{0}" stroke="{c}" stroke-width="{3}"/>"#,
            f(y),
            f(x0),
            f(x1),
            f(0.8 * k),
            c = ink(t.major)
        );
    }
    svg.raw(&grid);
    let py = &p.y;
    if !p.horizontal && py.scale == Scale::Linear && py.lo < 0.0 && py.hi > 0.0 {
        let y = fr.py(0.0);
        svg.line(x0, y, x1, y, "#9a9a9a", 0.9 * k);
    }
}

/// The data clipped to the plot area (clip path `chart-clip-{index}`):
/// bars with their whiskers, reference lines, series and markers.
pub(super) fn data(svg: &mut Svg, p: &ChartPanel, pl: &PanelLayout, k: f64, index: usize) {
    let fr = pl.frame(p);
    let [x0, y0, x1, y1] = fr.plot;
    let clip = format!("chart-clip-{index}");
    let _ = writeln!(
        svg.buf,
        r#"<defs><clipPath id="{clip}"><rect x="{}" y="{}" width="{}" height="{}"/></clipPath></defs>"#,
        f(x0),
        f(y0),
        f((x1 - x0).max(0.0)),
        f((y1 - y0).max(0.0))
    );
    let _ = writeln!(svg.buf, r#"<g clip-path="url(#{clip})">"#);
    let rects = bar_rects(p, &fr);
    for (r, si, _) in &rects {
        let fill = hex(p.bars[*si].color);
        let (w, h) = (r[2] - r[0], r[3] - r[1]);
        svg.rect(r[0], r[1], w, h, &fill, Some(("#ffffff", 0.6 * k)));
    }
    for (r, si, bi) in &rects {
        whisker(svg, p, &fr, r, &p.bars[*si].bars[*bi], k);
    }
    for r in &p.ref_lines {
        ref_line(svg, p, &fr, r, k);
    }
    for s in &p.series {
        series(svg, p, &fr, s, k);
    }
    for mk in &p.markers {
        let Some((x, y)) = fr.marker_at(p, mk) else {
            continue;
        };
        let _ = writeln!(
            svg.buf,
            r##"<circle cx="{}" cy="{}" r="{}" fill="{}" stroke="#000000" stroke-width="{}"/>"##,
            f(x),
            f(y),
            f(pl.marker_r),
            hex(mk.color),
            f(0.9 * k)
        );
    }
    svg.raw("</g>\n");
}

/// The range of bar `b` (drawn at `r`) as a whisker with caps.
fn whisker(svg: &mut Svg, p: &ChartPanel, fr: &Frame, r: &[f64; 4], b: &Bar, k: f64) {
    let Some((lo, hi)) = b.range else { return };
    let (_, val) = p.category_and_value_axes();
    let (Some(a), Some(c)) = (val.pos(lo), val.pos(hi)) else {
        return;
    };
    let d = if p.horizontal {
        // Along x, its caps upright.
        let (xa, xb) = (fr.px(a), fr.px(c));
        let cy = (r[1] + r[3]) / 2.0;
        let cap = ((r[3] - r[1]) * 0.35).min(9.0 * k);
        let (t, bt) = (f(cy - cap), f(cy + cap));
        format!(
            "M{},{}H{}M{},{t}V{bt}M{},{t}V{bt}",
            f(xa),
            f(cy),
            f(xb),
            f(xa),
            f(xb)
        )
    } else {
        let (ya, yb) = (fr.py(a), fr.py(c));
        let cx = (r[0] + r[2]) / 2.0;
        let cap = ((r[2] - r[0]) * 0.35).min(9.0 * k);
        let (l, rr) = (f(cx - cap), f(cx + cap));
        format!(
            "M{},{}V{}M{l},{}H{rr}M{l},{}H{rr}",
            f(cx),
            f(ya),
            f(yb),
            f(ya),
            f(yb),
        )
    };
    let _ = writeln!(
        svg.buf,
        r##"<path d="{d}" fill="none" stroke="#222222" stroke-width="{}"/>"##,
        f(1.3 * k)
    );
}

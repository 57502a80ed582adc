//! One chart panel: title, grid, the data clipped to the plot, frame and
//! ticks, axis titles, then the labels, legend and notes.

use std::fmt::Write;

use super::axes::{axis_ticks, category_labels, tick_labels_x, y_tick_labels};
use super::bars::{bar_rects, value_labels};
use super::geom::Frame;
use super::labels::{Taken, marker_label, ref_label};
use super::legend::{LegendPlace, legend_below, legend_box, legend_entries};
use super::lines::{dot_radius, line_segments, ref_line, series};
use super::{Metrics, Style};
use crate::export::svg_util::{Align, INK, Svg, f};
use crate::figure::chart::{ChartPanel, Scale};
use crate::figure::color::hex;

#[allow(clippy::too_many_arguments)]
pub(super) fn draw_panel(
    svg: &mut Svg,
    st: &Style,
    p: &ChartPanel,
    fr: &Frame,
    m: &Metrics,
    place: LegendPlace,
    index: usize,
    panel_x: f64,
) {
    let k = st.k;
    let [x0, y0, x1, y1] = fr.plot;
    if !p.title.trim().is_empty() {
        svg.text_ex(
            panel_x,
            y0 - 14.0 * k,
            st.panel_title,
            Align::Start,
            "#111111",
            &p.title,
            r#"font-weight="bold""#,
            0.0,
        );
    }
    let x_ticks = if p.categories.is_empty() {
        axis_ticks(&p.x)
    } else {
        Vec::new()
    };
    let y_ticks = axis_ticks(&p.y);

    // Grid.
    let mut grid = String::new();
    for (pos, _, major) in &x_ticks {
        let x = fr.px(*pos);
        let c = if *major { "#e2e2e2" } else { "#efefef" };
        let _ = writeln!(
            grid,
            r#"<line x1="{0}" y1="{1}" x2="{0}" y2="{2}" stroke="{c}" stroke-width="{3}"/>"#,
            f(x),
            f(y0),
            f(y1),
            f(0.8 * k)
        );
    }
    for (pos, _, major) in &y_ticks {
        let y = fr.py(*pos);
        let c = if *major { "#e2e2e2" } else { "#efefef" };
        let _ = writeln!(
            grid,
            r#"<line x1="{1}" y1="{0}" x2="{2}" y2="{0}" stroke="{c}" stroke-width="{3}"/>"#,
            f(y),
            f(x0),
            f(x1),
            f(0.8 * k)
        );
    }
    svg.raw(&grid);
    if p.y.scale == Scale::Linear && p.y.lo < 0.0 && p.y.hi > 0.0 {
        let y = fr.py(0.0);
        svg.line(x0, y, x1, y, "#9a9a9a", 0.9 * k);
    }

    // Data, clipped to the plot area.
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
    let rects = bar_rects(p, fr);
    for (r, si, _) in &rects {
        let set = &p.bars[*si];
        let fill = hex(set.color);
        svg.rect(
            r[0],
            r[1],
            r[2] - r[0],
            r[3] - r[1],
            &fill,
            Some(("#ffffff", 0.6 * k)),
        );
    }
    for (r, si, bi) in &rects {
        let b = &p.bars[*si].bars[*bi];
        let Some((lo, hi)) = b.range else { continue };
        let (Some(a), Some(c)) = (p.y.pos(lo), p.y.pos(hi)) else {
            continue;
        };
        let (ya, yb) = (fr.py(a), fr.py(c));
        let cx = (r[0] + r[2]) / 2.0;
        let cap = ((r[2] - r[0]) * 0.35).min(9.0 * k);
        let mut d = String::new();
        let _ = write!(
            d,
            "M{},{}V{}M{},{}H{}M{},{}H{}",
            f(cx),
            f(ya),
            f(yb),
            f(cx - cap),
            f(ya),
            f(cx + cap),
            f(cx - cap),
            f(yb),
            f(cx + cap)
        );
        let _ = writeln!(
            svg.buf,
            r##"<path d="{d}" fill="none" stroke="#222222" stroke-width="{}"/>"##,
            f(1.3 * k)
        );
    }
    for r in &p.ref_lines {
        ref_line(svg, p, fr, r, k);
    }
    for s in &p.series {
        series(svg, p, fr, s, k);
    }
    let r_marker = 5.5 * k;
    for mk in &p.markers {
        if let Some((x, y)) = fr
            .point(p, mk.x, mk.y)
            .filter(|(x, y)| fr.inside(*x, *y, 1.0))
        {
            let _ = writeln!(
                svg.buf,
                r##"<circle cx="{}" cy="{}" r="{}" fill="{}" stroke="#000000" stroke-width="{}"/>"##,
                f(x),
                f(y),
                f(r_marker),
                hex(mk.color),
                f(0.9 * k)
            );
        }
    }
    svg.raw("</g>\n");

    // Frame and ticks.
    svg.rect(x0, y0, x1 - x0, y1 - y0, "none", Some((INK, 0.9 * k)));
    tick_labels_x(svg, st, &x_ticks, fr);
    for (pos, _, _) in &y_ticks {
        let y = fr.py(*pos);
        svg.line(x0 - 4.0 * k, y, x0, y, INK, 0.9 * k);
    }
    y_tick_labels(svg, st, &y_ticks, fr);
    if !p.categories.is_empty() {
        category_labels(svg, st, p, fr, m.cat_rotate);
    }
    let x_title = p.x.title();
    let mut below_y = y1 + m.x_ticks_h;
    if !x_title.trim().is_empty() {
        svg.text(
            (x0 + x1) / 2.0,
            below_y + st.axis_title,
            st.axis_title,
            Align::Middle,
            "#111111",
            &x_title,
        );
        below_y += m.x_title_h;
    }
    let y_title = p.y.title();
    if !y_title.trim().is_empty() {
        svg.text_ex(
            panel_x + st.axis_title,
            (y0 + y1) / 2.0,
            st.axis_title,
            Align::Middle,
            "#111111",
            &y_title,
            "",
            -90.0,
        );
    }

    // Labels inside the plot: legend first, then markers, then the values
    // and the reference lines, each avoiding the earlier ones.
    let mut taken = Taken {
        boxes: Vec::new(),
        areas: rects.iter().map(|r| r.0).collect(),
        segments: line_segments(p, fr),
        bounds: [x0 + 2.0 * k, y0 + 2.0 * k, x1 - 2.0 * k, y1 - 2.0 * k],
    };
    let entries = legend_entries(p);
    if let LegendPlace::Inside(b) = place {
        taken.boxes.push(b);
    }
    for s in p.series.iter().filter(|s| s.points_only) {
        let r = dot_radius(s, k);
        for (x, y) in s.points.iter().filter_map(|pt| fr.point(p, pt[0], pt[1])) {
            taken.areas.push([x - r, y - r, x + r, y + r]);
        }
    }
    let mut spots = Vec::new();
    for mk in &p.markers {
        if let Some((x, y)) = fr
            .point(p, mk.x, mk.y)
            .filter(|(x, y)| fr.inside(*x, *y, 1.0))
        {
            taken
                .boxes
                .push([x - r_marker, y - r_marker, x + r_marker, y + r_marker]);
            spots.push((x, y, mk));
        }
    }
    for (x, y, mk) in &spots {
        marker_label(svg, st, &mut taken, *x, *y, r_marker, mk);
    }
    value_labels(svg, st, p, fr, &rects, &mut taken);
    for r in &p.ref_lines {
        ref_label(svg, st, p, fr, r, &mut taken);
    }
    match place {
        LegendPlace::Inside(b) => legend_box(svg, st, &entries, b),
        LegendPlace::Below => {
            below_y = legend_below(
                svg,
                st,
                &entries,
                &m.legend_rows,
                panel_x,
                below_y + 4.0 * k,
            );
        }
        LegendPlace::None => {}
    }
    let mut ny = below_y + 6.0 * k + st.note;
    for line in &m.notes {
        svg.text(panel_x, ny, st.note, Align::Start, "#444444", line);
        ny += st.line_h();
    }
}

//! One chart panel: title, grid, the data clipped to the plot, frame and
//! ticks, axis titles, then the labels, legend and notes.

use std::fmt::Write;

use super::axes::{axis_ticks, category_labels, tick_labels_x, y_tick_labels};
use super::bars::{bar_rects, value_labels};
use super::geom::{Frame, Rect};
use super::labels::{Taken, marker_label, ref_label};
use super::legend::{LegendPlace, legend_below, legend_box, legend_entries};
use super::lines::{dot_radius, line_segments, ref_line, series};
use super::style::{Metrics, Style};
use crate::svg_util::{Align, INK, Svg, f};
use hetscope_figure::chart::{Bar, ChartPanel, PointMarker, Scale};
use hetscope_figure::color::hex;

/// Draw one panel: title, grid, the data clipped to the plot, frame and
/// ticks, axis titles, then the labels, legend and notes.
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
    let x_ticks = if p.categories.is_empty() {
        axis_ticks(&p.x)
    } else {
        Vec::new()
    };
    let d = PanelDraw {
        st,
        p,
        fr,
        m,
        panel_x,
        k: st.k,
        x_ticks,
        y_ticks: axis_ticks(&p.y),
    };
    d.title(svg);
    d.grid(svg);
    let rects = d.data(svg, index);
    let below_y = d.frame_and_axes(svg);
    d.labels(svg, &rects, place, below_y);
}

/// A tick: position on the axis, label, major.
type Tick = (f64, String, bool);

/// One panel being drawn, with its style, frame and ticks.
struct PanelDraw<'a> {
    st: &'a Style,
    p: &'a ChartPanel,
    fr: &'a Frame,
    m: &'a Metrics,
    /// Left edge of the panel.
    panel_x: f64,
    /// The export's scale.
    k: f64,
    /// No x ticks on a category axis.
    x_ticks: Vec<Tick>,
    y_ticks: Vec<Tick>,
}

impl PanelDraw<'_> {
    /// Radius of a marker's circle.
    fn marker_r(&self) -> f64 {
        5.5 * self.k
    }

    /// The panel's title in bold above the plot.
    fn title(&self, svg: &mut Svg) {
        let p = self.p;
        if !p.title.trim().is_empty() {
            svg.text_ex(
                self.panel_x,
                self.fr.plot[1] - 14.0 * self.k,
                self.st.panel_title,
                Align::Start,
                "#111111",
                &p.title,
                r#"font-weight="bold""#,
                0.0,
            );
        }
    }

    /// Light grid lines at the ticks (major darker), and the zero line
    /// of a linear y axis that crosses 0.
    fn grid(&self, svg: &mut Svg) {
        let (fr, k) = (self.fr, self.k);
        let [x0, y0, x1, y1] = fr.plot;
        let mut grid = String::new();
        for (pos, _, major) in &self.x_ticks {
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
        for (pos, _, major) in &self.y_ticks {
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
        let py = &self.p.y;
        if py.scale == Scale::Linear && py.lo < 0.0 && py.hi > 0.0 {
            let y = fr.py(0.0);
            svg.line(x0, y, x1, y, "#9a9a9a", 0.9 * k);
        }
    }

    /// The data clipped to the plot area (clip path `chart-clip-{index}`):
    /// bars with their whiskers, reference lines, series and markers.
    /// Returns the bar rectangles with their set and bar indices.
    fn data(&self, svg: &mut Svg, index: usize) -> Vec<(Rect, usize, usize)> {
        let (p, fr, k) = (self.p, self.fr, self.k);
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
            self.whisker(svg, r, &p.bars[*si].bars[*bi]);
        }
        for r in &p.ref_lines {
            ref_line(svg, p, fr, r, k);
        }
        for s in &p.series {
            series(svg, p, fr, s, k);
        }
        for (x, y, mk) in self.marker_spots() {
            let _ = writeln!(
                svg.buf,
                r##"<circle cx="{}" cy="{}" r="{}" fill="{}" stroke="#000000" stroke-width="{}"/>"##,
                f(x),
                f(y),
                f(self.marker_r()),
                hex(mk.color),
                f(0.9 * k)
            );
        }
        svg.raw("</g>\n");
        rects
    }

    /// The range of bar `b` (drawn at `r`) as a whisker with caps.
    fn whisker(&self, svg: &mut Svg, r: &Rect, b: &Bar) {
        let (p, fr, k) = (self.p, self.fr, self.k);
        let Some((lo, hi)) = b.range else { return };
        let (Some(a), Some(c)) = (p.y.pos(lo), p.y.pos(hi)) else {
            return;
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

    /// The markers inside the plot, at their pixel positions.
    fn marker_spots(&self) -> Vec<(f64, f64, &PointMarker)> {
        let (p, fr) = (self.p, self.fr);
        p.markers
            .iter()
            .filter_map(|mk| {
                fr.point(p, mk.x, mk.y)
                    .filter(|(x, y)| fr.inside(*x, *y, 1.0))
                    .map(|(x, y)| (x, y, mk))
            })
            .collect()
    }

    /// Frame and ticks, tick and category labels, axis titles. Returns
    /// the y under the x axis title, where the legend or notes go.
    fn frame_and_axes(&self, svg: &mut Svg) -> f64 {
        let (st, p, fr, m, k) = (self.st, self.p, self.fr, self.m, self.k);
        let [x0, y0, x1, y1] = fr.plot;
        svg.rect(x0, y0, x1 - x0, y1 - y0, "none", Some((INK, 0.9 * k)));
        tick_labels_x(svg, st, &self.x_ticks, fr);
        for (pos, _, _) in &self.y_ticks {
            let y = fr.py(*pos);
            svg.line(x0 - 4.0 * k, y, x0, y, INK, 0.9 * k);
        }
        y_tick_labels(svg, st, &self.y_ticks, fr);
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
                self.panel_x + st.axis_title,
                (y0 + y1) / 2.0,
                st.axis_title,
                Align::Middle,
                "#111111",
                &y_title,
                "",
                -90.0,
            );
        }
        below_y
    }

    /// Labels inside the plot: legend first, then markers, then the
    /// values and the reference lines, each avoiding the earlier ones;
    /// then a legend under the plot and the notes from `below_y` down.
    fn labels(
        &self,
        svg: &mut Svg,
        rects: &[(Rect, usize, usize)],
        place: LegendPlace,
        below_y: f64,
    ) {
        let (st, p, fr, k) = (self.st, self.p, self.fr, self.k);
        let mut taken = self.taken(rects, place);
        let entries = legend_entries(p);
        let r_marker = self.marker_r();
        let spots = self.marker_spots();
        for (x, y, _) in &spots {
            taken
                .boxes
                .push([x - r_marker, y - r_marker, x + r_marker, y + r_marker]);
        }
        for (x, y, mk) in &spots {
            marker_label(svg, st, &mut taken, *x, *y, r_marker, mk);
        }
        value_labels(svg, st, p, fr, rects, &mut taken);
        for r in &p.ref_lines {
            ref_label(svg, st, p, fr, r, &mut taken);
        }
        let mut below_y = below_y;
        match place {
            LegendPlace::Inside(b) => legend_box(svg, st, &entries, b),
            LegendPlace::Below => {
                below_y = legend_below(
                    svg,
                    st,
                    &entries,
                    &self.m.legend_rows,
                    self.panel_x,
                    below_y + 4.0 * k,
                );
            }
            LegendPlace::None => {}
        }
        let mut ny = below_y + 6.0 * k + st.note;
        for line in &self.m.notes {
            svg.text(self.panel_x, ny, st.note, Align::Start, "#444444", line);
            ny += st.line_h();
        }
    }

    /// What the labels must avoid before any is placed: the legend box,
    /// the bars, the dots and the lines.
    fn taken(&self, rects: &[(Rect, usize, usize)], place: LegendPlace) -> Taken {
        let (p, fr, k) = (self.p, self.fr, self.k);
        let [x0, y0, x1, y1] = fr.plot;
        let mut taken = Taken {
            boxes: Vec::new(),
            areas: rects.iter().map(|r| r.0).collect(),
            segments: line_segments(p, fr),
            bounds: [x0 + 2.0 * k, y0 + 2.0 * k, x1 - 2.0 * k, y1 - 2.0 * k],
        };
        if let LegendPlace::Inside(b) = place {
            taken.boxes.push(b);
        }
        for s in p.series.iter().filter(|s| s.points_only) {
            let r = dot_radius(s, k);
            for (x, y) in s.points.iter().filter_map(|pt| fr.point(p, pt[0], pt[1])) {
                taken.areas.push([x - r, y - r, x + r, y + r]);
            }
        }
        taken
    }
}

//! One chart panel's annotations: its title, frame and ticks, tick and
//! category labels, axis titles, then the labels inside the plot, the
//! legend and the notes. The data inside the plot is each painter's.

use super::axes::{
    Tick, axis_ticks, category_labels, category_labels_left, tick_labels_x, y_tick_labels,
};
use super::bars::value_labels;
use super::geom::{
    Frame, Rect, bar_rects, dot_radius, line_segments, ref_segments, whisker_segment,
};
use super::labels::{Taken, marker_label, ref_label};
use super::legend::{LegendPlace, legend_below, legend_box, legend_entries};
use super::style::{Metrics, Style};
use crate::chart::ChartPanel;
use crate::layout::scene::{Anchor, INK, NOTE_INK, Scene, Shape, Stroke, Text, TextRole, fitted};

/// Where a panel's plot is and the ticks its grid is drawn at.
#[derive(Clone, Debug, PartialEq)]
pub struct PanelLayout {
    /// The plot area, px.
    pub plot: Rect,
    /// No x ticks on a category axis.
    pub x_ticks: Vec<Tick>,
    pub y_ticks: Vec<Tick>,
    /// Radius of a marker's dot, px.
    pub marker_r: f64,
    /// The legend's box where it is inside the plot.
    pub legend: Option<Rect>,
}

impl PanelLayout {
    /// The mapping of the panel's data to pixels.
    pub fn frame(&self, p: &ChartPanel) -> Frame {
        Frame::new(self.plot, &p.x, &p.y)
    }
}

/// One panel being laid out, with its style, frame and ticks.
pub(super) struct PanelDraw<'a> {
    pub(super) st: &'a Style,
    pub(super) p: &'a ChartPanel,
    pub(super) fr: &'a Frame,
    pub(super) m: &'a Metrics,
    /// Left edge of the panel.
    pub(super) panel_x: f64,
}

impl PanelDraw<'_> {
    /// The panel's annotations into `sc`; returns where its plot is.
    pub(super) fn annotate(&self, sc: &mut Scene, place: LegendPlace) -> PanelLayout {
        let p = self.p;
        let layout = PanelLayout {
            plot: self.fr.plot,
            x_ticks: if p.names_under() {
                Vec::new()
            } else {
                axis_ticks(&p.x, self.st.powers)
            },
            y_ticks: if p.horizontal {
                Vec::new()
            } else {
                axis_ticks(&p.y, self.st.powers)
            },
            marker_r: 5.5 * self.st.k,
            legend: match place {
                LegendPlace::Inside(b) => Some(b),
                _ => None,
            },
        };
        self.title(sc);
        let below_y = self.frame_and_axes(sc, &layout);
        self.labels(sc, &layout, place, below_y);
        layout
    }

    /// The panel's title in bold above the plot.
    fn title(&self, sc: &mut Scene) {
        let p = self.p;
        if !p.title.trim().is_empty() {
            let y = self.fr.plot[1] - 14.0 * self.st.k;
            let size = self.st.panel_title;
            let t = Text::new(
                self.panel_x,
                y,
                size,
                Anchor::Start,
                TextRole::PanelTitle,
                &p.title,
            );
            sc.text(fitted(t.color([0x11; 3]).bold(), self.m.width));
        }
        if let Some(y_title) = &self.m.y_title_level {
            let y = self.fr.plot[1] - 14.0 * self.st.k;
            let t = Text::new(
                self.panel_x + self.m.width,
                y,
                self.st.axis_title,
                Anchor::End,
                TextRole::AxisTitle,
                y_title,
            );
            sc.text(t.color([0x11; 3]));
        }
    }

    /// Frame and ticks, tick and category labels, axis titles. Returns
    /// the y under the x axis title, where the legend or notes go.
    fn frame_and_axes(&self, sc: &mut Scene, l: &PanelLayout) -> f64 {
        let (st, p, fr, m, k) = (self.st, self.p, self.fr, self.m, self.st.k);
        let [x0, y0, x1, y1] = fr.plot;
        sc.shape(Shape::Rect {
            rect: fr.plot,
            fill: None,
            stroke: Some(Stroke::solid(INK, 0.9 * k)),
            radius: 0.0,
        });
        tick_labels_x(sc, st, &l.x_ticks, fr);
        for t in &l.y_ticks {
            let y = fr.py(t.pos);
            sc.line([x0 - 4.0 * k, y], [x0, y], Stroke::solid(INK, 0.9 * k));
        }
        y_tick_labels(sc, st, &l.y_ticks, fr);
        if p.names_under() {
            category_labels(sc, st, p, fr, &m.names);
        } else if p.horizontal {
            category_labels_left(sc, st, p, fr, m.names_w);
        }
        let x_title = p.x.title();
        let mut below_y = y1 + m.x_ticks_h;
        if !x_title.trim().is_empty() {
            sc.text(
                Text::new(
                    (x0 + x1) / 2.0,
                    below_y + st.axis_title,
                    st.axis_title,
                    Anchor::Middle,
                    TextRole::AxisTitle,
                    &x_title,
                )
                .color([0x11; 3]),
            );
            below_y += m.x_title_h;
        }
        // Each line of the y title centred on the plot, fitted to its
        // height, the first outermost.
        for (i, line) in m.y_title.iter().enumerate() {
            let x = self.panel_x + st.axis_title * (1.0 + 1.2 * i as f64);
            let t = Text::new(
                x,
                (y0 + y1) / 2.0,
                st.axis_title,
                Anchor::Middle,
                TextRole::AxisTitle,
                line,
            );
            sc.text(fitted(t.color([0x11; 3]), y1 - y0).rotated(-90.0));
        }
        below_y
    }

    /// The markers inside the plot at their pixel positions, those on
    /// one spot (within a pixel) sharing one label ("a; b").
    fn marker_spots(&self) -> Vec<(f64, f64, String)> {
        let (p, fr) = (self.p, self.fr);
        let mut out: Vec<(f64, f64, String)> = Vec::new();
        for mk in &p.markers {
            let Some((x, y)) = fr.marker_at(p, mk) else {
                continue;
            };
            let label = mk.label.trim();
            match out
                .iter_mut()
                .find(|o| (o.0 - x).abs() <= 1.0 && (o.1 - y).abs() <= 1.0)
            {
                Some(o) if !label.is_empty() && !o.2.contains(label) => {
                    if !o.2.is_empty() {
                        o.2.push_str("; ");
                    }
                    o.2.push_str(label);
                }
                Some(_) => {}
                None => out.push((x, y, label.to_string())),
            }
        }
        out
    }

    /// Labels inside the plot: legend first, then markers, then the
    /// values and the reference lines, each avoiding the earlier ones;
    /// then a legend under the plot and the notes from `below_y` down.
    fn labels(&self, sc: &mut Scene, l: &PanelLayout, place: LegendPlace, below_y: f64) {
        let (st, p, fr, k) = (self.st, self.p, self.fr, self.st.k);
        let rects = bar_rects(p, fr);
        let mut taken = self.taken(&rects, place);
        let entries = legend_entries(p);
        let r_marker = l.marker_r;
        let spots = self.marker_spots();
        for (x, y, _) in &spots {
            taken
                .boxes
                .push([x - r_marker, y - r_marker, x + r_marker, y + r_marker]);
        }
        let centres: Vec<(f64, f64)> = spots.iter().map(|s| (s.0, s.1)).collect();
        for (x, y, mk) in &spots {
            marker_label(sc, st, &mut taken, (*x, *y, r_marker), &centres, mk);
        }
        value_labels(sc, st, p, fr, &rects, &mut taken);
        for r in &p.ref_lines {
            ref_label(sc, st, p, fr, r, &mut taken);
        }
        let mut below_y = below_y;
        match place {
            LegendPlace::Inside(b) => legend_box(sc, st, &entries, b),
            LegendPlace::Below => {
                below_y = legend_below(
                    sc,
                    st,
                    &entries,
                    &self.m.legend_rows,
                    [self.panel_x, below_y + 4.0 * k],
                    self.m.width,
                );
            }
            LegendPlace::None => {}
        }
        let mut ny = below_y + 6.0 * k + st.note;
        for line in &self.m.notes {
            let t = Text::new(
                self.panel_x,
                ny,
                st.note,
                Anchor::Start,
                TextRole::Note,
                line,
            );
            sc.text(t.color(NOTE_INK));
            ny += st.line_h();
        }
    }

    /// What the labels must avoid before any is placed: the legend box,
    /// the bars, the dots and the lines.
    fn taken(&self, rects: &[(Rect, usize, usize)], place: LegendPlace) -> Taken {
        let (p, fr, k) = (self.p, self.fr, self.st.k);
        let [x0, y0, x1, y1] = fr.plot;
        let mut taken = Taken {
            boxes: Vec::new(),
            areas: rects.iter().map(|r| r.0).collect(),
            // The series' lines and the reference lines ("1x", a
            // crossover): a label avoids being struck through by them.
            segments: line_segments(p, fr)
                .into_iter()
                .chain(ref_segments(p, fr))
                .collect(),
            whiskers: Vec::new(),
            bounds: [x0 + 2.0 * k, y0 + 2.0 * k, x1 - 2.0 * k, y1 - 2.0 * k],
        };
        if let LegendPlace::Inside(b) = place {
            taken.boxes.push(b);
        }
        // Each bar's whisker (its range) is data too.
        taken.whiskers.extend(
            rects
                .iter()
                .filter_map(|(r, si, bi)| whisker_segment(p, fr, r, *si, *bi)),
        );
        for s in p.series.iter().filter(|s| s.points_only) {
            let r = dot_radius(s, k);
            for (x, y) in s.points.iter().filter_map(|pt| fr.point(p, pt[0], pt[1])) {
                taken.areas.push([x - r, y - r, x + r, y + r]);
            }
        }
        taken
    }
}

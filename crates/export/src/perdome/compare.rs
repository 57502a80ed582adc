//! Partition comparison layout: one bar panel per metric side by side,
//! model and measured bars per partition, value labels, notes and
//! footnotes.

use crate::layout::{text_width, tick_step, ticks_from_zero, wrap};
use crate::svg_util::{Align, INK, Svg};
use hetscope_figure::{CompareBar, CompareFigure, ComparePanel};
use hetscope_model::format::{fmt_large, fmt_tick_step};

const MODEL: &str = "#3b528b";
const MEASURED: &str = "#5ec962";

pub fn draw(svg: &mut Svg, fig: &CompareFigure) {
    let k = svg.k;
    svg.header(&fig.title, &fig.subtitle);
    // Legend of the two bar colours, top right.
    let size = 12.0 * k;
    let lx = svg.width - 250.0 * k;
    let any_measured = fig
        .panels
        .iter()
        .flat_map(|p| &p.bars)
        .any(|b| b.measured.is_some());
    let entries: &[(&str, &str)] = if any_measured {
        &[(MODEL, "model"), (MEASURED, "measured")]
    } else {
        &[(MODEL, "model")]
    };
    for (i, (fill, name)) in entries.iter().enumerate() {
        let x = lx + i as f64 * 120.0 * k;
        svg.rect(x, 40.0 * k, 14.0 * k, 14.0 * k, fill, None);
        svg.text(
            x + 20.0 * k,
            40.0 * k + size * 0.95,
            size,
            Align::Start,
            INK,
            name,
        );
    }
    let n = fig.panels.len().max(1) as f64;
    let (margin, gap, top) = (20.0 * k, 40.0 * k, 76.0 * k);
    let pw = (svg.width - 2.0 * margin - gap * (n - 1.0)) / n;
    // Same plot height in every panel: reserve the longest notes.
    let notes: Vec<Vec<String>> = fig
        .panels
        .iter()
        .map(|p| panel_notes(p, 11.0 * k, pw))
        .collect();
    let lines = notes.iter().map(Vec::len).max().unwrap_or(0);
    for (i, (panel, notes)) in fig.panels.iter().zip(&notes).enumerate() {
        let x = margin + i as f64 * (pw + gap);
        let rect = [x, top, pw, svg.height - top - 12.0 * k];
        draw_panel(svg, panel, fig.log_scale, notes, lines, rect);
    }
}

/// Per-bar notes, then the footnote, wrapped to the panel width.
fn panel_notes(p: &ComparePanel, size: f64, w: f64) -> Vec<String> {
    let mut notes: Vec<String> = Vec::new();
    for b in p.bars.iter().filter(|b| !b.note.is_empty()) {
        notes.extend(wrap(&format!("{}: {}", b.label, b.note), size, w));
    }
    notes.extend(wrap(&p.footnote, size, w));
    notes
}

/// One panel inside the rectangle (x, y, w, h), with `lines` lines of
/// notes reserved at the bottom.
fn draw_panel(
    svg: &mut Svg,
    p: &ComparePanel,
    log: bool,
    notes: &[String],
    lines: usize,
    rect: [f64; 4],
) {
    let l = PanelLayout::new(svg.k, p, log, lines, rect);
    l.title_and_axis(svg);
    for (i, b) in p.bars.iter().enumerate() {
        l.bar_group(svg, i, b);
    }
    let [x, y, _, h] = rect;
    let mut ny = y + h - l.notes_h + 8.0 * l.k + l.note_size;
    for line in notes {
        svg.text(x, ny, l.note_size, Align::Start, "#444444", line);
        ny += l.line_h;
    }
}

/// Where the parts of one comparison panel go, and its value scale.
struct PanelLayout<'a> {
    p: &'a ComparePanel,
    k: f64,
    /// The panel's rectangle: left, top.
    x: f64,
    y: f64,
    note_size: f64,
    line_h: f64,
    /// Height reserved for the notes.
    notes_h: f64,
    label_size: f64,
    /// The plot: x from `px0` to `px1`, y from `py0` (top) to `py1`.
    px0: f64,
    px1: f64,
    py0: f64,
    py1: f64,
    /// Width of one partition's group of bars.
    group_w: f64,
    /// Category labels rotated (too long for their group).
    rotate: bool,
    /// Powers of ten on the value axis.
    log: bool,
    /// Value ticks (from zero, or decades), their step, and the value at
    /// the top of a linear axis.
    ticks: Vec<f64>,
    step: f64,
    top_v: f64,
}

impl<'a> PanelLayout<'a> {
    fn new(k: f64, p: &'a ComparePanel, log: bool, lines: usize, rect: [f64; 4]) -> Self {
        let [x, y, w, h] = rect;
        let note_size = 11.0 * k;
        let line_h = note_size * 1.35;
        let notes_h = lines as f64 * line_h + 8.0 * k;
        let label_size = 11.5 * k;
        let n = p.bars.len().max(1) as f64;
        let axis_w = 56.0 * k;
        let (px0, px1) = (x + axis_w, x + w - 4.0 * k);
        let group_w = (px1 - px0) / n;
        let longest = p
            .bars
            .iter()
            .map(|b| text_width(&b.label, label_size))
            .fold(0.0, f64::max);
        let rotate = longest > group_w * 0.95;
        let labels_h = if rotate {
            (longest * 0.6 + label_size).min(140.0 * k)
        } else {
            label_size * 2.0
        };
        let (py0, py1) = (y + 46.0 * k, y + h - notes_h - labels_h - 8.0 * k);
        let vmax = p.max_value();
        let ticks = if log {
            p.log_ticks()
        } else {
            ticks_from_zero(vmax, 5)
        };
        let step = tick_step(&ticks);
        let top_v = ticks
            .last()
            .copied()
            .unwrap_or(1.0)
            .max(vmax)
            .max(f64::MIN_POSITIVE);
        PanelLayout {
            p,
            k,
            x,
            y,
            note_size,
            line_h,
            notes_h,
            label_size,
            px0,
            px1,
            py0,
            py1,
            group_w,
            rotate,
            log,
            ticks,
            step,
            top_v,
        }
    }

    /// The pixel y of value `v`.
    fn vy(&self, v: f64) -> f64 {
        let ph = (self.py1 - self.py0).max(10.0);
        self.py1 - self.p.fraction(v, self.log, self.top_v) * ph
    }

    /// The title, the value ticks with their grid lines, both axes and
    /// the axis title.
    fn title_and_axis(&self, svg: &mut Svg) {
        let (k, p) = (self.k, self.p);
        let (px0, px1, py0, py1) = (self.px0, self.px1, self.py0, self.py1);
        svg.text_ex(
            self.x,
            self.y + 18.0 * k,
            15.0 * k,
            Align::Start,
            "#111111",
            &p.title,
            r#"font-weight="bold""#,
            0.0,
        );
        for t in &self.ticks {
            let ty = self.vy(*t);
            svg.line(px0, ty, px1, ty, "#e3e3e3", 0.8 * k);
            svg.text(
                px0 - 6.0 * k,
                ty + 4.0 * k,
                11.0 * k,
                Align::End,
                INK,
                &if self.log {
                    fmt_large(*t)
                } else {
                    fmt_tick_step(*t, self.step)
                },
            );
        }
        svg.line(px0, py1, px1, py1, INK, 1.0 * k);
        svg.line(px0, py0 - 6.0 * k, px0, py1, INK, 1.0 * k);
        let scale = if self.log { ", log scale" } else { "" };
        let unit = format!("{} ({}{scale})", p.title, p.unit);
        svg.text_ex(
            self.x + 12.0 * k,
            (py0 + py1) / 2.0,
            12.5 * k,
            Align::Middle,
            INK,
            &unit,
            "",
            -90.0,
        );
    }

    /// Slots per group (model, and measured when any bar has it), the
    /// width of one bar and the size of the value labels: they shrink to
    /// the bar width so neighbours never overlap.
    fn bar_sizes(&self) -> (f64, f64, f64) {
        let (k, p) = (self.k, self.p);
        let has_measured = p.bars.iter().any(|b| b.measured.is_some());
        let slots = if has_measured { 2.0 } else { 1.0 };
        let bar_w = (self.group_w * 0.72 / slots).min(90.0 * k);
        let widest = p
            .bars
            .iter()
            .flat_map(|b| [b.model, b.measured])
            .flatten()
            .map(|v| fmt_large(v).chars().count())
            .max()
            .unwrap_or(1) as f64;
        let value_size = (11.0 * k).min(bar_w / (widest * 0.56)).max(6.0 * k);
        (slots, bar_w, value_size)
    }

    /// Partition `i`: its model (and measured) bar with value labels, or
    /// "none" without a model value, and its category label.
    fn bar_group(&self, svg: &mut Svg, i: usize, b: &CompareBar) {
        let (k, py1) = (self.k, self.py1);
        let (slots, bar_w, value_size) = self.bar_sizes();
        let gx = self.px0 + self.group_w * (i as f64 + 0.5);
        let first = gx - bar_w * slots / 2.0;
        let vals = [(b.model, MODEL), (b.measured, MEASURED)];
        for (j, (v, fill)) in vals.iter().take(slots as usize).enumerate() {
            let bx = first + j as f64 * bar_w;
            match v {
                Some(v) => {
                    let top = self.vy(*v);
                    svg.rect(bx + 1.0 * k, top, bar_w - 2.0 * k, py1 - top, fill, None);
                    svg.text(
                        bx + bar_w / 2.0,
                        top - 4.0 * k,
                        value_size,
                        Align::Middle,
                        INK,
                        &fmt_large(*v),
                    );
                }
                None if j == 0 => {
                    svg.text(
                        bx + bar_w / 2.0,
                        py1 - 6.0 * k,
                        value_size,
                        Align::Middle,
                        "#a02020",
                        "none",
                    );
                }
                None => {}
            }
        }
        let label_size = self.label_size;
        if self.rotate {
            svg.text_ex(
                gx + 4.0 * k,
                py1 + 14.0 * k,
                label_size,
                Align::End,
                INK,
                &b.label,
                "",
                -35.0,
            );
        } else {
            svg.text(gx, py1 + 16.0 * k, label_size, Align::Middle, INK, &b.label);
        }
    }
}

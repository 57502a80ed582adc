//! The pieces every figure shares: title, hatching, marker symbols, the
//! colour bar, the legend and the empty-cell note.

use std::fmt::Write;

use hetscope_figure::layout::scene::{Scene, header};

use super::layout::{text_width, tick_step};
use super::svg_util::{Align, INK, Svg, f, push_points};

use hetscope_figure::color::{self, hex};
use hetscope_figure::{ColorScale, MarkerKind};
use hetscope_model::format::{fmt_tick, fmt_tick_step};

impl Svg {
    /// A white rectangle with light diagonal hatching ("no such
    /// partition"). The lines are computed here rather than drawn with an
    /// SVG pattern, which rasterizes much more slowly.
    pub fn hatch(&mut self, x: f64, y: f64, w: f64, h: f64) {
        self.rect(x, y, w, h, "#ffffff", None);
        let d = 9.0 * self.k;
        let (x1, y1) = (x + w, y + h);
        // Lines x + y = c on a global grid of c, so neighbours line up.
        let mut c = ((x + y) / d).ceil() * d;
        let mut path = String::new();
        while c < x1 + y1 {
            let (ax, bx) = (x.max(c - y1), x1.min(c - y));
            if bx > ax {
                let _ = write!(path, "M{},{}L{},{}", f(ax), f(c - ax), f(bx), f(c - bx));
            }
            c += d;
        }
        if !path.is_empty() {
            let _ = writeln!(
                self.buf,
                r##"<path d="{path}" fill="none" stroke="#d4d4d4" stroke-width="{}"/>"##,
                f(1.6 * self.k)
            );
        }
    }

    /// Title and subtitle at the top (the layout's header).
    pub fn header(&mut self, title: &str, subtitle: &str) {
        let mut sc = Scene::new(self.width, self.height);
        header(&mut sc, title, subtitle, self.k);
        crate::scene_svg::write_scene(self, &sc);
    }

    /// A marker symbol centred on (x, y); `r` is about its radius.
    pub fn symbol(&mut self, kind: MarkerKind, x: f64, y: f64, r: f64) {
        let fill = hex(kind.color());
        let sw = f((r * 0.22).max(0.8));
        match kind {
            MarkerKind::PerfectDp => {
                let _ = writeln!(
                    self.buf,
                    r##"<circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="#000000" stroke-width="{sw}"/>"##,
                    f(x),
                    f(y),
                    f(r)
                );
            }
            MarkerKind::CpuOnly => {
                let s = r * 0.9;
                let pts = [
                    [x - s, y - s],
                    [x + s, y - s],
                    [x + s, y + s],
                    [x - s, y + s],
                ];
                self.polygon_pts(&pts, &fill, &sw);
            }
            MarkerKind::GpuOnly => {
                let pts = [
                    [x, y - r * 1.15],
                    [x + r * 1.1, y + r * 0.75],
                    [x - r * 1.1, y + r * 0.75],
                ];
                self.polygon_pts(&pts, &fill, &sw);
            }
            MarkerKind::Partition => {
                let s = r * 1.15;
                let pts = [[x, y - s], [x + s, y], [x, y + s], [x - s, y]];
                self.polygon_pts(&pts, &fill, &sw);
            }
            MarkerKind::Optimum => {
                let mut pts = Vec::with_capacity(10);
                for i in 0..10 {
                    let a = std::f64::consts::PI * (i as f64) / 5.0 - std::f64::consts::FRAC_PI_2;
                    let rr = if i % 2 == 0 { r * 1.35 } else { r * 0.6 };
                    pts.push([x + rr * a.cos(), y + rr * a.sin()]);
                }
                self.polygon_pts(&pts, &fill, &sw);
            }
        }
    }

    fn polygon_pts(&mut self, pts: &[[f64; 2]], fill: &str, sw: &str) {
        self.buf.push_str(r#"<polygon points=""#);
        push_points(&mut self.buf, pts.iter().map(|p| (p[0], p[1])));
        let _ = writeln!(
            self.buf,
            r##"" fill="{fill}" stroke="#000000" stroke-width="{sw}"/>"##
        );
    }

    /// Vertical colour bar in the rectangle (x, y, w, h) with ticks and its
    /// title rotated along its right side.
    pub fn color_bar(&mut self, scale: &ColorScale, x: f64, y: f64, w: f64, h: f64) {
        let k = self.k;
        self.buf
            .push_str(r#"<defs><linearGradient id="cbar" x1="0" y1="1" x2="0" y2="0">"#);
        for i in 0..=20 {
            let t = i as f64 / 20.0;
            let _ = write!(
                self.buf,
                r#"<stop offset="{}" stop-color="{}"/>"#,
                f(t),
                hex(color::map(t))
            );
        }
        self.buf.push_str("</linearGradient></defs>\n");
        self.rect(x, y, w, h, "url(#cbar)", Some((INK, 0.8 * k)));
        let size = 11.5 * k;
        let mut widest: f64 = 0.0;
        let ticks = scale.ticks();
        let step = tick_step(&ticks);
        for t in ticks {
            let py = y + h * (1.0 - scale.t(t));
            self.line(x + w, py, x + w + 5.0 * k, py, INK, 0.8 * k);
            let label = if scale.log {
                fmt_tick(t)
            } else {
                fmt_tick_step(t, step)
            };
            widest = widest.max(text_width(&label, size));
            self.text(
                x + w + 8.0 * k,
                py + size * 0.35,
                size,
                Align::Start,
                INK,
                &label,
            );
        }
        let tx = x + w + 14.0 * k + widest + 6.0 * k;
        let title = scale.title();
        self.text_ex(
            tx,
            y + h / 2.0,
            13.0 * k,
            Align::Middle,
            INK,
            &title,
            "",
            90.0,
        );
    }

    /// Legend of marker kinds (in a fixed order) starting at (x, y);
    /// returns the y below it.
    pub fn legend(&mut self, kinds: &[MarkerKind], x: f64, y: f64) -> f64 {
        let k = self.k;
        let size = 12.0 * k;
        let mut y = y;
        if kinds.is_empty() {
            return y;
        }
        self.text_ex(
            x,
            y,
            size,
            Align::Start,
            "#111111",
            "Markers",
            r#"font-weight="bold""#,
            0.0,
        );
        y += 8.0 * k;
        for kind in LEGEND_ORDER.iter().filter(|kk| kinds.contains(kk)) {
            y += 20.0 * k;
            self.symbol(*kind, x + 7.0 * k, y - size * 0.35, 5.5 * k);
            self.text(x + 20.0 * k, y, size, Align::Start, INK, kind_name(*kind));
        }
        y + 14.0 * k
    }

    /// Hatched swatch and the "no such partition" note at (x, y) baseline.
    pub fn empty_note(&mut self, x: f64, y: f64) {
        let k = self.k;
        let size = 12.0 * k;
        self.hatch(x, y - size * 0.9, 22.0 * k, size * 1.1);
        self.rect(
            x,
            y - size * 0.9,
            22.0 * k,
            size * 1.1,
            "none",
            Some(("#999999", 0.8 * k)),
        );
        self.text(x + 28.0 * k, y, size, Align::Start, INK, EMPTY_NOTE);
    }
}

/// The note shown next to the hatched swatch.
pub const EMPTY_NOTE: &str = "empty: no such partition (Lemma 2)";

pub const LEGEND_ORDER: [MarkerKind; 5] = [
    MarkerKind::PerfectDp,
    MarkerKind::CpuOnly,
    MarkerKind::GpuOnly,
    MarkerKind::Optimum,
    MarkerKind::Partition,
];

pub fn kind_name(kind: MarkerKind) -> &'static str {
    match kind {
        MarkerKind::PerfectDp => "p-DP (perfect data partition)",
        MarkerKind::CpuOnly => "CPU-only",
        MarkerKind::GpuOnly => "GPU-only",
        MarkerKind::Optimum => "optimum (best found)",
        MarkerKind::Partition => "workload partition",
    }
}

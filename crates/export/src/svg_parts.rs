//! The pieces heat maps and surfaces share: hatching, marker symbols and
//! the colour bar's gradient (their texts are placed by
//! `hetscope_figure::layout`).

use std::fmt::Write;

use hetscope_figure::layout::side::{Symbol, symbol_outline};

use super::svg_util::{Svg, f, push_points};

use hetscope_figure::MarkerKind;
use hetscope_figure::color::{self, hex};

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

    /// A marker symbol centred on (x, y); `r` is about its radius (the
    /// shapes of `hetscope_figure::layout::side::symbol_outline`).
    pub fn symbol(&mut self, kind: MarkerKind, x: f64, y: f64, r: f64) {
        let fill = hex(kind.color());
        let sw = f((r * 0.22).max(0.8));
        let s = Symbol {
            at: [x, y],
            kind,
            r,
        };
        match symbol_outline(&s) {
            Some(pts) => self.polygon_pts(&pts, &fill, &sw),
            None => {
                let _ = writeln!(
                    self.buf,
                    r##"<circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="#000000" stroke-width="{sw}"/>"##,
                    f(x),
                    f(y),
                    f(r)
                );
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

    /// The viridis gradient of a vertical colour bar in (x, y, w, h).
    pub fn gradient(&mut self, x: f64, y: f64, w: f64, h: f64) {
        // Low values at the bottom of an upright bar, at the left of one
        // lying across (wider than tall).
        self.buf.push_str(if w > h {
            r#"<defs><linearGradient id="cbar" x1="0" y1="0" x2="1" y2="0">"#
        } else {
            r#"<defs><linearGradient id="cbar" x1="0" y1="1" x2="0" y2="0">"#
        });
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
        self.rect(x, y, w, h, "url(#cbar)", None);
    }
}

//! Lines: series as polylines cut at the plot edge or as dots, and
//! reference lines, with their dash patterns.

use std::fmt::Write;

use crate::svg_util::{Svg, dash_attr, f, push_points};
use hetscope_figure::chart::{ChartPanel, Orientation, RefLine, Series};
use hetscope_figure::color::hex;
use hetscope_figure::layout::chart::{Frame, clip_segment, dot_radius, ref_px};

/// A series as polylines broken at unplaceable points and cut at the plot
/// edge, or as dots.
pub(super) fn series(svg: &mut Svg, p: &ChartPanel, fr: &Frame, s: &Series, k: f64) {
    let color = hex(s.color);
    let sw = (s.width as f64).max(0.3) * k;
    let pts = s.points.iter().map(|pt| fr.point(p, pt[0], pt[1]));
    if s.points_only {
        let r = dot_radius(s, k);
        let mut buf = String::new();
        for (x, y) in pts.flatten().filter(|(x, y)| fr.inside(*x, *y, r)) {
            let _ = write!(buf, r#"<circle cx="{}" cy="{}" r="{}"/>"#, f(x), f(y), f(r));
        }
        if !buf.is_empty() {
            let _ = writeln!(
                svg.buf,
                r##"<g fill="{color}" stroke="#ffffff" stroke-width="{}">{buf}</g>"##,
                f(0.6 * k)
            );
        }
        return;
    }
    let m = 4.0 * sw;
    let [x0, y0, x1, y1] = fr.plot;
    let ext = [x0 - m, y0 - m, x1 + m, y1 + m];
    let attrs = format!(
        r#"fill="none" stroke="{color}" stroke-width="{}" stroke-linejoin="round"{}"#,
        f(sw),
        dash_attr(s.style, sw)
    );
    let mut lines: Vec<Vec<(f64, f64)>> = Vec::new();
    let mut cur: Vec<(f64, f64)> = Vec::new();
    let mut prev: Option<(f64, f64)> = None;
    let mut lone: Vec<(f64, f64)> = Vec::new();
    let all: Vec<Option<(f64, f64)>> = pts.collect();
    for (i, pt) in all.iter().enumerate() {
        match (prev, *pt) {
            (Some(a), Some(b)) => match clip_segment(a, b, &ext) {
                Some((ca, cb, cut_a, cut_b)) => {
                    if cur.is_empty() || cut_a {
                        flush(&mut lines, &mut cur);
                        cur.push(ca);
                    }
                    cur.push(cb);
                    if cut_b {
                        flush(&mut lines, &mut cur);
                    }
                }
                None => flush(&mut lines, &mut cur),
            },
            (None, Some(b)) => {
                flush(&mut lines, &mut cur);
                // A point with no placeable neighbour: a dot.
                let next_ok = all.get(i + 1).is_some_and(|n| n.is_some());
                if !next_ok && fr.inside(b.0, b.1, 0.0) {
                    lone.push(b);
                }
            }
            (_, None) => flush(&mut lines, &mut cur),
        }
        prev = *pt;
    }
    flush(&mut lines, &mut cur);
    for l in lines {
        svg.buf.push_str(r#"<polyline points=""#);
        push_points(&mut svg.buf, l.into_iter());
        let _ = writeln!(svg.buf, r#"" {attrs}/>"#);
    }
    for (x, y) in lone {
        let _ = writeln!(
            svg.buf,
            r#"<circle cx="{}" cy="{}" r="{}" fill="{color}"/>"#,
            f(x),
            f(y),
            f(sw * 1.2)
        );
    }
}

fn flush(lines: &mut Vec<Vec<(f64, f64)>>, cur: &mut Vec<(f64, f64)>) {
    if cur.len() >= 2 {
        lines.push(std::mem::take(cur));
    } else {
        cur.clear();
    }
}

pub(super) fn ref_line(svg: &mut Svg, p: &ChartPanel, fr: &Frame, r: &RefLine, k: f64) {
    let Some(v) = ref_px(p, fr, r) else { return };
    let [x0, y0, x1, y1] = fr.plot;
    let sw = 1.3 * k;
    let (a, b, c, d) = match r.orientation {
        Orientation::Horizontal => (x0, v, x1, v),
        Orientation::Vertical => (v, y0, v, y1),
    };
    let _ = writeln!(
        svg.buf,
        r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}" stroke-width="{}"{}/>"#,
        f(a),
        f(b),
        f(c),
        f(d),
        hex(r.color),
        f(sw),
        dash_attr(r.style, sw)
    );
}

//! Labels in the exported figures of the default scenarios (and of a few
//! crowded ones): no two label boxes overlap. Labels are the texts written
//! with a white halo (marker, reference-line and bar labels); their boxes
//! are estimated as the layout estimates them.

use crate::common::hetscope;

/// A label: its text and box [x0, y0, x1, y1].
type Label = (String, [f64; 4]);

fn attr(tag: &str, name: &str) -> Option<String> {
    let key = format!(" {name}=\"");
    let at = tag.find(&key)? + key.len();
    let end = tag[at..].find('"')?;
    Some(tag[at..at + end].to_string())
}

/// The halo texts of an SVG document.
fn labels(svg: &str) -> Vec<Label> {
    let mut out = Vec::new();
    for part in svg.split("<text ").skip(1) {
        let Some(close) = part.find('>') else {
            continue;
        };
        let tag = &format!(" {}", &part[..close]);
        if !(tag.contains(r##"fill="#ffffff""##) && tag.contains(r##"stroke="#ffffff""##)) {
            continue;
        }
        let text = part[close + 1..].split("</text>").next().unwrap_or("");
        let num = |n: &str| attr(tag, n).and_then(|v| v.parse::<f64>().ok()).unwrap();
        let (x, y, size) = (num("x"), num("y"), num("font-size"));
        let w = hetscope::figure::text::text_width(&unescape(text), size);
        let x0 = match attr(tag, "text-anchor").as_deref() {
            Some("middle") => x - w / 2.0,
            Some("end") => x - w,
            _ => x,
        };
        out.push((
            text.to_string(),
            [x0, y - size * 0.85, x0 + w, y + size * 0.2],
        ));
    }
    out
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

fn overlapping(l: &[Label]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (i, (a, ba)) in l.iter().enumerate() {
        for (b, bb) in &l[i + 1..] {
            // Shrink by a hair: boxes that touch do not overlap.
            if ba[0] + 0.5 < bb[2]
                && bb[0] + 0.5 < ba[2]
                && ba[1] + 0.5 < bb[3]
                && bb[1] + 0.5 < ba[3]
            {
                out.push((a.clone(), b.clone()));
            }
        }
    }
    out
}

fn export(args: &[&str], size: (u32, u32)) -> String {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("f.svg");
    let (w, h) = (size.0.to_string(), size.1.to_string());
    let mut all: Vec<&str> = vec![
        "export",
        "--out",
        out.to_str().unwrap(),
        "--width",
        &w,
        "--height",
        &h,
    ];
    all.extend_from_slice(args);
    let o = hetscope(&all);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    std::fs::read_to_string(&out).unwrap()
}

/// Every view at its defaults, and scenarios that crowd labels: close
/// FPM shares, a boat hull application, the offload suite.
const SCENARIOS: &[&[&str]] = &[
    &["--view", "perdome-heatmap"],
    &["--view", "perdome-surface"],
    &["--view", "energy-heatmap"],
    &["--view", "energy-surface"],
    &["--view", "wp-compare"],
    &[
        "--view",
        "energy-fit",
        "--runs",
        "assets/data/h100-energy-runs.csv",
    ],
    &["--view", "boathull"],
    &["--view", "boathull-compare"],
    &["--view", "boathull-roofline"],
    &["--view", "boathull-app"],
    &["--view", "fpm-speed"],
    &["--view", "fpm-times"],
    &["--view", "fpm-sweep"],
    &["--view", "offload"],
    &["--view", "offload-suite"],
    &["--view", "overview"],
    // Crowded: small problems give close shares; two platforms; measured data.
    &["--view", "fpm-speed", "--n", "60"],
    &[
        "--view",
        "fpm-times",
        "--n",
        "60",
        "--platform2",
        "h100-node-measured",
    ],
    &["--view", "offload", "--kernel", "2dconv"],
    &[
        "--view",
        "offload-suite",
        "--measured",
        "assets/data/h100-offload-measured.csv",
        "--platform",
        "h100-node-offload",
    ],
    &[
        "--view",
        "boathull",
        "--measured",
        "assets/data/h100-boathull-measured.csv",
    ],
    &[
        "--view",
        "perdome-heatmap",
        "--platform2",
        "h100-node-measured",
    ],
];

#[test]
fn no_two_labels_overlap_in_any_exported_view() {
    let mut seen = 0;
    for size in [(1280, 800), (1920, 1080)] {
        for args in SCENARIOS {
            let svg = export(args, size);
            // A figure of two platforms nests one SVG per platform, each in
            // its own coordinates.
            for part in svg.split("<svg ") {
                let l = labels(part);
                seen += l.len();
                let bad = overlapping(&l);
                assert!(
                    bad.is_empty(),
                    "{args:?} at {size:?}: overlapping labels {bad:?}"
                );
            }
        }
    }
    assert!(
        seen > 40,
        "only {seen} labels found: the parser misses them"
    );
}

#[test]
fn the_label_parser_sees_an_overlap_when_there_is_one() {
    let svg = r##"<svg><text x="10" y="20" font-size="12" text-anchor="start" fill="#ffffff" stroke="#ffffff">GPU-only</text>
<text x="14" y="22" font-size="12" text-anchor="start" fill="#ffffff" stroke="#ffffff">CPU-only</text></svg>"##;
    let l = labels(svg);
    assert_eq!(l.len(), 2);
    assert_eq!(overlapping(&l).len(), 1);
}

/// The framed legends of an SVG: per legend box, the swatch colour
/// written just before each entry's name inside the box.
fn legends(svg: &str) -> Vec<Vec<(String, String)>> {
    let mut out: Vec<Vec<(String, String)>> = Vec::new();
    let mut frame = [0.0f64; 4];
    let mut swatch: Option<String> = None;
    for line in svg.lines() {
        let tag = format!(" {line}");
        let num = |n: &str| {
            attr(&tag, n)
                .and_then(|v| v.parse::<f64>().ok())
                .unwrap_or(0.0)
        };
        if line.starts_with("<rect") && line.contains(r#"fill-opacity="0.88""#) {
            frame = [
                num("x"),
                num("y"),
                num("x") + num("width"),
                num("y") + num("height"),
            ];
            out.push(Vec::new());
            swatch = None;
            continue;
        }
        let Some(current) = out.last_mut() else {
            continue;
        };
        let inside =
            |x: f64, y: f64| x >= frame[0] && x <= frame[2] && y >= frame[1] && y <= frame[3];
        let is_shape = ["<line", "<rect", "<circle", "<path", "<polygon"]
            .iter()
            .any(|t| line.starts_with(t));
        if is_shape && swatch.is_none() {
            // The shape, the colour and the dash pattern: series may
            // share a colour when their lines differ, and a marker's dot
            // is not a line of its colour.
            let shape = line.split_whitespace().next().unwrap_or_default();
            swatch = attr(&tag, "stroke")
                .filter(|c| !["#ffffff", "#000000", "#333333", "#bbbbbb"].contains(&c.as_str()))
                .or_else(|| attr(&tag, "fill"))
                .map(|c| {
                    format!(
                        "{shape} {c} {}",
                        attr(&tag, "stroke-dasharray").unwrap_or_default()
                    )
                });
        } else if line.starts_with("<text") && line.contains(r##"fill="#333333""##) {
            let c = swatch.take();
            if let (Some(c), true) = (c, inside(num("x"), num("y"))) {
                let name = line.split('>').nth(1).unwrap_or("");
                let name = name.split("</text").next().unwrap_or("");
                current.push((c, name.to_string()));
            }
        }
    }
    out
}

#[test]
fn every_legend_gives_each_series_its_own_colour_or_line() {
    let mut entries = 0;
    for args in SCENARIOS {
        let svg = export(args, (1500, 950));
        for legend in legends(&svg) {
            entries += legend.len();
            for (i, (c, a)) in legend.iter().enumerate() {
                for (d, b) in &legend[i + 1..] {
                    assert!(
                        c != d,
                        "{args:?}: '{a}' and '{b}' share colour and line {c}"
                    );
                }
            }
        }
    }
    assert!(entries > 30, "only {entries} legend entries found");
}

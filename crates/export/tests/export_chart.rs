//! Chart figures (boat hull, FPM, offload) to SVG, PNG and CSV: figures
//! built by hand with every kind of element, including values a log axis
//! cannot place.

use std::collections::HashSet;

use hetscope_export::{ExportSize, Format, render};
use hetscope_figure::chart::{
    Bar, BarSet, ChartAxis, ChartFigure, ChartPanel, Orientation, PointMarker, RefLine, Scale,
    Series, palette,
};
use hetscope_figure::{Camera, Figure};
use resvg::{tiny_skia, usvg};

fn size(w: u32, h: u32) -> ExportSize {
    ExportSize::new(w, h).expect("valid size")
}

fn svg_of(fig: &ChartFigure, w: u32, h: u32) -> String {
    let bytes = render(
        &Figure::Chart(fig.clone()),
        Format::Svg,
        size(w, h),
        &Camera::default(),
    )
    .expect("renders");
    String::from_utf8(bytes).expect("UTF-8")
}

fn png_of(fig: &ChartFigure, w: u32, h: u32) -> tiny_skia::Pixmap {
    let bytes = render(
        &Figure::Chart(fig.clone()),
        Format::Png,
        size(w, h),
        &Camera::default(),
    )
    .expect("renders");
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    tiny_skia::Pixmap::decode_png(&bytes).expect("valid PNG")
}

fn csv_of(fig: &ChartFigure) -> String {
    let bytes = render(
        &Figure::Chart(fig.clone()),
        Format::Csv,
        size(1200, 800),
        &Camera::default(),
    )
    .expect("renders");
    String::from_utf8(bytes).expect("UTF-8")
}

/// Time against operator complexity on log-log axes: per-class lines, a
/// dashed total, a crossover marker and the chosen complexity.
fn loglog() -> ChartFigure {
    let x = ChartAxis::new(
        "operator complexity f",
        "ops/element",
        Scale::Log10,
        0.1,
        1e4,
    );
    let y = ChartAxis::new("execution time t", "ms", Scale::Log10, 1e-3, 1e3);
    let mut p = ChartPanel::new("2048 x 2048 element-wise", x, y);
    let fs: Vec<f64> = (0..=50)
        .map(|i| 10f64.powf(-1.0 + 5.0 * i as f64 / 50.0))
        .collect();
    let names = ["GPU c1", "GPU c2", "CPU c1", "CPU c2", "transfer"];
    for (i, name) in names.iter().enumerate() {
        let a = 0.01 * (i + 1) as f64;
        let pts = fs
            .iter()
            .map(|f| [*f, a + 0.002 * f * (i + 1) as f64])
            .collect();
        p.series
            .push(Series::line(name, palette::CYCLE[i], pts).width(2.0));
    }
    let total = fs.iter().map(|f| [*f, 0.05 + 0.01 * f]).collect();
    p.series.push(
        Series::line("GPU total", palette::BLACK, total)
            .dashed()
            .width(2.5),
    );
    let cpu = fs.iter().map(|f| [*f, 0.2 + 0.004 * f]).collect();
    p.series
        .push(Series::line("CPU total", palette::VERMILION, cpu).dotted());
    p.markers.push(PointMarker {
        label: "crossover f = 25".into(),
        x: 25.0,
        y: 0.3,
        color: palette::PURPLE,
    });
    p.ref_lines.push(RefLine {
        orientation: Orientation::Vertical,
        value: 100.0,
        label: "chosen f = 100".into(),
        color: palette::GREY,
        style: hetscope_figure::chart::LineStyle::Dashed,
    });
    p.notes
        .push("Below the crossover the GPU is faster; the transfer dominates small f.".into());
    ChartFigure {
        title: "Boat hull: time against operator complexity".into(),
        subtitle: "i7-930 + GTX 470 | 2048x2048|element -> 2048x2048|element".into(),
        panels: vec![p],
        notes: vec!["Hull: the maximum of the compute and memory floors.".into()],
    }
}

/// Speed functions (measured points and a dashed line through the origin)
/// next to the times per device.
fn two_panels() -> ChartFigure {
    let x = ChartAxis::new("problem size x", "blocks", Scale::Linear, 0.0, 4000.0);
    let y = ChartAxis::new("speed s", "blocks/s", Scale::Linear, 0.0, 700.0);
    let mut speed = ChartPanel::new("Speed functions", x, y);
    let pts: Vec<[f64; 2]> = (1..=12)
        .map(|i| {
            let x = 300.0 * i as f64;
            [x, 640.0 - 0.01 * x]
        })
        .collect();
    speed
        .series
        .push(Series::line("GTX 680 measured", palette::GREEN, pts).points_only());
    speed.series.push(
        Series::line(
            "optimal line",
            palette::GREY,
            vec![[0.0, 0.0], [4000.0, 600.0]],
        )
        .dashed(),
    );
    speed.markers.push(PointMarker {
        label: "x = 3200".into(),
        x: 3200.0,
        y: 480.0,
        color: palette::BLUE,
    });
    let x2 = ChartAxis::new("n", "blocks", Scale::Linear, 0.0, 10000.0);
    let y2 = ChartAxis::new("time t", "s", Scale::Linear, 0.0, 20.0);
    let mut times = ChartPanel::new("Makespan", x2, y2);
    times.series.push(Series::line(
        "FPM",
        palette::BLUE,
        (0..=20)
            .map(|i| [500.0 * i as f64, 0.9 * i as f64])
            .collect(),
    ));
    times.series.push(Series::line(
        "CPM",
        palette::ORANGE,
        (0..=20)
            .map(|i| [500.0 * i as f64, 1.0 * i as f64])
            .collect(),
    ));
    times.notes.push("FPM balances the measured speeds.".into());
    ChartFigure {
        title: "FPM partitioning".into(),
        subtitle: "paper devices".into(),
        panels: vec![speed, times],
        notes: vec![],
    }
}

fn bar(category: usize, base: f64, value: f64, range: Option<(f64, f64)>) -> Bar {
    Bar {
        category,
        base,
        value,
        range,
        label: String::new(),
    }
}

/// Grouped bars per device, stacked bars with error ranges, and speedups
/// on a log axis with the 1x line.
fn bars() -> ChartFigure {
    let devices: Vec<String> = ["GTX 680", "Tesla C870", "CPU 24 cores", "CPU socket 2"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let y = ChartAxis::new("time", "s", Scale::Linear, 0.0, 12.0);
    let mut grouped = ChartPanel::bars("Time per device", devices.clone(), y);
    for (i, (name, c)) in [
        ("even", palette::GREY),
        ("CPM", palette::ORANGE),
        ("FPM", palette::BLUE),
    ]
    .iter()
    .enumerate()
    {
        grouped.bars.push(BarSet {
            name: name.to_string(),
            color: *c,
            width: 0.26,
            offset: -0.28 + 0.28 * i as f64,
            bars: (0..4)
                .map(|d| bar(d, 0.0, 2.0 + d as f64 + i as f64, None))
                .collect(),
            value_labels: true,
        });
    }
    let y2 = ChartAxis::new("time", "ms", Scale::Linear, 0.0, 10.0);
    let mut stacked = ChartPanel::bars(
        "Application time",
        vec!["resize".into(), "blur".into(), "sobel".into()],
        y2,
    );
    stacked.bars.push(BarSet {
        name: "compute".into(),
        color: palette::GREEN,
        width: 0.6,
        offset: 0.0,
        bars: (0..3).map(|c| bar(c, 0.0, 2.0 + c as f64, None)).collect(),
        value_labels: true,
    });
    stacked.bars.push(BarSet {
        name: "memory".into(),
        color: palette::SKY,
        width: 0.6,
        offset: 0.0,
        bars: (0..3)
            .map(|c| {
                let b = 2.0 + c as f64;
                bar(c, b, b + 3.0, Some((b + 2.0, b + 4.5)))
            })
            .collect(),
        value_labels: true,
    });
    let y3 = ChartAxis::new("speedup", "x", Scale::Log10, 0.1, 100.0);
    let mut speedup = ChartPanel::bars(
        "GPU speedup",
        vec!["vecadd".into(), "stencil".into(), "matmul".into()],
        y3,
    );
    speedup.bars.push(BarSet {
        name: "measured".into(),
        color: palette::VERMILION,
        width: 0.5,
        offset: 0.0,
        bars: vec![
            bar(0, 0.0, 0.4, None),
            bar(1, 0.0, 3.0, None),
            bar(2, 0.0, 40.0, Some((25.0, 60.0))),
        ],
        value_labels: true,
    });
    speedup.ref_lines.push(RefLine {
        orientation: Orientation::Horizontal,
        value: 1.0,
        label: "1x".into(),
        color: palette::BLACK,
        style: hetscope_figure::chart::LineStyle::Dashed,
    });
    ChartFigure {
        title: "Partitioning and offload".into(),
        subtitle: String::new(),
        panels: vec![grouped, stacked, speedup],
        notes: vec!["Error bars: the span of an unknown coalescing.".into()],
    }
}

/// Values a log axis cannot place: NaN, infinities, zero and negatives.
fn unplaceable() -> ChartFigure {
    let x = ChartAxis::new("size n", "elements", Scale::Log10, 1.0, 1e6);
    let y = ChartAxis::new("time t", "s", Scale::Log10, 1e-6, 1.0);
    let mut p = ChartPanel::new("", x, y);
    p.series.push(Series::line(
        "broken",
        palette::BLUE,
        vec![
            [1.0, 1e-5],
            [10.0, f64::NAN],
            [100.0, 1e-4],
            [1000.0, 1e-3],
            [-5.0, 1e-2],
            [1e4, 0.0],
            [1e5, -1.0],
            [f64::INFINITY, 0.1],
            [1e6, 0.5],
            [1e9, 1e9],
        ],
    ));
    p.series.push(
        Series::line(
            "dots",
            palette::GREEN,
            vec![[f64::NAN, 1.0], [10.0, -3.0], [100.0, 1e-3]],
        )
        .points_only(),
    );
    p.markers.push(PointMarker {
        label: "nowhere".into(),
        x: f64::NAN,
        y: 1.0,
        color: palette::ORANGE,
    });
    p.markers.push(PointMarker {
        label: "negative".into(),
        x: -1.0,
        y: 1.0,
        color: palette::ORANGE,
    });
    p.ref_lines.push(RefLine {
        orientation: Orientation::Horizontal,
        value: -2.0,
        label: "below zero".into(),
        color: palette::GREY,
        style: hetscope_figure::chart::LineStyle::Solid,
    });
    let mut empty = ChartPanel::new(
        "no data",
        ChartAxis::new("x", "", Scale::Log10, f64::NAN, -1.0),
        ChartAxis::new("y", "", Scale::Linear, 5.0, 5.0),
    );
    empty.bars.push(BarSet {
        name: "nothing".into(),
        color: palette::PURPLE,
        width: 0.5,
        offset: 0.0,
        bars: vec![bar(0, 0.0, f64::NAN, Some((f64::NAN, 1.0)))],
        value_labels: true,
    });
    ChartFigure {
        title: "Unplaceable values".into(),
        subtitle: String::new(),
        panels: vec![p, empty],
        notes: vec![],
    }
}

fn all() -> Vec<ChartFigure> {
    vec![loglog(), two_panels(), bars(), unplaceable()]
}

fn parse(svg: &str) -> usvg::Tree {
    usvg::Tree::from_str(svg, &usvg::Options::default()).expect("SVG parses")
}

/// Every `name="number"` attribute value in the SVG, as text.
fn attr_values<'a>(svg: &'a str, name: &str) -> Vec<&'a str> {
    let pat = format!(" {name}=\"");
    svg.match_indices(&pat)
        .filter_map(|(i, _)| {
            let rest = &svg[i + pat.len()..];
            rest.find('"').map(|e| &rest[..e])
        })
        .collect()
}

#[test]
fn loglog_svg_has_titles_legend_marker_dashes_and_a_clip() {
    let fig = loglog();
    let svg = svg_of(&fig, 1200, 800);
    let tree = parse(&svg);
    assert_eq!((tree.size().width(), tree.size().height()), (1200.0, 800.0));
    for t in [
        "Boat hull: time against operator complexity",
        "operator complexity f (ops/element)",
        "execution time t (ms)",
        "GPU c1",
        "transfer",
        "GPU total",
        "CPU total",
        "crossover f = 25",
        "chosen f = 100",
        "Below the crossover",
        "Hull: the maximum",
        ">0.001<",
        ">1000<",
    ] {
        assert!(svg.contains(t), "missing {t}");
    }
    assert!(svg.contains("stroke-dasharray"), "dashed series");
    assert!(svg.contains("<clipPath"), "plot clip");
    assert!(svg.contains("clip-path=\"url(#"), "clip used");
    assert!(!svg.contains("NaN") && !svg.contains("inf"));
}

#[test]
fn every_figure_is_valid_svg_at_any_size() {
    for fig in all() {
        for (w, h) in [
            (200, 200),
            (1200, 800),
            (640, 1600),
            (8000, 300),
            (8000, 8000),
        ] {
            let svg = svg_of(&fig, w, h);
            parse(&svg);
            assert!(!svg.contains("NaN"), "{} at {w}x{h}: NaN", fig.title);
            assert!(!svg.contains("inf"), "{} at {w}x{h}: inf", fig.title);
            for name in [
                "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "width", "height",
            ] {
                for v in attr_values(&svg, name) {
                    if v.ends_with('%') {
                        continue;
                    }
                    let n: f64 = v
                        .parse()
                        .unwrap_or_else(|_| panic!("{} {name}=\"{v}\"", fig.title));
                    assert!(n.is_finite() && n.abs() < 1e7, "{} {name}={v}", fig.title);
                }
            }
        }
    }
}

#[test]
fn text_stays_inside_the_image_at_the_reference_size() {
    for fig in all() {
        let svg = svg_of(&fig, 1200, 800);
        let xs = attr_values(&svg, "x");
        let texts = svg.matches("<text ").count();
        assert!(texts > 5, "{}: {texts} texts", fig.title);
        for chunk in svg.split("<text ").skip(1) {
            let x: f64 = attr_values(&format!(" {chunk}"), "x")[0]
                .parse()
                .expect("x");
            let y: f64 = attr_values(&format!(" {chunk}"), "y")[0]
                .parse()
                .expect("y");
            assert!(
                (0.0..=1200.0).contains(&x) && (0.0..=800.0).contains(&y),
                "{}: text at ({x}, {y}): {}",
                fig.title,
                &chunk[..chunk.len().min(160)]
            );
        }
        assert!(!xs.is_empty());
    }
}

#[test]
fn bars_svg_has_categories_ranges_values_and_the_reference_line() {
    let fig = bars();
    let svg = svg_of(&fig, 1200, 800);
    parse(&svg);
    for t in [
        "GTX 680",
        "CPU 24 cores",
        "even",
        "CPM",
        "FPM",
        "compute",
        "memory",
        "measured",
        ">1x<",
        "speedup (x)",
        "time (s)",
        "time (ms)",
        "resize",
        "matmul",
        "Error bars",
        // Bar values to three figures.
        ">40.0<",
        ">0.400<",
    ] {
        assert!(svg.contains(t), "missing {t}");
    }
    // Three error bars (stacked panel) plus one (speedup panel).
    assert_eq!(svg.matches("fill=\"none\" stroke=\"#222222\"").count(), 4);
    assert_eq!(svg.matches("<clipPath").count(), 3);
}

#[test]
fn unplaceable_values_are_skipped() {
    let fig = unplaceable();
    let svg = svg_of(&fig, 1200, 800);
    parse(&svg);
    assert!(svg.contains("broken") && svg.contains("dots"));
    assert!(!svg.contains(">nowhere<") && !svg.contains(">negative<"));
    assert!(!svg.contains("below zero"));
    assert!(!svg.contains("NaN") && !svg.contains("inf"));
    // The broken series: 1 -> (NaN) -> 100, 1000 -> (-5, 0, -1, inf) -> 1e6, 1e9:
    // two polylines, and the lone first point as a dot.
    let blue = "stroke=\"#0072b2\"";
    let lines = svg
        .lines()
        .filter(|l| l.starts_with("<polyline") && l.contains(blue))
        .count();
    assert_eq!(lines, 2, "{svg}");
}

fn colours(p: &tiny_skia::Pixmap) -> HashSet<[u8; 3]> {
    p.pixels()
        .iter()
        .map(|c| {
            let c = c.demultiply();
            [c.red(), c.green(), c.blue()]
        })
        .collect()
}

fn has_colour_near(p: &tiny_skia::Pixmap, c: [u8; 3], tol: i32) -> usize {
    p.pixels()
        .iter()
        .filter(|px| {
            let px = px.demultiply();
            (px.red() as i32 - c[0] as i32).abs() <= tol
                && (px.green() as i32 - c[1] as i32).abs() <= tol
                && (px.blue() as i32 - c[2] as i32).abs() <= tol
        })
        .count()
}

#[test]
fn pngs_have_the_size_and_show_the_data() {
    for fig in all() {
        for (w, h) in [(1200, 800), (300, 200)] {
            let p = png_of(&fig, w, h);
            assert_eq!((p.width(), p.height()), (w, h));
            let n = colours(&p).len();
            assert!(n > 20, "{} at {w}x{h}: only {n} colours", fig.title);
        }
    }
    let p = png_of(&loglog(), 1200, 800);
    for c in [palette::CYCLE[0], palette::CYCLE[1], palette::PURPLE] {
        let n = has_colour_near(&p, c, 12);
        assert!(n > 150, "colour {c:?}: {n} pixels");
    }
    let p = png_of(&bars(), 1200, 800);
    for c in [palette::ORANGE, palette::GREEN, palette::VERMILION] {
        let n = has_colour_near(&p, c, 2);
        assert!(n > 1000, "bar colour {c:?}: {n} pixels");
    }
}

#[test]
fn csv_has_one_row_per_point_bar_marker_and_ref_line() {
    for fig in all() {
        let expected: usize = fig
            .panels
            .iter()
            .map(|p| {
                p.series.iter().map(|s| s.points.len()).sum::<usize>()
                    + p.bars.iter().map(|b| b.bars.len()).sum::<usize>()
                    + p.markers.len()
                    + p.ref_lines.len()
            })
            .sum();
        let csv = csv_of(&fig);
        let mut reader = csv::Reader::from_reader(csv.as_bytes());
        let headers = reader.headers().expect("header").clone();
        assert_eq!(&headers[1], "kind");
        let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("row")).collect();
        assert_eq!(rows.len(), expected, "{}", fig.title);
        let kinds: HashSet<&str> = rows.iter().map(|r| r.get(1).unwrap_or("")).collect();
        assert!(
            kinds
                .iter()
                .all(|k| ["point", "bar", "marker", "ref_line"].contains(k))
        );
        assert!(!csv.contains("NaN"), "{}", fig.title);
    }
}

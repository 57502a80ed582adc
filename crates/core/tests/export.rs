//! Exporters: every view to SVG, PNG and CSV, and the file-writing rules.

use crate::common::catalog;
use std::collections::HashSet;
use std::path::Path;

use hetscope_export::{
    self as export, ExportError, ExportSize, Format, render_csv, render_png, render_svg,
};
use hetscope_figure::{self as figure, Camera, Figure, View};
use hetscope_model::perdome::{Analysis, Resolution};
use hetscope_preset as preset;
use resvg::{tiny_skia, usvg};

/// PerDome SA on i7 2600K + GTX 750: I = 1.7, partitions CO, GO, DP, CP.
fn analysis() -> Analysis {
    let cat = catalog();
    let p = preset::perdome::platform_arg("i7-gtx750-perdome", cat).expect("platform");
    let (_, w) = preset::perdome::workload_arg("perdome-sa", cat).expect("workload");
    Analysis::compute(&preset::perdome::scenario(&p, &w), Resolution::default()).expect("valid")
}

fn size() -> ExportSize {
    ExportSize::new(1200, 800).expect("valid size")
}

fn count(hay: &str, needle: &str) -> usize {
    hay.matches(needle).count()
}

#[test]
fn every_view_exports_a_parseable_svg_with_its_texts() {
    let a = analysis();
    for view in View::PERDOME {
        let fig = figure::perdome::build(view, &a).expect("a PerDome view");
        let svg = render_svg(&fig, size(), &Camera::default());
        let tree = usvg::Tree::from_str(&svg, &usvg::Options::default())
            .unwrap_or_else(|e| panic!("{}: SVG does not parse: {e}", view.key()));
        assert_eq!((tree.size().width(), tree.size().height()), (1200.0, 800.0));
        assert!(svg.contains(fig.title()), "{}: title", view.key());
        assert!(svg.contains("p-DP"), "{}: p-DP label", view.key());
        match view {
            View::WpCompare => {
                for t in [
                    "Performance bound (GFLOP/s)",
                    "Energy efficiency (GFLOP/J)",
                    "CP",
                ] {
                    assert!(svg.contains(t), "compare: {t}");
                }
                assert!(!svg.contains("<image"));
            }
            _ => {
                for t in ["I_C (flop/byte)", "I_G (flop/byte)", "2^-3", "2^3", ">0<"] {
                    assert!(svg.contains(t), "{}: missing {t}", view.key());
                }
                let unit = if view.metric() == Some(hetscope_model::perdome::Metric::Performance) {
                    "(GFLOP/s)"
                } else {
                    "(GFLOP/J)"
                };
                assert!(svg.contains(unit), "{}: colour bar unit", view.key());
                assert!(svg.contains("CPU-only") && svg.contains("GPU-only"));
            }
        }
    }
}

#[test]
fn heatmap_svg_embeds_images_and_surface_svg_is_vector() {
    let a = analysis();
    let heat = render_svg(
        &figure::perdome::build(View::PerdomeHeatmap, &a).expect("a PerDome view"),
        size(),
        &Camera::default(),
    );
    // The grid and the two zero bands, as pixelated PNG images.
    assert_eq!(count(&heat, "<image"), 3);
    assert!(heat.contains("data:image/png;base64,"));
    assert!(heat.contains("image-rendering:pixelated"));
    assert!(count(&heat, "<rect") < 100, "cells must not be rects");
    assert!(heat.contains("empty: no such partition (Lemma 2)"));

    let surf = render_svg(
        &figure::perdome::build(View::EnergySurface, &a).expect("a PerDome view"),
        size(),
        &Camera::default(),
    );
    assert!(!surf.contains("<image"), "the surface must not be a bitmap");
    let polys = count(&surf, "<polygon") + count(&surf, "<path");
    assert!(polys > 500, "only {polys} polygons");
}

#[test]
fn surface_svg_follows_the_camera() {
    let a = analysis();
    let fig = figure::perdome::build(View::PerdomeSurface, &a).expect("a PerDome view");
    let front = render_svg(&fig, size(), &Camera::default());
    let top = Camera {
        yaw_deg: 20.0,
        pitch_deg: 80.0,
        zoom: 1.5,
    };
    let other = render_svg(&fig, size(), &top);
    assert_ne!(front, other);
    assert!(other.contains("pitch 80°"));
}

/// Decoded pixels as straight RGBA.
fn decode(png: &[u8]) -> tiny_skia::Pixmap {
    tiny_skia::Pixmap::decode_png(png).expect("valid PNG")
}

/// Pixels darker than a text colour in the rectangle (x0..x1, y0..y1).
fn dark_pixels(p: &tiny_skia::Pixmap, x0: u32, y0: u32, x1: u32, y1: u32) -> usize {
    let mut n = 0;
    for y in y0..y1.min(p.height()) {
        for x in x0..x1.min(p.width()) {
            let c = p.pixel(x, y).expect("in bounds").demultiply();
            if c.red() < 90 && c.green() < 90 && c.blue() < 90 {
                n += 1;
            }
        }
    }
    n
}

#[test]
fn every_view_exports_a_png_of_the_requested_size_with_text() {
    let a = analysis();
    for view in View::PERDOME {
        let fig = figure::perdome::build(view, &a).expect("a PerDome view");
        let png = render_png(&fig, size(), &Camera::default()).expect("renders");
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let p = decode(&png);
        assert_eq!((p.width(), p.height()), (1200, 800), "{}", view.key());
        let colours: HashSet<[u8; 4]> = p
            .pixels()
            .iter()
            .step_by(7)
            .map(|c| [c.red(), c.green(), c.blue(), c.alpha()])
            .collect();
        assert!(
            colours.len() > 40,
            "{}: only {} colours",
            view.key(),
            colours.len()
        );
        // The title is dark text in the top-left corner: it only shows if
        // the embedded font was loaded.
        let title = dark_pixels(&p, 0, 0, 600, 40);
        assert!(title > 300, "{}: title has {title} dark pixels", view.key());
        // The figure covers a good part of the image.
        let inked = p
            .pixels()
            .iter()
            .filter(|c| c.red() < 200 || c.green() < 200 || c.blue() < 200)
            .count();
        assert!(
            inked > 1200 * 800 / 20,
            "{}: only {inked} non-white pixels",
            view.key()
        );
    }
}

#[test]
fn png_size_does_not_depend_on_the_screen() {
    let a = analysis();
    let fig = figure::perdome::build(View::EnergyHeatmap, &a).expect("a PerDome view");
    for (w, h) in [(200, 200), (640, 480), (2400, 1000)] {
        let s = ExportSize::new(w, h).expect("valid");
        let p = decode(&render_png(&fig, s, &Camera::default()).expect("renders"));
        assert_eq!((p.width(), p.height()), (w, h));
    }
}

#[test]
fn heatmap_csv_has_every_cell_band_and_marker() {
    let a = analysis();
    let Figure::Heatmap(h) =
        figure::perdome::build(View::PerdomeHeatmap, &a).expect("a PerDome view")
    else {
        panic!("heat map expected");
    };
    let i = h.i;
    let n = h.grid.spec.nx * h.grid.spec.ny;
    let csv = render_csv(&Figure::Heatmap(h.clone()));
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("i_c [flop/byte],i_g [flop/byte],gflops [GFLOP/s],row,label")
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    let cells: Vec<&Vec<&str>> = rows.iter().filter(|r| r[3] == "cell").collect();
    assert_eq!(cells.len(), n);
    let bands = rows.iter().filter(|r| r[3] == "zero_band").count();
    assert_eq!(bands, h.grid.spec.nx + h.grid.spec.ny);
    let (mut empty, mut full) = (0, 0);
    for r in &cells {
        let i_c: f64 = r[0].parse().expect("i_c is a number");
        let i_g: f64 = r[1].parse().expect("i_g is a number");
        let both_above = i_c > i && i_g > i;
        let both_below = i_c < i && i_g < i;
        if r[2].is_empty() {
            assert!(
                both_above || both_below,
                "({i_c}, {i_g}) should have a value"
            );
            empty += 1;
        } else {
            assert!(!both_above && !both_below, "({i_c}, {i_g}) is no partition");
            let v: f64 = r[2].parse().expect("value is a number");
            assert!(v > 0.0 && v.is_finite());
            full += 1;
        }
    }
    assert!(empty > n / 4 && full > n / 4, "empty {empty}, full {full}");
    let pdp = rows
        .iter()
        .find(|r| r[3] == "marker" && r[4] == "p-DP")
        .expect("p-DP marker row");
    let v: f64 = pdp[2].parse().expect("number");
    assert!((v - 128.47).abs() < 0.1, "p-DP = {v}");
}

#[test]
fn surface_and_compare_csv() {
    let a = analysis();
    let surf =
        render_csv(&figure::perdome::build(View::EnergySurface, &a).expect("a PerDome view"));
    assert!(surf.starts_with("i_c [flop/byte],i_g [flop/byte],gflop_per_joule [GFLOP/J],"));
    // One row a mesh point: the 48 x 48 cell centres with a column and a
    // row through each best partition and the workload's partitions and
    // on both sides of I (the surface's own points).
    let s = match figure::perdome::build(View::EnergySurface, &a).expect("a PerDome view") {
        hetscope_figure::Figure::Surface(s) => s,
        other => panic!("not a surface: {other:?}"),
    };
    assert!(s.grid.xs.len() > 48 && s.grid.ys.len() > 48);
    assert_eq!(
        surf.lines().filter(|l| l.ends_with(",cell,")).count(),
        s.grid.xs.len() * s.grid.ys.len()
    );

    let cmp = render_csv(&figure::perdome::build(View::WpCompare, &a).expect("a PerDome view"));
    let mut lines = cmp.lines();
    assert_eq!(
        lines.next(),
        Some("panel,partition,model,measured,unit,note")
    );
    let rows: Vec<&str> = lines.collect();
    // CO, GO, DP, CP and the best found, for each of the two metrics.
    assert_eq!(rows.len(), 10);
    let cp = rows
        .iter()
        .find(|r| r.starts_with("Performance bound,CP,"))
        .expect("CP row");
    let v: f64 = cp
        .split(',')
        .nth(2)
        .and_then(|s| s.parse().ok())
        .expect("number");
    assert!((v - 136.4).abs() < 0.1, "CP = {v}");
    assert!(
        rows.iter()
            .any(|r| r.starts_with("Energy efficiency,") && r.contains(",GFLOP/J,"))
    );
}

#[test]
fn export_to_file_writes_each_format() {
    let a = analysis();
    let dir = tempfile::tempdir().expect("temp dir");
    let fig = figure::perdome::build(View::PerdomeHeatmap, &a).expect("a PerDome view");
    for ext in ["svg", "png", "pdf", "csv", "PNG"] {
        let path = dir.path().join(format!("fig.{ext}"));
        export::export_to_file(&fig, &Camera::default(), size(), &path).expect("exports");
        let bytes = std::fs::read(&path).expect("file exists");
        match Format::from_path(&path).expect("known") {
            Format::Png => assert_eq!(&bytes[..4], b"\x89PNG"),
            Format::Svg => assert!(String::from_utf8_lossy(&bytes).contains("<svg")),
            Format::Pdf => assert_eq!(&bytes[..5], b"%PDF-"),
            Format::Csv => assert!(bytes.starts_with(b"i_c [flop/byte]")),
        }
    }
    // Overwriting an existing file works, and no temporary file remains.
    let path = dir.path().join("fig.svg");
    export::export_to_file(&fig, &Camera::default(), size(), &path).expect("overwrites");
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 5, "{names:?}");
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn unwritable_path_errors_and_leaves_no_file() {
    let a = analysis();
    let fig = figure::perdome::build(View::PerdomeHeatmap, &a).expect("a PerDome view");
    let dir = tempfile::tempdir().expect("temp dir");
    let missing = dir.path().join("no-such-dir").join("out.png");
    let err = export::export_to_file(&fig, &Camera::default(), size(), &missing)
        .expect_err("directory does not exist");
    assert!(matches!(err, ExportError::Io { .. }));
    assert!(err.to_string().contains("out.png"), "{err}");
    assert!(!missing.exists());

    // The target is a directory: the error names it and nothing is left
    // behind next to it.
    let taken = dir.path().join("taken.svg");
    std::fs::create_dir(&taken).expect("mkdir");
    let err = export::export_to_file(&fig, &Camera::default(), size(), &taken)
        .expect_err("a directory is in the way");
    assert!(err.to_string().contains("taken.svg"), "{err}");
    assert!(taken.is_dir());
    assert_eq!(files_in(dir.path()), vec!["taken.svg".to_string()]);
}

#[test]
fn bad_extension_and_size_are_rejected() {
    for name in ["out.jpg", "out", "out.svg.bak", "dir/out."] {
        let err = Format::from_path(Path::new(name)).expect_err(name);
        assert!(err.to_string().contains(name), "{err}");
    }
    let a = analysis();
    let fig = figure::perdome::build(View::PerdomeHeatmap, &a).expect("a PerDome view");
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("out.gif");
    assert!(matches!(
        export::export_to_file(&fig, &Camera::default(), size(), &path),
        Err(ExportError::Extension { .. })
    ));
    assert!(!path.exists());

    assert!(ExportSize::new(200, 8000).is_ok());
    for (w, h) in [(199, 800), (1200, 8001), (0, 0)] {
        let err = ExportSize::new(w, h).expect_err("out of range");
        assert!(err.to_string().contains("200 to 8000"), "{err}");
    }
    let bad = ExportSize {
        width: 50,
        height: 800,
    };
    assert!(render_png(&fig, bad, &Camera::default()).is_err());
}

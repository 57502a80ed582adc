//! Image tests: every view of every registered model, exported as a PNG
//! (resvg, on the CPU: the same bytes on every machine) at 900 x 600 px
//! (the smallest size of the layout audit) on the first start's session,
//! is compared at half that size with its reference in
//! `tests/reference/`, so that a blank plot, a lost series, moved labels
//! or wrong colours fail. After a change to a figure that is wanted,
//! refresh the references and look at them:
//!
//! `HETSCOPE_REFRESH_IMAGES=1 cargo test -p hetscope --test main image_reference`
//!
//! A failing view leaves what it drew in `target/image-reference/`.

use crate::common::catalog;
use std::path::PathBuf;

use hetscope_core::{Session, registry};
use hetscope_export::{ExportSize, Format, render};
use hetscope_figure::{Camera, ModelId, View};
use resvg::tiny_skia::Pixmap;

/// A pixel counts as changed past this difference in any channel (of 255).
const CHANNEL_TOLERANCE: u8 = 40;
/// A view fails when more than this share of its pixels changed.
const CHANGED_SHARE: f64 = 0.002;

/// `p` at half its width and height, each pixel the mean of four: the
/// references keep what a figure shows (plots, series, colours, where the
/// labels are) in a quarter of the bytes.
fn halved(p: &Pixmap) -> Pixmap {
    let (w, h) = (p.width() / 2, p.height() / 2);
    let mut out = Pixmap::new(w, h).expect("a size");
    let src = p.data();
    let stride = p.width() as usize * 4;
    let data = out.data_mut();
    for y in 0..h as usize {
        for x in 0..w as usize {
            for c in 0..4 {
                let at =
                    |dx: usize, dy: usize| src[(2 * y + dy) * stride + (2 * x + dx) * 4 + c] as u32;
                let sum = at(0, 0) + at(1, 0) + at(0, 1) + at(1, 1);
                data[(y * w as usize + x) * 4 + c] = ((sum + 2) / 4) as u8;
            }
        }
    }
    out
}

fn reference_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/reference")
}

/// The share of pixels of `a` and `b` that differ past the tolerance
/// (1 where the sizes differ).
fn changed_share(a: &Pixmap, b: &Pixmap) -> f64 {
    if (a.width(), a.height()) != (b.width(), b.height()) {
        return 1.0;
    }
    let changed = a
        .data()
        .chunks_exact(4)
        .zip(b.data().chunks_exact(4))
        .filter(|(p, q)| {
            p.iter()
                .zip(q.iter())
                .any(|(x, y)| x.abs_diff(*y) > CHANNEL_TOLERANCE)
        })
        .count();
    changed as f64 / (a.width() as f64 * a.height() as f64)
}

#[test]
fn every_view_looks_like_its_reference_image() {
    let catalog = catalog();
    let session = Session::new(catalog);
    let size = ExportSize::new(900, 600).expect("a size");
    let refresh = std::env::var_os("HETSCOPE_REFRESH_IMAGES").is_some();
    let out = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/image-reference");
    let mut failed = Vec::new();
    for view in ModelId::ALL.into_iter().flat_map(View::of) {
        let fig =
            registry::figure(view, &session, catalog).unwrap_or_else(|e| panic!("{view:?}: {e}"));
        let png = render(&fig, Format::Png, size, &Camera::default())
            .unwrap_or_else(|e| panic!("{view:?}: {e}"));
        let path = reference_dir().join(format!("{}.png", view.key()));
        let now = halved(&Pixmap::decode_png(&png).expect("a PNG"));
        if refresh {
            std::fs::create_dir_all(reference_dir()).expect("the reference folder");
            let bytes = now.encode_png().expect("a PNG");
            std::fs::write(&path, bytes).expect("a reference image");
            continue;
        }
        let Ok(reference) = std::fs::read(&path) else {
            failed.push(format!("{view:?}: no reference {}", path.display()));
            continue;
        };
        let reference = Pixmap::decode_png(&reference).expect("a reference PNG");
        let share = changed_share(&now, &reference);
        if share > CHANGED_SHARE {
            std::fs::create_dir_all(&out).expect("the output folder");
            let _ = std::fs::write(out.join(format!("{}.png", view.key())), &png);
            failed.push(format!(
                "{view:?}: {:.2} % of the pixels changed",
                100.0 * share
            ));
        }
    }
    assert!(
        failed.is_empty(),
        "{} views differ from their reference images (refresh with \
         HETSCOPE_REFRESH_IMAGES=1 when the change is wanted):\n{}",
        failed.len(),
        failed.join("\n")
    );
}

#[test]
fn the_comparison_sees_a_lost_series_and_wrong_colours() {
    // A blank image against a drawn one, and one changed colour.
    let catalog = catalog();
    let session = Session::new(catalog);
    let size = ExportSize::new(600, 400).expect("a size");
    let fig = registry::figure(View::Boathull, &session, catalog).expect("a figure");
    let png = render(&fig, Format::Png, size, &Camera::default()).expect("a PNG");
    let drawn = Pixmap::decode_png(&png).expect("a PNG");
    let mut blank = drawn.clone();
    blank.fill(resvg::tiny_skia::Color::WHITE);
    assert!(changed_share(&drawn, &blank) > CHANGED_SHARE);
    let mut recoloured = drawn.clone();
    for px in recoloured.data_mut().chunks_exact_mut(4) {
        if px[0] < 200 && px[2] > 150 {
            px.swap(0, 2);
        }
    }
    assert!(changed_share(&drawn, &recoloured) > CHANGED_SHARE);
    assert_eq!(changed_share(&drawn, &drawn.clone()), 0.0);
}

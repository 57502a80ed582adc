//! Timings of the hot paths: the PerDome grid, recomputing every figure
//! after a parameter change, and rendering a heat map to SVG and PNG.
//!
//! `cargo bench --bench grids -- --warm-up-time 1 --measurement-time 3`
#![expect(
    clippy::expect_used,
    reason = "a benchmark stops at once where its setup fails"
)]

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use hetscope::export::{self, ExportSize};
use hetscope::figure::{self, Camera, View};
use hetscope::model::perdome::grid::{self, GridSpec};
use hetscope::model::perdome::{Analysis, Case, Resolution};
use hetscope::model::perdome::{Param, Side};
use hetscope::preset::{self, Catalog};
use resvg::{tiny_skia, usvg};

/// PerDome SA on i7 2600K + GTX 750, from the built-in presets.
fn scenario() -> Case {
    let cat = Catalog::builtin().expect("built-in presets load");
    let p = preset::perdome::platform_arg("i7-gtx750-perdome", &cat).expect("platform preset");
    let (_, w) = preset::perdome::workload_arg("perdome-sa", &cat).expect("workload preset");
    preset::perdome::scenario(&p, &w)
}

fn grids(c: &mut Criterion) {
    let s = scenario();
    let spec = GridSpec::centred(s.i, 6.0, 256);
    c.bench_function("grid 256x256 performance+energy", |b| {
        b.iter(|| grid::compute(black_box(&s.platform), black_box(spec)))
    });
    c.bench_function("grid 256x256 performance only", |b| {
        b.iter(|| grid::compute_performance(black_box(&s.platform), black_box(spec)))
    });
}

fn recompute(c: &mut Criterion) {
    let base = scenario();
    let mut flip = false;
    c.bench_function("param change: analysis + 5 figures", |b| {
        b.iter(|| {
            flip = !flip;
            let mut s = base.clone();
            let t_f = s.platform.cpu.get(Param::TimePerFlop);
            s.platform
                .side_mut(Side::Cpu)
                .set(Param::TimePerFlop, if flip { t_f * 1.1 } else { t_f });
            let a = Analysis::compute(&s, Resolution::default()).expect("valid scenario");
            let figs: Vec<_> = View::PERDOME
                .iter()
                .map(|v| figure::perdome::build(*v, &a).expect("a PerDome view"))
                .collect();
            black_box(figs)
        })
    });
}

fn render(c: &mut Criterion) {
    let a = Analysis::compute(&scenario(), Resolution::default()).expect("valid scenario");
    let fig = figure::perdome::build(View::PerdomeHeatmap, &a).expect("a PerDome view");
    let size = ExportSize::new(1200, 800).expect("valid size");
    let cam = Camera::default();
    c.bench_function("heat map 1200x800: SVG", |b| {
        b.iter(|| export::render_svg(black_box(&fig), size, &cam))
    });
    c.bench_function("heat map 1200x800: PNG", |b| {
        b.iter(|| export::render_png(black_box(&fig), size, &cam).expect("renders"))
    });
    // The PNG's stages: parse the SVG, rasterize, encode.
    let svg = export::render_svg(&fig, size, &cam);
    let mut db = usvg::fontdb::Database::new();
    db.load_font_data(epaint_default_fonts::UBUNTU_LIGHT.to_vec());
    let family = db
        .faces()
        .next()
        .map(|f| f.families[0].0.clone())
        .unwrap_or_default();
    db.set_sans_serif_family(family.clone());
    let opts = usvg::Options {
        font_family: family,
        fontdb: Arc::new(db),
        ..usvg::Options::default()
    };
    c.bench_function("heat map 1200x800: PNG stage parse", |b| {
        b.iter(|| usvg::Tree::from_str(black_box(&svg), &opts).expect("parses"))
    });
    let tree = usvg::Tree::from_str(&svg, &opts).expect("parses");
    c.bench_function("heat map 1200x800: PNG stage rasterize", |b| {
        b.iter(|| {
            let mut pm = tiny_skia::Pixmap::new(1200, 800).expect("pixmap");
            resvg::render(&tree, tiny_skia::Transform::identity(), &mut pm.as_mut());
            pm
        })
    });
    let mut pm = tiny_skia::Pixmap::new(1200, 800).expect("pixmap");
    resvg::render(&tree, tiny_skia::Transform::identity(), &mut pm.as_mut());
    c.bench_function("heat map 1200x800: PNG stage encode", |b| {
        b.iter(|| black_box(&pm).encode_png().expect("encodes"))
    });
}

criterion_group!(benches, grids, recompute, render);
criterion_main!(benches);

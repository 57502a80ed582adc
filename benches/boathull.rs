//! Timings of the boat hull figures: every equation of a class sampled at
//! 512 operator complexities on two processors, rebuilt after a slider
//! change as the GUI does (state to input, then the figure).
//!
//! `cargo bench --bench boathull -- --warm-up-time 1 --measurement-time 3`
#![expect(
    clippy::expect_used,
    reason = "a benchmark stops at once where its setup fails"
)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use hetscope::figure::View;
use hetscope::figure::boathull;
use hetscope::gui::boathull_state::BoathullScenario;
use hetscope::model::boathull::Machine;
use hetscope::preset::Catalog;

fn views(c: &mut Criterion) {
    let cat = Catalog::builtin().expect("built-in presets load");
    let state = BoathullScenario::from_catalog(&cat);
    let input = state.input(&cat).expect("valid default");
    assert_eq!(input.samples, 512);
    for view in [
        View::Boathull,
        View::BoathullCompare,
        View::BoathullRoofline,
        View::BoathullApp,
    ] {
        c.bench_function(&format!("{} figure", view.key()), |b| {
            b.iter(|| boathull::build(view, black_box(&input)).expect("a figure"))
        });
    }
}

/// One slider change: the GPU's coalesced bandwidth, then the state read
/// into an input and the boat hull and comparison figures rebuilt (all
/// equations of both processors at 512 complexities).
fn slider_change(c: &mut Criterion) {
    let cat = Catalog::builtin().expect("built-in presets load");
    let mut state = BoathullScenario::from_catalog(&cat);
    let mut flip = false;
    c.bench_function(
        "slider change: input + boathull + compare (2 x 512 f)",
        |b| {
            b.iter(|| {
                flip = !flip;
                if let Machine::Gpu(g) = &mut state.processor.params {
                    g.p_coalesced_gbs = if flip { 100.0 } else { 95.0 };
                }
                let input = state.input(&cat).expect("valid");
                let a = boathull::build(View::Boathull, &input).expect("a figure");
                let b = boathull::build(View::BoathullCompare, &input).expect("a figure");
                black_box((a, b))
            })
        },
    );
}

criterion_group!(benches, views, slider_change);
criterion_main!(benches);

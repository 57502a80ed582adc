//! The whole elasticity table of one platform (every headline result of
//! every model against every hardware parameter, both ways): a catalog
//! platform and the measured H100 node.
//!
//! `cargo bench --bench sensitivity -- --warm-up-time 1 --measurement-time 5`
#![expect(
    clippy::expect_used,
    reason = "a benchmark stops at once where its setup fails"
)]

use criterion::{Criterion, criterion_group, criterion_main};
use hetscope::preset::Catalog;
use hetscope::preset::platform::platform_choice;
use hetscope_core::overview::OverviewOptions;
use hetscope_core::sensitivity::{Ask, sensitivity};

fn tables(c: &mut Criterion) {
    let cat = Catalog::builtin().expect("built-in presets load");
    for id in ["xeon-8480-h100", "h100-node-measured"] {
        let choice = platform_choice(id, &cat).expect("a platform");
        let options = OverviewOptions::default();
        for flips in [false, true] {
            let ask = Ask {
                flips,
                ..Ask::default()
            };
            let what = if flips {
                "with flip points"
            } else {
                "elasticities"
            };
            c.bench_function(&format!("{what}: {id}"), |b| {
                b.iter(|| sensitivity(&cat, &choice, &options, &ask).expect("a table"))
            });
        }
    }
}

criterion_group!(benches, tables);
criterion_main!(benches);

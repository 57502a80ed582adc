//! Every platform of the built-in catalog works in every model: a new
//! platform preset that a model cannot use fails here, not on screen.

use crate::common::catalog;
use hetscope_model::platform::{Source, Transfers};
use hetscope_preset::fpm::paper_hybrid;
use hetscope_preset::perdome::platform_arg;
use hetscope_preset::platform::ModelSource;

#[test]
fn every_platform_resolves_in_every_model() {
    let cat = catalog();
    assert!(cat.platforms().len() >= 20, "{}", cat.platforms().len());
    for (e, p) in cat.platforms() {
        let perdome = platform_arg(&e.id, cat).unwrap_or_else(|err| panic!("{}: {err}", e.id));
        perdome.platform.validate().unwrap();
        assert_eq!(perdome.sources.len(), 10, "{}: {:?}", e.id, perdome.sources);
        for transfers in [Transfers::Pinned, Transfers::Pageable] {
            let m = p
                .models(cat, &e.path, transfers)
                .unwrap_or_else(|err| panic!("{}: {err}", e.id));
            assert!(!m.fpm.value.is_empty(), "{}", e.id);
            assert!(m.offload.value.1.check().is_ok(), "{}", e.id);
            assert!(!m.boathull.sources.is_empty(), "{}", e.id);
        }
        // Every platform names its hardware, so every value has a spec
        // sheet behind it even where a paper overrides it.
        assert!(p.hardware.is_some(), "{} gives no hardware", e.id);
    }
}

#[test]
fn paper_platforms_keep_the_papers_values_and_current_ones_derive() {
    let cat = catalog();
    let models = |id: &str| {
        let (e, p) = cat.platform(id).unwrap();
        p.models(cat, &e.path, Transfers::Pageable)
            .unwrap_or_else(|err| panic!("{err}"))
    };
    // Boat hull paper: Table 2's GTX 470 as printed, not the spec sheet.
    let b = models("i7-930-gtx470").boathull;
    assert!(matches!(b.from, ModelSource::Presets { .. }));
    assert_eq!(b.value.1.p_compute_gflops, 1089.0);
    assert_eq!(b.value.1.b_bus_gbs, 5.1);
    // Offload paper: Table III's V100.
    let o = models("power9-v100").offload;
    assert!(matches!(o.from, ModelSource::Presets { .. }));
    assert_eq!(o.value.1.gpu.mem_ld, 1029.0);
    // FPM paper: the six devices of the hybrid run, as the built-in set.
    let f = models("fpm-hybrid-node").fpm;
    let paper = paper_hybrid(cat).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(f.value, paper);
    // A current platform: everything derived, with rules as sources.
    let x = models("xeon-8480-h100");
    assert_eq!(x.boathull.from, ModelSource::Derived);
    assert_eq!(x.offload.from, ModelSource::Derived);
    assert_eq!(x.fpm.from, ModelSource::Derived);
    assert!(
        x.boathull
            .sources
            .iter()
            .any(|(_, s)| matches!(s, Source::Derived(_)))
    );
    // 66.9 TFLOP/s FP32 of the H100 SXM5 spec sheet, to the boat hull.
    assert!((x.boathull.value.1.p_compute_gflops - 66_900.0).abs() < 100.0);
}

#[test]
fn a_platform_without_hardware_or_model_presets_says_what_is_missing() {
    let cat = catalog();
    let (e, p) = cat.platform("i7-gtx750-perdome").unwrap();
    let mut bare = p.clone();
    bare.hardware = None;
    let err = bare
        .boathull(cat, &e.path, Transfers::Pageable)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("hardware") && err.contains("boat hull"),
        "{err}"
    );
    assert!(err.contains(&e.path), "{err}");
}

#[test]
fn the_catalogs_cpus_with_caches_list_them_innermost_first_with_their_source() {
    let cat = catalog();
    let mut with = 0;
    for (e, cpu) in cat.cpus() {
        if cpu.caches.is_empty() {
            continue;
        }
        with += 1;
        let levels: Vec<u32> = cpu.caches.iter().map(|c| c.level).collect();
        let want: Vec<u32> = (1..=levels.len() as u32).collect();
        assert_eq!(levels, want, "{}", e.id);
        let threads = cpu.cores * cpu.threads_per_core;
        for w in cpu.caches.windows(2) {
            // An outer level holds more and is shared by no fewer.
            assert!(
                w[1].kib > w[0].kib && w[1].shared_by >= w[0].shared_by,
                "{}",
                e.id
            );
        }
        for c in &cpu.caches {
            assert!(c.kib > 0.0 && c.shared_by >= 1, "{}", e.id);
            assert!(
                f64::from(c.shared_by) <= threads,
                "{}: L{} shared by {}",
                e.id,
                c.level,
                c.shared_by
            );
        }
        // The last level is shared by the socket's threads or a part of
        // them that divides it (AMD's CCDs).
        let last = cpu.caches.last().map_or(1.0, |c| f64::from(c.shared_by));
        assert_eq!(threads % last, 0.0, "{}", e.id);
        assert!(
            cpu.sources.contains_key("caches"),
            "{}: where they come from",
            e.id
        );
    }
    assert!(with >= 7, "{with} CPUs with caches");
}

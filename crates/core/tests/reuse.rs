//! What a drag reuses is what it would compute: PerDome's analysis of an
//! unchanged platform, the overview's verdicts of unchanged models and
//! the offload kernels of unchanged presets and launches,
//! taken from the last output, equal a fresh computation, and a changed
//! input is computed again.

use crate::common::catalog;
use hetscope_core::overview::Overview;
use hetscope_core::perdome::Perdome;
use hetscope_core::{Model, Session, registry};
use hetscope_figure::View;
use hetscope_preset::platform::platform_choice;

fn paired() -> Session {
    let catalog = catalog();
    let mut s = Session::new(catalog);
    let p = platform_choice("i7-gtx750-perdome", catalog).unwrap();
    assert!(registry::use_platform_everywhere(&mut s, &p, catalog).is_empty());
    let q = platform_choice("xeon-8480-h100", catalog).unwrap();
    assert!(registry::compare_everywhere(&mut s, Some(&q), catalog).is_empty());
    s
}

/// Equal, NaN cells (no such partition) included: compared as written.
fn same<T: std::fmt::Debug>(a: &T, b: &T) -> bool {
    format!("{a:?}") == format!("{b:?}")
}

#[test]
fn perdome_reuses_only_an_unchanged_platforms_analysis() {
    let catalog = catalog();
    let mut s = paired();
    let first = Perdome::input(&s.perdome, catalog).unwrap();
    let last = Perdome::compute(&first).unwrap();
    s.perdome.platform.params.gpu.t_f *= 1.5;
    let input = Perdome::input(&s.perdome, catalog).unwrap();
    let fresh = Perdome::compute(&input).unwrap();
    let reused = Perdome::compute_reusing(&input, Some(&last)).unwrap();
    assert!(
        same(&reused.analysis, &fresh.analysis),
        "the edited platform anew"
    );
    assert!(!same(&reused.analysis, &last.analysis));
    assert!(reused.compared.is_some());
    assert!(
        same(&reused.compared, &fresh.compared),
        "the compared one as fresh"
    );
    assert!(
        same(&reused.compared, &last.compared),
        "and taken from the last"
    );
}

#[test]
fn the_overview_reuses_only_the_verdicts_whose_inputs_did_not_change() {
    let catalog = catalog();
    let mut s = paired();
    let input = |s: &Session| Overview::session_input(View::Overview, s, catalog).unwrap();
    let last = Overview::compute(&input(&s)).unwrap();
    s.overview.fpm_n *= 2.0;
    let now = input(&s);
    let fresh = Overview::compute(&now).unwrap();
    let reused = Overview::compute_reusing(&now, Some(&last)).unwrap();
    assert!(same(&reused.overview, &fresh.overview));
    assert_eq!(reused.texts, fresh.texts);
    assert_eq!(reused.differences, fresh.differences);
    assert_ne!(
        reused.overview.first.fpm, last.overview.first.fpm,
        "FPM at the new size"
    );
    assert!(same(
        &reused.overview.first.perdome,
        &last.overview.first.perdome
    ));
}

#[test]
fn offload_reuses_only_the_kernels_whose_preset_and_launch_did_not_change() {
    use hetscope_core::offload::Offload;
    let catalog = catalog();
    let mut s = paired();
    let first_state = s.offload.clone();
    let first = Offload::input(&first_state, catalog).unwrap();
    let reused_from = |s: &Session| {
        s.offload
            .input_reusing(catalog, Some((&first_state, &first)))
            .unwrap()
    };
    // The same scenario: every kernel taken, and equal to a fresh input.
    assert_eq!(reused_from(&s), first);
    // A size: the same kernels, another size.
    s.offload.size_hi *= 1.01;
    let fresh = Offload::input(&s.offload, catalog).unwrap();
    assert_eq!(reused_from(&s), fresh);
    assert_ne!(fresh, first);
    // An edited subscript of the current kernel: that kernel parsed anew
    // (its access text differs from the last input's), the others equal.
    let k = s.offload.kernel.clone();
    let (preset, _) = s.offload.kernel_preset(catalog, &k).unwrap();
    s.offload.edit = hetscope_core::offload::KernelEdit::from_preset(&k, &preset);
    let old = s.offload.edit.subscripts[0].clone();
    s.offload.edit.subscripts[0] = old.replacen('[', "[(", 1).replacen(']', ")]", 1);
    let fresh = Offload::input(&s.offload, catalog).unwrap();
    let reused = reused_from(&s);
    assert_eq!(reused, fresh);
    assert!(reused.kernel.edited);
    assert_ne!(reused.kernel.kernel, first.kernel.kernel);
    assert_eq!(reused.suite.len(), first.suite.len());
    // Another launch (threads per block set): every kernel made again.
    let mut t = first_state.clone();
    let threads = first.kernel.kernel.threads_per_block;
    t.overrides.insert(
        hetscope_model::offload::OffloadParam::ThreadsPerBlock,
        threads / 2.0,
    );
    let fresh = Offload::input(&t, catalog).unwrap();
    let reused = t
        .input_reusing(catalog, Some((&first_state, &first)))
        .unwrap();
    assert_eq!(reused, fresh);
    assert_eq!(reused.kernel.kernel.threads_per_block, threads / 2.0);
    assert!(
        reused
            .suite
            .iter()
            .all(|k| k.kernel.threads_per_block == threads / 2.0)
    );
}

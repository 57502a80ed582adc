//! What a drag reuses is what it would compute: PerDome's analysis of an
//! unchanged platform and the overview's verdicts of unchanged models,
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

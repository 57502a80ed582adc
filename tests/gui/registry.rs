//! The recipe for a new model holds for every registered one: each model
//! has a tab in the window. That each answers `eval`, exports each of its
//! views, contributes to the overview, takes every platform within its
//! ranges and has paper-check rows is tested in the core crate
//! (`crates/core/tests/registry.rs`).

use hetscope::gui::HetscopeApp;
use hetscope_figure::ModelId;

#[test]
fn every_model_has_a_tab() {
    let app = HetscopeApp::default_state();
    assert_eq!(
        app.model_ids(),
        ModelId::ALL,
        "one slot per model, in order"
    );
    for id in ModelId::ALL {
        assert!(!app.tabs_of(id).is_empty(), "{id:?} has a tab");
    }
}

//! The preset layer seen from the command line: `eval perdome` says which
//! values of a platform were measured, estimated or taken from a paper.
//! The built-in presets, the readers' errors, saving and the measured CSV
//! import are tested in the preset crate (`crates/preset/tests/presets.rs`).

use crate::common::catalog;

use hetscope::preset::*;

const MEASURED_ID: &str = "h100-node-measured";

fn proc_(c: &Catalog, id: &str) -> ProcessorPreset {
    c.processor(id)
        .unwrap_or_else(|| panic!("no {id}"))
        .1
        .clone()
}

#[test]
fn the_measured_node_says_which_values_were_measured() {
    // The PerDome/PeaPaw processors of the measured node: roofs measured,
    // the GPU's energy fitted to the board's runs, the host's estimated;
    // a paper's platform stays the paper's throughout; a spec-sheet
    // processor derives its roofs by Eq. 5-6.
    let kinds = |platform: &str| -> Vec<(String, String)> {
        let v = crate::common::eval(&[
            "eval",
            "perdome",
            "--platform",
            platform,
            "--workload",
            "perdome-sa",
        ]);
        v["sources"]
            .as_object()
            .expect("sources")
            .iter()
            .map(|(k, s)| (k.clone(), s["kind"].as_str().unwrap_or("").to_string()))
            .collect()
    };
    let node = kinds(MEASURED_ID);
    let kind = |k: &str| node.iter().find(|(n, _)| n == k).map(|(_, s)| s.as_str());
    for t in ["t_fC", "t_bC", "t_fG", "t_bG", "e_fG", "e_bG", "p_sG"] {
        assert_eq!(kind(t), Some("measured"), "{t}: {node:?}");
    }
    for e in ["e_fC", "e_bC", "p_sC"] {
        assert_eq!(kind(e), Some("estimate"), "{e}: {node:?}");
    }
    let paper = kinds("i7-gtx750-perdome");
    assert!(
        paper.len() == 10 && paper.iter().all(|(_, s)| s == "paper"),
        "{paper:?}"
    );
    let h100 = proc_(catalog(), "h100-sxm5");
    assert!(
        matches!(h100.source_of("t_f"), hetscope::model::platform::Source::Derived(r) if r.contains("Eq. 5-6"))
    );
}

//! Every model output the PerDome paper quotes, from its Table 1 and
//! Table 2 (seed 000). The quoted numbers are read from the paper check's
//! rows (`hetscope paper-check --paper perdome`), so a row and its test
//! cannot disagree; the tables below cross-check the presets the rows use.

use crate::common::catalog;
use crate::common::paper::{row, value};
use hetscope_core::paper_check::{
    Computed, Paper, Row, Status, paper_rows, rounds_to, status_mismatches,
};
use hetscope_model::perdome::{Platform, Processor, Wp, WpKind};
use hetscope_model::perdome::{evaluate, pdp_gflops};

/// PerDome Table 1 (no energy numbers there; energy does not enter a bound).
fn table1(name: &str) -> Processor {
    let (t_f, t_b) = match name {
        "i7" => (73.5, 65.9),
        "i3" => (200.0, 73.0),
        "titan" => (0.4, 4.1),
        "750" => (1.9, 14.8),
        _ => unreachable!(),
    };
    Processor {
        t_f,
        t_b,
        e_f: 1.0,
        e_b: 1.0,
        p_s: 0.0,
    }
}

fn platform(c: &str, g: &str) -> Platform {
    Platform {
        cpu: table1(c),
        gpu: table1(g),
    }
}

fn gflops(p: &Platform, i: f64, i_c: f64, i_g: f64) -> f64 {
    evaluate(p, Wp::new(i, i_c, i_g))
        .expect("valid partition")
        .gflops
}

/// The paper check's PerDome rows (the quoted numbers below are read
/// from them, so a row and its test cannot disagree).
fn rows() -> Vec<Row> {
    paper_rows(Paper::Perdome)
}

/// Every PerDome row of the paper check and its status.
const EXPECTED: [(&str, Status); 14] = [
    ("table1-tf-i7", Status::Reproduced),
    ("table1-tf-i3", Status::Reproduced),
    ("table1-tf-titan", Status::Reproduced),
    ("table1-tf-750", Status::Reproduced),
    ("sa-i7-750-pdp", Status::Reproduced),
    ("sa-i7-750-cp", Status::Reproduced),
    ("sa-i7-750-cp-vs-pdp", Status::Differs),
    ("sa-i3-750-cp-vs-pdp", Status::Differs),
    ("sa-i7-titan-cp-vs-pdp", Status::Differs),
    ("sa-i3-titan-cp-vs-pdp", Status::Reproduced),
    ("da-i7-750-cp1-vs-pdp", Status::Reproduced),
    ("da-order-i7-titan", Status::Reproduced),
    ("da-order-i3-750", Status::Reproduced),
    ("da-order-i3-titan", Status::Reproduced),
];

#[test]
fn every_row_has_its_expected_status() {
    let mismatches = status_mismatches(&rows(), &EXPECTED);
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[test]
fn the_presets_are_table_1() {
    // The rows use the `*-perdome` processor presets: they hold Table 1.
    let cat = catalog();
    for (name, id) in [
        ("i7", "i7-2600k-perdome"),
        ("i3", "i3-2100t-perdome"),
        ("titan", "gtx-titan-perdome"),
        ("750", "gtx-750-perdome"),
    ] {
        let p = cat.processor(id).expect("a preset").1.processor();
        assert_eq!((p.t_f, p.t_b), (table1(name).t_f, table1(name).t_b), "{id}");
    }
}

#[test]
fn table1_time_per_flop_is_one_flop_per_core_and_cycle() {
    // Table 1: t_f = 1 / (cores x base clock), printed rounded.
    let rows = rows();
    for (id, name, decimals) in [
        ("table1-tf-i7", "i7", 1),
        ("table1-tf-i3", "i3", 0),
        ("table1-tf-titan", "titan", 1),
        ("table1-tf-750", "750", 1),
    ] {
        let v = value(&rows, id);
        assert!(rounds_to(v, table1(name).t_f, decimals), "{id}: {v}");
    }
    // The Titan's 837 (MHz in the GHz column): 0.444 ps, printed 0.4.
    assert!((value(&rows, "table1-tf-titan") - 1000.0 / (2688.0 * 0.837)).abs() < 1e-9);
}

#[test]
fn sa_on_i7_gtx750_pdp_is_128_gflops() {
    // "p-DP ... (128 GFLOPS)": Table 2, SA, I = 1.7.
    let p = platform("i7", "750");
    let v = value(&rows(), "sa-i7-750-pdp");
    assert!((v - 128.0).abs() < 1.0, "p-DP = {v}");
    assert!((v - pdp_gflops(&p, 1.7)).abs() < 1e-9);
    assert!((v - gflops(&p, 1.7, 1.7, 1.7)).abs() < 1e-9);
}

#[test]
fn sa_on_i7_gtx750_cp_is_136_gflops() {
    // "CP has higher ... upper bound (136 GFLOPS)": CP (I_C, I_G) = (0.1, 2.0).
    let v = value(&rows(), "sa-i7-750-cp");
    assert!((v - 136.0).abs() < 1.0, "CP = {v}");
    assert!((v - gflops(&platform("i7", "750"), 1.7, 0.1, 2.0)).abs() < 1e-9);
}

fn cp_vs_pdp(c: &str, g: &str, i: f64, i_c: f64, i_g: f64) -> f64 {
    let p = platform(c, g);
    gflops(&p, i, i_c, i_g) / gflops(&p, i, i, i) - 1.0
}

#[test]
fn sa_cp_is_61_and_65_percent_below_pdp_on_titan_platforms() {
    // Quoted: CP's bound is 61% (i7+Titan) and 65% (i3+Titan) below p-DP.
    // Table 1 gives 61.8% and 64.9%: within one percentage point (the
    // 61.8% rounds to 62, so that row differs by the rounding rule).
    let rows = rows();
    let i7 = value(&rows, "sa-i7-titan-cp-vs-pdp") / 100.0;
    let i3 = value(&rows, "sa-i3-titan-cp-vs-pdp") / 100.0;
    assert!((i7 - 0.61).abs() <= 0.01, "i7+Titan: {i7}");
    assert!((i3 - 0.65).abs() <= 0.01, "i3+Titan: {i3}");
    assert!((i7 + cp_vs_pdp("i7", "titan", 1.7, 0.1, 2.0)).abs() < 1e-12);
    assert!((i3 + cp_vs_pdp("i3", "titan", 1.7, 0.1, 2.0)).abs() < 1e-12);
}

#[test]
fn sa_cp_above_pdp_on_gtx750_platforms_reading_of_14_and_17_percent() {
    // The paper says CP's bound is "14% and 17% higher" than p-DP's on
    // i7+GTX750 and i3+GTX750. Table 1 and 2 give +6.2% and +13.8%: the
    // direction (CP above p-DP on both) and the i3+GTX750 figure (14%)
    // reproduce; the i7+GTX750 figure does not, and 6.2% is what the
    // paper's own 128 and 136 GFLOP/s imply (136/128 - 1 = 6%). We keep the
    // model's numbers and test the reading that is consistent with them.
    let rows = rows();
    let i7 = value(&rows, "sa-i7-750-cp-vs-pdp") / 100.0;
    let i3 = value(&rows, "sa-i3-750-cp-vs-pdp") / 100.0;
    assert!((i7 - 0.062).abs() < 0.005, "i7+750: {i7}");
    assert!((i3 - 0.14).abs() < 0.005, "i3+750: {i3}");
    assert!(i7 > 0.0 && i3 > 0.0);
    assert!((i7 - cp_vs_pdp("i7", "750", 1.7, 0.1, 2.0)).abs() < 1e-12);
}

#[test]
fn da_cp1_is_7_percent_above_pdp_on_i7_gtx750() {
    // DA (I = 4.4), CP1 = (0.4, 5.4): 7% above p-DP on i7+GTX750.
    let r = value(&rows(), "da-i7-750-cp1-vs-pdp") / 100.0;
    assert!((r - 0.07).abs() < 0.006, "{r}");
    assert!((r - cp_vs_pdp("i7", "750", 4.4, 0.4, 5.4)).abs() < 1e-12);
}

#[test]
fn da_pdp_beats_cp1_beats_cp2_on_the_other_platforms() {
    let rows = rows();
    for (c, g) in [("i7", "titan"), ("i3", "750"), ("i3", "titan")] {
        let r = row(&rows, &format!("da-order-{c}-{g}"));
        assert_eq!(r.computed, Computed::Category("p-DP > CP1 > CP2".into()));
        let p = platform(c, g);
        let pdp = gflops(&p, 4.4, 4.4, 4.4);
        let cp1 = gflops(&p, 4.4, 0.4, 5.4);
        let cp2 = gflops(&p, 4.4, 1.5, 9.2);
        assert!(pdp > cp1 && cp1 > cp2, "{c}+{g}: {pdp} {cp1} {cp2}");
    }
}

#[test]
fn pdp_is_the_sum_of_cpu_only_and_gpu_only() {
    // "The performance upper bounds of p-DP is the aggregation of the ones
    // of CPU-only and GPU-only", and p-DP is above both.
    for (c, g) in [
        ("i7", "750"),
        ("i7", "titan"),
        ("i3", "750"),
        ("i3", "titan"),
    ] {
        let p = platform(c, g);
        for i in [1.7, 4.4] {
            let co = gflops(&p, i, i, 0.0);
            let go = gflops(&p, i, 0.0, i);
            let dp = gflops(&p, i, i, i);
            assert!((co + go - dp).abs() < 1e-9 * dp);
            assert!(dp > co && dp > go);
        }
    }
}

#[test]
fn table2_partitions_have_the_expected_kinds() {
    let k = |i, c, g| Wp::new(i, c, g).kind().unwrap();
    assert_eq!(k(4.4, 4.4, 0.0), WpKind::CpuOnly);
    assert_eq!(k(4.4, 0.0, 4.4), WpKind::GpuOnly);
    assert_eq!(k(4.4, 4.4, 4.4), WpKind::PerfectDp);
    assert_eq!(k(4.4, 0.4, 5.4), WpKind::Cp);
    assert_eq!(k(4.4, 1.5, 9.2), WpKind::Cp);
    assert_eq!(k(1.7, 0.1, 2.0), WpKind::Cp);
}

#[test]
fn points_outside_lemma_regions_are_no_such_partition() {
    let p = platform("i7", "750");
    for (c, g) in [(2.0, 3.0), (0.5, 1.0), (1.7, 3.0), (0.5, 1.7), (0.0, 0.0)] {
        let r = evaluate(&p, Wp::new(1.7, c, g));
        let msg = r.expect_err("outside the valid region").to_string();
        assert!(msg.contains("no such partition"), "{msg}");
    }
}

#[test]
fn cp_shares_add_up_and_match_eq_14() {
    let wp = Wp::new(1.7, 0.1, 2.0);
    let s = wp.cp_shares().unwrap();
    assert!((s.flops_c + s.flops_g - 1.0).abs() < 1e-12);
    assert!(((s.bytes_c + s.bytes_g) * 1.7 - 1.0).abs() < 1e-12);
    // Eq. 14: N_bC / N_bG = (I_G - I) / (I - I_C).
    assert!((s.bytes_c / s.bytes_g - (2.0 - 1.7) / (1.7 - 0.1)).abs() < 1e-12);
}

#[test]
fn invalid_values_are_clear_errors() {
    let p = platform("i7", "750");
    let e = evaluate(&p, Wp::new(0.0, 1.0, 1.0))
        .unwrap_err()
        .to_string();
    assert!(e.contains("I (intensity of the workload"), "{e}");
    let e = evaluate(&p, Wp::new(1.0, -1.0, 2.0))
        .unwrap_err()
        .to_string();
    assert!(e.contains("I_C (") && e.contains("0 or between"), "{e}");
    let mut bad = p;
    bad.cpu.t_f = 0.0;
    let e = evaluate(&bad, Wp::new(1.0, 1.0, 1.0))
        .unwrap_err()
        .to_string();
    assert!(e.contains("t_fC (time per flop on the CPU, ps)"), "{e}");
    bad.cpu.t_f = f64::NAN;
    assert!(evaluate(&bad, Wp::new(1.0, 1.0, 1.0)).is_err());
}

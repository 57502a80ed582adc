//! Every model output the PeaPaw paper quotes (seed 001): Section 6.4
//! percentages, Table V, Table VI, and the energy claims of 6.4.2-6.4.3.
//! The quoted numbers are read from the paper check's rows (`hetscope
//! paper-check --paper peapaw`), so a row and its test cannot disagree;
//! Table IV below cross-checks the presets the rows use.

use crate::common::catalog;
use crate::common::paper::{row, value};
use hetscope_core::paper_check::{
    Computed, Paper, Row, Status, paper_rows, rounds_to, status_mismatches,
};
use hetscope_model::perdome::classify::{EPaw, PPaw, classify};
use hetscope_model::perdome::{Platform, Processor, Wp};
use hetscope_model::perdome::{energy_best_dp, evaluate};

/// PeaPaw Table IV.
fn table4(name: &str) -> Processor {
    let (t_f, t_b, e_f, e_b, p_s) = match name {
        "i7" => (9.5, 65.9, 118.0, 462.0, 26.8),
        "i3" => (25.0, 73.0, 135.0, 581.0, 9.7),
        "titan" => (0.4, 4.2, 57.0, 187.0, 64.1),
        "750" => (1.9, 14.8, 78.0, 169.0, 16.4),
        _ => unreachable!(),
    };
    Processor {
        t_f,
        t_b,
        e_f,
        e_b,
        p_s,
    }
}

fn platform(c: &str, g: &str) -> Platform {
    Platform {
        cpu: table4(c),
        gpu: table4(g),
    }
}

/// Section 6.3 essential WP parameters: (I, CP's I_C, CP's I_G).
const SA: (f64, f64, f64) = (7.6, 0.1, 8.0);
const LA: (f64, f64, f64) = (0.24, 0.0, 0.25);
const DA: (f64, f64, f64) = (4.4, 1.1, 4.9);

fn rel(c: &str, g: &str, w: (f64, f64, f64), energy: bool) -> f64 {
    let p = platform(c, g);
    let cp = evaluate(&p, Wp::new(w.0, w.1, w.2)).unwrap();
    let dp = evaluate(&p, Wp::perfect_dp(w.0)).unwrap();
    if energy {
        cp.gflop_per_joule / dp.gflop_per_joule - 1.0
    } else {
        cp.gflops / dp.gflops - 1.0
    }
}

/// The paper check's PeaPaw rows.
fn rows() -> Vec<Row> {
    paper_rows(Paper::Peapaw)
}

/// A row's value as a fraction (the rows give percentages), checked
/// against the same quantity computed here from Table IV.
fn rel_row(rows: &[Row], id: &str, c: &str, g: &str, w: (f64, f64, f64), energy: bool) -> f64 {
    let v = value(rows, id) / 100.0;
    let own = rel(c, g, w, energy);
    assert!(
        (v - own).abs() < 1e-12,
        "{id}: {v} against Table IV's {own}"
    );
    v
}

/// Every PeaPaw row of the paper check and its status.
const EXPECTED: [(&str, Status); 48] = [
    ("table4-tf-i7", Status::Differs),
    ("table4-tf-i3", Status::Reproduced),
    ("table4-tf-titan", Status::Differs),
    ("table4-tf-750", Status::Differs),
    ("sa-perf-i7-titan", Status::Differs),
    ("sa-perf-i7-750", Status::Differs),
    ("sa-perf-i3-titan", Status::Reproduced),
    ("la-perf-i7-titan", Status::Differs),
    ("la-perf-i3-titan", Status::Differs),
    ("la-perf-i7-750", Status::Reproduced),
    ("la-perf-i3-750", Status::Reproduced),
    ("sa-ee-i7-titan", Status::Reproduced),
    ("sa-ee-i3-titan", Status::Reproduced),
    ("sa-ee-i3-750", Status::Reproduced),
    ("sa-ee-i7-750", Status::Differs),
    ("sa-ee-i3-titan-eq26-printed", Status::Differs),
    ("sa-best-ee-i3-750", Status::Reproduced),
    ("la-best-ee-i3-750", Status::Reproduced),
    ("da-best-ee-i3-750", Status::Reproduced),
    ("sa-best-ee-i3-titan", Status::Reproduced),
    ("la-best-ee-i3-titan", Status::Reproduced),
    ("da-best-ee-i3-titan", Status::Reproduced),
    ("table5-bl-i7", Status::Reproduced),
    ("table5-bl-i3", Status::Reproduced),
    ("table5-bl-titan", Status::Reproduced),
    ("table5-bl-750", Status::Reproduced),
    ("table5-bl-i7-table4", Status::Differs),
    ("table5-bl-titan-table4", Status::Differs),
    ("table5-ppaw-i7-titan", Status::Reproduced),
    ("table5-ppaw-i7-750", Status::Reproduced),
    ("table5-ppaw-i3-titan", Status::Reproduced),
    ("table5-ppaw-i3-750", Status::Reproduced),
    ("table6-dgpf-i7-titan", Status::Differs),
    ("table6-dgpb-i7-titan", Status::Differs),
    ("table6-ps-i7-titan", Status::Differs),
    ("table6-epaw-i7-titan", Status::Differs),
    ("table6-dgpf-i7-750", Status::Differs),
    ("table6-dgpb-i7-750", Status::Differs),
    ("table6-ps-i7-750", Status::Differs),
    ("table6-epaw-i7-750", Status::Reproduced),
    ("table6-dgpf-i3-titan", Status::Differs),
    ("table6-dgpb-i3-titan", Status::Differs),
    ("table6-ps-i3-titan", Status::Differs),
    ("table6-epaw-i3-titan", Status::Reproduced),
    ("table6-dgpf-i3-750", Status::Differs),
    ("table6-dgpb-i3-750", Status::Differs),
    ("table6-ps-i3-750", Status::Differs),
    ("table6-epaw-i3-750", Status::Reproduced),
];

#[test]
fn every_row_has_its_expected_status() {
    let mismatches = status_mismatches(&rows(), &EXPECTED);
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[test]
fn the_presets_are_table_iv() {
    // The rows use the `*-peapaw` processor presets: they hold Table IV.
    let cat = catalog();
    for (name, id) in [
        ("i7", "i7-2600k-peapaw"),
        ("i3", "i3-2100t-peapaw"),
        ("titan", "gtx-titan-peapaw"),
        ("750", "gtx-750-peapaw"),
    ] {
        let p = cat.processor(id).expect("a preset").1.processor();
        assert_eq!(p, table4(name), "{id}");
    }
}

#[test]
fn table_iv_time_per_flop_against_table_iii() {
    // Eq. 6 with Table III: the i3 reproduces; the i7 gives 9.19 ps
    // (printed 9.5), and the GPUs half of Table IV (issue width 2 printed,
    // width 1 used).
    let rows = rows();
    assert!((value(&rows, "table4-tf-i7") - 1000.0 / (4.0 * 3.4 * 8.0)).abs() < 1e-9);
    assert_eq!(value(&rows, "table4-tf-i3"), 25.0);
    for (id, name) in [("table4-tf-titan", "titan"), ("table4-tf-750", "750")] {
        let width_2 = value(&rows, id);
        let t_f = table4(name).t_f;
        assert!(rounds_to(2.0 * width_2, t_f, 1), "{id}: {width_2}");
    }
}

/// Quoted percentages are rounded to whole percent; we allow 1.5 points,
/// which every quoted figure but one (documented below) meets.
const TOL: f64 = 0.015;

#[test]
fn sa_cp_vs_dp_performance_6_4_1() {
    // CP 1% and 16% below DP on i7+Titan and i7+750; 3% above on i3+Titan.
    // The model gives -0.5%, -14.9%, +3.1%.
    let rows = rows();
    let r = |id, c, g| rel_row(&rows, id, c, g, SA, false);
    assert!((r("sa-perf-i7-titan", "i7", "titan") + 0.01).abs() < TOL);
    assert!((r("sa-perf-i7-750", "i7", "750") + 0.16).abs() < TOL);
    assert!((r("sa-perf-i3-titan", "i3", "titan") - 0.03).abs() < TOL);
}

#[test]
fn la_cp_vs_dp_performance_6_4_1() {
    // CP 1%, 8%, 15%, 13% below DP on i7+Titan, i3+Titan, i7+750, i3+750.
    // The model gives -2.1%, -1.5%, -14.9%, -13.4%. Three of four
    // reproduce within rounding; the i3+Titan "8%" does not follow from
    // Table IV and Section 6.3.2 (LA is memory bound on every processor,
    // so CP can lose at most the CPU's small byte share). We test the
    // direction there: CP below DP.
    let rows = rows();
    let r = |id, c, g| rel_row(&rows, id, c, g, LA, false);
    assert!((r("la-perf-i7-titan", "i7", "titan") + 0.01).abs() < TOL);
    let i3_titan = r("la-perf-i3-titan", "i3", "titan");
    assert!(i3_titan < 0.0 && i3_titan > -0.03, "{i3_titan}");
    assert!((r("la-perf-i7-750", "i7", "750") + 0.15).abs() < TOL);
    assert!((r("la-perf-i3-750", "i3", "750") + 0.13).abs() < TOL);
}

#[test]
fn sa_cp_vs_dp_energy_efficiency_6_4_2_confirms_derived_eq_26() {
    // CP 2%, 1%, 2% above DP on i7+Titan, i3+Titan, i3+750; 1% below on
    // i7+750. Derived from Eq. 25 the model gives +2.5%, +1.1%, +1.9%,
    // -0.4%. With Eq. 26 as printed (no I_C/I, I_G/I factors) i3+Titan
    // would be -31%: the paper's own numbers select the derived form.
    let rows = rows();
    let r = |id, c, g| rel_row(&rows, id, c, g, SA, true);
    assert!((r("sa-ee-i7-titan", "i7", "titan") - 0.02).abs() < TOL);
    assert!((r("sa-ee-i3-titan", "i3", "titan") - 0.01).abs() < TOL);
    assert!((r("sa-ee-i3-750", "i3", "750") - 0.02).abs() < TOL);
    assert!((r("sa-ee-i7-750", "i7", "750") + 0.01).abs() < TOL);
    let printed = value(&rows, "sa-ee-i3-titan-eq26-printed") / 100.0;
    assert!(printed < -0.25, "printed Eq. 26 gives {printed}");
    let own = printed_eq26_rel("i3", "titan", SA);
    assert!((printed - own).abs() < 1e-12, "{printed} against {own}");
}

/// Eq. 26 exactly as printed, for the SA case only (I_C, I_G both > 0).
fn printed_eq26_rel(c: &str, g: &str, w: (f64, f64, f64)) -> f64 {
    let p = platform(c, g);
    let (i, ic, ig) = w;
    let fc = (i - ig) / (ic - ig);
    let bc = (i - ig) / (i * (ic - ig));
    let fg = (i - ic) / (ig - ic);
    let bg = (i - ic) / (i * (ig - ic));
    let t = (p.cpu.t_f * fc)
        .max(p.cpu.t_b * bc)
        .max(p.gpu.t_f * fg)
        .max(p.gpu.t_b * bg);
    let e =
        p.cpu.e_f * fc + p.cpu.e_b * bc + p.gpu.e_f * fg + p.gpu.e_b * bg + p.static_power() * t;
    let dp = evaluate(&p, Wp::perfect_dp(i)).unwrap();
    (1000.0 / e) / dp.gflop_per_joule - 1.0
}

#[test]
fn go_is_most_energy_efficient_on_i3_platforms_for_all_case_studies() {
    // 6.4.2: on i3+750 GO has the lowest energy of the four WPs for SA, LA
    // and DA; 6.4.3: the same holds on i3+Titan (E-Paw GPU-only).
    let rows = rows();
    for g in ["750", "titan"] {
        for case in ["sa", "la", "da"] {
            let r = row(&rows, &format!("{case}-best-ee-i3-{g}"));
            assert_eq!(r.computed, Computed::Category("GO".into()), "{}", r.id);
        }
        let p = platform("i3", g);
        for w in [SA, LA, DA] {
            let ee = |wp: Wp| evaluate(&p, wp).unwrap().gflop_per_joule;
            let go = ee(Wp::gpu_only(w.0));
            for other in [
                Wp::cpu_only(w.0),
                Wp::perfect_dp(w.0),
                Wp::new(w.0, w.1, w.2),
            ] {
                assert!(go > ee(other), "i3+{g}, I = {}: GO {go} vs {other:?}", w.0);
            }
            assert_eq!(energy_best_dp(&p, w.0).unwrap().choice.name(), "GPU-only");
        }
    }
}

#[test]
fn table_v_balances_come_from_perdome_table_1() {
    // Table V: BL_C 0.9 (i7), 0.4 (i3); BL_G 10.3 (Titan), 7.8 (GTX 750).
    // These are PerDome Table 1's t_b / t_f (Titan t_b = 4.1, i7 t_f =
    // 73.5); Table IV's values would give 6.9 for the i7 and 10.5 for the
    // Titan. Every platform is CPU_MEM-GPU_COMP under either table.
    let t1 = |t_f: f64, t_b: f64| Processor {
        t_f,
        t_b,
        e_f: 1.0,
        e_b: 1.0,
        p_s: 0.0,
    };
    let i7 = t1(73.5, 65.9);
    let i3 = t1(200.0, 73.0);
    let titan = t1(0.4, 4.1);
    let gtx = t1(1.9, 14.8);
    // Quoted to one decimal (Titan: 4.1 / 0.4 = 10.25, printed 10.3).
    let quoted = |v: f64, q: f64| (v - q).abs() <= 0.05 + 1e-9;
    let rows = rows();
    for (id, p, q) in [
        ("table5-bl-i7", i7, 0.9),
        ("table5-bl-i3", i3, 0.4),
        ("table5-bl-titan", titan, 10.3),
        ("table5-bl-750", gtx, 7.8),
    ] {
        let v = value(&rows, id);
        assert!(quoted(v, q), "{id}: {v}");
        assert!((v - p.balance()).abs() < 1e-12, "{id}: {v}");
    }
    let i7_t4 = value(&rows, "table5-bl-i7-table4");
    assert!(!quoted(i7_t4, 0.9), "Table IV's i7 would not give 0.9");
    assert!((i7_t4 - table4("i7").balance()).abs() < 1e-12);
    assert!((value(&rows, "table5-bl-titan-table4") - 10.5).abs() < 1e-9);
    for (c, g) in ["i7-titan", "i7-750", "i3-titan", "i3-750"].map(|p| p.split_once('-').unwrap()) {
        let r = row(&rows, &format!("table5-ppaw-{c}-{g}"));
        assert_eq!(r.computed, Computed::Category("CPU_MEM-GPU_COMP".into()));
    }
    for (c, g) in [(i7, titan), (i7, gtx), (i3, titan), (i3, gtx)] {
        assert_eq!(
            classify(&Platform { cpu: c, gpu: g }).p_paw,
            PPaw::CpuMemGpuComp
        );
    }
    for (c, g) in [
        ("i7", "titan"),
        ("i7", "750"),
        ("i3", "titan"),
        ("i3", "750"),
    ] {
        assert_eq!(classify(&platform(c, g)).p_paw, PPaw::CpuMemGpuComp);
    }
}

#[test]
fn table_vi_categories_as_far_as_reproducible() {
    // Table VI's dGP_f, dGP_b and even p_sC + p_sG columns do not follow
    // from Table IV (e.g. i7+Titan: p_sC + p_sG = 90.9 W, Table VI 89.2;
    // dGP_f = 24.6 pJ, Table VI 311.5). Computed from Table IV with
    // Eq. 28-29, three of the four platforms land in Table VI's category:
    let rows = rows();
    let named = |id: &str| row(&rows, id).computed.clone();
    assert_eq!(
        named("table6-epaw-i7-750"),
        Computed::Category("Race-to-halt".into())
    );
    assert_eq!(
        named("table6-epaw-i3-titan"),
        Computed::Category("GPU-only".into())
    );
    assert_eq!(
        named("table6-epaw-i3-750"),
        Computed::Category("GPU-only".into())
    );
    let cat = |c, g| classify(&platform(c, g)).e_paw;
    assert_eq!(cat("i7", "750"), EPaw::RaceToHalt);
    assert_eq!(cat("i3", "titan"), EPaw::GpuOnly);
    assert_eq!(cat("i3", "750"), EPaw::GpuOnly);
    // i7+Titan: Table VI says CPU_MEM-GPU_MEM, which needs dGP_f < 0 and
    // dGP_b > 0. Table IV gives dGP_f = +24.6 pJ and dGP_b = -106.8 pJ, so
    // the sum is negative and, by the precedence of Section 5.2's list,
    // the platform is Race-to-halt (it also meets CPU_COMP-GPU_COMP's
    // identifier, never CPU_MEM-GPU_MEM's).
    let c = classify(&platform("i7", "titan"));
    let (dgp_f, dgp_b) = (
        value(&rows, "table6-dgpf-i7-titan"),
        value(&rows, "table6-dgpb-i7-titan"),
    );
    assert!((dgp_f - 24.64).abs() < 0.01, "{dgp_f}");
    assert!((dgp_b + 106.78).abs() < 0.01, "{dgp_b}");
    assert_eq!((dgp_f, dgp_b), (c.dgp_f, c.dgp_b));
    assert_eq!(c.e_paw, EPaw::RaceToHalt);
    assert_eq!(
        named("table6-epaw-i7-titan"),
        Computed::Category("Race-to-halt".into())
    );
    let ps = value(&rows, "table6-ps-i7-titan");
    assert!((ps - 90.9).abs() < 1e-9);
    assert!((platform("i7", "titan").static_power() - ps).abs() < 1e-12);
}

#[test]
fn cp_points_of_6_3_are_valid_partitions() {
    for (i, ic, ig) in [SA, LA, DA] {
        let p = platform("i7", "titan");
        assert!(evaluate(&p, Wp::new(i, ic, ig)).is_ok());
    }
}

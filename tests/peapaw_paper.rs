//! Every model output the PeaPaw paper quotes (seed 001): Section 6.4
//! percentages, Table V, Table VI, and the energy claims of 6.4.2-6.4.3.

use hetscope::model::perdome::classify::{EPaw, PPaw, classify};
use hetscope::model::perdome::{Platform, Processor, Wp};
use hetscope::model::perdome::{energy_best_dp, evaluate};

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

/// Quoted percentages are rounded to whole percent; we allow 1.5 points,
/// which every quoted figure but one (documented below) meets.
const TOL: f64 = 0.015;

#[test]
fn sa_cp_vs_dp_performance_6_4_1() {
    // CP 1% and 16% below DP on i7+Titan and i7+750; 3% above on i3+Titan.
    // The model gives -0.5%, -14.9%, +3.1%.
    assert!((rel("i7", "titan", SA, false) + 0.01).abs() < TOL);
    assert!((rel("i7", "750", SA, false) + 0.16).abs() < TOL);
    assert!((rel("i3", "titan", SA, false) - 0.03).abs() < TOL);
}

#[test]
fn la_cp_vs_dp_performance_6_4_1() {
    // CP 1%, 8%, 15%, 13% below DP on i7+Titan, i3+Titan, i7+750, i3+750.
    // The model gives -2.1%, -1.5%, -14.9%, -13.4%. Three of four
    // reproduce within rounding; the i3+Titan "8%" does not follow from
    // Table IV and Section 6.3.2 (LA is memory bound on every processor,
    // so CP can lose at most the CPU's small byte share). We test the
    // direction there: CP below DP.
    assert!((rel("i7", "titan", LA, false) + 0.01).abs() < TOL);
    let i3_titan = rel("i3", "titan", LA, false);
    assert!(i3_titan < 0.0 && i3_titan > -0.03, "{i3_titan}");
    assert!((rel("i7", "750", LA, false) + 0.15).abs() < TOL);
    assert!((rel("i3", "750", LA, false) + 0.13).abs() < TOL);
}

#[test]
fn sa_cp_vs_dp_energy_efficiency_6_4_2_confirms_derived_eq_26() {
    // CP 2%, 1%, 2% above DP on i7+Titan, i3+Titan, i3+750; 1% below on
    // i7+750. Derived from Eq. 25 the model gives +2.5%, +1.1%, +1.9%,
    // -0.4%. With Eq. 26 as printed (no I_C/I, I_G/I factors) i3+Titan
    // would be -31%: the paper's own numbers select the derived form.
    assert!((rel("i7", "titan", SA, true) - 0.02).abs() < TOL);
    assert!((rel("i3", "titan", SA, true) - 0.01).abs() < TOL);
    assert!((rel("i3", "750", SA, true) - 0.02).abs() < TOL);
    assert!((rel("i7", "750", SA, true) + 0.01).abs() < TOL);
    let printed = printed_eq26_rel("i3", "titan", SA);
    assert!(printed < -0.25, "printed Eq. 26 gives {printed}");
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
    for g in ["750", "titan"] {
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
    assert!(quoted(i7.balance(), 0.9));
    assert!(quoted(i3.balance(), 0.4));
    assert!(quoted(titan.balance(), 10.3));
    assert!(quoted(gtx.balance(), 7.8));
    assert!(
        !quoted(table4("i7").balance(), 0.9),
        "Table IV's i7 would not give 0.9"
    );
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
    assert!((c.dgp_f - 24.64).abs() < 0.01, "{}", c.dgp_f);
    assert!((c.dgp_b + 106.78).abs() < 0.01, "{}", c.dgp_b);
    assert_eq!(c.e_paw, EPaw::RaceToHalt);
    assert!((platform("i7", "titan").static_power() - 90.9).abs() < 1e-9);
}

#[test]
fn cp_points_of_6_3_are_valid_partitions() {
    for (i, ic, ig) in [SA, LA, DA] {
        let p = platform("i7", "titan");
        assert!(evaluate(&p, Wp::new(i, ic, ig)).is_ok());
    }
}

//! The optimum search: never below the named partitions or the paper's CP
//! points, and it finds the known better CP on i7+GTX750 (PerDome SA).

use hetscope_model::perdome::evaluate;
use hetscope_model::perdome::optimum::search;
use hetscope_model::perdome::{Platform, Processor, Wp, WpKind};

fn p(cpu: (f64, f64, f64, f64, f64), gpu: (f64, f64, f64, f64, f64)) -> Platform {
    let m = |t: (f64, f64, f64, f64, f64)| Processor {
        t_f: t.0,
        t_b: t.1,
        e_f: t.2,
        e_b: t.3,
        p_s: t.4,
    };
    Platform {
        cpu: m(cpu),
        gpu: m(gpu),
    }
}

const I7: (f64, f64, f64, f64, f64) = (73.5, 65.9, 118.0, 462.0, 26.8);
const GTX750: (f64, f64, f64, f64, f64) = (1.9, 14.8, 78.0, 169.0, 16.4);
const TITAN: (f64, f64, f64, f64, f64) = (0.4, 4.1, 57.0, 187.0, 64.1);

#[test]
fn sa_on_i7_gtx750_finds_a_cp_above_the_papers_136_gflops() {
    let plat = p(I7, GTX750);
    let o = search(&plat, 1.7).unwrap();
    let paper_cp = evaluate(&plat, Wp::new(1.7, 0.1, 2.0)).unwrap().gflops;
    assert_eq!(o.best_performance.eval.kind, WpKind::Cp);
    assert!(
        o.best_performance.value >= paper_cp - 1e-9,
        "{} < {paper_cp}",
        o.best_performance.value
    );
    assert!(o.best_performance.gain_over_pdp > 0.06);
    // The optimum is a real partition: re-evaluating it gives its value.
    let again = evaluate(&plat, o.best_performance.eval.wp).unwrap().gflops;
    assert!((again - o.best_performance.value).abs() < 1e-9 * again);
}

#[test]
fn optimum_is_never_below_pdp_co_go() {
    for (c, g) in [
        (I7, GTX750),
        (I7, TITAN),
        ((200.0, 73.0, 135.0, 581.0, 9.7), GTX750),
    ] {
        let plat = p(c, g);
        for i in [0.05, 0.24, 1.7, 4.4, 7.6, 100.0] {
            let o = search(&plat, i).unwrap();
            for r in [o.pdp, o.cpu_only, o.gpu_only] {
                assert!(o.best_performance.value >= r.gflops * (1.0 - 1e-12));
                assert!(o.best_energy.value >= r.gflop_per_joule * (1.0 - 1e-12));
            }
            assert!(o.best_energy.value >= o.energy_best_dp.eval.gflop_per_joule * (1.0 - 1e-12));
        }
    }
}

#[test]
fn equal_balance_optimum_is_pdp() {
    // Observation 5.1: with BL_C = BL_G nothing beats p-DP.
    let plat = p(
        (10.0, 20.0, 100.0, 100.0, 10.0),
        (1.0, 2.0, 50.0, 50.0, 10.0),
    );
    for i in [0.1, 1.0, 2.0, 10.0] {
        let o = search(&plat, i).unwrap();
        assert!(
            o.best_performance.gain_over_pdp.abs() < 1e-6,
            "I = {i}: {:?}",
            o.best_performance
        );
    }
}

#[test]
fn invalid_intensity_is_an_error_not_a_number() {
    let plat = p(I7, GTX750);
    assert!(search(&plat, 0.0).is_err());
    assert!(search(&plat, -1.0).is_err());
    assert!(search(&plat, f64::NAN).is_err());
}

//! The energy-parameter fit reproduces the H100 fit shipped with the
//! measured data (assets/data/README: e_f 8.8 pJ, e_b 137 pJ, p_s 63 W;
//! with p_s fixed at the idle 125.75 W: 7.6 pJ and 113 pJ), which the H100
//! presets use.

use hetscope_model::perdome::energy_fit::{EnergyRun, FitError, fit};

fn runs() -> Vec<EnergyRun> {
    let text = include_str!("../../../assets/data/h100-energy-runs.csv");
    let mut out = Vec::new();
    for line in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let f: Vec<f64> = line
            .split(',')
            .map(|v| v.trim().parse::<f64>().unwrap())
            .collect();
        // k,launches,time_s,energy_j,n_flops,n_bytes
        out.push(EnergyRun {
            time_s: f[2],
            energy_j: f[3],
            n_flops: f[4],
            n_bytes: f[5],
        });
    }
    out
}

#[test]
fn free_fit_matches_the_published_h100_parameters() {
    let r = runs();
    assert_eq!(r.len(), 8);
    let f = fit(&r, None).unwrap();
    assert!((f.e_f_pj - 8.8).abs() < 0.05, "e_f = {}", f.e_f_pj);
    assert!((f.e_b_pj - 137.0).abs() < 0.5, "e_b = {}", f.e_b_pj);
    assert!((f.p_s_w - 63.0).abs() < 0.5, "p_s = {}", f.p_s_w);
    assert!(
        f.max_abs_residual() < 0.11,
        "worst residual {}",
        f.max_abs_residual()
    );
}

#[test]
fn fit_with_idle_power_fixed_matches_too() {
    let f = fit(&runs(), Some(125.75)).unwrap();
    assert!((f.e_f_pj - 7.6).abs() < 0.05, "e_f = {}", f.e_f_pj);
    assert!((f.e_b_pj - 113.0).abs() < 0.5, "e_b = {}", f.e_b_pj);
    assert_eq!(f.p_s_w, 125.75);
    // "within 12 %": the worst row is 12.05 %.
    assert!(
        f.max_abs_residual() < 0.125,
        "worst residual {}",
        f.max_abs_residual()
    );
}

#[test]
fn degenerate_runs_are_errors() {
    let one = EnergyRun {
        n_flops: 1e12,
        n_bytes: 1e12,
        time_s: 1.0,
        energy_j: 100.0,
    };
    assert_eq!(
        fit(&[one], None),
        Err(FitError::TooFewRuns { needed: 3, got: 1 })
    );
    // Three identical runs cannot separate the three parameters.
    assert_eq!(fit(&[one, one, one], None), Err(FitError::Singular));
    let bad = EnergyRun {
        energy_j: f64::NAN,
        ..one
    };
    assert_eq!(
        fit(&[one, bad, one], None),
        Err(FitError::BadRun { index: 2 })
    );
}

//! Property tests of the PerDome / PeaPaw models.

use hetscope_model::perdome::classify::{EPaw, classify};
use hetscope_model::perdome::evaluate;
use hetscope_model::perdome::grid::{self, GridSpec};
use hetscope_model::perdome::{Platform, Processor, Shares, Wp};
use proptest::prelude::*;

fn processor() -> impl Strategy<Value = Processor> {
    (
        -3.0f64..3.0,
        -2.0f64..3.0,
        0.0f64..3.0,
        0.0f64..3.0,
        0.0f64..300.0,
    )
        .prop_map(|(tf, tb, ef, eb, ps)| Processor {
            t_f: 10f64.powf(tf),
            t_b: 10f64.powf(tb),
            e_f: 10f64.powf(ef),
            e_b: 10f64.powf(eb),
            p_s: ps,
        })
}

/// A valid CP partition (I, I_C, I_G): one intensity above I, one below
/// (possibly 0).
fn cp_partition() -> impl Strategy<Value = Wp> {
    (
        -4.0f64..6.0,
        0.01f64..8.0,
        0.01f64..8.0,
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(li, below, above, cpu_below, zero)| {
            let i = li.exp2();
            let lo = if zero { 0.0 } else { (li - below).exp2() };
            let hi = (li + above).exp2();
            if cpu_below {
                Wp::new(i, lo, hi)
            } else {
                Wp::new(i, hi, lo)
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Observation 5.1: with equal machine balance no CP point beats p-DP.
    #[test]
    fn equal_balance_pdp_is_never_beaten(
        cpu in processor(),
        scale in -3.0f64..3.0,
        eb in 0.0f64..3.0,
        wp in cp_partition(),
    ) {
        // A GPU with the CPU's balance: both times scaled by one factor.
        let k = 10f64.powf(scale);
        let gpu = Processor { t_f: cpu.t_f * k, t_b: cpu.t_b * k, e_f: 1.0, e_b: 10f64.powf(eb), p_s: 1.0 };
        let p = Platform { cpu, gpu };
        let dp = evaluate(&p, Wp::perfect_dp(wp.i)).unwrap().gflops;
        let cp = evaluate(&p, wp).unwrap().gflops;
        prop_assert!(cp <= dp * (1.0 + 1e-9), "CP {cp} > p-DP {dp}");
    }

    /// Observation 5.2: in the GPU-only E-Paw category, GO has the lowest
    /// energy of all valid partitions (CP points and data splits).
    #[test]
    fn gpu_only_category_go_is_most_energy_efficient(
        gpu in processor(),
        cpu_t in (-3.0f64..3.0, -2.0f64..3.0),
        extra in (0.001f64..500.0, 0.001f64..500.0),
        cpu_ps in 0.0f64..300.0,
        wp in cp_partition(),
        split in 0.0f64..1.0,
    ) {
        let ps = gpu.p_s + cpu_ps;
        // dGP_f, dGP_b > 0 and the GPU cheaper per flop and per byte.
        let cpu = Processor {
            t_f: 10f64.powf(cpu_t.0),
            t_b: 10f64.powf(cpu_t.1),
            e_f: gpu.e_f + ps * gpu.t_f + extra.0,
            e_b: gpu.e_b + ps * gpu.t_b + extra.1,
            p_s: cpu_ps,
        };
        let p = Platform { cpu, gpu };
        prop_assert_eq!(classify(&p).e_paw, EPaw::GpuOnly);
        let go = evaluate(&p, Wp::gpu_only(wp.i)).unwrap().gflop_per_joule;
        let cp = evaluate(&p, wp).unwrap().gflop_per_joule;
        prop_assert!(go >= cp * (1.0 - 1e-9), "GO {go} < CP {cp}");
        let s = Shares::data_partition(wp.i, split);
        let t = hetscope_model::perdome::time_per_flop(&p, &s);
        let e = hetscope_model::perdome::energy_per_flop(&p, &s);
        // Static power runs for the whole time: the energy per flop holds
        // at least (p_sC + p_sG) x T / N_f (W x ps = pJ, PeaPaw Eq. 21-25).
        prop_assert!(e >= p.static_power() * t * (1.0 - 1e-9), "e {e} < p_s t {}", p.static_power() * t);
        prop_assert!(go >= (1000.0 / e) * (1.0 - 1e-9), "GO {go} < DP split {split}");
    }

    /// Swapping the CPU's and GPU's parameters mirrors the surface:
    /// value(swapped, I, I_G, I_C) = value(original, I, I_C, I_G).
    #[test]
    fn swapping_processors_mirrors_the_surface(
        cpu in processor(),
        gpu in processor(),
        wp in cp_partition(),
    ) {
        let p = Platform { cpu, gpu };
        let a = evaluate(&p, wp).unwrap();
        let b = evaluate(&p.swapped(), Wp::new(wp.i, wp.i_g, wp.i_c)).unwrap();
        prop_assert!((a.gflops / b.gflops - 1.0).abs() < 1e-9);
        prop_assert!((a.gflop_per_joule / b.gflop_per_joule - 1.0).abs() < 1e-9);
    }

    /// A point is valid exactly when Lemma 2 allows it.
    #[test]
    fn validity_follows_lemma_2(li in -4.0f64..6.0, dc in -6.0f64..6.0, dg in -6.0f64..6.0) {
        let i = li.exp2();
        let (ic, ig) = ((li + dc).exp2(), (li + dg).exp2());
        let p = Platform {
            cpu: Processor { t_f: 10.0, t_b: 10.0, e_f: 100.0, e_b: 100.0, p_s: 10.0 },
            gpu: Processor { t_f: 1.0, t_b: 5.0, e_f: 50.0, e_b: 100.0, p_s: 10.0 },
        };
        let valid = (ic > i) != (ig > i);
        let r = evaluate(&p, Wp::new(i, ic, ig));
        prop_assert_eq!(r.is_ok(), valid);
        if let Ok(e) = r {
            prop_assert!(e.gflops.is_finite() && e.gflops > 0.0);
            prop_assert!(e.gflop_per_joule.is_finite() && e.gflop_per_joule > 0.0);
        }
    }
}

#[test]
fn grid_cells_equal_the_model_at_their_centres() {
    let p = Platform {
        cpu: Processor {
            t_f: 73.5,
            t_b: 65.9,
            e_f: 118.0,
            e_b: 462.0,
            p_s: 26.8,
        },
        gpu: Processor {
            t_f: 1.9,
            t_b: 14.8,
            e_f: 78.0,
            e_b: 169.0,
            p_s: 16.4,
        },
    };
    let spec = GridSpec::centred(1.7, 6.0, 64);
    let g = grid::compute(&p, spec);
    let mut checked = 0;
    for iy in (0..64).step_by(7) {
        for ix in (0..64).step_by(5) {
            let wp = Wp::new(1.7, spec.x_centre(ix).exp2(), spec.y_centre(iy).exp2());
            match (
                evaluate(&p, wp),
                g.performance.get(ix, iy),
                g.energy.get(ix, iy),
            ) {
                (Ok(e), Some(v), Some(w)) => {
                    assert!((e.gflops / v - 1.0).abs() < 1e-5);
                    assert!((e.gflop_per_joule / w - 1.0).abs() < 1e-5);
                    checked += 1;
                }
                (Err(_), None, None) => {}
                other => panic!("cell ({ix},{iy}) disagrees: {other:?}"),
            }
        }
    }
    assert!(checked > 20);
    // The performance-only kernel gives the same numbers.
    let alone = grid::compute_performance(&p, spec);
    for iy in 0..64 {
        for ix in 0..64 {
            let a = alone[iy * 64 + ix];
            match g.performance.get(ix, iy) {
                Some(v) => assert!((a as f64 / v - 1.0).abs() < 1e-6),
                None => assert!(a.is_nan()),
            }
        }
    }
    // Half of the cells are valid (two of four quadrants).
    assert_eq!(g.performance.valid_count(), 64 * 64 / 2);
    // Zero edges: I_C = 0 valid for I_G > I only.
    let valid_edge = g
        .performance
        .edge_ic0
        .iter()
        .filter(|v| v.is_some())
        .count();
    assert_eq!(valid_edge, 32);
}

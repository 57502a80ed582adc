//! Every model evaluates to finite numbers at the corners of every
//! parameter range: each parameter alone at both ends, every combination
//! of ends (PerDome, boat hull) and many random combinations of ends
//! (offload, Hong & Kim).

use crate::common::catalog;
use hetscope::model::Range;
use hetscope::model::boathull::{
    BoathullParam, Class, ClassOptions, ClassShape, ClassVars, CpuAssumptions, GpuAssumptions,
    Machine, table1_examples,
};
use hetscope::model::fpm::{
    Contention, Device, FpmDevice, FpmParam, Method, OutOfCore, SpeedPoint, effective_speeds,
    partition,
};
use hetscope::model::offload::{
    GpuKernel, GpuMachine, KERNEL_PARAMS, OffloadParam, PROBLEM_SIZE, Platform, decide,
    set_hong_kim,
};
use hetscope::model::perdome::partition::{INTENSITY_MAX, INTENSITY_MIN, intensity_range};
use hetscope::model::perdome::{
    Analysis, Case, Param, Platform as PerdomePlatform, Processor, Resolution, Side, Specs, Wp,
    classify::classify, energy_best_dp, evaluate,
};

fn finite(what: &str, values: &[f64]) {
    for v in values {
        assert!(v.is_finite(), "{what}: {values:?}");
    }
}

/// Both ends of a range; 0 too where it is allowed besides.
fn ends(r: &Range) -> Vec<f64> {
    let mut v = vec![r.min, r.max];
    if r.zero {
        v.push(0.0);
    }
    v
}

/// Every combination of both ends of the ten PerDome machine parameters.
fn perdome_platforms() -> Vec<PerdomePlatform> {
    let params: Vec<(Side, Param)> = [Side::Cpu, Side::Gpu]
        .into_iter()
        .flat_map(|s| Param::ALL.map(|p| (s, p)))
        .collect();
    let base = Processor {
        t_f: 1.0,
        t_b: 1.0,
        e_f: 1.0,
        e_b: 1.0,
        p_s: 1.0,
    };
    (0..1u32 << params.len())
        .map(|bits| {
            let mut p = PerdomePlatform {
                cpu: base,
                gpu: base,
            };
            for (k, (side, param)) in params.iter().enumerate() {
                let r = param.range();
                let v = if bits & (1 << k) == 0 { r.min } else { r.max };
                p.side_mut(*side).set(*param, v);
            }
            p
        })
        .collect()
}

#[test]
fn perdome_corners_are_finite() {
    let intensities = [INTENSITY_MIN, 1.0, INTENSITY_MAX];
    for p in perdome_platforms() {
        p.validate().expect("corners are in range");
        let c = classify(&p);
        finite("classification", &[c.bl_c, c.bl_g, c.dgp_f, c.dgp_b]);
        for i in intensities {
            let wps = [
                Wp::perfect_dp(i),
                Wp::cpu_only(i),
                Wp::gpu_only(i),
                Wp::new(i, INTENSITY_MAX, 0.0),
                Wp::new(i, 0.0, INTENSITY_MAX),
                Wp::new(i, INTENSITY_MAX, INTENSITY_MIN),
                Wp::new(i, INTENSITY_MIN, INTENSITY_MAX),
            ];
            for wp in wps.into_iter().filter(|w| w.kind().is_ok()) {
                let e = evaluate(&p, wp).expect("a valid partition");
                let values = [
                    e.gflops,
                    e.time_per_flop_ps,
                    e.energy_per_flop_pj,
                    e.gflop_per_joule,
                ];
                finite(&format!("{p:?} {wp:?}"), &values);
                assert!(values.iter().all(|v| *v > 0.0), "{p:?} {wp:?}: {values:?}");
            }
            let d = energy_best_dp(&p, i).expect("a DP");
            finite("energy-best DP", &[d.eval.gflop_per_joule, d.cpu_fraction]);
        }
    }
}

#[test]
fn perdome_analysis_at_each_parameter_end_is_finite() {
    let base = hetscope::preset::defaults::PLATFORM;
    let cat = catalog();
    let platform = hetscope::preset::perdome::platform_arg(base, cat).expect("default platform");
    for side in [Side::Cpu, Side::Gpu] {
        for param in Param::ALL {
            for v in ends(&param.range()) {
                for i in ends(&intensity_range(false)) {
                    let mut p = platform.platform;
                    p.side_mut(side).set(param, v);
                    let s = Case {
                        platform_name: "corner".into(),
                        platform: p,
                        workload_name: "corner".into(),
                        i,
                        partitions: Vec::new(),
                    };
                    let res = Resolution {
                        heatmap: 16,
                        surface: 8,
                    };
                    let a = Analysis::compute(&s, res).expect("in range");
                    let o = &a.optima;
                    finite(
                        &format!("{side:?} {param:?} = {v}, I = {i}"),
                        &[
                            o.best_performance.value,
                            o.best_energy.value,
                            o.pdp.gflops,
                            o.cpu_only.gflop_per_joule,
                            o.gpu_only.gflop_per_joule,
                        ],
                    );
                }
            }
        }
    }
}

#[test]
fn specs_in_range_either_give_parameters_in_range_or_say_which_is_not() {
    let [cores, clock, width, bw] = Specs::FIELDS.map(|f| f.2);
    for c in ends(&cores) {
        for f in ends(&clock) {
            for w in ends(&width) {
                for b in ends(&bw) {
                    let s = Specs {
                        cores: c,
                        clock_ghz: f,
                        issue_width: w,
                        bandwidth_gbs: b,
                    };
                    finite("specs", &[s.t_f_ps(), s.t_b_ps()]);
                    if let Err(e) = s.validate(Side::Cpu) {
                        assert!(e.to_string().contains("t_fC ("), "{e}");
                    }
                }
            }
        }
    }
}

/// Every Table 1 example and a few huge classes.
fn classes() -> Vec<Class> {
    let mut v: Vec<Class> = table1_examples()
        .into_iter()
        .map(|(_, name)| Class::parse(&name).expect("an example parses"))
        .collect();
    let big = 1_000_000;
    v.push(Class::from_shape(ClassShape::Element { a: big, b: big }));
    v.push(Class::from_shape(ClassShape::Pairwise { a: big, b: big }));
    v.push(Class::from_shape(ClassShape::Neighbourhood2d {
        a: big,
        b: big,
        n: 999,
        m: 999,
    }));
    v
}

#[test]
fn boathull_corners_are_finite() {
    let options = ClassOptions::default();
    for side in [Side::Gpu, Side::Cpu] {
        let params: Vec<BoathullParam> = BoathullParam::of(side)
            .into_iter()
            .filter(|p| *p != BoathullParam::F)
            .collect();
        for bits in 0..1u32 << params.len() {
            let mut m = match side {
                Side::Gpu => Machine::Gpu(hetscope::model::boathull::Gpu::GTX470),
                Side::Cpu => Machine::Cpu(hetscope::model::boathull::Cpu::I7_930),
            };
            for (k, p) in params.iter().enumerate() {
                let r = p.range();
                let v = if bits & (1 << k) == 0 { r.min } else { r.max };
                assert!(p.set(&mut m, v).expect("in range"), "{p:?}");
            }
            for class in classes() {
                for f in ends(&BoathullParam::F.range()) {
                    let what = format!("{m:?} {class} f = {f}");
                    match m {
                        Machine::Gpu(g) => {
                            let vars = ClassVars::gpu(class.shape(), &options);
                            let t = g.times(&vars, f).expect("in range");
                            let r = t.range(GpuAssumptions::UNKNOWN);
                            finite(&what, &[t.c0_s, t.m0_s, t.t0_s, r.low_s, r.high_s]);
                            finite(&what, &[g.transfer_s(1e18)]);
                        }
                        Machine::Cpu(c) => {
                            let vars = ClassVars::cpu(class.shape(), &options);
                            let t = c.times(&vars, f).expect("in range");
                            let r = t.range(CpuAssumptions::UNKNOWN);
                            finite(&what, &[t.c3_s, t.m0_s, r.low_s, r.high_s]);
                        }
                    }
                }
            }
        }
    }
}

/// Set `p` to `v` on `platform`, moving the other end of the block limit
/// along where a block would no longer fit an SM.
fn set_offload(platform: &mut Platform, p: OffloadParam, v: f64) {
    let fits = |pl: &Platform| pl.runtime.threads_per_block <= pl.gpu.max_threads_per_sm;
    platform.set_param(p, v).expect("in range");
    if !fits(platform) {
        let other = match p {
            OffloadParam::ThreadsPerBlock => (OffloadParam::MaxThreadsPerSm, v),
            _ => (OffloadParam::ThreadsPerBlock, v),
        };
        platform.set_param(other.0, other.1).expect("in range");
    }
    platform.check().expect("a valid platform");
}

#[test]
fn offload_corners_are_finite() {
    let cat = catalog();
    let (_, preset) = cat
        .offload_platform("h100-node-offload")
        .expect("the H100 node");
    for p in OffloadParam::all() {
        for v in ends(&p.range()) {
            let mut platform = preset.to_model().expect("a valid preset");
            set_offload(&mut platform, p, v);
            let launch = platform.runtime.launch(&platform.gpu);
            for (_, k) in cat.offload_kernels() {
                let kernel = k.to_model(&launch).expect("a valid kernel");
                for n in [k.test_size as f64, PROBLEM_SIZE.max] {
                    let what = format!("{p} = {v}, {} at n = {n}", k.name);
                    let d = decide(&kernel, &platform, n).unwrap_or_else(|e| panic!("{what}: {e}"));
                    finite(
                        &what,
                        &[
                            d.cpu_seconds,
                            d.kernel_seconds,
                            d.transfer_seconds,
                            d.speedup,
                        ],
                    );
                }
            }
        }
    }
}

/// A small deterministic generator (xorshift) for the combinations.
struct Rng(u64);

impl Rng {
    fn pick<'a>(&mut self, v: &'a [f64]) -> &'a f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        &v[(self.0 % v.len() as u64) as usize]
    }
}

#[test]
fn offload_combinations_of_corners_are_finite() {
    let cat = catalog();
    let (_, preset) = cat
        .offload_platform("h100-node-offload")
        .expect("the H100 node");
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for round in 0..300 {
        let mut platform = preset.to_model().expect("a valid preset");
        for p in OffloadParam::all() {
            set_offload(&mut platform, p, *rng.pick(&ends(&p.range())));
        }
        let launch = platform.runtime.launch(&platform.gpu);
        for (_, k) in cat.offload_kernels().iter().step_by(5) {
            let kernel = k.to_model(&launch).expect("a valid kernel");
            for n in [k.benchmark_size as f64, PROBLEM_SIZE.max] {
                let what = format!("round {round}, {} at n = {n}: {platform:?}", k.name);
                let d = decide(&kernel, &platform, n).unwrap_or_else(|e| panic!("{what}: {e}"));
                finite(
                    &what,
                    &[
                        d.cpu_seconds,
                        d.kernel_seconds,
                        d.transfer_seconds,
                        d.speedup,
                    ],
                );
            }
        }
    }
}

#[test]
fn hong_kim_corners_are_finite() {
    let mut cases: Vec<(&str, Range)> = OffloadParam::HONG_KIM_GPU
        .iter()
        .map(|p| (p.name(), p.range()))
        .collect();
    cases.extend(KERNEL_PARAMS.iter().map(|(n, _, r)| (*n, *r)));
    let check = |m: &GpuMachine, k: &GpuKernel, what: &str| match m.predict(k) {
        Ok(p) => finite(
            what,
            &[p.total_cycles, p.seconds, p.mwp, p.cwp, p.rep, p.omp_rep],
        ),
        // No instructions at all is no kernel, not an overflow.
        Err(e) => assert!(e.to_string().contains("no instructions"), "{what}: {e}"),
    };
    for (name, r) in &cases {
        for v in ends(r) {
            let (mut m, mut k) = (
                GpuMachine::hong_kim_example(),
                GpuKernel::hong_kim_example(),
            );
            assert!(set_hong_kim(&mut m, &mut k, name, v).expect("in range"));
            check(&m, &k, &format!("{name} = {v}"));
        }
    }
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for round in 0..2000 {
        let (mut m, mut k) = (
            GpuMachine::hong_kim_example(),
            GpuKernel::hong_kim_example(),
        );
        for (name, r) in &cases {
            let v = *rng.pick(&ends(r));
            assert!(set_hong_kim(&mut m, &mut k, name, v).expect("in range"));
        }
        check(&m, &k, &format!("round {round}: {m:?} {k:?}"));
    }
}

/// Two devices of one socket whose points, limit and factors sit at the
/// ends of their ranges.
fn fpm_devices(speed: f64, factor: f64) -> Vec<Device> {
    let size = FpmParam::PointSize.range();
    let speeds = FpmParam::PointSpeed.range();
    let device = |name: &str, points: Vec<SpeedPoint>| FpmDevice {
        name: name.into(),
        points: points.into(),
        max_size_units: Some(FpmParam::MaxSize.range().max / 2.0),
        out_of_core: Some(OutOfCore::Factor(factor)),
        contention: factor,
        socket: Some(FpmParam::Socket.range().max as u32),
        fit: None,
        ..Default::default()
    };
    let a = device(
        "a",
        vec![
            SpeedPoint::new(size.min, speed),
            SpeedPoint::new(size.max / 4.0, speeds.max),
        ],
    );
    let b = device("b", vec![SpeedPoint::new(size.min, speeds.min)]);
    [a, b]
        .iter()
        .map(|d| d.device().expect("in range"))
        .collect()
}

#[test]
fn fpm_corners_are_finite() {
    assert!(Contention::new(1e-4).is_err());
    let speeds = FpmParam::PointSpeed.range();
    let factor = FpmParam::Contention.range();
    for speed in ends(&speeds) {
        for k in ends(&factor) {
            let functions = effective_speeds(&fpm_devices(speed, k));
            for n in ends(&FpmParam::ProblemSize.range()) {
                for method in [Method::Even, Method::Cpm, Method::Fpm] {
                    let what = format!("speed {speed}, factor {k}, n = {n}, {method:?}");
                    let p =
                        partition(&functions, n, method).unwrap_or_else(|e| panic!("{what}: {e}"));
                    finite(&what, &[p.makespan_s, p.imbalance]);
                    for s in &p.shares {
                        finite(&what, &[s.size_units, s.time_s]);
                    }
                }
            }
        }
    }
}

#[test]
fn every_range_has_a_unit_and_both_bounds_in_its_message() {
    let mut all: Vec<(String, Range)> = Vec::new();
    for p in Param::ALL {
        all.push((p.symbol().into(), p.range()));
    }
    all.push(("I".into(), intensity_range(false)));
    all.extend(Specs::FIELDS.iter().map(|f| (f.0.to_string(), f.2)));
    all.extend(BoathullParam::ALL.map(|p| (p.name().to_string(), p.range())));
    all.extend(OffloadParam::all().map(|p| (p.name().to_string(), p.range())));
    all.extend(KERNEL_PARAMS.iter().map(|p| (p.0.to_string(), p.2)));
    all.extend(FpmParam::ALL.map(|p| (p.name().to_string(), p.range())));
    for (name, r) in all {
        assert!(r.min < r.max && r.min >= 0.0, "{name}: {r:?}");
        let need = r.need();
        assert!(
            need.contains(" and ") && need.ends_with(r.unit),
            "{name}: {need}"
        );
    }
}

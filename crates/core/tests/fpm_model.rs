//! Functional performance models (seed 002, the FPM paper): speed
//! functions, contention, and even / CPM / FPM partitioning, continuous and
//! in whole blocks, with the paper's Tables II and III where they can be
//! reproduced. The paper's quoted numbers are read from the paper check's
//! rows (`hetscope paper-check --paper fpm`), so a row and its test cannot
//! disagree.

use crate::common::paper::value;
use hetscope_core::paper_check::{
    Computed, Paper, Row, Status, find, paper_rows, status_mismatches,
};
use hetscope_model::fpm::{
    Contention, Curve, Device, Method, PAPER_GPU_LOSS_PERCENT, Partition, PartitionError,
    SpeedError, SpeedFunction, SpeedPoint, cpm_constants, effective_speeds, evaluate, partition,
    partition_blocks, partition_with_constants,
};
use proptest::prelude::*;

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * a.abs().max(b.abs()).max(1e-300)
}

fn f(pairs: &[(f64, f64)]) -> SpeedFunction {
    SpeedFunction::from_pairs(pairs).unwrap()
}

fn constants(speeds: &[f64]) -> Vec<SpeedFunction> {
    speeds
        .iter()
        .map(|&s| SpeedFunction::constant(s).unwrap())
        .collect()
}

// ---------------------------------------------------------------- speed

#[test]
fn bad_points_are_named_by_their_index() {
    let p = |x, s| SpeedPoint::new(x, s);
    let err = SpeedFunction::new(&[p(1.0, 1.0), p(2.0, 1.0), p(-3.0, 1.0)]).unwrap_err();
    assert_eq!(
        err,
        SpeedError::BadSize {
            curve: Curve::InCore,
            index: 2,
            size_units: -3.0
        }
    );
    assert!(err.to_string().contains("point 2"), "{err}");
    let err = SpeedFunction::new(&[p(1.0, 1.0), p(2.0, f64::NAN)]).unwrap_err();
    assert!(
        matches!(err, SpeedError::BadSpeed { index: 1, .. }),
        "{err}"
    );
    let err = SpeedFunction::new(&[p(1.0, 1.0), p(f64::INFINITY, 1.0)]).unwrap_err();
    assert!(matches!(err, SpeedError::BadSize { index: 1, .. }), "{err}");
    let err = SpeedFunction::new(&[p(1.0, 0.0)]).unwrap_err();
    assert!(
        matches!(err, SpeedError::BadSpeed { index: 0, .. }),
        "{err}"
    );
    // Duplicates are found after sorting but named by input position.
    let err =
        SpeedFunction::new(&[p(5.0, 1.0), p(1.0, 1.0), p(3.0, 2.0), p(5.0, 2.0)]).unwrap_err();
    assert_eq!(
        err,
        SpeedError::DuplicateSize {
            curve: Curve::InCore,
            first: 0,
            second: 3,
            size_units: 5.0
        }
    );
    assert!(err.to_string().contains("points 0 and 3"), "{err}");
    assert_eq!(
        SpeedFunction::new(&[]).unwrap_err(),
        SpeedError::NoPoints {
            curve: Curve::InCore
        }
    );
}

#[test]
fn points_are_sorted_on_construction() {
    let s = f(&[(30.0, 3.0), (10.0, 1.0), (20.0, 2.0)]);
    let sizes: Vec<f64> = s.in_core_points().iter().map(|p| p.size_units).collect();
    assert_eq!(sizes, vec![10.0, 20.0, 30.0]);
    assert_eq!(s.speed(25.0), Some(2.5));
}

#[test]
fn memory_limit_and_out_of_core_errors() {
    let s = f(&[(10.0, 1.0), (40.0, 1.0), (20.0, 1.0)]);
    let err = s.clone().with_memory_limit(30.0).unwrap_err();
    // The point at 40 was given at index 1.
    assert_eq!(
        err,
        SpeedError::PointBeyondLimit {
            index: 1,
            size_units: 40.0,
            limit_units: 30.0
        }
    );
    assert!(matches!(
        s.clone().with_memory_limit(0.0),
        Err(SpeedError::BadMemoryLimit { .. })
    ));
    let ooc = [SpeedPoint::new(100.0, 0.5)];
    assert_eq!(
        s.clone().with_out_of_core(&ooc).unwrap_err(),
        SpeedError::OutOfCoreWithoutLimit
    );
    let err = s
        .with_memory_limit(50.0)
        .unwrap()
        .with_out_of_core(&[SpeedPoint::new(60.0, 0.5), SpeedPoint::new(50.0, 0.5)])
        .unwrap_err();
    assert!(
        matches!(err, SpeedError::OutOfCorePointWithinLimit { index: 1, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("out-of-core point 1"), "{err}");
}

#[test]
fn piecewise_linear_values_and_extensions() {
    let s = f(&[(10.0, 100.0), (20.0, 200.0), (40.0, 100.0)]);
    assert_eq!(s.speed(0.0), Some(100.0)); // constant before the first point
    assert_eq!(s.speed(5.0), Some(100.0));
    assert_eq!(s.speed(15.0), Some(150.0));
    assert_eq!(s.speed(30.0), Some(150.0));
    assert_eq!(s.speed(1e9), Some(100.0)); // no limit: last speed
    assert_eq!(s.speed(-1.0), None);
    assert_eq!(s.time_s(0.0), Some(0.0));
    assert_eq!(s.time_s(15.0), Some(0.1));
    assert_eq!(s.max_size_units(), f64::INFINITY);

    let lim = s.with_memory_limit(45.0).unwrap();
    assert_eq!(lim.speed(45.0), Some(100.0));
    assert_eq!(lim.speed(45.001), None);
    assert_eq!(lim.time_s(46.0), None);
    assert_eq!(lim.max_size_units(), 45.0);

    let ooc = lim
        .with_out_of_core(&[SpeedPoint::new(60.0, 50.0), SpeedPoint::new(80.0, 70.0)])
        .unwrap();
    assert_eq!(ooc.speed(45.0), Some(100.0));
    assert_eq!(ooc.speed(50.0), Some(50.0)); // first out-of-core speed
    assert_eq!(ooc.speed(70.0), Some(60.0));
    assert_eq!(ooc.speed(1e6), Some(70.0));
    assert_eq!(ooc.max_size_units(), f64::INFINITY);
    assert_eq!(ooc.memory_limit_units(), Some(45.0));
}

#[test]
fn size_within_inverts_the_time_function() {
    // s = 50 + 5x on [10, 20]: t(x) = x / (50 + 5x) = 0.12 at x = 15.
    let s = f(&[(10.0, 100.0), (20.0, 150.0)]);
    assert!(close(s.size_within(0.12), 15.0, 1e-12));
    // Before the first point: constant speed 100, t = x / 100.
    assert!(close(s.size_within(0.05), 5.0, 1e-12));
    // After the last point: constant speed 150.
    assert!(close(s.size_within(1.0), 150.0, 1e-12));
    assert_eq!(s.size_within(0.0), 0.0);
    let lim = s.with_memory_limit(30.0).unwrap();
    assert_eq!(lim.size_within(1.0), 30.0);
}

#[test]
fn falling_time_is_reported() {
    assert_eq!(
        f(&[(10.0, 10.0), (20.0, 15.0), (40.0, 30.0)]).time_decrease(),
        None
    );
    // t = 1 s at 10 units, 0.5 s at 20 units.
    assert_eq!(
        f(&[(10.0, 10.0), (20.0, 40.0)]).time_decrease(),
        Some((10.0, 20.0))
    );
    // A faster out-of-core speed makes the time drop at the limit.
    let jump = f(&[(10.0, 10.0)])
        .with_memory_limit(20.0)
        .unwrap()
        .with_out_of_core(&[SpeedPoint::new(30.0, 100.0)])
        .unwrap();
    assert_eq!(jump.time_decrease(), Some((20.0, 20.0)));
}

// -------------------------------------------------------------- contention

#[test]
fn contention_scales_only_devices_sharing_a_socket() {
    assert!(Contention::new(0.0).is_err());
    assert!(Contention::new(1.2).is_err());
    assert!(Contention::new(f64::NAN).is_err());
    let worst = Contention::from_loss_percent(PAPER_GPU_LOSS_PERCENT.1).unwrap();
    assert!(close(worst.factor(), 0.85, 1e-12));
    let gpu = Device {
        name: "GPU".into(),
        speed: SpeedFunction::constant(900.0).unwrap(),
        socket: Some(0),
        contention: worst,
    };
    let cpu = Device {
        name: "cores".into(),
        speed: SpeedFunction::constant(100.0).unwrap(),
        socket: Some(0),
        contention: Contention::NONE,
    };
    let shared = effective_speeds(&[gpu.clone(), cpu.clone()]);
    assert!(close(shared[0].speed(1.0).unwrap(), 765.0, 1e-12));
    assert_eq!(shared[1].speed(1.0), Some(100.0));
    let p = partition(&shared, 865.0, Method::Fpm).unwrap();
    assert!(close(p.shares[0].size_units, 765.0, 1e-9));
    assert!(close(p.makespan_s, 1.0, 1e-9));
    // On different sockets the GPU keeps its speed and takes 90 %.
    let apart = effective_speeds(&[
        Device {
            socket: Some(1),
            ..gpu
        },
        cpu,
    ]);
    let p = partition(&apart, 1000.0, Method::Fpm).unwrap();
    assert!(close(p.shares[0].size_units, 900.0, 1e-9));
}

// ------------------------------------------------------------ partitions

#[test]
fn constant_speeds_fpm_equals_cpm_equals_proportional() {
    let speeds = constants(&[1.0, 2.0, 5.0]);
    let fpm = partition(&speeds, 80.0, Method::Fpm).unwrap();
    let cpm = partition(&speeds, 80.0, Method::Cpm).unwrap();
    for (i, want) in [10.0, 20.0, 50.0].into_iter().enumerate() {
        assert!(close(fpm.shares[i].size_units, want, 1e-9), "{fpm:?}");
        assert!(close(cpm.shares[i].size_units, want, 1e-9), "{cpm:?}");
        assert!(close(fpm.shares[i].time_s, 10.0, 1e-9));
    }
    assert!(close(fpm.makespan_s, 10.0, 1e-9));
    assert!(close(fpm.imbalance, 1.0, 1e-9));
    let even = partition(&speeds, 80.0, Method::Even).unwrap();
    assert!(close(even.makespan_s, 80.0 / 3.0, 1e-12));
    assert!(close(even.imbalance, 5.0, 1e-12)); // 26.7 s / 5.3 s
    assert_eq!(even.method, Some(Method::Even));
}

#[test]
fn cpm_uses_the_speed_at_the_even_share() {
    // Device 0 slows down from 100/s at 10 units to 10/s at 50 units; at
    // the even share n / 2 = 30 it runs 55/s.
    let speeds = vec![f(&[(10.0, 100.0), (50.0, 10.0)]), f(&[(1.0, 10.0)])];
    let c = cpm_constants(&speeds, 60.0).unwrap();
    assert_eq!(c, vec![55.0, 10.0]);
    let cpm = partition(&speeds, 60.0, Method::Cpm).unwrap();
    assert!(close(cpm.shares[0].size_units, 60.0 * 55.0 / 65.0, 1e-12));
    // Device 0 then runs near 10/s: 5.1 s against 0.9 s for device 1.
    assert!(cpm.imbalance > 5.0, "{cpm:?}");
    let fpm = partition(&speeds, 60.0, Method::Fpm).unwrap();
    assert!(fpm.makespan_s < 0.5 * cpm.makespan_s, "{fpm:?}");
    assert!(close(fpm.shares[0].time_s, fpm.shares[1].time_s, 1e-9));
    // Constants from elsewhere.
    let given = partition_with_constants(&speeds, &[30.0, 10.0], 60.0).unwrap();
    assert!(close(given.shares[0].size_units, 45.0, 1e-12));
    assert!(matches!(
        partition_with_constants(&speeds, &[30.0, -1.0], 100.0),
        Err(PartitionError::BadConstant { device: 1, .. })
    ));
    assert!(matches!(
        partition_with_constants(&speeds, &[30.0], 100.0),
        Err(PartitionError::LengthMismatch { .. })
    ));
}

#[test]
fn memory_limits_are_respected_by_every_method() {
    let fast = SpeedFunction::constant(100.0)
        .unwrap()
        .with_memory_limit(10.0)
        .unwrap();
    let slow = SpeedFunction::constant(1.0).unwrap();
    let speeds = vec![fast.clone(), slow.clone()];
    for m in [Method::Even, Method::Cpm, Method::Fpm] {
        let p = partition(&speeds, 50.0, m).unwrap();
        assert!(close(p.shares[0].size_units, 10.0, 1e-12), "{m:?} {p:?}");
        assert!(close(p.shares[1].size_units, 40.0, 1e-12), "{m:?} {p:?}");
        let b = partition_blocks(&speeds, 50, m).unwrap();
        assert_eq!(b.blocks(), Some(vec![10, 40]), "{m:?}");
    }
    let two = vec![fast.clone(), fast.clone()];
    let err = partition(&two, 25.0, Method::Fpm).unwrap_err();
    assert_eq!(
        err,
        PartitionError::NotEnoughMemory {
            n_units: 25.0,
            capacity_units: 20.0
        }
    );
    assert!(err.to_string().contains("20"), "{err}");
    // Whole blocks: a limit of 10.5 holds 10 blocks.
    let half = vec![
        fast.clone().with_memory_limit(10.5).unwrap(),
        fast.with_memory_limit(10.5).unwrap(),
    ];
    assert!(partition(&half, 21.0, Method::Fpm).is_ok());
    assert!(matches!(
        partition_blocks(&half, 21, Method::Fpm),
        Err(PartitionError::NotEnoughMemory { .. })
    ));
    // An out-of-core extension lifts the limit, at a lower speed.
    let ooc = vec![
        half[0]
            .clone()
            .with_out_of_core(&[SpeedPoint::new(20.0, 50.0)])
            .unwrap(),
        slow,
    ];
    let p = partition(&ooc, 200.0, Method::Fpm).unwrap();
    assert!(p.shares[0].size_units > 10.5);
    assert!(close(p.shares[0].time_s, p.shares[1].time_s, 1e-9));
}

#[test]
fn devices_too_small_or_too_slow_get_nothing() {
    let tiny = SpeedFunction::constant(1e6)
        .unwrap()
        .with_memory_limit(0.5)
        .unwrap();
    let speeds = vec![tiny, SpeedFunction::constant(10.0).unwrap()];
    let b = partition_blocks(&speeds, 7, Method::Fpm).unwrap();
    assert_eq!(b.blocks(), Some(vec![0, 7]));
    assert_eq!(b.imbalance, 1.0); // one device with work
    let speeds = constants(&[1000.0, 1000.0, 0.001]);
    let b = partition_blocks(&speeds, 10, Method::Fpm).unwrap();
    assert_eq!(b.blocks(), Some(vec![5, 5, 0]));
    assert!(close(b.makespan_s, 0.005, 1e-12));
    // Even ignores speed: the slow device gets its share and dominates.
    let e = partition_blocks(&speeds, 10, Method::Even).unwrap();
    assert_eq!(e.blocks().unwrap().iter().sum::<u64>(), 10);
    assert!(e.makespan_s >= 3.0 / 0.001);
}

#[test]
fn integer_partition_sums_to_n_and_stays_within_one_block() {
    let speeds = vec![
        f(&[(10.0, 50.0), (100.0, 400.0), (300.0, 450.0)])
            .with_memory_limit(400.0)
            .unwrap(),
        f(&[(5.0, 20.0), (200.0, 60.0)]),
        f(&[(1.0, 7.0)]),
    ];
    for n in [0u64, 1, 2, 3, 17, 100, 999, 1000, 5000] {
        for m in [Method::Even, Method::Cpm, Method::Fpm] {
            let c = partition(&speeds, n as f64, m).unwrap();
            let b = partition_blocks(&speeds, n, m).unwrap();
            let blocks = b.blocks().unwrap();
            assert_eq!(blocks.iter().sum::<u64>(), n, "{m:?} n = {n}");
            for (x, k) in c.sizes_units().iter().zip(&blocks) {
                assert!((x - *k as f64).abs() < 1.0, "{m:?} n = {n}: {x} vs {k}");
            }
        }
    }
}

#[test]
fn zero_problem_and_bad_inputs() {
    let speeds = constants(&[1.0, 2.0]);
    let p = partition(&speeds, 0.0, Method::Fpm).unwrap();
    assert_eq!(p.sizes_units(), vec![0.0, 0.0]);
    assert_eq!((p.makespan_s, p.imbalance), (0.0, 1.0));
    assert_eq!(
        partition(&[], 1.0, Method::Fpm),
        Err(PartitionError::NoDevices)
    );
    assert!(matches!(
        partition(&speeds, -1.0, Method::Even),
        Err(PartitionError::BadProblemSize { .. })
    ));
    assert!(matches!(
        partition(&speeds, f64::NAN, Method::Cpm),
        Err(PartitionError::BadProblemSize { .. })
    ));
    assert!(matches!(
        partition_blocks(&speeds, u64::MAX, Method::Fpm),
        Err(PartitionError::TooManyBlocks { .. })
    ));
}

#[test]
fn falling_time_still_gives_a_complete_partition() {
    // t = 1 s at 10 units, 0.5 s at 20: sizes 10..20 are never needed
    // below 0.5 s, so x(T) jumps; the partition still adds up to n.
    let speeds = vec![f(&[(10.0, 10.0), (20.0, 40.0)]), f(&[(1.0, 20.0)])];
    for n in [5.0, 15.0, 25.0, 40.0, 100.0] {
        let p = partition(&speeds, n, Method::Fpm).unwrap();
        assert!(close(p.sizes_units().iter().sum(), n, 1e-9), "{p:?}");
        let cpm = partition(&speeds, n, Method::Cpm).unwrap();
        assert!(p.makespan_s.is_finite() && cpm.makespan_s.is_finite());
    }
}

#[test]
fn evaluate_reports_given_sizes() {
    let speeds = vec![
        SpeedFunction::constant(2.0)
            .unwrap()
            .with_memory_limit(8.0)
            .unwrap(),
        SpeedFunction::constant(1.0).unwrap(),
    ];
    let p = evaluate(&speeds, &[8.0, 2.0]).unwrap();
    assert_eq!(p.method, None);
    assert!(p.whole_blocks);
    assert_eq!((p.total_units, p.makespan_s, p.imbalance), (10.0, 4.0, 2.0));
    assert!(matches!(
        evaluate(&speeds, &[9.0, 1.0]),
        Err(PartitionError::SizeBeyondLimit { device: 0, .. })
    ));
}

// ------------------------------------------------------ the paper's tables

/// The paper check's FPM rows.
fn rows() -> Vec<Row> {
    paper_rows(Paper::Fpm)
}

/// Every FPM row of the paper check and its status.
const EXPECTED: [(&str, Status); 54] = [
    ("table3-cpm-40-g1", Status::NotComputable),
    ("table3-cpm-40-g2", Status::NotComputable),
    ("table3-cpm-40-s5", Status::NotComputable),
    ("table3-cpm-40-s6", Status::NotComputable),
    ("table3-cpm-50-g1", Status::Differs),
    ("table3-cpm-50-g2", Status::Reproduced),
    ("table3-cpm-50-s5", Status::Differs),
    ("table3-cpm-50-s6", Status::Differs),
    ("table3-cpm-60-g1", Status::Differs),
    ("table3-cpm-60-g2", Status::Differs),
    ("table3-cpm-60-s5", Status::Differs),
    ("table3-cpm-60-s6", Status::Differs),
    ("table3-cpm-70-g1", Status::Differs),
    ("table3-cpm-70-g2", Status::Differs),
    ("table3-cpm-70-s5", Status::Differs),
    ("table3-cpm-70-s6", Status::Reproduced),
    ("table3-fpm-40-g1", Status::NotComputable),
    ("table3-fpm-40-g2", Status::NotComputable),
    ("table3-fpm-40-s5", Status::NotComputable),
    ("table3-fpm-40-s6", Status::NotComputable),
    ("table3-fpm-50-g1", Status::Differs),
    ("table3-fpm-50-g2", Status::Differs),
    ("table3-fpm-50-s5", Status::Differs),
    ("table3-fpm-50-s6", Status::Differs),
    ("table3-fpm-60-g1", Status::Differs),
    ("table3-fpm-60-g2", Status::Differs),
    ("table3-fpm-60-s5", Status::Differs),
    ("table3-fpm-60-s6", Status::Differs),
    ("table3-fpm-70-g1", Status::NotComputable),
    ("table3-fpm-70-g2", Status::NotComputable),
    ("table3-fpm-70-s5", Status::NotComputable),
    ("table3-fpm-70-s6", Status::NotComputable),
    ("s6-g1-s6-speed-40", Status::Reproduced),
    ("s6-g1-s6-speed-50", Status::Reproduced),
    ("s6-g1-s6-speed-60", Status::Reproduced),
    ("s6-g1-s6-speed-70", Status::Reproduced),
    ("s6-cpm-g1-s6-blocks-70", Status::Reproduced),
    ("s6-cpm-g1-s6-blocks-70-fresh", Status::Differs),
    ("s6-cpm-overloads-g1", Status::Reproduced),
    ("fig6-fpm-cut-60", Status::Differs),
    ("fig7-fpm-vs-cpm", Status::NotComputable),
    ("fig7-fpm-vs-even", Status::NotComputable),
    ("table2-cpus-40", Status::NotComputable),
    ("table2-gtx680-40", Status::NotComputable),
    ("table2-hybrid-40", Status::NotComputable),
    ("table2-cpus-50", Status::NotComputable),
    ("table2-gtx680-50", Status::NotComputable),
    ("table2-hybrid-50", Status::NotComputable),
    ("table2-cpus-60", Status::NotComputable),
    ("table2-gtx680-60", Status::NotComputable),
    ("table2-hybrid-60", Status::NotComputable),
    ("table2-cpus-70", Status::NotComputable),
    ("table2-gtx680-70", Status::NotComputable),
    ("table2-hybrid-70", Status::NotComputable),
];

#[test]
fn every_row_has_its_expected_status() {
    let mismatches = status_mismatches(&rows(), &EXPECTED);
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

const DEVICES: [&str; 4] = ["g1", "g2", "s5", "s6"];

/// FPM paper, Table III: blocks (of 640 x 640) given to GeForce GTX680
/// (G1), Tesla C870 (G2), each socket with a core dedicated to a GPU (S5,
/// five computing cores) and each other socket (S6). Two sockets of each
/// kind, so a row's total is G1 + G2 + 2 S5 + 2 S6.
const SIDES: [u64; 4] = [40, 50, 60, 70];
const CPM_ROWS: [[u64; 4]; 4] = [
    [928, 226, 105, 120],
    [1460, 352, 160, 186],
    [2085, 501, 235, 270],
    [2848, 677, 320, 366],
];
const FPM_ROWS: [[u64; 4]; 4] = [
    [1000, 210, 95, 102],
    [1250, 429, 190, 222],
    [1627, 657, 295, 342],
    [2250, 806, 425, 504],
];
/// FPM paper, Table II, column "Hybrid-FPM": whole run time, s.
const HYBRID_FPM_S: [f64; 4] = [26.6, 77.8, 114.4, 226.1];

/// A Table III row as six devices: G1, G2, S5, S5, S6, S6.
fn six(row: [u64; 4]) -> [u64; 6] {
    [row[0], row[1], row[2], row[2], row[3], row[3]]
}

/// The paper prints its speed functions only as plots (Figures 2, 3, 5),
/// so they are rebuilt from Table III: in an FPM row every device finishes
/// at one time, taken here from Table II's Hybrid-FPM column, giving each
/// device the point (x, x / T) per row. Table II times include
/// communication, so these are speeds in blocks per second of the whole
/// run, not kernel speeds; the shapes (the GPUs losing speed once their
/// memory is exceeded) follow the table.
fn rebuilt_speed_functions() -> Vec<SpeedFunction> {
    (0..6)
        .map(|d| {
            let pairs: Vec<(f64, f64)> = (0..4)
                .map(|r| {
                    let x = six(FPM_ROWS[r])[d] as f64;
                    (x, x / HYBRID_FPM_S[r])
                })
                .collect();
            f(&pairs)
        })
        .collect()
}

#[test]
fn paper_table3_rows_are_not_exact_partitions_of_n_squared() {
    // The paper's application arranges devices in columns of rectangles
    // (its Section IV, ref. [17]) whose sides are whole blocks, so the
    // areas in Table III add up to n^2 only approximately: 1604 for 1600,
    // 3558 for 3600. hetscope's 1-D partition adds up to n exactly, so the
    // rows cannot be reproduced to the block; the tests below compare
    // within a few percent or rebuild the problem from the row totals.
    let mut exact = 0;
    for (r, &side) in SIDES.iter().enumerate() {
        for row in [CPM_ROWS[r], FPM_ROWS[r]] {
            let total: u64 = six(row).iter().sum();
            let n2 = side * side;
            assert!((total as f64 - n2 as f64).abs() <= 0.012 * n2 as f64);
            exact += usize::from(total == n2);
        }
    }
    assert_eq!(exact, 0);
}

#[test]
fn paper_cpm_rows_follow_from_one_set_of_constants() {
    // CPM shares are proportional to constants measured once: the 40 x 40
    // row, taken as constant speeds, gives the other rows within 3 %.
    let speeds = constants(&six(CPM_ROWS[0]).map(|b| b as f64));
    for r in 1..4 {
        let n = SIDES[r] * SIDES[r];
        let p = partition_blocks(&speeds, n, Method::Cpm).unwrap();
        let got = p.blocks().unwrap();
        assert_eq!(got.iter().sum::<u64>(), n);
        for (g, want) in got.iter().zip(six(CPM_ROWS[r])) {
            assert!(close(*g as f64, want as f64, 0.03), "row {r}: {got:?}");
        }
    }
    // The rows: the same partition, per column of Table III.
    let check = rows();
    for r in 1..4 {
        for (c, dev) in DEVICES.iter().enumerate() {
            let v = value(&check, &format!("table3-cpm-{}-{dev}", SIDES[r]));
            assert!(close(v, CPM_ROWS[r][c] as f64, 0.03), "row {r}, {dev}: {v}");
        }
    }
    // "Nearly 8" blocks to G1 per block to S6 at 70 x 70 (Section VI):
    // Table III's own row and hetscope's CPM partition.
    let ratio = CPM_ROWS[3][0] as f64 / CPM_ROWS[3][3] as f64;
    assert!((7.5..8.0).contains(&ratio), "{ratio}");
    let ours = value(&check, "s6-cpm-g1-s6-blocks-70");
    assert!((7.5..8.0).contains(&ours), "{ours}");
}

/// The speed functions rebuilt from every FPM row but `left_out`.
fn rebuilt_without(left_out: usize) -> Vec<SpeedFunction> {
    (0..6)
        .map(|d| {
            let pairs: Vec<(f64, f64)> = (0..4)
                .filter(|r| *r != left_out)
                .map(|r| {
                    let x = six(FPM_ROWS[r])[d] as f64;
                    (x, x / HYBRID_FPM_S[r])
                })
                .collect();
            f(&pairs)
        })
        .collect()
}

#[test]
fn paper_fpm_rows_are_predicted_from_the_other_rows() {
    // Leave one row out, rebuild the speed functions from the other
    // three, and let FPM partition the left-out row's blocks: the 50 x 50
    // and 60 x 60 rows (between measured sizes) come back within 12 % per
    // device, where CPM's constants (the speeds at the even share) miss
    // the GTX680's share by a quarter or more. The functions are the
    // paper's only through its table, so this checks the model's
    // partition, not the table against itself.
    for r in [1, 2] {
        let speeds = rebuilt_without(r);
        let want = six(FPM_ROWS[r]);
        let n: u64 = want.iter().sum();
        let fpm = partition_blocks(&speeds, n, Method::Fpm).unwrap();
        let got = fpm.blocks().unwrap();
        assert_eq!(got.iter().sum::<u64>(), n);
        for (d, (g, w)) in got.iter().zip(want).enumerate() {
            assert!(
                close(*g as f64, w as f64, 0.12),
                "row {r}, device {d}: {got:?} against {want:?}"
            );
        }
        let check = rows();
        for (c, dev) in DEVICES.iter().enumerate() {
            let v = value(&check, &format!("table3-fpm-{}-{dev}", SIDES[r]));
            assert_eq!(v, got[[0, 1, 2, 4][c]] as f64, "row {r}, {dev}");
        }
        let cpm = partition_blocks(&speeds, n, Method::Cpm).unwrap();
        let g1 = cpm.blocks().unwrap()[0] as f64;
        assert!(
            !close(g1, want[0] as f64, 0.25),
            "row {r}: CPM gives G1 {g1}"
        );
    }
    // Equal times mean speed ratio = size ratio: G1 against S6 is
    // "around 9" at 40 x 40 and "6 ~ 4" beyond (Section VI), as the
    // table's rows say.
    let speeds = rebuilt_speed_functions();
    for (r, row) in FPM_ROWS.iter().enumerate() {
        let want = six(*row);
        let g1_s6 =
            speeds[0].speed(want[0] as f64).unwrap() / speeds[4].speed(want[4] as f64).unwrap();
        let expected = if r == 0 { 8.5..10.5 } else { 4.0..6.0 };
        assert!(expected.contains(&g1_s6), "row {r}: {g1_s6}");
        let v = value(&rows(), &format!("s6-g1-s6-speed-{}", SIDES[r]));
        assert!(close(v, g1_s6, 1e-12), "row {r}: {v}");
    }
}

#[test]
fn paper_cpm_rows_overload_the_gtx680_on_the_rebuilt_functions() {
    // Section VI: the CPM partition overloads GTX680 from 50 x 50 on, and
    // at 60 x 60 (Figure 6) the FPM partition cuts the computation time by
    // 40 %. The paper's CPM rows, timed on the rebuilt functions:
    let speeds = rebuilt_speed_functions();
    let mut cut = Vec::new();
    for r in 0..4 {
        let sizes = six(CPM_ROWS[r]).map(|b| b as f64);
        let cpm: Partition = evaluate(&speeds, &sizes).unwrap();
        let g1 = cpm.shares[0].time_s;
        let others = cpm.shares[1..].iter().fold(0.0f64, |m, s| m.max(s.time_s));
        if r == 0 {
            assert!(g1 < others, "40 x 40: G1 {g1} s, others {others} s");
        } else {
            assert!(g1 > 1.5 * others, "row {r}: G1 {g1} s, others {others} s");
        }
        cut.push(1.0 - HYBRID_FPM_S[r] / cpm.makespan_s);
    }
    assert!((0.37..0.43).contains(&cut[2]), "{cut:?}");
    let check = rows();
    let row_cut = value(&check, "fig6-fpm-cut-60") / 100.0;
    assert!(close(row_cut, cut[2], 1e-12), "{row_cut}");
    let overloaded = find(&check, "s6-cpm-overloads-g1").map(|r| r.computed.clone());
    assert_eq!(
        overloaded,
        Some(Computed::Category("from 50\u{d7}50".into()))
    );
    // Not reproduced: the 30 % and 45 % of Figure 7 and the whole of
    // Table II's CPU and GPU columns need the application's communication
    // and the measured speed functions, which the paper only plots; and
    // CPM computed afresh from the rebuilt functions puts 13 to 17 times
    // as many blocks on G1 as on S6, not the paper's 7.8, because the
    // paper's constants were measured on kernels, at a size it does not
    // give.
    let fresh = partition(&speeds, 4914.0, Method::Cpm).unwrap();
    let fresh_ratio = fresh.shares[0].size_units / fresh.shares[4].size_units;
    assert!(fresh_ratio > 10.0, "{fresh_ratio}");
    let row_fresh = value(&check, "s6-cpm-g1-s6-blocks-70-fresh");
    assert!(close(row_fresh, fresh_ratio, 1e-12), "{row_fresh}");
}

// ------------------------------------------------------------ properties

/// A speed function whose time x / s(x) never falls: sizes and times
/// rising from point to point (for piecewise-linear speeds that is enough,
/// see the speed module), optionally a whole-unit memory limit and an
/// out-of-core extension no faster than the last in-core speed.
fn monotone_speed() -> impl Strategy<Value = SpeedFunction> {
    (
        0.5f64..100.0,
        0.01f64..10.0,
        proptest::collection::vec((0.05f64..3.0, 0.0f64..2.0), 0..5),
        proptest::option::of((
            0.0f64..2.0,
            proptest::option::of((0.01f64..2.0, 0.1f64..1.0)),
        )),
    )
        .prop_map(|(x0, t0, steps, limit)| {
            let (mut x, mut t) = (x0, t0);
            let mut pairs = vec![(x, x / t)];
            for (dx, dt) in steps {
                x *= 1.0 + dx;
                t *= 1.0 + dt;
                pairs.push((x, x / t));
            }
            let mut s = f(&pairs);
            if let Some((extra, ooc)) = limit {
                let l = (x * (1.0 + extra)).ceil();
                let last = pairs[pairs.len() - 1].1;
                s = s.with_memory_limit(l).unwrap();
                if let Some((gap, slower)) = ooc {
                    let p = SpeedPoint::new(l * (1.0 + gap), last * slower);
                    s = s.with_out_of_core(&[p]).unwrap();
                }
            }
            s
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn fpm_makespan_is_never_above_cpm_or_even(
        speeds in proptest::collection::vec(monotone_speed(), 1..7),
        fill in 0.0f64..1.0,
    ) {
        for s in &speeds {
            prop_assert_eq!(s.time_decrease(), None);
        }
        let capacity: f64 = speeds.iter().map(SpeedFunction::max_size_units).sum();
        let n = if capacity.is_finite() { fill * capacity } else { fill * 1e5 };
        let fpm = partition(&speeds, n, Method::Fpm).unwrap();
        let cpm = partition(&speeds, n, Method::Cpm).unwrap();
        let even = partition(&speeds, n, Method::Even).unwrap();
        for p in [&fpm, &cpm, &even] {
            let sum: f64 = p.sizes_units().iter().sum();
            prop_assert!(close(sum, n, 1e-9) || (sum - n).abs() < 1e-9, "{:?}", p);
            for (s, sh) in speeds.iter().zip(&p.shares) {
                prop_assert!(sh.size_units >= 0.0 && sh.size_units <= s.max_size_units());
            }
        }
        prop_assert!(fpm.makespan_s <= cpm.makespan_s * (1.0 + 1e-9), "{:?} {:?}", fpm, cpm);
        prop_assert!(fpm.makespan_s <= even.makespan_s * (1.0 + 1e-9), "{:?} {:?}", fpm, even);
    }

    #[test]
    fn block_partitions_add_up_and_stay_within_one_block(
        speeds in proptest::collection::vec(monotone_speed(), 1..7),
        fill in 0.0f64..1.0,
    ) {
        let capacity: f64 = speeds.iter().map(SpeedFunction::max_size_units).sum();
        let n = if capacity.is_finite() { (fill * capacity).floor() } else { (fill * 1e5).floor() };
        for m in [Method::Even, Method::Cpm, Method::Fpm] {
            let c = partition(&speeds, n, m).unwrap();
            let b = partition_blocks(&speeds, n as u64, m).unwrap();
            let blocks = b.blocks().unwrap();
            prop_assert_eq!(blocks.iter().sum::<u64>(), n as u64);
            for ((x, k), s) in c.sizes_units().iter().zip(&blocks).zip(&speeds) {
                prop_assert!((x - *k as f64).abs() < 1.0, "{:?}: {} vs {}", m, x, k);
                prop_assert!(*k as f64 <= s.max_size_units());
            }
        }
    }
}

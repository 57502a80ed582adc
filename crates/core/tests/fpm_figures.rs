//! The FPM figures: speed functions with the FPM line and the CPM
//! partition, per-device times and shares, the sweep over n, and their
//! export.

use crate::common::catalog;
use hetscope_export::{self as export, ExportSize, Format};
use hetscope_figure::chart::{ChartFigure, ChartPanel, Orientation};
use hetscope_figure::fpm::{self, FpmDevice, FpmInput, METHODS};
use hetscope_figure::{Camera, Figure, Scale, View};
use hetscope_model::fpm::SpeedPoint;
use hetscope_preset::fpm::{PAPER_N, paper_hybrid};

fn paper() -> FpmInput {
    let devices = paper_hybrid(catalog()).expect("the built-in devices");
    FpmInput {
        n_range: fpm::n_range(&devices),
        devices,
        n_units: PAPER_N,
        scale: Scale::Log10,
        integer: false,
        methods: METHODS.to_vec(),
        overlay: None,
        platform: String::new(),
    }
}

fn device(name: &str, pairs: &[(f64, f64)]) -> FpmDevice {
    FpmDevice {
        name: name.into(),
        points: pairs.iter().map(|&(x, s)| SpeedPoint::new(x, s)).collect(),
        unit: "blocks".into(),
        ..Default::default()
    }
}

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * a.abs().max(b.abs()).max(1e-300)
}

fn series<'a>(p: &'a ChartPanel, starts: &str) -> Vec<&'a hetscope_figure::chart::Series> {
    p.series
        .iter()
        .filter(|s| s.name.starts_with(starts))
        .collect()
}

fn build(view: View, input: &FpmInput) -> ChartFigure {
    fpm::build(view, input).unwrap_or_else(|e| panic!("{}: {e}", view.key()))
}

#[test]
fn fpm_line_through_the_origin_cuts_every_speed_function_at_the_fpm_shares() {
    for scale in [Scale::Log10, Scale::Linear] {
        let mut input = paper();
        input.scale = scale;
        let fig = build(View::FpmSpeed, &input);
        let p = &fig.panels[0];
        assert_eq!(p.x.unit, "blocks");
        assert_eq!(p.y.unit, "blocks/s");
        let line = series(p, "FPM: s = x / T");
        assert_eq!(line.len(), 1, "one FPM line");
        let pts = &line[0].points;
        assert!(pts.len() >= 2);
        // Through the origin: y / x is the same at both ends (the linear
        // axes show the origin itself).
        let last = pts[pts.len() - 1];
        let slope = last[1] / last[0];
        if scale == Scale::Linear {
            assert_eq!(pts[0], [0.0, 0.0], "starts at the origin");
        } else {
            assert!(close(pts[0][1] / pts[0][0], slope, 1e-9));
        }
        // Every FPM share lies on the line and on its device's curve, and
        // x / s(x) is the same for all devices.
        // Devices at the same point (S5 #1 and S5 #2) share a marker.
        let marks: Vec<_> = p
            .markers
            .iter()
            .filter(|m| m.label.starts_with("FPM "))
            .collect();
        // "FPM 2 x S5, G1 GTX680: 347": identical devices grouped.
        let count = |label: &str| -> f64 {
            let names = label.split_once(": ").map_or(label, |(n, _)| n);
            names
                .split(", ")
                .map(|n| {
                    let n = n.trim_start_matches("FPM ");
                    n.split_once(" x ")
                        .and_then(|(c, _)| c.parse::<f64>().ok())
                        .unwrap_or(1.0)
                })
                .sum()
        };
        let devices: f64 = marks.iter().map(|m| count(&m.label)).sum();
        assert_eq!(devices, input.devices.len() as f64);
        assert!(marks.iter().any(|m| m.label.starts_with("FPM 2 x S5: ")));
        let t = 1.0 / slope;
        for m in &marks {
            assert!(close(m.y, m.x * slope, 1e-6), "{} off the line", m.label);
            assert!(
                close(m.x / m.y, t, 1e-6),
                "{}: x / s(x) = {}",
                m.label,
                m.x / m.y
            );
        }
        let sum: f64 = marks.iter().map(|m| m.x * count(&m.label)).sum();
        assert!(close(sum, PAPER_N, 1e-9), "shares add up to n: {sum}");
        // One curve per distinct function, with its measured points.
        assert!(series(p, "G1 GTX680: s(x)").len() == 1);
        assert!(
            series(p, "2 x S5: s(x)").len() == 1,
            "identical devices share one curve"
        );
        assert!(p.series.iter().any(|s| s.points_only));
    }
}

#[test]
fn cpm_partition_is_drawn_beside_the_fpm_one() {
    let input = paper();
    let fig = build(View::FpmSpeed, &input);
    let p = &fig.panels[0];
    let cpm = series(p, "CPM: shares in proportion");
    assert_eq!(cpm.len(), 1);
    let slope = cpm[0].points[0][1] / cpm[0].points[0][0];
    // The constant speeds (dotted) sit on the CPM line at the CPM shares.
    let consts = series(p, "G1 GTX680: CPM constant speed");
    assert_eq!(consts.len(), 1);
    let c = consts[0].points[0][1];
    let m = p
        .markers
        .iter()
        .find(|m| m.label.starts_with("CPM G1 GTX680"))
        .expect("CPM marker of G1");
    assert!(close(c, m.x * slope, 1e-6));
    // The even share where the constants are measured.
    let even = p
        .ref_lines
        .iter()
        .find(|r| r.label.starts_with("n / p"))
        .expect("even share line");
    assert_eq!(even.orientation, Orientation::Vertical);
    assert!(close(even.value, PAPER_N / 6.0, 1e-12));
    // CPM overloads the GTX680 at 60 x 60 blocks (FPM paper, Table III).
    let fpm_g1 = p
        .markers
        .iter()
        .find(|m| m.label.starts_with("FPM G1 GTX680"))
        .unwrap();
    assert!(m.x > fpm_g1.x);
    assert!(fig.notes.iter().any(|n| n.starts_with("CPM shares:")));
}

#[test]
fn times_view_has_every_method_per_device_and_fpm_has_the_smallest_makespan() {
    for integer in [false, true] {
        let mut input = paper();
        input.integer = integer;
        let fig = build(View::FpmTimes, &input);
        assert_eq!(fig.panels.len(), 2);
        let (time, share) = (&fig.panels[0], &fig.panels[1]);
        assert_eq!(time.y.unit, "s");
        assert_eq!(share.y.unit, "blocks");
        assert_eq!(time.categories.len(), 6);
        let names: Vec<&str> = time.bars.iter().map(|b| b.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "homogeneous (n / p each)",
                "CPM (constant speeds)",
                "FPM (speed functions)"
            ]
        );
        let max = |k: usize| {
            time.bars[k]
                .bars
                .iter()
                .map(|b| b.value)
                .fold(0.0, f64::max)
        };
        for set in &time.bars {
            assert_eq!(set.bars.len(), 6, "{}", set.name);
        }
        assert!(
            max(2) <= max(0) && max(2) <= max(1),
            "FPM {} CPM {} even {}",
            max(2),
            max(1),
            max(0)
        );
        // FPM cuts the CPM makespan by about 40% here (the paper's
        // Figure 6 reports 40%).
        assert!(max(2) < 0.7 * max(1));
        for set in &share.bars {
            let total: f64 = set.bars.iter().map(|b| b.value).sum();
            assert!(close(total, PAPER_N, 1e-9), "{}: {total}", set.name);
            if integer {
                assert!(set.bars.iter().all(|b| b.value.fract() == 0.0));
            }
        }
        // The table the GUI shows holds the values of these bars, in the
        // units of their axes.
        let t = fpm::table(&input).expect("a table");
        assert_eq!(t.devices.len(), 6);
        assert_eq!(t.columns.len(), 3);
        assert_eq!(
            (t.size_unit.as_str(), t.time_unit.as_str()),
            (share.y.unit.as_str(), time.y.unit.as_str())
        );
        assert_eq!(t.time_unit, "s");
        for (c, (ts, ss)) in t.columns.iter().zip(time.bars.iter().zip(&share.bars)) {
            assert_eq!(c.method, ts.name);
            for (cell, (tb, sb)) in c.cells.iter().zip(ts.bars.iter().zip(&ss.bars)) {
                assert_eq!(*cell, (sb.value, tb.value));
            }
        }
    }
}

#[test]
fn sweep_has_three_series_and_fpm_is_lowest_at_every_n() {
    let input = paper();
    let fig = build(View::FpmSweep, &input);
    let p = &fig.panels[0];
    assert_eq!(p.x.unit, "blocks");
    assert_eq!(p.y.unit, "s");
    assert_eq!(p.series.len(), 3);
    let (even, cpm, fpm) = (&p.series[0], &p.series[1], &p.series[2]);
    assert!(fpm.name.starts_with("FPM") && cpm.name.starts_with("CPM"));
    assert!(fpm.points.len() > 50);
    for k in 0..fpm.points.len() {
        let n = fpm.points[k][0];
        assert_eq!(cpm.points[k][0], n);
        let f = fpm.points[k][1];
        assert!(f <= cpm.points[k][1] * (1.0 + 1e-9), "n = {n}");
        assert!(f <= even.points[k][1] * (1.0 + 1e-9), "n = {n}");
    }
    // The current n is marked.
    assert!(p.ref_lines.iter().any(|r| r.value == PAPER_N));
    assert!(
        p.markers
            .iter()
            .any(|m| m.label.starts_with("FPM") && m.x == PAPER_N)
    );
    // Imbalance panel: FPM balanced (1) where times rise with size.
    let imb = &fig.panels[1];
    assert_eq!(imb.series.len(), 3);
}

#[test]
fn a_partition_beyond_memory_is_refused_and_the_sweep_stops_there() {
    let mut a = device("a", &[(10.0, 10.0), (100.0, 20.0)]);
    a.max_size_units = Some(100.0);
    let mut b = device("b", &[(10.0, 5.0), (50.0, 5.0)]);
    b.max_size_units = Some(50.0);
    let mut input = FpmInput {
        devices: vec![a, b],
        n_units: 120.0,
        n_range: (10.0, 300.0),
        ..Default::default()
    };
    let fig = build(View::FpmSweep, &input);
    assert!(
        fig.notes.iter().any(|n| n.contains("does not fit")),
        "{:?}",
        fig.notes
    );
    let fpm = &fig.panels[0].series[2];
    assert!(fpm.points.iter().any(|p| p[1].is_nan()));
    input.n_units = 200.0;
    let err = fpm::build(View::FpmTimes, &input).unwrap_err();
    assert!(err.to_string().contains("does not fit"), "{err}");
}

#[test]
fn contention_slows_a_device_sharing_its_socket() {
    let mut input = FpmInput {
        devices: vec![
            device("gpu", &[(10.0, 100.0), (1000.0, 100.0)]),
            device("cores", &[(10.0, 20.0), (1000.0, 20.0)]),
        ],
        n_units: 600.0,
        n_range: (10.0, 2000.0),
        ..Default::default()
    };
    let share = |input: &FpmInput| build(View::FpmTimes, input).panels[1].bars[2].bars[0].value;
    let alone = share(&input);
    assert!(close(alone, 500.0, 1e-9));
    input.devices[0].contention = 0.85;
    assert_eq!(share(&input), alone, "no shared socket, no loss");
    input.devices[0].socket = Some(1);
    input.devices[1].socket = Some(1);
    let shared = share(&input);
    assert!(close(shared, 600.0 * 85.0 / 105.0, 1e-9), "{shared}");
    let fig = build(View::FpmSpeed, &input);
    assert!(!series(&fig.panels[0], "gpu: s(x) alone on its socket").is_empty());
    assert!(fig.notes.iter().any(|n| n.contains("contention")));
}

#[test]
fn short_times_are_shown_in_milliseconds() {
    let input = FpmInput {
        devices: vec![
            device("fast", &[(1.0, 3000.0), (100.0, 3000.0)]),
            device("slow", &[(1.0, 1000.0), (100.0, 1000.0)]),
        ],
        n_units: 100.0,
        n_range: (1.0, 200.0),
        ..Default::default()
    };
    let fig = build(View::FpmTimes, &input);
    let time = &fig.panels[0];
    assert_eq!(time.y.unit, "ms");
    // FPM: 75 and 25 units, 25 ms each.
    let fpm = &time.bars[2];
    assert!(
        fpm.bars.iter().all(|b| close(b.value, 25.0, 1e-9)),
        "{fpm:?}"
    );
    // Constant speeds: CPM's split is FPM's; the two equal makespans
    // share one line and one label (two labels at one height would have
    // nowhere to go but over the bars).
    let labels: Vec<&str> = time.ref_lines.iter().map(|r| r.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "homogeneous makespan 50.00 ms",
            "CPM and FPM makespan 25.00 ms"
        ]
    );
    let sweep = build(View::FpmSweep, &input);
    assert_eq!(sweep.panels[0].y.unit, "ms");
}

#[test]
fn mixed_units_are_warned_about() {
    let mut input = FpmInput {
        devices: vec![device("a", &[(1.0, 1.0)]), device("b", &[(1.0, 2.0)])],
        n_units: 3.0,
        n_range: (1.0, 10.0),
        ..Default::default()
    };
    input.devices[1].unit = "Mflop".into();
    let fig = build(View::FpmSpeed, &input);
    assert_eq!(fig.panels[0].x.unit, "units");
    assert!(fig.notes.iter().any(|n| n.contains("different units")));
}

#[test]
fn every_view_exports_svg_png_and_csv() {
    let input = paper();
    let size = ExportSize::new(900, 600).unwrap();
    for view in [View::FpmSpeed, View::FpmTimes, View::FpmSweep] {
        let fig = Figure::Chart(build(view, &input));
        let svg = export::render(&fig, Format::Svg, size, &Camera::default()).unwrap();
        let svg = String::from_utf8(svg).unwrap();
        assert!(svg.contains("<svg"), "{}", view.key());
        let png = export::render(&fig, Format::Png, size, &Camera::default()).unwrap();
        assert_eq!(&png[1..4], b"PNG", "{}", view.key());
        let csv =
            String::from_utf8(export::render(&fig, Format::Csv, size, &Camera::default()).unwrap())
                .unwrap();
        assert!(csv.lines().count() > 10, "{}", view.key());
        assert!(csv.contains("blocks"), "{}: units in the CSV", view.key());
    }
}

/// Two platforms' times side by side share one time axis where their
/// makespans are within ten times of each other; beyond, each keeps its
/// own (the faster platform's bars would vanish on the slower one's),
/// and both figures say so.
#[test]
fn two_platforms_share_a_time_axis_only_within_ten_times() {
    use hetscope_core::named::{Named, session_of};
    let cat = catalog();
    let pair = |first: &str, second: &str| {
        let named = Named {
            platform: Some(first.into()),
            platform2: Some(second.into()),
            ..Named::default()
        };
        let (s, _) = session_of(&named, cat, |_| Ok(())).unwrap();
        match hetscope_core::registry::figure(View::FpmTimes, &s, cat).unwrap() {
            Figure::Pair(p) => match (p.left, p.right) {
                (Figure::Chart(l), Figure::Chart(r)) => (l, r),
                _ => panic!("two charts"),
            },
            _ => panic!("{first} and {second}: a pair"),
        }
    };
    // The tallest bar of a time panel against its axis's top.
    let filled = |c: &ChartFigure| {
        let p = &c.panels[0];
        let top = p
            .bars
            .iter()
            .flat_map(|b| b.bars.iter().map(|x| x.value))
            .fold(0.0f64, f64::max);
        top / p.y.hi
    };
    let said = |c: &ChartFigure| c.notes.iter().any(|n| n.contains("its own scale"));
    // 25 ms against 8.1 s: each its own axis, each filled.
    let (l, r) = pair("xeon-8480-h100", "i7-gtx750-perdome");
    for c in [&l, &r] {
        assert!(filled(c) > 0.5, "{}: {}", c.subtitle, filled(c));
        assert!(said(c), "{:?}", c.notes);
    }
    // Two current nodes: one axis, no note.
    let (l, r) = pair("xeon-8480-h100", "epyc-9654-h100");
    let (a, b) = (&l.panels[0].y, &r.panels[0].y);
    assert_eq!((&a.unit, a.lo, a.hi), (&b.unit, b.lo, b.hi));
    assert!(!said(&l) && !said(&r), "{:?}", l.notes);
}

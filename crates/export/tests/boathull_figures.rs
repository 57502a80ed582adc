//! The boat hull figures: what each view draws, checked against the model,
//! and every view exported to SVG, PNG and CSV.

use hetscope_export::{self as export, ExportSize, Format};
use hetscope_figure::boathull::{self, BoathullInput, BoathullProcessor};
use hetscope_figure::chart::{ChartFigure, ChartPanel, LineStyle, Series};
use hetscope_figure::{Camera, Figure, View};
use hetscope_model::boathull::application::{fast_focus_on_structures, processor_crossover};
use hetscope_model::boathull::class_sizes as classes;
use hetscope_model::boathull::{
    Class, ClassOptions, ClassVars, Cpu, CpuAssumptions, Gpu, GpuAssumptions, Target,
};

const SECTION_4_4: &str = "2048x2048|element -> 2048x2048|element";
const VIEWS: [View; 4] = [
    View::Boathull,
    View::BoathullCompare,
    View::BoathullRoofline,
    View::BoathullApp,
];

fn gtx470(assume: GpuAssumptions) -> BoathullProcessor {
    BoathullProcessor {
        name: "GeForce GTX470 (boat hull Table 2)".into(),
        target: Target::Gpu {
            gpu: Gpu::GTX470,
            assume,
        },
    }
}

fn i7_930() -> BoathullProcessor {
    BoathullProcessor {
        name: "Core i7-930 (boat hull Table 3)".into(),
        target: Target::Cpu {
            cpu: Cpu::I7_930,
            assume: CpuAssumptions::HULL,
        },
    }
}

fn input(class: &str, first: BoathullProcessor, second: BoathullProcessor) -> BoathullInput {
    let class = Class::parse(class).unwrap_or_else(|e| panic!("{class}: {e}"));
    let mut i = BoathullInput::new(class, first, second);
    i.application = Some(fast_focus_on_structures());
    i
}

fn default_input() -> BoathullInput {
    input(SECTION_4_4, gtx470(GpuAssumptions::UNKNOWN), i7_930())
}

fn build(view: View, i: &BoathullInput) -> ChartFigure {
    boathull::build(view, i).unwrap_or_else(|e| panic!("{}: {e}", view.key()))
}

fn series<'a>(p: &'a ChartPanel, name: &str) -> &'a Series {
    p.series.iter().find(|s| s.name == name).unwrap_or_else(|| {
        let names: Vec<&str> = p.series.iter().map(|s| s.name.as_str()).collect();
        panic!("no series `{name}` in {names:?}")
    })
}

fn starts<'a>(p: &'a ChartPanel, prefix: &str) -> Option<&'a Series> {
    p.series.iter().find(|s| s.name.starts_with(prefix))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs())
}

#[test]
fn every_applicable_floor_is_drawn_for_every_table1_class() {
    let opts = ClassOptions::default();
    for (_, text) in classes::table1_examples() {
        let i = input(&text, gtx470(GpuAssumptions::UNKNOWN), i7_930());
        let fig = build(View::Boathull, &i);
        let p = &fig.panels[0];
        let v = ClassVars::gpu(i.class.shape(), &opts);
        series(p, "c0 compute");
        series(p, "m0 memory");
        series(p, "hull = max(c0, m0)");
        assert_eq!(
            starts(p, "c1 floor: no FMA").is_some(),
            v.floors.c1,
            "{text}"
        );
        assert_eq!(
            starts(p, "m1 floor: scattered").is_some(),
            v.floors.m1,
            "{text}"
        );
        // The CPU has its three compute floors for every class.
        let i = input(&text, i7_930(), gtx470(GpuAssumptions::UNKNOWN));
        let fig = build(View::Boathull, &i);
        let p = &fig.panels[0];
        for floor in ["c1 floor: scalar (4 x c0)", "c2 floor: one thread (8 x c0)"] {
            series(p, floor);
        }
        series(p, "c3 floor: one thread, scalar (32 x c0)");
        assert!(starts(p, "m1").is_none() && starts(p, "total with").is_none());
    }
    // The x-projection is one of the classes with the scattered floor.
    let i = input(
        "1024x1024|tile(1x1024) -> 1024|element",
        gtx470(GpuAssumptions::UNKNOWN),
        i7_930(),
    );
    assert!(starts(&build(View::Boathull, &i).panels[0], "m1 floor").is_some());
}

#[test]
fn hull_is_the_max_of_the_equations_and_matches_the_model() {
    let i = default_input();
    let fig = build(View::Boathull, &i);
    let p = &fig.panels[0];
    let (c0, m0, hull) = (
        series(p, "c0 compute"),
        series(p, "m0 memory"),
        series(p, "hull = max(c0, m0)"),
    );
    assert_eq!(hull.points.len(), boathull::DEFAULT_SAMPLES);
    let vars = ClassVars::gpu(i.class.shape(), &ClassOptions::default());
    for k in 0..hull.points.len() {
        let f = hull.points[k][0];
        assert_eq!(c0.points[k][0], f);
        assert_eq!(hull.points[k][1], c0.points[k][1].max(m0.points[k][1]));
        let t = Gpu::GTX470.times(&vars, f).expect("valid");
        assert!(close(hull.points[k][1], t.hull_s()));
    }
    // Both regimes are in the default range: memory bound at f = 1,
    // compute bound at f = 10^4.
    let first = hull.points[0];
    let last = hull.points[hull.points.len() - 1];
    assert_eq!((first[0], last[0]), (1.0, 1e4));
    assert_eq!(first[1], m0.points[0][1]);
    assert_eq!(last[1], c0.points[c0.points.len() - 1][1]);
    // Units on both axes.
    assert_eq!((p.x.unit.as_str(), p.y.unit.as_str()), ("ops/element", "s"));
}

#[test]
fn totals_with_transfers_are_dashed_and_add_t0() {
    let i = default_input();
    let fig = build(View::Boathull, &i);
    let p = &fig.panels[0];
    let vars = ClassVars::gpu(i.class.shape(), &ClassOptions::default());
    let t0 = Gpu::GTX470.transfer_s(vars.d);
    let total = series(p, "total with transfers: hull + t0");
    assert_eq!(total.style, LineStyle::Dashed);
    let hull = series(p, "hull = max(c0, m0)");
    for (a, b) in total.points.iter().zip(&hull.points) {
        assert!(close(a[1], b[1] + t0));
    }
    for key in ["c0", "c1", "m0"] {
        let s = series(p, &format!("{key} + t0"));
        assert_eq!(s.style, LineStyle::Dashed, "{key}");
    }
    // Solid lines are the equations and the hull; nothing else is dashed.
    for s in &p.series {
        let is_total = s.name.contains("+ t0");
        assert_eq!(s.style == LineStyle::Dashed, is_total, "{}", s.name);
    }
    // A CPU has no transfer, so no dashed lines.
    let cpu = build(View::Boathull, &input(SECTION_4_4, i7_930(), i7_930()));
    assert!(
        cpu.panels[0]
            .series
            .iter()
            .all(|s| s.style != LineStyle::Dashed)
    );
}

#[test]
fn chosen_f_has_a_marker_and_a_readout() {
    let mut i = default_input();
    i.f = 200.0;
    let fig = build(View::Boathull, &i);
    let p = &fig.panels[0];
    let vars = ClassVars::gpu(i.class.shape(), &ClassOptions::default());
    let t = Gpu::GTX470.times(&vars, 200.0).expect("valid");
    let m = p
        .markers
        .iter()
        .find(|m| m.label.starts_with("f = 200: hull"))
        .expect("a marker at the chosen f");
    assert_eq!((m.x, m.y), (200.0, t.hull_s()));
    assert!(m.label.contains("compute bound"), "{}", m.label);
    assert!(p.ref_lines.iter().any(|r| r.value == 200.0));
    assert!(p.notes[0].starts_with("At f = 200: c0 = "), "{:?}", p.notes);
    // The balance point c0 = m0 is marked.
    assert!(
        p.markers
            .iter()
            .any(|m| m.label.starts_with("c0 = m0 at f = "))
    );
    // A chosen f outside the range widens the axis.
    i.f = 1e5;
    let fig = build(View::Boathull, &i);
    assert_eq!(fig.panels[0].x.hi, 1e5);
}

#[test]
fn compare_marks_the_models_crossover() {
    let i = default_input();
    let fig = build(View::BoathullCompare, &i);
    assert_eq!(fig.panels.len(), 2);
    let (times, ratio) = (&fig.panels[0], &fig.panels[1]);
    let (lo, hi) = i.f_range();
    let cross = |with_transfers| {
        processor_crossover(
            &i.processor.target,
            &i.partner.target,
            &i.class,
            &i.options,
            lo,
            hi,
            with_transfers,
        )
        .expect("valid")
    };
    // The GTX470's kernels beat the i7-930 at every f; with the transfers
    // the CPU wins at low complexity and the GPU above the crossover.
    assert_eq!(cross(false), None);
    let f = cross(true).expect("a crossover with transfers");
    assert!(f > 10.0 && f < 1000.0, "{f}");
    for panel in [times, ratio] {
        let m = panel
            .markers
            .iter()
            .find(|m| m.label.starts_with("crossover with transfers"))
            .expect("crossover marker");
        assert_eq!(m.x, f);
        assert!(
            m.label.contains(&hetscope_model::format::fmt_tick(f)),
            "{}",
            m.label
        );
        assert!(
            !panel
                .markers
                .iter()
                .any(|m| m.label.contains("kernels only"))
        );
    }
    let on_ratio = ratio
        .markers
        .iter()
        .find(|m| m.label.starts_with("crossover"))
        .expect("marker");
    assert_eq!(on_ratio.y, 1.0);
    // The marker sits on both totals.
    let m = &times
        .markers
        .iter()
        .find(|m| m.label.starts_with("crossover"))
        .expect("marker");
    let cpu = ClassVars::cpu(i.class.shape(), &ClassOptions::default());
    let t = Cpu::I7_930.times(&cpu, f).expect("valid").hull_s();
    assert!((m.y - t).abs() < 1e-9 * t, "{} {t}", m.y);
    assert!(fig.notes.iter().any(|n| n.contains("is faster below f =")));
    assert_eq!(ratio.y.unit, "x");
    // Lines: each processor's kernel, the GPU's total dashed.
    series(times, "GeForce GTX470: kernel (GPU)");
    series(times, "Core i7-930: kernel (CPU)");
    assert_eq!(
        series(times, "GeForce GTX470: total with transfers (+ t0)").style,
        LineStyle::Dashed
    );
    assert!(starts(times, "Core i7-930: total").is_none());
}

#[test]
fn roofline_places_the_class_under_the_roof() {
    let i = default_input();
    let fig = build(View::BoathullRoofline, &i);
    assert_eq!(fig.panels.len(), 2);
    for (p, peak) in fig.panels.iter().zip([1089.0, 90.0]) {
        assert_eq!(
            (p.x.unit.as_str(), p.y.unit.as_str()),
            ("flop/byte", "GFLOP/s")
        );
        let roof = starts(p, "roofline: min(P_compute").expect("the roof");
        let top = roof.points.iter().map(|q| q[1]).fold(0.0, f64::max);
        assert_eq!(top, peak);
        let hull = starts(p, "boat hull of the class").expect("the class curve");
        let at = |prefix: &str| {
            p.markers
                .iter()
                .find(|m| m.label.starts_with(prefix))
                .unwrap_or_else(|| panic!("marker {prefix}"))
        };
        for q in &hull.points {
            let on_roof = roof_at(roof, q[0]);
            assert!(q[1] <= on_roof * (1.0 + 1e-9), "{q:?} above {on_roof}");
        }
        // At f = 10 the class is memory bound on both: the boat hull
        // reaches the roof, one marker says so.
        let both = at("roofline = boat hull at f = 10");
        let pt = hetscope_model::boathull::Roofline {
            p_compute_gflops: peak,
            p_memory_gbs: [95.0, 12.2][(peak < 100.0) as usize],
        }
        .attainable_gops(both.x);
        assert!((both.y - pt).abs() < 1e-9 * pt, "{} {pt}", both.y);
        // The six primitives of the application are placed too (those at
        // the same place under one label).
        let app = fast_focus_on_structures();
        for q in &app.primitives {
            assert!(
                p.markers
                    .iter()
                    .any(|m| m.label.contains(&q.name) && m.label.ends_with("(f = 1)")),
                "{}",
                q.name
            );
        }
    }
    // Compute bound (f = 1000), the class offset o keeps the boat hull
    // under the roof: two markers.
    let mut i = default_input();
    i.f = 1000.0;
    let fig = build(View::BoathullRoofline, &i);
    let p = &fig.panels[0];
    let find = |prefix: &str| p.markers.iter().find(|m| m.label.starts_with(prefix));
    let (r, b) = (
        find("roofline at f = 1000").expect("roof marker"),
        find("boat hull at f = 1000").expect("boat hull marker"),
    );
    assert_eq!(r.x, b.x);
    assert!(b.y < r.y, "{} {}", b.y, r.y);
    // The GPU panel has the two ceilings of Figure 1.
    let gpu = &fig.panels[0];
    assert!(starts(gpu, "ceiling: no FMA").is_some());
    assert!(starts(gpu, "ceiling: scattered").is_some());
}

/// The roof's value at x by log-log interpolation of its polyline.
fn roof_at(roof: &Series, x: f64) -> f64 {
    for w in roof.points.windows(2) {
        let (a, b) = (w[0], w[1]);
        if x >= a[0] && x <= b[0] {
            let t = (x.ln() - a[0].ln()) / (b[0].ln() - a[0].ln());
            return (a[1].ln() + t * (b[1].ln() - a[1].ln())).exp();
        }
    }
    f64::INFINITY
}

#[test]
fn application_bars_stack_to_the_total_with_its_range() {
    let mut i = input(SECTION_4_4, gtx470(GpuAssumptions::TABLE5), i7_930());
    i.options = ClassOptions::as_printed();
    let fig = build(View::BoathullApp, &i);
    let stacked = &fig.panels[0];
    assert_eq!(stacked.y.unit, "ms");
    let app = fast_focus_on_structures();
    for (c, p) in [&i.processor, &i.partner].iter().enumerate() {
        let want = app.predict(&p.target, &i.options).expect("valid");
        let mut top = 0.0;
        for (j, set) in stacked.bars.iter().enumerate() {
            let bar = set.bars.iter().find(|b| b.category == c).expect("a bar");
            assert!(
                (bar.base - top).abs() < 1e-12,
                "{} starts at {}",
                set.name,
                bar.base
            );
            top = bar.value;
            if j < app.primitives.len() {
                assert_eq!(set.name, app.primitives[j].name);
                assert!(bar.range.is_none());
            } else {
                // The transfers close the stack at the total's low end,
                // the whisker spans the total range.
                let (lo, hi) = bar.range.expect("total range");
                assert!(close(bar.value, want.total.low_s * 1e3));
                assert!(close(lo, want.total.low_s * 1e3) && close(hi, want.total.high_s * 1e3));
                assert!(close(bar.value - bar.base, want.transfers_s * 1e3));
            }
        }
        assert!(close(top, want.total.low_s * 1e3));
    }
    // Table 5 on the GTX470: kernels 1.66-2.32 ms (the model: 1.664-2.332).
    let gpu = app.predict(&i.processor.target, &i.options).expect("valid");
    assert!((gpu.kernels.low_s - 1.66e-3).abs() < 0.01e-3);
    assert!(
        stacked.notes[0].contains("kernels 1.664-2.332 ms"),
        "{}",
        stacked.notes[0]
    );
    // Panel 2: every primitive on both processors, with its range.
    let each = &fig.panels[1];
    assert_eq!(each.categories.len(), app.primitives.len() + 1);
    assert_eq!(each.bars.len(), 2);
    let xproj = each.bars[0]
        .bars
        .iter()
        .find(|b| each.categories[b.category] == "X-projection")
        .expect("x-projection");
    assert!(xproj.range.is_some_and(|(lo, hi)| hi > lo));
    // No application, no figure.
    i.application = None;
    let e = boathull::build(View::BoathullApp, &i)
        .expect_err("no application")
        .to_string();
    assert!(e.contains("no application"), "{e}");
}

#[test]
fn every_axis_has_a_unit() {
    let i = default_input();
    for view in VIEWS {
        let fig = build(view, &i);
        for p in &fig.panels {
            assert!(!p.y.unit.is_empty(), "{}: {}", view.key(), p.title);
            assert!(
                !p.x.unit.is_empty() || !p.categories.is_empty(),
                "{}: {}",
                view.key(),
                p.title
            );
            assert!(p.y.lo < p.y.hi && p.x.lo < p.x.hi, "{}", p.title);
        }
        assert!(!fig.title.is_empty() && !fig.subtitle.is_empty());
    }
}

#[test]
fn invalid_inputs_are_named() {
    let mut i = default_input();
    i.f = 0.0;
    let e = boathull::build(View::Boathull, &i)
        .expect_err("f = 0")
        .to_string();
    assert!(e.contains("chosen f"), "{e}");
    let mut i = default_input();
    (i.f_min, i.f_max) = (100.0, 10.0);
    assert!(
        boathull::build(View::Boathull, &i)
            .unwrap_err()
            .to_string()
            .contains("f range")
    );
    let mut i = default_input();
    i.partner.target = Target::Cpu {
        cpu: Cpu {
            n_threads: 0,
            ..Cpu::I7_930
        },
        assume: CpuAssumptions::HULL,
    };
    let e = boathull::build(View::BoathullCompare, &i)
        .expect_err("no threads")
        .to_string();
    assert!(
        e.contains("Core i7-930") && e.contains("N_threads") && e.contains("between 1 and 1e6"),
        "{e}"
    );
    assert!(boathull::build(View::PerdomeHeatmap, &default_input()).is_err());
}

#[test]
fn every_view_exports_to_svg_png_and_csv() {
    let i = default_input();
    let size = ExportSize::new(900, 600).expect("size");
    for view in VIEWS {
        let fig = Figure::Chart(build(view, &i));
        let render = |format| {
            export::render(&fig, format, size, &Camera::default())
                .unwrap_or_else(|e| panic!("{} {format:?}: {e}", view.key()))
        };
        let svg = String::from_utf8(render(Format::Svg)).expect("utf-8");
        assert!(svg.contains("<svg"), "{}", view.key());
        let png = render(Format::Png);
        assert!(png.starts_with(b"\x89PNG"), "{}", view.key());
        let csv = String::from_utf8(render(Format::Csv)).expect("utf-8");
        let Figure::Chart(chart) = &fig else {
            unreachable!()
        };
        for p in &chart.panels {
            for s in &p.series {
                assert!(csv.contains(&s.name), "{}: {}", view.key(), s.name);
            }
            for set in &p.bars {
                assert!(csv.contains(&set.name), "{}: {}", view.key(), set.name);
            }
        }
    }
}

//! The offload figures: CPU and GPU time against size, the speedup with
//! its 1x line and the crossover the model finds, the suite's bars and
//! geometric means, and every export format of both views.

use crate::common::catalog;
use hetscope_core::offload::OffloadScenario;
use hetscope_export::{self as export, ExportSize, Format};
use hetscope_figure::chart::{ChartFigure, ChartPanel, Orientation, Scale};
use hetscope_figure::offload::{self, CROSSOVER_STEPS, OffloadInput, suite_summary};
use hetscope_figure::{Camera, Figure, View};
use hetscope_model::offload::{OffloadParam, crossover, decide};

/// The default state: POWER9 + V100 (NVLink 2), GEMM at n = 9600.
fn input() -> OffloadInput {
    let cat = catalog();
    OffloadScenario::default().input(cat).unwrap()
}

/// The size the suite view draws kernel `k` at: its own where the input
/// gives each kernel one (the default: each at its benchmark size).
fn suite_size(i: &OffloadInput, k: usize) -> f64 {
    i.suite_sizes.as_ref().map_or(i.size, |s| s[k])
}

fn build(view: View, input: &OffloadInput) -> ChartFigure {
    offload::build(view, input).unwrap()
}

fn series<'a>(p: &'a ChartPanel, name_part: &str) -> &'a hetscope_figure::chart::Series {
    p.series
        .iter()
        .find(|s| s.name.contains(name_part))
        .unwrap_or_else(|| panic!("no series '{name_part}' in {}", p.title))
}

#[test]
fn default_input_is_power9_v100_gemm_at_9600() {
    let i = input();
    assert_eq!(i.platform_name, "POWER9 + V100 (NVLink 2)");
    assert_eq!(i.kernel.name, "GEMM");
    assert_eq!(i.size, 9600.0);
    assert_eq!(i.platform.cpu.threads, 160.0);
    // The suite: the offload paper's 25 parallel loops.
    assert_eq!(i.suite.len(), 25);
    assert_eq!(
        i.suite.len(),
        catalog()
            .offload_suite(hetscope_preset::offload::KernelSet::Paper)
            .len()
    );
}

#[test]
fn offload_view_has_cpu_and_gpu_times_against_size_on_log_axes() {
    let i = input();
    let f = build(View::Offload, &i);
    assert_eq!(f.panels.len(), 2);
    let t = &f.panels[0];
    assert_eq!((t.x.scale, t.y.scale), (Scale::Log10, Scale::Log10));
    assert_eq!(t.y.unit, "s");
    assert!(!t.x.unit.is_empty() && !f.panels[1].y.unit.is_empty());
    let cpu = series(t, "CPU");
    let gpu = series(t, "GPU: kernel + transfers");
    assert!(cpu.name.contains("160 threads"), "{}", cpu.name);
    assert_eq!(cpu.points.len(), gpu.points.len());
    assert!(cpu.points.len() >= offload::SWEEP_POINTS);
    assert_eq!(cpu.points.first().unwrap()[0], i.size_lo);
    assert_eq!(cpu.points.last().unwrap()[0], i.size_hi);
    // Each point is the model's prediction at its size.
    for (c, g) in cpu.points.iter().zip(&gpu.points).step_by(40) {
        let d = decide(&i.kernel.kernel, &i.platform, c[0]).unwrap();
        assert_eq!(c[1], d.cpu_seconds);
        if d.fits_gpu == Some(false) {
            // Past the GPU's memory the GPU curve stops.
            assert!(g[1].is_nan(), "{g:?}");
        } else {
            assert_eq!(g[1], d.gpu_seconds);
            assert!(g[1] > 0.0);
        }
        assert!(c[1] > 0.0);
    }
    // Sizes increase; times fit the axis.
    assert!(cpu.points.windows(2).all(|w| w[0][0] < w[1][0]));
    let top = cpu.points.iter().map(|p| p[1]).fold(0.0, f64::max);
    assert!(t.y.lo > 0.0 && t.y.hi >= top);
}

#[test]
fn speedup_crosses_one_at_the_marked_crossover() {
    let i = input();
    let f = build(View::Offload, &i);
    let s = &f.panels[1];
    let one = s
        .ref_lines
        .iter()
        .find(|r| r.orientation == Orientation::Horizontal)
        .expect("the 1x line");
    assert_eq!(one.value, 1.0);
    let c = crossover(
        &i.kernel.kernel,
        &i.platform,
        i.size_lo,
        i.size_hi,
        CROSSOVER_STEPS,
    )
    .unwrap()
    .expect("GEMM flips between n = 10 and 100000");
    let m = s
        .markers
        .iter()
        .find(|m| m.label.starts_with("crossover"))
        .expect("a crossover marker");
    assert_eq!(m.x, c);
    assert_eq!(m.y, 1.0);
    assert_eq!(m.label, format!("crossover n = {}", c.round()));
    // The speedup curve is below 1 before and above 1 after it.
    let sp = series(s, "with transfers");
    for p in &sp.points {
        if p[0] < c {
            assert!(p[1] <= 1.0, "{p:?} before {c}");
        } else {
            // Above 1 until the data no longer fits the GPU (no point there).
            assert!(p[1] > 1.0 || p[1].is_nan(), "{p:?} after {c}");
        }
    }
    assert!(sp.points.iter().any(|p| p[0] == c));
    // The times panel marks the same size where the curves meet.
    let tm = f.panels[0]
        .markers
        .iter()
        .find(|m| m.label.starts_with("crossover"))
        .unwrap();
    assert_eq!(tm.x, c);
    // The chosen size: its speedup and decision, and a vertical line.
    let d = decide(&i.kernel.kernel, &i.platform, 9600.0).unwrap();
    let chosen = s
        .markers
        .iter()
        .find(|m| m.label.starts_with("n = 9600"))
        .unwrap();
    assert_eq!(chosen.y, d.speedup);
    assert!(
        chosen
            .label
            .ends_with(if d.offload { "offload" } else { "host" })
    );
    assert!(
        s.ref_lines
            .iter()
            .any(|r| r.orientation == Orientation::Vertical && r.value == 9600.0)
    );
    assert!(
        f.notes.iter().any(|n| n.starts_with("Crossover: n = ")),
        "{:?}",
        f.notes
    );
}

#[test]
fn a_column_major_access_is_uncoalesced_and_slows_the_gpu() {
    let cat = catalog();
    let mut st = OffloadScenario::default();
    st.sync_edit(cat);
    let before = st.input(cat).unwrap();
    let k = st
        .edit
        .subscripts
        .iter()
        .position(|s| s.starts_with('B'))
        .unwrap();
    st.edit.subscripts[k] = "B[j*n + k]".into();
    let after = st.input(cat).unwrap();
    // The edited kernel is named so in both views.
    assert_eq!(after.kernel.label(), "GEMM (subscripts edited)");
    assert!(after.suite.iter().any(|k| k.edited && k.name == "GEMM"));
    let suite = build(View::OffloadSuite, &after);
    assert!(suite.panels[0].categories.contains(&"GEMM*".to_string()));
    assert!(
        suite
            .notes
            .iter()
            .any(|n| n.starts_with("GEMM*: subscripts edited"))
    );
    assert!(
        build(View::Offload, &after)
            .title
            .contains("GEMM (subscripts edited)")
    );
    let rows = offload::access_rows(&after.kernel.kernel, 9600.0);
    assert_eq!(rows[k].symbolic, "n");
    assert_eq!(rows[k].stride, Ok(9600));
    assert_eq!(rows[k].coalesced, Some(false));
    let d0 = decide(&before.kernel.kernel, &before.platform, 9600.0).unwrap();
    let d1 = decide(&after.kernel.kernel, &after.platform, 9600.0).unwrap();
    assert!(d1.gpu_seconds > d0.gpu_seconds);
    assert!(d1.speedup < d0.speedup);
    let f = build(View::Offload, &after);
    assert!(
        f.notes
            .iter()
            .any(|n| n.contains("B[j*n + k] stride 9600 (uncoalesced)"))
    );
    // An unparsable subscript is an error naming its column.
    st.edit.subscripts[k] = "B[j*n + ]".into();
    let e = st.input(cat).unwrap_err().to_string();
    assert!(e.contains("column 9"), "{e}");
}

#[test]
fn fewer_host_threads_raise_the_speedup() {
    let cat = catalog();
    let mut st = OffloadScenario::default();
    let full = st.input(cat).unwrap();
    st.overrides.insert(OffloadParam::Threads, 4.0);
    let four = st.input(cat).unwrap();
    assert_eq!(four.platform.cpu.threads, 4.0);
    let s = |i: &OffloadInput| {
        decide(&i.kernel.kernel, &i.platform, 9600.0)
            .unwrap()
            .speedup
    };
    assert!(s(&four) > s(&full) * 10.0);
    let f = build(View::Offload, &four);
    assert!(f.subtitle.contains("4 OpenMP threads"), "{}", f.subtitle);
    st.overrides.insert(OffloadParam::Threads, 0.0);
    assert!(st.input(cat).unwrap_err().to_string().contains("threads"));
}

#[test]
fn suite_has_one_bar_per_kernel_with_its_decision() {
    let i = input();
    let f = build(View::OffloadSuite, &i);
    assert_eq!(f.panels.len(), 1);
    let p = &f.panels[0];
    assert_eq!(p.y.scale, Scale::Log10);
    assert_eq!(p.y.unit, "x");
    let names: Vec<&str> = i.suite.iter().map(|k| k.name.as_str()).collect();
    assert_eq!(p.categories, names);
    let set = |name: &str| p.bars.iter().find(|b| b.name.contains(name)).unwrap();
    let always = &p.bars[0];
    assert_eq!(always.name, "always offload");
    assert_eq!(always.bars.len(), i.suite.len());
    let (gpu, host) = (set("GPU chosen"), set("host kept"));
    assert_eq!(gpu.bars.len() + host.bars.len(), i.suite.len());
    for (k, kin) in i.suite.iter().enumerate() {
        let d = decide(&kin.kernel, &i.platform, suite_size(&i, k)).unwrap();
        let a = always.bars.iter().find(|b| b.category == k).unwrap();
        assert_eq!(a.value, d.speedup);
        let in_gpu = gpu.bars.iter().find(|b| b.category == k);
        let in_host = host.bars.iter().find(|b| b.category == k);
        if d.offload {
            assert_eq!(in_gpu.unwrap().value, d.speedup);
            assert!(in_host.is_none());
        } else {
            assert_eq!(in_host.unwrap().value, 1.0);
            assert!(in_gpu.is_none());
            assert!(in_host.unwrap().label.contains("keep on the host"));
        }
        // Every bar starts at the bottom of the axis and is drawn.
        assert!(a.base <= p.y.lo && a.base > 0.0);
        assert!(a.value >= p.y.lo && a.value <= p.y.hi);
    }
    // Both policies are present in the shipped suite at its benchmark sizes.
    assert!(!gpu.bars.is_empty() && !host.bars.is_empty());
}

#[test]
fn suite_geometric_means_match_the_model() {
    let i = input();
    let s = suite_summary(&i).unwrap();
    let decisions: Vec<_> = i
        .suite
        .iter()
        .enumerate()
        .map(|(n, k)| decide(&k.kernel, &i.platform, suite_size(&i, n)).unwrap())
        .collect();
    // A loop whose data exceeds the GPU stays on the host under both
    // policies (speedup 1).
    let speedups: Vec<f64> = decisions
        .iter()
        .map(|d| {
            if d.fits_gpu == Some(false) {
                1.0
            } else {
                d.speedup
            }
        })
        .collect();
    let n = speedups.len() as f64;
    let always = (speedups.iter().map(|v| v.ln()).sum::<f64>() / n).exp();
    let profitable = (speedups.iter().map(|v| v.max(1.0).ln()).sum::<f64>() / n).exp();
    assert!((s.geomean_always - always).abs() <= 1e-12 * always);
    assert!((s.geomean_profitable - profitable).abs() <= 1e-12 * profitable);
    assert!(s.geomean_profitable >= s.geomean_always);
    assert_eq!(
        s.offloaded(),
        decisions.iter().filter(|d| d.offload).count()
    );
    // Drawn as two labelled lines, and written under the chart.
    let f = build(View::OffloadSuite, &i);
    let lines = &f.panels[0].ref_lines;
    let g = |part: &str| lines.iter().find(|r| r.label.contains(part)).unwrap().value;
    assert_eq!(g("always offload"), s.geomean_always);
    assert_eq!(g("when profitable"), s.geomean_profitable);
    assert!(
        f.notes[0].contains("always offload") && f.notes[0].contains("when predicted profitable")
    );
    // With four host threads (the paper's Figures 6-7 set-up) the GPU wins
    // more often, and the policy never loses to always offloading.
    let cat = catalog();
    let mut st = OffloadScenario::default();
    st.overrides.insert(OffloadParam::Threads, 4.0);
    let s4 = suite_summary(&st.input(cat).unwrap()).unwrap();
    assert!(s4.offloaded() >= s.offloaded());
    assert!(s4.geomean_profitable >= s4.geomean_always);
    // With one thread every kernel is offloaded: the policies agree and
    // the host set has no bars, so it is left out of the legend.
    st.overrides.insert(OffloadParam::Threads, 1.0);
    let i1 = st.input(cat).unwrap();
    let s1 = suite_summary(&i1).unwrap();
    // (but for a loop whose data does not fit the GPU at this size: 3DCONV
    // at n = 9600 needs a 9600^3 grid)
    let fitting = s1
        .rows
        .iter()
        .filter(|r| r.decision.fits_gpu != Some(false))
        .count();
    assert_eq!(s1.offloaded(), fitting);
    assert_eq!(s1.geomean_profitable, s1.geomean_always);
    let f1 = build(View::OffloadSuite, &i1);
    // The host set shows only the loops that do not fit.
    let sets = if fitting == s1.rows.len() { 2 } else { 3 };
    assert_eq!(f1.panels[0].bars.len(), sets);
    assert!(
        f1.subtitle.contains("1 OpenMP thread at"),
        "{}",
        f1.subtitle
    );
}

#[test]
fn bad_sizes_and_an_empty_suite_are_errors() {
    let mut i = input();
    i.size_lo = 100.0;
    i.size_hi = 10.0;
    assert!(
        offload::build(View::Offload, &i)
            .unwrap_err()
            .to_string()
            .contains("size range")
    );
    let mut i = input();
    i.size = f64::NAN;
    assert!(offload::build(View::Offload, &i).is_err());
    let mut i = input();
    i.suite.clear();
    assert!(
        offload::build(View::OffloadSuite, &i)
            .unwrap_err()
            .to_string()
            .contains("empty")
    );
    assert!(offload::build(View::PerdomeHeatmap, &input()).is_err());
}

#[test]
fn both_views_export_svg_png_and_csv() {
    let i = input();
    let size = ExportSize::new(1200, 800).unwrap();
    for view in [View::Offload, View::OffloadSuite] {
        let fig = Figure::Chart(build(view, &i));
        let svg = export::render(&fig, Format::Svg, size, &Camera::default()).unwrap();
        let svg = String::from_utf8(svg).unwrap();
        assert!(
            svg.starts_with("<svg") || svg.starts_with("<?xml"),
            "{view:?}"
        );
        assert!(svg.contains("Offload decision for"), "{view:?}");
        let png = export::render(&fig, Format::Png, size, &Camera::default()).unwrap();
        assert_eq!(&png[1..4], b"PNG");
        // Width and height from the IHDR chunk.
        let w = u32::from_be_bytes(png[16..20].try_into().unwrap());
        let h = u32::from_be_bytes(png[20..24].try_into().unwrap());
        assert_eq!((w, h), (1200, 800));
        let csv = export::render(&fig, Format::Csv, size, &Camera::default()).unwrap();
        let csv = String::from_utf8(csv).unwrap();
        match view {
            View::Offload => {
                assert!(csv.contains("CPU: OpenMP model, 160 threads"));
                assert!(csv.contains("crossover n = "));
                assert!(csv.contains("1x: break-even"));
            }
            _ => {
                assert!(csv.contains("always offload"));
                assert!(csv.contains("GEMM"));
                assert!(csv.contains("geomean, offload when profitable"));
            }
        }
    }
}

#[test]
fn every_series_of_a_panel_has_its_own_colour() {
    // The legend shows colours only: two series of one colour cannot be
    // told apart there.
    let input = input();
    for view in [View::Offload, View::OffloadSuite] {
        let fig = build(view, &input);
        for p in &fig.panels {
            let mut colours: Vec<[u8; 3]> = p.series.iter().map(|s| s.color).collect();
            colours.extend(p.bars.iter().map(|b| b.color));
            let n = colours.len();
            colours.sort();
            colours.dedup();
            assert_eq!(colours.len(), n, "{view:?} {}", p.title);
        }
    }
}

/// A compared platform's curves follow its own memory: GEMM on the GTX
/// 750 (1 GB) does not fit from some n below the paper's 9600, so its GPU
/// and speedup curves stop there, at a line naming its GPU, while its
/// host curve goes on; the first platform's curves are unchanged.
#[test]
fn a_compared_platforms_curves_stop_where_its_gpu_memory_ends() {
    use hetscope_core::named::{Named, session_of};
    let cat = catalog();
    let named = |platform2: Option<&str>| Named {
        platform: Some("xeon-8480-h100".into()),
        platform2: platform2.map(String::from),
        ..Named::default()
    };
    let figure = |platform2| {
        let (s, _) = session_of(&named(platform2), cat, |s| {
            s.offload.select_kernel(cat, "gemm");
            Ok(())
        })
        .unwrap();
        match hetscope_core::registry::figure(View::Offload, &s, cat).unwrap() {
            Figure::Chart(c) => (c, s),
            _ => panic!("the offload view is a chart"),
        }
    };
    let (alone, _) = figure(None);
    let (both, s) = figure(Some("i7-gtx750-perdome"));
    let input = s.offload.input(cat).unwrap();
    let o = input.overlay.as_ref().expect("a compared platform");
    let d = decide(&o.kernel, &o.platform, 9600.0).unwrap();
    assert_eq!(d.fits_gpu, Some(false), "GEMM at 9600 on {}", o.name);
    let [times, speed] = [&both.panels[0], &both.panels[1]];
    let line = times
        .ref_lines
        .iter()
        .find(|r| r.label.contains(&format!("GPU memory of {}", o.name)))
        .unwrap_or_else(|| panic!("no memory line of {}", o.name));
    assert!(line.value > 10.0 && line.value <= 9600.0, "{}", line.value);
    assert!(speed.ref_lines.contains(line));
    let finite_beyond = |s: &hetscope_figure::chart::Series| {
        s.points
            .iter()
            .any(|p| p[0] >= line.value && p[1].is_finite())
    };
    let finite_before = |s: &hetscope_figure::chart::Series| {
        s.points
            .iter()
            .any(|p| p[0] < line.value && p[1].is_finite())
    };
    for (panel, part) in [(times, "GPU with transfers"), (speed, "speedup")] {
        let s = series(panel, &format!("{}: {part}", o.name));
        assert!(finite_before(s) && !finite_beyond(s), "{}", s.name);
    }
    let host = series(times, &format!("{}: CPU", o.name));
    assert!(finite_beyond(host));
    let note = both
        .notes
        .iter()
        .find(|n| n.starts_with("Dotted:"))
        .unwrap();
    assert!(
        note.contains("stop at n = ") && note.contains("exceeds its GPU's memory"),
        "{note}"
    );
    // The first platform's own curves are those it has alone (a point
    // that is no number, where a curve stops, the same too).
    let same = |p: &[f64; 2], q: &[f64; 2]| {
        p[0] == q[0] && (p[1] == q[1] || (p[1].is_nan() && q[1].is_nan()))
    };
    for (a, b) in alone.panels.iter().zip(&both.panels) {
        for s in &a.series {
            let o = series(b, &s.name);
            let equal = o.points.len() == s.points.len()
                && s.points.iter().zip(&o.points).all(|(p, q)| same(p, q));
            assert!(equal, "{} changed", s.name);
        }
    }
}

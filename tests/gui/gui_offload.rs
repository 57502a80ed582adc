//! The offload views driven headlessly with egui_kittest: switch to the
//! model, edit a subscript and see its coalescing and the decision change,
//! an unparsable subscript, the threads slider, the suite view.

use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hetscope::figure::chart::ChartFigure;
use hetscope::figure::{Figure, View};
use hetscope::gui::{HetscopeApp, Tab};

fn harness() -> Harness<'static, HetscopeApp> {
    crate::common::builder()
        .with_size(egui::vec2(1500.0, 950.0))
        .build_eframe(|_cc| crate::common::on_papers_presets())
}

/// The harness on the "Offload decision" model, its first view.
fn offload_harness() -> Harness<'static, HetscopeApp> {
    let mut h = harness();
    h.get_by_label("Offload decision").click();
    h.run();
    assert_eq!(h.state().session.tab, Tab::Figure(View::Offload));
    h
}

fn chart(h: &Harness<'_, HetscopeApp>) -> ChartFigure {
    match h.state().figure() {
        Some(Figure::Chart(c)) => c.clone(),
        other => panic!("no chart figure: {other:?}"),
    }
}

/// The speedup marker at the chosen size: its label and value.
fn chosen(fig: &ChartFigure) -> (String, f64) {
    let m = fig.panels[1]
        .markers
        .iter()
        .find(|m| m.label.starts_with("n = "))
        .expect("the chosen-size marker");
    (m.label.clone(), m.y)
}

fn has_text(h: &Harness<'_, HetscopeApp>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

#[test]
fn the_offload_tab_shows_gemm_on_power9_v100() {
    let h = offload_harness();
    let fig = chart(&h);
    assert!(fig.title.contains("GEMM"), "{}", fig.title);
    assert!(fig.subtitle.contains("POWER9 + V100"), "{}", fig.subtitle);
    assert!(h.state().param_error().is_none());
    // The pickers, the readout and the access table with its strides.
    let picker = |label: &str| h.get_by_role_and_label(Role::ComboBox, label).value();
    assert_eq!(
        picker("Offload platform").as_deref(),
        Some("POWER9 + V100 (NVLink 2)")
    );
    assert_eq!(picker("Kernel").as_deref(), Some("GEMM"));
    assert!(has_text(&h, "GEMM at n = 9600"));
    assert!(has_text(&h, "offload to the GPU"));
    assert_eq!(
        h.get_by_label("subscript 1").value().as_deref(),
        Some("A[i*n + k]")
    );
    assert_eq!(
        h.get_by_label("subscript 2").value().as_deref(),
        Some("B[k*n + j]")
    );
    assert!(has_text(&h, "yes (broadcast)"));
    assert!(has_text(&h, "yes (unit stride)"));
}

#[test]
fn a_column_major_subscript_is_uncoalesced_and_lowers_the_speedup() {
    let mut h = offload_harness();
    let (label0, s0) = chosen(&chart(&h));
    assert!(label0.ends_with("offload"), "{label0}");
    h.get_by_label("subscript 2")
        .set_text_value_accesskit("B[j*n + k]");
    h.run();
    assert_eq!(h.state().session.offload.edit.subscripts[1], "B[j*n + k]");
    // Derived in the table: stride n, 9600 elements at n = 9600.
    assert!(has_text(&h, "no (stride 9600)"));
    assert!(!has_text(&h, "yes (unit stride)"));
    // The figure is rebuilt: uncoalesced loads make the GPU slower.
    let fig = chart(&h);
    let (_, s1) = chosen(&fig);
    assert!(s1 < s0, "speedup {s1} should drop below {s0}");
    assert!(
        fig.notes
            .iter()
            .any(|n| n.contains("B[j*n + k] stride 9600 (uncoalesced)"))
    );
    // Reset brings the preset's subscript back.
    h.get_by_label("Reset subscripts").click();
    h.run();
    assert_eq!(h.state().session.offload.edit.subscripts[1], "B[k*n + j]");
    assert_eq!(chosen(&chart(&h)).1, s0);
}

#[test]
fn an_unparsable_subscript_names_its_column_and_keeps_the_figure() {
    let mut h = offload_harness();
    let before = chart(&h);
    h.get_by_label("subscript 1")
        .set_text_value_accesskit("A[i*n + ]");
    h.run();
    let err = h.state().param_error().expect("an error").to_string();
    assert!(err.contains("column 9"), "{err}");
    assert!(err.contains("A[i*n + ]"), "{err}");
    // The last valid figure stays; the error shows next to the field and
    // above the chart.
    // (compared as text: a curve past the GPU's memory holds NaN, which
    // is never equal to itself)
    assert_eq!(format!("{:?}", chart(&h)), format!("{before:?}"));
    assert!(has_text(&h, "subscript `A[i*n + ]`, column 9"));
    assert!(has_text(&h, "showing the last valid figure"));
    // A valid subscript clears the error and rebuilds the figure.
    h.get_by_label("subscript 1")
        .set_text_value_accesskit("A[n*i + k]");
    h.run();
    assert!(h.state().param_error().is_none());
    assert!(has_text(&h, "yes (broadcast)"));
}

#[test]
fn fewer_host_threads_turn_a_host_kernel_into_an_offload() {
    let mut h = offload_harness();
    // 2DCONV stays on a 160-thread host at n = 9600 ...
    h.get_by_role_and_label(Role::ComboBox, "Kernel").click();
    h.run();
    h.get_by_label("2DCONV").click();
    h.run();
    assert_eq!(h.state().session.offload.kernel, "2dconv");
    let (label, s160) = chosen(&chart(&h));
    assert!(label.ends_with("host"), "{label}");
    assert!(has_text(&h, "keep on the host"));
    // ... and is offloaded with 4 threads (the paper's second set-up).
    h.get_by_role_and_label(Role::Slider, "host threads")
        .set_value_accesskit(4.0);
    h.run();
    assert_eq!(
        h.state()
            .session
            .offload
            .overrides
            .get(&hetscope::model::offload::OffloadParam::Threads),
        Some(&4.0)
    );
    let fig = chart(&h);
    let (label, s4) = chosen(&fig);
    assert!(s4 > s160);
    assert!(label.ends_with("offload"), "{label}");
    assert!(fig.series_names().iter().any(|n| n.contains("4 threads")));
    assert!(has_text(&h, "offload to the GPU"));
    // The parameters reset to the preset's.
    h.get_by_label("Reset parameters").click();
    h.run();
    assert!(h.state().session.offload.overrides.is_empty());
}

#[test]
fn the_suite_view_shows_every_kernel_and_both_geometric_means() {
    let mut h = offload_harness();
    h.get_by_label("Kernel suite").click();
    h.run();
    assert_eq!(h.state().session.tab, Tab::Figure(View::OffloadSuite));
    let fig = chart(&h);
    let p = &fig.panels[0];
    assert!(p.categories.iter().any(|c| c == "GEMM"));
    assert!(p.categories.iter().any(|c| c == "2DCONV"));
    assert!(fig.notes[0].contains("always offload"), "{:?}", fig.notes);
    // The access table belongs to the offload view only.
    assert!(h.query_by_label("subscript 1").is_none());
}

/// Names of every series of a figure.
trait SeriesNames {
    fn series_names(&self) -> Vec<String>;
}

impl SeriesNames for ChartFigure {
    fn series_names(&self) -> Vec<String> {
        self.panels
            .iter()
            .flat_map(|p| p.series.iter().map(|s| s.name.clone()))
            .collect()
    }
}

#[test]
fn the_offload_state_is_saved_and_restored() {
    use hetscope::gui::offload_state::OffloadScenario;
    let mut h = offload_harness();
    h.get_by_role_and_label(Role::Slider, "host threads")
        .set_value_accesskit(8.0);
    h.run();
    h.get_by_label("subscript 2")
        .set_text_value_accesskit("B[j*n + k]");
    h.run();
    let st = h.state().session.offload.clone();
    let text = ron::to_string(&st).unwrap();
    let back: OffloadScenario = ron::from_str(&text).unwrap();
    assert_eq!(back, st);
    // A state saved before these views existed gets the defaults.
    let empty: OffloadScenario = ron::from_str("()").unwrap();
    assert_eq!(empty, OffloadScenario::default());
    assert_eq!(empty.kernel, "gemm");
    assert_eq!(empty.size, 9600.0);
}

#[test]
fn the_hong_kim_reading_can_be_chosen_and_the_figure_says_which() {
    let mut h = offload_harness();
    let note = |h: &Harness<'_, HetscopeApp>| {
        chart(h)
            .notes
            .iter()
            .find(|n| n.starts_with("GPU model:"))
            .cloned()
            .unwrap_or_default()
    };
    assert!(note(&h).contains("as published"), "{}", note(&h));
    let published = chosen(&chart(&h)).1;
    h.get_by_role_and_label(Role::ComboBox, "Formulation")
        .click();
    h.run();
    h.get_by_label("whole-waves").click();
    h.run();
    h.run();
    assert!(note(&h).contains("whole waves"), "{}", note(&h));
    assert_eq!(
        h.state().session.offload.formulation,
        Some(hetscope::model::offload::Formulation::WholeWaves)
    );
    // Whole waves never take less time on the GPU: the speedup cannot rise.
    assert!(chosen(&chart(&h)).1 <= published);
    h.get_by_label("Reset parameters").click();
    h.run();
    h.run();
    assert_eq!(h.state().session.offload.formulation, None);
    assert_eq!(chosen(&chart(&h)).1, published);
    // The cache-aware reading: the note says so, and the speedup moves.
    h.get_by_role_and_label(Role::ComboBox, "Formulation")
        .click();
    h.run();
    h.get_by_label("cache-aware").click();
    h.run();
    h.run();
    assert!(note(&h).contains("with caches"), "{}", note(&h));
    assert_eq!(
        h.state().session.offload.formulation,
        Some(hetscope::model::offload::Formulation::CacheAware)
    );
    assert_ne!(chosen(&chart(&h)).1, published);
}

#[test]
fn the_access_table_says_which_accesses_keep_the_host_scalar() {
    let h = offload_harness();
    // GEMM in i-j-k order: B[k*n + j] walks a column along k, A[i*n + k]
    // a row: the host's innermost loop stays scalar.
    assert!(h.query_by_label_contains("host, along k").is_some());
    assert!(h.query_by_label_contains(": scalar").is_some());
    assert!(h.query_by_label("unit").is_some());
}

#[test]
fn a_size_past_the_gpus_memory_says_so_and_stays_on_the_host() {
    let mut h = offload_harness();
    // GEMM at n = 9600 fits the V100's 16 GB and is offloaded ...
    assert!(has_text(&h, "offload to the GPU"));
    assert!(!has_text(&h, "does not fit"));
    // ... at n = 60000 its three matrices take 43.2 GB: no speedup, no
    // offload, and the reason in the panel and under the figure.
    h.get_by_role_and_label(Role::Slider, "problem size n")
        .set_value_accesskit(60000.0);
    h.run();
    assert_eq!(h.state().session.offload.size, 60000.0);
    assert!(has_text(
        &h,
        "GEMM at n = 60000: the data does not fit the GPU's memory: 43.200 GB against 16.000 GB; keep on the host"
    ));
    let fig = chart(&h);
    let (label, _) = chosen(&fig);
    assert!(!label.ends_with("offload"), "{label}");
    assert!(
        fig.notes
            .iter()
            .chain(fig.panels.iter().flat_map(|p| &p.notes))
            .any(|n| n.contains("does not fit the GPU's memory") && n.contains("stays on the host")),
        "{:?}",
        fig.notes
    );
}

#[test]
fn pinned_host_arrays_copy_at_the_links_pinned_rates() {
    let mut h = offload_harness();
    assert!(h.state_mut().use_platform("h100-node-measured"));
    h.state_mut().session.offload.kernel = "2dconv".into();
    h.state_mut().session.offload.size = 9600.0;
    h.run();
    h.run();
    let pageable = chosen(&chart(&h)).1;
    h.get_by_role_and_label(Role::ComboBox, "Host arrays")
        .click();
    h.run();
    h.get_by_label("pinned").click();
    h.run();
    h.run();
    assert_eq!(
        h.state().session.offload.host_memory,
        Some(hetscope::model::platform::Transfers::Pinned)
    );
    // The probed link copies 5.9 and 3.7 times faster from pinned memory:
    // 2DCONV, decided by its copies, now gains on the GPU.
    let pinned = chosen(&chart(&h)).1;
    assert!(pageable < 1.0 && pinned > 1.0, "{pageable} {pinned}");
}

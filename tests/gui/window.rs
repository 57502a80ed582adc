//! The GUI driven headlessly with egui_kittest: real widgets, no display,
//! no GPU.

use crate::common::{MemoryStorage, catalog};

use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hetscope::figure::View;
use hetscope::format::fmt_num;
use hetscope::gui::model_ui::Editing;
use hetscope::gui::{HetscopeApp, PerdomeUi, StatusKind, Tab};
use hetscope::model::perdome::Platform;
use hetscope::preset::defaults::{PLATFORM as DEFAULT_PLATFORM, WORKLOAD as DEFAULT_WORKLOAD};
use hetscope::preset::{self};

/// The app on the PerDome heat map (it starts on the overview).
fn harness() -> Harness<'static, HetscopeApp> {
    crate::common::builder()
        .with_size(egui::vec2(1500.0, 950.0))
        .build_eframe(|_cc| {
            let mut app = HetscopeApp::default_state();
            app.session.tab = Tab::Figure(View::PerdomeHeatmap);
            app
        })
}

fn params(h: &Harness<'_, HetscopeApp>) -> Platform {
    h.state().session.perdome.platform.params
}

fn pdp_gflops(h: &Harness<'_, HetscopeApp>) -> f64 {
    h.state()
        .computed::<PerdomeUi>()
        .expect("an analysis")
        .analysis
        .optima
        .pdp
        .gflops
}

#[test]
fn starts_with_the_default_presets_and_the_perdome_heat_map() {
    let h = harness();
    let app = h.state();
    assert_eq!(app.session.perdome.platform.chosen.id, DEFAULT_PLATFORM);
    assert_eq!(app.session.perdome.workload.chosen.id, DEFAULT_WORKLOAD);
    assert_eq!(
        HetscopeApp::default_state().session.tab,
        Tab::Figure(View::Overview),
        "a first start shows the platform overview"
    );
    assert_eq!(app.session.tab, Tab::Figure(View::PerdomeHeatmap));
    assert!(app.param_error().is_none());
    assert!(app.status().is_none_or(|(k, _)| k != StatusKind::Error));
    // The figure's title and subtitle are on screen.
    h.get_by_label("PerDome: performance bound over (I_C, I_G)");
    h.get_by_label_contains("SA (PerDome)");
    // The pickers show the presets' names.
    let picker = |label: &str| h.get_by_role_and_label(Role::ComboBox, label).value();
    assert_eq!(
        picker("Platform preset").as_deref(),
        Some("i7 2600K + GTX 750 (PerDome)")
    );
    assert_eq!(picker("Workload preset").as_deref(), Some("SA (PerDome)"));
}

#[test]
fn gpu_time_per_flop_slider_changes_the_numbers_shown() {
    let mut h = harness();
    h.get_by_label("Classification").click();
    h.run();
    let before = pdp_gflops(&h);
    let before_text = format!("{} GFLOP/s", fmt_num(before));
    assert!(
        !h.query_all_by_label(&before_text)
            .collect::<Vec<_>>()
            .is_empty()
    );

    // A ten times slower GPU flop: the p-DP bound must drop.
    let t_fg = params(&h).gpu.t_f;
    h.get_by_role_and_label(Role::Slider, "t_fG (ps)")
        .set_value_accesskit(t_fg * 10.0);
    h.run();
    let after = pdp_gflops(&h);
    assert!((params(&h).gpu.t_f - t_fg * 10.0).abs() < 1e-9 * t_fg * 10.0);
    assert!(after < before, "p-DP {after} should be below {before}");
    let after_text = format!("{} GFLOP/s", fmt_num(after));
    assert!(
        !h.query_all_by_label(&after_text)
            .collect::<Vec<_>>()
            .is_empty()
    );
    assert!(h.query_all_by_label(&before_text).next().is_none());

    // Making it faster again raises the bound above the slow one.
    h.get_by_role_and_label(Role::Slider, "t_fG (ps)")
        .set_value_accesskit(t_fg);
    h.run();
    assert!(pdp_gflops(&h) > after);
}

#[test]
fn a_value_out_of_range_is_clamped_to_the_range() {
    let mut h = harness();
    let before = pdp_gflops(&h);
    // Energy does not change the performance bound.
    h.get_by_role_and_label(Role::SpinButton, "e_bC (pJ)")
        .set_value_accesskit(-5.0);
    h.run();
    assert!(h.state().param_error().is_none());
    let min = hetscope::model::perdome::Param::EnergyPerByte.range().min;
    assert_eq!(params(&h).cpu.e_b, min);
    assert_eq!(pdp_gflops(&h), before);
    // Past the top end the field stops there too.
    h.get_by_role_and_label(Role::SpinButton, "t_fG (ps)")
        .set_value_accesskit(1e300);
    h.run();
    assert!(h.state().param_error().is_none());
    assert_eq!(params(&h).gpu.t_f, 1e6);
}

#[test]
fn every_tab_shows_its_view() {
    let mut h = harness();
    let expect = [
        ("PerDome surface", "PerDome surface: performance bound"),
        (
            "Energy dome heat map",
            "Energy dome: energy efficiency over (I_C, I_G)",
        ),
        (
            "Energy dome surface",
            "Energy dome surface: energy efficiency",
        ),
        (
            "Partition comparison",
            "Workload partitions: performance bound and energy efficiency",
        ),
        ("Classification", "Platform classification (PeaPaw)"),
        (
            "PerDome heat map",
            "PerDome: performance bound over (I_C, I_G)",
        ),
    ];
    for (tab, heading) in expect {
        h.get_by_label(tab).click();
        h.run();
        assert_eq!(h.state().session.tab.title(), tab);
        h.get_by_label(heading);
    }
    // Per-view content.
    h.get_by_label("Partition comparison").click();
    h.run();
    h.get_by_label("Performance bound (GFLOP/s)");
    h.get_by_label("Energy efficiency (GFLOP/J)");
    h.get_by_label("Classification").click();
    h.run();
    h.get_by_label_contains("P-Paw (performance):");
    h.get_by_label_contains("E-Paw (energy):");
    h.get_by_label("BL_C");
    h.get_by_label("dGP_f");
    h.get_by_label("PerDome surface").click();
    h.run();
    h.get_by_label("Reset view");
    // The classification has nothing to export; the figures do.
    assert!(h.query_by_label("Export PNG…").is_some());
}

#[test]
fn picking_a_builtin_platform_changes_the_parameters() {
    let cat = catalog();
    let (entry, p) = cat
        .platforms()
        .iter()
        .find(|(e, _)| e.id == "i7-titan-perdome")
        .expect("the i7 + Titan preset");
    let expected = p
        .resolve(&entry.id, cat, &entry.path)
        .expect("resolves")
        .platform;

    let mut h = harness();
    let before = params(&h);
    assert_ne!(before, expected);
    h.get_by_label("Platform preset").click();
    h.run();
    h.get_by_label(&entry.name).scroll_to_me();
    h.run();
    h.get_by_label(&entry.name).click();
    h.run();
    assert_eq!(
        h.state().session.perdome.platform.chosen.id,
        "i7-titan-perdome"
    );
    assert_eq!(params(&h), expected);
    // The picker and the figure's subtitle show the new platform.
    let picker = h
        .get_by_role_and_label(Role::ComboBox, "Platform preset")
        .value();
    assert_eq!(picker.as_deref(), Some(entry.name.as_str()));
    h.get_by_label_contains(&format!("{} | SA (PerDome)", entry.name));
}

#[test]
fn picking_a_builtin_workload_changes_intensity_and_partitions() {
    let cat = catalog();
    let (entry, w) = cat.workload("perdome-da").expect("the DA preset");
    let mut h = harness();
    h.get_by_label("Workload preset").click();
    h.run();
    h.get_by_label(&entry.name).scroll_to_me();
    h.run();
    h.get_by_label(&entry.name).click();
    h.run();
    let ws = &h.state().session.perdome.workload;
    assert_eq!(ws.chosen.id, "perdome-da");
    assert_eq!(ws.preset.intensity, w.intensity);
    assert_eq!(ws.preset.partitions.len(), w.partitions.len());
}

#[test]
fn a_broken_preset_file_is_reported_and_the_parameters_kept() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = harness();
    let before = params(&h);

    let broken = dir.path().join("broken-platform.ron");
    std::fs::write(&broken, "(name: \"half a preset\", cpu: ").expect("write");
    assert!(
        !h.state_mut()
            .with_model(|m: &mut Editing<'_, PerdomeUi>, ctx| m.load_platform_path(&broken, ctx))
    );
    h.run();
    assert_eq!(params(&h), before);
    assert_eq!(
        h.state().session.perdome.platform.chosen.id,
        DEFAULT_PLATFORM
    );
    let (kind, text) = h.state().status().expect("a status");
    assert_eq!(kind, StatusKind::Error);
    assert!(text.contains("broken-platform.ron"), "{text}");
    h.get_by_label_contains("Could not load broken-platform.ron");

    // A well-formed file with a value the model cannot use names the field.
    let mut bad = h.state().session.perdome.platform.to_preset();
    if let Some(preset::perdome::ProcessorRef::Inline(p)) = &mut bad.gpu {
        p.energy.p_s_w = -3.0;
    }
    let negative = dir.path().join("negative.ron");
    std::fs::write(&negative, preset::to_ron(&bad)).expect("write");
    assert!(
        !h.state_mut()
            .with_model(|m: &mut Editing<'_, PerdomeUi>, ctx| m.load_platform_path(&negative, ctx))
    );
    h.run();
    assert_eq!(params(&h), before);
    let (_, text) = h.state().status().expect("a status");
    assert!(
        text.contains("negative.ron") && text.contains("p_s"),
        "{text}"
    );

    // A missing workload file too.
    let missing = dir.path().join("missing-workload.ron");
    let workload_before = h.state().session.perdome.workload.clone();
    assert!(
        !h.state_mut().with_model(
            |m: &mut Editing<'_, PerdomeUi>, ctx| m.load_workload_path(&missing, ctx.status)
        )
    );
    h.run();
    assert_eq!(h.state().session.perdome.workload, workload_before);
    h.get_by_label_contains("missing-workload.ron");
}

#[test]
fn a_saved_platform_loads_back_as_custom() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("mine.ron");
    let mut h = harness();
    h.get_by_role_and_label(Role::Slider, "p_sG (W)")
        .set_value_accesskit(42.0);
    h.run();
    let edited = params(&h);
    assert_eq!(edited.gpu.p_s, 42.0);
    assert!(
        h.state_mut().with_model(
            |m: &mut Editing<'_, PerdomeUi>, ctx| m.save_platform_path(&path, ctx.status)
        )
    );

    h.get_by_label("Reset").click();
    h.run();
    assert_ne!(params(&h), edited);

    assert!(
        h.state_mut()
            .with_model(|m: &mut Editing<'_, PerdomeUi>, ctx| m.load_platform_path(&path, ctx))
    );
    h.run();
    assert_eq!(params(&h), edited);
    assert_eq!(
        h.state().session.perdome.platform.chosen.file.as_deref(),
        Some("mine.ron")
    );
    let picker = h
        .get_by_role_and_label(Role::ComboBox, "Platform preset")
        .value();
    let name = h.state().session.perdome.platform.chosen.name.clone();
    assert_eq!(
        picker.as_deref(),
        Some(name.as_str()),
        "the platform's own name"
    );
    assert_eq!(
        h.state().session.perdome.platform.chosen.origin(),
        "custom: mine.ron"
    );
}

#[test]
fn partitions_can_be_added_and_removed() {
    let mut h = harness();
    let n = h.state().session.perdome.workload.preset.partitions.len();
    let markers = |h: &Harness<'_, HetscopeApp>| {
        h.state()
            .computed::<PerdomeUi>()
            .map(|a| a.analysis.partitions.len())
    };
    assert_eq!(markers(&h), Some(n));

    h.get_by_label("Add partition").click_accesskit();
    h.run();
    let ws = &h.state().session.perdome.workload;
    assert_eq!(ws.preset.partitions.len(), n + 1);
    let name = ws.preset.partitions[n].name.clone();
    assert_eq!(markers(&h), Some(n + 1));
    let remove = format!("Remove {name}");
    h.get_by_label(&remove);

    // Edit it through its fields: I_G = 0, and a measured value.
    h.get_all_by_role_and_label(Role::SpinButton, "I_G")
        .last()
        .expect("the new partition's I_G field")
        .set_value_accesskit(0.0);
    h.run();
    assert_eq!(
        h.state().session.perdome.workload.preset.partitions[n].i_g,
        0.0
    );
    h.get_all_by_role_and_label(Role::CheckBox, "measured")
        .last()
        .expect("the new partition's checkbox")
        .click_accesskit();
    h.run();
    h.get_by_label(&format!("Measured GFLOP/s of {name}"))
        .set_value_accesskit(12.5);
    h.run();
    let pid = h.state().session.perdome.platform.chosen.id.clone();
    assert_eq!(
        h.state().session.perdome.workload.measured(&pid, &name),
        Some(12.5)
    );
    let a = h
        .state()
        .computed::<PerdomeUi>()
        .map(|c| &c.analysis)
        .expect("analysis");
    assert_eq!(a.partitions[n].partition.measured_gflops, Some(12.5));
    assert_eq!(a.partitions[n].partition.i_g, 0.0);

    h.get_by_label(&remove).click_accesskit();
    h.run();
    assert_eq!(
        h.state().session.perdome.workload.preset.partitions.len(),
        n
    );
    assert!(h.query_by_label(&remove).is_none());
    assert_eq!(markers(&h), Some(n));
    assert!(
        h.state()
            .session
            .perdome
            .workload
            .measured(&pid, &name)
            .is_none()
    );
}

#[test]
fn the_state_is_restored_from_storage() {
    let mut storage = MemoryStorage::default();
    let saved = {
        let mut h = harness();
        h.get_by_label("Energy dome surface").click();
        h.run();
        h.get_by_role_and_label(Role::Slider, "I (flop/byte)")
            .set_value_accesskit(3.0);
        h.run();
        let app = h.state_mut();
        eframe::App::save(app, &mut storage);
        (app.state.clone(), app.session.perdome.clone())
    };
    let h = crate::common::builder()
        .with_size(egui::vec2(1500.0, 950.0))
        .build_eframe(|cc| {
            cc.storage = Some(&storage);
            HetscopeApp::new(cc, None)
        });
    assert_eq!(h.state().state, saved.0);
    assert_eq!(h.state().session.perdome, saved.1);
    assert_eq!(h.state().session.tab, Tab::Figure(View::EnergySurface));
    assert_eq!(h.state().session.perdome.workload.preset.intensity, 3.0);
    h.get_by_label("Energy dome surface: energy efficiency");
}

#[test]
fn the_current_figure_exports_on_a_background_thread() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = harness();
    let ctx = h.ctx.clone();
    for (ext, needle) in [("svg", "<svg"), ("csv", ",")] {
        let path = dir.path().join(format!("heatmap.{ext}"));
        h.state_mut().start_export(&ctx, ext, Some(path.clone()));
        crate::common::until_idle(&mut h);
        h.run();
        let (kind, text) = h.state().status().expect("a status");
        assert_eq!(kind, StatusKind::Info, "{text}");
        assert!(
            text.starts_with("Exported") && text.contains(&format!("heatmap.{ext}")),
            "{text}"
        );
        let written = std::fs::read_to_string(&path).expect("the exported file");
        assert!(written.contains(needle));
    }

    // A size out of range is refused at once, with the reason.
    h.state_mut().state.export_width = 10;
    h.state_mut()
        .start_export(&ctx, "png", Some(dir.path().join("tiny.png")));
    h.run();
    assert!(!h.state().busy());
    let (kind, text) = h.state().status().expect("a status");
    assert_eq!(kind, StatusKind::Error);
    assert!(text.contains("10 x 950"), "{text}");
    assert!(!dir.path().join("tiny.png").exists());
}

#[test]
fn a_measured_csv_imports_platform_and_workloads() {
    let csv = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/data/h100-node-sa-measured.csv");
    let mut h = harness();
    let before = params(&h);
    assert!(
        h.state_mut()
            .with_model(|m: &mut Editing<'_, PerdomeUi>, ctx| m.import_csv_path(&csv, ctx))
    );
    h.run();
    let s = &h.state().session.perdome;
    assert_ne!(s.platform.params, before);
    assert_eq!(
        s.platform.chosen.file.as_deref(),
        Some("h100-node-sa-measured.csv")
    );
    assert!(s.imported.len() >= 2, "one workload per kernel");
    // The measurements reach the model's comparison.
    let a = h
        .state()
        .computed::<PerdomeUi>()
        .map(|c| &c.analysis)
        .expect("analysis");
    assert!(
        a.partitions
            .iter()
            .all(|r| r.partition.measured_gflops.is_some())
    );
    h.get_by_label("Partition comparison").click();
    h.run();
    h.get_by_label_contains("Measured / bound");

    // A broken CSV changes nothing and names the file.
    let dir = tempfile::tempdir().expect("temp dir");
    let bad = dir.path().join("bad-measurements.csv");
    std::fs::write(&bad, "kernel_k,I\n1,2\n").expect("write");
    let state = h.state().session.perdome.clone();
    assert!(
        !h.state_mut()
            .with_model(|m: &mut Editing<'_, PerdomeUi>, ctx| m.import_csv_path(&bad, ctx))
    );
    h.run();
    assert_eq!(h.state().session.perdome, state);
    h.get_by_label_contains("Could not import bad-measurements.csv");
}

#[test]
fn specifications_derive_t_f_and_t_b() {
    let mut h = harness();
    h.get_by_label("From GPU specifications (PeaPaw Eq. 6)")
        .click();
    h.run();
    // An H100-like GPU: 16896 cores x 1.98 GHz x 2 flop/cycle, 3350 GB/s.
    {
        let s = h
            .state_mut()
            .session
            .perdome
            .specs_mut(hetscope::model::perdome::Side::Gpu);
        s.cores = 16896.0;
        s.clock_ghz = 1.98;
        s.issue_width = 2.0;
        s.bandwidth_gbs = 3350.0;
    }
    h.run();
    let before = params(&h).gpu;
    h.get_by_label("Apply to t_fG, t_bG").click();
    h.run();
    let after = params(&h).gpu;
    let t_f = 1000.0 / (16896.0 * 1.98 * 2.0);
    assert!((after.t_f - t_f).abs() < 1e-12, "{}", after.t_f);
    assert!((after.t_b - 1000.0 / 3350.0).abs() < 1e-12);
    assert!(after.t_f < before.t_f && after.t_b < before.t_b);
    // The derived values are on screen, and the CPU's are untouched.
    h.get_by_label_contains("66908.2 GFLOP/s");
    assert_eq!(
        params(&h).cpu,
        h.state().session.perdome.platform.loaded.cpu
    );
}

//! The window's shell as a person meets it: the shortcuts, the title,
//! Help and About, the getting-started panel, the dark theme drawn
//! through the figures' palette, and a first start whose tabs say which
//! platform they show.

use eframe::egui::{self, Key, Modifiers};
use egui::epaint::Shape;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::common::window;
use hetscope::figure::View;
use hetscope::gui::{HetscopeApp, Tab};
use hetscope_core::paper_check::Paper;

fn press(h: &mut Harness<'_, HetscopeApp>, modifiers: Modifiers, key: Key) {
    h.key_press_modifiers(modifiers, key);
    h.run();
}

#[test]
fn ctrl_and_a_number_open_the_tabs_in_order_and_f1_opens_help() {
    let mut h = window(1920.0, 1080.0);
    h.run();
    press(&mut h, Modifiers::COMMAND, Key::Num3);
    assert_eq!(h.state().session.tab, Tab::Figure(View::Boathull));
    press(&mut h, Modifiers::COMMAND, Key::Num6);
    assert_eq!(h.state().session.tab, Tab::PaperCheck);
    press(&mut h, Modifiers::COMMAND, Key::Num1);
    assert_eq!(h.state().session.tab, Tab::Figure(View::Overview));
    assert!(!h.state().help.help);
    press(&mut h, Modifiers::NONE, Key::F1);
    assert!(h.state().help.help);
    h.get_by_label("Ctrl+Shift+S");
    h.get_by_label_contains("Undo the last edit");
}

#[test]
fn about_names_the_version_the_licence_and_the_five_papers() {
    let mut h = window(1920.0, 1080.0);
    h.run();
    h.get_by_label("Help").click();
    h.run();
    h.run();
    h.get_by_label_contains("About hetscope").click();
    h.run();
    // The version and the commit it is built from.
    h.get_by_label(&format!("hetscope {}", hetscope::VERSION));
    h.get_by_label_contains("Licence: MIT OR Apache-2.0");
    for p in Paper::ALL {
        let citation = p.citation();
        assert!(citation.contains("20"), "{citation} has a year");
        h.get_by_label(citation);
    }
}

#[test]
fn the_title_names_version_platforms_and_unsaved_changes() {
    let mut h = window(1920.0, 1080.0);
    h.run();
    let title = h.state().window_title();
    let version = format!("hetscope {} - ", env!("CARGO_PKG_VERSION"));
    assert!(title.starts_with(&version), "{title}");
    assert!(title.contains("i7 2600K + GTX 750"), "{title}");
    assert!(!title.ends_with('*'), "nothing changed yet: {title}");
    assert!(h.state_mut().use_platform("xeon-8480-h100"));
    assert!(h.state_mut().compare_with(Some("i7-gtx750-perdome")));
    h.run();
    let title = h.state().window_title();
    assert!(
        title.contains("Xeon Platinum 8480+ + H100 SXM5 vs i7 2600K + GTX 750"),
        "{title}"
    );
    assert!(title.ends_with(" *"), "unsaved changes: {title}");
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("s.ron");
    h.state_mut().save_session_file(&file);
    h.run();
    assert!(!h.state().window_title().ends_with('*'), "saved");
}

#[test]
fn the_getting_started_panel_closes_for_good() {
    let mut h = window(1920.0, 1080.0);
    h.state_mut().help.getting_started = true;
    h.run();
    h.get_by_label_contains("Pick a platform at the top");
    h.get_by_label("Got it").click();
    h.run();
    assert!(h.state().state.getting_started_done, "saved as closed");
    assert!(
        h.query_by_label_contains("Pick a platform at the top")
            .is_none()
    );
}

/// The colours of the figure title's text as this frame paints it.
fn title_colors(h: &Harness<'_, HetscopeApp>, title: &str) -> Vec<egui::Color32> {
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        if let Shape::Text(t) = &clipped.shape
            && t.galley.job.text == title
        {
            out.push(t.fallback_color);
        }
    }
    out
}

#[test]
fn a_dark_theme_draws_the_figures_in_the_dark_palette() {
    let mut h = window(1920.0, 1080.0);
    h.state_mut().session.tab = Tab::Figure(View::Boathull);
    h.run();
    let title = match h.state().figure() {
        Some(hetscope::figure::Figure::Chart(c)) => c.title.clone(),
        other => panic!("a chart: {other:?}"),
    };
    let light = title_colors(&h, &title);
    assert!(!light.is_empty(), "the title is painted");
    assert!(
        light.iter().all(|c| c.r() < 60),
        "dark ink on light: {light:?}"
    );
    h.get_by_label("View").click();
    h.run();
    h.get_by_label("Dark").click();
    h.run();
    h.run();
    assert_eq!(h.ctx.theme(), egui::Theme::Dark);
    let dark = title_colors(&h, &title);
    assert!(!dark.is_empty());
    assert!(
        dark.iter().all(|c| c.r() > 200),
        "light ink on dark: {dark:?}"
    );
}

#[test]
fn a_first_start_is_one_platform_in_every_tab_and_the_papers_are_one_pick_away() {
    use egui::accesskit::Role;
    let mut h = window(1920.0, 1080.0);
    h.run();
    // Every tab on the overview's platform, and nothing to undo.
    let overview = h.state().session.overview.platform.clone();
    assert_eq!(
        h.state().session.platform.as_deref(),
        Some(overview.as_str())
    );
    assert!(h.state().undo_label().is_none());
    press(&mut h, Modifiers::COMMAND, Key::Num3);
    assert!(h.query_by_label_contains("paper's own presets").is_none());
    let processor = h.state().session.boathull.processor.name.clone();
    assert_eq!(processor, "NVIDIA GeForce GTX 750");

    // The papers' own machines: the picker's first entry; the tab says so
    // and goes back to the overview's platform in one click.
    h.get_by_role_and_label(Role::ComboBox, "Platform for every model")
        .click();
    h.run();
    h.get_by_label("(each model's paper presets)").click();
    h.run();
    assert!(h.state().session.platform.is_none());
    assert!(h.state().session.boathull.processor.name.contains("GTX470"));
    h.get_by_label_contains("This tab shows the Boat hull paper's own presets; the overview shows");
    h.get_by_label("Use i7 2600K + GTX 750 (PerDome)").click();
    h.run();
    assert_eq!(
        h.state().session.platform.as_deref(),
        Some(overview.as_str())
    );
    assert!(h.query_by_label_contains("paper's own presets").is_none());
    assert_eq!(h.state().session.boathull.processor.name, processor);
}

#[test]
fn a_platform_file_has_its_own_name_in_the_title_and_the_pickers() {
    use egui::accesskit::Role;
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("node.ron");
    std::fs::copy("presets/platforms/h100-node-measured.ron", &file).expect("copied");
    let name = hetscope::preset::platform::load_platform_file(&file)
        .expect("a platform")
        .name;
    let mut h = window(1920.0, 1080.0);
    h.run();
    assert!(h.state_mut().use_platform(&file.display().to_string()));
    h.run();
    h.run();
    let title = h.state().window_title();
    assert!(title.contains(&format!(" - {name}")), "{title}");
    let pickers: Vec<String> = h
        .query_all_by_role(Role::ComboBox)
        .filter_map(|n| n.value())
        .filter(|v| v.contains(&name))
        .collect();
    assert!(
        pickers.len() >= 2,
        "the top picker and the overview's: {pickers:?}"
    );
    assert!(
        h.query_all_by_role(Role::ComboBox)
            .filter_map(|n| n.value())
            .all(|v| !v.starts_with("file: ") && !v.starts_with("custom: ")),
        "no other name for it"
    );
}

/// Export the view on screen to `path` and wait for it.
fn export_now(h: &mut Harness<'_, HetscopeApp>, path: &std::path::Path) -> String {
    let ctx = h.ctx.clone();
    h.state_mut()
        .start_export(&ctx, "svg", Some(path.to_path_buf()));
    crate::common::until_idle(h);
    h.run();
    std::fs::read_to_string(path).expect("exported")
}

#[test]
fn exports_stay_light_in_a_dark_window_unless_dark_is_asked_for() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut h = window(1920.0, 1080.0);
    h.state_mut().session.tab = Tab::Figure(View::Boathull);
    h.state_mut().state.theme = hetscope::gui::state::ThemeChoice::Dark;
    h.run();
    let light = export_now(&mut h, &dir.path().join("light.svg"));
    assert!(light.contains(r##"fill="#ffffff""##), "a white canvas");
    h.get_by_label("Dark canvas").click();
    h.run();
    assert!(h.state().state.export_dark);
    let dark = export_now(&mut h, &dir.path().join("dark.svg"));
    assert!(!dark.contains(r##"fill="#ffffff""##), "no white canvas");
    assert!(!dark.contains(r##"#333333"##), "no dark ink");
    assert_eq!(
        dark.matches("<text").count(),
        light.matches("<text").count(),
        "the same figure"
    );
}

#[test]
fn the_tab_bar_stays_put_whichever_tab_is_shown() {
    let mut h = window(1280.0, 800.0);
    h.run();
    let mut places = Vec::new();
    for n in [
        Key::Num1,
        Key::Num2,
        Key::Num3,
        Key::Num4,
        Key::Num5,
        Key::Num6,
    ] {
        press(&mut h, Modifiers::COMMAND, n);
        h.run();
        let rect = h
            .query_all_by_label("Offload decision")
            .map(|n| n.rect())
            .min_by(|a, b| a.min.y.total_cmp(&b.min.y))
            .expect("the tab");
        places.push((rect.min.x, rect.min.y));
    }
    assert!(
        places.windows(2).all(|w| w[0] == w[1]),
        "the tab bar moved: {places:?}"
    );
}

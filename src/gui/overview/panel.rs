//! The overview's side panel: the platform (the one at the top of the
//! window), a second platform, the workload, the FPM size, and where every
//! model's parameters come from.

use crate::gui::widgets::TypedCheck;
use eframe::egui::{self, RichText, Ui};

use super::OverviewUi;
use crate::gui::context::{Request, ViewContext};
use crate::gui::model_ui::Editing;
use hetscope_figure::overview::PlatformInput;
use hetscope_preset::Catalog;

pub fn side_panel_ui(
    ui: &mut Ui,
    m: &mut Editing<'_, OverviewUi>,
    input: Option<&[&PlatformInput]>,
    ctx: &mut ViewContext<'_>,
) {
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.heading("Every model on one platform");
        pickers_ui(ui, m, ctx);
        ui.separator();
        super::validation::measured_files_ui(ui, m, ctx);
        ui.separator();
        super::measure::measure_ui(ui, m, ctx);
        ui.separator();
        if let Some(inputs) = input {
            for p in inputs {
                sources_ui(ui, p);
            }
        }
    });
}

/// A platform picker: the catalog's platforms, and the platform file of
/// the last measurement of this machine (`measured`), if any.
fn platform_combo(
    ui: &mut Ui,
    label: &str,
    (cat, measured): (&Catalog, Option<&str>),
    current: Option<&str>,
    none: Option<&str>,
) -> Option<Option<String>> {
    let mut chosen = None;
    let text = current.map_or_else(
        || none.unwrap_or("?").to_string(),
        |key| crate::gui::platform_bar::platform_label(cat, key),
    );
    // A long name (a what-if platform's) is cut to the picker's width;
    // the whole name is on hover.
    let shown = match text.char_indices().nth(38) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.clone(),
    };
    egui::ComboBox::from_label(label)
        .selected_text(shown)
        .width(260.0)
        .show_ui(ui, |ui| {
            if let Some(n) = none
                && ui.selectable_label(current.is_none(), n).clicked()
            {
                chosen = Some(None);
            }
            if let Some(path) = measured
                && ui
                    .selectable_label(
                        current == Some(path),
                        crate::gui::platform_bar::platform_label(cat, path),
                    )
                    .on_hover_text(format!("This machine, measured: {path}"))
                    .clicked()
            {
                chosen = Some(Some(path.to_string()));
            }
            for (e, _) in cat.platforms() {
                if ui
                    .selectable_label(current == Some(e.id.as_str()), &e.name)
                    .on_hover_text(&e.id)
                    .clicked()
                {
                    chosen = Some(Some(e.id.clone()));
                }
            }
        })
        .response
        .on_hover_text(text);
    chosen
}

fn pickers_ui(ui: &mut Ui, m: &mut Editing<'_, OverviewUi>, ctx: &mut ViewContext<'_>) {
    let cat = ctx.catalog;
    let last = m.ui.measure.last.clone();
    let pick = (cat, last.as_deref());
    let s = &mut m.state;
    if let Some(Some(id)) = platform_combo(ui, "Platform", pick, Some(&s.platform), None) {
        // Every model follows, as with the picker at the top.
        ctx.requests.push(Request::UsePlatform(id));
    }
    if let Some(p2) = platform_combo(
        ui,
        "Compare with",
        pick,
        s.platform2.as_deref(),
        Some("(no second platform)"),
    ) {
        // Every model that can draws it over its views too.
        ctx.requests.push(Request::CompareWith(p2.clone()));
        s.platform2 = p2;
    }
    let wname = cat
        .workload(&s.workload)
        .map_or(s.workload.clone(), |(e, _)| e.name.clone());
    egui::ComboBox::from_label("Workload (PerDome/PeaPaw)")
        .selected_text(wname)
        .width(260.0)
        .show_ui(ui, |ui| {
            for (e, _) in cat.workloads() {
                ui.selectable_value(&mut s.workload, e.id.clone(), &e.name);
            }
        });
    if grouping_ui(ui, s, cat) {
        // Every model follows the grouping.
        ctx.requests.push(Request::Regroup {
            id: s.platform.clone(),
            cpus: s.cpus,
            gpus: s.gpus,
        });
    }
    ui.horizontal(|ui| {
        let check = TypedCheck::new("overview fpm n", 1.0..=1.0e7, "blocks");
        let field = egui::DragValue::new(&mut s.fpm_n)
            .speed(10.0)
            .max_decimals(0)
            .suffix(" blocks");
        ui.add(check.field(ui.ctx(), field))
        .on_hover_text("FPM problem size n: blocks of 640 x 640 single-precision elements (the FPM paper's unit; 3600 = its 60 x 60 blocks), 1 to 1e7");
        ui.label("FPM problem size n");
        check.note_ui(ui);
    });
}

/// The sockets and GPUs counted in the two groups (PeaPaw 3.3), for a
/// platform with several.
fn grouping_ui(ui: &mut Ui, s: &mut super::OverviewScenario, cat: &Catalog) -> bool {
    let Some(h) = cat
        .platform(&s.platform)
        .and_then(|(_, p)| p.hardware.as_ref())
    else {
        return false;
    };
    let gpus = match h.gpus.as_slice() {
        [g] => Some(g.count),
        _ => None,
    };
    if h.cpus < 2 && gpus.is_none_or(|g| g < 2) {
        return false;
    }
    let mut regrouped = false;
    let tip = "PeaPaw Section 3.3: the CPU sockets form one processor and the GPUs another, peaks, bandwidths and static powers added; fewer counted is the node with the others idle (PerDome/PeaPaw and FPM follow, the boat hull and offload models use one socket and one GPU)";
    for (label, value, max) in [
        ("CPU sockets counted", &mut s.cpus, Some(h.cpus)),
        ("GPUs counted", &mut s.gpus, gpus),
    ] {
        let Some(max) = max.filter(|m| *m > 1) else {
            continue;
        };
        let mut n = value.unwrap_or(max);
        ui.horizontal(|ui| {
            let name = ui.label(label);
            let check =
                TypedCheck::new(("overview counted", label), 1.0..=f64::from(max), "").whole();
            let field = egui::DragValue::new(&mut n).suffix(format!(" of {max}"));
            let r = ui
                .add(check.field(ui.ctx(), field))
                .labelled_by(name.id)
                .on_hover_text(tip);
            if r.changed() {
                *value = (n != max).then_some(n);
                regrouped = true;
            }
            check.note_ui(ui);
        });
    }
    regrouped
}

/// Where each model's parameters come from, a tag per parameter with its
/// citation or rule on hover.
fn sources_ui(ui: &mut Ui, p: &PlatformInput) {
    egui::CollapsingHeader::new(format!("Sources: {}", p.name))
        .id_salt(("sources", &p.id))
        .default_open(false)
        .show(ui, |ui| {
            ui.weak(&p.hardware);
            for m in &p.sources {
                ui.label(RichText::new(format!("{}: {}", m.model, m.from)).strong());
                if !m.uses.is_empty() {
                    ui.weak(format!("uses {}", m.uses));
                }
                for (name, src) in &m.params {
                    ui.horizontal_wrapped(|ui| {
                        ui.label(name);
                        crate::gui::widgets::source_tag_ui(ui, src.kind(), src.detail());
                    });
                }
            }
        });
}

//! The PerDome / PeaPaw side panel: platform and workload pickers, file
//! actions, a slider with an exact number field for every machine
//! parameter and for I, and the workload's partitions.

use crate::gui::widgets::TypedCheck;
use eframe::egui;
use std::ops::RangeInclusive;

use eframe::egui::{DragValue, TextEdit, Ui};

use super::PerdomeUi;
use super::files::FileAction;
use crate::gui::context::ViewContext;
use crate::gui::model_ui::Editing;
use crate::gui::widgets::{param_cells_ui, param_row_ui, source_tag_ui};
use hetscope_core::perdome::{Chosen, WorkloadState};
use hetscope_model::format::{fmt_edit, fmt_num};
use hetscope_model::perdome::partition::intensity_range;
use hetscope_model::perdome::{Analysis, Param, Side};

/// Slider range of a machine parameter (the number field accepts any value
/// in the parameter's range, [`Param::range`]).
fn param_range(p: Param) -> RangeInclusive<f64> {
    match p {
        Param::TimePerFlop => 0.01..=1000.0,
        Param::TimePerByte => 0.1..=10_000.0,
        Param::EnergyPerFlop | Param::EnergyPerByte => 0.1..=10_000.0,
        Param::StaticPower => 0.0..=1000.0,
    }
}

/// Slider range of the workload intensity I, flop/byte.
const I_RANGE: RangeInclusive<f64> = (1.0 / 1024.0)..=1024.0;

pub fn side_panel_ui(
    ui: &mut Ui,
    m: &mut Editing<'_, PerdomeUi>,
    analysis: Option<&Analysis>,
    ctx: &mut ViewContext<'_>,
) {
    ui.spacing_mut().slider_width = 150.0;
    egui::ScrollArea::vertical().show(ui, |ui| {
        platform_section_ui(ui, m, ctx);
        let open = std::mem::take(&mut m.ui.open_energy_loader);
        super::energy_fit_panel::energy_fit_ui(ui, m.state, open, ctx);
        ui.separator();
        workload_section_ui(ui, m, ctx);
        partitions_ui(
            ui,
            &mut m.state.workload,
            &m.state.platform.chosen.id,
            analysis,
        );
    });
}

/// Presets as selectable items; the id of the one clicked.
fn preset_items_ui(ui: &mut Ui, entries: &[(String, String)], chosen: &Chosen) -> Option<String> {
    let mut pick = None;
    for (id, name) in entries {
        let on = chosen.file.is_none() && chosen.id == *id;
        if ui.selectable_label(on, name).on_hover_text(id).clicked() {
            pick = Some(id.clone());
        }
    }
    pick
}

/// A button that asks for a file for `action`.
fn file_button_ui(
    ui: &mut Ui,
    m: &Editing<'_, PerdomeUi>,
    ctx: &mut ViewContext<'_>,
    (text, tip, action): (&str, &str, FileAction),
) {
    if ui.button(text).on_hover_text(tip).clicked() {
        m.ask_file(action, ui.ctx(), ctx);
    }
}

fn platform_section_ui(ui: &mut Ui, m: &mut Editing<'_, PerdomeUi>, ctx: &mut ViewContext<'_>) {
    ui.heading("Platform");
    let entries: Vec<(String, String)> = ctx
        .catalog
        .platforms()
        .iter()
        .map(|(e, _)| (e.id.clone(), e.name.clone()))
        .collect();
    let chosen = m.state.platform.chosen.clone();
    let mut pick = None;
    egui::ComboBox::from_label("Platform preset")
        .selected_text(chosen.picker_text())
        .width(300.0)
        .height(420.0)
        .show_ui(ui, |ui| {
            pick = preset_items_ui(ui, &entries, &chosen);
        })
        .response
        .on_hover_text(chosen.origin());
    if let Some(id) = pick {
        m.select_platform(&id, ctx);
    }
    ui.horizontal(|ui| {
        file_button_ui(
            ui,
            m,
            ctx,
            (
                "Open platform…",
                "Load a platform preset (.ron)",
                FileAction::OpenPlatform,
            ),
        );
        file_button_ui(
            ui,
            m,
            ctx,
            (
                "Save platform…",
                "Save the current parameters as a platform preset (.ron)",
                FileAction::SavePlatform,
            ),
        );
        let p = &mut m.state.platform;
        if ui
            .add_enabled(p.params != p.loaded, egui::Button::new("Reset"))
            .on_hover_text("Restore the parameters as loaded")
            .clicked()
        {
            p.params = p.loaded;
        }
    });
    let p = &m.state.platform;
    ui.weak(format!("CPU: {}  |  GPU: {}", p.cpu_name, p.gpu_name));
    if !p.source.is_empty() {
        ui.weak(format!("Source: {}", p.source));
    }
    for side in [Side::Cpu, Side::Gpu] {
        ui.add_space(4.0);
        machine_params_ui(ui, m, side);
        super::specs_panel::specs_ui(ui, m.state, side);
    }
}

/// The sliders of one processor's parameters.
fn machine_params_ui(ui: &mut Ui, m: &mut Editing<'_, PerdomeUi>, side: Side) {
    ui.strong(format!("{} parameters", side.name()));
    egui::Grid::new(("params", side.suffix()))
        .num_columns(4)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            for param in Param::ALL {
                let proc = m.state.platform.params.side_mut(side);
                let mut v = proc.get(param);
                let label = format!("{} ({})", param.full_symbol(side), param.unit());
                let tip = format!(
                    "{} {}: {}",
                    side.name(),
                    param.symbol(),
                    param.description()
                );
                let range = param.range();
                let text = (label.as_str(), tip.as_str(), param.unit());
                if param_cells_ui(ui, text, &mut v, param_range(param), &range) {
                    proc.set(param, v);
                }
                match m.state.platform.source_of(side, param) {
                    Some(s) => source_tag_ui(ui, s.kind(), s.detail()),
                    None => {
                        ui.label("");
                    }
                }
                ui.end_row();
            }
        });
}

fn workload_section_ui(ui: &mut Ui, m: &mut Editing<'_, PerdomeUi>, ctx: &mut ViewContext<'_>) {
    ui.heading("Workload");
    workload_picker_ui(ui, m, ctx);
    ui.horizontal_wrapped(|ui| {
        for button in [
            (
                "Open workload…",
                "Load a workload preset (.ron)",
                FileAction::OpenWorkload,
            ),
            (
                "Save workload…",
                "Save I, the partitions and the measurements as a workload preset (.ron)",
                FileAction::SaveWorkload,
            ),
            (
                "Import measured CSV…",
                "Read measured GFLOP/s per partition from a CSV file",
                FileAction::ImportCsv,
            ),
        ] {
            file_button_ui(ui, m, ctx, button);
        }
    });
    let w = &mut m.state.workload;
    if !w.preset.source.is_empty() {
        ui.weak(format!("Source: {}", w.preset.source));
    }
    let counted = w.counted().is_some();
    ui.add_enabled_ui(!counted, |ui| {
        egui::Grid::new("intensity")
            .num_columns(3)
            .spacing([8.0, 4.0])
            .show(ui, |ui| {
                param_row_ui(
                    ui,
                    (
                        "I (flop/byte)",
                        "Intensity of the whole workload: flops per byte moved to or from memory",
                        "flop/byte",
                    ),
                    &mut w.preset.intensity,
                    I_RANGE,
                    &intensity_range(false),
                );
            });
    });
    super::segments::segments_ui(ui, w);
}

/// The workload picker: the built-in workloads, then those imported from
/// a measured CSV file.
fn workload_picker_ui(ui: &mut Ui, m: &mut Editing<'_, PerdomeUi>, ctx: &mut ViewContext<'_>) {
    let entries: Vec<(String, String)> = ctx
        .catalog
        .workloads()
        .iter()
        .map(|(e, _)| (e.id.clone(), e.name.clone()))
        .collect();
    let chosen = m.state.workload.chosen.clone();
    let from = m.state.imported_from.clone();
    let mut pick = None;
    let mut pick_imported = None;
    egui::ComboBox::from_label("Workload preset")
        .selected_text(chosen.picker_text())
        .width(300.0)
        .height(420.0)
        .show_ui(ui, |ui| {
            pick = preset_items_ui(ui, &entries, &chosen);
            if !m.state.imported.is_empty() {
                ui.separator();
                ui.weak(format!("Imported from {from}"));
            }
            for (k, (id, w)) in m.state.imported.iter().enumerate() {
                let on = chosen.file.as_deref() == Some(from.as_str()) && chosen.id == *id;
                if ui.selectable_label(on, &w.name).on_hover_text(id).clicked() {
                    pick_imported = Some(k);
                }
            }
        });
    if let Some(id) = pick {
        m.select_workload(&id, ctx);
    }
    if let Some(k) = pick_imported
        && let Some((id, w)) = m.state.imported.get(k).cloned()
    {
        m.apply_workload(&id, &w, Some(from));
    }
}

/// Each partition's name, intensities, measurement and model bound.
fn partitions_ui(ui: &mut Ui, w: &mut WorkloadState, platform_id: &str, a: Option<&Analysis>) {
    ui.add_space(4.0);
    ui.strong("Partitions");
    ui.weak("I_C, I_G in flop/byte (0: that processor does no flops); measured in GFLOP/s on this platform.");
    let mut remove = None;
    for k in 0..w.preset.partitions.len() {
        ui.push_id(("partition", k), |ui| {
            egui::Frame::group(ui.style()).show(ui, |ui| {
                if partition_name_ui(ui, w, k) {
                    remove = Some(k);
                }
                partition_intensities_ui(ui, w, k);
                partition_measured_ui(ui, w, k, platform_id);
                let name = &w.preset.partitions[k].name;
                if let Some(text) = bound_text(a, name) {
                    ui.weak(text);
                }
            });
        });
    }
    if let Some(k) = remove {
        w.remove_partition(k);
    }
    if ui.button("Add partition").clicked() {
        w.add_partition();
    }
}

/// The model bound of the partition `name` in the last valid analysis.
fn bound_text(a: Option<&Analysis>, name: &str) -> Option<String> {
    let r = a?.partitions.iter().find(|r| r.partition.name == name)?;
    Some(match &r.result {
        Ok(e) => format!("bound {} GFLOP/s", fmt_num(e.gflops)),
        Err(e) => e.to_string(),
    })
}

/// The name field and the Remove button; true when Remove was clicked.
fn partition_name_ui(ui: &mut Ui, w: &mut WorkloadState, k: usize) -> bool {
    let row_name = w.preset.partitions[k].name.clone();
    let mut remove = false;
    ui.horizontal(|ui| {
        let mut name = row_name.clone();
        let r = ui
            .add(
                TextEdit::singleline(&mut name)
                    .desired_width(170.0)
                    .hint_text("name"),
            )
            .accessible_name(format!("Name of partition {}", k + 1));
        if r.changed() {
            w.rename(k, &name);
        }
        remove = ui
            .button("Remove")
            .accessible_name(format!("Remove {row_name}"))
            .on_hover_text(format!("Remove partition {row_name}"))
            .clicked();
    });
    remove
}

fn partition_intensities_ui(ui: &mut Ui, w: &mut WorkloadState, k: usize) {
    ui.horizontal(|ui| {
        let row = &mut w.preset.partitions[k];
        for (label, v) in [("I_C", &mut row.i_c), ("I_G", &mut row.i_g)] {
            let l = ui.label(label);
            let speed = (v.abs() * 0.005).max(1e-3);
            let range = intensity_range(true);
            let check = TypedCheck::new(("partition intensity", label, k), range.inclusive(), "");
            let field = DragValue::new(v)
                .speed(speed)
                .custom_formatter(|v, _| fmt_edit(v));
            let r = ui
                .add(check.field(ui.ctx(), field))
                .labelled_by(l.id)
                .on_hover_text(format!("{label}: {}", range.need()));
            if r.changed() {
                *v = range.clamp(*v);
            }
            check.note_ui(ui);
        }
    });
}

/// The "measured" check box and, when checked, the measured GFLOP/s.
fn partition_measured_ui(ui: &mut Ui, w: &mut WorkloadState, k: usize, platform_id: &str) {
    ui.horizontal(|ui| {
        let name = w.preset.partitions[k].name.clone();
        let current = w.measured(platform_id, &name);
        let mut has = current.is_some();
        if ui.checkbox(&mut has, "measured").changed() {
            w.set_measured(platform_id, &name, has.then_some(1.0));
        }
        if let Some(mut v) = current {
            let speed = (v.abs() * 0.005).max(1e-3);
            let check = TypedCheck::new(("measured GFLOP/s", k), 0.0..=f64::INFINITY, "GFLOP/s");
            let field = DragValue::new(&mut v)
                .speed(speed)
                .suffix(" GFLOP/s")
                .custom_formatter(|v, _| fmt_edit(v));
            let r = ui
                .add(check.field(ui.ctx(), field))
                .accessible_name(format!("Measured GFLOP/s of {name}"));
            if r.changed() {
                w.set_measured(platform_id, &name, Some(v));
            }
            check.note_ui(ui);
        }
    });
}

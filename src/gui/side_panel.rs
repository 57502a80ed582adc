//! The side panel: platform and workload pickers, file actions, a slider
//! with an exact number field for every machine parameter and for I, and
//! the workload's partitions.

use eframe::egui;
use std::ops::RangeInclusive;

use eframe::egui::{DragValue, Slider, SliderClamping, TextEdit, Ui};

use super::app::HetscopeApp;
use super::jobs::Purpose;
use super::state::Chosen;
use super::widgets::{fmt_edit, parse_edit};
use crate::figure::fmt_num;
use crate::model::{Param, Side};

/// Slider range of a machine parameter (the number field accepts any value).
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

/// One labelled row of a grid: name, log slider, exact number field.
/// Returns true when the value changed.
pub fn value_row(
    ui: &mut Ui,
    label: &str,
    tooltip: &str,
    value: &mut f64,
    range: RangeInclusive<f64>,
    unit: &str,
) -> bool {
    let name = ui.label(label).on_hover_text(tooltip);
    // Widen the slider's range to show a typed value outside it.
    let (mut lo, mut hi) = (*range.start(), *range.end());
    if value.is_finite() && *value > 0.0 {
        lo = lo.min(*value);
        hi = hi.max(*value);
    }
    let before = *value;
    ui.add(
        Slider::new(value, lo..=hi)
            .logarithmic(true)
            .smallest_positive(if lo > 0.0 { lo } else { 0.01 })
            .show_value(false)
            .clamping(SliderClamping::Never),
    )
    .labelled_by(name.id)
    .on_hover_text(tooltip);
    let speed = if value.is_finite() {
        (value.abs() * 0.005).max(1e-4)
    } else {
        0.01
    };
    let unit_owned = unit.to_string();
    ui.add(
        DragValue::new(value)
            .speed(speed)
            .suffix(format!(" {unit}"))
            .custom_formatter(|v, _| fmt_edit(v))
            .custom_parser(move |s| parse_edit(s, &unit_owned)),
    )
    .labelled_by(name.id)
    .on_hover_text(format!("{tooltip}\nDrag, or click to type an exact value."));
    ui.end_row();
    before.to_bits() != value.to_bits()
}

pub fn show(ui: &mut Ui, app: &mut HetscopeApp) {
    ui.spacing_mut().slider_width = 150.0;
    egui::ScrollArea::vertical().show(ui, |ui| {
        platform_section(ui, app);
        ui.separator();
        workload_section(ui, app);
    });
}

/// The built-in presets as selectable items; the id of the one clicked.
fn builtin_items(ui: &mut Ui, entries: &[(String, String)], chosen: &Chosen) -> Option<String> {
    let mut pick = None;
    for (id, name) in entries {
        let on = chosen.file.is_none() && chosen.id == *id;
        if ui.selectable_label(on, name).on_hover_text(id).clicked() {
            pick = Some(id.clone());
        }
    }
    pick
}

fn platform_section(ui: &mut Ui, app: &mut HetscopeApp) {
    ui.heading("Platform");
    let entries: Vec<(String, String)> = app
        .catalog
        .platforms()
        .iter()
        .map(|(e, _)| (e.id.clone(), e.name.clone()))
        .collect();
    let chosen = app.state.platform.chosen.clone();
    let mut pick = None;
    egui::ComboBox::from_label("Platform preset")
        .selected_text(chosen.picker_text())
        .width(300.0)
        .height(420.0)
        .show_ui(ui, |ui| {
            pick = builtin_items(ui, &entries, &chosen);
        });
    if let Some(id) = pick {
        app.select_platform(&id);
    }
    ui.horizontal(|ui| {
        if ui
            .button("Open platform…")
            .on_hover_text("Load a platform preset (.ron)")
            .clicked()
        {
            app.ask_file(ui.ctx(), Purpose::OpenPlatform);
        }
        if ui
            .button("Save platform…")
            .on_hover_text("Save the current parameters as a platform preset (.ron)")
            .clicked()
        {
            app.ask_file(ui.ctx(), Purpose::SavePlatform);
        }
        let edited = app.state.platform.params != app.state.platform.loaded;
        if ui
            .add_enabled(edited, egui::Button::new("Reset"))
            .on_hover_text("Restore the parameters as loaded")
            .clicked()
        {
            app.reset_platform();
        }
    });
    let p = &app.state.platform;
    ui.weak(format!("CPU: {}  |  GPU: {}", p.cpu_name, p.gpu_name));
    if !p.source.is_empty() {
        ui.weak(format!("Source: {}", p.source));
    }

    for side in [Side::Cpu, Side::Gpu] {
        ui.add_space(4.0);
        ui.strong(format!("{} parameters", side.name()));
        egui::Grid::new(("params", side.suffix()))
            .num_columns(3)
            .spacing([8.0, 4.0])
            .show(ui, |ui| {
                for param in Param::ALL {
                    let proc = app.state.platform.params.side_mut(side);
                    let mut v = proc.get(param);
                    let label = format!("{} ({})", param.full_symbol(side), param.unit());
                    let tip = format!(
                        "{} {}: {}",
                        side.name(),
                        param.symbol(),
                        param.description()
                    );
                    if value_row(ui, &label, &tip, &mut v, param_range(param), param.unit()) {
                        proc.set(param, v);
                    }
                }
            });
        super::specs_panel::show(ui, app, side);
    }
}

fn workload_section(ui: &mut Ui, app: &mut HetscopeApp) {
    ui.heading("Workload");
    let entries: Vec<(String, String)> = app
        .catalog
        .workloads()
        .iter()
        .map(|(e, _)| (e.id.clone(), e.name.clone()))
        .collect();
    let chosen = app.state.workload.chosen.clone();
    let imported: Vec<(String, String)> = app
        .state
        .imported
        .iter()
        .map(|(id, w)| (id.clone(), w.name.clone()))
        .collect();
    let from = app.state.imported_from.clone();
    let mut pick = None;
    let mut pick_imported = None;
    egui::ComboBox::from_label("Workload preset")
        .selected_text(chosen.picker_text())
        .width(300.0)
        .height(420.0)
        .show_ui(ui, |ui| {
            pick = builtin_items(ui, &entries, &chosen);
            if !imported.is_empty() {
                ui.separator();
                ui.weak(format!("Imported from {from}"));
            }
            for (k, (id, name)) in imported.iter().enumerate() {
                let on = chosen.file.as_deref() == Some(from.as_str()) && chosen.id == *id;
                if ui.selectable_label(on, name).on_hover_text(id).clicked() {
                    pick_imported = Some(k);
                }
            }
        });
    if let Some(id) = pick {
        app.select_workload(&id);
    }
    if let Some(k) = pick_imported
        && let Some((id, w)) = app.state.imported.get(k).cloned()
    {
        app.apply_workload(&id, &w, Some(from));
    }
    ui.horizontal_wrapped(|ui| {
        if ui
            .button("Open workload…")
            .on_hover_text("Load a workload preset (.ron)")
            .clicked()
        {
            app.ask_file(ui.ctx(), Purpose::OpenWorkload);
        }
        if ui
            .button("Save workload…")
            .on_hover_text(
                "Save I, the partitions and the measurements as a workload preset (.ron)",
            )
            .clicked()
        {
            app.ask_file(ui.ctx(), Purpose::SaveWorkload);
        }
        if ui
            .button("Import measured CSV…")
            .on_hover_text("Read measured GFLOP/s per partition from a CSV file")
            .clicked()
        {
            app.ask_file(ui.ctx(), Purpose::ImportCsv);
        }
    });
    if !app.state.workload.source.is_empty() {
        ui.weak(format!("Source: {}", app.state.workload.source));
    }
    egui::Grid::new("intensity")
        .num_columns(3)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            value_row(
                ui,
                "I (flop/byte)",
                "Intensity of the whole workload: flops per byte moved to or from memory",
                &mut app.state.workload.intensity,
                I_RANGE,
                "flop/byte",
            );
        });
    partitions(ui, app);
}

fn partitions(ui: &mut Ui, app: &mut HetscopeApp) {
    ui.add_space(4.0);
    ui.strong("Partitions");
    ui.weak("I_C, I_G in flop/byte (0: that processor does no flops); measured in GFLOP/s on this platform.");
    let pid = app.state.platform.chosen.id.clone();
    // Model bounds by partition name, from the last valid analysis.
    let bounds: Vec<(String, String)> = app
        .analysis()
        .map(|a| {
            a.partitions
                .iter()
                .map(|r| {
                    let text = match &r.result {
                        Ok(e) => format!("bound {} GFLOP/s", fmt_num(e.gflops)),
                        Err(e) => e.to_string(),
                    };
                    (r.partition.name.clone(), text)
                })
                .collect()
        })
        .unwrap_or_default();
    let mut remove = None;
    let w = &mut app.state.workload;
    for k in 0..w.partitions.len() {
        let row_name = w.partitions[k].name.clone();
        ui.push_id(("partition", k), |ui| {
            egui::Frame::group(ui.style()).show(ui, |ui| {
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
                    if ui
                        .button("Remove")
                        .accessible_name(format!("Remove {row_name}"))
                        .on_hover_text(format!("Remove partition {row_name}"))
                        .clicked()
                    {
                        remove = Some(k);
                    }
                });
                ui.horizontal(|ui| {
                    let row = &mut w.partitions[k];
                    for (label, v) in [("I_C", &mut row.i_c), ("I_G", &mut row.i_g)] {
                        let l = ui.label(label);
                        let speed = (v.abs() * 0.005).max(1e-3);
                        ui.add(
                            DragValue::new(v)
                                .speed(speed)
                                .range(0.0..=f64::INFINITY)
                                .custom_formatter(|v, _| fmt_edit(v))
                                .custom_parser(|s| parse_edit(s, "")),
                        )
                        .labelled_by(l.id);
                    }
                });
                ui.horizontal(|ui| {
                    let name = w.partitions[k].name.clone();
                    let current = w.measured(&pid, &name);
                    let mut has = current.is_some();
                    if ui.checkbox(&mut has, "measured").changed() {
                        w.set_measured(&pid, &name, has.then_some(1.0));
                    }
                    if let Some(mut m) = current {
                        let speed = (m.abs() * 0.005).max(1e-3);
                        let r = ui
                            .add(
                                DragValue::new(&mut m)
                                    .speed(speed)
                                    .range(0.0..=f64::INFINITY)
                                    .suffix(" GFLOP/s")
                                    .custom_formatter(|v, _| fmt_edit(v))
                                    .custom_parser(|s| parse_edit(s, "GFLOP/s")),
                            )
                            .accessible_name(format!("Measured GFLOP/s of {name}"));
                        if r.changed() {
                            w.set_measured(&pid, &name, Some(m));
                        }
                    }
                });
                if let Some((_, text)) = bounds.iter().find(|(n, _)| *n == row_name) {
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

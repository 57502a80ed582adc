//! Side panel of the boat hull views: the processor (GPU or CPU) and the
//! second processor with a slider and exact field for every parameter and
//! the assumptions about their floors; the class, typed (with its parse
//! error shown live) or picked from Table 1, with sliders for its sizes;
//! the chosen operator complexity and its range; the application.

use eframe::egui;
use eframe::egui::text::LayoutJob;
use eframe::egui::{Color32, FontId, TextEdit, TextFormat, Ui};

use super::BoathullUi;
use super::params::params_ui;
use crate::gui::app::file_name;
use crate::gui::context::ViewContext;
use crate::gui::dialog::FileDialog;
use crate::gui::model_ui::Editing;
use crate::gui::widgets::{param_row_ui, value_row_ui};
use hetscope_core::boathull::{ApplicationChoice, BoathullScenario, ProcessorChoice};
use hetscope_model::boathull::{
    BoathullParam, Class, ClassError, SizeKey, size_fields, table1_examples, with_size,
};
use hetscope_model::perdome::Side;
use hetscope_preset::{self as preset, Catalog, defaults};

/// A slider range.
type Range = std::ops::RangeInclusive<f64>;

/// Slider range of the operator complexity f, operations per element.
const F_RANGE: Range = 0.01..=1e6;

pub fn side_panel_ui(ui: &mut Ui, m: &mut Editing<'_, BoathullUi>, ctx: &mut ViewContext<'_>) {
    ui.spacing_mut().slider_width = 150.0;
    egui::ScrollArea::vertical().show(ui, |ui| {
        processor_section_ui(ui, m.state, ctx.catalog);
        ui.separator();
        class_section_ui(ui, m);
        ui.separator();
        complexity_section_ui(ui, m.state);
        ui.separator();
        application_section_ui(ui, m, ctx);
        ui.separator();
        super::measured::measured_section_ui(ui, m, ctx);
    });
}

/// Built-in processors with boat hull parameters (of `side`, if given):
/// (id, name).
fn processors(catalog: &Catalog, side: Option<Side>) -> Vec<(String, String)> {
    catalog
        .processors()
        .iter()
        .filter(|(_, p)| {
            p.boathull
                .is_some_and(|b| side.is_none_or(|s| b.kind() == s))
        })
        .map(|(e, p)| (e.id.clone(), p.name.clone()))
        .collect()
}

/// A processor picker; returns the id picked.
fn picker_ui(
    ui: &mut Ui,
    label: &str,
    items: &[(String, String)],
    current: &ProcessorChoice,
) -> Option<String> {
    let mut pick = None;
    egui::ComboBox::from_label(label)
        .selected_text(&current.name)
        .width(280.0)
        .height(400.0)
        .show_ui(ui, |ui| {
            for (id, name) in items {
                if ui
                    .selectable_label(*id == current.id, name)
                    .on_hover_text(id)
                    .clicked()
                {
                    pick = Some(id.clone());
                }
            }
        });
    pick
}

fn processor_section_ui(ui: &mut Ui, bh: &mut BoathullScenario, catalog: &Catalog) {
    ui.heading("Processor");
    let mut side = bh.processor.side();
    ui.horizontal(|ui| {
        ui.label("Kind:");
        ui.selectable_value(&mut side, Side::Gpu, "GPU")
            .on_hover_text("An accelerator behind a host bus (Section 4.2)");
        ui.selectable_value(&mut side, Side::Cpu, "CPU")
            .on_hover_text("A multi-core CPU (Section 4.4)");
    });
    if side != bh.processor.side() {
        bh.set_side(catalog, side);
    }
    let items = processors(catalog, Some(side));
    if let Some(id) = picker_ui(ui, "Processor preset", &items, &bh.processor)
        && let Some(p) = ProcessorChoice::from_catalog(catalog, &id)
    {
        bh.processor = p;
    }
    params_ui(ui, "first", &mut bh.processor);
    ui.add_space(6.0);
    ui.strong("Compare with");
    let items = processors(catalog, None);
    if let Some(id) = picker_ui(ui, "Second processor", &items, &bh.partner)
        && let Some(p) = ProcessorChoice::from_catalog(catalog, &id)
    {
        bh.partner = p;
    }
    egui::CollapsingHeader::new("Parameters of the second processor")
        .id_salt("bh_second_params")
        .default_open(false)
        .show(ui, |ui| params_ui(ui, "second", &mut bh.partner));
}

/// The class text with the offending part of a parse error marked.
fn marked(text: &str, e: &ClassError, ink: Color32, color: Color32) -> LayoutJob {
    let font = FontId::monospace(13.0);
    let start = e.byte_offset.min(text.len());
    let end = (start + e.found.len()).min(text.len());
    let mut job = LayoutJob::default();
    let plain = TextFormat {
        font_id: font.clone(),
        color: ink,
        ..Default::default()
    };
    job.append(&text[..start], 0.0, plain.clone());
    let bad = if end > start {
        &text[start..end]
    } else {
        "␣"
    };
    job.append(
        bad,
        0.0,
        TextFormat {
            font_id: font,
            color,
            background: color.gamma_multiply(0.15),
            underline: egui::Stroke::new(1.5, color),
            ..Default::default()
        },
    );
    job.append(&text[end.max(start)..], 0.0, plain);
    job
}

fn class_section_ui(ui: &mut Ui, m: &mut Editing<'_, BoathullUi>) {
    ui.heading("Class");
    let label = ui.label("Class").on_hover_text(
        "An algorithm class as in Tables 1 and 4 of the boat hull paper, with concrete sizes, e.g. 1024x1024|neighbourhood(7x7) -> 1024x1024|element",
    );
    ui.add(
        TextEdit::singleline(&mut m.state.class_text)
            .font(egui::TextStyle::Monospace)
            .desired_width(f32::INFINITY)
            .hint_text(defaults::BOATHULL_CLASS),
    )
    .labelled_by(label.id);
    let text = m.state.class_text.clone();
    let parsed = m.parsed_class().cloned().map_err(Clone::clone);
    match &parsed {
        Ok(c) => {
            ui.weak(format!(
                "Table 1 row {}: {} ({})",
                c.shape().table1_row(),
                c.shape().table1_class(),
                c.shape().example()
            ));
        }
        Err(e) => {
            let red = ui.visuals().error_fg_color;
            let ink = ui.visuals().text_color();
            ui.label(marked(&text, e, ink, red));
            ui.colored_label(red, e.to_string());
        }
    }
    let bh = &mut m.state;
    if let Some(t) = table1_picker_ui(ui, parsed.as_ref().ok()) {
        bh.class_text = t;
    }
    let Ok(class) = parsed else {
        ui.weak("Fix the class to edit its sizes (the figure keeps the last valid class).");
        return;
    };
    class_sizes_ui(ui, bh, &class);
    ui.checkbox(&mut bh.table1_as_printed, "Table 1 as printed")
        .on_hover_text(
            "Use Table 1's printed d and w for scale down and enlarge (reproduces Table 5) instead of input + output",
        );
}

/// The classes of Table 1; the class text of the one picked.
fn table1_picker_ui(ui: &mut Ui, class: Option<&Class>) -> Option<String> {
    let mut pick = None;
    egui::ComboBox::from_label("Table 1 class")
        .selected_text(match class {
            Some(c) => c.shape().example().to_string(),
            None => "pick a class".to_string(),
        })
        .width(200.0)
        .show_ui(ui, |ui| {
            for (k, (example, text)) in table1_examples().into_iter().enumerate() {
                if ui
                    .selectable_label(false, format!("{}. {example}: {text}", k + 1))
                    .clicked()
                {
                    pick = Some(text);
                }
            }
        });
    pick
}

/// A slider per size of the class; a change rewrites the class text.
fn class_sizes_ui(ui: &mut Ui, bh: &mut BoathullScenario, class: &Class) {
    ui.strong("Sizes");
    egui::Grid::new("bh_sizes")
        .num_columns(3)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            for f in size_fields(class.shape()) {
                let mut v = f.value as f64;
                let unit = if f.key == SizeKey::C {
                    "bins"
                } else {
                    "elements"
                };
                let tip = format!("{} of the class; the class name follows", f.label);
                if value_row_ui(ui, f.label, &tip, &mut v, f.min as f64..=f.max as f64, unit) {
                    let n = v.round().clamp(1.0, 1e12) as u64;
                    let s = with_size(class.shape(), f.key, n);
                    bh.class_text = Class::from_shape(s).to_string();
                }
            }
        });
}

fn complexity_section_ui(ui: &mut Ui, bh: &mut BoathullScenario) {
    ui.heading("Operator complexity");
    egui::Grid::new("bh_f")
        .num_columns(3)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            let range = BoathullParam::F.range();
            for (label, tip, v) in [
                (
                    "f (ops/element)",
                    "Operations per element of the operator: the marker and readout",
                    &mut bh.f,
                ),
                (
                    "f min (ops/element)",
                    "Low end of the f axis",
                    &mut bh.f_min,
                ),
                (
                    "f max (ops/element)",
                    "High end of the f axis",
                    &mut bh.f_max,
                ),
            ] {
                param_row_ui(ui, (label, tip, "ops/element"), v, F_RANGE, &range);
            }
        });
}

fn application_section_ui(ui: &mut Ui, m: &mut Editing<'_, BoathullUi>, ctx: &mut ViewContext<'_>) {
    ui.heading("Application (pipeline)");
    if let Some(p) = application_picker_ui(ui, &m.state.application, ctx.catalog) {
        m.state.application = p;
    }
    if ui
        .add_enabled(!ctx.jobs.busy(), egui::Button::new("Open application…"))
        .on_hover_text("Load an application preset (.ron): primitives with their classes and f")
        .clicked()
    {
        m.open_application(ui.ctx(), ctx);
    }
    let preset = match &m.state.application {
        ApplicationChoice::None => None,
        ApplicationChoice::Builtin(id) => ctx.catalog.application(id).map(|(_, p)| p),
        ApplicationChoice::File { preset, .. } => Some(preset),
    };
    if let Some(p) = preset {
        for q in &p.primitives {
            let f = match q.f_max {
                Some(hi) => format!("f = {} to {hi}", q.f),
                None => format!("f = {}", q.f),
            };
            ui.weak(format!("{}: {} ({f})", q.name, q.class));
        }
        if !p.source.is_empty() {
            ui.weak(format!("Source: {}", p.source));
        }
    }
}

/// The application picker: none or a built-in application.
fn application_picker_ui(
    ui: &mut Ui,
    current: &ApplicationChoice,
    catalog: &Catalog,
) -> Option<ApplicationChoice> {
    let shown = match current {
        ApplicationChoice::None => "none".to_string(),
        ApplicationChoice::Builtin(id) => catalog
            .application(id)
            .map_or_else(|| id.clone(), |(_, p)| p.name.clone()),
        ApplicationChoice::File { file, .. } => format!("custom: {file}"),
    };
    let mut pick = None;
    egui::ComboBox::from_label("Application preset")
        .selected_text(shown)
        .width(280.0)
        .show_ui(ui, |ui| {
            if ui
                .selectable_label(*current == ApplicationChoice::None, "none")
                .clicked()
            {
                pick = Some(ApplicationChoice::None);
            }
            for (e, p) in catalog.applications() {
                let on = *current == ApplicationChoice::Builtin(e.id.clone());
                if ui
                    .selectable_label(on, &p.name)
                    .on_hover_text(&e.id)
                    .clicked()
                {
                    pick = Some(ApplicationChoice::Builtin(e.id.clone()));
                }
            }
        });
    pick
}

impl Editing<'_, BoathullUi> {
    /// Ask for an application file; read it when one is chosen.
    fn open_application(&mut self, egui_ctx: &egui::Context, ctx: &mut ViewContext<'_>) {
        let dialog = FileDialog::open("Open application preset", ("RON preset", "ron"));
        let asked = crate::gui::model_ui::pick_file_for::<BoathullUi>(
            ctx.jobs,
            egui_ctx,
            dialog,
            |m, path, vc| {
                let file = file_name(&path);
                match preset::boathull::load_application_file(&path) {
                    Ok(preset) => {
                        vc.status
                            .info(format!("Application: {} ({file})", preset.name));
                        m.state.application = ApplicationChoice::File { file, preset };
                    }
                    Err(e) => vc.status.error(format!("Could not read {file}: {e}")),
                }
            },
        );
        if let Err(e) = asked {
            ctx.status.error(e);
        }
    }
}

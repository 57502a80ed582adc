//! Side panel of the FPM views: the devices (add a built-in one, a CSV
//! file or a measurement of this machine; rename, contention, socket,
//! memory limit, out of core, remove), the problem size n, the display options, and the measurement
//! with its progress bar and cancel button. Loading and measuring change
//! `state.fpm`; the app rebuilds the figure when its input changes.

use std::path::Path;
use std::sync::atomic::Ordering;
use std::time::Duration;

use eframe::egui::{self, Button, DragValue, ProgressBar, RichText, TextEdit, Ui};

use super::FpmUi;
use crate::gui::context::ViewContext;
use crate::gui::model_ui::Editing;
use crate::gui::widgets::{TypedCheck, param_row_ui, rgb, source_tag_ui};
use hetscope_core::fpm::{FpmScenario, SizesPreset, paper_devices};
use hetscope_figure::fpm::{FpmDevice, device_color};
use hetscope_measure::{Kernel, MAX_THREADS};
use hetscope_model::fpm::{FpmParam, OutOfCore};
use hetscope_preset::fpm::keys;

/// The out-of-core factor a device gets when its switch is turned on.
const DEFAULT_OUT_OF_CORE: f64 = 0.5;

pub fn side_panel_ui(ui: &mut Ui, m: &mut Editing<'_, FpmUi>, ctx: &mut ViewContext<'_>) {
    ui.spacing_mut().slider_width = 150.0;
    egui::ScrollArea::vertical().show(ui, |ui| {
        problem_section_ui(ui, m.state);
        ui.separator();
        measure_section_ui(ui, m, ctx);
        ui.separator();
        devices_section_ui(ui, m, ctx);
    });
}

fn devices_section_ui(ui: &mut Ui, m: &mut Editing<'_, FpmUi>, ctx: &mut ViewContext<'_>) {
    ui.heading("Devices");
    ui.weak("Speed functions s(x); the contention factor scales a device while another device of its socket works (socket 0: none). A device with a memory limit may run out of core beyond it.");
    add_device_ui(ui, m, ctx);
    csv_file_ui(ui, m, ctx);
    super::starpu_chooser::starpu_chooser_ui(ui, m, ctx);
    let (remove, save) = devices_grid_ui(ui, m.state);
    if let Some((file, health)) = &m.ui.starpu_health {
        super::health::calibration_health_ui(ui, file, health);
    }
    if let Some(i) = remove {
        m.state.remove_device(i);
    }
    if let Some(i) = save {
        m.save_dialog(ui.ctx(), ctx, i);
    }
}

/// One card a device: colour, name and source; contention and socket;
/// memory limit and out of core; Save and Remove. Each line wraps in a
/// narrow panel, so nothing runs out of sight.
/// Returns the device to remove and the device to save, if any.
fn devices_grid_ui(ui: &mut Ui, fpm: &mut FpmScenario) -> (Option<usize>, Option<usize>) {
    let mut remove = None;
    let mut save = None;
    let unit = fpm.unit();
    let name_width = name_width(ui, fpm).min(ui.available_width() - 40.0);
    for (i, d) in fpm.devices.iter_mut().enumerate() {
        ui.push_id(("fpm_device", i), |ui| {
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.set_width(ui.available_width());
                device_card_ui(ui, d, (i, name_width), &unit, (&mut remove, &mut save));
            });
        });
    }
    (remove, save)
}

/// The lines of one device's card ([`devices_grid_ui`]).
fn device_card_ui(
    ui: &mut Ui,
    d: &mut FpmDevice,
    (i, name_width): (usize, f32),
    unit: &str,
    (remove, save): (&mut Option<usize>, &mut Option<usize>),
) {
    ui.horizontal_wrapped(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
        ui.painter().rect_filled(rect, 2.0, rgb(device_color(i)));
        // A name longer than the card is wide wraps in its field (one
        // line: a line break typed is a space).
        let field = TextEdit::multiline(&mut d.name)
            .desired_rows(1)
            .desired_width(name_width.max(80.0));
        if ui.add(field).on_hover_text(device_tip(d)).changed() && d.name.contains('\n') {
            d.name = d.name.replace(['\r', '\n'], " ");
        }
        source_tag_ui(ui, d.source.kind(), d.source.detail());
        if ui
            .small_button("Save…")
            .accessible_name(format!("Save {}", d.name))
            .on_hover_text(format!(
                "Save the speed function of {} as a CSV file (size,speed)",
                d.name
            ))
            .clicked()
        {
            *save = Some(i);
        }
        if ui
            .small_button("Remove")
            .accessible_name(format!("Remove {}", d.name))
            .on_hover_text(format!("Remove {}", d.name))
            .clicked()
        {
            *remove = Some(i);
        }
    });
    ui.horizontal_wrapped(|ui| {
        let name = ui
            .label("Contention (factor)")
            .on_hover_text("Speed factor, 0.001 to 1, while another device of its socket works");
        let check = TypedCheck::new(
            ("fpm contention", i),
            FpmParam::Contention.range().inclusive(),
            "",
        );
        let field = DragValue::new(&mut d.contention)
            .speed(0.005)
            .max_decimals(3);
        ui.add(check.field(ui.ctx(), field))
            .labelled_by(name.id)
            .on_hover_text(CONTENTION_TIP);
        check.note_ui(ui);
        let socket_name = ui
            .label("Socket (number)")
            .on_hover_text("Devices with the same socket number share resources; 0: alone");
        let mut socket = d.socket.unwrap_or(0);
        let check =
            TypedCheck::new(("fpm socket", i), FpmParam::Socket.range().inclusive(), "").whole();
        if ui
            .add(check.field(ui.ctx(), DragValue::new(&mut socket)))
            .labelled_by(socket_name.id)
            .on_hover_text("Devices with the same socket number share resources; 0 = alone")
            .changed()
        {
            d.socket = (socket > 0).then_some(socket);
        }
        check.note_ui(ui);
        ui.label(format!("Memory limit ({unit})")).on_hover_text(
            "Largest share the device holds, in the problem's computation unit; 0: no limit",
        );
        memory_cells_ui(ui, d, i);
    });
}

/// The contention field's tooltip.
const CONTENTION_TIP: &str = "Speed factor while another device of the same socket has work \
    (FPM paper, Section V: about 0.85 for a GPU next to busy cores); 1 = no loss";

/// Width of the name fields, points: the longest name whole.
fn name_width(ui: &Ui, fpm: &FpmScenario) -> f32 {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let color = ui.visuals().text_color();
    let longest = fpm
        .devices
        .iter()
        .map(|d| {
            ui.painter()
                .layout_no_wrap(d.name.clone(), font.clone(), color)
                .size()
                .x
        })
        .fold(0.0f32, f32::max);
    (longest + 2.0 * ui.spacing().button_padding.x + 8.0).max(130.0)
}

/// The memory limit (0: none) and the out-of-core switch with its factor.
fn memory_cells_ui(ui: &mut Ui, d: &mut FpmDevice, i: usize) {
    let mut limit = d.max_size_units.unwrap_or(0.0);
    let step = (limit.abs() * 0.002).max(0.01);
    let check = TypedCheck::new(
        ("fpm memory limit", i),
        0.0..=FpmParam::MaxSize.range().max,
        &d.unit,
    );
    let field = DragValue::new(&mut limit)
        .speed(step)
        .suffix(format!(" {}", d.unit));
    if ui
        .add(check.field(ui.ctx(), field))
        .on_hover_text(format!(
            "Largest size the device holds, {}; no share goes beyond it unless it runs out of core; 0 = no limit",
            d.unit
        ))
        .changed()
    {
        d.max_size_units = (limit > 0.0).then_some(limit);
        if d.max_size_units.is_none() {
            d.out_of_core = None;
        }
    }
    check.note_ui(ui);
    ui.horizontal(|ui| {
        ui.label("Out of core (factor)").on_hover_text(
            "Beyond the memory limit: the speed as a factor, 0.001 to 1, of the speed at the limit",
        );
        let mut on = d.out_of_core.is_some();
        let can = d.max_size_units.is_some();
        let tip = if can {
            "Beyond the memory limit the device runs an out-of-core kernel (FPM paper, Section V): its speed is the factor times the speed at the limit"
        } else {
            "Set a memory limit first: out of core is beyond it"
        };
        let switch = ui
            .add_enabled(can, egui::Checkbox::without_text(&mut on))
            .accessible_name(format!("Out of core {}", d.name))
            .on_hover_text(tip)
            .on_disabled_hover_text(tip);
        if switch.changed() {
            d.out_of_core = on.then_some(OutOfCore::Factor(DEFAULT_OUT_OF_CORE));
        }
        match &mut d.out_of_core {
            Some(OutOfCore::Factor(k)) => {
                let check = TypedCheck::new(("fpm out of core", i), FpmParam::OutOfCoreFactor.range().inclusive(), "");
                ui.add(check.field(ui.ctx(), DragValue::new(k).speed(0.005).max_decimals(3)))
                    .on_hover_text("Speed beyond the limit as a fraction of the speed at the limit, from 0.001 to 1");
                check.note_ui(ui);
            }
            Some(OutOfCore::Points(p)) => {
                ui.weak(format!("{} points", p.len()))
                    .on_hover_text(keys::out_of_core_text(d.out_of_core.as_ref()));
            }
            None => {}
        }
    });
}

/// Add a built-in device, or the paper's whole hybrid node.
fn add_device_ui(ui: &mut Ui, m: &mut Editing<'_, FpmUi>, ctx: &mut ViewContext<'_>) {
    ui.horizontal(|ui| {
        let mut pick = None;
        egui::ComboBox::from_label("Add built-in device")
            .selected_text("choose…")
            .show_ui(ui, |ui| {
                for (e, _) in ctx.catalog.devices() {
                    if ui
                        .selectable_label(false, &e.id)
                        .on_hover_text(&e.path)
                        .clicked()
                    {
                        pick = Some(e.id.clone());
                    }
                }
            });
        if let Some(id) = pick {
            match ctx.catalog.device(&id).map(|(_, csv)| csv.clone()) {
                Some(csv) => {
                    let d = csv.builtin_device(&id, &id);
                    m.state.add_device(d);
                    ctx.status.info(format!("Added the built-in device {id}"));
                }
                None => ctx
                    .status
                    .error(format!("There is no built-in device {id}")),
            }
        }
    });
    if ui
        .button("Paper's hybrid node")
        .on_hover_text("Replace the devices by the FPM paper's G1, G2, 2 x S5 and 2 x S6 (Table III) at n = 3600 blocks")
        .clicked()
    {
        let fpm = &mut m.state;
        fpm.devices = paper_devices(ctx.catalog);
        fpm.n_units = hetscope_preset::fpm::PAPER_N;
        fpm.integer = true;
    }
}

/// The CSV path field with Load and Browse, and the last load error.
fn csv_file_ui(ui: &mut Ui, m: &mut Editing<'_, FpmUi>, ctx: &mut ViewContext<'_>) {
    ui.add_space(4.0);
    ui.strong("Speed function from a CSV file");
    ui.horizontal(|ui| {
        let label = ui.label("CSV file");
        let edit = ui
            .add(
                TextEdit::singleline(&mut m.state.csv_path)
                    .hint_text("path/to/speed.csv")
                    .desired_width(210.0),
            )
            .labelled_by(label.id)
            .on_hover_text(
                "Columns size,speed (comments # max_size, # out_of_core, # contention, # socket set those); press Enter or Load",
            );
        let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if ui.button("Load").clicked() || enter {
            let path = m.state.csv_path.trim().to_string();
            if path.is_empty() {
                m.ui.load_error = Some("Type the path of a CSV file first.".into());
            } else {
                m.load_csv(Path::new(&path), ctx.status);
            }
        }
        if ui
            .button("Browse…")
            .on_hover_text("Pick a CSV file in a dialog")
            .clicked()
        {
            m.browse(ui.ctx(), ctx);
        }
    });
    if let Some(e) = &m.ui.load_error {
        ui.colored_label(ui.visuals().error_fg_color, e);
    }
}

fn device_tip(d: &FpmDevice) -> String {
    let mut t = format!(
        "{}\n{}\n{} points, unit: {}",
        d.name,
        d.source,
        d.points.len(),
        d.unit
    );
    if let Some(l) = d.max_size_units {
        t.push_str(&format!("\nmemory limit: {l} {}", d.unit));
    }
    if d.out_of_core.is_some() {
        t.push_str(&format!(
            "\nout of core: {}",
            keys::out_of_core_summary(d.out_of_core.as_ref())
        ));
    }
    t
}

fn problem_section_ui(ui: &mut Ui, s: &mut FpmScenario) {
    ui.heading("Problem size");
    let unit = s.unit();
    let (lo, hi) = s.n_range();
    egui::Grid::new("fpm_n")
        .num_columns(3)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            let label = format!("n ({unit})");
            let tip = "Total problem size to partition over the devices, in their computation unit";
            let range = FpmParam::ProblemSize.range();
            if param_row_ui(ui, (&label, tip, &unit), &mut s.n_units, lo..=hi, &range) {
                s.round_n();
            }
        });
    if ui
        .checkbox(&mut s.integer, "Whole units (blocks)")
        .on_hover_text("Every share is a whole number of units, adding up to n (Table III counts 640 x 640 blocks)")
        .changed()
    {
        s.round_n();
    }
    ui.horizontal(|ui| {
        ui.label("Axes");
        ui.radio_value(&mut s.log_axes, true, "log");
        ui.radio_value(&mut s.log_axes, false, "linear");
    });
    ui.horizontal(|ui| {
        ui.label("Partitions");
        ui.checkbox(&mut s.show_even, "homogeneous")
            .on_hover_text("n / p units each");
        ui.checkbox(&mut s.show_cpm, "CPM").on_hover_text(
            "Shares in proportion to constant speeds, each measured at the even share",
        );
        ui.checkbox(&mut s.show_fpm, "FPM")
            .on_hover_text("Shares on the speed functions so that every device finishes together");
    });
}

fn measure_section_ui(ui: &mut Ui, m: &mut Editing<'_, FpmUi>, ctx: &mut ViewContext<'_>) {
    ui.heading("Measure this machine");
    ui.weak("Times a kernel over problem sizes and adds its speed function as a device; thread counts stand for devices.");
    let running = m.ui.measuring.is_some();
    let s = &mut m.state;
    ui.add_enabled_ui(!running, |ui| {
        ui.horizontal(|ui| {
            ui.label("Kernel");
            ui.radio_value(&mut s.kernel, Kernel::Gemm, "gemm")
                .on_hover_text("C = A B of f64 matrices (compute bound); unit Mflop");
            ui.radio_value(&mut s.kernel, Kernel::Triad, "triad")
                .on_hover_text("a = b + s c over f64 vectors (memory bound); unit M elements");
        });
        ui.horizontal(|ui| {
            let l = ui.label("Threads");
            let check =
                TypedCheck::new("fpm measure threads", 1.0..=MAX_THREADS as f64, "").whole();
            ui.add(check.field(ui.ctx(), DragValue::new(&mut s.threads)))
                .labelled_by(l.id);
            check.note_ui(ui);
            let kernel = s.kernel;
            egui::ComboBox::from_label("Sizes")
                .selected_text(s.sizes.title())
                .show_ui(ui, |ui| {
                    for p in SizesPreset::ALL {
                        let sizes: Vec<String> =
                            p.sizes(kernel).iter().map(|v| v.to_string()).collect();
                        ui.selectable_value(&mut s.sizes, p, p.title())
                            .on_hover_text(sizes.join(", "));
                    }
                });
        });
    });
    ui.horizontal(|ui| {
        if ui
            .add_enabled(!running, Button::new("Start measurement"))
            .on_hover_text("Runs on a background thread; the result becomes a new device")
            .clicked()
        {
            m.start_measure(ui.ctx(), ctx);
        }
        if ui
            .add_enabled(running, Button::new("Cancel"))
            .on_hover_text("Stop after the current sample")
            .clicked()
        {
            m.cancel_measure();
        }
    });
    if let Some(m) = &m.ui.measuring {
        let done = m.done.load(Ordering::Relaxed);
        let cancelling = m.cancel.load(Ordering::Relaxed);
        let text = if cancelling {
            "cancelling…".to_string()
        } else {
            format!("{}: {done} of {} sizes", m.label, m.total)
        };
        ui.add(ProgressBar::new(m.fraction()).text(text).animate(true));
        ui.ctx().request_repaint_after(Duration::from_millis(100));
    } else {
        ui.label(RichText::new("Use a release build for meaningful speeds.").weak());
    }
}

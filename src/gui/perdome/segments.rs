//! The workload as code segments (PeaPaw's workflow, stage iii): each
//! segment's flops and bytes and the processor it runs on; I and the
//! partition "segments" follow from them while there are any.

use crate::gui::widgets::TypedCheck;
use eframe::egui::{self, DragValue, RichText, TextEdit, Ui};

use hetscope_core::perdome::{SEGMENTS, WorkloadState};
use hetscope_model::format::fmt_num;
use hetscope_model::perdome::{Segment, Side};

/// The segments table, what it gives, and Add / Clear.
pub fn segments_ui(ui: &mut Ui, w: &mut WorkloadState) {
    egui::CollapsingHeader::new("From code segments (flops and bytes)")
        .id_salt("perdome_segments")
        .default_open(!w.segments.is_empty())
        .show(ui, |ui| {
            ui.weak("Count each code segment's flops and bytes and say where it runs: I and the partition \"segments\" follow.");
            rows_ui(ui, w);
            ui.horizontal(|ui| {
                if ui
                    .button("Add segment")
                    .on_hover_text("A code segment of the workload")
                    .clicked()
                {
                    let k = w.segments.len() + 1;
                    w.segments.push(Segment {
                        name: format!("segment {k}"),
                        flops: 1e9,
                        bytes: 1e9,
                        on: if k % 2 == 1 { Side::Cpu } else { Side::Gpu },
                    });
                }
                if ui
                    .add_enabled(!w.segments.is_empty(), egui::Button::new("Clear segments"))
                    .on_hover_text("Give I and the partitions by intensity again")
                    .clicked()
                {
                    w.segments.clear();
                    w.preset.partitions.retain(|q| q.name != SEGMENTS);
                }
            });
            result_ui(ui, w);
        });
}

fn rows_ui(ui: &mut Ui, w: &mut WorkloadState) {
    let mut remove = None;
    egui::Grid::new("segments_grid")
        .num_columns(5)
        .spacing([6.0, 4.0])
        .show(ui, |ui| {
            if w.segments.is_empty() {
                return;
            }
            let heads = ["segment", "flops", "bytes", "runs on", ""].map(|h| ui.weak(h).id);
            ui.end_row();
            for (k, s) in w.segments.iter_mut().enumerate() {
                let (flop_speed, byte_speed) = (s.flops.max(1.0) * 0.01, s.bytes.max(1.0) * 0.01);
                ui.add(TextEdit::singleline(&mut s.name).desired_width(90.0))
                    .labelled_by(heads[0]);
                // Each field with its typed value's note under it, in its
                // own cell.
                ui.vertical(|ui| {
                    let flops = TypedCheck::new(("segment flops", k), 0.0..=1e30, "flop");
                    let field = DragValue::new(&mut s.flops)
                        .speed(flop_speed)
                        .suffix(" flop");
                    ui.add(flops.field(ui.ctx(), field))
                        .on_hover_text("Floating-point operations of the segment, 0 to 1e30");
                    flops.note_ui(ui);
                });
                ui.vertical(|ui| {
                    let bytes = TypedCheck::new(("segment bytes", k), 0.0..=1e30, "B");
                    let field = DragValue::new(&mut s.bytes).speed(byte_speed).suffix(" B");
                    ui.add(bytes.field(ui.ctx(), field))
                        .on_hover_text("Bytes the segment moves to and from memory, 0 to 1e30");
                    bytes.note_ui(ui);
                });
                egui::ComboBox::from_id_salt(("segment_on", k))
                    .selected_text(s.on.name())
                    .width(60.0)
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut s.on, Side::Cpu, Side::Cpu.name());
                        ui.selectable_value(&mut s.on, Side::Gpu, Side::Gpu.name());
                    })
                    .response
                    .labelled_by(heads[3]);
                if ui
                    .small_button("x")
                    .on_hover_text("Remove this segment")
                    .clicked()
                {
                    remove = Some(k);
                }
                ui.end_row();
            }
        });
    if let Some(k) = remove {
        w.segments.remove(k);
    }
}

/// What the segments give, or why they give nothing.
fn result_ui(ui: &mut Ui, w: &WorkloadState) {
    match w.counted() {
        None => {}
        Some(Ok(c)) => {
            ui.label(format!(
                "I = {}, I_C = {}, I_G = {} flop/byte (partition \"{SEGMENTS}\"); I follows the segments while there are any.",
                fmt_num(c.wp.i),
                fmt_num(c.wp.i_c),
                fmt_num(c.wp.i_g)
            ));
        }
        Some(Err(e)) => {
            ui.label(RichText::new(e.to_string()).color(ui.visuals().error_fg_color));
        }
    }
}

//! Derive a processor's t_f and t_b from its specifications (PeaPaw
//! Eq. 5-6): cores x clock x issue width for the peak compute rate, and the
//! memory bandwidth.

use crate::gui::widgets::TypedCheck;
use eframe::egui;
use eframe::egui::{DragValue, Ui};

use hetscope_core::perdome::PerdomeScenario;
use hetscope_model::Range;
use hetscope_model::format::fmt_num;
use hetscope_model::perdome::{Side, Specs};

/// A collapsible "From specifications" block under one processor's sliders.
pub fn specs_ui(ui: &mut Ui, state: &mut PerdomeScenario, side: Side) {
    let id = format!("From {} specifications (PeaPaw Eq. 6)", side.name());
    egui::CollapsingHeader::new(id).show(ui, |ui| {
        let specs = state.specs_mut(side);
        egui::Grid::new(("specs", side.suffix()))
            .num_columns(2)
            .show(ui, |ui| {
                let [cores, clock, width, bandwidth] = Specs::FIELDS.map(|f| f.2);
                field_ui(ui, ("cores", "cores (CUDA cores for a GPU)"), &mut specs.cores, "", cores);
                field_ui(ui, ("clock (GHz)", "base core clock"), &mut specs.clock_ghz, " GHz", clock);
                field_ui(
                    ui,
                    (
                        "issue width (flop/cycle)",
                        "flops per core per cycle (2 for a fused multiply-add; times SIMD lanes if counted)",
                    ),
                    &mut specs.issue_width,
                    " flop/cycle",
                    width,
                );
                field_ui(
                    ui,
                    (
                        "bandwidth (GB/s)",
                        "achievable memory bandwidth, e.g. from STREAM",
                    ),
                    &mut specs.bandwidth_gbs,
                    " GB/s",
                    bandwidth,
                );
            });
        let specs = *specs;
        let label = format!(
            "Apply to t_f{s}, t_b{s}",
            s = side.suffix()
        );
        match specs.validate(side) {
            Ok(()) => {
                ui.weak(format!(
                    "t_f = {} ps ({} GFLOP/s), t_b = {} ps",
                    fmt_num(specs.t_f_ps()),
                    fmt_num(specs.peak_gflops()),
                    fmt_num(specs.t_b_ps())
                ));
                if ui.button(label).clicked() {
                    let p = state.platform.params.side_mut(side);
                    p.t_f = specs.t_f_ps();
                    p.t_b = specs.t_b_ps();
                }
            }
            Err(e) => {
                ui.colored_label(ui.visuals().error_fg_color, e.to_string());
            }
        }
    });
}

/// One specification's number field, kept within its range.
fn field_ui(ui: &mut Ui, (label, tip): (&str, &str), v: &mut f64, suffix: &str, range: Range) {
    let tip = format!("{tip}\nRange: {}", range.need());
    let name = ui.label(label).on_hover_text(&tip);
    let speed = (v.abs() * 0.01).max(0.01);
    let check = TypedCheck::new(("spec", label), range.inclusive(), suffix);
    ui.vertical(|ui| {
        let field = DragValue::new(v).speed(speed).suffix(suffix);
        ui.add(check.field(ui.ctx(), field))
            .labelled_by(name.id)
            .on_hover_text(tip);
        check.note_ui(ui);
    });
    ui.end_row();
}

//! The sliders of a boat hull processor's parameters, where their values
//! come from, and Reset.

use eframe::egui::{self, Ui};

use crate::gui::widgets::{param_row_ui, source_tag_ui};
use hetscope_core::boathull::ProcessorChoice;
use hetscope_model::boathull::{Assume, BoathullParam, Machine};
use hetscope_model::perdome::Side;

/// A slider's range.
type Slider = std::ops::RangeInclusive<f64>;

/// Sliders for every parameter of a processor, its assumptions and Reset.
pub(super) fn params_ui(ui: &mut Ui, salt: &str, p: &mut ProcessorChoice) {
    let kind = p.side().name();
    egui::Grid::new(("bh_params", salt))
        .num_columns(3)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            for (param, tip, slider) in rows(p.side()) {
                machine_row_ui(ui, kind, &mut p.params, (param, tip, slider));
            }
        });
    sources_ui(ui, p);
    assumptions_ui(ui, salt, p);
    if ui
        .add_enabled(
            p.params != p.loaded,
            egui::Button::new(format!("Reset {}", p.id)),
        )
        .on_hover_text("Restore the parameters of the preset")
        .clicked()
    {
        p.params = p.loaded;
    }
}

/// A row: the parameter, its tooltip and the slider's range.
type Row = (BoathullParam, &'static str, Slider);

/// The rows of a processor of kind `side`.
fn rows(side: Side) -> [Row; 4] {
    use BoathullParam as B;
    match side {
        Side::Gpu => [
            (
                B::PCompute,
                "Peak compute rate; a multiply-add counts as 2 operations",
                1.0..=1e6,
            ),
            (
                B::PCoalesced,
                "Practical bandwidth of sequential (coalesced) accesses",
                0.1..=1e5,
            ),
            (
                B::PUncoalesced,
                "Practical bandwidth of scattered (uncoalesced) accesses",
                0.01..=1e4,
            ),
            (
                B::BBus,
                "Practical host-accelerator bus bandwidth (transfer t0)",
                0.1..=1e4,
            ),
        ],
        Side::Cpu => [
            (B::PCompute, "peak compute rate", 0.1..=1e5),
            (B::PMemory, "practical memory bandwidth (STREAM)", 0.1..=1e4),
            (B::NThreads, "simultaneous hardware threads", 1.0..=1024.0),
            (
                B::WVector,
                "vector register width; 32-bit lanes = W_vector / 32",
                32.0..=2048.0,
            ),
        ],
    }
}

/// One parameter's slider row, kept within its range (W_vector on a
/// multiple of 32 bits).
fn machine_row_ui(ui: &mut Ui, kind: &str, m: &mut Machine, (param, tip, slider): Row) {
    let Some(mut v) = param.get(m) else {
        return;
    };
    let range = param.range();
    let label = format!("{} ({})", param.name(), range.unit);
    let tip = format!("{kind}: {tip}");
    if param_row_ui(ui, (&label, &tip, range.unit), &mut v, slider, &range) {
        if param == BoathullParam::WVector {
            v = range.clamp((v / 32.0).round() * 32.0);
        }
        // In range after the row's clamp, so the set cannot fail.
        let _ = param.set(m, v);
    }
}

/// Where the values come from: a tag per parameter (the citation or rule
/// on hover), and "edited" once a slider moved them.
fn sources_ui(ui: &mut Ui, p: &ProcessorChoice) {
    if p.sources.is_empty() && p.params == p.loaded {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.weak("Sources:");
        for (name, src) in &p.sources {
            ui.weak(name);
            source_tag_ui(ui, src.kind(), src.detail());
        }
        if p.params != p.loaded {
            source_tag_ui(
                ui,
                "edited",
                "A slider moved these values from the loaded ones",
            );
        }
    });
}

/// What is assumed about the processor's two floors.
pub(super) fn assumptions_ui(ui: &mut Ui, salt: &str, p: &mut ProcessorChoice) {
    let (a_label, b_label, a, b, a_names, b_names) = match p.side() {
        Side::Gpu => (
            "Fused multiply-add",
            "Coalescing",
            &mut p.fma,
            &mut p.coalescing,
            ["used (c0)", "not used (floor c1)", "unknown (c0 to c1)"],
            [
                "as the class says (m0)",
                "all scattered (floor m1)",
                "unknown (m0 to m1)",
            ],
        ),
        Side::Cpu => (
            "Vector code",
            "Threads",
            &mut p.vector,
            &mut p.threads,
            ["vector (c0)", "scalar (floor c1)", "unknown"],
            ["all threads (c0)", "one thread (floor c2)", "unknown"],
        ),
    };
    assume_combo_ui(ui, (salt, a_label), a_label, a, a_names);
    assume_combo_ui(ui, (salt, b_label), b_label, b, b_names);
}

fn assume_combo_ui(ui: &mut Ui, salt: (&str, &str), label: &str, v: &mut Assume, names: [&str; 3]) {
    let text = |c: Assume| names[Assume::ALL.iter().position(|x| *x == c).unwrap_or(0)];
    ui.horizontal(|ui| {
        let l = ui.label(label);
        egui::ComboBox::from_id_salt(salt)
            .selected_text(text(*v))
            .show_ui(ui, |ui| {
                for c in Assume::ALL {
                    ui.selectable_value(v, c, text(c));
                }
            })
            .response
            .labelled_by(l.id);
    });
}

//! The sliders of a boat hull processor's parameters, where their values
//! come from, and Reset.

use eframe::egui::{self, Ui};

use super::panel::assumptions_ui;
use super::state::ProcessorState;
use crate::gui::widgets::{source_tag_ui, value_row_ui};
use crate::model::boathull::{Cpu, Machine};

type Range = std::ops::RangeInclusive<f64>;

/// Sliders for every parameter of a processor, its assumptions and Reset.
pub(super) fn params_ui(ui: &mut Ui, salt: &str, p: &mut ProcessorState) {
    let kind = p.side().name();
    egui::Grid::new(("bh_params", salt))
        .num_columns(3)
        .spacing([8.0, 4.0])
        .show(ui, |ui| match &mut p.params {
            Machine::Gpu(g) => {
                let rows: [(&str, &str, &mut f64, Range); 4] = [
                    (
                        "P_compute (GFLOP/s)",
                        "Peak compute rate; a multiply-add counts as 2 operations",
                        &mut g.p_compute_gflops,
                        1.0..=1e6,
                    ),
                    (
                        "P_coalesced (GB/s)",
                        "Practical bandwidth of sequential (coalesced) accesses",
                        &mut g.p_coalesced_gbs,
                        0.1..=1e5,
                    ),
                    (
                        "P_uncoalesced (GB/s)",
                        "Practical bandwidth of scattered (uncoalesced) accesses",
                        &mut g.p_uncoalesced_gbs,
                        0.01..=1e4,
                    ),
                    (
                        "B_bus (GB/s)",
                        "Practical host-accelerator bus bandwidth (transfer t0)",
                        &mut g.b_bus_gbs,
                        0.1..=1e4,
                    ),
                ];
                rows_ui(ui, kind, rows);
            }
            Machine::Cpu(c) => cpu_params_ui(ui, c),
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

/// Where the values come from: a tag per parameter (the citation or rule
/// on hover), and "edited" once a slider moved them.
fn sources_ui(ui: &mut Ui, p: &ProcessorState) {
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

/// Slider rows whose unit is the part of the label in parentheses.
fn rows_ui<const N: usize>(ui: &mut Ui, kind: &str, rows: [(&str, &str, &mut f64, Range); N]) {
    for (label, tip, v, range) in rows {
        let unit = label
            .split_once('(')
            .map_or("", |(_, u)| u.trim_end_matches(')'));
        value_row_ui(ui, label, &format!("{kind}: {tip}"), v, range, unit);
    }
}

/// The CPU's rates, thread count and vector width.
fn cpu_params_ui(ui: &mut Ui, c: &mut Cpu) {
    rows_ui(
        ui,
        "CPU",
        [
            (
                "P_compute (GFLOP/s)",
                "peak compute rate",
                &mut c.p_compute_gflops,
                0.1..=1e5,
            ),
            (
                "P_memory (GB/s)",
                "practical memory bandwidth (STREAM)",
                &mut c.p_memory_gbs,
                0.1..=1e4,
            ),
        ],
    );
    let mut n = f64::from(c.n_threads);
    if value_row_ui(
        ui,
        "N_threads (threads)",
        "CPU: simultaneous hardware threads",
        &mut n,
        1.0..=1024.0,
        "threads",
    ) {
        c.n_threads = n.round().clamp(1.0, f64::from(u32::MAX)) as u32;
    }
    let mut w = f64::from(c.w_vector_bits);
    if value_row_ui(
        ui,
        "W_vector (bits)",
        "CPU: vector register width; 32-bit lanes = W_vector / 32",
        &mut w,
        32.0..=2048.0,
        "bits",
    ) {
        c.w_vector_bits = ((w / 32.0).round().max(1.0) * 32.0).min(f64::from(u32::MAX)) as u32;
    }
}

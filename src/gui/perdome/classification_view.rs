//! Classification view: machine balances and energy gradients, the P-Paw
//! and E-Paw categories with their guidelines, the optimum partitions and
//! the reference partitions (p-DP, CPU-only, GPU-only).

use eframe::egui;
use eframe::egui::{Grid, RichText, Ui};

use hetscope_figure::perdome::subtitle;
use hetscope_model::format::{fmt_intensity, fmt_num};
use hetscope_model::perdome::{Analysis, Classification, Optima, WpEval};

/// A percentage with sign, never `NaN`.
fn pct(v: f64) -> String {
    if v.is_finite() {
        format!("{:+.2}%", 100.0 * v)
    } else {
        "n/a".into()
    }
}

fn row_ui(ui: &mut Ui, cells: &[String]) {
    for c in cells {
        ui.label(c);
    }
    ui.end_row();
}

fn header_ui(ui: &mut Ui, cells: &[&str]) {
    for c in cells {
        ui.label(RichText::new(*c).strong());
    }
    ui.end_row();
}

/// The classification of one platform, or of two one under the other
/// (their tables keep every column in sight), scrolled down.
pub fn classifications_ui(ui: &mut Ui, a: &Analysis, b: Option<&Analysis>) {
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.push_id("first", |ui| classification_ui(ui, a));
        if let Some(b) = b {
            ui.add_space(12.0);
            ui.separator();
            ui.push_id("second", |ui| classification_ui(ui, b));
        }
    });
}

fn classification_ui(ui: &mut Ui, a: &Analysis) {
    ui.vertical(|ui| {
        ui.heading("Platform classification (PeaPaw)");
        ui.weak(subtitle(a));
        ui.add_space(6.0);
        balances_ui(ui, &a.classification);
        ui.add_space(8.0);
        categories_ui(ui, &a.classification);
        ui.add_space(8.0);
        optima_ui(ui, &a.optima);
        ui.add_space(8.0);
        references_ui(ui, &a.optima);
        ui.add_space(8.0);
        energy_best_dp_ui(ui, &a.optima);
        partitions_ui(ui, a);
    });
}

/// Machine balances and energy gradients (PeaPaw Eq. 27-29).
fn balances_ui(ui: &mut Ui, c: &Classification) {
    ui.strong("Balances and energy gradients");
    Grid::new("class_numbers")
        .num_columns(3)
        .striped(true)
        .spacing([16.0, 4.0])
        .show(ui, |ui| {
            row_ui(
                ui,
                &[
                    "BL_C".into(),
                    format!("{} flop/byte", fmt_num(c.bl_c)),
                    "t_bC / t_fC, CPU machine balance".into(),
                ],
            );
            row_ui(
                ui,
                &[
                    "BL_G".into(),
                    format!("{} flop/byte", fmt_num(c.bl_g)),
                    "t_bG / t_fG, GPU machine balance".into(),
                ],
            );
            row_ui(
                ui,
                &[
                    "dGP_f".into(),
                    format!("{} pJ", fmt_num(c.dgp_f)),
                    "|e_fC - e_fG| - (p_sC + p_sG) t_fG".into(),
                ],
            );
            row_ui(
                ui,
                &[
                    "dGP_b".into(),
                    format!("{} pJ", fmt_num(c.dgp_b)),
                    "|e_bC - e_bG| - (p_sC + p_sG) t_bG".into(),
                ],
            );
        });
}

/// The P-Paw and E-Paw categories with their guidelines.
fn categories_ui(ui: &mut Ui, c: &Classification) {
    ui.strong(format!("P-Paw (performance): {}", c.p_paw.name()));
    ui.label(format!("Identifier: {}", c.p_paw.identifier()));
    ui.label(c.p_paw.guideline());

    ui.add_space(8.0);
    ui.strong(format!("E-Paw (energy): {}", c.e_paw.name()));
    ui.label(format!("Identifier: {}", c.e_paw.identifier()));
    ui.label(c.e_paw.guideline());
}

/// The best partitions the search found and their gain over p-DP.
fn optima_ui(ui: &mut Ui, o: &Optima) {
    ui.strong(format!(
        "Best partitions found for I = {} flop/byte",
        fmt_num(o.i)
    ));
    Grid::new("class_optima")
        .num_columns(5)
        .striped(true)
        .spacing([16.0, 4.0])
        .show(ui, |ui| {
            header_ui(
                ui,
                &[
                    "metric",
                    "I_C (flop/byte)",
                    "I_G (flop/byte)",
                    "value",
                    "gain over p-DP",
                ],
            );
            for (name, best, unit) in [
                ("performance", &o.best_performance, "GFLOP/s"),
                ("energy efficiency", &o.best_energy, "GFLOP/J"),
            ] {
                row_ui(
                    ui,
                    &[
                        name.into(),
                        fmt_intensity(best.eval.wp.i_c),
                        fmt_intensity(best.eval.wp.i_g),
                        format!("{} {unit}", fmt_num(best.value)),
                        pct(best.gain_over_pdp),
                    ],
                );
            }
        });
}

/// p-DP, CPU-only and GPU-only.
fn references_ui(ui: &mut Ui, o: &Optima) {
    ui.strong("Reference partitions");
    Grid::new("class_refs")
        .num_columns(5)
        .striped(true)
        .spacing([16.0, 4.0])
        .show(ui, |ui| {
            header_ui(
                ui,
                &[
                    "partition",
                    "I_C (flop/byte)",
                    "I_G (flop/byte)",
                    "performance",
                    "energy efficiency",
                ],
            );
            let refs: [(&str, &WpEval); 3] = [
                ("p-DP", &o.pdp),
                ("CPU-only", &o.cpu_only),
                ("GPU-only", &o.gpu_only),
            ];
            for (name, e) in refs {
                row_ui(
                    ui,
                    &[
                        name.into(),
                        fmt_intensity(e.wp.i_c),
                        fmt_intensity(e.wp.i_g),
                        format!("{} GFLOP/s", fmt_num(e.gflops)),
                        format!("{} GFLOP/J", fmt_num(e.gflop_per_joule)),
                    ],
                );
            }
        });
}

fn energy_best_dp_ui(ui: &mut Ui, o: &Optima) {
    let dp = &o.energy_best_dp;
    ui.strong("Energy-best data partition");
    ui.label(format!(
        "{}: {}% of the flops on the CPU, {} GFLOP/J ({} GFLOP/s)",
        dp.choice.name(),
        fmt_num(100.0 * dp.cpu_fraction),
        fmt_num(dp.eval.gflop_per_joule),
        fmt_num(dp.eval.gflops)
    ));
}

/// The workload's own partitions, when it has any.
fn partitions_ui(ui: &mut Ui, a: &Analysis) {
    if !a.partitions.is_empty() {
        ui.add_space(8.0);
        ui.strong("Workload partitions");
        Grid::new("class_parts")
            .num_columns(4)
            .striped(true)
            .spacing([16.0, 4.0])
            .show(ui, |ui| {
                header_ui(
                    ui,
                    &[
                        "partition",
                        "I_C, I_G (flop/byte)",
                        "performance",
                        "energy efficiency",
                    ],
                );
                for r in &a.partitions {
                    let q = &r.partition;
                    let (perf, energy) = match &r.result {
                        Ok(e) => (
                            format!("{} GFLOP/s", fmt_num(e.gflops)),
                            format!("{} GFLOP/J", fmt_num(e.gflop_per_joule)),
                        ),
                        Err(err) => (err.to_string(), String::new()),
                    };
                    row_ui(
                        ui,
                        &[
                            q.name.clone(),
                            format!("{}, {}", fmt_num(q.i_c), fmt_num(q.i_g)),
                            perf,
                            energy,
                        ],
                    );
                }
            });
    }
}

//! "Energy from measured runs" in the PerDome / PeaPaw side panel: a CSV
//! of measured runs loaded (the shipped H100 runs on a first start), e_f, e_b and p_s fitted to it (PeaPaw 6.2,
//! optionally with p_s held at the idle power), each run's residual, and
//! the fit applied to the CPU or the GPU, tagged `measured`.

use crate::gui::widgets::TypedCheck;
use eframe::egui::{self, DragValue, RichText, TextEdit, Ui};

use crate::gui::context::{Request, ViewContext};
use crate::gui::state::Tab;
use hetscope_core::perdome::{PerdomeScenario, PlatformState};
use hetscope_figure::View;
use hetscope_figure::perdome::energy_fit::{EnergyFitInput, Fits, model_energy, params_text};
use hetscope_model::format::{fmt_edit, fmt_num};
use hetscope_model::perdome::Side;
use hetscope_model::perdome::energy_fit::EnergyFit;

use hetscope_core::perdome::energy_runs::{
    EnergyRunsState, SHIPPED_RUNS, default_path, fit_detail, gpu_idle_w, shipped_runs,
};
use hetscope_model::platform::Source;

/// The collapsible section, opened where `open` asks it.
pub fn energy_fit_ui(
    ui: &mut Ui,
    state: &mut PerdomeScenario,
    open: bool,
    ctx: &mut ViewContext<'_>,
) {
    egui::CollapsingHeader::new("Energy from measured runs")
        .id_salt("energy-fit")
        .open(open.then_some(true))
        .show(ui, |ui| {
            ui.weak("e_f, e_b and p_s of one processor fitted to measured runs (PeaPaw 6.2). CSV columns: time_s, energy_j, n_flops, n_bytes.");
            file_row_ui(ui, &mut state.energy_runs, ctx);
            let idle = gpu_idle_w(&state.platform.chosen.id, ctx.catalog);
            idle_row_ui(ui, &mut state.energy_runs, idle);
            let input = state.energy_runs.input();
            if input.runs.is_empty() {
                ui.weak("No runs loaded.");
            } else {
                match input.fits() {
                    Ok(fits) => fits_ui(ui, &input, &fits, &mut state.platform, ctx),
                    Err(e) => {
                        ui.colored_label(ui.visuals().error_fg_color, e.to_string());
                    }
                }
            }
            if ui
                .button("Show the fit")
                .on_hover_text("Open the Energy fit view")
                .clicked()
            {
                ctx.requests
                    .push(Request::Open(Tab::Figure(View::EnergyFit)));
            }
        });
}

/// On a first start (no runs loaded, the path field still naming the
/// shipped runs), read the shipped H100 runs, so that the energy-fit view
/// opens with them fitted. Once a run of the window: runs a person did
/// not load stay unloaded.
pub fn load_shipped_once(tried: &mut bool, st: &mut EnergyRunsState, ctx: &mut ViewContext<'_>) {
    if std::mem::replace(tried, true) || st.loaded.is_some() {
        return;
    }
    let path = st.path.trim();
    if path.is_empty() || path != default_path() {
        return;
    }
    if let Err(e) = st.load() {
        ctx.status
            .error(format!("The shipped energy runs could not be read: {e}"));
    }
}

/// The energy-fit view without runs: what it needs and where to give it,
/// in place of empty axes.
pub fn no_runs_ui(ui: &mut Ui, st: &EnergyRunsState, open_loader: &mut bool) {
    ui.add_space(24.0);
    ui.heading("No measured runs loaded");
    ui.add_space(8.0);
    ui.label(
        "The energy fit finds e_f (pJ/flop), e_b (pJ/byte) and p_s (W) of one processor from \
         measured runs (PeaPaw 6.2). It needs a CSV file with one run a row and the columns \
         time_s (s), energy_j (J), n_flops and n_bytes.",
    );
    ui.label(
        "Open \"Energy from measured runs\" in the side panel, type the file's path and press Load.",
    );
    match shipped_runs() {
        Some(p) => ui.label(format!(
            "hetscope ships the runs of an H100 GPU: {} (type that path to see them).",
            p.display()
        )),
        None => ui.label(format!(
            "hetscope ships the runs of an H100 GPU as {SHIPPED_RUNS} in its source folder; it \
             is not found from here (neither the working folder {} nor the folders above the \
             program).",
            std::env::current_dir().map_or_else(|_| "?".into(), |d| d.display().to_string())
        )),
    };
    if !st.path.trim().is_empty() {
        ui.weak(format!("The path field holds {}.", st.path.trim()));
    }
    ui.add_space(8.0);
    if ui
        .button("Open the runs loader")
        .on_hover_text("Open \"Energy from measured runs\" in the side panel")
        .clicked()
    {
        *open_loader = true;
        ui.ctx().request_repaint();
    }
}

fn file_row_ui(ui: &mut Ui, st: &mut EnergyRunsState, ctx: &mut ViewContext<'_>) {
    ui.horizontal(|ui| {
        ui.add(
            TextEdit::singleline(&mut st.path)
                .desired_width(220.0)
                .hint_text("runs CSV"),
        )
        .accessible_name("Energy runs file")
        .on_hover_text("Path of a CSV of measured runs");
        if ui.button("Load").on_hover_text("Read the runs").clicked() {
            match st.load() {
                Ok(n) => ctx
                    .status
                    .info(format!("{n} energy runs read from {}", st.path.trim())),
                Err(e) => ctx.status.error(e),
            }
        }
    });
    if let Some(runs) = &st.loaded {
        let r = runs.data();
        ui.weak(format!("{} runs from {}", r.runs.len(), r.origin));
    }
}

/// The idle power p_s may be held at; where the platform's GPU spec
/// sheet gives the board's idle power, a button that holds p_s there.
fn idle_row_ui(ui: &mut Ui, st: &mut EnergyRunsState, gpu_idle: Option<(f64, Source)>) {
    ui.horizontal(|ui| {
        ui.checkbox(&mut st.fix_idle, "fix p_s at idle power [W]");
        let check = TypedCheck::new("energy fit idle power", 0.0..=f64::INFINITY, "W");
        let field = DragValue::new(&mut st.idle_w)
            .speed(0.25)
            .suffix(" W")
            .custom_formatter(|v, _| fmt_edit(v));
        ui.add_enabled(st.fix_idle, check.field(ui.ctx(), field))
            .accessible_name("Idle power (W)");
        check.note_ui(ui);
        if let Some((w, source)) = gpu_idle {
            let hint = format!(
                "Hold p_s at the idle power of the platform's GPU ({} W, {}): a board never \
                 draws less than doing nothing, and runs near full power leave a free fit's \
                 p_s unpinned.",
                fmt_edit(w),
                source.kind()
            );
            if ui
                .button(format!("GPU idle {} W", fmt_edit(w)))
                .on_hover_text(hint)
                .clicked()
            {
                (st.fix_idle, st.idle_w) = (true, w);
            }
        }
    });
}

/// The fitted values, the residual of each run, and the apply buttons.
fn fits_ui(
    ui: &mut Ui,
    input: &EnergyFitInput,
    fits: &Fits,
    platform: &mut PlatformState,
    ctx: &mut ViewContext<'_>,
) {
    let worst = |f: &EnergyFit| fmt_num(f.max_abs_residual() * 100.0);
    ui.label(format!("Free fit: {}", params_text(&fits.free)));
    ui.weak(format!("max |residual| {} %", worst(&fits.free)));
    if let Some(f) = &fits.fixed {
        ui.label(format!("p_s fixed: {}", params_text(f)));
        ui.weak(format!("max |residual| {} %", worst(f)));
    }
    let fit = fits.chosen();
    residuals_ui(ui, input, fit);
    let physical = [fit.e_f_pj, fit.e_b_pj, fit.p_s_w]
        .iter()
        .all(|v| v.is_finite() && *v >= 0.0);
    let which = if fits.fixed.is_some() {
        "the fit with p_s fixed"
    } else {
        "the free fit"
    };
    ui.horizontal(|ui| {
        for (side, text) in [(Side::Cpu, "Apply to CPU"), (Side::Gpu, "Apply to GPU")] {
            let tip = if physical {
                format!("Set e_f, e_b and p_s of the {} to {which}", side.name())
            } else {
                "A fitted value is negative: the runs cannot give these parameters".to_string()
            };
            let clicked = ui
                .add_enabled(physical, egui::Button::new(text))
                .on_hover_text(tip)
                .clicked();
            if clicked {
                platform.apply_energy_fit(side, fit, &fit_detail(input, fit));
                ctx.status
                    .info(format!("{} e_f, e_b and p_s set from {which}", side.name()));
            }
        }
    });
}

/// Each run: measured and modelled energy, relative residual.
fn residuals_ui(ui: &mut Ui, input: &EnergyFitInput, fit: &EnergyFit) {
    egui::CollapsingHeader::new("Residual per run")
        .id_salt("energy-fit-residuals")
        .show(ui, |ui| {
            egui::Grid::new("energy-fit-runs")
                .num_columns(4)
                .spacing([10.0, 2.0])
                .striped(true)
                .show(ui, |ui| {
                    for h in ["run", "measured (J)", "model (J)", "residual"] {
                        ui.label(RichText::new(h).strong());
                    }
                    ui.end_row();
                    for (k, r) in input.runs.iter().enumerate() {
                        let label = input.labels.get(k).map_or("", String::as_str);
                        ui.label(label);
                        ui.label(fmt_num(r.energy_j));
                        ui.label(fmt_num(model_energy(fit, r)));
                        let res = fit.residuals.get(k).copied().unwrap_or(f64::NAN);
                        ui.label(format!("{} %", fmt_num(res * 100.0)));
                        ui.end_row();
                    }
                });
        });
}

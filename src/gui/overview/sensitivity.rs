//! The "Sensitivity" view: which hardware parameter moves each result of
//! the first platform. The table is computed off the UI thread
//! ([`SensitivityCache`], one job at a time, the newest question wins);
//! the view draws the tornado chart of the chosen result (the overview's
//! figure), the parameters with a what-if comparison each, and the flip
//! points with a comparison just past each.

use crate::gui::widgets::TypedCheck;
use std::sync::Arc;

use eframe::egui::{self, RichText, Ui};

use super::OverviewUi;
use crate::gui::context::{Request, ViewContext};
use crate::gui::dialog::FileDialog;
use crate::gui::model_ui::{Editing, pick_file_for, spawn_quiet_for};
use hetscope_core::sensitivity::tornado::{Asked, result_key};
use hetscope_core::sensitivity::{Elasticity, ResultRow, Sensitivity, effect};
use hetscope_figure::ChartFigure;
use hetscope_model::format::{fmt_sig, fmt_tick};
use hetscope_preset::platform::what_if::{Scale, WhatIf};

/// The last table computed, the one under way, and what asks for them.
pub struct SensitivityCache {
    done: Option<(Asked, Result<Arc<Sensitivity>, String>)>,
    running: Option<Asked>,
    /// Bumped when a table arrives (the overview's input is made again).
    pub generation: u64,
    /// The factor of the parameters' what-if buttons.
    pub factor: f64,
}

impl Default for SensitivityCache {
    fn default() -> Self {
        SensitivityCache {
            done: None,
            running: None,
            generation: 0,
            factor: 2.0,
        }
    }
}

impl SensitivityCache {
    /// The table of exactly `asked`, if computed.
    pub fn table(&self, asked: &Asked) -> Option<Arc<Sensitivity>> {
        match &self.done {
            Some((a, Ok(s))) if a == asked => Some(s.clone()),
            _ => None,
        }
    }

    /// A table of the platform `asked` names, whatever its step and flip
    /// search (the overview's sentences read any), or why there is none;
    /// `None` while it is to come.
    pub fn of_platform(&self, asked: &Asked) -> Option<Result<Arc<Sensitivity>, String>> {
        let same = |a: &Asked| {
            Asked {
                step: asked.step,
                flips: asked.flips,
                ..a.clone()
            } == *asked
        };
        match &self.done {
            Some((a, r)) if same(a) => Some(r.clone()),
            _ => None,
        }
    }

    /// Why `asked` has no table, if it failed.
    fn error(&self, asked: &Asked) -> Option<&str> {
        match &self.done {
            Some((a, Err(e))) if a == asked => Some(e),
            _ => None,
        }
    }

    pub fn running(&self) -> bool {
        self.running.is_some()
    }

    /// Start computing `asked` unless it is computed or under way (one
    /// job at a time: a newer question waits for the current one), and
    /// not while a pointer button is held (a slider being dragged asks
    /// once it is let go).
    pub fn request(&mut self, asked: Asked, ctx: &mut ViewContext<'_>, ui: &Ui) {
        let have = self.done.as_ref().is_some_and(|(a, _)| *a == asked);
        if have || self.running.is_some() || ui.input(|i| i.pointer.any_down()) {
            return;
        }
        let question = asked.clone();
        let work = move || {
            question
                .compute(hetscope_core::builtin::catalog())
                .map(Arc::new)
                .map_err(|e| e.to_string())
        };
        let answered = asked.clone();
        let apply = move |m: &mut Editing<'_, OverviewUi>, r, _: &mut ViewContext<'_>| {
            let c = &mut m.ui.sensitivity;
            c.running = None;
            c.done = Some((answered, r));
            c.generation += 1;
        };
        match spawn_quiet_for::<OverviewUi, _>(ctx.jobs, ui.ctx(), "sensitivity", work, apply) {
            Ok(()) => self.running = Some(asked),
            Err(e) => ctx.status.error(e),
        }
    }
}

/// The view: its controls, the chart, the parameters and the flip points.
pub fn sensitivity_view_ui(
    ui: &mut Ui,
    m: &mut Editing<'_, OverviewUi>,
    fig: &ChartFigure,
    ctx: &mut ViewContext<'_>,
) {
    let asked = Asked::of(m.state);
    m.ui.sensitivity.request(asked.clone(), ctx, ui);
    let table = m.ui.sensitivity.table(&asked);
    controls_ui(ui, m, table.as_deref(), &asked);
    let viewport = ui.available_height();
    egui::ScrollArea::vertical()
        .id_salt("sensitivity")
        .show(ui, |ui| {
            let height = (viewport * 0.66).max(480.0);
            crate::gui::chart_view::chart_with_height_ui(ui, fig, height);
            if let Some(s) = table.as_deref() {
                let key = s.chosen_key(&m.state.sensitivity.result);
                if let Ok(row) = s.row(&key) {
                    params_ui(ui, m, s, row, ctx);
                    flips_ui(ui, m, s, row, ctx);
                }
            }
        });
}

/// The result picker, the step, the flip search and what is under way.
fn controls_ui(
    ui: &mut Ui,
    m: &mut Editing<'_, OverviewUi>,
    table: Option<&Sensitivity>,
    asked: &Asked,
) {
    let choice = &mut m.state.sensitivity;
    ui.horizontal_wrapped(|ui| {
        ui.label("Result");
        let chosen = table.map(|s| s.chosen_key(&choice.result));
        let shown = table
            .zip(chosen.as_deref())
            .and_then(|(s, k)| s.row(k).ok())
            .map_or(choice.result.clone(), |r| r.headline.label.clone());
        egui::ComboBox::from_id_salt("sensitivity-result")
            .selected_text(shown)
            .width(360.0)
            .show_ui(ui, |ui| {
                for r in table.map_or(&[][..], |s| &s.results[..]) {
                    let key = result_key(r);
                    let text = format!("{} ({} {})", r.headline.label, fmt_sig(r.headline.value), r.headline.unit);
                    ui.selectable_value(&mut choice.result, key, text);
                }
            })
            .response
            .on_hover_text("The headline result whose tornado chart is drawn");
        let mut pct = choice.step * 100.0;
        ui.label("Step");
        let check = TypedCheck::new("sensitivity step", 0.1..=20.0, "%");
        let field = egui::DragValue::new(&mut pct).speed(0.1).suffix(" %");
        let step = ui
            .add(check.field(ui.ctx(), field))
            .on_hover_text("Each parameter raised and lowered by this much (a count by one), 0.1 to 20 %");
        if step.changed() {
            choice.step = pct / 100.0;
        }
        check.note_ui(ui);
        ui.checkbox(&mut choice.flips, "Flip points")
            .on_hover_text("Search where each decision flips within a tenth to ten times each parameter (about a second)");
    });
    let cache = &m.ui.sensitivity;
    if cache.running() {
        // Words, not a spinner: the window repaints when the table comes.
        ui.label("Computing every model's results with each parameter moved…");
    } else if let Some(e) = cache.error(asked) {
        ui.colored_label(ui.visuals().error_fg_color, e);
    }
}

/// The chosen result's elasticity to each parameter, with a what-if
/// comparison of the platform with that parameter scaled: the parameters
/// that move it, then (closed at first) those that do not.
fn params_ui(
    ui: &mut Ui,
    m: &mut Editing<'_, OverviewUi>,
    s: &Sensitivity,
    row: &ResultRow,
    ctx: &mut ViewContext<'_>,
) {
    ui.add_space(6.0);
    ui.horizontal(|ui| {
        ui.label(RichText::new("Parameters").strong());
        ui.label("what if one were");
        let check = TypedCheck::new("sensitivity factor", 0.1..=10.0, "");
        let field = egui::DragValue::new(&mut m.ui.sensitivity.factor)
            .speed(0.05)
            .prefix("× ");
        ui.add(check.field(ui.ctx(), field))
            .on_hover_text("The factor of the Compare buttons, 0.1 to 10");
        check.note_ui(ui);
        let pinned = "This platform with its offload copies from page-locked memory, as the \
                      platform to compare with";
        if ui
            .button("Compare with pinned copies")
            .on_hover_text(pinned)
            .clicked()
        {
            compare(&m.state.platform, Vec::new(), true, ctx);
        }
        save_what_if_ui(ui, m, ctx);
    });
    let (moved, still): (Vec<_>, Vec<_>) = row.ranked().into_iter().partition(|e| effect(e) > 0.0);
    let base = m.state.platform.clone();
    let factor = m.ui.sensitivity.factor;
    param_rows_ui(ui, "sensitivity-moved", &moved, (s, &base, factor), ctx);
    egui::CollapsingHeader::new(format!("Parameters without effect ({})", still.len()))
        .id_salt("sensitivity-still")
        .show(ui, |ui| {
            param_rows_ui(
                ui,
                "sensitivity-still-rows",
                &still,
                (s, &base, factor),
                ctx,
            );
        });
}

/// One row per parameter: name, value, both elasticities (the exact
/// numbers on hover) and its Compare button.
fn param_rows_ui(
    ui: &mut Ui,
    id: &str,
    rows: &[&Elasticity],
    (s, base, factor): (&Sensitivity, &str, f64),
    ctx: &mut ViewContext<'_>,
) {
    egui::Grid::new(id)
        .striped(true)
        .num_columns(5)
        .show(ui, |ui| {
            for h in ["Parameter", "Value", "Raised: %/%", "Lowered: %/%", ""] {
                ui.label(RichText::new(h).strong());
            }
            ui.end_row();
            for &&(i, up, down) in rows {
                let k = &s.knobs[i];
                ui.label(k.title()).on_hover_text(k.key());
                ui.label(format!("{} {}", fmt_tick(k.value), k.unit));
                for (e, sign) in [(up, 1.0), (down, -1.0)] {
                    let text = e.map_or("n/a".into(), |e| fmt_tick(sign * e));
                    ui.label(text).on_hover_ui(|ui| {
                        ui.label(e.map_or("the changed platform gives no value".into(), |e| {
                            format!(
                                "elasticity {e:e}: the result moves {} % per % of the parameter",
                                fmt_sig(sign * e)
                            )
                        }));
                    });
                }
                let button = ui.small_button(format!("Compare × {}", fmt_tick(factor)));
                let button = button.on_hover_ui(|ui| {
                    let what = format!("{} × {}", k.title(), fmt_tick(factor));
                    ui.label(format!("Compare with this platform with its {what}"));
                });
                if button.clicked() {
                    let scale = Scale {
                        key: k.key(),
                        factor,
                    };
                    compare(base, vec![scale], false, ctx);
                }
                ui.end_row();
            }
        });
}

/// The flip points of the decisions the result is about, each with a
/// comparison just past it.
fn flips_ui(
    ui: &mut Ui,
    m: &mut Editing<'_, OverviewUi>,
    s: &Sensitivity,
    row: &ResultRow,
    ctx: &mut ViewContext<'_>,
) {
    ui.add_space(6.0);
    ui.label(RichText::new("Flip points").strong());
    if !m.state.sensitivity.flips {
        ui.label(RichText::new("Not searched: tick Flip points above.").weak());
        return;
    }
    let flips = s.flips_of(row);
    if flips.is_empty() {
        ui.label(
            RichText::new(
                "No decision of this result flips within a tenth to ten times any parameter.",
            )
            .weak(),
        );
        return;
    }
    egui::Grid::new("sensitivity-flips")
        .striped(true)
        .num_columns(5)
        .show(ui, |ui| {
            for h in ["Decision", "Parameter", "Flips at", "× its value", ""] {
                ui.label(RichText::new(h).strong());
            }
            ui.end_row();
            for f in flips {
                let k = &s.knobs[f.param];
                ui.label(&f.decision.label).on_hover_ui(|ui| {
                    ui.label(s.flip_sentence(f));
                });
                ui.label(k.title());
                let at = ui.label(format!("{} {}", fmt_sig(f.value), k.unit));
                at.on_hover_ui(|ui| {
                    let (lo, hi) = (fmt_sig(f.below), fmt_sig(f.above));
                    ui.label(format!(
                        "{} at {lo} {}, {} at {hi} {}",
                        f.from, k.unit, f.to, k.unit
                    ));
                });
                let ratio = f.value / k.value;
                ui.label(fmt_sig(ratio));
                // Just past the flip, on the side the platform is not.
                let past = if ratio > 1.0 {
                    f.above * 1.02
                } else {
                    f.below / 1.02
                } / k.value;
                let side = if ratio > 1.0 { &f.to } else { &f.from };
                let button = ui.small_button("Compare past it").on_hover_ui(|ui| {
                    ui.label(format!(
                        "Compare with {} × {}: {side}",
                        k.title(),
                        fmt_tick(past)
                    ));
                });
                if button.clicked() {
                    let scale = Scale {
                        key: k.key(),
                        factor: past,
                    };
                    compare(&m.state.platform, vec![scale], false, ctx);
                }
                ui.end_row();
            }
        });
}

/// "Save what-if platform…" where the platform compared with is one: a
/// platform file with its changes in its sources.
fn save_what_if_ui(ui: &mut Ui, m: &mut Editing<'_, OverviewUi>, ctx: &mut ViewContext<'_>) {
    let Some(key) = m.state.platform2.clone() else {
        return;
    };
    if WhatIf::parse(&key).is_none_or(|w| w.is_err()) {
        return;
    }
    let hover = format!("Write the platform compared with ({key}) as a platform file");
    if !ui
        .button("Save what-if platform…")
        .on_hover_text(hover)
        .clicked()
    {
        return;
    }
    let dialog = FileDialog::save(
        "Save what-if platform",
        ("RON platform", "ron"),
        "what-if.ron".into(),
    );
    let picked = pick_file_for::<OverviewUi>(ctx.jobs, ui.ctx(), dialog, move |_, path, vc| {
        let saved = hetscope_preset::platform::platform_choice(&key, vc.catalog)
            .and_then(|c| hetscope_preset::platform::save_platform(&path, &c.preset).map(|()| c));
        match saved {
            Ok(c) => vc
                .status
                .info(format!("Saved {} as {}", c.preset.name, path.display())),
            Err(e) => vc.status.error(e),
        }
    });
    if let Err(e) = picked {
        ctx.status.error(e);
    }
}

/// Ask the window to compare every model with the what-if platform.
fn compare(base: &str, scales: Vec<Scale>, pinned: bool, ctx: &mut ViewContext<'_>) {
    let w = WhatIf {
        base: base.to_string(),
        scales,
        pinned,
    };
    ctx.requests.push(Request::CompareWith(Some(w.key())));
}

//! Partition comparison view: per panel (GFLOP/s, GFLOP/J) a bar chart of
//! the model value and the measurement of each partition, with the notes
//! and the footnote (tightness and ranking) underneath.

use eframe::egui;
use eframe::egui::{Color32, Ui};
use egui_plot::{Bar, BarChart, GridMark, Legend, Plot, PlotPoint, PlotUi, Text};

use crate::gui::chart_view::axes::{log_label, log_marks};
use hetscope_figure::{CompareFigure, ComparePanel};
use hetscope_model::format::fmt_num;

const MODEL: Color32 = Color32::from_rgb(70, 130, 180);
const MEASURED: Color32 = Color32::from_rgb(230, 140, 40);

pub fn compare_ui(ui: &mut Ui, fig: &CompareFigure) {
    ui.heading(&fig.title);
    ui.weak(&fig.subtitle);
    ui.add_space(4.0);
    let n = fig.panels.len().max(1);
    let height = (ui.available_height() * 0.62).max(180.0);
    ui.columns(n, |cols| {
        for (k, (col, p)) in cols.iter_mut().zip(&fig.panels).enumerate() {
            panel_ui(col, k, p, fig.log_scale, height);
        }
    });
}

/// A bar label short enough for the axis.
fn short(label: &str) -> String {
    let mut s: String = label.chars().take(14).collect();
    if label.chars().count() > 14 {
        s.push('…');
    }
    s
}

/// Where a value sits on the value axis: itself, or its log10 on a log
/// axis (a value of 0 or less at the bottom).
fn axis_pos(v: f64, log: Option<f64>) -> f64 {
    match log {
        Some(_) if v > 0.0 => v.log10(),
        Some(bottom) => bottom,
        None => v,
    }
}

fn panel_ui(ui: &mut Ui, k: usize, p: &ComparePanel, log: bool, height: f32) {
    let scale = if log { ", log scale" } else { "" };
    ui.strong(format!("{} ({}{scale})", p.title, p.unit));
    let labels: Vec<String> = p.bars.iter().map(|b| short(&b.label)).collect();
    let n = p.bars.len();
    let (lo, hi) = p.log_range();
    // On a log axis bars rise from the bottom decade.
    let log_bottom = log.then(|| lo.log10());
    let bars = |pick: fn(&hetscope_figure::CompareBar) -> Option<f64>,
                dx: f64,
                fill: Color32|
     -> Vec<Bar> {
        p.bars
            .iter()
            .enumerate()
            .filter_map(|(i, b)| {
                pick(b).filter(|v| v.is_finite()).map(|v| {
                    let base = log_bottom.unwrap_or(0.0);
                    Bar::new(i as f64 + dx, axis_pos(v, log_bottom) - base)
                        .base_offset(base)
                        .width(0.38)
                        .name(&b.label)
                        .fill(fill)
                        .stroke(egui::Stroke::new(1.0, fill.gamma_multiply(0.7)))
                })
            })
            .collect()
    };
    let model = bars(|b| b.model, -0.2, MODEL);
    let measured = bars(|b| b.measured, 0.2, MEASURED);
    let (bottom, top) = match log_bottom {
        Some(b) => (b, hi.log10() + 0.1),
        None => (0.0, p.max_value().max(f64::MIN_POSITIVE) * 1.15),
    };
    let mut plot = Plot::new(("compare_plot", k))
        .height(height)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .include_y(bottom)
        .include_y(top)
        .include_x(-0.6)
        .include_x(n as f64 - 0.4)
        .y_axis_label(p.unit.clone())
        .x_grid_spacer(move |_| {
            (0..n)
                .map(|i| GridMark {
                    value: i as f64,
                    step_size: 1.0,
                })
                .collect()
        })
        .x_axis_formatter(move |mark, _| {
            let i = mark.value.round();
            if (mark.value - i).abs() < 1e-6 && i >= 0.0 {
                labels.get(i as usize).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        })
        .legend(Legend::default());
    if log {
        plot = plot
            .y_grid_spacer(log_marks)
            .y_axis_formatter(|mark, _| log_label(mark.value));
    }
    plot.show(ui, |pui| bar_items(pui, &model, &measured, &p.unit, log));
    ui.add_space(4.0);
    ui.label(&p.footnote);
    for b in &p.bars {
        if !b.note.is_empty() {
            ui.weak(format!("{}: {}", b.label, b.note));
        } else if b.model.is_none() {
            ui.weak(format!("{}: no model value", b.label));
        }
    }
}

/// The model and measured bars with their values above them.
fn bar_items(pui: &mut PlotUi<'_>, model: &[Bar], measured: &[Bar], unit: &str, log: bool) {
    let (unit, unit2) = (unit.to_string(), unit.to_string());
    // The value a bar stands for (its top is a log10 on a log axis).
    let real = move |b: &Bar| {
        let top = b.value + b.base_offset.unwrap_or(0.0);
        if log { 10f64.powf(top) } else { top }
    };
    for b in model.iter().chain(measured.iter()) {
        let top = b.value + b.base_offset.unwrap_or(0.0);
        pui.text(
            Text::new("", PlotPoint::new(b.argument, top), fmt_num(real(b)))
                .anchor(egui::Align2::CENTER_BOTTOM)
                .allow_hover(false),
        );
    }
    pui.bar_chart(
        BarChart::new("model", model.to_vec())
            .color(MODEL)
            .element_formatter(Box::new(move |bar, _| {
                format!("{}\nmodel: {} {unit}", bar.name, fmt_num(real(bar)))
            })),
    );
    if !measured.is_empty() {
        pui.bar_chart(
            BarChart::new("measured", measured.to_vec())
                .color(MEASURED)
                .element_formatter(Box::new(move |bar, _| {
                    format!("{}\nmeasured: {} {unit2}", bar.name, fmt_num(real(bar)))
                })),
        );
    }
}

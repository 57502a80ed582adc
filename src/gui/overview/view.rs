//! The overview's central area: one card per model with its verdict and
//! a button that opens the model's view, then the figure.

use eframe::egui::{self, RichText, Ui};

use crate::figure::ChartFigure;
use crate::figure::View;
use crate::figure::overview::{Overview, Verdicts};
use crate::gui::context::{Request, ViewContext};
use crate::gui::state::Tab;

/// Each card: its title, the view it opens, and its sentences.
fn cards(v: &Verdicts) -> [(&'static str, View, Vec<String>); 4] {
    [
        (
            "How to split the work (PerDome / PeaPaw)",
            View::PerdomeHeatmap,
            vec![v.perdome.sentence(), v.perdome.energy_sentence()],
        ),
        (
            "Where the GPU starts to win (boat hull)",
            View::BoathullCompare,
            vec![v.boathull.sentence()],
        ),
        (
            "What to offload (offload decision)",
            View::OffloadSuite,
            vec![v.offload.sentence()],
        ),
        (
            "How to partition a problem (FPM)",
            View::FpmTimes,
            vec![v.fpm.sentence()],
        ),
    ]
}

/// One platform's cards; `id` is its preset id, which an Open button
/// makes every model's platform before showing the view.
fn column_ui(ui: &mut Ui, (id, name): (&str, &str), v: &Verdicts, ctx: &mut ViewContext<'_>) {
    ui.label(RichText::new(name).strong());
    for (title, view, sentences) in cards(v) {
        ui.group(|ui| {
            ui.horizontal(|ui| {
                ui.label(RichText::new(title).strong());
                if ui
                    .small_button(format!("Open {}", view.title()))
                    .on_hover_text(format!(
                        "Show the {title} view with the platform chosen at the top"
                    ))
                    .clicked()
                {
                    ctx.requests.push(Request::UsePlatform(id.to_string()));
                    ctx.requests.push(Request::Open(Tab::Figure(view)));
                }
            });
            for s in sentences {
                ui.label(s);
            }
        });
    }
}

pub fn overview_view_ui(
    ui: &mut Ui,
    names: ((&str, &str), Option<(&str, &str)>),
    o: &Overview,
    fig: &ChartFigure,
    ctx: &mut ViewContext<'_>,
) {
    egui::Panel::top("overview_verdicts")
        .resizable(true)
        .default_size(300.0)
        .show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| match (&o.second, names.1) {
                (Some(v2), Some(n2)) => {
                    ui.columns(2, |cols| {
                        column_ui(&mut cols[0], names.0, &o.first, ctx);
                        column_ui(&mut cols[1], n2, v2, ctx);
                    });
                    ui.separator();
                    ui.label(RichText::new("What changed").strong());
                    for d in o.differences() {
                        ui.label(d);
                    }
                }
                _ => column_ui(ui, names.0, &o.first, ctx),
            });
        });
    crate::gui::chart_view::chart_ui(ui, fig);
}

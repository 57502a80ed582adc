//! The overview's central area: one card per model with its verdict and
//! a button that opens the model's view, then the figure.

use eframe::egui::{self, RichText, Ui};

use super::OverviewComputed;
use crate::gui::context::{Request, ViewContext};
use crate::gui::state::Tab;
use hetscope_core::sensitivity::Sensitivity;
use hetscope_figure::ChartFigure;
use hetscope_figure::View;

/// The cards: title, the view each opens, and which of the verdicts'
/// five sentences ([`hetscope_figure::overview::Verdicts::sentences`]) it
/// shows.
const CARDS: [(&str, View, std::ops::Range<usize>); 4] = [
    (
        "How to split the work (PerDome / PeaPaw)",
        View::PerdomeHeatmap,
        0..2,
    ),
    (
        "Where the GPU starts to win (boat hull)",
        View::BoathullCompare,
        2..3,
    ),
    (
        "What to offload (offload decision)",
        View::OffloadSuite,
        3..4,
    ),
    ("How to partition a problem (FPM)", View::FpmTimes, 4..5),
];

/// One platform's cards; `id` is its preset id, which an Open button
/// makes every model's platform before showing the view.
fn column_ui(
    ui: &mut Ui,
    (id, name): (&str, &str),
    texts: &[String; 5],
    ctx: &mut ViewContext<'_>,
) {
    ui.label(RichText::new(name).strong());
    for (title, view, range) in CARDS {
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
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
            for s in &texts[range] {
                ui.label(s);
            }
        });
    }
}

/// The cards of each platform (side by side for two) and what changed,
/// then the figure, in one scroll area: the five verdicts are on the first
/// screen, the charts under them at a height where their bars can be read.
pub fn overview_view_ui(
    ui: &mut Ui,
    c: &OverviewComputed,
    fig: &ChartFigure,
    leaders: Option<Result<&Sensitivity, &str>>,
    ctx: &mut ViewContext<'_>,
) {
    let first = (c.input.first.id.as_str(), c.input.first.name.as_str());
    let viewport = ui.available_height();
    egui::ScrollArea::vertical()
        .id_salt("overview")
        .show(ui, |ui| {
            match (&c.input.second, c.texts.get(1)) {
                (Some(p2), Some(t2)) => {
                    ui.columns(2, |cols| {
                        column_ui(&mut cols[0], first, &c.texts[0], ctx);
                        column_ui(&mut cols[1], (&p2.id, &p2.name), t2, ctx);
                    });
                    ui.label(RichText::new("What changed").strong());
                    for d in &c.differences {
                        ui.label(d);
                    }
                }
                _ => column_ui(ui, first, &c.texts[0], ctx),
            }
            leaders_ui(ui, &c.input.first.name, leaders, ctx);
            ui.add_space(6.0);
            // The charts fill a screen, two rows of at least 300 px.
            let height = (viewport - 8.0).max(300.0 * fig.rows().len() as f32);
            crate::gui::chart_view::chart_with_height_ui(ui, fig, height);
        });
}

/// Which parameter each model's answer follows on the first platform
/// (computed off the UI thread once the platform settles), with a button
/// to the sensitivity view.
fn leaders_ui(
    ui: &mut Ui,
    name: &str,
    s: Option<Result<&Sensitivity, &str>>,
    ctx: &mut ViewContext<'_>,
) {
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal(|ui| {
            ui.label(RichText::new(format!("Which parameter matters on {name}")).strong());
            if ui
                .small_button("Open Sensitivity")
                .on_hover_text(
                    "Every result's elasticity to every parameter, flip points, what-if platforms",
                )
                .clicked()
            {
                ctx.requests
                    .push(Request::Open(Tab::Figure(View::Sensitivity)));
            }
        });
        match s {
            Some(Ok(s)) => {
                for (_, sentence) in s.leaders() {
                    ui.label(sentence);
                }
            }
            Some(Err(e)) => {
                ui.label(RichText::new(e).weak());
            }
            None => {
                ui.label(RichText::new("Moving each parameter…").weak());
            }
        }
    });
}

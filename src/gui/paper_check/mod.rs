//! The "Paper check" tab: every number and category the five papers quote
//! beside hetscope's value (the rows of `paper_check`, the same that
//! `hetscope paper-check` prints and the paper tests read). A page of the
//! window of its own, not a model: the rows are computed once, the first
//! time the tab is shown, and filtered by paper and status.

mod view;

use eframe::egui::{self, RichText, Ui};

use super::state::Tab;
use hetscope_core::paper_check::{Paper, Row, Status, all_rows};

/// The tab's title, in the tab bar and as its heading.
pub const TITLE: &str = "Paper check";

/// The page: its rows (computed on first use) and its filters.
#[derive(Default)]
pub struct PaperCheckPage {
    rows: Option<Vec<Row>>,
    /// Only this paper's rows (all when none).
    pub paper: Option<Paper>,
    /// Only the rows with this status (all when none).
    pub status: Option<Status>,
}

impl PaperCheckPage {
    /// Every row, computed the first time they are asked for.
    pub fn rows(&mut self) -> &[Row] {
        self.rows.get_or_insert_with(all_rows)
    }

    /// The rows the filters let through.
    pub fn shown(&mut self) -> Vec<&Row> {
        let (paper, status) = (self.paper, self.status);
        self.rows()
            .iter()
            .filter(|r| paper.is_none_or(|p| r.paper == p))
            .filter(|r| status.is_none_or(|s| r.status == s))
            .collect()
    }

    /// The side panel: the filters and what the statuses mean.
    pub fn side_panel_ui(&mut self, ui: &mut Ui) {
        ui.heading(TITLE);
        ui.label(
            "Every number and category the five papers quote that hetscope computes, with \
             hetscope's value and the reading used.",
        );
        ui.add_space(8.0);
        filter_ui(ui, "Paper", &mut self.paper, &Paper::ALL, |p| p.title());
        filter_ui(ui, "Status", &mut self.status, &Status::ALL, |s| s.key());
        ui.add_space(8.0);
        ui.strong("Statuses");
        for (s, text) in [
            (
                Status::Reproduced,
                "within the paper's printed precision, the same category, or the claim holds",
            ),
            (
                Status::Differs,
                "hetscope computes another value; the reason says why",
            ),
            (Status::NotComputable, "needs data the paper does not print"),
        ] {
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    RichText::new(s.key())
                        .color(view::status_color(ui, s))
                        .strong(),
                );
                ui.label(text);
            });
        }
        ui.add_space(8.0);
        ui.weak("The same rows: hetscope paper-check --format table|json|csv");
    }

    /// The central area: the counts and the table.
    pub fn central_ui(&mut self, ui: &mut Ui) {
        let shown = self.shown();
        view::table_ui_of(ui, &shown);
    }
}

/// A combo box choosing one of `all` or none ("all").
fn filter_ui<T: Copy + PartialEq>(
    ui: &mut Ui,
    label: &str,
    value: &mut Option<T>,
    all: &[T],
    name: fn(T) -> &'static str,
) {
    egui::ComboBox::from_label(label)
        .selected_text(value.map_or("all", name))
        .show_ui(ui, |ui| {
            ui.selectable_value(value, None, "all");
            for v in all {
                ui.selectable_value(value, Some(*v), name(*v));
            }
        });
}

/// The page's button in the first row of the tab bar.
pub fn tab_button_ui(ui: &mut Ui, tab: &mut Tab) {
    let on = *tab == Tab::PaperCheck;
    let resp = ui
        .selectable_label(on, RichText::new(TITLE).strong())
        .on_hover_text("Which of the papers' numbers hetscope reproduces");
    if resp.clicked() {
        *tab = Tab::PaperCheck;
    }
}

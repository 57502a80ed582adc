//! One frame of the window: the menu bar, the platform and tab bars, the
//! side panel, the status line and export row, the view; then the edit
//! is recorded for undo, and the title follows the session.

use eframe::egui;

use super::HetscopeApp;
use super::menu::shortcut_actions;
use crate::gui::context::StatusKind;
use crate::gui::export_panel;
use crate::gui::platform_bar::platform_label;
use crate::gui::state::Tab;

impl HetscopeApp {
    fn status_line_ui(&self, ui: &mut egui::Ui) {
        ui.horizontal_wrapped(|ui| {
            let red = ui.visuals().error_fg_color;
            if let Some(e) = self.param_error() {
                ui.colored_label(red, e.to_string());
                ui.separator();
            }
            let (shown, changes_in) = self.status.shown(std::time::Instant::now());
            if let Some(d) = changes_in {
                ui.ctx().request_repaint_after(d);
            }
            match shown {
                Some((StatusKind::Error, s)) => {
                    ui.colored_label(red, s);
                }
                Some((StatusKind::Info, s)) => {
                    ui.label(s);
                }
                None => {
                    ui.weak("Ready.");
                }
            }
            if self.jobs.busy() {
                ui.spinner();
            }
        });
    }

    /// The platform picker, then the tab bar.
    fn bars_ui(&mut self, ui: &mut egui::Ui) {
        use crate::gui::platform_bar::{BarAction, platform_bar_ui};
        match platform_bar_ui(ui, &self.catalog, &self.session.platform) {
            Some(BarAction::Use(id)) => {
                self.use_platform(&id);
            }
            Some(BarAction::Reset) => {
                self.reset_platform();
            }
            Some(BarAction::Papers) => self.use_papers_presets(),
            None => {}
        }
        self.tab_bar_ui(ui);
    }

    /// The tab model `m`'s button opens: the view it last showed.
    pub(super) fn opening_tab(&self, m: hetscope_figure::ModelId) -> Tab {
        let tabs = self.tabs_of(m);
        let last = self.state.sub_views.get(m.key()).copied();
        last.filter(|t| tabs.contains(t))
            .or(tabs.first().copied())
            .unwrap_or_default()
    }

    /// Two rows: the models (and the paper check), then the tabs of the
    /// current model.
    fn tab_bar_ui(&mut self, ui: &mut egui::Ui) {
        let current = self.current();
        let page = self.session.tab == Tab::PaperCheck;
        if !page {
            // The model's tab opens on the view last shown.
            let key = current.key().to_string();
            self.state.sub_views.insert(key, self.session.tab);
        }
        ui.horizontal_wrapped(|ui| {
            for m in self.model_ids() {
                let title = m.title();
                let on = m == current && !page;
                let resp = ui
                    .selectable_label(on, egui::RichText::new(title).strong())
                    .on_hover_text(format!("Show the {title} views"));
                if resp.clicked() && !on {
                    self.session.tab = self.opening_tab(m);
                }
            }
            crate::gui::paper_check::tab_button_ui(ui, &mut self.session.tab);
        });
        ui.horizontal_wrapped(|ui| {
            for t in self.tabs_of(current).into_iter().filter(|_| !page) {
                ui.selectable_value(&mut self.session.tab, t, t.title());
            }
        });
    }

    /// On a tab that shows its paper's presets while the overview shows
    /// another platform: say so, with a button that puts every tab on
    /// the overview's platform.
    fn first_start_note_ui(&mut self, ui: &mut egui::Ui) {
        let model = self.current();
        if self.session.platform.is_some()
            || model == hetscope_figure::ModelId::Overview
            || self.session.tab == Tab::PaperCheck
        {
            return;
        }
        let overview = self.session.overview.platform.clone();
        let name = platform_label(&self.catalog, &overview);
        ui.horizontal_wrapped(|ui| {
            ui.label(
                egui::RichText::new(format!(
                    "This tab shows the {} paper's own presets; the overview shows {name}.",
                    model.title()
                ))
                .italics(),
            );
            if ui
                .button(format!("Use {name}"))
                .on_hover_text("Every tab on the overview's platform")
                .clicked()
            {
                self.use_platform(&overview);
            }
        });
        ui.separator();
    }

    /// "hetscope <version> - <platform> vs <platform 2>", and a star when
    /// the session has changes no file holds.
    pub fn window_title(&self) -> String {
        let label = |k: &str| platform_label(&self.catalog, k);
        let platform = match &self.session.platform {
            Some(k) => label(k),
            None => label(&self.session.overview.platform),
        };
        let mut title = format!("hetscope {} - {platform}", env!("CARGO_PKG_VERSION"));
        if let Some(p2) = &self.session.platform2 {
            title.push_str(&format!(" vs {}", label(p2)));
        }
        if self.unsaved() {
            title.push_str(" *");
        }
        title
    }

    fn update_title(&mut self, ctx: &egui::Context) {
        let title = self.window_title();
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }

    fn export_row_ui(&mut self, ui: &mut egui::Ui) {
        let ready = self.figure().is_some() && !self.busy();
        if let Some(ext) = export_panel::export_row_ui(ui, &mut self.state, ready) {
            self.start_export(ui.ctx(), ext, None);
        }
    }
}

impl eframe::App for HetscopeApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        if self.title.is_empty() {
            // The first frame: the saved theme (the tests' windows too).
            self.state.theme.apply(&ctx);
        }
        for done in self.jobs.poll() {
            self.handle_done(&ctx, done);
            ctx.request_repaint();
        }
        for action in shortcut_actions(&ctx) {
            self.act(&ctx, action);
        }
        self.take_dropped_files(&ctx);
        egui::Panel::top("menu_bar").show(ui, |ui| {
            if let Some(action) = self.menu_bar_ui(ui) {
                self.act(&ctx, action);
            }
        });
        // Before the side panel, so that the bars span the window and do
        // not move when a tab's side panel is wider.
        egui::Panel::top("tab_bar").show(ui, |ui| self.bars_ui(ui));
        egui::Panel::bottom("status_line").show(ui, |ui| self.status_line_ui(ui));
        egui::Panel::left("side_panel")
            .resizable(true)
            .default_size(410.0)
            .show(ui, |ui| {
                self.first_start_note_ui(ui);
                match self.session.tab {
                    Tab::PaperCheck => self.paper_check.side_panel_ui(ui),
                    _ => self
                        .with_current(|m, tab, session, vc| m.side_panel_ui(ui, tab, session, vc)),
                }
            });
        if self.session.tab.view().is_some() {
            egui::Panel::bottom("export_panel").show(ui, |ui| self.export_row_ui(ui));
        }
        // Once per frame, after every control of this frame and before the
        // figure is drawn; a change also repaints the status line.
        if self.refresh() {
            ctx.request_repaint();
        }
        egui::CentralPanel::default().show(ui, |ui| match self.session.tab {
            Tab::PaperCheck => self.paper_check.central_ui(ui),
            _ => self.with_current(|m, tab, session, vc| m.central_ui(ui, tab, session, vc)),
        });
        if self.handle_requests() {
            ctx.request_repaint();
        }
        self.path_prompt_ui(&ctx);
        if self.help.show(&ctx) {
            self.state.getting_started_done = true;
        }
        self.drop_hint_ui(&ctx);
        self.track_edits(&ctx);
        self.update_title(&ctx);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        self.save_to(storage);
    }
}

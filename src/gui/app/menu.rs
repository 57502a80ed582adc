//! The menu bar (File, Edit, View, Help) and the keyboard shortcuts: both
//! turn into an [`Action`] that one function carries out.

use std::path::PathBuf;

use eframe::egui::{self, Key, KeyboardShortcut, Modifiers, Ui};

use super::HetscopeApp;
use crate::gui::state::{Tab, ThemeChoice};

/// What a menu item or a shortcut asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    New,
    Open,
    OpenRecent(PathBuf),
    Save,
    SaveAs,
    Export,
    Undo,
    Redo,
    /// The n-th tab of the tab bar (0: the overview; the paper check last).
    ShowTab(usize),
    Theme(ThemeChoice),
    Help,
    About,
    Quit,
}

const fn cmd(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND, key)
}

const fn cmd_shift(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), key)
}

/// The shortcuts, the longer ones first (Ctrl+Shift+S before Ctrl+S).
const SHORTCUTS: [(KeyboardShortcut, Action); 9] = [
    (cmd_shift(Key::S), Action::SaveAs),
    (cmd_shift(Key::Z), Action::Redo),
    (cmd(Key::Y), Action::Redo),
    (cmd(Key::Z), Action::Undo),
    (cmd(Key::S), Action::Save),
    (cmd(Key::O), Action::Open),
    (cmd(Key::N), Action::New),
    (cmd(Key::E), Action::Export),
    (
        KeyboardShortcut::new(Modifiers::NONE, Key::F1),
        Action::Help,
    ),
];

const TAB_KEYS: [Key; 9] = [
    Key::Num1,
    Key::Num2,
    Key::Num3,
    Key::Num4,
    Key::Num5,
    Key::Num6,
    Key::Num7,
    Key::Num8,
    Key::Num9,
];

/// The actions of this frame's shortcuts. While a text field has the
/// keyboard, Ctrl+Z and the like are the field's own.
pub fn shortcut_actions(ctx: &egui::Context) -> Vec<Action> {
    if ctx.egui_wants_keyboard_input() {
        return Vec::new();
    }
    ctx.input_mut(|i| {
        let mut out: Vec<Action> = SHORTCUTS
            .iter()
            .filter(|(s, _)| i.consume_shortcut(s))
            .map(|(_, a)| a.clone())
            .collect();
        for (n, key) in TAB_KEYS.into_iter().enumerate() {
            if i.consume_shortcut(&cmd(key)) {
                out.push(Action::ShowTab(n));
            }
        }
        out
    })
}

/// The text a menu shows for the shortcut of `action`.
fn shortcut_text(ctx: &egui::Context, action: &Action) -> String {
    SHORTCUTS
        .iter()
        .find(|(_, a)| a == action)
        .map(|(s, _)| ctx.format_shortcut(s))
        .unwrap_or_default()
}

/// A menu item with its shortcut; the action when clicked.
fn item(ui: &mut Ui, text: &str, action: Action, enabled: bool) -> Option<Action> {
    let button = egui::Button::new(text).shortcut_text(shortcut_text(ui.ctx(), &action));
    ui.add_enabled(enabled, button).clicked().then_some(action)
}

impl HetscopeApp {
    /// The menu bar; the action of the item clicked, if one was.
    pub(super) fn menu_bar_ui(&mut self, ui: &mut Ui) -> Option<Action> {
        let mut chosen = None;
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                chosen = chosen.take().or(self.file_menu_ui(ui))
            });
            ui.menu_button("Edit", |ui| {
                chosen = chosen.take().or(self.edit_menu_ui(ui))
            });
            ui.menu_button("View", |ui| {
                chosen = chosen.take().or(self.view_menu_ui(ui))
            });
            ui.menu_button("Help", |ui| {
                chosen = chosen
                    .take()
                    .or(item(ui, "Help", Action::Help, true))
                    .or(item(ui, "About hetscope", Action::About, true));
            });
        });
        chosen
    }

    fn file_menu_ui(&mut self, ui: &mut Ui) -> Option<Action> {
        let ready = self.figure().is_some() && !self.busy();
        let mut a = item(ui, "New session", Action::New, true).or(item(
            ui,
            "Open session…",
            Action::Open,
            true,
        ));
        ui.menu_button("Open recent", |ui| {
            if self.state.recent.is_empty() {
                ui.weak("No session files yet");
            }
            for path in self.state.recent.clone() {
                let name = super::file_name(&path);
                if ui
                    .button(name)
                    .on_hover_text(path.display().to_string())
                    .clicked()
                {
                    a = Some(Action::OpenRecent(path));
                }
            }
        });
        ui.separator();
        a = a.or(item(ui, "Save session", Action::Save, true)).or(item(
            ui,
            "Save session as…",
            Action::SaveAs,
            true,
        ));
        ui.separator();
        a = a.or(item(ui, "Export view…", Action::Export, ready));
        ui.separator();
        a.or(item(ui, "Quit", Action::Quit, true))
    }

    fn edit_menu_ui(&mut self, ui: &mut Ui) -> Option<Action> {
        let undo = self
            .undo_label()
            .map_or("Undo".to_string(), |l| format!("Undo: {l}"));
        let redo = self
            .redo_label()
            .map_or("Redo".to_string(), |l| format!("Redo: {l}"));
        let can_undo = self.undo_label().is_some();
        let can_redo = self.redo_label().is_some();
        item(ui, &undo, Action::Undo, can_undo).or(item(ui, &redo, Action::Redo, can_redo))
    }

    fn view_menu_ui(&mut self, ui: &mut Ui) -> Option<Action> {
        let mut a = None;
        for (n, title) in self.tab_titles().into_iter().enumerate() {
            let key = TAB_KEYS.get(n).map(|k| ui.ctx().format_shortcut(&cmd(*k)));
            let button = egui::Button::new(title).shortcut_text(key.unwrap_or_default());
            if ui.add(button).clicked() {
                a = Some(Action::ShowTab(n));
            }
        }
        ui.separator();
        ui.label("Theme");
        for choice in ThemeChoice::ALL {
            let on = self.state.theme == choice;
            if ui.radio(on, choice.title()).clicked() {
                a = Some(Action::Theme(choice));
            }
        }
        a
    }

    /// The titles of the tab bar's tabs, in order.
    fn tab_titles(&self) -> Vec<&'static str> {
        let mut t: Vec<&'static str> = self.model_ids().iter().map(|m| m.title()).collect();
        t.push(Tab::PaperCheck.title());
        t
    }

    /// Carry out `action`.
    pub(super) fn act(&mut self, ctx: &egui::Context, action: Action) {
        match action {
            Action::New => self.new_session(),
            Action::Open => self.ask_session_file(ctx, false),
            Action::OpenRecent(path) => self.open_session_file(&path),
            Action::Save => match self.session_file.clone() {
                Some(path) => self.save_session_file(&path),
                None => self.ask_session_file(ctx, true),
            },
            Action::SaveAs => self.ask_session_file(ctx, true),
            Action::Export => {
                let ext = self.state.last_export_ext();
                self.start_export(ctx, ext, None);
            }
            Action::Undo => {
                self.undo();
            }
            Action::Redo => {
                self.redo();
            }
            Action::ShowTab(n) => self.show_tab_at(n),
            Action::Theme(choice) => {
                self.state.theme = choice;
                choice.apply(ctx);
            }
            Action::Help => self.help.help = true,
            Action::About => self.help.about = true,
            Action::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
        }
    }

    /// Show the n-th tab of the tab bar (on the view it last showed).
    pub fn show_tab_at(&mut self, n: usize) {
        let models = self.model_ids();
        match models.get(n) {
            Some(m) => self.session.tab = self.opening_tab(*m),
            None if n == models.len() => self.session.tab = Tab::PaperCheck,
            None => {}
        }
    }
}

//! The in-window file prompt, for desktops where no native dialog can be
//! shown (no xdg-desktop-portal: minimal window managers, remote X, WSL,
//! containers): a path field that completes folder and file names, with
//! the last folder used as the start.

use std::path::{Path, PathBuf};

use eframe::egui::{self, Key, RichText, TextEdit};

use super::dialog::PathRequest;

/// At most this many completions are listed.
const MAX_COMPLETIONS: usize = 12;

/// A file being asked for in the window.
pub struct PathPrompt {
    pub request: PathRequest,
    /// The path as typed.
    pub text: String,
    /// Why the last confirmation was refused.
    pub error: Option<PathProblem>,
}

/// How the prompt ended this frame.
pub enum PromptAnswer {
    Chosen(PathBuf),
    Cancelled,
}

impl PathPrompt {
    /// A prompt starting in `folder` (with the suggested name of a save).
    pub fn new(request: PathRequest, folder: Option<&Path>) -> PathPrompt {
        let folder = folder.map_or_else(|| PathBuf::from("."), Path::to_path_buf);
        let start = match &request.dialog.save_as {
            Some(name) => folder.join(name),
            None => folder,
        };
        let mut text = start.display().to_string();
        if request.dialog.save_as.is_none() && !text.ends_with(std::path::MAIN_SEPARATOR) {
            text.push(std::path::MAIN_SEPARATOR);
        }
        PathPrompt {
            request,
            text,
            error: None,
        }
    }

    /// The prompt as a window; the answer once the person confirms or
    /// cancels.
    pub fn prompt_ui(&mut self, ctx: &egui::Context) -> Option<PromptAnswer> {
        let mut answer = None;
        let dialog = &self.request.dialog;
        let (kind, ext) = dialog.filter;
        egui::Window::new(dialog.title)
            .collapsible(false)
            .resizable(true)
            .default_width(560.0)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                ui.label(format!(
                    "No file dialog can be shown on this desktop: type the path of the {kind} (.{ext}) file."
                ));
                let label = ui.strong("File path");
                let field = self.field_ui(ui);
                let field = field.labelled_by(label.id).on_hover_text(
                    "Tab completes a folder or file name; Enter opens or saves the path",
                );
                let enter = field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
                completions_ui(ui, &mut self.text, ext);
                if let Some(e) = &self.error {
                    ui.colored_label(ui.visuals().error_fg_color, e.to_string());
                }
                ui.horizontal(|ui| {
                    let verb = if self.request.dialog.is_save() {
                        "Save"
                    } else {
                        "Open"
                    };
                    if ui.button(verb).clicked() || enter {
                        match self.checked_path() {
                            Ok(p) => answer = Some(PromptAnswer::Chosen(p)),
                            Err(e) => self.error = Some(e),
                        }
                    }
                    if ui.button("Cancel").clicked() {
                        answer = Some(PromptAnswer::Cancelled);
                    }
                });
            });
        answer
    }

    /// The path field. Tab, while it has the focus, completes the typed
    /// name before the field is drawn (so that it shows the completion
    /// at once, the cursor at its end) and keeps the focus in the field,
    /// so that Enter right after it confirms the completed path.
    fn field_ui(&mut self, ui: &mut egui::Ui) -> egui::Response {
        let id = ui.make_persistent_id("path field");
        let tab = ui.memory(|m| m.has_focus(id))
            && ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, Key::Tab));
        if tab {
            self.text = complete(&self.text);
            let mut state = egui::text_edit::TextEditState::load(ui.ctx(), id).unwrap_or_default();
            let end = egui::text::CCursor::end_of_str(&self.text);
            state
                .cursor
                .set_char_range(Some(egui::text::CCursorRange::one(end)));
            state.store(ui.ctx(), id);
        }
        // Tab stays with the field (it completes) instead of moving the
        // focus on.
        let keys = egui::EventFilter {
            tab: true,
            horizontal_arrows: true,
            vertical_arrows: true,
            ..Default::default()
        };
        ui.add(
            TextEdit::singleline(&mut self.text)
                .id(id)
                .event_filter(keys)
                .desired_width(f32::INFINITY)
                .font(egui::TextStyle::Monospace),
        )
    }

    /// The typed path if it can be used: an existing file to open, or a
    /// file in an existing folder to save (with the filter's extension
    /// added when it has none).
    fn checked_path(&self) -> Result<PathBuf, PathProblem> {
        let text = self.text.trim();
        if text.is_empty() {
            return Err(PathProblem::Empty);
        }
        let path = self
            .request
            .dialog
            .with_default_extension(PathBuf::from(text));
        if self.request.dialog.is_save() {
            let folder = match path.parent() {
                Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
                _ => PathBuf::from("."),
            };
            if path.is_dir() {
                return Err(PathProblem::IsFolder(path));
            }
            if !folder.is_dir() {
                return Err(PathProblem::NoFolder(folder));
            }
        } else if !path.is_file() {
            return Err(PathProblem::NoFile(path));
        }
        Ok(path)
    }
}

/// The folder a typed path lists and the start of the name being typed.
fn split(text: &str) -> (PathBuf, String) {
    let sep = std::path::MAIN_SEPARATOR;
    match text.rfind(sep) {
        Some(i) => (PathBuf::from(&text[..=i]), text[i + 1..].to_string()),
        None => (PathBuf::from("."), text.to_string()),
    }
}

/// Entries of the typed folder whose names start with the typed part:
/// folders (ending in the separator) first, then files with extension
/// `ext`, each sorted.
fn candidates(text: &str, ext: &str) -> Vec<String> {
    let (folder, start) = split(text);
    let Ok(entries) = std::fs::read_dir(&folder) else {
        return Vec::new();
    };
    let mut dirs = Vec::new();
    let mut files = Vec::new();
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if !name.starts_with(&start) || (name.starts_with('.') && !start.starts_with('.')) {
            continue;
        }
        let path = e.path();
        if path.is_dir() {
            dirs.push(format!("{name}{}", std::path::MAIN_SEPARATOR));
        } else if path
            .extension()
            .is_some_and(|x| x.eq_ignore_ascii_case(ext))
        {
            files.push(name);
        }
    }
    dirs.sort();
    files.sort();
    dirs.extend(files);
    dirs
}

/// The typed path with its last part completed as far as every folder
/// entry that starts with it agrees.
fn complete(text: &str) -> String {
    let (folder, start) = split(text);
    let names: Vec<String> = std::fs::read_dir(&folder)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.starts_with(&start))
                .collect()
        })
        .unwrap_or_default();
    let Some(first) = names.first() else {
        return text.to_string();
    };
    let mut common = first.clone();
    for n in &names[1..] {
        while !n.starts_with(&common) {
            common.pop();
        }
    }
    let mut out = text[..text.len() - start.len()].to_string();
    out.push_str(&common);
    if names.len() == 1 && Path::new(&out).is_dir() {
        out.push(std::path::MAIN_SEPARATOR);
    }
    out
}

/// The completions of the typed path as buttons; a click takes one.
fn completions_ui(ui: &mut egui::Ui, text: &mut String, ext: &str) {
    let found = candidates(text, ext);
    if found.is_empty() {
        return;
    }
    let (folder, _) = split(text);
    ui.weak(format!("In {}:", folder.display()));
    ui.horizontal_wrapped(|ui| {
        for name in found.iter().take(MAX_COMPLETIONS) {
            if ui.small_button(RichText::new(name).monospace()).clicked() {
                *text = folder.join(name).display().to_string();
            }
        }
        if found.len() > MAX_COMPLETIONS {
            ui.weak(format!("and {} more", found.len() - MAX_COMPLETIONS));
        }
    });
}

/// Why a typed path cannot be used.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PathProblem {
    #[error("Type a path first.")]
    Empty,
    #[error("{} is a folder: add a file name", .0.display())]
    IsFolder(PathBuf),
    #[error("There is no folder {}.", .0.display())]
    NoFolder(PathBuf),
    #[error("There is no file {}.", .0.display())]
    NoFile(PathBuf),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completion_extends_to_the_common_start() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("platform-a.ron"), "").unwrap();
        std::fs::write(dir.path().join("platform-b.ron"), "").unwrap();
        std::fs::create_dir(dir.path().join("presets")).unwrap();
        let base = format!("{}{}", dir.path().display(), std::path::MAIN_SEPARATOR);
        assert_eq!(complete(&format!("{base}pl")), format!("{base}platform-"));
        assert_eq!(
            complete(&format!("{base}pr")),
            format!("{base}presets{}", std::path::MAIN_SEPARATOR)
        );
        let c = candidates(&base, "ron");
        assert_eq!(c[0], format!("presets{}", std::path::MAIN_SEPARATOR));
        assert_eq!(&c[1..], ["platform-a.ron", "platform-b.ron"]);
        assert!(candidates(&format!("{base}x"), "ron").is_empty());
    }
}

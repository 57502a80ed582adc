//! Files dropped on the window: each is recognised by its content and
//! goes where it belongs (a session opens, a platform is used by every
//! model, a measured CSV goes to the model that reads it); the status
//! line says what it became. Anything else is refused with a message and
//! changes nothing.

use std::path::PathBuf;

use eframe::egui;

use super::HetscopeApp;

impl HetscopeApp {
    /// Take this frame's dropped files.
    pub(super) fn take_dropped_files(&mut self, ctx: &egui::Context) {
        let paths: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .collect()
        });
        for path in paths {
            self.take_file(&path);
        }
    }

    /// A file dropped (or named): recognise it and use it.
    pub fn take_file(&mut self, path: &std::path::Path) {
        self.open_session_file(path);
    }

    /// While files are dragged over the window, say what dropping does.
    pub(super) fn drop_hint_ui(&self, ctx: &egui::Context) {
        let hovering = ctx.input(|i| !i.raw.hovered_files.is_empty());
        if !hovering {
            return;
        }
        let rect = ctx.content_rect();
        let painter = ctx.layer_painter(egui::LayerId::new(
            egui::Order::Foreground,
            egui::Id::unique("drop_hint"),
        ));
        painter.rect_filled(rect, 0.0, egui::Color32::from_black_alpha(150));
        painter.text(
            rect.center(),
            egui::Align2::CENTER_CENTER,
            "Drop a preset, a measured CSV or a session file",
            egui::FontId::proportional(24.0),
            egui::Color32::WHITE,
        );
    }
}

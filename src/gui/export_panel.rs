//! Export row under the current view: size in pixels and PNG / SVG / CSV
//! buttons. The save dialog and the rendering run on a thread.

use eframe::egui;
use std::path::PathBuf;

use eframe::egui::{DragValue, Ui};

use super::app::HetscopeApp;
use super::jobs::{Done, with_extension};
use crate::export::{self, ExportSize};

pub fn show(ui: &mut Ui, app: &mut HetscopeApp) {
    ui.horizontal_wrapped(|ui| {
        ui.strong("Export");
        let range = ExportSize::MIN..=ExportSize::MAX;
        let w = ui.label("Width (px)");
        ui.add(
            DragValue::new(&mut app.state.export_width)
                .range(range.clone())
                .speed(5.0),
        )
        .labelled_by(w.id);
        let h = ui.label("Height (px)");
        ui.add(
            DragValue::new(&mut app.state.export_height)
                .range(range)
                .speed(5.0),
        )
        .labelled_by(h.id);
        let ready = app.figure().is_some() && !app.busy();
        for (text, ext, tip) in [
            ("Export PNG…", "png", "Raster image at the size above"),
            ("Export SVG…", "svg", "Vector image at the size above"),
            ("Export CSV…", "csv", "The numbers behind the figure"),
        ] {
            if ui
                .add_enabled(ready, egui::Button::new(text))
                .on_hover_text(tip)
                .clicked()
            {
                app.start_export(ui.ctx(), ext, None);
            }
        }
    });
}

/// Export the current figure as `ext` to `path` (`None`: ask with a save
/// dialog), all on a background thread.
pub fn start_export(
    app: &mut HetscopeApp,
    ctx: &egui::Context,
    ext: &'static str,
    path: Option<PathBuf>,
) {
    let Some(fig) = app.figure().cloned() else {
        app.set_error("Nothing to export in this view.");
        return;
    };
    let size = match ExportSize::new(app.state.export_width, app.state.export_height) {
        Ok(s) => s,
        Err(e) => {
            app.set_error(format!("Export failed: {e}"));
            return;
        }
    };
    let camera = app.state.camera;
    let suggested = format!(
        "{}.{ext}",
        app.state.tab.view().map(|v| v.key()).unwrap_or("figure")
    );
    let started = app.jobs.spawn(ctx, "export", move || {
        let path = match path {
            Some(p) => p,
            None => {
                let picked = rfd::FileDialog::new()
                    .set_title("Export figure")
                    .add_filter(ext.to_uppercase(), &[ext])
                    .set_file_name(suggested)
                    .save_file();
                match picked {
                    Some(p) => with_extension(p, ext),
                    None => return Done::Exported(Ok(None)),
                }
            }
        };
        Done::Exported(
            export::export_to_file(&fig, &camera, size, &path)
                .map(|()| Some(path))
                .map_err(|e| e.to_string()),
        )
    });
    match started {
        Ok(()) => app.set_status(format!("Exporting {}…", ext.to_uppercase())),
        Err(e) => app.set_error(e),
    }
}

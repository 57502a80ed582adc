//! The export row under a view (size in pixels and PNG / SVG / PDF / CSV
//! buttons) and the export itself: the save dialog and the rendering run
//! on a thread.

use crate::gui::widgets::TypedCheck;
use eframe::egui::{self, DragValue, Ui};

use super::context::StatusLine;
use super::dialog::{FileDialog, OnPick, PathRequest};
use super::export_request::ExportRequest;
use super::jobs::{Done, Jobs};
use super::state::AppState;
use hetscope_export::{self as export, ExportSize};

/// The size fields and the four buttons; the extension of the button
/// clicked, if one was (`ready`: there is a figure and nothing running).
pub fn export_row_ui(ui: &mut Ui, state: &mut AppState, ready: bool) -> Option<&'static str> {
    let mut clicked = None;
    ui.horizontal_wrapped(|ui| {
        ui.strong("Export");
        let range = ExportSize::MIN..=ExportSize::MAX;
        let w = ui.label("Width (px)");
        let (lo, hi) = (f64::from(*range.start()), f64::from(*range.end()));
        let width = TypedCheck::new("export width", lo..=hi, "").whole();
        ui.add(width.field(ui.ctx(), DragValue::new(&mut state.export_width).speed(5.0)))
            .labelled_by(w.id);
        let h = ui.label("Height (px)");
        let height = TypedCheck::new("export height", lo..=hi, "").whole();
        ui.add(height.field(
            ui.ctx(),
            DragValue::new(&mut state.export_height).speed(5.0),
        ))
        .labelled_by(h.id);
        width.note_ui(ui);
        height.note_ui(ui);
        ui.checkbox(&mut state.export_dark, "Dark canvas")
            .on_hover_text(
                "Draw the exported figure on a dark canvas (light ink), as the window shows it \
             under a dark theme; exports are light otherwise",
            );
        for (text, ext, tip) in [
            ("Export PNG…", "png", "Raster image at the size above"),
            ("Export SVG…", "svg", "Vector image at the size above"),
            (
                "Export PDF…",
                "pdf",
                "Vector PDF for a paper, one point per pixel above; text selectable",
            ),
            ("Export CSV…", "csv", "The numbers behind the figure"),
        ] {
            if ui
                .add_enabled(ready, egui::Button::new(text))
                .on_hover_text(tip)
                .clicked()
            {
                clicked = Some(ext);
            }
        }
    });
    clicked
}

/// Export `request`: to its path on a background thread, or first ask
/// where (a save dialog, or the in-window prompt). The result comes back
/// as [`Done::Exported`].
pub fn start_export(
    ctx: &egui::Context,
    mut request: ExportRequest,
    jobs: &mut Jobs,
    status: &mut StatusLine,
) {
    let Some(path) = request.path.take() else {
        let ext = request.ext;
        let kind = match ext {
            "png" => "PNG image",
            "svg" => "SVG image",
            "pdf" => "PDF document",
            _ => "CSV data",
        };
        let dialog = FileDialog::save("Export figure", (kind, ext), request.suggested.clone());
        let asked = jobs.pick(
            ctx,
            PathRequest {
                dialog,
                on_pick: OnPick::Export(Box::new(request)),
            },
        );
        if let Err(e) = asked {
            status.error(e);
        }
        return;
    };
    let ext = request.ext;
    let id = hetscope_fsio::FileId::of(&path);
    if let Some(input) = request
        .inputs
        .iter()
        .find(|i| id.is_some() && hetscope_fsio::FileId::of(i) == id)
    {
        status.error(format!(
            "Not exported: {} is the same file as {}, which the session reads; choose another file",
            path.display(),
            input.display()
        ));
        return;
    }
    let started = jobs.spawn(ctx, "export", move || {
        let ExportRequest {
            figure,
            camera,
            size,
            palette,
            ..
        } = request;
        let written = export::Format::from_path(&path)
            .and_then(|format| export::render_in(&figure, format, size, &camera, palette))
            .and_then(|bytes| export::write_atomic(&path, &bytes));
        Done::Exported(written.map(|()| path))
    });
    match started {
        Ok(()) => status.info(format!("Exporting {}…", ext.to_uppercase())),
        Err(e) => status.error(e),
    }
}

//! Help: the About window (version, licence, the five papers), the Help
//! window (F1: the shortcuts and how the window works) and the short
//! getting-started panel of a first start.

use eframe::egui::{self, Context, RichText};

use hetscope_core::paper_check::Paper;

/// The keyboard shortcuts, as Help lists them and the menus show them.
pub const SHORTCUTS: [(&str, &str); 11] = [
    (
        "Ctrl+N",
        "New session (every model back to its first-start values)",
    ),
    ("Ctrl+O", "Open a session file"),
    ("Ctrl+S", "Save the session"),
    ("Ctrl+Shift+S", "Save the session as a new file"),
    ("Ctrl+E", "Export the view on screen (the format last used)"),
    ("Ctrl+Z", "Undo the last edit (the Edit menu names it)"),
    ("Ctrl+Shift+Z, Ctrl+Y", "Redo"),
    (
        "Ctrl+1, Ctrl+2, ...",
        "The tabs in order: overview, models, paper check",
    ),
    ("F1", "This help"),
    ("Shift while dragging a slider", "Fine steps"),
    ("Double-click a slider", "Type its value"),
];

/// Which help windows are open (not saved: a start opens none of them,
/// but the getting-started panel of a first start).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HelpWindows {
    pub about: bool,
    pub help: bool,
    pub getting_started: bool,
}

impl HelpWindows {
    /// Show whichever windows are open. Returns true when the
    /// getting-started panel was closed for good.
    pub fn show(&mut self, ctx: &Context) -> bool {
        about_window(ctx, &mut self.about);
        help_window(ctx, &mut self.help);
        if !self.getting_started {
            return false;
        }
        let (for_good, help) = getting_started_window(ctx);
        self.help |= help;
        self.getting_started &= !for_good;
        for_good
    }
}

fn about_window(ctx: &Context, open: &mut bool) {
    // (Sized to its content: a window the person resized would keep a
    // height too small for the list.)
    egui::Window::new("About hetscope")
        .open(open)
        .collapsible(false)
        .resizable([true, false])
        .default_width(560.0)
        .show(ctx, |ui| {
            ui.heading(format!("hetscope {}", crate::VERSION));
            ui.label(
                "Analytical performance and energy models of CPU+GPU computing, \
                 drawn so that every figure follows every slider.",
            );
            ui.label(format!("Licence: {}.", env!("CARGO_PKG_LICENSE")));
            ui.separator();
            ui.strong("The models are those of five papers:");
            // As tall as the screen allows: every paper in sight where it
            // can be, scrolled only on a small screen.
            let room = (ui.ctx().content_rect().height() - 260.0).max(200.0);
            egui::ScrollArea::vertical()
                .max_height(room)
                .min_scrolled_height(room)
                .show(ui, |ui| {
                    for p in Paper::ALL {
                        ui.label(RichText::new(p.title()).strong());
                        ui.label(p.citation());
                        ui.add_space(4.0);
                    }
                });
        });
}

fn help_window(ctx: &Context, open: &mut bool) {
    egui::Window::new("Help")
        .open(open)
        .collapsible(false)
        .default_width(560.0)
        .show(ctx, |ui| {
            ui.label(
                "Pick a platform at the top: every tab follows. Each tab's side panel \
                 holds its inputs; the figure follows at once. Hover a figure for exact \
                 values. Drop any file hetscope reads (a preset, a measured CSV, a session) \
                 on the window: it goes where it belongs. File > Save keeps everything you \
                 chose in one session file that `hetscope FILE` opens again and \
                 `hetscope export --session FILE` draws from.",
            );
            ui.separator();
            egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
                for (keys, what) in SHORTCUTS {
                    ui.monospace(keys);
                    ui.label(what);
                    ui.end_row();
                }
            });
        });
}

/// The first start's panel; returns whether it was closed for good and
/// whether Help was asked for.
fn getting_started_window(ctx: &Context) -> (bool, bool) {
    let (mut for_good, mut help) = (false, false);
    egui::Window::new("Getting started")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::RIGHT_BOTTOM, egui::vec2(-16.0, -48.0))
        .default_width(380.0)
        .show(ctx, |ui| {
            for step in [
                "1. Pick a platform at the top: every model's tab uses it.",
                "2. Read each model's verdict on the overview; its button opens the model.",
                "3. Drag the sliders on the left; Ctrl+Z undoes, Shift drags finely.",
                "4. Compare with a second platform in the overview's side panel.",
                "5. Save the session (Ctrl+S); export any figure (Ctrl+E).",
            ] {
                ui.label(step);
            }
            ui.horizontal(|ui| {
                if ui
                    .button("Got it")
                    .on_hover_text("Do not show this again")
                    .clicked()
                {
                    for_good = true;
                }
                if ui.button("Help (F1)").clicked() {
                    (for_good, help) = (true, true);
                }
            });
        });
    (for_good, help)
}

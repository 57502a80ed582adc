//! The eframe/egui desktop GUI: a thin layer over the figures.
//!
//! Every model implements [`ModelUi`] in its own folder (`perdome/`,
//! `boathull/`, `fpm/`, `offload/`: state, side panel, central views);
//! `slots.rs` holds one [`model_slot::ModelSlot`] per model (typed fields,
//! no downcast) and `app.rs` loops over them. Shared: `context.rs` (what panels get), `jobs.rs`
//! (work off the UI thread), `chart_view/` (any chart figure),
//! `export_panel.rs`, `widgets.rs`.

use eframe::egui;

pub mod app;
mod boathull;
pub mod chart_view;
pub mod context;
pub mod dialog;
mod error;
mod export_panel;
mod export_request;
mod fpm;
mod help;
pub mod jobs;
pub mod model_slot;
pub mod model_ui;
mod offload;
pub mod overview;
pub mod paper_check;
mod path_prompt;
mod perdome;
mod platform_bar;
pub mod scene_paint;
mod slots;
pub mod state;
mod widgets;

pub use app::{HetscopeApp, STATE_KEY};
pub use boathull::BoathullUi;
pub use context::{StatusKind, ViewContext};
pub use error::{JobError, WindowError};
pub use fpm::FpmUi;
pub use hetscope_core::CoreError;
pub use hetscope_core::boathull as boathull_state;
pub use hetscope_core::fpm as fpm_state;
pub use hetscope_core::offload as offload_state;
pub use hetscope_core::perdome::scenario as perdome_state;
pub use model_ui::ModelUi;
pub use offload::OffloadUi;
pub use overview::OverviewUi;
pub use perdome::PerdomeUi;
pub use state::{AppState, Tab};

/// Window title, also the name of the persisted storage.
pub const APP_NAME: &str = "hetscope";

/// Open the window (with the session file `session`, when given) and run
/// until it is closed. Errors (no display, no graphics driver) come back
/// as a message instead of a panic.
pub fn run(session: Option<std::path::PathBuf>) -> Result<(), WindowError> {
    if cfg!(all(unix, not(target_os = "macos"))) && !has_display() {
        return Err(WindowError::NoDisplay);
    }
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(APP_NAME)
            .with_inner_size([1500.0, 950.0])
            .with_min_inner_size([900.0, 600.0]),
        persist_window: true,
        ..Default::default()
    };
    eframe::run_native(
        APP_NAME,
        options,
        Box::new(|cc| Ok(Box::new(HetscopeApp::new(cc, session)))),
    )
    .map_err(|e| WindowError::Platform(tidy_error(&e.to_string())))
}

/// Whether an X11 or Wayland display is named in the environment.
fn has_display() -> bool {
    ["DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET"]
        .iter()
        .any(|v| std::env::var_os(v).is_some_and(|s| !s.is_empty()))
}

/// Drop the source location some windowing errors carry
/// ("os error at <file>.rs:<line>: <message>").
fn tidy_error(text: &str) -> String {
    if let Some(at) = text.find(" at ")
        && let Some(rs) = text[at..].find(".rs:")
        && let Some(colon) = text[at + rs + 4..].find(": ")
    {
        let end = at + rs + 4 + colon;
        return format!("{}{}", &text[..at], &text[end..]);
    }
    text.to_string()
}

#[cfg(test)]
mod tests {
    #[test]
    fn source_locations_are_dropped_from_errors() {
        let raw = "winit EventLoopError: os error at /src/linux/mod.rs:765: no display";
        assert_eq!(
            super::tidy_error(raw),
            "winit EventLoopError: os error: no display"
        );
        assert_eq!(super::tidy_error("plain"), "plain");
    }
}

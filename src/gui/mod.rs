//! The eframe/egui desktop GUI: a thin layer over the figures. The state
//! (`state.rs`) is what the user picked and edited; the app (`app.rs`)
//! recomputes the analysis when it changes and hands the current figure to
//! the view that draws it (one file per view).

use eframe::egui;
mod app;
mod boathull_panel;
pub mod boathull_state;
mod boathull_view;
mod chart_view;
mod classification_view;
mod compare_view;
mod export_panel;
mod files;
mod fpm_panel;
pub mod fpm_state;
mod fpm_view;
mod heatmap_view;
mod jobs;
mod offload_panel;
pub mod offload_state;
mod offload_view;
mod side_panel;
mod specs_panel;
pub mod state;
mod surface_view;
mod widgets;

pub use app::{DEFAULT_PLATFORM, DEFAULT_WORKLOAD, HetscopeApp, STATE_KEY, StatusKind};
pub use state::{AppState, Tab};

/// Window title, also the name of the persisted storage.
pub const APP_NAME: &str = "hetscope";

/// Open the window and run until it is closed. Errors (no display, no
/// graphics driver) come back as a message instead of a panic.
pub fn run() -> Result<(), String> {
    if cfg!(all(unix, not(target_os = "macos"))) && !has_display() {
        return Err(
            "cannot open the hetscope window: no graphical display is available \
             (neither DISPLAY nor WAYLAND_DISPLAY is set). Run it on a graphical desktop, \
             or use the command line (hetscope --help)."
                .into(),
        );
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
        Box::new(|cc| Ok(Box::new(HetscopeApp::new(cc)))),
    )
    .map_err(|e| {
        format!(
            "cannot open the hetscope window: {}",
            tidy_error(&e.to_string())
        )
    })
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

//! Tests of the window, driven headlessly with egui_kittest (no display,
//! no GPU).

/// The boat hull views: classes, sliders, the Table 1 picker.
mod gui_boathull;
/// Files dropped on the window, recognised by their content.
mod gui_drop;
/// StarPU's models dropped on the window.
mod gui_drop_starpu;
/// Open, Save and Export through a typed path where no dialog can show.
mod gui_files;
/// The FPM views: the n slider, a typed CSV, measuring this machine.
mod gui_fpm;
/// The hover of a line chart snaps to the nearest series.
mod gui_hover;
/// Every text in the window where the export of its size writes it.
mod gui_layout_match;
/// The logarithmic sliders, dragged by hand.
mod gui_log_slider;
/// Every view of every model shows its figure from the default state.
mod gui_models;
/// The offload views: subscripts, the threads slider, the suite.
mod gui_offload;
/// The platform overview and the platform picker.
mod gui_overview;
/// PerDome workloads given as code segments in the window.
mod gui_segments;
/// The sensitivity view: the tornado and the Compare button.
mod gui_sensitivity;
/// Session files saved and opened in the window.
mod gui_session;
/// The shell: shortcuts, title, Help, About, theme, first start.
mod gui_shell;
/// The saved window state, its versions and migration.
mod gui_state;
/// The window's tables: resizing, scrolling, hovering a cell.
mod gui_tables;
/// Undo and redo across models and platform changes.
mod gui_undo;
/// Every registered model has a tab and its parameters.
mod registry;
/// A drag turns the 3-D surface, drawn again from the new side.
mod surface_3d;
/// Every page at two sizes and four platforms, alone and paired, audited.
mod tour;
/// The PerDome window: presets, sliders, partitions, storage, export.
mod window;

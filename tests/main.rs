//! Every integration test of the app crate, linked into one binary (one
//! module a former test file), so that a test run links the window stack
//! once. `common` holds the helpers the modules share.
//!
//! Tests unwrap (a failure is loud on purpose) and some walk a long list
//! of cases in one function.
#![expect(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::too_many_lines,
    reason = "tests fail loudly and may check many cases in one place"
)]

mod boathull_cli;
mod boathull_export_cli;
mod boathull_figures;
mod boathull_measured;
mod boathull_paper;
mod bounded_reads;
mod cli;
mod cli_reference;
mod code_shape;
mod color_scales;
mod common;
mod compare_log;
mod energy_fit;
mod energy_fit_app;
mod export;
mod export_chart;
mod export_pdf;
mod figures;
mod fpm_cli;
mod fpm_completeness;
mod fpm_figures;
mod fpm_memory_limit;
mod fpm_model;
mod fuzz;
mod golden;
mod gui;
mod gui_boathull;
mod gui_drop;
mod gui_files;
mod gui_fpm;
mod gui_hover;
mod gui_layout_match;
mod gui_log_slider;
mod gui_models;
mod gui_offload;
mod gui_overview;
mod gui_segments;
mod gui_sensitivity;
mod gui_session;
mod gui_shell;
mod gui_state;
mod gui_tables;
mod gui_undo;
mod host_curves;
mod hostile_inputs;
mod hostile_outputs;
mod hostile_sessions;
mod image_reference;
mod imports;
mod label_collisions;
mod layers;
mod layout_audit;
mod measure_cpu;
mod measured_fields;
mod model_properties;
mod offload_caches;
mod offload_cli;
mod offload_export_cli;
mod offload_figures;
mod offload_footprint;
mod offload_loops;
mod offload_measured;
mod offload_model;
mod offload_presets;
mod offload_transfers;
mod optimum_search;
mod overview;
mod overview_sentences;
mod paper_check;
mod param_ranges;
mod peapaw_paper;
mod perdome_paper;
mod perdome_segments;
mod platform_catalog;
mod platform_derive;
mod preset_versions;
mod presets;
mod probe_catalog;
mod probe_import;
mod probe_real;
mod registry;
mod sensitivity;
mod session_cli;
mod surface_3d;
mod surface_projection;
mod validate;

//! Tests of the command line: each runs the `hetscope` binary as a
//! separate process (some also open the window on the same files).

/// The boat hull model's presets and `eval boathull`, against the model.
mod boathull_cli;
/// `export --view boathull*`: every view and format, and its errors.
mod boathull_export_cli;
/// How sure the boat hull's winner is: the too-close band of each class.
mod boathull_intervals;
/// A measured boat hull curve exported, evaluated and loaded in the window.
mod boathull_measured;
/// A huge speed function refused at once by the command line too.
mod bounded_reads;
/// The colour-scale options of `export` and the window's log scale.
mod color_scales;
/// The basics: presets, `eval perdome`/`peapaw`, `export`, help, errors.
mod commands;
/// The partition comparison's log bars in the export and the window.
mod compare_log;
/// `eval energy-fit`, its export and the window's energy-fit panel.
mod energy_fit_app;
/// `fpm measure` and `fpm eval`: speed functions on the command line.
mod fpm_cli;
/// FPM memory limits, out-of-core and contention on the command line and
/// in the window.
mod fpm_completeness;
/// How sure an FPM split is: its range within the measured spreads.
mod fpm_intervals;
/// `measure cpu`'s thread curves and the models that follow them.
mod host_curves;
/// Hostile input: parameters and messages.
mod hostile_inputs;
/// Hostile input: no output destroys an input or a special file.
mod hostile_outputs;
/// Hostile input: session files by every way in.
mod hostile_sessions;
/// The desktop install: entry, icon, MIME type, completions, manual.
mod install;
/// The host's layer conditions against kerncraft's on the suite's loops.
mod layer_conditions;
/// `measure cpu`: the description and platform it writes, in the window
/// too.
mod measure_cpu;
/// `measure loops`: the host loop benchmark, its validation, in the
/// window too.
mod measure_loops;
/// `eval hongkim`, `eval offload` and the offload preset commands.
mod offload_cli;
/// `export --view offload|offload-suite`: formats, arguments, failures.
mod offload_export_cli;
/// The exported offload view stops the GPU curves where data exceeds
/// memory.
mod offload_figures;
/// A kernel's stated footprint as `eval offload` reports it.
mod offload_footprint;
/// Offload decisions with their intervals: "too close to call".
mod offload_intervals;
/// Measured offload speedups on the command line and in the window.
mod offload_measured;
/// Pinned or pageable copies through `eval offload`.
mod offload_transfers;
/// Every view by every face (`export --view`, `session` + `export
/// --session`, the window) on three platforms, one and two: one figure.
mod one_path;
/// `eval overview` against each model's own eval, and its exports.
mod overview;
/// Physical parameter ranges on the command line and in presets.
mod param_ranges;
/// PerDome workloads given as code segments on the command line.
mod perdome_segments;
/// The command line names a preset of a newer format.
mod preset_versions;
/// `eval perdome` says which values of a platform were measured.
mod presets;
/// `presets import-probe`: the spec sheet and speed function it writes.
mod probe_import;
/// The shipped probe runs imported and used by every model.
mod probe_real;
/// `eval sensitivity`: closed forms, flip points, what-if platforms.
mod sensitivity;
/// `hetscope session` and `export --session`, and the window's export.
mod session_cli;
/// `eval fpm --starpu`: a codelet's workers partitioned directly.
mod starpu_eval;
/// StarPU's performance models into speed-function files and a partition.
pub(crate) mod starpu_import;
/// `hetscope validate` on the shipped measurements.
mod validate;

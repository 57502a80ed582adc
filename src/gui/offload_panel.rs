//! Side panel of the offload views: platform and kernel pickers, the
//! problem size, host threads, bus bandwidth, and every GPU and CPU
//! parameter of the platform (changes are kept as overrides of the
//! preset, by their `--set` names).

use std::ops::RangeInclusive;

use eframe::egui::{self, DragValue, RichText, Slider, SliderClamping, Ui};

use super::app::HetscopeApp;
use super::offload_state::Readout;
use super::side_panel::value_row;
use super::widgets::{fmt_edit, parse_edit};
use crate::preset::{Catalog, ParamRule, offload_param};

/// Slider range of the host threads.
pub const THREADS_RANGE: RangeInclusive<f64> = 1.0..=160.0;

/// A platform parameter row: `--set` name, label, tooltip, slider range.
struct Row {
    name: &'static str,
    label: &'static str,
    tip: &'static str,
    range: RangeInclusive<f64>,
}

const fn row(
    name: &'static str,
    label: &'static str,
    tip: &'static str,
    range: RangeInclusive<f64>,
) -> Row {
    Row {
        name,
        label,
        tip,
        range,
    }
}

/// The GPU and its launch (Hong & Kim's parameters).
const GPU_ROWS: &[Row] = &[
    row(
        "sm_count",
        "SM count",
        "Streaming multiprocessors of the GPU (#SM)",
        1.0..=256.0,
    ),
    row(
        "freq_ghz",
        "GPU clock",
        "Core clock of the GPU (Freq)",
        0.1..=4.0,
    ),
    row(
        "mem_bw_gbs",
        "GPU memory bandwidth",
        "DRAM bandwidth of the GPU (Mem_Bandwidth); bounds MWP",
        10.0..=10_000.0,
    ),
    row(
        "mem_ld",
        "memory latency Mem_LD",
        "Cycles from a warp's memory request to its data (Mem_LD)",
        10.0..=5000.0,
    ),
    row(
        "departure_del_coal",
        "departure delay, coalesced",
        "Cycles between two coalesced memory warps leaving an SM (Departure_del_coal)",
        0.1..=100.0,
    ),
    row(
        "departure_del_uncoal",
        "departure delay, uncoalesced",
        "Cycles between two transactions of one uncoalesced warp access (Departure_del_uncoal)",
        0.1..=100.0,
    ),
    row(
        "trans_per_warp_uncoal",
        "uncoalesced transactions",
        "Memory transactions one uncoalesced warp access makes (#Uncoal_per_mw); 32 = one per thread",
        1.0..=64.0,
    ),
    row(
        "issue_cycles",
        "issue cycles",
        "Cycles to issue one instruction of one warp (#Issue_cycles)",
        0.25..=32.0,
    ),
    row(
        "threads_per_block",
        "threads per block",
        "Threads of each block the OpenMP runtime launches",
        32.0..=1024.0,
    ),
    row(
        "max_blocks",
        "largest grid",
        "Most blocks the runtime launches; more iterations loop inside each thread (#OMP_Rep)",
        1.0..=1.0e6,
    ),
    row(
        "active_blocks_per_sm",
        "resident blocks per SM",
        "Blocks an SM holds at once (occupancy); derived from the GPU's limits unless set",
        1.0..=64.0,
    ),
];

/// The host CPU and its OpenMP runtime (threads have their own slider).
const CPU_ROWS: &[Row] = &[
    row(
        "cpu_freq_ghz",
        "CPU clock",
        "Core clock of the host CPU",
        0.5..=6.0,
    ),
    row(
        "ipc",
        "instructions per cycle",
        "Instructions one OpenMP thread completes per cycle",
        0.05..=8.0,
    ),
    row(
        "cpu_mem_bw_gbs",
        "CPU memory bandwidth",
        "DRAM bandwidth all host threads share; a floor under streaming loops",
        1.0..=2000.0,
    ),
    row(
        "loop_overhead_per_iter",
        "loop overhead",
        "Cycles of loop control per parallel iteration",
        0.0..=100.0,
    ),
    row(
        "parallel_startup",
        "parallel start-up",
        "Cycles to start the parallel region (fork)",
        0.0..=1.0e6,
    ),
    row(
        "schedule_static",
        "static schedule",
        "Cycles to hand out a static schedule",
        0.0..=1.0e6,
    ),
    row(
        "sync_overhead",
        "synchronization",
        "Cycles of the barrier closing the region",
        0.0..=1.0e6,
    ),
    row(
        "tlb_entries",
        "TLB entries",
        "Entries of the TLB",
        16.0..=65_536.0,
    ),
    row(
        "tlb_miss_penalty",
        "TLB miss penalty",
        "Cycles lost per TLB miss",
        0.0..=1000.0,
    ),
    row(
        "page_bytes",
        "page size",
        "Bytes of one memory page",
        4096.0..=1.0e9,
    ),
];

pub fn show(ui: &mut Ui, app: &mut HetscopeApp) {
    app.state.offload.sync_edit(&app.catalog);
    ui.spacing_mut().slider_width = 150.0;
    egui::ScrollArea::vertical().show(ui, |ui| {
        pickers(ui, app);
        ui.separator();
        sizes(ui, app);
        readout(ui, app);
        ui.separator();
        host_and_bus(ui, app);
        for (title, id, rows) in [
            ("GPU and launch (Hong & Kim)", "offload_gpu", GPU_ROWS),
            ("Host CPU (OpenMP model)", "offload_cpu", CPU_ROWS),
        ] {
            egui::CollapsingHeader::new(title)
                .id_salt(id)
                .default_open(false)
                .show(ui, |ui| param_grid(ui, app, id, rows));
        }
        if ui
            .add_enabled(
                !app.state.offload.overrides.is_empty(),
                egui::Button::new("Reset parameters"),
            )
            .on_hover_text("Restore the platform preset's values")
            .clicked()
        {
            app.state.offload.overrides.clear();
        }
        ui.separator();
        suite(ui, app);
    });
}

fn pickers(ui: &mut Ui, app: &mut HetscopeApp) {
    ui.heading("Platform and kernel");
    let cat = &app.catalog;
    let s = &mut app.state.offload;
    let platforms: Vec<(String, String)> = cat
        .offload_platforms()
        .iter()
        .map(|(e, _)| (e.id.clone(), e.name.clone()))
        .collect();
    let current = cat
        .offload_platform(&s.platform)
        .map_or(s.platform.clone(), |(e, _)| e.name.clone());
    egui::ComboBox::from_label("Offload platform")
        .selected_text(current)
        .width(280.0)
        .show_ui(ui, |ui| {
            for (id, name) in &platforms {
                if ui
                    .selectable_label(*id == s.platform, name)
                    .on_hover_text(id)
                    .clicked()
                {
                    s.select_platform(id);
                }
            }
        });
    if let Some((_, p)) = cat.offload_platform(&s.platform) {
        ui.weak(format!("CPU: {}  |  GPU: {}", p.cpu.name, p.gpu.name))
            .on_hover_text(format!("Source: {}\n\n{}", p.source, p.notes));
    }
    let kernels: Vec<(String, String)> = cat
        .offload_kernels()
        .iter()
        .map(|(e, _)| (e.id.clone(), e.name.clone()))
        .collect();
    let current = cat
        .offload_kernel(&s.kernel)
        .map_or(s.kernel.clone(), |(e, _)| e.name.clone());
    let mut pick = None;
    egui::ComboBox::from_label("Kernel")
        .selected_text(current)
        .width(280.0)
        .height(420.0)
        .show_ui(ui, |ui| {
            for (id, name) in &kernels {
                if ui
                    .selectable_label(*id == s.kernel, name)
                    .on_hover_text(id)
                    .clicked()
                {
                    pick = Some(id.clone());
                }
            }
        });
    if let Some(id) = pick {
        s.select_kernel(cat, &id);
    }
    if let Some((_, k)) = cat.offload_kernel(&s.kernel) {
        ui.weak(&k.nests)
            .on_hover_text(format!("Source: {}\n\n{}", k.source, k.notes));
    }
}

fn sizes(ui: &mut Ui, app: &mut HetscopeApp) {
    let s = &mut app.state.offload;
    egui::Grid::new("offload_size")
        .num_columns(3)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            let range = s.size_lo.max(1.0)..=s.size_hi.max(s.size_lo.max(1.0) + 1.0);
            if value_row(
                ui,
                "problem size n",
                "The size n of the kernel's arrays (elements per dimension) for the decision and the suite",
                &mut s.size,
                range,
                "",
            ) && s.size.is_finite()
            {
                s.size = s.size.round().max(1.0);
            }
        });
    ui.horizontal(|ui| {
        let (test, bench) = (s.edit.test_size, s.edit.benchmark_size);
        if test > 0
            && ui
                .button(format!("test n = {test}"))
                .on_hover_text("The kernel's test size")
                .clicked()
        {
            s.size = test as f64;
        }
        if bench > 0
            && ui
                .button(format!("benchmark n = {bench}"))
                .on_hover_text("The kernel's benchmark size")
                .clicked()
        {
            s.size = bench as f64;
        }
    });
    ui.horizontal(|ui| {
        let l = ui.label("sweep n from");
        ui.add(
            DragValue::new(&mut s.size_lo)
                .speed(1.0)
                .range(1.0..=1.0e9)
                .custom_formatter(|v, _| fmt_edit(v))
                .custom_parser(|t| parse_edit(t, "")),
        )
        .labelled_by(l.id)
        .on_hover_text("Smallest size of the offload view's curves");
        let l = ui.label("to");
        ui.add(
            DragValue::new(&mut s.size_hi)
                .speed(10.0)
                .range(2.0..=1.0e10)
                .custom_formatter(|v, _| fmt_edit(v))
                .custom_parser(|t| parse_edit(t, "")),
        )
        .labelled_by(l.id)
        .on_hover_text("Largest size of the offload view's curves");
    });
}

/// The decision for the current kernel at the chosen size, recomputed
/// only when the state changes.
fn readout(ui: &mut Ui, app: &mut HetscopeApp) {
    let state = &app.state.offload;
    let rt = &mut app.offload_rt;
    if rt.readout.as_ref().is_none_or(|(s, _)| s != state) {
        rt.readout = Some((state.clone(), Readout::of(state, &app.catalog)));
    }
    if let Some((_, r)) = &rt.readout {
        match r {
            Ok(r) => {
                let color = if r.offload {
                    ui.visuals().text_color()
                } else {
                    ui.visuals().warn_fg_color
                };
                ui.colored_label(color, RichText::new(&r.text).strong());
            }
            Err(e) => {
                ui.colored_label(ui.visuals().error_fg_color, e);
            }
        }
    }
}

/// The current value of a platform parameter (override or preset).
fn current(app: &HetscopeApp, name: &str) -> Option<f64> {
    app.state.offload.param(&app.catalog, name)
}

fn set_param(app: &mut HetscopeApp, name: &str, v: f64) {
    let v = match offload_param(name) {
        Some(p) if p.rule == ParamRule::Count && v.is_finite() => v.round().max(1.0),
        _ => v,
    };
    app.state.offload.overrides.insert(name.to_string(), v);
}

fn host_and_bus(ui: &mut Ui, app: &mut HetscopeApp) {
    egui::Grid::new("offload_host_bus")
        .num_columns(3)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            if let Some(mut t) = current(app, "threads") {
                let tip = "OpenMP threads of the host's parallel region (the paper uses 160 and 4)";
                let name = ui.label("host threads").on_hover_text(tip);
                let before = t;
                ui.add(
                    Slider::new(&mut t, THREADS_RANGE)
                        .logarithmic(true)
                        .integer()
                        .show_value(false)
                        .clamping(SliderClamping::Never),
                )
                .labelled_by(name.id)
                .on_hover_text(tip);
                ui.add(
                    DragValue::new(&mut t)
                        .speed(1.0)
                        .range(1.0..=1.0e6)
                        .suffix(" threads")
                        .custom_formatter(|v, _| fmt_edit(v))
                        .custom_parser(|s| parse_edit(s, "threads")),
                )
                .labelled_by(name.id)
                .on_hover_text(tip);
                ui.end_row();
                if t.to_bits() != before.to_bits() {
                    set_param(app, "threads", t);
                }
            }
            for (name, label, tip, range, unit) in [
                (
                    "bus_gbs",
                    "bus bandwidth (GB/s)",
                    "Host-device transfer rate in one direction (PCIe, NVLink)",
                    1.0..=1000.0,
                    "GB/s",
                ),
                (
                    "bus_latency_us",
                    "bus latency (µs)",
                    "Fixed cost of one transfer over the bus",
                    0.0..=1000.0,
                    "us",
                ),
            ] {
                let Some(mut v) = current(app, name) else {
                    continue;
                };
                if value_row(ui, label, tip, &mut v, range, unit) {
                    set_param(app, name, v);
                }
            }
        });
}

fn param_grid(ui: &mut Ui, app: &mut HetscopeApp, id: &str, rows: &[Row]) {
    egui::Grid::new(id)
        .num_columns(3)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            for r in rows {
                let Some(mut v) = current(app, r.name) else {
                    continue;
                };
                // The unit is in the number field.
                let unit = offload_param(r.name).map_or("", |p| p.unit);
                let tip = format!("{} ({unit}) [--set {}]", r.tip, r.name);
                if value_row(ui, r.label, &tip, &mut v, r.range.clone(), unit) {
                    set_param(app, r.name, v);
                }
            }
        });
}

fn suite(ui: &mut Ui, app: &mut HetscopeApp) {
    let cat: &Catalog = &app.catalog;
    let s = &mut app.state.offload;
    egui::CollapsingHeader::new("Kernels of the suite view")
        .id_salt("offload_suite")
        .default_open(false)
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                if ui.button("All").clicked() {
                    s.suite_excluded.clear();
                }
                if ui.button("None").clicked() {
                    s.suite_excluded = cat
                        .offload_kernels()
                        .iter()
                        .map(|(e, _)| e.id.clone())
                        .collect();
                }
            });
            for (e, _) in cat.offload_kernels() {
                let mut on = !s.suite_excluded.contains(&e.id);
                if ui.checkbox(&mut on, &e.name).on_hover_text(&e.id).changed() {
                    if on {
                        s.suite_excluded.remove(&e.id);
                    } else {
                        s.suite_excluded.insert(e.id.clone());
                    }
                }
            }
        });
}

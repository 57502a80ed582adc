//! Side panel of the offload views: platform and kernel pickers, the
//! problem size, host threads, bus bandwidth, and every GPU and CPU
//! parameter of the platform (changes are kept as overrides of the
//! preset, by their `--set` names).

use crate::gui::widgets::TypedCheck;
use std::ops::RangeInclusive;

use eframe::egui::{self, DragValue, RichText, Ui};

use crate::gui::widgets::{param_cells_ui, source_tag_ui, value_row_ui};
use hetscope_core::CoreError;
use hetscope_core::offload::{BasePlatform, OffloadScenario, Readout};
use hetscope_model::format::fmt_edit;
use hetscope_model::offload::paper_quotes::Mode;
use hetscope_model::offload::{
    Formulation, OffloadParam, OffloadParam as P, PROBLEM_SIZE, ParamRule,
};
use hetscope_model::platform::Transfers;
use hetscope_preset::Catalog;
use hetscope_preset::offload::KernelSet;

/// Slider range of a platform parameter (the number field accepts any
/// value in its range, [`OffloadParam::range`]).
fn slider_range(p: OffloadParam) -> RangeInclusive<f64> {
    match p {
        P::SmCount => 1.0..=256.0,
        P::FreqGhz => 0.1..=4.0,
        P::MemBwGbs => 10.0..=10_000.0,
        P::MemLd => 10.0..=5000.0,
        P::DepartureDelCoal | P::DepartureDelUncoal => 0.1..=100.0,
        P::TransPerWarpUncoal => 1.0..=64.0,
        P::IssueCycles => 0.25..=32.0,
        P::MaxThreadsPerSm => 32.0..=4096.0,
        P::MaxBlocksPerSm => 1.0..=64.0,
        P::ThreadsPerBlock => 32.0..=1024.0,
        P::MaxBlocks => 1.0..=1.0e6,
        P::ActiveBlocksPerSm => 1.0..=64.0,
        P::Threads => 1.0..=160.0,
        P::CpuFreqGhz => 0.5..=6.0,
        P::Ipc => 0.05..=8.0,
        P::CpuMemBwGbs => 1.0..=2000.0,
        P::LoopOverheadPerIter | P::TlbMissPenalty => 0.0..=1000.0,
        P::ParallelStartup | P::ScheduleStatic | P::SyncOverhead => 0.0..=1.0e6,
        P::TlbEntries => 16.0..=65_536.0,
        P::PageBytes => 4096.0..=1.0e9,
        P::BusGbs | P::BusH2dGbs | P::BusD2hGbs => 1.0..=1000.0,
        P::BusLatencyUs => 0.0..=1000.0,
    }
}

/// The GPU and its launch (Hong & Kim's parameters).
const GPU_ROWS: [OffloadParam; 11] = [
    P::SmCount,
    P::FreqGhz,
    P::MemBwGbs,
    P::MemLd,
    P::DepartureDelCoal,
    P::DepartureDelUncoal,
    P::TransPerWarpUncoal,
    P::IssueCycles,
    P::ThreadsPerBlock,
    P::MaxBlocks,
    P::ActiveBlocksPerSm,
];

/// The host CPU and its OpenMP runtime (threads have their own row).
const CPU_ROWS: [OffloadParam; 10] = [
    P::CpuFreqGhz,
    P::Ipc,
    P::CpuMemBwGbs,
    P::LoopOverheadPerIter,
    P::ParallelStartup,
    P::ScheduleStatic,
    P::SyncOverhead,
    P::TlbEntries,
    P::TlbMissPenalty,
    P::PageBytes,
];

/// The side panel; `base` is the platform before the overrides (the
/// rows' values and sources), `readout` the decision at the chosen size,
/// or why there is none; `measured` draws the measured-speedup row.
pub fn side_panel_ui(
    ui: &mut Ui,
    s: &mut OffloadScenario,
    base: Option<&BasePlatform>,
    readout: Option<Result<&Readout, &CoreError>>,
    cat: &Catalog,
    measured: impl FnOnce(&mut Ui, &mut OffloadScenario),
) {
    ui.spacing_mut().slider_width = 150.0;
    egui::ScrollArea::vertical().show(ui, |ui| {
        pickers_ui(ui, s, cat);
        ui.separator();
        sizes_ui(ui, s);
        if let Some(r) = readout {
            readout_ui(ui, r);
        }
        ui.separator();
        host_and_bus_ui(ui, s, base);
        for (title, id, rows) in [
            ("GPU and launch (Hong & Kim)", "offload_gpu", &GPU_ROWS[..]),
            ("Host CPU (OpenMP model)", "offload_cpu", &CPU_ROWS[..]),
        ] {
            egui::CollapsingHeader::new(title)
                .id_salt(id)
                .default_open(false)
                .show(ui, |ui| param_grid_ui(ui, s, base, id, rows));
        }
        formulation_ui(ui, s, base);
        host_memory_ui(ui, s);
        if ui
            .add_enabled(
                !s.overrides.is_empty() || s.formulation.is_some(),
                egui::Button::new("Reset parameters"),
            )
            .on_hover_text("Restore the platform preset's values")
            .clicked()
        {
            s.overrides.clear();
            s.formulation = None;
        }
        ui.separator();
        suite_ui(ui, s, cat);
        ui.separator();
        measured(ui, s);
    });
}

/// How the offload model is read (Hong & Kim's #Rep and execution case,
/// or with the caches of both sides): the platform's choice unless the
/// user picks one.
fn formulation_ui(ui: &mut Ui, s: &mut OffloadScenario, base: Option<&BasePlatform>) {
    let given = base.map(|b| b.model.formulation).unwrap_or_default();
    let mut f = s.formulation.unwrap_or(given);
    egui::ComboBox::from_label("Formulation")
        .selected_text(f.key())
        .show_ui(ui, |ui| {
            for v in Formulation::ALL {
                ui.selectable_value(&mut f, v, v.key())
                    .on_hover_text(v.describe());
            }
        })
        .response
        .on_hover_text(f.describe());
    if f != given || s.formulation.is_some() {
        s.formulation = (f != given).then_some(f);
    }
}

/// Where the kernels keep their host arrays: as each kernel says, or
/// pinned or pageable for all (the copies run at that memory's rates
/// where the platform's link gives them).
fn host_memory_ui(ui: &mut Ui, s: &mut OffloadScenario) {
    let text = |m: Option<Transfers>| match m {
        None => "as the kernel says",
        Some(Transfers::Pinned) => "pinned",
        Some(Transfers::Pageable) => "pageable",
    };
    egui::ComboBox::from_label("Host arrays")
        .selected_text(text(s.host_memory))
        .show_ui(ui, |ui| {
            for m in [None, Some(Transfers::Pinned), Some(Transfers::Pageable)] {
                ui.selectable_value(&mut s.host_memory, m, text(m));
            }
        })
        .response
        .on_hover_text(
            "Where the program keeps the arrays it copies: page-locked (pinned, e.g. cudaMallocHost) \
             memory copies at the link's pinned rates, ordinary (pageable) memory at its pageable \
             ones, where the platform's link gives them",
        );
}

fn pickers_ui(ui: &mut Ui, s: &mut OffloadScenario, cat: &Catalog) {
    ui.heading("Platform and kernel");
    let platforms: Vec<(String, String)> = cat
        .offload_platforms()
        .iter()
        .map(|(e, _)| (e.id.clone(), e.name.clone()))
        .collect();
    let current = cat
        .offload_platform(&s.platform)
        .map(|(e, _)| e.name.clone())
        .or_else(|| cat.platform(&s.platform).map(|(e, _)| e.name.clone()))
        .unwrap_or_else(|| s.platform.clone());
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
    } else if let Some((e, p)) = cat.platform(&s.platform) {
        let from = p
            .offload(cat, &e.path, hetscope_model::platform::Transfers::Pageable)
            .map(|r| r.from.describe())
            .unwrap_or_else(|err| err.to_string());
        ui.weak(format!("Platform {}: {from}", e.id))
            .on_hover_text("Chosen at the top of the window; pick an offload platform here to use its preset instead.");
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

fn sizes_ui(ui: &mut Ui, s: &mut OffloadScenario) {
    egui::Grid::new("offload_size")
        .num_columns(3)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            let range = s.size_lo.max(1.0)..=s.size_hi.max(s.size_lo.max(1.0) + 1.0);
            if value_row_ui(
                ui,
                "problem size n",
                "The size n of the kernel's arrays (elements per dimension) for the decision and the suite (every kernel of the suite at this n)",
                &mut s.size,
                range,
                "",
            ) && s.size.is_finite()
            {
                s.size = PROBLEM_SIZE.clamp(s.size);
                s.size_mode = None;
            }
        });
    ui.horizontal(|ui| {
        let (test, bench) = (s.edit.test_size, s.edit.benchmark_size);
        if test > 0
            && ui
                .button(format!("test n = {test}"))
                .on_hover_text("The kernel's test size (the suite: each kernel at its own)")
                .clicked()
        {
            (s.size, s.size_mode) = (test as f64, Some(Mode::Test));
        }
        if bench > 0
            && ui
                .button(format!("benchmark n = {bench}"))
                .on_hover_text("The kernel's benchmark size (the suite: each kernel at its own)")
                .clicked()
        {
            (s.size, s.size_mode) = (bench as f64, Some(Mode::Benchmark));
        }
    });
    ui.horizontal(|ui| {
        let l = ui.label("sweep n from");
        let lo = TypedCheck::new("offload sweep from", 1.0..=1.0e9, "");
        let field = DragValue::new(&mut s.size_lo)
            .speed(1.0)
            .custom_formatter(|v, _| fmt_edit(v));
        ui.add(lo.field(ui.ctx(), field))
            .labelled_by(l.id)
            .on_hover_text("Smallest size of the offload view's curves, 1 to 1e9");
        let l = ui.label("to");
        let hi = TypedCheck::new("offload sweep to", 2.0..=1.0e10, "");
        let field = DragValue::new(&mut s.size_hi)
            .speed(10.0)
            .custom_formatter(|v, _| fmt_edit(v));
        ui.add(hi.field(ui.ctx(), field))
            .labelled_by(l.id)
            .on_hover_text("Largest size of the offload view's curves, 2 to 1e10");
        lo.note_ui(ui);
        hi.note_ui(ui);
    });
}

/// The decision for the current kernel at the chosen size, or why there
/// is none.
fn readout_ui(ui: &mut Ui, r: Result<&Readout, &CoreError>) {
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
            ui.colored_label(ui.visuals().error_fg_color, e.to_string());
        }
    }
}

/// Keep `v` as an override of `p` (counts rounded to whole numbers); the
/// bus rate of both directions replaces each direction's own.
fn set_param(s: &mut OffloadScenario, p: OffloadParam, v: f64) {
    let v = if p.rule() == ParamRule::Count && v.is_finite() {
        v.round().max(1.0)
    } else {
        v
    };
    if p == P::BusGbs {
        s.overrides.remove(&P::BusH2dGbs);
        s.overrides.remove(&P::BusD2hGbs);
    }
    s.overrides.insert(p, v);
}

fn host_and_bus_ui(ui: &mut Ui, s: &mut OffloadScenario, base: Option<&BasePlatform>) {
    param_grid_ui(
        ui,
        s,
        base,
        "offload_host_bus",
        &[
            P::Threads,
            P::BusGbs,
            P::BusH2dGbs,
            P::BusD2hGbs,
            P::BusLatencyUs,
        ],
    );
}

/// A slider row per parameter: the override, or the preset's value (with
/// the overrides that change it: the bus's rates).
fn param_grid_ui(
    ui: &mut Ui,
    s: &mut OffloadScenario,
    base: Option<&BasePlatform>,
    id: &str,
    rows: &[OffloadParam],
) {
    let model = base.map(|b| s.overridden_model(b));
    let edited = s.edited_params();
    egui::Grid::new(id)
        .num_columns(4)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            for &p in rows {
                let given = model.as_ref().map(|m| m.param(p));
                let Some(mut v) = s.overrides.get(&p).copied().or(given) else {
                    continue;
                };
                let tip = format!("{} ({}) [--set {}]", p.description(), p.unit(), p.name());
                let text = (p.label(), tip.as_str(), p.unit());
                if param_cells_ui(ui, text, &mut v, slider_range(p), &p.range()) {
                    set_param(s, p, v);
                }
                match (edited.contains(&p), base.and_then(|b| b.source_of(p))) {
                    (true, _) => source_tag_ui(ui, "edited", "Changed from the platform's value"),
                    (false, Some(src)) => source_tag_ui(ui, src.kind(), src.detail()),
                    (false, None) => {
                        ui.label("");
                    }
                }
                ui.end_row();
            }
        });
}

fn suite_ui(ui: &mut Ui, s: &mut OffloadScenario, cat: &Catalog) {
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
                        .offload_suite(KernelSet::Paper)
                        .iter()
                        .map(|(e, _)| e.id.clone())
                        .collect();
                }
            });
            for (e, _) in cat.offload_suite(KernelSet::Paper) {
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

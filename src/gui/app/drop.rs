//! Files dropped on the window: each is recognised by its content and
//! goes where it belongs (a session opens, a platform is used by every
//! model, a spec sheet or a probe run makes a platform with that
//! processor, a preset or a measured CSV goes to the model that reads
//! it; a folder is taken for StarPU's models); the status line says what
//! it became. Anything else is refused
//! with a message and changes nothing.

use std::path::{Path, PathBuf};

use eframe::egui;

use super::{HetscopeApp, file_name};
use hetscope_core::recognize::{FileKind, recognize};
use hetscope_preset::platform::{GpuRef, PlatformPreset, SpecRef, platform_choice, save_platform};
use hetscope_preset::read_text;

impl HetscopeApp {
    /// Take this frame's dropped files.
    pub(super) fn take_dropped_files(&mut self, ctx: &egui::Context) {
        let paths: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .collect()
        });
        for path in paths {
            self.take_file(&path);
        }
    }

    /// A file dropped on the window: recognise it and use it. Returns
    /// whether it was used (else the status line says why not).
    pub fn take_file(&mut self, path: &Path) -> bool {
        // The one folder a drop takes: StarPU's models (a sampling
        // folder or its model folder).
        if path.is_dir() {
            return self.give_to_model(FileKind::StarpuModel, path);
        }
        let name = file_name(path);
        let kind = match read_text(path)
            .map_err(|e| e.to_string())
            .and_then(|text| recognize(&name, text.as_bytes()).map_err(|e| e.to_string()))
        {
            Ok(kind) => kind,
            Err(e) => {
                self.status
                    .error(format!("{name} was not used (nothing changed): {e}"));
                return false;
            }
        };
        match kind {
            FileKind::Session => {
                self.open_session_file(path);
                self.session_file.as_deref() == Some(path)
            }
            FileKind::Platform => self.take_platform(path),
            // Compared, not drawn by a model's tab: the validation view
            // opens with it.
            FileKind::HostLoopTimes => {
                let used = self.compare_with_file(kind, path);
                self.session.tab = crate::gui::Tab::Figure(hetscope_figure::View::Validation);
                used
            }
            FileKind::CpuSpec | FileKind::GpuSpec | FileKind::GpuProbe => {
                self.take_processor_sheet(kind, path)
            }
            _ if self.session.tab == crate::gui::Tab::Figure(hetscope_figure::View::Validation)
                && hetscope_core::reads::is_measurement(kind) =>
            {
                self.compare_with_file(kind, path)
            }
            _ => self.give_to_model(kind, path),
        }
    }

    /// On the "Model against measurement" view: the file joins the ones
    /// the models are compared with.
    fn compare_with_file(&mut self, kind: FileKind, path: &Path) -> bool {
        let key = path.display().to_string();
        let files = &mut self.session.overview.measured;
        if !files.contains(&key) {
            files.push(key);
        }
        self.status.info(format!(
            "{}: {}, now compared with the models",
            file_name(path),
            kind.describe()
        ));
        true
    }

    fn take_platform(&mut self, path: &Path) -> bool {
        let name = file_name(path);
        let key = path.display().to_string();
        if let Err(e) = platform_choice(&key, &self.catalog) {
            self.status
                .error(format!("{name} was not used (nothing changed): {e}"));
            return false;
        }
        let used = self.use_platform(&key);
        if used {
            self.status.info(format!(
                "{name}: platform preset, now every model's platform"
            ));
        }
        used
    }

    /// The model that reads files of `kind` (`hetscope_core::reads`)
    /// takes it; its tab opens.
    fn give_to_model(&mut self, kind: FileKind, path: &Path) -> bool {
        if let Some((id, _)) = hetscope_core::reads::reader(kind) {
            // The model that reads the kind takes it, or says why not.
            let tab = self.with_model_at(id, |m, session, vc| m.take_file(kind, path, session, vc));
            if let Some(tab) = tab {
                self.session.tab = tab;
            }
            return tab.is_some();
        }
        let name = file_name(path);
        self.status.error(format!(
            "{name} is a {}, which no view reads from a drop; nothing changed",
            kind.describe()
        ));
        false
    }

    /// A CPU or GPU spec sheet, or a GPU probe run: the platform on
    /// screen with that processor, written beside the dropped file, used
    /// by every model.
    fn take_processor_sheet(&mut self, kind: FileKind, path: &Path) -> bool {
        let name = file_name(path);
        match self.platform_with_sheet(kind, path) {
            Ok((file, platform)) => {
                let used = self.use_platform(&file.display().to_string());
                if used {
                    self.status.info(format!(
                        "{name}: {}; every model now uses {platform} (written to {})",
                        kind.describe(),
                        file.display()
                    ));
                }
                used
            }
            Err(e) => {
                self.status
                    .error(format!("{name} was not used (nothing changed): {e}"));
                false
            }
        }
    }

    /// The platform file of the current platform with the processor of
    /// `path` in place of its own: its path and name.
    fn platform_with_sheet(
        &self,
        kind: FileKind,
        path: &Path,
    ) -> Result<(PathBuf, String), String> {
        let key = self
            .session
            .platform
            .clone()
            .unwrap_or_else(|| self.session.overview.platform.clone());
        let base = platform_choice(&key, &self.catalog).map_err(|e| e.to_string())?;
        let mut hardware = base.preset.hardware.clone().ok_or_else(|| {
            format!(
                "the platform {} names no hardware to put it in",
                base.preset.name
            )
        })?;
        let processor = match kind {
            FileKind::CpuSpec => {
                let cpu = hetscope_preset::hardware::load_cpu_spec_file(path)
                    .map_err(|e| e.to_string())?;
                let name = cpu.name.clone();
                hardware.cpu = SpecRef::Inline(cpu);
                name
            }
            _ => {
                let gpu = if kind == FileKind::GpuProbe {
                    hetscope_preset::probe::load_probe_file(path)
                        .map_err(|e| e.to_string())?
                        .gpu
                } else {
                    hetscope_preset::hardware::load_gpu_spec_file(path)
                        .map_err(|e| e.to_string())?
                };
                let name = gpu.name.clone();
                // The link the board was measured behind, where known.
                if let Some(link) = &gpu.link {
                    hardware.link = link.clone();
                }
                let count = hardware.gpus.first().map_or(1, |g| g.count);
                hardware.gpus = vec![GpuRef {
                    spec: SpecRef::Inline(gpu),
                    count,
                }];
                name
            }
        };
        let platform = format!("{} with {processor}", base.preset.name);
        let preset = PlatformPreset {
            name: platform.clone(),
            source: format!(
                "{} with the {} of {}",
                base.preset.source,
                kind.describe(),
                file_name(path)
            ),
            hardware: Some(hardware),
            cpu: None,
            gpu: None,
            boathull: None,
            offload: None,
            offload_formulation: base.preset.offload_formulation,
            offload_transfers: base.preset.offload_transfers,
            fpm: Vec::new(),
            notes: "Made by dropping a processor's file on the window: every model's \
                    parameters are derived from this hardware."
                .to_string(),
        };
        let stem = path
            .file_stem()
            .map_or("dropped".into(), |s| s.to_string_lossy());
        let file = path.with_file_name(format!("{}-with-{stem}.ron", base.id));
        save_platform(&file, &preset).map_err(|e| e.to_string())?;
        Ok((file, platform))
    }

    /// While files are dragged over the window, say what dropping does.
    pub(super) fn drop_hint_ui(&self, ctx: &egui::Context) {
        let hovering = ctx.input(|i| !i.raw.hovered_files.is_empty());
        if !hovering {
            return;
        }
        let rect = ctx.content_rect();
        let painter = ctx.layer_painter(egui::LayerId::new(
            egui::Order::Foreground,
            egui::Id::unique("drop_hint"),
        ));
        painter.rect_filled(rect, 0.0, egui::Color32::from_black_alpha(150));
        painter.text(
            rect.center(),
            egui::Align2::CENTER_CENTER,
            "Drop a preset, a measured CSV, a spec sheet, a probe run or a session file",
            egui::FontId::proportional(24.0),
            egui::Color32::WHITE,
        );
    }
}

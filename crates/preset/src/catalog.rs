//! The built-in presets: the `presets/` folder, embedded at compile time.

use include_dir::{Dir, include_dir};

use super::boathull::{ApplicationPreset, parse_application};
use super::error::PresetError;
use super::file::file_id;
use super::fpm::speed_csv::{SpeedCsv, parse_speed_csv};
use super::hardware::{parse_cpu_spec, parse_gpu_spec};
use super::offload::{
    KernelSet, OffloadKernelPreset, OffloadPlatformPreset, parse_offload_kernel,
    parse_offload_platform,
};
use super::perdome::{PlatformPreset, WorkloadPreset, parse_platform, parse_workload};
use super::processor::{ProcessorPreset, parse_processor};
use hetscope_model::platform::{CpuSpec, GpuSpec};

pub use super::kind::PresetKind;

static PRESETS: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/../../presets");

/// One preset of a catalog: what it is and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PresetEntry {
    pub kind: PresetKind,
    /// The file stem, e.g. `i7-gtx750-perdome`.
    pub id: String,
    /// The preset's `name` field.
    pub name: String,
    /// Where it was read from, e.g. `presets/platforms/i7-gtx750-perdome.ron`.
    pub path: String,
}

/// Presets of every kind, each list sorted by id.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Catalog {
    processors: Vec<(PresetEntry, ProcessorPreset)>,
    platforms: Vec<(PresetEntry, PlatformPreset)>,
    workloads: Vec<(PresetEntry, WorkloadPreset)>,
    /// Boat hull applications (`presets/applications/`).
    applications: Vec<(PresetEntry, ApplicationPreset)>,
    /// Offload decision platforms (`presets/offload-platforms/`).
    offload_platforms: Vec<(PresetEntry, OffloadPlatformPreset)>,
    /// Offload decision kernels (`presets/offload-kernels/`).
    offload_kernels: Vec<(PresetEntry, OffloadKernelPreset)>,
    /// FPM device speed functions (`presets/devices/*.csv`).
    devices: Vec<(PresetEntry, SpeedCsv)>,
    /// CPU spec sheets (`presets/cpus/`).
    cpus: Vec<(PresetEntry, CpuSpec)>,
    /// GPU spec sheets (`presets/gpus/`).
    gpus: Vec<(PresetEntry, GpuSpec)>,
}

fn find<'a, T>(list: &'a [(PresetEntry, T)], key: &str) -> Option<&'a (PresetEntry, T)> {
    let key = key.trim();
    list.iter()
        .find(|(e, _)| e.id.eq_ignore_ascii_case(key))
        .or_else(|| {
            list.iter()
                .find(|(e, _)| e.name.trim().eq_ignore_ascii_case(key))
        })
}

fn ids<T>(list: &[(PresetEntry, T)]) -> Vec<String> {
    list.iter().map(|(e, _)| e.id.clone()).collect()
}

fn entry(kind: PresetKind, path: &str, name: &str) -> PresetEntry {
    PresetEntry {
        kind,
        id: file_id(std::path::Path::new(path)),
        name: name.to_string(),
        path: path.to_string(),
    }
}

fn check_unique<T>(list: &[(PresetEntry, T)]) -> Result<(), PresetError> {
    for w in list.windows(2) {
        if w[0].0.id == w[1].0.id {
            let (a, b) = (&w[0].0, &w[1].0);
            return Err(PresetError::invalid(
                &b.path,
                "",
                format!("{} id `{}` is also used by {}", b.kind.key(), b.id, a.path),
            ));
        }
    }
    Ok(())
}

impl Catalog {
    /// The presets shipped with hetscope. Fails (naming the file) if any of
    /// them does not parse, validate or resolve: a test keeps this `Ok`.
    pub fn builtin() -> Result<Catalog, PresetError> {
        let mut files = Vec::new();
        for kind in [
            PresetKind::Cpu,
            PresetKind::Gpu,
            PresetKind::Processor,
            PresetKind::Platform,
            PresetKind::Workload,
            PresetKind::Application,
            PresetKind::OffloadPlatform,
            PresetKind::OffloadKernel,
            PresetKind::Device,
        ] {
            let Some(dir) = PRESETS.get_dir(kind.folder()) else {
                continue;
            };
            for f in dir.files() {
                if f.path().extension().is_some_and(|e| e == kind.extension()) {
                    let path = format!("presets/{}", f.path().display());
                    let text = f.contents_utf8().ok_or_else(|| {
                        PresetError::invalid(&path, "", "the file is not UTF-8 text")
                    })?;
                    files.push((kind, path, text.to_string()));
                }
            }
        }
        let cat = Catalog::from_files(files)?;
        cat.check_offload_sets()?;
        Ok(cat)
    }

    /// Every id of every offload kernel set names a kernel of the catalog.
    fn check_offload_sets(&self) -> Result<(), PresetError> {
        for set in KernelSet::ALL {
            for id in set.ids() {
                if self.offload_kernel(id).is_none() {
                    return Err(PresetError::invalid(
                        &format!("presets/{}", PresetKind::OffloadKernel.folder()),
                        "",
                        format!(
                            "the kernel set `{}` names `{id}`, which has no file",
                            set.key()
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// A catalog from (kind, path, RON text) triples; the id is the file
    /// stem of the path. Every platform must resolve against the result.
    pub fn from_files(
        files: impl IntoIterator<Item = (PresetKind, String, String)>,
    ) -> Result<Catalog, PresetError> {
        let mut cat = Catalog::default();
        for (kind, path, text) in files {
            match kind {
                PresetKind::Processor => {
                    let p = parse_processor(&text, &path)?;
                    cat.processors.push((entry(kind, &path, &p.name), p));
                }
                PresetKind::Platform => {
                    let p = parse_platform(&text, &path)?;
                    cat.platforms.push((entry(kind, &path, &p.name), p));
                }
                PresetKind::Workload => {
                    let w = parse_workload(&text, &path)?;
                    cat.workloads.push((entry(kind, &path, &w.name), w));
                }
                PresetKind::Application => {
                    let a = parse_application(&text, &path)?;
                    cat.applications.push((entry(kind, &path, &a.name), a));
                }
                PresetKind::OffloadPlatform => {
                    let p = parse_offload_platform(&text, &path)?;
                    cat.offload_platforms.push((entry(kind, &path, &p.name), p));
                }
                PresetKind::OffloadKernel => {
                    let k = parse_offload_kernel(&text, &path)?;
                    cat.offload_kernels.push((entry(kind, &path, &k.name), k));
                }
                PresetKind::Device => {
                    let d = parse_speed_csv(&text, &path)?;
                    let id = file_id(std::path::Path::new(&path));
                    cat.devices.push((entry(kind, &path, &id), d));
                }
                PresetKind::Cpu => {
                    let c = parse_cpu_spec(&text, &path)?;
                    cat.cpus.push((entry(kind, &path, &c.name), c));
                }
                PresetKind::Gpu => {
                    let g = parse_gpu_spec(&text, &path)?;
                    cat.gpus.push((entry(kind, &path, &g.name), g));
                }
            }
        }
        cat.processors.sort_by(|a, b| a.0.id.cmp(&b.0.id));
        cat.platforms.sort_by(|a, b| a.0.id.cmp(&b.0.id));
        cat.workloads.sort_by(|a, b| a.0.id.cmp(&b.0.id));
        cat.applications.sort_by(|a, b| a.0.id.cmp(&b.0.id));
        cat.offload_platforms.sort_by(|a, b| a.0.id.cmp(&b.0.id));
        cat.offload_kernels.sort_by(|a, b| a.0.id.cmp(&b.0.id));
        cat.devices.sort_by(|a, b| a.0.id.cmp(&b.0.id));
        cat.cpus.sort_by(|a, b| a.0.id.cmp(&b.0.id));
        cat.gpus.sort_by(|a, b| a.0.id.cmp(&b.0.id));
        check_unique(&cat.processors)?;
        check_unique(&cat.platforms)?;
        check_unique(&cat.workloads)?;
        check_unique(&cat.applications)?;
        check_unique(&cat.offload_platforms)?;
        check_unique(&cat.offload_kernels)?;
        check_unique(&cat.devices)?;
        check_unique(&cat.cpus)?;
        check_unique(&cat.gpus)?;
        for (e, p) in &cat.platforms {
            p.resolve(&e.id, &cat, &e.path)?;
        }
        Ok(cat)
    }

    /// The presets of the PerDome and PeaPaw models: processors, platforms,
    /// workloads; by id within a kind (applications: [`Catalog::all_entries`]).
    pub fn entries(&self) -> Vec<PresetEntry> {
        let p = self.processors.iter().map(|(e, _)| e.clone());
        let q = self.platforms.iter().map(|(e, _)| e.clone());
        let w = self.workloads.iter().map(|(e, _)| e.clone());
        p.chain(q).chain(w).collect()
    }

    /// Every preset of every kind: [`Catalog::entries`] followed by the
    /// boat hull applications, the offload platforms, the offload kernels
    /// and the CPU and GPU spec sheets.
    pub fn all_entries(&self) -> Vec<PresetEntry> {
        let mut v = self.entries();
        v.extend(self.applications.iter().map(|(e, _)| e.clone()));
        v.extend(self.offload_platforms.iter().map(|(e, _)| e.clone()));
        v.extend(self.offload_kernels.iter().map(|(e, _)| e.clone()));
        v.extend(self.cpus.iter().map(|(e, _)| e.clone()));
        v.extend(self.gpus.iter().map(|(e, _)| e.clone()));
        v
    }

    /// CPU spec sheets, by id.
    pub fn cpus(&self) -> &[(PresetEntry, CpuSpec)] {
        &self.cpus
    }

    /// GPU spec sheets, by id.
    pub fn gpus(&self) -> &[(PresetEntry, GpuSpec)] {
        &self.gpus
    }

    /// A CPU spec sheet by id or name, case-insensitive.
    pub fn cpu(&self, key: &str) -> Option<&(PresetEntry, CpuSpec)> {
        find(&self.cpus, key)
    }

    /// A GPU spec sheet by id or name, case-insensitive.
    pub fn gpu(&self, key: &str) -> Option<&(PresetEntry, GpuSpec)> {
        find(&self.gpus, key)
    }

    pub fn offload_platforms(&self) -> &[(PresetEntry, OffloadPlatformPreset)] {
        &self.offload_platforms
    }

    pub fn offload_kernels(&self) -> &[(PresetEntry, OffloadKernelPreset)] {
        &self.offload_kernels
    }

    /// By id or name, case-insensitive (an id match wins).
    pub fn offload_platform(&self, key: &str) -> Option<&(PresetEntry, OffloadPlatformPreset)> {
        find(&self.offload_platforms, key)
    }

    /// By id or name, case-insensitive (an id match wins).
    pub fn offload_kernel(&self, key: &str) -> Option<&(PresetEntry, OffloadKernelPreset)> {
        find(&self.offload_kernels, key)
    }

    /// The offload kernels of a set, in the set's order (the suite views'
    /// bars); an id the catalog lacks is skipped (the built-in catalog
    /// has them all).
    pub fn offload_suite(&self, set: KernelSet) -> Vec<&(PresetEntry, OffloadKernelPreset)> {
        set.ids()
            .iter()
            .filter_map(|id| self.offload_kernels.iter().find(|(e, _)| e.id == *id))
            .collect()
    }

    /// The FPM devices' speed functions, by id (listed by `fpm devices`,
    /// not by `presets list`).
    pub fn devices(&self) -> &[(PresetEntry, SpeedCsv)] {
        &self.devices
    }

    /// A device by id, case-insensitive.
    pub fn device(&self, key: &str) -> Option<&(PresetEntry, SpeedCsv)> {
        find(&self.devices, key)
    }

    pub fn applications(&self) -> &[(PresetEntry, ApplicationPreset)] {
        &self.applications
    }

    pub fn application(&self, key: &str) -> Option<&(PresetEntry, ApplicationPreset)> {
        find(&self.applications, key)
    }

    pub fn processors(&self) -> &[(PresetEntry, ProcessorPreset)] {
        &self.processors
    }

    pub fn platforms(&self) -> &[(PresetEntry, PlatformPreset)] {
        &self.platforms
    }

    pub fn workloads(&self) -> &[(PresetEntry, WorkloadPreset)] {
        &self.workloads
    }

    /// By id or name, case-insensitive (an id match wins).
    pub fn processor(&self, key: &str) -> Option<&(PresetEntry, ProcessorPreset)> {
        find(&self.processors, key)
    }

    pub fn platform(&self, key: &str) -> Option<&(PresetEntry, PlatformPreset)> {
        find(&self.platforms, key)
    }

    pub fn workload(&self, key: &str) -> Option<&(PresetEntry, WorkloadPreset)> {
        find(&self.workloads, key)
    }

    /// The ids of one kind, sorted (for "known: ..." messages and pickers).
    pub fn ids(&self, kind: PresetKind) -> Vec<String> {
        match kind {
            PresetKind::Processor => ids(&self.processors),
            PresetKind::Platform => ids(&self.platforms),
            PresetKind::Workload => ids(&self.workloads),
            PresetKind::Application => ids(&self.applications),
            PresetKind::OffloadPlatform => ids(&self.offload_platforms),
            PresetKind::OffloadKernel => ids(&self.offload_kernels),
            PresetKind::Device => ids(&self.devices),
            PresetKind::Cpu => ids(&self.cpus),
            PresetKind::Gpu => ids(&self.gpus),
        }
    }
}

//! Which kind of file a file is, by its content: what the window does
//! with a file dropped on it, headless so that it can be tested and
//! fuzzed.
//!
//! A RON file is told by its top-level fields (or the struct name before
//! its parenthesis, where it has one), compared with each kind's fields
//! (`ron_kind.rs`); a CSV file by its header's columns (`csv_kind.rs`),
//! after its `#` comment lines. Where two kinds fit equally, the one
//! whose parser reads the file wins, then the one the file's name points
//! to (its folder or extension). Anything else is refused with what the
//! file looked like and the kinds hetscope reads.

mod csv_kind;
mod fields;
mod ron_kind;

use crate::CoreError;
use crate::file_error::FileError;
use hetscope_preset::PresetKind;

/// What a file of a kind is to the model that reads it (each model
/// declares its kinds in its folder: `READS`; `crate::reads` asks them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reading {
    /// One of the model's presets: a drop puts it in the model's tab.
    Preset,
    /// Measurements the model's predictions are compared with
    /// (`validate`, the "Model against measurement" view); a drop on the
    /// model's tab reads them into its scenario.
    Compared,
    /// Measurements compared with and held by the model's scenario, drawn
    /// beside its figures (`--measured`, a session's measured files).
    Held,
}

impl Reading {
    /// Whether the file is a measurement (compared, held or not).
    pub fn is_measurement(self) -> bool {
        self != Reading::Preset
    }
}

/// Every kind of file hetscope reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FileKind {
    /// A session file (`hetscope session`, the window's Save).
    Session,
    /// A platform preset (`presets/platforms/`).
    Platform,
    /// A processor preset (`presets/processors/`).
    Processor,
    /// A CPU spec sheet (`presets/cpus/`).
    CpuSpec,
    /// A GPU spec sheet (`presets/gpus/`).
    GpuSpec,
    /// A PerDome / PeaPaw workload preset (`presets/workloads/`).
    Workload,
    /// An offload kernel preset (`presets/offload-kernels/`).
    OffloadKernel,
    /// An offload platform preset (`presets/offload-platforms/`).
    OffloadPlatform,
    /// A boat hull application preset (`presets/applications/`).
    Application,
    /// An FPM speed function of one device, CSV (`presets/devices/`).
    SpeedFunction,
    /// A PerDome measured CSV (the input of `presets import-measured`).
    PerdomeMeasured,
    /// Energy runs for the energy fit, CSV.
    EnergyRuns,
    /// The GPU probe's CSV (the input of `presets import-probe`).
    GpuProbe,
    /// Boat hull measured times, CSV.
    BoathullTimes,
    /// Offload measured speedups, CSV.
    OffloadSpeedups,
    /// Host loop times (`hetscope-loops`, `measure loops`), CSV.
    HostLoopTimes,
    /// A StarPU codelet performance model (`<symbol>.<host>`).
    StarpuModel,
}

impl FileKind {
    pub const ALL: [FileKind; 17] = [
        FileKind::Session,
        FileKind::Platform,
        FileKind::Processor,
        FileKind::CpuSpec,
        FileKind::GpuSpec,
        FileKind::Workload,
        FileKind::OffloadKernel,
        FileKind::OffloadPlatform,
        FileKind::Application,
        FileKind::SpeedFunction,
        FileKind::PerdomeMeasured,
        FileKind::EnergyRuns,
        FileKind::GpuProbe,
        FileKind::BoathullTimes,
        FileKind::OffloadSpeedups,
        FileKind::HostLoopTimes,
        FileKind::StarpuModel,
    ];

    /// A short human name, e.g. "GPU spec sheet".
    pub fn describe(self) -> &'static str {
        match self {
            FileKind::Session => "session file",
            FileKind::Platform => "platform preset",
            FileKind::Processor => "processor preset",
            FileKind::CpuSpec => "CPU spec sheet",
            FileKind::GpuSpec => "GPU spec sheet",
            FileKind::Workload => "workload preset",
            FileKind::OffloadKernel => "offload kernel preset",
            FileKind::OffloadPlatform => "offload platform preset",
            FileKind::Application => "boat hull application preset",
            FileKind::SpeedFunction => "FPM speed function (device CSV)",
            FileKind::PerdomeMeasured => "PerDome measured CSV",
            FileKind::EnergyRuns => "energy runs CSV",
            FileKind::GpuProbe => "GPU probe CSV",
            FileKind::BoathullTimes => "boat hull measured times CSV",
            FileKind::OffloadSpeedups => "offload measured speedups CSV",
            FileKind::HostLoopTimes => "host loop times CSV",
            FileKind::StarpuModel => "StarPU performance model",
        }
    }

    /// The preset kind of a preset file (its folder under `presets/`).
    pub fn preset_kind(self) -> Option<PresetKind> {
        Some(match self {
            FileKind::Platform => PresetKind::Platform,
            FileKind::Processor => PresetKind::Processor,
            FileKind::CpuSpec => PresetKind::Cpu,
            FileKind::GpuSpec => PresetKind::Gpu,
            FileKind::Workload => PresetKind::Workload,
            FileKind::OffloadKernel => PresetKind::OffloadKernel,
            FileKind::OffloadPlatform => PresetKind::OffloadPlatform,
            FileKind::Application => PresetKind::Application,
            FileKind::SpeedFunction => PresetKind::Device,
            _ => return None,
        })
    }
}

/// The kind of the file `name` (its name or path, which may break a tie)
/// whose content is `bytes`.
pub fn recognize(name: &str, bytes: &[u8]) -> Result<FileKind, CoreError> {
    let found = std::str::from_utf8(bytes).ok().and_then(|text| {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if is_starpu_model(text) {
            Some(FileKind::StarpuModel)
        } else if ron_kind::looks_like_ron(text) {
            ron_kind::recognize(name, text)
        } else {
            csv_kind::recognize(text)
        }
    });
    found.ok_or_else(|| {
        let accepted: Vec<&str> = FileKind::ALL.iter().map(|k| k.describe()).collect();
        CoreError::File(FileError::Unrecognized {
            file: name.to_string(),
            looked_like: looked_like(bytes),
            accepted: format!("one of: {}", accepted.join(", ")),
        })
    })
}

/// Whether `text` opens as StarPU writes its codelet models: a comment
/// naming the performance-model version among its first lines.
fn is_starpu_model(text: &str) -> bool {
    text.lines()
        .take(3)
        .any(|l| l.trim() == "# Performance Model Version")
}

/// What `bytes` look like, in a few words: binary data, RON with its
/// fields, CSV with its columns, or the start of the text.
pub fn looked_like(bytes: &[u8]) -> String {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return format!("binary data, {} bytes, not UTF-8 text", bytes.len());
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.contains('\0') {
        return format!("binary data, {} bytes", bytes.len());
    }
    if text.trim().is_empty() {
        return "an empty file".to_string();
    }
    if ron_kind::looks_like_ron(text) {
        let fields = ron_kind::top_fields(text);
        if fields.is_empty() {
            return "RON without named fields".to_string();
        }
        return format!("RON with the fields {}", shorten(&fields.join(", ")));
    }
    match csv_kind::header(text) {
        Some(cols) if cols.len() > 1 => {
            format!("CSV with the columns {}", shorten(&cols.join(", ")))
        }
        _ => {
            let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
            format!("text starting `{}`", shorten(first.trim()))
        }
    }
}

/// At most 60 characters of `text`, control characters escaped, an
/// ellipsis after a cut.
fn shorten(text: &str) -> String {
    let plain = crate::file_error::plain(text);
    match plain.char_indices().nth(60) {
        Some((at, _)) => format!("{}...", &plain[..at]),
        None => plain,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::{Path, PathBuf};

    fn root() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
    }

    /// The kind of the file at `rel` (from the workspace root), by its
    /// content alone (the name given is a bare one).
    fn kind_of(rel: &str) -> Result<FileKind, CoreError> {
        let bytes = std::fs::read(root().join(rel)).expect("a file");
        recognize("dropped", &bytes)
    }

    fn files(folder: &str) -> Vec<String> {
        let mut out: Vec<String> = std::fs::read_dir(root().join(folder))
            .expect("a folder")
            .map(|e| e.expect("an entry").path())
            .filter(|p| p.is_file())
            .map(|p| format!("{folder}/{}", p.file_name().unwrap().to_string_lossy()))
            .collect();
        out.sort();
        out
    }

    #[test]
    fn every_preset_is_its_kind() {
        for kind in FileKind::ALL {
            let Some(p) = kind.preset_kind() else {
                continue;
            };
            let all = files(&format!("presets/{}", p.folder()));
            assert!(!all.is_empty(), "{kind:?}");
            for f in all {
                assert_eq!(kind_of(&f).ok(), Some(kind), "{f}");
            }
        }
    }

    #[test]
    fn measured_data_and_older_files_are_their_kind() {
        for (f, kind) in [
            (
                "assets/data/h100-boathull-measured.csv",
                FileKind::BoathullTimes,
            ),
            ("assets/data/h100-energy-runs.csv", FileKind::EnergyRuns),
            (
                "assets/data/h100-node-sa-measured.csv",
                FileKind::PerdomeMeasured,
            ),
            (
                "assets/data/h100-offload-measured.csv",
                FileKind::OffloadSpeedups,
            ),
            ("assets/data/h100-node-probe-quick.csv", FileKind::GpuProbe),
            (
                "crates/preset/tests/data/starpu/chol_model_22.vm",
                FileKind::StarpuModel,
            ),
            (
                "crates/preset/tests/data/starpu/mlr_final.vm",
                FileKind::StarpuModel,
            ),
            ("tests/data/format1/gemm.ron", FileKind::OffloadKernel),
            ("tests/data/format1/gtx-750.ron", FileKind::GpuSpec),
            (
                "tests/data/format1/i7-2600k-perdome.ron",
                FileKind::Processor,
            ),
            ("tests/data/format1/i7-2600k.ron", FileKind::CpuSpec),
            (
                "tests/data/format1/i7-gtx750-perdome.ron",
                FileKind::Platform,
            ),
            (
                "tests/data/format1/paper-cpu24.csv",
                FileKind::SpeedFunction,
            ),
            ("tests/data/format1/perdome-sa.ron", FileKind::Workload),
            (
                "tests/data/format1/power9-v100-nvlink2.ron",
                FileKind::OffloadPlatform,
            ),
            ("tests/data/format1/sobel-edges.ron", FileKind::Application),
        ] {
            assert_eq!(kind_of(f).ok(), Some(kind), "{f}");
        }
    }

    #[test]
    fn a_session_file_is_one() {
        let text = crate::session_file::session_to_text(&crate::Session::default()).unwrap();
        assert_eq!(
            recognize("s", text.as_bytes()).ok(),
            Some(FileKind::Session)
        );
    }

    #[test]
    fn a_struct_name_or_a_misspelt_field_still_tells_the_kind() {
        let gpu = std::fs::read_to_string(root().join("presets/gpus/gtx-470.ron")).unwrap();
        let named = gpu.replacen("\n(\n", "\nGpuSpec(\n", 1);
        assert_ne!(named, gpu);
        assert_eq!(
            recognize("x", named.as_bytes()).ok(),
            Some(FileKind::GpuSpec)
        );
        let typo = gpu.replacen("sms:", "smz:", 1);
        assert_eq!(
            recognize("x", typo.as_bytes()).ok(),
            Some(FileKind::GpuSpec)
        );
        let broken = gpu.replacen("sms: 14,", "sms: 14 14,,", 1);
        assert_eq!(
            recognize("x", broken.as_bytes()).ok(),
            Some(FileKind::GpuSpec)
        );
        let csv = "# a comment\nSIZE, Speed\n1,2\n";
        assert_eq!(
            recognize("x", csv.as_bytes()).ok(),
            Some(FileKind::SpeedFunction)
        );
    }

    #[test]
    fn junk_is_refused_saying_what_it_looked_like() {
        for (bytes, looked) in [
            (&b"hello world\n"[..], "text starting `hello world`"),
            (&[0u8, 159, 146, 150, 1, 2][..], "binary data, 6 bytes"),
            (b"", "an empty file"),
            (b"(a: 1, b: [2])", "RON with the fields a, b"),
            (b"a,b,c\n1,2,3\n", "CSV with the columns a, b, c"),
            (b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", "binary data"),
        ] {
            let e = recognize("junk.bin", bytes).expect_err(looked).to_string();
            assert!(e.starts_with("junk.bin: not a file hetscope reads"), "{e}");
            assert!(e.contains(looked), "{e}");
            assert!(
                e.contains("GPU spec sheet") && e.contains("session file"),
                "{e}"
            );
            assert!(!e.contains('\n'), "{e}");
        }
    }

    #[test]
    fn every_kind_has_a_name() {
        let names: std::collections::BTreeSet<&str> =
            FileKind::ALL.iter().map(|k| k.describe()).collect();
        assert_eq!(names.len(), FileKind::ALL.len());
        assert_eq!(FileKind::GpuSpec.describe(), "GPU spec sheet");
    }
}

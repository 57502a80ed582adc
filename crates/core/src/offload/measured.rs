//! Measured offload speedups: a CSV file read once into the figure's
//! [`MeasuredSuite`] (kernel names matched against the catalog) and held
//! by the scenario by shared reference; and how the scenario's field is
//! read back, also from a state saved when it held the file's path
//! alone.

use std::path::Path;

use serde::{Deserialize, Deserializer};

use crate::Loaded;
use hetscope_figure::offload::{MeasuredRun, MeasuredSuite, RunTimes};
use hetscope_preset::offload::{MeasuredOffload, parse_measured_offload};
use hetscope_preset::{Catalog, PresetError};

/// The figure's measurements of a parsed file, named by `file` in the
/// legend and the notes.
pub fn measured_suite(m: &MeasuredOffload, file: &str) -> MeasuredSuite {
    MeasuredSuite {
        file: file.to_string(),
        runs: m
            .rows
            .iter()
            .map(|r| MeasuredRun {
                kernel: r.kernel.clone(),
                n: r.n,
                threads: r.threads,
                speedup: r.speedup,
                times: r.times.map(|t| RunTimes {
                    cpu_s: t.cpu_s,
                    kernel_s: t.gpu_kernel_s,
                    transfer_s: t.transfer_s(),
                }),
            })
            .collect(),
    }
}

/// Read a measured-speedup file once (kernel names matched against
/// `catalog`); the error names the file, line and column.
pub fn load_measured(path: &Path, catalog: &Catalog) -> Result<Loaded<MeasuredSuite>, PresetError> {
    let origin = path.display().to_string();
    Loaded::read(path, |text| {
        parse_measured_offload(text, &origin, catalog)
            .map(|m| measured_suite(&m, &hetscope_fsio::file_name(path)))
    })
}

/// The scenario's `measured` field as a saved state holds it: the loaded
/// file, or (saved before the data was kept) its path alone.
#[derive(Deserialize)]
#[serde(untagged)]
enum SavedMeasured {
    Loaded(Loaded<MeasuredSuite>),
    /// The path is not kept here: it is the scenario's typed path too.
    Path(#[expect(dead_code, reason = "the typed path holds it")] String),
}

/// Read the scenario's `measured` field: the loaded file as saved now,
/// or none for a state that saved the path alone (`Some("<path>")`); the
/// path is also the scenario's typed path, and the window reads it again
/// at start-up.
pub(super) fn loaded_or_path<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<Option<Loaded<MeasuredSuite>>, D::Error> {
    Ok(match Option::<SavedMeasured>::deserialize(d)? {
        Some(SavedMeasured::Loaded(m)) => Some(m),
        Some(SavedMeasured::Path(_)) | None => None,
    })
}

#[cfg(test)]
mod tests {
    use super::super::OffloadScenario;
    use super::*;

    fn suite() -> MeasuredSuite {
        let times = RunTimes {
            cpu_s: 2.0,
            kernel_s: 0.5,
            transfer_s: 0.5,
        };
        let run = MeasuredRun {
            kernel: "GEMM".into(),
            n: 9600.0,
            threads: 16.0,
            speedup: 2.0,
            times: Some(times),
        };
        MeasuredSuite {
            file: "m.csv".into(),
            runs: vec![run],
        }
    }

    #[test]
    fn a_loaded_file_is_saved_with_its_data_and_reads_back() {
        let s = OffloadScenario {
            measured: Some(Loaded::from_file("dir/m.csv", b"x", suite())),
            ..OffloadScenario::default()
        };
        let text = ron::to_string(&s).expect("saved");
        let back: OffloadScenario = ron::from_str(&text).expect("read back");
        assert_eq!(back, s);
        assert_eq!(back.measured.expect("loaded").data(), &suite());
    }

    #[test]
    fn a_state_that_saved_the_path_alone_reads_as_none() {
        let text = "(size:777.0,measured_path:\"m.csv\",measured:Some(\"m.csv\"))";
        let s: OffloadScenario = ron::from_str(text).expect("an older state");
        assert_eq!(s.measured, None);
        assert_eq!((s.size, s.measured_path.as_str()), (777.0, "m.csv"));
        let none: OffloadScenario = ron::from_str("(measured:None)").expect("none");
        assert_eq!(none.measured, None);
    }
}

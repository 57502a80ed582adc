//! CSV files told apart by their header: the first line that is neither
//! empty nor a `#` comment, split at commas, each name trimmed and
//! compared in any case with the columns each parser requires (the
//! parsers' own lists where they export them). The kind whose required
//! columns the header holds the largest share of wins (at least half of
//! them, and two columns), the one with more of its optional columns
//! breaking a tie.

use super::FileKind;
use hetscope_preset::perdome::energy_runs;
use hetscope_preset::perdome::measured_csv;
use hetscope_preset::probe::schema;

/// A CSV kind: the columns it requires and those it may have.
struct CsvKind {
    kind: FileKind,
    required: Vec<&'static str>,
    optional: Vec<&'static str>,
}

fn kinds() -> Vec<CsvKind> {
    use hetscope_preset::{boathull, offload};
    vec![
        CsvKind {
            kind: FileKind::SpeedFunction,
            required: vec!["size", "speed"],
            optional: vec![],
        },
        CsvKind {
            kind: FileKind::PerdomeMeasured,
            required: measured_csv::COLUMNS.to_vec(),
            optional: vec![],
        },
        CsvKind {
            kind: FileKind::EnergyRuns,
            required: energy_runs::REQUIRED.to_vec(),
            optional: energy_runs::LABEL_COLUMNS.to_vec(),
        },
        CsvKind {
            kind: FileKind::GpuProbe,
            required: schema::HEADER.to_vec(),
            optional: vec![],
        },
        CsvKind {
            kind: FileKind::BoathullTimes,
            required: boathull::REQUIRED_COLUMNS.to_vec(),
            optional: vec!["class", "variant", "kind"],
        },
        CsvKind {
            kind: FileKind::OffloadSpeedups,
            required: offload::KEY_COLUMNS.to_vec(),
            optional: [&["speedup"][..], &offload::TIME_COLUMNS[..]].concat(),
        },
        CsvKind {
            kind: FileKind::HostLoopTimes,
            required: offload::HOST_LOOP_COLUMNS.to_vec(),
            optional: offload::HOST_LOOP_OPTIONAL.to_vec(),
        },
    ]
}

/// The header's column names: the first line that is not empty or a
/// comment, split at commas, names trimmed and unquoted.
pub fn header(text: &str) -> Option<Vec<String>> {
    let line = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))?;
    Some(
        line.split(',')
            .map(|c| c.trim().trim_matches('"').trim().to_string())
            .collect(),
    )
}

/// The kind of the CSV `text`, if its header fits one.
pub fn recognize(text: &str) -> Option<FileKind> {
    let cols = header(text)?;
    let has = |name: &str| cols.iter().any(|c| c.eq_ignore_ascii_case(name));
    let mut best: Option<(f64, usize, FileKind)> = None;
    for k in kinds() {
        let found = k.required.iter().filter(|c| has(c)).count();
        let share = found as f64 / k.required.len() as f64;
        if found < 2 || share < 0.5 {
            continue;
        }
        let extra = k.optional.iter().filter(|c| has(c)).count();
        let better = best.is_none_or(|(s, e, _)| (share, extra) > (s, e));
        if better {
            best = Some((share, extra, k.kind));
        }
    }
    best.map(|(_, _, kind)| kind)
}

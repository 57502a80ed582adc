//! Measured energy runs from CSV, for the energy fit of PeaPaw 6.2
//! (`model::perdome::energy_fit`), in the format of the shipped
//! `assets/data/h100-energy-runs.csv`:
//!
//! `k,launches,time_s,energy_j,n_flops,n_bytes`
//!
//! One row per run. The columns `time_s` (s), `energy_j` (J), `n_flops` and
//! `n_bytes` are required, in any order; a `label`, `name` or `k` column
//! names each run; any other column is ignored. Lines starting with `#`
//! are comments; `# format: N` names the format version (a newer one is
//! refused, see `preset::version`).

use std::path::Path;

use crate::csv_rows::{self, Dialect, Row, Sign};
use crate::error::PresetError;
use crate::file::read_text;
use hetscope_model::perdome::energy_fit::EnergyRun;

/// The columns every file needs.
pub const REQUIRED: [&str; 4] = ["time_s", "energy_j", "n_flops", "n_bytes"];

/// Columns that name a run, the first found wins (`k`: the shipped
/// files' flops per element).
pub const LABEL_COLUMNS: [&str; 3] = ["label", "name", "k"];

/// The runs of one file, in file order.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct EnergyRuns {
    /// The file (or other origin) they were read from.
    pub origin: String,
    /// One label per run: the label column's value, else `run N`.
    pub labels: Vec<String>,
    pub runs: Vec<EnergyRun>,
}

impl EnergyRuns {
    pub fn len(&self) -> usize {
        self.runs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.runs.is_empty()
    }
}

/// Read and check an energy-runs CSV file.
pub fn load_energy_runs(path: &Path) -> Result<EnergyRuns, PresetError> {
    parse_energy_runs(&read_text(path)?, &path.display().to_string())
}

/// How the file splits its fields: no field is quoted; lines starting
/// with `#` are comments.
const DIALECT: Dialect = Dialect {
    quoting: false,
    comments: true,
};

/// Parse an energy-runs CSV; `origin` names the file in messages.
pub fn parse_energy_runs(text: &str, origin: &str) -> Result<EnergyRuns, PresetError> {
    let (header, mut records) = csv_rows::open(text, origin, DIALECT)?;
    let header = header.unwrap_or_default();
    header.require(&REQUIRED).map_err(|name| {
        let expected = format!("required columns: {}", REQUIRED.join(","));
        csv_rows::missing_column(origin, header.line(), name, &expected)
    })?;
    let label_col = LABEL_COLUMNS.into_iter().find(|name| header.has(name));
    let mut out = EnergyRuns {
        origin: origin.to_string(),
        ..EnergyRuns::default()
    };
    let mut row = 0;
    while let Some(rec) = records.next_record() {
        row += 1;
        let rec =
            rec.map_err(|e| PresetError::csv(origin, Some(row), None, None, e.to_string()))?;
        let at = Row::new(origin, &header, rec)
            .at(Some(row), rec.position().map(|p| p.line()))
            .telling_short();
        out.runs.push(run(&at)?);
        let label = match label_col.and_then(|name| Some((name, at.optional(name)?))) {
            Some(("k", v)) => format!("k = {v}"),
            Some((_, v)) => v.to_string(),
            None => format!("run {row}"),
        };
        out.labels.push(label);
    }
    if out.runs.is_empty() {
        return Err(csv_rows::no_data_rows(origin));
    }
    Ok(out)
}

/// The run of one record.
fn run(row: &Row) -> Result<EnergyRun, PresetError> {
    let num = |name: &str, sign: Sign| row.number(name, sign).map_err(|e| row.field_error(name, e));
    Ok(EnergyRun {
        time_s: num("time_s", Sign::Positive)?,
        energy_j: num("energy_j", Sign::Positive)?,
        n_flops: num("n_flops", Sign::ZeroOrPositive)?,
        n_bytes: num("n_bytes", Sign::ZeroOrPositive)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHIPPED: &str = include_str!("../../../../assets/data/h100-energy-runs.csv");

    #[test]
    fn reads_the_shipped_runs_with_their_labels() {
        let r = parse_energy_runs(SHIPPED, "runs.csv").expect("valid");
        assert_eq!(r.len(), 8);
        assert_eq!(r.labels[0], "k = 0");
        assert_eq!(r.runs[4].energy_j, 1456.483);
    }

    #[test]
    fn errors_name_the_line_and_column() {
        let text = "# comment\ntime_s,energy_j,n_flops,n_bytes\n1,2,3,4\n1,x,3,4\n";
        let e = parse_energy_runs(text, "f.csv").unwrap_err().to_string();
        assert!(e.contains("f.csv") && e.contains("line 4") && e.contains("`energy_j`"));
        assert!(e.contains("not a number"), "{e}");
        let e = parse_energy_runs("time_s,energy_j,n_flops\n1,2,3\n", "f.csv")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 1") && e.contains("`n_bytes`"), "{e}");
        for bad in ["-1", "NaN", "inf"] {
            let text = format!("time_s,energy_j,n_flops,n_bytes\n1,2,{bad},4\n");
            let e = parse_energy_runs(&text, "f.csv").unwrap_err().to_string();
            assert!(e.contains("line 2") && e.contains("`n_flops`"), "{e}");
        }
    }
}

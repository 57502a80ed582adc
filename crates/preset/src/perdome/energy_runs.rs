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

fn csv_err(
    origin: &str,
    (row, line): (Option<usize>, Option<u64>),
    column: Option<&str>,
    message: impl Into<String>,
) -> PresetError {
    PresetError::csv(origin, row, line, column, message)
}

/// Parse an energy-runs CSV; `origin` names the file in messages.
pub fn parse_energy_runs(text: &str, origin: &str) -> Result<EnergyRuns, PresetError> {
    crate::version::csv_format(text, origin)?;
    let mut rd = csv::ReaderBuilder::new()
        .flexible(true)
        .quoting(false)
        .trim(csv::Trim::All)
        .comment(Some(b'#'))
        .from_reader(text.as_bytes());
    let header = rd
        .headers()
        .map_err(|e| {
            let msg = format!("cannot read the header: {e}");
            csv_err(origin, (None, Some(1)), None, msg)
        })?
        .clone();
    let header_line = header.position().map_or(1, |p| p.line());
    let idx = required_columns(&header, origin, header_line)?;
    let label_col = LABEL_COLUMNS
        .iter()
        .find_map(|name| header.iter().position(|h| h == *name).map(|k| (k, *name)));
    let mut out = EnergyRuns {
        origin: origin.to_string(),
        ..EnergyRuns::default()
    };
    for (n, rec) in rd.records().enumerate() {
        let row = n + 1;
        let rec = rec.map_err(|e| csv_err(origin, (Some(row), None), None, e.to_string()))?;
        let reader = RowReader {
            origin,
            row,
            line: rec.position().map(|p| p.line()),
            rec: &rec,
            header_len: header.len(),
        };
        out.runs.push(reader.run(&idx)?);
        let label = match label_col {
            Some((k, name)) => match rec.get(k).filter(|s| !s.is_empty()) {
                Some(v) if name == "k" => format!("k = {v}"),
                Some(v) => v.to_string(),
                None => format!("run {row}"),
            },
            None => format!("run {row}"),
        };
        out.labels.push(label);
    }
    if out.runs.is_empty() {
        return Err(csv_err(origin, (None, None), None, "no data rows"));
    }
    Ok(out)
}

/// Where each of [`REQUIRED`] is in the header.
fn required_columns(
    header: &csv::StringRecord,
    origin: &str,
    line: u64,
) -> Result<[usize; 4], PresetError> {
    let mut idx = [0usize; 4];
    for (slot, name) in idx.iter_mut().zip(REQUIRED) {
        *slot = header.iter().position(|h| h == name).ok_or_else(|| {
            let msg = format!(
                "missing from the header (required columns: {})",
                REQUIRED.join(",")
            );
            csv_err(origin, (None, Some(line)), Some(name), msg)
        })?;
    }
    Ok(idx)
}

/// One data record with what its errors name.
struct RowReader<'a> {
    origin: &'a str,
    /// 1-based data row.
    row: usize,
    line: Option<u64>,
    rec: &'a csv::StringRecord,
    header_len: usize,
}

impl RowReader<'_> {
    fn err(&self, col: &str, msg: String) -> PresetError {
        csv_err(self.origin, (Some(self.row), self.line), Some(col), msg)
    }

    /// Column `name` at `k` as a finite number, positive (or also zero
    /// with `zero_ok`).
    fn num(&self, k: usize, name: &str, zero_ok: bool) -> Result<f64, PresetError> {
        let s = match self.rec.get(k) {
            Some(s) if !s.is_empty() => s,
            Some(_) => return Err(self.err(name, "empty value".to_string())),
            None => {
                let msg = format!(
                    "missing (the row has {} of {} columns)",
                    self.rec.len(),
                    self.header_len
                );
                return Err(self.err(name, msg));
            }
        };
        let v: f64 = s
            .parse()
            .map_err(|_| self.err(name, format!("`{s}` is not a number")))?;
        if !(v.is_finite() && (v > 0.0 || (zero_ok && v == 0.0))) {
            let need = if zero_ok {
                "zero or positive"
            } else {
                "positive"
            };
            return Err(self.err(name, format!("{s}: must be a finite {need} number")));
        }
        Ok(v)
    }

    /// The run of this record; `idx` are the columns of [`REQUIRED`].
    fn run(&self, idx: &[usize; 4]) -> Result<EnergyRun, PresetError> {
        Ok(EnergyRun {
            time_s: self.num(idx[0], REQUIRED[0], false)?,
            energy_j: self.num(idx[1], REQUIRED[1], false)?,
            n_flops: self.num(idx[2], REQUIRED[2], true)?,
            n_bytes: self.num(idx[3], REQUIRED[3], true)?,
        })
    }
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

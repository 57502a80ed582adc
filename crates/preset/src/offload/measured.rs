//! Measured offload speedups: a CSV file with one row per kernel, problem
//! size and host thread count, to be set beside the model's predictions
//! (the suite view, `eval offload --suite --measured`).
//!
//! Columns (any order; others are ignored; `#` starts a comment line):
//! `kernel` (an offload kernel preset's name or id, any case), `n` (the
//! problem size), `threads` (OpenMP threads of the host run), and either
//! `speedup` or the four times `cpu_s`, `gpu_kernel_s`, `h2d_s`, `d2h_s`
//! (seconds; with both, `speedup` wins and the times are kept for the
//! comparison of times). Without `speedup` it is `cpu_s / (gpu_kernel_s +
//! h2d_s + d2h_s)`. A comment `# format: N` names the format version (a
//! newer one is refused, see `preset::version`). Errors name the file,
//! the line and the column.

use std::path::Path;

use crate::Catalog;
use crate::error::PresetError;

/// The columns every file has.
pub const KEY_COLUMNS: [&str; 3] = ["kernel", "n", "threads"];
/// The time columns: host, GPU kernel, copies up and down.
pub const TIME_COLUMNS: [&str; 4] = ["cpu_s", "gpu_kernel_s", "h2d_s", "d2h_s"];

/// One run's times, seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MeasuredTimes {
    pub cpu_s: f64,
    pub gpu_kernel_s: f64,
    pub h2d_s: f64,
    pub d2h_s: f64,
}

impl MeasuredTimes {
    /// Both copies.
    pub fn transfer_s(&self) -> f64 {
        self.h2d_s + self.d2h_s
    }

    /// Kernel and copies: the time of the offloaded loop.
    pub fn gpu_s(&self) -> f64 {
        self.gpu_kernel_s + self.transfer_s()
    }

    /// Host time over offloaded time.
    pub fn speedup(&self) -> f64 {
        self.cpu_s / self.gpu_s()
    }
}

/// One measured row, its kernel matched to a kernel preset.
#[derive(Clone, Debug, PartialEq)]
pub struct MeasuredOffloadRow {
    /// Line in the file.
    pub line: u64,
    /// The kernel preset's name (as the suite's bars name it).
    pub kernel: String,
    /// The kernel preset's id.
    pub kernel_id: String,
    pub n: f64,
    pub threads: f64,
    /// The times, when the file gives them.
    pub times: Option<MeasuredTimes>,
    /// Measured host time over offloaded time.
    pub speedup: f64,
}

/// A measured-speedup file.
#[derive(Clone, Debug, PartialEq)]
pub struct MeasuredOffload {
    /// The file as named in messages.
    pub origin: String,
    pub rows: Vec<MeasuredOffloadRow>,
}

/// Read a measured-speedup file; kernel names are matched against
/// `catalog`'s offload kernels.
pub fn load_measured_offload(
    path: &Path,
    catalog: &Catalog,
) -> Result<MeasuredOffload, PresetError> {
    let text = std::fs::read_to_string(path).map_err(|e| PresetError::io(path, e))?;
    parse_measured_offload(&text, &path.display().to_string(), catalog)
}

fn csv_err(origin: &str, line: Option<u64>, column: Option<&str>, message: String) -> PresetError {
    PresetError::csv(origin, None, line, column, message)
}

/// Where each column is in the header.
struct Columns {
    key: [usize; 3],
    speedup: Option<usize>,
    times: Option<[usize; 4]>,
}

impl Columns {
    fn of(header: &csv::StringRecord, origin: &str) -> Result<Columns, PresetError> {
        let find = |name: &str| header.iter().position(|h| h.eq_ignore_ascii_case(name));
        let mut key = [0; 3];
        for (slot, name) in key.iter_mut().zip(KEY_COLUMNS) {
            *slot = find(name).ok_or_else(|| missing(origin, name))?;
        }
        let speedup = find("speedup");
        let found: Vec<Option<usize>> = TIME_COLUMNS.iter().map(|c| find(c)).collect();
        let times = match found.iter().position(Option::is_none) {
            None => Some([0, 1, 2, 3].map(|k| found[k].unwrap_or_default())),
            Some(_) if speedup.is_some() => None,
            Some(k) => return Err(missing(origin, TIME_COLUMNS[k])),
        };
        Ok(Columns {
            key,
            speedup,
            times,
        })
    }
}

fn missing(origin: &str, name: &str) -> PresetError {
    csv_err(
        origin,
        Some(1),
        Some(name),
        format!(
            "missing from the header (expected {} and either speedup or {})",
            KEY_COLUMNS.join(","),
            TIME_COLUMNS.join(",")
        ),
    )
}

/// Parse a measured-speedup file; `origin` names it in messages.
pub fn parse_measured_offload(
    text: &str,
    origin: &str,
    catalog: &Catalog,
) -> Result<MeasuredOffload, PresetError> {
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
            csv_err(
                origin,
                Some(1),
                None,
                format!("cannot read the header: {e}"),
            )
        })?
        .clone();
    let cols = Columns::of(&header, origin)?;
    let mut rows: Vec<MeasuredOffloadRow> = Vec::new();
    for rec in rd.records() {
        let rec = rec.map_err(|e| {
            let line = e.position().map(|p| line_at(text, p.byte()));
            csv_err(origin, line, None, e.to_string())
        })?;
        let r = Record {
            origin,
            line: rec.position().map_or(0, |p| line_at(text, p.byte())),
            rec: &rec,
        };
        let row = r.read(&cols, catalog)?;
        if let Some(first) = rows
            .iter()
            .find(|o| o.kernel_id == row.kernel_id && o.n == row.n && o.threads == row.threads)
        {
            return Err(r.err(
                "kernel",
                format!(
                    "{} at n = {} with {} threads is measured twice (first on line {})",
                    row.kernel, row.n, row.threads, first.line
                ),
            ));
        }
        rows.push(row);
    }
    if rows.is_empty() {
        return Err(csv_err(origin, None, None, "no data rows".into()));
    }
    Ok(MeasuredOffload {
        origin: origin.to_string(),
        rows,
    })
}

/// The line (from 1) of the record starting at `byte`. The reader's own
/// line count lags by one after a CRLF line end (it stops at the CR), so
/// the line is counted here, past any line end left before the record.
fn line_at(text: &str, byte: u64) -> u64 {
    let bytes = text.as_bytes();
    let mut b = usize::try_from(byte)
        .unwrap_or(bytes.len())
        .min(bytes.len());
    while b < bytes.len() && matches!(bytes[b], b'\r' | b'\n') {
        b += 1;
    }
    1 + bytes[..b].iter().filter(|&&c| c == b'\n').count() as u64
}

/// One data record with what its errors name.
struct Record<'a> {
    origin: &'a str,
    line: u64,
    rec: &'a csv::StringRecord,
}

impl Record<'_> {
    fn err(&self, column: &str, message: String) -> PresetError {
        csv_err(self.origin, Some(self.line), Some(column), message)
    }

    /// The text at `idx`, empty when the row is short.
    fn text(&self, idx: usize) -> &str {
        self.rec.get(idx).unwrap_or("")
    }

    /// The field at `idx` (column `name`) as a finite positive number.
    fn positive(&self, idx: usize, name: &str) -> Result<f64, PresetError> {
        let s = self.text(idx);
        if s.is_empty() {
            return Err(self.err(name, "empty value".into()));
        }
        let v: f64 = s
            .parse()
            .map_err(|_| self.err(name, format!("`{s}` is not a number")))?;
        if !(v.is_finite() && v > 0.0) {
            return Err(self.err(name, format!("{s}: must be a finite positive number")));
        }
        Ok(v)
    }

    /// The field as a whole number of at least 1.
    fn whole(&self, idx: usize, name: &str) -> Result<f64, PresetError> {
        let v = self.positive(idx, name)?;
        if v.fract() != 0.0 {
            return Err(self.err(name, format!("{v}: must be a whole number")));
        }
        Ok(v)
    }

    fn read(&self, cols: &Columns, catalog: &Catalog) -> Result<MeasuredOffloadRow, PresetError> {
        let name = self.text(cols.key[0]);
        let (id, kernel) = match catalog.offload_kernel(name) {
            Some((e, k)) if !name.is_empty() => (e.id.clone(), k.name.clone()),
            _ => {
                let mut known: Vec<&str> = catalog
                    .offload_kernels()
                    .iter()
                    .map(|(_, k)| k.name.as_str())
                    .collect();
                known.sort_unstable();
                return Err(self.err(
                    "kernel",
                    format!("unknown kernel `{name}`; known: {}", known.join(", ")),
                ));
            }
        };
        let n = self.whole(cols.key[1], "n")?;
        let threads = self.whole(cols.key[2], "threads")?;
        let times = self.times(cols)?;
        let speedup = match (cols.speedup, times) {
            (Some(idx), Some(t)) if self.text(idx).is_empty() => t.speedup(),
            (Some(idx), _) => self.positive(idx, "speedup")?,
            (None, Some(t)) => t.speedup(),
            (None, None) => return Err(self.err("speedup", "no speedup and no times".into())),
        };
        // Times within range whose ratio overflows (cpu_s = 1e308).
        if !speedup.is_finite() {
            return Err(self.err(
                "cpu_s",
                "the speedup cpu_s / (gpu_kernel_s + h2d_s + d2h_s) is not a finite number".into(),
            ));
        }
        Ok(MeasuredOffloadRow {
            line: self.line,
            kernel,
            kernel_id: id,
            n,
            threads,
            times,
            speedup,
        })
    }

    /// The four times when the file has their columns and the row any of
    /// them (then all of them).
    fn times(&self, cols: &Columns) -> Result<Option<MeasuredTimes>, PresetError> {
        let Some(idx) = cols.times else {
            return Ok(None);
        };
        let all_empty = idx.iter().all(|&i| self.text(i).is_empty());
        if all_empty && cols.speedup.is_some() {
            return Ok(None);
        }
        let mut v = [0.0; 4];
        for ((slot, &i), name) in v.iter_mut().zip(&idx).zip(TIME_COLUMNS) {
            *slot = self.positive(i, name)?;
        }
        Ok(Some(MeasuredTimes {
            cpu_s: v[0],
            gpu_kernel_s: v[1],
            h2d_s: v[2],
            d2h_s: v[3],
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "kernel,n,threads,cpu_s,gpu_kernel_s,h2d_s,d2h_s,speedup\n";

    fn parse(text: &str) -> Result<MeasuredOffload, PresetError> {
        parse_measured_offload(text, "m.csv", &Catalog::builtin().expect("catalog"))
    }

    #[test]
    fn speedup_from_times_when_absent() {
        let m =
            parse("kernel,n,threads,cpu_s,gpu_kernel_s,h2d_s,d2h_s\ngemm,9600,16,4,1,0.5,0.5\n")
                .expect("parses");
        assert_eq!(m.rows[0].kernel, "GEMM");
        assert_eq!(m.rows[0].speedup, 2.0);
        let m = parse("KERNEL,N,THREADS,SPEEDUP\nAtax1,9600,16,0.5\n").expect("parses");
        assert_eq!(
            (m.rows[0].kernel_id.as_str(), m.rows[0].times),
            ("atax1", None)
        );
    }

    #[test]
    fn lines_are_counted_with_crlf_ends() {
        let text = format!("{HEAD}gemm,9600,16,1,1,1,1,2\r\ngemm,9600,16,1,1,1,1,2\r\n")
            .replace(",speedup\n", ",speedup\r\n");
        let t = parse(&text).expect_err("duplicate").to_string();
        assert!(t.contains("line 3") && t.contains("first on line 2"), "{t}");
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = parse(&format!(
            "{HEAD}gemm,9600,16,1,1,1,1,2\ngemm,9600,16,0,1,1,1,2\n"
        ))
        .expect_err("zero time");
        let t = e.to_string();
        assert!(t.contains("line 3") && t.contains("`cpu_s`"), "{t}");
        let t = parse("kernel,n,threads,cpu_s\n")
            .expect_err("no speedup")
            .to_string();
        assert!(t.contains("line 1") && t.contains("`gpu_kernel_s`"), "{t}");
    }
}

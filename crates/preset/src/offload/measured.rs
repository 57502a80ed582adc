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

use hetscope_model::range::fmt_value;
use std::path::Path;

use crate::Catalog;
use crate::csv_pass::{Lines, Twins, line_at};
use crate::csv_rows::{self, Dialect, Header, Row, Sign};
use crate::error::PresetError;
use crate::file::read_text;

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
    let text = read_text(path)?;
    parse_measured_offload(&text, &path.display().to_string(), catalog)
}

/// Which of the optional columns the header has (names in any case).
struct Columns {
    speedup: bool,
    times: bool,
}

impl Columns {
    fn of(header: &Header, origin: &str) -> Result<Columns, PresetError> {
        header
            .require(&KEY_COLUMNS)
            .map_err(|name| missing(origin, name))?;
        let speedup = header.has("speedup");
        let times = match header.require(&TIME_COLUMNS) {
            Ok(()) => true,
            Err(_) if speedup => false,
            Err(name) => return Err(missing(origin, name)),
        };
        Ok(Columns { speedup, times })
    }
}

fn missing(origin: &str, name: &str) -> PresetError {
    let expected = format!(
        "expected {} and either speedup or {}",
        KEY_COLUMNS.join(","),
        TIME_COLUMNS.join(",")
    );
    csv_rows::missing_column(origin, 1, name, &expected)
}

/// How the file splits its fields: no field is quoted; lines starting
/// with `#` are comments.
const DIALECT: Dialect = Dialect {
    quoting: false,
    comments: true,
};

/// Parse a measured-speedup file; `origin` names it in messages.
pub fn parse_measured_offload(
    text: &str,
    origin: &str,
    catalog: &Catalog,
) -> Result<MeasuredOffload, PresetError> {
    let (header, mut records) = csv_rows::open(text, origin, DIALECT)?;
    let header = header.unwrap_or_default().any_case();
    let cols = Columns::of(&header, origin)?;
    let mut rows: Vec<MeasuredOffloadRow> = Vec::new();
    let (mut lines, mut twins) = (Lines::new(text, false), Twins::default());
    while let Some(rec) = records.next_record() {
        let rec = rec.map_err(|e| {
            let line = e.position().map(|p| line_at(text, p.byte(), false));
            PresetError::csv(origin, None, line, None, e.to_string())
        })?;
        let line = rec.position().map_or(0, |p| lines.at(p.byte()));
        let r = Record {
            row: Row::new(origin, &header, rec).at(None, Some(line)),
            line,
        };
        let row = r.read(&cols, catalog)?;
        let key = (&row.kernel_id, row.n.to_bits(), row.threads.to_bits());
        let same = |a: &MeasuredOffloadRow, b: &MeasuredOffloadRow| {
            a.kernel_id == b.kernel_id && a.n == b.n && a.threads == b.threads
        };
        if let Some(first) = twins.find(&rows, &row, key, same) {
            return Err(r.err(
                "kernel",
                format!(
                    "{} at n = {} with {} threads is measured twice (first on line {})",
                    row.kernel, row.n, row.threads, rows[first].line
                ),
            ));
        }
        rows.push(row);
    }
    if rows.is_empty() {
        return Err(csv_rows::no_data_rows(origin));
    }
    Ok(MeasuredOffload {
        origin: origin.to_string(),
        rows,
    })
}

/// One data record and its line (a short row's missing fields read as
/// empty).
struct Record<'a> {
    row: Row<'a>,
    line: u64,
}

impl Record<'_> {
    fn err(&self, column: &str, message: String) -> PresetError {
        self.row.error(Some(column), message)
    }

    /// Column `name` as a finite positive number.
    fn positive(&self, name: &str) -> Result<f64, PresetError> {
        self.row
            .number(name, Sign::Positive)
            .map_err(|e| self.row.field_error(name, e))
    }

    /// Column `name` as a whole number of at least 1.
    fn whole(&self, name: &str) -> Result<f64, PresetError> {
        let v = self.positive(name)?;
        if v.fract() != 0.0 {
            return Err(self.err(name, format!("{}: must be a whole number", fmt_value(v))));
        }
        Ok(v)
    }

    fn read(&self, cols: &Columns, catalog: &Catalog) -> Result<MeasuredOffloadRow, PresetError> {
        let name = self.row.text("kernel");
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
        let n = self.whole("n")?;
        let threads = self.whole("threads")?;
        let times = self.times(cols)?;
        let speedup = match (cols.speedup, times) {
            (true, Some(t)) if self.row.text("speedup").is_empty() => t.speedup(),
            (true, _) => self.positive("speedup")?,
            (false, Some(t)) => t.speedup(),
            (false, None) => return Err(self.err("speedup", "no speedup and no times".into())),
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
        if !cols.times {
            return Ok(None);
        }
        let all_empty = TIME_COLUMNS.iter().all(|c| self.row.text(c).is_empty());
        if all_empty && cols.speedup {
            return Ok(None);
        }
        let mut v = [0.0; 4];
        for (slot, name) in v.iter_mut().zip(TIME_COLUMNS) {
            *slot = self.positive(name)?;
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

//! Host loop times: the CSV `hetscope-loops` writes (`probe/host`), the
//! offload suite's loops timed on the host at several sizes and thread
//! counts, to set beside the OpenMP host model (`hetscope validate`).
//!
//! Columns (any order, any case; others are ignored): `kernel` (an
//! offload kernel preset's name or id), `n`, `threads`, `seconds` (the
//! best run's time), and optionally `median_s`, `spread` ((max - min) /
//! median of the samples), `reps` and `samples`. The comment lines before
//! the header say how the program was built and where it ran (`#
//! compiler: ...`, `# cflags: ...`, `# cpu: ...`, `# logical_cpus: N`, `#
//! mode: quick|full`); a `# format: N` line names the format. Errors name
//! the file, the line and the column.

use std::path::Path;

use hetscope_model::range::fmt_value;

use crate::Catalog;
use crate::csv_pass::{Lines, Twins, line_at};
use crate::csv_rows::{self, Dialect, Row, Sign};
use crate::error::PresetError;
use crate::file::read_text;

/// The columns every file has.
pub const HOST_LOOP_COLUMNS: [&str; 4] = ["kernel", "n", "threads", "seconds"];
/// The columns a file may have besides.
pub const HOST_LOOP_OPTIONAL: [&str; 4] = ["median_s", "spread", "reps", "samples"];

/// How and where the loops were built and run, from the file's comments
/// (empty where a comment is missing).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LoopRecord {
    pub compiler: String,
    /// The compiler's flags, e.g. `-O3 -march=native -fopenmp`.
    pub cflags: String,
    pub cpu: String,
    pub host: String,
    pub logical_cpus: Option<u32>,
    /// `quick` or `full`.
    pub mode: String,
}

impl LoopRecord {
    /// Whether the flags let the compiler reorder float sums (so that a
    /// sum into one scalar may be vectorized): `-ffast-math`,
    /// `-fassociative-math` or `-Ofast`.
    pub fn reassociates(&self) -> bool {
        self.cflags
            .split_whitespace()
            .any(|f| matches!(f, "-ffast-math" | "-fassociative-math" | "-Ofast"))
    }
}

/// One timed loop.
#[derive(Clone, Debug, PartialEq)]
pub struct HostLoopRow {
    /// Line in the file.
    pub line: u64,
    /// The kernel preset's name and id.
    pub kernel: String,
    pub kernel_id: String,
    pub n: f64,
    pub threads: f64,
    /// The best run, s.
    pub seconds: f64,
    /// The median run, s (the best where the file has none).
    pub median_s: f64,
    /// (max - min) / median of the samples; 0 where the file has none.
    pub spread: f64,
}

/// A host loop times file.
#[derive(Clone, Debug, PartialEq)]
pub struct HostLoopTimes {
    /// The file as named in messages.
    pub origin: String,
    pub record: LoopRecord,
    pub rows: Vec<HostLoopRow>,
}

const DIALECT: Dialect = Dialect {
    quoting: false,
    comments: true,
};

/// Read a host loop times file; kernels are matched against `catalog`'s
/// offload kernels.
pub fn load_host_loops(path: &Path, catalog: &Catalog) -> Result<HostLoopTimes, PresetError> {
    let text = read_text(path)?;
    parse_host_loops(&text, &path.display().to_string(), catalog)
}

/// The `# key: value` comments before the header.
fn record_of(text: &str) -> LoopRecord {
    let mut r = LoopRecord::default();
    for (_, c) in csv_rows::preamble(text).comments {
        let Some((key, value)) = c.split_once(':') else {
            continue;
        };
        let value = value.trim().to_string();
        match key.trim() {
            "compiler" => r.compiler = value,
            "cflags" => r.cflags = value,
            "cpu" => r.cpu = value,
            "host" => r.host = value,
            "logical_cpus" => r.logical_cpus = value.parse().ok(),
            "mode" => r.mode = value,
            _ => {}
        }
    }
    r
}

/// Parse a host loop times file; `origin` names it in messages.
pub fn parse_host_loops(
    text: &str,
    origin: &str,
    catalog: &Catalog,
) -> Result<HostLoopTimes, PresetError> {
    let (header, mut records) = csv_rows::open(text, origin, DIALECT)?;
    let header = header.unwrap_or_default().any_case();
    header.require(&HOST_LOOP_COLUMNS).map_err(|name| {
        let expected = format!("expected {}", HOST_LOOP_COLUMNS.join(","));
        csv_rows::missing_column(origin, header.line(), name, &expected)
    })?;
    let mut rows: Vec<HostLoopRow> = Vec::new();
    let (mut lines, mut twins) = (Lines::new(text, false), Twins::default());
    while let Some(rec) = records.next_record() {
        let rec = rec.map_err(|e| {
            let line = e.position().map(|p| line_at(text, p.byte(), false));
            PresetError::csv(origin, None, line, None, e.to_string())
        })?;
        let line = rec.position().map_or(0, |p| lines.at(p.byte()));
        let row = Row::new(origin, &header, rec).at(None, Some(line));
        let read = read_row(&row, line, catalog)?;
        let key = (&read.kernel_id, read.n.to_bits(), read.threads.to_bits());
        let same = |a: &HostLoopRow, b: &HostLoopRow| {
            a.kernel_id == b.kernel_id && a.n == b.n && a.threads == b.threads
        };
        if let Some(first) = twins.find(&rows, &read, key, same) {
            return Err(row.error(
                Some("kernel"),
                format!(
                    "{} at n = {} with {} threads is timed twice (first on line {})",
                    read.kernel, read.n, read.threads, rows[first].line
                ),
            ));
        }
        rows.push(read);
    }
    if rows.is_empty() {
        return Err(csv_rows::no_data_rows(origin));
    }
    Ok(HostLoopTimes {
        origin: origin.to_string(),
        record: record_of(text),
        rows,
    })
}

fn number(row: &Row, name: &str, sign: Sign) -> Result<f64, PresetError> {
    row.number(name, sign).map_err(|e| row.field_error(name, e))
}

/// A whole number of at least `least`.
fn whole(row: &Row, name: &str, least: f64) -> Result<f64, PresetError> {
    let v = number(row, name, Sign::Positive)?;
    if v.fract() != 0.0 || v < least {
        let need = format!(
            "{}: must be a whole number of at least {least}",
            fmt_value(v)
        );
        return Err(row.error(Some(name), need));
    }
    Ok(v)
}

fn read_row(row: &Row, line: u64, catalog: &Catalog) -> Result<HostLoopRow, PresetError> {
    let name = row.text("kernel");
    let Some((entry, kernel)) = catalog.offload_kernel(name).filter(|_| !name.is_empty()) else {
        let mut known: Vec<&str> = catalog
            .offload_kernels()
            .iter()
            .map(|(_, k)| k.name.as_str())
            .collect();
        known.sort_unstable();
        return Err(row.error(
            Some("kernel"),
            format!("unknown kernel `{name}`; known: {}", known.join(", ")),
        ));
    };
    let seconds = number(row, "seconds", Sign::Positive)?;
    let median_s = match row.optional("median_s").filter(|t| !t.is_empty()) {
        Some(_) => number(row, "median_s", Sign::Positive)?,
        None => seconds,
    };
    if median_s < seconds {
        return Err(row.error(
            Some("median_s"),
            format!(
                "{}: the median run is faster than the best ({})",
                fmt_value(median_s),
                fmt_value(seconds)
            ),
        ));
    }
    let spread = match row.optional("spread").filter(|t| !t.is_empty()) {
        Some(_) => number(row, "spread", Sign::ZeroOrPositive)?,
        None => 0.0,
    };
    Ok(HostLoopRow {
        line,
        kernel: kernel.name.clone(),
        kernel_id: entry.id.clone(),
        n: whole(row, "n", 3.0)?,
        threads: whole(row, "threads", 1.0)?,
        seconds,
        median_s,
        spread,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "# hetscope-loops\n# compiler: gcc 12.2.0\n# cflags: -O3 -march=native -fopenmp\n# logical_cpus: 2\nkernel,n,threads,seconds,median_s,spread,reps,samples\n";

    fn parse(text: &str) -> Result<HostLoopTimes, PresetError> {
        parse_host_loops(text, "loops.csv", &Catalog::builtin().expect("catalog"))
    }

    #[test]
    fn rows_and_record_are_read() {
        let t = parse(&format!(
            "{HEAD}ATAX1,1024,2,0.0005,0.0006,0.1,9,3\ngemm,128,1,0.003,,,4,3\n"
        ))
        .expect("parses");
        assert_eq!(t.record.compiler, "gcc 12.2.0");
        assert_eq!(t.record.logical_cpus, Some(2));
        assert!(!t.record.reassociates());
        let r = &t.rows[1];
        assert_eq!((r.kernel.as_str(), r.kernel_id.as_str()), ("GEMM", "gemm"));
        assert_eq!(
            (r.n, r.threads, r.median_s, r.spread),
            (128.0, 1.0, 0.003, 0.0)
        );
        assert_eq!(t.rows[0].line, 6);
    }

    #[test]
    fn bad_rows_are_named_with_line_and_column() {
        let cases = [
            ("ATAX9,1024,2,1,1,0,1,1", "unknown kernel `ATAX9`"),
            ("ATAX1,1024,0,1,1,0,1,1", "threads"),
            ("ATAX1,2.5,1,1,1,0,1,1", "n"),
            ("ATAX1,1024,1,-1,1,0,1,1", "seconds"),
            ("ATAX1,1024,1,2,1,0,1,1", "faster than the best"),
            ("ATAX1,1024,1,1,1,-0.1,1,1", "spread"),
        ];
        for (row, want) in cases {
            let e = parse(&format!("{HEAD}{row}\n")).expect_err(row).to_string();
            assert!(e.contains(want) && e.contains("line 6"), "{row}: {e}");
        }
        let e = parse(&format!(
            "{HEAD}ATAX1,64,1,1,1,0,1,1\natax1,64,1,1,1,0,1,1\n"
        ))
        .expect_err("twice")
        .to_string();
        assert!(
            e.contains("timed twice") && e.contains("first on line 6"),
            "{e}"
        );
        let e = parse("kernel,n,threads\nATAX1,64,1\n")
            .expect_err("no seconds")
            .to_string();
        assert!(e.contains("seconds"), "{e}");
    }

    #[test]
    fn fast_math_flags_are_seen() {
        let r = LoopRecord {
            cflags: "-O2 -ffast-math -fopenmp".into(),
            ..LoopRecord::default()
        };
        assert!(r.reassociates());
    }
}

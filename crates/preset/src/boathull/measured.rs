//! Measured boat hull curves: a CSV file of execution times against the
//! operator complexity f, as the shipped
//! `assets/data/h100-boathull-measured.csv`:
//!
//! `class,processor,variant,f,time_s`
//!
//! `f`, `time_s` and `processor` are required; `class` (a class name of
//! the model), `variant` (how it was run) and `kind` (`cpu` or `gpu`) are
//! optional, columns may come in any order and unknown columns are
//! ignored. A file may hold several processors and classes; one
//! processor, class and f may appear once. Lines starting with `#` are
//! comments; `# format: N` names the format version (a newer one is
//! refused, see `preset::version`).

use std::path::Path;

use crate::error::PresetError;
use crate::file::read_text;
use hetscope_model::boathull::{Class, MeasuredCurve, MeasuredPoint};
use hetscope_model::perdome::Side;

/// The columns every file needs.
pub const REQUIRED_COLUMNS: [&str; 3] = ["f", "time_s", "processor"];

/// Read and check a measured curve file; the curve is named by the file's
/// name.
pub fn load_measured_curve(path: &Path) -> Result<MeasuredCurve, PresetError> {
    let text = read_text(path)?;
    let file = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string());
    parse_measured_curve(&text, &path.display().to_string(), &file)
}

/// Parse a measured curve. `origin` names the file in errors, `file` is
/// the name the curve carries.
pub fn parse_measured_curve(
    text: &str,
    origin: &str,
    file: &str,
) -> Result<MeasuredCurve, PresetError> {
    crate::version::csv_format(text, origin)?;
    // The header is read as a record: the positions of the rows after it
    // then name their lines exactly.
    let mut rd = csv::ReaderBuilder::new()
        .flexible(true)
        .has_headers(false)
        .trim(csv::Trim::All)
        .comment(Some(b'#'))
        .from_reader(text.as_bytes());
    let mut records = rd.records();
    let header = match records.next() {
        Some(Ok(h)) => h,
        Some(Err(e)) => {
            let message = format!("cannot read the header: {e}");
            return Err(PresetError::csv(origin, None, Some(1), None, message));
        }
        None => {
            return Err(PresetError::csv(
                origin,
                None,
                None,
                None,
                "empty: no header",
            ));
        }
    };
    let columns = Columns::of(&header, origin)?;
    let mut points: Vec<MeasuredPoint> = Vec::new();
    for (n, rec) in records.enumerate() {
        let row = Row {
            origin,
            row: n + 1,
            line: None,
        };
        let rec = rec.map_err(|e| row.err(None, e.to_string()))?;
        let row = Row {
            line: rec.position().map(|p| line_at(text, p.byte())),
            ..row
        };
        let point = row.read(&rec, &columns, header.len())?;
        if let Some(first) = points.iter().find(|q| same_place(q, &point)) {
            return Err(row.err(
                Some("f"),
                format!(
                    "processor `{}`, f = {} appears twice for this class (first on line {})",
                    point.processor, point.f, first.line
                ),
            ));
        }
        points.push(point);
    }
    if points.is_empty() {
        return Err(PresetError::csv(origin, None, None, None, "no data rows"));
    }
    Ok(MeasuredCurve {
        file: file.to_string(),
        points,
    })
}

/// The line of the record starting at `byte`: the csv reader may place a
/// record's start on the line break or the comment lines before it, so
/// those are skipped.
fn line_at(text: &str, byte: u64) -> u64 {
    let bytes = text.as_bytes();
    let mut at = usize::try_from(byte)
        .unwrap_or(bytes.len())
        .min(bytes.len());
    while at < bytes.len() {
        match bytes[at] {
            b'\n' | b'\r' => at += 1,
            b'#' => {
                while at < bytes.len() && bytes[at] != b'\n' {
                    at += 1;
                }
            }
            _ => break,
        }
    }
    1 + bytes[..at].iter().filter(|b| **b == b'\n').count() as u64
}

/// Whether two points are of the same processor, class and f.
fn same_place(a: &MeasuredPoint, b: &MeasuredPoint) -> bool {
    a.processor == b.processor && a.class == b.class && a.f == b.f
}

/// Where each column is in the header.
struct Columns {
    f: usize,
    time_s: usize,
    processor: usize,
    class: Option<usize>,
    variant: Option<usize>,
    kind: Option<usize>,
}

impl Columns {
    fn of(header: &csv::StringRecord, origin: &str) -> Result<Columns, PresetError> {
        let find = |name: &str| header.iter().position(|h| h == name);
        let need = |name: &str| {
            find(name).ok_or_else(|| {
                PresetError::csv(
                    origin,
                    None,
                    Some(1),
                    Some(name),
                    format!(
                        "missing from the header (needed: {}; optional: class, variant, kind)",
                        REQUIRED_COLUMNS.join(", ")
                    ),
                )
            })
        };
        Ok(Columns {
            f: need("f")?,
            time_s: need("time_s")?,
            processor: need("processor")?,
            class: find("class"),
            variant: find("variant"),
            kind: find("kind"),
        })
    }
}

/// One data row being read: where it is, for errors.
struct Row<'a> {
    origin: &'a str,
    /// Data rows from 1.
    row: usize,
    line: Option<u64>,
}

impl Row<'_> {
    fn err(&self, column: Option<&str>, message: impl Into<String>) -> PresetError {
        PresetError::csv(self.origin, Some(self.row), self.line, column, message)
    }

    /// The row's point, every value checked.
    fn read(
        &self,
        rec: &csv::StringRecord,
        c: &Columns,
        header_len: usize,
    ) -> Result<MeasuredPoint, PresetError> {
        if rec.len() != header_len {
            return Err(self.err(
                None,
                format!("{} fields, but the header has {header_len}", rec.len()),
            ));
        }
        let text = |i: usize| rec.get(i).unwrap_or("");
        let optional = |i: Option<usize>| i.map(text).filter(|t| !t.is_empty());
        let processor = text(c.processor);
        if processor.is_empty() {
            return Err(self.err(Some("processor"), "empty: name the processor"));
        }
        let f = self.number(text(c.f), "f")?;
        if f < 1.0 {
            return Err(self.err(Some("f"), format!("{f}: must be at least 1")));
        }
        let time_s = self.number(text(c.time_s), "time_s")?;
        if time_s <= 0.0 {
            return Err(self.err(Some("time_s"), format!("{time_s}: must be above 0")));
        }
        let class = match optional(c.class) {
            Some(t) => Some(
                Class::parse(t)
                    .map_err(|e| self.err(Some("class"), format!("`{t}`: {e}")))?
                    .to_string(),
            ),
            None => None,
        };
        let kind = match optional(c.kind) {
            Some(t) => Some(self.kind(t)?),
            None => None,
        };
        Ok(MeasuredPoint {
            processor: processor.to_string(),
            class,
            variant: optional(c.variant).map(str::to_string),
            kind,
            f,
            time_s,
            line: self.line.unwrap_or(0),
        })
    }

    /// A finite number, or an error naming the column.
    fn number(&self, t: &str, column: &str) -> Result<f64, PresetError> {
        let v: f64 = t
            .parse()
            .map_err(|_| self.err(Some(column), format!("`{t}` is not a number")))?;
        if v.is_finite() {
            Ok(v)
        } else {
            Err(self.err(Some(column), format!("`{t}`: must be a finite number")))
        }
    }

    fn kind(&self, t: &str) -> Result<Side, PresetError> {
        match t.to_ascii_lowercase().as_str() {
            "gpu" => Ok(Side::Gpu),
            "cpu" => Ok(Side::Cpu),
            _ => Err(self.err(Some("kind"), format!("`{t}`: must be cpu or gpu"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "class,processor,variant,f,time_s\n";
    const CLASS: &str = "2048x2048|element -> 2048x2048|element";

    fn parse(text: &str) -> Result<MeasuredCurve, PresetError> {
        parse_measured_curve(text, "m.csv", "m.csv")
    }

    #[test]
    fn reads_quoted_variants_and_keeps_class_and_variant() {
        let t = format!("{HEAD}{CLASS},Xeon,\"16 threads, -O3\",2,0.5\n");
        let c = parse(&t).expect("valid");
        let p = &c.points[0];
        assert_eq!(p.variant.as_deref(), Some("16 threads, -O3"));
        assert_eq!(p.class.as_deref(), Some(CLASS));
        assert_eq!((p.f, p.time_s, p.line), (2.0, 0.5, 2));
    }

    #[test]
    fn errors_name_line_and_column() {
        let cases = [
            ("processor,f\nA,1\n", "column `time_s`"),
            ("processor,f,time_s\nA,x,1\n", "(line 2), column `f`"),
            (
                "processor,f,time_s\nA,1,1\nA,0.5,1\n",
                "(line 3), column `f`",
            ),
            ("processor,f,time_s\nA,1,0\n", "(line 2), column `time_s`"),
            (
                "processor,f,time_s\n# c\nA,1,NaN\n",
                "(line 3), column `time_s`",
            ),
            ("processor,f,time_s\nA,1,inf\n", "column `time_s`"),
            ("processor,f,time_s\nA,2,1\nA,2,3\n", "first on line 2"),
            ("processor,f,time_s,kind\nA,2,1,fpga\n", "column `kind`"),
            ("processor,f,time_s\n", "no data rows"),
        ];
        for (text, want) in cases {
            let e = parse(text).expect_err(text).to_string();
            assert!(e.contains(want) && e.starts_with("m.csv"), "{text}: {e}");
        }
    }
}

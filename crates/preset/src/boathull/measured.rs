//! Measured boat hull curves: a CSV file of execution times against the
//! operator complexity f, as the shipped
//! `assets/data/h100-boathull-measured.csv`:
//!
//! `class,processor,variant,f,time_s`
//!
//! `f`, `time_s` and `processor` are required; `class` (a class name of
//! the model), `variant` (how it was run), `kind` (`cpu` or `gpu`) and
//! `operator` (what f counts: `operations`, the default, as the model
//! counts them; `fma`, fused multiply-adds, two operations each; `fma
//! chain`, fused multiply-adds in one dependent chain per element) are
//! optional, columns may come in any order and unknown columns are
//! ignored. A file may hold several processors and classes; one
//! processor, class and f may appear once. Lines starting with `#` are
//! comments; `# format: N` names the format version (a newer one is
//! refused, see `preset::version`).

use hetscope_model::range::fmt_value;
use std::path::Path;

use crate::csv_pass::{Lines, Twins};
use crate::csv_rows::{self, Dialect, Row, Sign};
use crate::error::PresetError;
use crate::file::read_text;
use hetscope_model::boathull::{Class, MeasuredCurve, MeasuredPoint, Operator};
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

/// How the file splits its fields: `"` quotes a field (a variant may
/// hold commas); lines starting with `#` are comments.
const DIALECT: Dialect = Dialect {
    quoting: true,
    comments: true,
};

/// Parse a measured curve. `origin` names the file in errors, `file` is
/// the name the curve carries.
pub fn parse_measured_curve(
    text: &str,
    origin: &str,
    file: &str,
) -> Result<MeasuredCurve, PresetError> {
    let (header, mut records) = csv_rows::open(text, origin, DIALECT)?;
    let Some(header) = header else {
        return Err(PresetError::csv(
            origin,
            None,
            None,
            None,
            "empty: no header",
        ));
    };
    header.require(&REQUIRED_COLUMNS).map_err(|name| {
        let expected = format!(
            "needed: {}; optional: class, variant, kind, operator",
            REQUIRED_COLUMNS.join(", ")
        );
        csv_rows::missing_column(origin, 1, name, &expected)
    })?;
    let mut points: Vec<MeasuredPoint> = Vec::new();
    let (mut lines, mut twins) = (Lines::new(text, true), Twins::default());
    let mut n = 0;
    while let Some(rec) = records.next_record() {
        n += 1;
        let rec = rec.map_err(|e| PresetError::csv(origin, Some(n), None, None, e.to_string()))?;
        let line = rec.position().map(|p| lines.at(p.byte()));
        let row = Row::new(origin, &header, rec).at(Some(n), line);
        let point = read(&row)?;
        let key = (&point.processor, &point.class, point.f.to_bits());
        if let Some(first) = twins.find(&points, &point, key, same_place) {
            return Err(row.error(
                Some("f"),
                format!(
                    "processor `{}`, f = {} appears twice for this class (first on line {})",
                    point.processor, point.f, points[first].line
                ),
            ));
        }
        points.push(point);
    }
    if points.is_empty() {
        return Err(csv_rows::no_data_rows(origin));
    }
    Ok(MeasuredCurve {
        file: file.to_string(),
        points,
    })
}

/// Whether two points are of the same processor, class and f.
fn same_place(a: &MeasuredPoint, b: &MeasuredPoint) -> bool {
    a.processor == b.processor && a.class == b.class && a.f == b.f
}

/// The point of one row, every value checked.
fn read(row: &Row) -> Result<MeasuredPoint, PresetError> {
    row.as_header()
        .map_err(|e| row.error(None, e.to_string()))?;
    let processor = row.text("processor");
    if processor.is_empty() {
        return Err(row.error(Some("processor"), "empty: name the processor"));
    }
    let number = |name: &str| {
        csv_rows::number(row.text(name), Sign::Any).map_err(|e| row.field_error(name, e))
    };
    let f = number("f")?;
    if f < 1.0 {
        return Err(row.error(Some("f"), format!("{}: must be at least 1", fmt_value(f))));
    }
    let time_s = number("time_s")?;
    if time_s <= 0.0 {
        return Err(row.error(
            Some("time_s"),
            format!("{}: must be above 0", fmt_value(time_s)),
        ));
    }
    let class = match row.optional("class") {
        Some(t) => Some(
            Class::parse(t)
                .map_err(|e| row.error(Some("class"), format!("`{t}`: {e}")))?
                .to_string(),
        ),
        None => None,
    };
    let kind = match row.optional("kind") {
        Some(t) => Some(kind(row, t)?),
        None => None,
    };
    let operator = match row.optional("operator") {
        Some(t) => Operator::parse(t).ok_or_else(|| {
            let names: Vec<&str> = Operator::ALL.iter().map(|o| o.name()).collect();
            row.error(
                Some("operator"),
                format!("`{t}`: must be one of {}", names.join(", ")),
            )
        })?,
        None => Operator::default(),
    };
    Ok(MeasuredPoint {
        processor: processor.to_string(),
        class,
        variant: row.optional("variant").map(str::to_string),
        kind,
        f,
        time_s,
        operator,
        line: row.line.unwrap_or(0),
    })
}

/// The processor's kind: `cpu` or `gpu`, any case.
fn kind(row: &Row, t: &str) -> Result<Side, PresetError> {
    match t.to_ascii_lowercase().as_str() {
        "gpu" => Ok(Side::Gpu),
        "cpu" => Ok(Side::Cpu),
        _ => Err(row.error(Some("kind"), format!("`{t}`: must be cpu or gpu"))),
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
        assert_eq!(p.operator, Operator::Operations, "the default");
        let chain = parse("processor,f,time_s,operator\nA,2,1,FMA Chain\n").unwrap();
        assert_eq!(chain.points[0].operator, Operator::FmaChain);
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
            (
                "processor,f,time_s,operator\nA,2,1,fmas\n",
                "column `operator`: `fmas`: must be one of operations, fma, fma chain",
            ),
            ("processor,f,time_s\n", "no data rows"),
        ];
        for (text, want) in cases {
            let e = parse(text).expect_err(text).to_string();
            assert!(e.contains(want) && e.starts_with("m.csv"), "{text}: {e}");
        }
    }
}

//! `hetscope paper-check`: every number and category the five papers
//! quote beside hetscope's value, as JSON, CSV or an aligned table (the
//! rows of `paper_check`, the same the paper tests read).

use clap::{Args, ValueEnum};
use serde::Serialize;

use super::CliError;
use hetscope_core::paper_check::{Computed, Paper, Row, Status, all_rows, counts_line};

/// How `paper-check` prints its rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    /// A list of objects (paper, id, where, quantity, unit, printed,
    /// printed_value, computed, rel_diff, status, reason).
    Json,
    /// The same columns, one row a line.
    Csv,
    /// An aligned text table; its last line counts the statuses.
    Table,
}

#[derive(Debug, Args)]
pub struct PaperCheckArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = CheckFormat::Table)]
    pub format: CheckFormat,
    /// Only the rows of this paper: perdome, peapaw, fpm, boathull, offload.
    #[arg(long, value_parser = parse_paper, value_name = "PAPER")]
    pub paper: Option<Paper>,
    /// Only the rows with this status: reproduced, differs, "not computable".
    #[arg(long, value_parser = parse_status, value_name = "STATUS")]
    pub status: Option<Status>,
}

fn parse_paper(s: &str) -> Result<Paper, String> {
    Paper::from_key(s.trim()).ok_or_else(|| {
        let keys: Vec<&str> = Paper::ALL.iter().map(|p| p.key()).collect();
        format!("unknown paper '{s}'; one of: {}", keys.join(", "))
    })
}

fn parse_status(s: &str) -> Result<Status, String> {
    let key = s.trim().replace(['-', '_'], " ");
    Status::from_key(&key)
        .ok_or_else(|| "unknown status; one of: reproduced, differs, not-computable".to_string())
}

/// Run `paper-check`: the text to print.
pub fn run(args: &PaperCheckArgs) -> Result<String, CliError> {
    let rows: Vec<Row> = all_rows()
        .into_iter()
        .filter(|r| args.paper.is_none_or(|p| r.paper == p))
        .filter(|r| args.status.is_none_or(|s| r.status == s))
        .collect();
    match args.format {
        CheckFormat::Json => json(&rows),
        CheckFormat::Csv => csv(&rows),
        CheckFormat::Table => Ok(table(&rows)),
    }
}

/// One row as JSON and CSV write it.
#[derive(Debug, Serialize)]
struct Record<'a> {
    paper: &'a str,
    id: &'a str,
    #[serde(rename = "where")]
    place: &'a str,
    quantity: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    unit: Option<&'a str>,
    printed: &'a str,
    printed_value: Option<f64>,
    computed: serde_json::Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    rel_diff: Option<f64>,
    status: &'a str,
    reason: &'a str,
}

fn record(r: &Row) -> Record<'_> {
    let computed = match &r.computed {
        Computed::Number(v) => serde_json::Number::from_f64(*v)
            .map(serde_json::Value::Number)
            .unwrap_or(serde_json::Value::Null),
        Computed::Category(s) => serde_json::Value::String(s.clone()),
        Computed::Nothing => serde_json::Value::Null,
    };
    Record {
        paper: r.paper.key(),
        id: &r.id,
        place: &r.place,
        quantity: &r.quantity,
        unit: r.unit.as_deref(),
        printed: &r.printed.text,
        printed_value: r.printed.value.filter(|v| v.is_finite()),
        computed,
        rel_diff: r.rel_diff(),
        status: r.status.key(),
        reason: &r.reason,
    }
}

fn json(rows: &[Row]) -> Result<String, CliError> {
    let records: Vec<Record<'_>> = rows.iter().map(record).collect();
    serde_json::to_string_pretty(&records)
        .map(|t| format!("{t}\n"))
        .map_err(|e| CliError::failure(format!("cannot write JSON: {e}")))
}

const CSV_HEADER: [&str; 11] = [
    "paper",
    "id",
    "where",
    "quantity",
    "unit",
    "printed",
    "printed_value",
    "computed",
    "rel_diff",
    "status",
    "reason",
];

fn csv(rows: &[Row]) -> Result<String, CliError> {
    let fail = |e: csv::Error| CliError::failure(format!("cannot write CSV: {e}"));
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(CSV_HEADER).map_err(fail)?;
    let num = |v: Option<f64>| {
        v.filter(|v| v.is_finite())
            .map_or(String::new(), |v| v.to_string())
    };
    for r in rows {
        let computed = match &r.computed {
            Computed::Number(v) => num(Some(*v)),
            Computed::Category(s) => s.clone(),
            Computed::Nothing => String::new(),
        };
        w.write_record([
            r.paper.key(),
            &r.id,
            &r.place,
            &r.quantity,
            r.unit.as_deref().unwrap_or(""),
            &r.printed.text,
            &num(r.printed.value),
            &computed,
            &num(r.rel_diff()),
            r.status.key(),
            &r.reason,
        ])
        .map_err(fail)?;
    }
    let bytes = w
        .into_inner()
        .map_err(|e| CliError::failure(format!("cannot write CSV: {e}")))?;
    String::from_utf8(bytes).map_err(|e| CliError::failure(format!("cannot write CSV: {e}")))
}

/// A relative difference as a signed percentage, empty when there is none.
pub fn rel_diff_text(r: &Row) -> String {
    r.rel_diff()
        .map_or(String::new(), |d| format!("{:+.1}%", 100.0 * d))
}

/// The printed value with its unit.
fn with_unit(text: String, unit: Option<&str>) -> String {
    match unit {
        Some(u) if !text.is_empty() && !text.contains(u) && u != "%" => format!("{text} {u}"),
        _ => text,
    }
}

fn table(rows: &[Row]) -> String {
    let header = [
        "paper", "where", "quantity", "printed", "computed", "rel diff", "status", "reason",
    ];
    let cells: Vec<[String; 8]> = rows
        .iter()
        .map(|r| {
            [
                r.paper.title().to_string(),
                r.place.clone(),
                r.quantity.clone(),
                r.printed.text.clone(),
                with_unit(r.computed_text(), r.unit.as_deref()),
                rel_diff_text(r),
                r.status.key().to_string(),
                r.reason.clone(),
            ]
        })
        .collect();
    let cells: Vec<Vec<String>> = cells.into_iter().map(Vec::from).collect();
    let mut out = super::output::aligned(&header, &cells);
    out.push_str(&counts_line(rows));
    out.push('\n');
    out
}

//! A probe CSV read into checked rows: every known row's value parsed as
//! its kind and unit demand, duplicates and missing required rows
//! refused, items (energy runs, speed points) gathered by label. Rows the
//! importer does not know are skipped (a newer probe may add rows).

use std::collections::BTreeMap;

use super::error::ProbeError;
use super::fields::split_fields;
use super::schema::{self, FORMAT, HEADER, KEYS, KeySpec, Kind, Need};
use crate::csv_rows::{self, FieldError, Header, Row, Sign};

/// A row's value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Number(f64),
    Text(String),
}

/// One checked row.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub value: Value,
    /// Relative spread of the repeats behind the value ((max - min) /
    /// median), where given.
    pub spread: Option<f64>,
    pub note: String,
    /// 1-based line in the file.
    pub line: usize,
}

impl Entry {
    pub fn number(&self) -> Option<f64> {
        match self.value {
            Value::Number(v) => Some(v),
            Value::Text(_) => None,
        }
    }

    pub fn text(&self) -> Option<&str> {
        match &self.value {
            Value::Text(t) => Some(t),
            Value::Number(_) => None,
        }
    }
}

/// The rows of one item (one energy run, one speed point), by key.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub section: &'static str,
    pub label: String,
    /// Line of the item's first row.
    pub line: usize,
    pub rows: BTreeMap<&'static str, Entry>,
}

/// Every known row of a probe CSV, checked.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ProbeTable {
    /// The file (or other origin) as given.
    pub origin: String,
    /// Comment lines without the `#`.
    pub comments: Vec<String>,
    /// Rows of a section itself, by (section, key).
    pub scalars: BTreeMap<(&'static str, &'static str), Entry>,
    /// Items in the order of their first row.
    pub items: Vec<Item>,
    /// Lines of rows the importer does not know (kept out).
    pub skipped: Vec<usize>,
}

impl ProbeTable {
    pub fn get(&self, section: &str, key: &str) -> Option<&Entry> {
        self.scalars
            .iter()
            .find(|((s, k), _)| *s == section && *k == key)
            .map(|(_, e)| e)
    }

    pub fn number(&self, section: &str, key: &str) -> Option<f64> {
        self.get(section, key).and_then(Entry::number)
    }

    pub fn text(&self, section: &str, key: &str) -> Option<&str> {
        self.get(section, key).and_then(Entry::text)
    }

    /// The items of `section`, in file order.
    pub fn items_of<'a>(&'a self, section: &'a str) -> impl Iterator<Item = &'a Item> + 'a {
        self.items.iter().filter(move |i| i.section == section)
    }
}

/// The seven columns of one row, trimmed.
struct Cols<'a> {
    section: &'a str,
    item: &'a str,
    key: &'a str,
    value: &'a str,
    unit: &'a str,
    spread: &'a str,
    note: &'a str,
}

/// Read and check every row of `text`; errors name `origin` and the line.
pub fn parse_table(text: &str, origin: &str) -> Result<ProbeTable, ProbeError> {
    let mut table = ProbeTable {
        origin: origin.to_string(),
        ..ProbeTable::default()
    };
    let mut header: Option<Header> = None;
    let mut last = 0;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        last = line;
        let trimmed = raw.trim_start_matches('\u{feff}').trim();
        if trimmed.is_empty() {
            continue;
        }
        // A control character (a lone carriage return) is no part of the
        // format, and quoted in a message it would break the line.
        if let Some(c) = trimmed.chars().find(|c| c.is_control() && *c != '\t') {
            return Err(ProbeError::Syntax {
                file: origin.to_string(),
                line,
                message: format!("control character {} in the line", c.escape_unicode()),
            });
        }
        if let Some(c) = trimmed.strip_prefix('#') {
            table.comments.push(c.trim().to_string());
            continue;
        }
        let fields = split_fields(trimmed).map_err(|e| ProbeError::Syntax {
            file: origin.to_string(),
            line,
            message: e.to_string(),
        })?;
        match &header {
            Some(h) => table.add_row(h, fields, line)?,
            None => header = Some(read_header(fields, origin, line)?),
        }
    }
    if header.is_none() {
        return Err(ProbeError::Header {
            file: origin.to_string(),
            line: last.max(1),
            expected: HEADER.join(","),
            found: "(no header line)".into(),
        });
    }
    table.check_complete()?;
    Ok(table)
}

/// The header line: the columns of [`HEADER`], in its order, any case.
fn read_header(fields: Vec<String>, origin: &str, line: usize) -> Result<Header, ProbeError> {
    let found = fields.join(",");
    let mut names = csv::StringRecord::from(fields);
    names.trim();
    let header = Header::new(names).any_case();
    if header.len() == HEADER.len() && header.starts_with(&HEADER) {
        Ok(header)
    } else {
        Err(ProbeError::Header {
            file: origin.to_string(),
            line,
            expected: HEADER.join(","),
            found,
        })
    }
}

/// `section.key` or `section[item].key`.
fn key_path(section: &str, item: &str, key: &str) -> String {
    if item.is_empty() {
        format!("{section}.{key}")
    } else {
        format!("{section}[{item}].{key}")
    }
}

impl ProbeTable {
    fn add_row(&mut self, header: &Header, f: Vec<String>, line: usize) -> Result<(), ProbeError> {
        let file = self.origin.clone();
        if f.len() != HEADER.len() {
            return Err(ProbeError::Syntax {
                file,
                line,
                message: format!(
                    "{} fields where a row has {} ({})",
                    f.len(),
                    HEADER.len(),
                    HEADER.join(",")
                ),
            });
        }
        let mut record = csv::StringRecord::from(f);
        record.trim();
        let row = Row::new(&file, header, &record);
        let c = Cols {
            section: row.text("section"),
            item: row.text("item"),
            key: row.text("key"),
            value: row.text("value"),
            unit: row.text("unit"),
            spread: row.text("spread"),
            note: row.text("note"),
        };
        let has_item = !c.item.is_empty();
        let Some(spec) = schema::lookup(c.section, c.key, has_item) else {
            self.skipped.push(line);
            return Ok(());
        };
        let path = key_path(c.section, c.item, c.key);
        if spec.item != has_item {
            let message = if spec.item {
                "needs an item label (one per run or point)"
            } else {
                "takes no item label"
            };
            return Err(invalid(&file, line, "item", &path, message));
        }
        let entry = read_entry(spec, &c, line, &path, &file)?;
        if spec.item {
            self.insert_item(spec, c.item, entry, path)
        } else {
            self.insert_scalar(spec, entry, path)
        }
    }

    fn insert_scalar(
        &mut self,
        spec: &'static KeySpec,
        entry: Entry,
        path: String,
    ) -> Result<(), ProbeError> {
        if let Some(first) = self.scalars.get(&(spec.section, spec.key)) {
            return Err(duplicate(&self.origin, entry.line, path, first.line));
        }
        if (spec.section, spec.key) == ("probe", "format") && entry.number() != Some(FORMAT) {
            let found = entry.number().unwrap_or(f64::NAN);
            let newer = if found > FORMAT && found.fract() == 0.0 {
                "the file was written by a newer probe; "
            } else {
                ""
            };
            let message = format!(
                "format {found} is not supported: {newer}this importer reads format {FORMAT}"
            );
            return Err(invalid(&self.origin, entry.line, "value", &path, &message));
        }
        self.scalars.insert((spec.section, spec.key), entry);
        Ok(())
    }

    fn insert_item(
        &mut self,
        spec: &'static KeySpec,
        label: &str,
        entry: Entry,
        path: String,
    ) -> Result<(), ProbeError> {
        let line = entry.line;
        let k = match self
            .items
            .iter()
            .position(|i| i.section == spec.section && i.label == label)
        {
            Some(k) => k,
            None => {
                self.items.push(Item {
                    section: spec.section,
                    label: label.to_string(),
                    line,
                    rows: BTreeMap::new(),
                });
                self.items.len() - 1
            }
        };
        let rows = &mut self.items[k].rows;
        if let Some(first) = rows.get(spec.key) {
            return Err(duplicate(&self.origin, line, path, first.line));
        }
        rows.insert(spec.key, entry);
        Ok(())
    }

    /// Every required row there, in every item of its section.
    fn check_complete(&self) -> Result<(), ProbeError> {
        let missing = |line, key| ProbeError::Missing {
            file: self.origin.clone(),
            line,
            key,
        };
        for s in KEYS.iter().filter(|s| s.need == Need::Required) {
            if !s.item && !self.scalars.contains_key(&(s.section, s.key)) {
                return Err(missing(None, key_path(s.section, "", s.key)));
            }
        }
        for it in &self.items {
            let needed = KEYS
                .iter()
                .filter(|s| s.item && s.section == it.section && s.need == Need::Required);
            for s in needed {
                if !it.rows.contains_key(s.key) {
                    return Err(missing(
                        Some(it.line),
                        key_path(s.section, &it.label, s.key),
                    ));
                }
            }
        }
        Ok(())
    }
}

/// One row's value, unit and spread checked against its spec.
fn read_entry(
    spec: &KeySpec,
    c: &Cols,
    line: usize,
    path: &str,
    file: &str,
) -> Result<Entry, ProbeError> {
    let value = match spec.kind {
        Kind::Text => {
            if c.value.is_empty() {
                return Err(invalid(file, line, "value", path, "must not be empty"));
            }
            if !c.unit.is_empty() {
                return Err(unit_error(file, line, path, c.unit, ""));
            }
            if !c.spread.is_empty() {
                return Err(invalid(
                    file,
                    line,
                    "spread",
                    path,
                    "a text row has no spread",
                ));
            }
            Value::Text(c.value.to_string())
        }
        Kind::Number { unit, zero_ok } => {
            if !schema::unit_matches(c.unit, unit) {
                return Err(unit_error(file, line, path, c.unit, unit));
            }
            Value::Number(number(c.value, "value", zero_ok, line, path, file)?)
        }
    };
    let spread = match c.spread {
        "" => None,
        s => Some(number(s, "spread", true, line, path, file)?),
    };
    Ok(Entry {
        value,
        spread,
        note: c.note.to_string(),
        line,
    })
}

/// A finite number, positive (or zero where `zero_ok`).
fn number(
    text: &str,
    column: &'static str,
    zero_ok: bool,
    line: usize,
    key: &str,
    file: &str,
) -> Result<f64, ProbeError> {
    let sign = if zero_ok {
        Sign::ZeroOrPositive
    } else {
        Sign::Positive
    };
    csv_rows::number(text, sign).map_err(|e| match e {
        FieldError::OutOfRange { value, .. } => ProbeError::Value {
            file: file.to_string(),
            line,
            column,
            key: key.to_string(),
            value,
            need: if zero_ok {
                "a finite number, zero or positive"
            } else {
                "a finite positive number"
            },
        },
        _ => ProbeError::NotNumber {
            file: file.to_string(),
            line,
            column,
            key: key.to_string(),
            text: text.to_string(),
        },
    })
}

fn invalid(file: &str, line: usize, column: &'static str, key: &str, message: &str) -> ProbeError {
    ProbeError::Invalid {
        file: file.to_string(),
        line,
        column,
        key: key.to_string(),
        message: message.to_string(),
    }
}

fn unit_error(
    file: &str,
    line: usize,
    key: &str,
    unit: &str,
    expected: &'static str,
) -> ProbeError {
    ProbeError::Unit {
        file: file.to_string(),
        line,
        key: key.to_string(),
        unit: unit.to_string(),
        expected,
    }
}

fn duplicate(file: &str, line: usize, key: String, first: usize) -> ProbeError {
    ProbeError::Duplicate {
        file: file.to_string(),
        line,
        key,
        first,
    }
}

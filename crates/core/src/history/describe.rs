//! The name of an edit, from the values it changed: one value by its
//! parameter's symbol, old and new value and unit ("t_fC 0.14 -> 0.35
//! ps"), a platform by its ids, loaded data by its file, several values by
//! the model they belong to.

use serde_json::Value;

use super::leaves::{Changed, changed};
use crate::Session;
use hetscope_figure::ModelId;
use hetscope_model::boathull::BoathullParam;
use hetscope_model::format::fmt_num;
use hetscope_model::fpm::FpmParam;
use hetscope_model::offload::OffloadParam;
use hetscope_model::perdome::Param;

/// How many changed values are looked at to name a step.
const LOOKED_AT: usize = 64;

/// The name of the edit that turned `before` into `after`.
pub fn describe_change(before: &Session, after: &Session) -> String {
    if before.platform != after.platform {
        return format!(
            "Platform {} -> {}",
            platform_name(before.platform.as_deref()),
            platform_name(after.platform.as_deref())
        );
    }
    if before.platform2 != after.platform2 {
        return match &after.platform2 {
            Some(p) => format!("Compare with {}", platform_name(Some(p))),
            None => "Stop comparing".to_string(),
        };
    }
    let (Ok(a), Ok(b)) = (serde_json::to_value(before), serde_json::to_value(after)) else {
        return "Edit".to_string();
    };
    let changes: Vec<Changed> = changed(&a, &b, LOOKED_AT)
        .into_iter()
        .filter(|c| !matches!(c.path.first().map(String::as_str), Some("tab")))
        .collect();
    if let Some(file) = changes.iter().find_map(|c| loaded_file(&b, &c.path)) {
        return format!("Load {file}");
    }
    if let Some(file) = changes.iter().find_map(|c| loaded_file(&a, &c.path)) {
        return format!("Unload {file}");
    }
    // Derived records (where each value comes from) follow the values.
    let values: Vec<&Changed> = changes
        .iter()
        .filter(|c| !c.path.iter().any(|p| p == "sources"))
        .collect();
    match values.as_slice() {
        [] => "Edit".to_string(),
        [one] => describe_one(one),
        [first, rest @ ..] => {
            let model = model_title(&first.path);
            let n = rest.len() + 1;
            let more = if changes.len() >= LOOKED_AT { "+" } else { "" };
            format!(
                "{model}: {} and {n}{more} values in all",
                name_of(&first.path).0
            )
        }
    }
}

/// A platform as a person knows it: a built-in one by its name, a file
/// by its file name.
fn platform_name(id: Option<&str>) -> String {
    let Some(id) = id else {
        return "of each model's paper".to_string();
    };
    match crate::builtin::catalog().platform(id) {
        Some((_, p)) => p.name.clone(),
        None => std::path::Path::new(id)
            .file_name()
            .map_or(id.to_string(), |n| n.to_string_lossy().into_owned()),
    }
}

/// One changed value: "name old -> new unit".
fn describe_one(c: &Changed) -> String {
    let (name, unit) = name_of(&c.path);
    match (&c.before, &c.after) {
        (Value::Bool(_), Value::Bool(on)) => format!("{name} {}", if *on { "on" } else { "off" }),
        (Value::Array(x), Value::Array(y)) => {
            let what = if y.len() < x.len() {
                "Remove from"
            } else {
                "Add to"
            };
            format!("{what} {name} ({} -> {})", x.len(), y.len())
        }
        (x, y) => {
            let unit = if unit.is_empty() || !y.is_number() {
                String::new()
            } else {
                format!(" {unit}")
            };
            format!("{name} {} -> {}{unit}", shown(x), shown(y))
        }
    }
}

/// A value as the step's name shows it.
fn shown(v: &Value) -> String {
    match v {
        Value::Null => "none".to_string(),
        Value::Number(n) => n.as_f64().map(short_num).unwrap_or_else(|| n.to_string()),
        Value::String(s) if s.is_empty() => "(empty)".to_string(),
        Value::String(s) => shorten(s),
        Value::Object(o) if o.len() == 1 => o.keys().next().cloned().unwrap_or_default(),
        other => shorten(&other.to_string()),
    }
}

/// A number with about four significant digits, without trailing zeros
/// (`0.35`, `73.5`, `1.234e5`).
pub(super) fn short_num(v: f64) -> String {
    let s = fmt_num(v);
    if s.contains('.') && !s.contains('e') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

fn shorten(s: &str) -> String {
    const MAX: usize = 40;
    if s.chars().count() <= MAX {
        s.to_string()
    } else {
        let head: String = s.chars().take(MAX - 1).collect();
        format!("{head}…")
    }
}

/// The title of the model a path belongs to (its first key).
fn model_title(path: &[String]) -> &'static str {
    path.first()
        .and_then(|k| ModelId::from_key(k))
        .map_or("Session", ModelId::title)
}

/// The name and unit of the value at `path`: a parameter's symbol (with
/// the processor's subscript where the path names one) and unit, else the
/// field's name.
fn name_of(path: &[String]) -> (String, &'static str) {
    let key = path
        .iter()
        .rev()
        .find(|k| k.parse::<usize>().is_err())
        .map_or("value", String::as_str);
    let side = path.iter().rev().find_map(|k| match k.as_str() {
        "cpu" => Some("C"),
        "gpu" => Some("G"),
        _ => None,
    });
    if let Some(p) = Param::ALL.into_iter().find(|p| p.symbol() == key) {
        return (format!("{}{}", p.symbol(), side.unwrap_or("")), p.unit());
    }
    if let Some(p) = BoathullParam::ALL.into_iter().find(|p| p.field() == key) {
        return (p.name().to_string(), p.range().unit);
    }
    if let Some(p) = OffloadParam::all().find(|p| serialized(p) == key || p.name() == key) {
        return (p.name().to_string(), p.unit());
    }
    if let Some(p) = FpmParam::ALL.into_iter().find(|p| p.name() == key) {
        return (p.name().to_string(), p.range().unit);
    }
    (key.replace('_', " "), "")
}

/// An offload parameter as a key of the overrides' JSON map.
fn serialized(p: &OffloadParam) -> String {
    match serde_json::to_value(p) {
        Ok(Value::String(s)) => s,
        _ => String::new(),
    }
}

/// The file name of loaded data (an object with `path`, `hash` and
/// `data`) at or above `path` in `root`, if the change is in one.
fn loaded_file(root: &Value, path: &[String]) -> Option<String> {
    let mut node = root;
    for key in path.iter().map(Some).chain([None]) {
        if let Value::Object(o) = node
            && o.contains_key("hash")
            && o.contains_key("data")
        {
            let p = o.get("path")?.as_str()?;
            let name = std::path::Path::new(p)
                .file_name()
                .map_or(p.into(), |n| n.to_string_lossy());
            return Some(name.into_owned());
        }
        node = match (node, key) {
            (Value::Object(o), Some(k)) => o.get(k)?,
            (Value::Array(a), Some(k)) => a.get(k.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    None
}

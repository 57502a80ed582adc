//! Pieces every model's `eval` JSON shares: where each value comes from,
//! and a reason for every null.

use serde_json::{Map, Value, json};

use hetscope_model::platform::Source;

/// `{"name": {"kind": "spec sheet", "detail": "..."}, ...}`.
pub fn sources_json(sources: &[(String, Source)]) -> Value {
    let mut m = Map::new();
    for (name, s) in sources {
        m.insert(
            name.clone(),
            json!({"kind": s.kind(), "detail": s.detail()}),
        );
    }
    Value::Object(m)
}

/// Give the nulls of `m` a reason: when a value of `m` is null (JSON has
/// no NaN or infinity) and `m` has no reason yet, `reason` names the null
/// keys and says `why`. Within the parameters' ranges no result is
/// expected to be null; this keeps an unexpected one explained.
pub fn explain_nulls(m: &mut Map<String, Value>, why: &str) {
    let nulls: Vec<&str> = m
        .iter()
        .filter(|(k, v)| v.is_null() && k.as_str() != "reason")
        .map(|(k, _)| k.as_str())
        .collect();
    let has_reason = m.get("reason").is_some_and(|r| !r.is_null());
    if nulls.is_empty() || has_reason {
        return;
    }
    let reason = format!("{}: {why}", nulls.join(", "));
    m.insert("reason".into(), Value::String(reason));
}

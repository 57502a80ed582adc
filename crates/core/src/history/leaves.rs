//! The values of a session as leaves of its JSON tree, each with its path
//! (`perdome.platform.params.cpu.t_f`), and the leaves two sessions differ
//! in: what names an undo step.

use serde_json::Value;

/// One differing value: its path and the value before and after (a list
/// whose length changed is one leaf, the whole list).
#[derive(Clone, Debug, PartialEq)]
pub struct Changed {
    pub path: Vec<String>,
    pub before: Value,
    pub after: Value,
}

/// The leaves that differ between `a` and `b`, at most `limit` of them
/// (in the tree's order).
pub fn changed(a: &Value, b: &Value, limit: usize) -> Vec<Changed> {
    let mut out = Vec::new();
    walk(a, b, &mut Vec::new(), &mut out, limit);
    out
}

fn walk(a: &Value, b: &Value, path: &mut Vec<String>, out: &mut Vec<Changed>, limit: usize) {
    if out.len() >= limit || a == b {
        return;
    }
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (k, va) in x {
                path.push(k.clone());
                walk(va, y.get(k).unwrap_or(&Value::Null), path, out, limit);
                path.pop();
            }
            for (k, vb) in y.iter().filter(|(k, _)| !x.contains_key(*k)) {
                path.push(k.clone());
                walk(&Value::Null, vb, path, out, limit);
                path.pop();
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (va, vb)) in x.iter().zip(y).enumerate() {
                path.push(i.to_string());
                walk(va, vb, path, out, limit);
                path.pop();
            }
        }
        _ => out.push(Changed {
            path: path.clone(),
            before: a.clone(),
            after: b.clone(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn only_differing_leaves_are_named_with_their_paths() {
        let a = json!({"p": {"cpu": {"t_f": 1.0, "t_b": 2.0}}, "l": [1, 2], "s": "x"});
        let b = json!({"p": {"cpu": {"t_f": 3.0, "t_b": 2.0}}, "l": [1, 2, 3], "s": "x"});
        let c = changed(&a, &b, 10);
        assert_eq!(c.len(), 2);
        let t_f = c
            .iter()
            .find(|c| c.path == ["p", "cpu", "t_f"])
            .expect("t_f");
        assert_eq!(
            (t_f.before.as_f64(), t_f.after.as_f64()),
            (Some(1.0), Some(3.0))
        );
        assert!(
            c.iter().any(|c| c.path == ["l"]),
            "a list that grew is one change"
        );
        assert!(changed(&a, &a, 10).is_empty());
        assert_eq!(changed(&a, &b, 1).len(), 1, "bounded");
    }
}

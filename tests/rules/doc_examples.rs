//! The example numbers of the README and the guides: a number printed as
//! `{"key": value, ...}` in the comment lines just above a `hetscope`
//! command of a shell block is what that command prints under that key
//! (to the digits printed), so that no guide drifts from the models.

use serde_json::Value;

use crate::common::{ROOT, stderr};

/// One expected value: a key of the command's JSON and what the guide
/// prints for it.
#[derive(Debug)]
enum Expected {
    Number { key: String, text: String },
    Flag { key: String, value: bool },
}

/// Every `"key": number|true|false` in `comment`.
fn expected_values(comment: &str) -> Vec<Expected> {
    let mut out = Vec::new();
    let parts: Vec<&str> = comment.split('"').collect();
    // Odd parts are quoted; a key is a quoted word followed by ": value".
    for i in (1..parts.len()).step_by(2) {
        let Some(rest) = parts.get(i + 1).and_then(|r| r.strip_prefix(": ")) else {
            continue;
        };
        let value: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '+'))
            .collect();
        let key = parts[i].to_string();
        match value.as_str() {
            "true" | "false" => out.push(Expected::Flag {
                key,
                value: value == "true",
            }),
            v if v.parse::<f64>().is_ok() => out.push(Expected::Number {
                key,
                text: v.to_string(),
            }),
            _ => {}
        }
    }
    out
}

/// A command line split into words as a shell would (single quotes kept
/// together), without the leading `hetscope`.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let (mut word, mut quoted, mut any) = (String::new(), false, false);
    for c in line.chars() {
        match c {
            '\'' => (quoted, any) = (!quoted, true),
            ' ' if !quoted => {
                if any || !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
                any = false;
            }
            _ => word.push(c),
        }
    }
    if any || !word.is_empty() {
        out.push(word);
    }
    out.into_iter().skip(1).collect()
}

/// Each documented command with the values its comment expects.
fn examples(text: &str) -> Vec<(String, Vec<Expected>)> {
    let mut out = Vec::new();
    let (mut in_sh, mut comment) = (false, String::new());
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with("```") {
            in_sh = t == "```sh";
            comment.clear();
            continue;
        }
        if !in_sh {
            continue;
        }
        if let Some(c) = t.strip_prefix('#') {
            comment.push_str(c);
            comment.push(' ');
        } else if t.starts_with("hetscope ") {
            let expected = expected_values(&comment);
            if !expected.is_empty() {
                out.push((t.to_string(), expected));
            }
            comment.clear();
        } else if t.is_empty() {
            comment.clear();
        }
    }
    out
}

/// The value of `key` in `json`: at the top, else in the nearest object
/// under it that has it (`cpu.thread_speed` is read as "thread_speed").
fn find<'a>(json: &'a Value, key: &str) -> &'a Value {
    let mut level = vec![json];
    while !level.is_empty() {
        if let Some(v) = level.iter().find_map(|o| o.get(key)) {
            return v;
        }
        level = level
            .iter()
            .filter_map(|o| o.as_object())
            .flat_map(|o| o.values())
            .filter(|v| v.is_object())
            .collect();
    }
    &Value::Null
}

/// Whether `got` printed with the digits of `text` reads `text`.
fn reads_as(got: f64, text: &str) -> bool {
    let printed: f64 = text.parse().unwrap_or(f64::NAN);
    let decimals = text.split_once('.').map_or(0, |(_, d)| d.len()) as i32;
    (got - printed).abs() <= 0.5 * 10f64.powi(-decimals) * (1.0 + 1e-9)
}

fn guides() -> Vec<std::path::PathBuf> {
    let root = std::path::Path::new(ROOT);
    let mut files = vec![root.join("README.md")];
    for dir in ["docs", "docs/models"] {
        let mut found: Vec<_> = std::fs::read_dir(root.join(dir))
            .expect("the docs folder")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "md"))
            .collect();
        found.sort();
        files.extend(found);
    }
    files
}

#[test]
fn every_example_number_of_the_guides_is_what_its_command_prints() {
    let mut checked = 0;
    let mut wrong = Vec::new();
    for file in guides() {
        let text = std::fs::read_to_string(&file).expect("a guide");
        let name = file
            .strip_prefix(ROOT)
            .unwrap_or(&file)
            .display()
            .to_string();
        for (line, expected) in examples(&text) {
            let out = std::process::Command::new(env!("CARGO_BIN_EXE_hetscope"))
                .args(words(&line))
                .current_dir(ROOT)
                .output()
                .expect("the binary runs");
            assert!(out.status.success(), "{name}: {line}: {}", stderr(&out));
            let json: Value = serde_json::from_slice(&out.stdout)
                .unwrap_or_else(|e| panic!("{name}: {line}: not JSON: {e}"));
            for e in expected {
                checked += 1;
                let ok = match &e {
                    Expected::Number { key, text } => find(&json, key)
                        .as_f64()
                        .is_some_and(|got| reads_as(got, text)),
                    Expected::Flag { key, value } => find(&json, key).as_bool() == Some(*value),
                };
                if !ok {
                    wrong.push(format!(
                        "{name}: {line}: the guide says {e:?}, the command {}",
                        {
                            let key = match &e {
                                Expected::Number { key, .. } | Expected::Flag { key, .. } => key,
                            };
                            find(&json, key)
                        }
                    ));
                }
            }
        }
    }
    assert!(checked >= 12, "only {checked} example values found");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_reader_finds_values_and_words() {
    let e = expected_values(r#" x: {"speedup": 4.65, "offload": true, "mwp": ..., "name"} "#);
    assert_eq!(e.len(), 2, "{e:?}");
    assert!(reads_as(4.6469, "4.65") && !reads_as(4.656, "4.65"));
    assert!(reads_as(31707.06, "31707") && !reads_as(31708.0, "31707"));
    assert_eq!(
        words("hetscope eval boathull --class '2048 x|e -> y' --set f=1"),
        [
            "eval",
            "boathull",
            "--class",
            "2048 x|e -> y",
            "--set",
            "f=1"
        ]
    );
}

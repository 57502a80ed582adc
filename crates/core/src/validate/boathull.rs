//! Boat hull: each measured time of the class against the model's time,
//! on the platform's GPU and on its CPU (each measured processor compared
//! with the model's processor of its kind).

use super::table::{Row, Table};
use crate::boathull::{Boathull, BoathullQuery};
use crate::{CoreError, Model, Session};
use hetscope_preset::Catalog;

/// The table of a file of measured boat hull times (already in `s`).
pub fn times(s: &Session, file: &str, catalog: &Catalog) -> Result<Table, CoreError> {
    let mut rows = Vec::new();
    let mut not_compared = Vec::new();
    let mut swapped = s.boathull.clone();
    std::mem::swap(&mut swapped.processor, &mut swapped.partner);
    for scenario in [&s.boathull, &swapped] {
        let v = Boathull::eval(scenario, &BoathullQuery::ClassWithPartner, catalog)?;
        for n in v["measured"]["not_compared"]
            .as_array()
            .into_iter()
            .flatten()
        {
            let line = format!(
                "{} ({} rows) {}",
                n["processor"].as_str().unwrap_or("?"),
                n["rows"].as_u64().unwrap_or(0),
                n["reason"].as_str().unwrap_or("")
            );
            if !not_compared.contains(&line) {
                not_compared.push(line);
            }
        }
        for p in v["measured"]["points"].as_array().into_iter().flatten() {
            let (Some(m), Some(pred)) = (p["measured_s"].as_f64(), p["model_s"].as_f64()) else {
                continue;
            };
            rows.push(Row {
                label: format!(
                    "{} f={}",
                    p["processor"].as_str().unwrap_or("?"),
                    p["f"].as_f64().unwrap_or(0.0)
                ),
                measured: m,
                predicted: pred,
                decision_right: None,
            });
        }
    }
    let mut notes = vec![format!("class {}", s.boathull.class_text)];
    if rows.is_empty() {
        notes.push(format!(
            "no row compares with the platform's processors ({}, {}): {}",
            s.boathull.processor.name,
            s.boathull.partner.name,
            if not_compared.is_empty() {
                "the file has no row of this class".to_string()
            } else {
                not_compared.join("; ")
            }
        ));
    }
    Ok(Table {
        model: "boathull",
        quantity: "execution time".into(),
        unit: "s".into(),
        file: file.to_string(),
        rows,
        notes,
        held_out: Vec::new(),
    })
}

//! FPM: each point of a measured speed function against the constant
//! speed fitted to it (the constant performance model's assumption, the
//! one FPM partitioning does without): the relative error says how far
//! the speed moves with the problem size.

use super::table::{Row, Table};
use crate::CoreError;
use hetscope_preset::fpm::parse_speed_csv;

/// The table of a speed-function CSV.
pub fn speed_function(text: &str, file: &str) -> Result<Table, CoreError> {
    let csv = parse_speed_csv(text, file)?;
    // The constant that minimises the squared relative error of the
    // points: sum(1/s) / sum(1/s^2).
    let (a, b) = csv.rows.iter().fold((0.0, 0.0), |(a, b), p| {
        let s = p.speed_units_per_s;
        (a + 1.0 / s, b + 1.0 / (s * s))
    });
    let constant = a / b;
    let rows = csv
        .rows
        .iter()
        .map(|p| Row {
            label: format!("x={}", p.size_units),
            measured: p.speed_units_per_s,
            predicted: constant,
            decision_right: None,
        })
        .collect();
    Ok(Table {
        model: "fpm",
        quantity: "speed".into(),
        unit: "units/s".into(),
        file: file.to_string(),
        rows,
        notes: vec![format!(
            "predicted: the constant speed fitted to the points ({constant:.4e} units/s), \
             least relative squares"
        )],
        held_out: Vec::new(),
    })
}

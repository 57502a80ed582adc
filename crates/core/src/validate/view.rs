//! A validation as the figure draws it ([`ValidationInput`]): per table
//! the model's title, the file's name, the points and a summary line.

use super::{Table, Validation};
use hetscope_figure::ModelId;
use hetscope_figure::overview::validation::{ValidationInput, ValidationPoint, ValidationTable};
use hetscope_model::format::fmt_num;

impl Validation {
    /// What the "Model against measurement" view draws.
    pub fn figure_input(&self) -> ValidationInput {
        ValidationInput {
            platform: self.platform.clone(),
            tables: self.tables.iter().map(Table::figure_table).collect(),
            problems: Vec::new(),
            edited: Vec::new(),
        }
    }
}

impl Table {
    /// The table as the figure draws it.
    pub fn figure_table(&self) -> ValidationTable {
        let file = std::path::Path::new(&self.file)
            .file_name()
            .map_or(self.file.clone(), |n| n.to_string_lossy().into_owned());
        ValidationTable {
            model: ModelId::from_key(self.model)
                .map_or(self.model.to_string(), |m| m.title().to_string()),
            quantity: self.quantity.clone(),
            unit: self.unit.clone(),
            file,
            points: self
                .rows
                .iter()
                .map(|r| ValidationPoint {
                    label: r.label.clone(),
                    measured: r.measured,
                    predicted: r.predicted,
                    decision_right: r.decision_right,
                })
                .collect(),
            summary: self.summary_line(),
            // Offload speedups decide at 1; its host loop times do not.
            decides_at_one: self.model == "offload"
                && self.rows.iter().any(|r| r.decision_right.is_some()),
        }
    }

    /// "22 rows; median error 85 %, largest 97 %; decisions right 15 of
    /// 22", and the table's last note.
    pub fn summary_line(&self) -> String {
        if self.rows.is_empty() {
            // Why nothing is drawn: the note that says so, where a model
            // gives one.
            return self
                .notes
                .iter()
                .find(|n| n.starts_with("no row"))
                .cloned()
                .unwrap_or_else(|| "no row of the file compares with the platform".to_string());
        }
        let pct =
            |e: Option<f64>| e.map_or("n/a".to_string(), |e| format!("{} %", fmt_num(100.0 * e)));
        let mut s = format!(
            "{} rows; median error {}, largest {}",
            self.rows.len(),
            pct(self.median_abs_error()),
            pct(self.max_abs_error())
        );
        let (decided, right) = self.decisions();
        if decided > 0 {
            s.push_str(&format!("; decisions right {right} of {decided}"));
        }
        s
    }
}

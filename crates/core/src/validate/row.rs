//! One row of a validation table: a measured value, the model's
//! prediction of it and, where the model decides, whether its decision
//! is the measured one.

/// One measured value and the model's prediction of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// What was measured (a kernel, a point, a run).
    pub label: String,
    pub measured: f64,
    pub predicted: f64,
    /// Whether the model's decision for this row is the measured one
    /// (offload or not), where the model decides.
    pub decision_right: Option<bool>,
}

impl Row {
    /// (predicted - measured) / measured; none where nothing was measured.
    pub fn relative_error(&self) -> Option<f64> {
        let e = (self.predicted - self.measured) / self.measured;
        e.is_finite().then_some(e)
    }
}

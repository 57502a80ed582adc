//! Measured performance set against the bound: tightness (measured /
//! bound) and fidelity (does the model order the partitions as the
//! measurements do).

/// One partition with its bound and its measured performance.
#[derive(Clone, Debug, PartialEq)]
pub struct MeasuredRow {
    pub name: String,
    /// Model bound, GFLOP/s (`None`: no such partition).
    pub bound: Option<f64>,
    /// Measured performance, GFLOP/s.
    pub measured: f64,
}

impl MeasuredRow {
    /// measured / bound (above 1 means the bound was beaten).
    pub fn tightness(&self) -> Option<f64> {
        self.bound.filter(|b| *b > 0.0).map(|b| self.measured / b)
    }
}

/// How well the model's order of the partitions matches the measured one.
#[derive(Clone, Debug, PartialEq)]
pub struct Fidelity {
    /// Pairs ordered the same way by model and measurement.
    pub concordant: usize,
    /// Pairs ordered the opposite way.
    pub discordant: usize,
    /// Kendall's tau-a over the pairs with a bound, in [-1, 1].
    pub kendall_tau: Option<f64>,
    /// True when no pair is ordered the opposite way.
    pub same_order: bool,
}

/// Compare model and measurement order over all pairs of rows that have a
/// bound. Pairs tied in either ranking count as neither.
pub fn fidelity(rows: &[MeasuredRow]) -> Fidelity {
    let pts: Vec<(f64, f64)> = rows
        .iter()
        .filter_map(|r| r.bound.map(|b| (b, r.measured)))
        .collect();
    let (mut con, mut dis, mut pairs) = (0usize, 0usize, 0usize);
    for a in 0..pts.len() {
        for b in a + 1..pts.len() {
            pairs += 1;
            let s = (pts[a].0 - pts[b].0) * (pts[a].1 - pts[b].1);
            if s > 0.0 {
                con += 1;
            } else if s < 0.0 {
                dis += 1;
            }
        }
    }
    Fidelity {
        concordant: con,
        discordant: dis,
        kendall_tau: (pairs > 0).then(|| (con as f64 - dis as f64) / pairs as f64),
        same_order: dis == 0,
    }
}

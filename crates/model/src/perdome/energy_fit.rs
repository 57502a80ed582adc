//! Energy parameters of one processor from measured runs, by least squares
//! on E = e_f N_f + e_b N_b + p_s T (the energy roofline of PeaPaw Eq. 3,
//! as PeaPaw 6.2 obtains its Table IV energies).

/// One measured run.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct EnergyRun {
    /// Flops executed.
    pub n_flops: f64,
    /// Bytes moved.
    pub n_bytes: f64,
    /// Wall time, s.
    pub time_s: f64,
    /// Measured energy, J.
    pub energy_j: f64,
}

/// Fitted parameters with each run's relative residual.
#[derive(Clone, Debug, PartialEq)]
pub struct EnergyFit {
    /// pJ per flop.
    pub e_f_pj: f64,
    /// pJ per byte.
    pub e_b_pj: f64,
    /// W (fitted, or the fixed value given).
    pub p_s_w: f64,
    /// (model - measured) / measured, one per run.
    pub residuals: Vec<f64>,
}

impl EnergyFit {
    pub fn max_abs_residual(&self) -> f64 {
        self.residuals.iter().fold(0.0, |m, r| m.max(r.abs()))
    }
}

/// Why no fit could be made.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum FitError {
    #[error("energy fit needs at least {needed} runs, got {got}")]
    TooFewRuns { needed: usize, got: usize },
    #[error("energy fit is undetermined: the runs do not vary flops, bytes and time independently")]
    Singular,
    /// Values so large that the fit overflows.
    #[error("energy fit overflows: the runs' counts, times or energies are too large")]
    Overflow,
    #[error("run {index}: counts, time and energy must be finite and not negative")]
    BadRun { index: usize },
}

/// Fit e_f, e_b and p_s. With `fixed_p_s_w` the static power is held at
/// that value (e.g. the measured idle power) and only e_f, e_b are fitted.
pub fn fit(runs: &[EnergyRun], fixed_p_s_w: Option<f64>) -> Result<EnergyFit, FitError> {
    for (k, r) in runs.iter().enumerate() {
        let ok = [r.n_flops, r.n_bytes, r.time_s, r.energy_j]
            .iter()
            .all(|v| v.is_finite() && *v >= 0.0);
        if !ok {
            return Err(FitError::BadRun { index: k + 1 });
        }
    }
    // Columns scaled so the coefficients come out in pJ and W:
    // N / 1e12 [T-units] x pJ = J.
    let cols = |r: &EnergyRun| [r.n_flops * 1e-12, r.n_bytes * 1e-12, r.time_s];
    let n = if fixed_p_s_w.is_some() { 2 } else { 3 };
    if runs.len() < n {
        return Err(FitError::TooFewRuns {
            needed: n,
            got: runs.len(),
        });
    }
    let mut a = [[0.0f64; 3]; 3];
    let mut b = [0.0f64; 3];
    for r in runs {
        let x = cols(r);
        let y = r.energy_j - fixed_p_s_w.map_or(0.0, |p| p * r.time_s);
        for i in 0..n {
            for j in 0..n {
                a[i][j] += x[i] * x[j];
            }
            b[i] += x[i] * y;
        }
    }
    let sol = solve(a, b, n).ok_or(FitError::Singular)?;
    let p_s = fixed_p_s_w.unwrap_or(sol[2]);
    let residuals: Vec<f64> = runs
        .iter()
        .map(|r| {
            let x = cols(r);
            let model = sol[0] * x[0] + sol[1] * x[1] + p_s * x[2];
            (model - r.energy_j) / r.energy_j
        })
        .collect();
    let finite = |v: &f64| v.is_finite();
    if !([sol[0], sol[1], p_s].iter().all(finite) && residuals.iter().all(finite)) {
        return Err(FitError::Overflow);
    }
    Ok(EnergyFit {
        e_f_pj: sol[0],
        e_b_pj: sol[1],
        p_s_w: p_s,
        residuals,
    })
}

/// Gaussian elimination with partial pivoting on the leading n x n block.
fn solve(mut a: [[f64; 3]; 3], mut b: [f64; 3], n: usize) -> Option<[f64; 3]> {
    let scale = a.iter().flatten().fold(0.0f64, |m, v| m.max(v.abs()));
    for c in 0..n {
        let piv = (c..n).max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))?;
        if a[piv][c].abs() <= scale * 1e-13 {
            return None;
        }
        a.swap(c, piv);
        b.swap(c, piv);
        for r in c + 1..n {
            let f = a[r][c] / a[c][c];
            let pivot_row = a[c];
            for (dst, src) in a[r][c..n].iter_mut().zip(&pivot_row[c..n]) {
                *dst -= f * src;
            }
            b[r] -= f * b[c];
        }
    }
    let mut x = [0.0; 3];
    for c in (0..n).rev() {
        let s: f64 = (c + 1..n).map(|k| a[c][k] * x[k]).sum();
        x[c] = (b[c] - s) / a[c][c];
    }
    Some(x)
}

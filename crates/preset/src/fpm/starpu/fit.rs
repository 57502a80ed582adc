//! StarPU's regressions as fitted time functions of a device's work: the
//! file fits time (us) against data size (bytes); a device counting
//! flops gets the fit in flop, through the power law its history's
//! flops follow in its sizes.

use hetscope_model::fpm::{FitKind, FittedTime};

use super::{Entry, Implementation};

/// The regression StarPU fitted to an implementation, in the work unit
/// of its device (bytes, or flop where `flops`): the non-linear one where
/// its coefficients are numbers, else the linear one, else none. None
/// too where the device counts flops and its flops are no power of its
/// sizes (within 2 %).
pub fn fitted(imp: &Implementation, usable: &[&Entry], flops: bool) -> Option<FittedTime> {
    let r = &imp.linear;
    let (a, b, c) = imp.non_linear;
    let (kind, a, b, c) = if [a, b, c].iter().all(|v| v.is_finite()) {
        (FitKind::NonLinear, a, b, c)
    } else if r.alpha.is_finite() && r.beta.is_finite() {
        (FitKind::Linear, r.alpha, r.beta, 0.0)
    } else {
        return None;
    };
    let in_bytes = FittedTime {
        kind,
        a_s: a * 1e-6,
        b,
        c_s: c * 1e-6,
        min_units: r.min_size,
        max_units: r.max_size,
        samples: if r.samples.is_finite() && r.samples > 0.0 {
            r.samples as u64
        } else {
            0
        },
    };
    if !flops {
        return Some(in_bytes);
    }
    let (k, p) = flops_power_law(usable)?;
    Some(in_bytes.in_unit(k, p))
}

/// k and p of flops = k size^p through the entries (least squares in
/// log-log), where at least two sizes differ and every entry lies within
/// 2 % of it.
fn flops_power_law(entries: &[&Entry]) -> Option<(f64, f64)> {
    let pts: Vec<(f64, f64)> = entries
        .iter()
        .filter(|e| e.size_bytes > 0.0 && e.flops > 0.0)
        .map(|e| (e.size_bytes.ln(), e.flops.ln()))
        .collect();
    let n = pts.len() as f64;
    let mx = pts.iter().map(|p| p.0).sum::<f64>() / n;
    let my = pts.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = pts.iter().map(|p| (p.0 - mx).powi(2)).sum();
    if pts.len() < 2 || sxx <= 1e-12 {
        return None;
    }
    let sxy: f64 = pts.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let p = sxy / sxx;
    let ln_k = my - p * mx;
    let close = pts
        .iter()
        .all(|&(x, y)| ((ln_k + p * x).exp() / y.exp() - 1.0).abs() <= 0.02);
    close.then(|| (ln_k.exp(), p))
}

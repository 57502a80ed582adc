//! Flip points: for every decision and every parameter, the value at which
//! the decision changes, if it does within a decade either way of the
//! platform's value: a scan of the factor over that range (in even steps
//! of log), then bisection inside each bracket that changes until its ends
//! lie within 1 % of each other. Each scan point resolves the platform
//! once and reads every decision, so a parameter costs the same however
//! many decisions it flips.

use std::collections::HashMap;

use super::decisions::Decision;
use super::resolver::{Resolver, threads_over};
use hetscope_model::platform::knobs::{Knob, Moves};

/// Scan points of the factor from 1/RANGE to RANGE (a factor of 1.58
/// between neighbours).
const SCAN: usize = 11;
/// How far a parameter is moved either way: a decade.
pub const RANGE: f64 = 10.0;
/// The bracket's relative width at which bisection stops.
pub const TOLERANCE: f64 = 0.01;

/// One flip: the decision is `from` below the parameter's `value` and
/// `to` above it (the bracket `below` .. `above`, within 1 %).
#[derive(Clone, Debug, PartialEq)]
pub struct Flip {
    pub decision: Decision,
    pub param: usize,
    pub from: String,
    pub to: String,
    /// The parameter's value where it flips (the bracket's middle in log).
    pub value: f64,
    /// The bracket: `from` at `below`, `to` at `above`.
    pub below: f64,
    pub above: f64,
}

/// The factors of the scan, ascending.
fn factors() -> Vec<f64> {
    let lo = (1.0 / RANGE).ln();
    let hi = RANGE.ln();
    (0..SCAN)
        .map(|i| (lo + (hi - lo) * i as f64 / (SCAN - 1) as f64).exp())
        .collect()
}

/// The state of decision `key` among `ds`.
fn state_of<'a>(ds: &'a [Decision], key: &str) -> Option<&'a str> {
    ds.iter().find(|d| d.key == key).map(|d| d.state.as_str())
}

/// Every flip of every decision against every parameter (the counts and
/// the vector width are left out: they move by steps, not continuously).
pub fn flips(r: &Resolver, knobs: &[Knob], base: &[Decision]) -> Vec<Flip> {
    let continuous: Vec<usize> = (0..knobs.len())
        .filter(|&i| knobs[i].moves == Moves::Relative)
        .collect();
    let per = |&i: &usize| flips_of(r, knobs, i, base);
    threads_over(&continuous, per)
        .into_iter()
        .flatten()
        .collect()
}

fn flips_of(r: &Resolver, knobs: &[Knob], i: usize, base: &[Decision]) -> Vec<Flip> {
    let k = &knobs[i];
    // Every resolution of this parameter, by factor: decisions that flip
    // at one point share its bisection.
    let mut seen: HashMap<u64, Option<Vec<Decision>>> = HashMap::new();
    let mut at = |f: f64| -> Option<Vec<Decision>> {
        seen.entry(f.to_bits())
            .or_insert_with(|| r.decisions_at(k, k.value * f))
            .clone()
    };
    let scan: Vec<(f64, Option<Vec<Decision>>)> =
        factors().into_iter().map(|f| (f, at(f))).collect();
    let mut out = Vec::new();
    for b in base {
        for w in scan.windows(2) {
            let (Some(a), Some(c)) = (&w[0].1, &w[1].1) else {
                continue;
            };
            let (Some(sa), Some(sc)) = (state_of(a, &b.key), state_of(c, &b.key)) else {
                continue;
            };
            if sa == sc {
                continue;
            }
            let (mut lo, mut hi) = (w[0].0, w[1].0);
            while hi / lo > 1.0 + TOLERANCE {
                let mid = (lo * hi).sqrt();
                match at(mid).as_deref().and_then(|m| state_of(m, &b.key)) {
                    Some(s) if s == sa => lo = mid,
                    Some(_) => hi = mid,
                    None => break,
                }
            }
            out.push(Flip {
                decision: b.clone(),
                param: i,
                from: sa.to_string(),
                to: sc.to_string(),
                value: k.value * (lo * hi).sqrt(),
                below: k.value * lo,
                above: k.value * hi,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_scan_spans_a_decade_each_way_evenly_in_log() {
        let f = super::factors();
        assert_eq!(f.len(), super::SCAN);
        assert!((f[0] - 0.1).abs() < 1e-12 && (f[super::SCAN - 1] - 10.0).abs() < 1e-9);
        // Bisection then narrows a bracket of 1.58 to 1 % in six steps.
        assert!((f[1] / f[0] - 10f64.powf(0.2)).abs() < 1e-9);
        assert!((f[super::SCAN / 2] - 1.0).abs() < 1e-12);
        let ratio = f[1] / f[0];
        assert!(f.windows(2).all(|w| (w[1] / w[0] - ratio).abs() < 1e-9));
    }
}

//! PerDome performance bound (PerDome Eq. 11, 19, 20; PeaPaw Eq. 17-20) and
//! PeaPaw energy efficiency (PeaPaw Eq. 21-25).
//!
//! Energy is derived from Eq. 25 with the flop shares of Eq. 12-13
//! (N_fC / N_f = (I_C / I)(I - I_G)/(I_C - I_G)). Eq. 26 as printed drops
//! the I_C / I and I_G / I factors; the paper's own CP-vs-DP energy
//! percentages in 6.4.2 match the derived form and not the printed one
//! (see tests/peapaw_paper.rs).

use super::machine::Platform;
use super::partition::{Shares, Wp, WpKind, cp_shares_unchecked};
use super::{NoSuchPartition, ParamError};

/// Why a WP could not be evaluated.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum WpError {
    #[error(transparent)]
    Invalid(ParamError),
    #[error(transparent)]
    NoSuchPartition(NoSuchPartition),
}

/// Everything the models say about one WP on one platform.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WpEval {
    pub wp: Wp,
    pub kind: WpKind,
    pub shares: Shares,
    /// T_sys / N_f, ps per flop.
    pub time_per_flop_ps: f64,
    /// Performance bound, GFLOP/s.
    pub gflops: f64,
    /// E_total / N_f, pJ per flop.
    pub energy_per_flop_pj: f64,
    /// Energy efficiency, GFLOP/J.
    pub gflop_per_joule: f64,
}

/// System time per flop of the whole workload (Eq. 17 divided by N_f), ps.
#[inline]
pub fn time_per_flop(p: &Platform, s: &Shares) -> f64 {
    (p.cpu.t_f * s.flops_c)
        .max(p.cpu.t_b * s.bytes_c)
        .max(p.gpu.t_f * s.flops_g)
        .max(p.gpu.t_b * s.bytes_g)
}

/// System energy per flop of the whole workload (Eq. 24 divided by N_f), pJ.
#[inline]
pub fn energy_per_flop(p: &Platform, s: &Shares) -> f64 {
    energy_per_flop_with_time(p, s, time_per_flop(p, s))
}

#[inline]
fn energy_per_flop_with_time(p: &Platform, s: &Shares, t: f64) -> f64 {
    p.cpu.e_f * s.flops_c
        + p.cpu.e_b * s.bytes_c
        + p.gpu.e_f * s.flops_g
        + p.gpu.e_b * s.bytes_g
        + p.static_power() * t
}

/// Fraction of the flops on the CPU at which both processors finish
/// together (p-DP), for a workload of intensity `i`.
pub fn pdp_cpu_fraction(p: &Platform, i: f64) -> f64 {
    let pc = 1.0 / p.cpu.time_per_flop_at(i);
    let pg = 1.0 / p.gpu.time_per_flop_at(i);
    pc / (pc + pg)
}

/// Shares of p-DP: the performance-optimal data partition (PeaPaw 4.1).
pub fn pdp_shares(p: &Platform, i: f64) -> Shares {
    Shares::data_partition(i, pdp_cpu_fraction(p, i))
}

/// Performance bound of p-DP: the sum of the two rooflines (PeaPaw
/// Eq. 19), GFLOP/s.
pub fn pdp_gflops(p: &Platform, i: f64) -> f64 {
    p.cpu.roofline_gflops(i) + p.gpu.roofline_gflops(i)
}

/// Evaluate one WP: performance bound and energy efficiency.
/// Returns an error for values out of range and for points outside the
/// valid region of Lemma 1-2 ("no such partition").
pub fn evaluate(p: &Platform, wp: Wp) -> Result<WpEval, WpError> {
    p.validate().map_err(WpError::Invalid)?;
    evaluate_valid(p, wp)
}

/// [`evaluate`] on a platform already validated ([`Platform::validate`]):
/// the hot path of a search that evaluates one platform many times.
pub fn evaluate_valid(p: &Platform, wp: Wp) -> Result<WpEval, WpError> {
    wp.check_values().map_err(WpError::Invalid)?;
    evaluate_checked(p, wp)
}

/// [`evaluate_valid`] of intensities already checked
/// ([`Wp::check_values`]): a search's samples, each within the range.
pub(crate) fn evaluate_checked(p: &Platform, wp: Wp) -> Result<WpEval, WpError> {
    let kind = wp.kind().map_err(WpError::NoSuchPartition)?;
    let shares = match kind {
        WpKind::PerfectDp => pdp_shares(p, wp.i),
        _ => cp_shares_unchecked(wp.i, wp.i_c, wp.i_g),
    };
    Ok(eval_shares(p, wp, kind, shares))
}

fn eval_shares(p: &Platform, wp: Wp, kind: WpKind, shares: Shares) -> WpEval {
    let t = time_per_flop(p, &shares);
    let e = energy_per_flop_with_time(p, &shares, t);
    WpEval {
        wp,
        kind,
        shares,
        time_per_flop_ps: t,
        gflops: 1000.0 / t,
        energy_per_flop_pj: e,
        gflop_per_joule: 1000.0 / e,
    }
}

/// Which data partition spends the least energy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DpChoice {
    CpuOnly,
    GpuOnly,
    /// The performance-optimal split (p-DP).
    Balanced,
}

impl DpChoice {
    pub fn name(self) -> &'static str {
        match self {
            DpChoice::CpuOnly => "CPU-only",
            DpChoice::GpuOnly => "GPU-only",
            DpChoice::Balanced => "p-DP",
        }
    }
}

/// The energy-best data partition (PeaPaw 4.1: one of p-DP, CO, GO).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DpEnergy {
    pub choice: DpChoice,
    /// Fraction of the flops on the CPU.
    pub cpu_fraction: f64,
    pub eval: WpEval,
}

/// Energy of a data partition is piecewise linear and convex in the CPU's
/// flop fraction (dynamic energy is linear, static energy is the static
/// power times the longer of two linear times), so its minimum is at one of
/// the ends (CO, GO) or at the kink (p-DP).
pub fn energy_best_dp(p: &Platform, i: f64) -> Result<DpEnergy, WpError> {
    p.validate().map_err(WpError::Invalid)?;
    super::partition::check_intensity("I", i, false).map_err(WpError::Invalid)?;
    let a = pdp_cpu_fraction(p, i);
    let candidates = [
        (DpChoice::GpuOnly, 0.0, Wp::gpu_only(i), WpKind::GpuOnly),
        (DpChoice::Balanced, a, Wp::perfect_dp(i), WpKind::PerfectDp),
        (DpChoice::CpuOnly, 1.0, Wp::cpu_only(i), WpKind::CpuOnly),
    ];
    let mut best: Option<DpEnergy> = None;
    for (choice, frac, wp, kind) in candidates {
        let eval = eval_shares(p, wp, kind, Shares::data_partition(i, frac));
        let better = match &best {
            None => true,
            Some(b) => eval.energy_per_flop_pj < b.eval.energy_per_flop_pj * (1.0 - 1e-12),
        };
        if better {
            best = Some(DpEnergy {
                choice,
                cpu_fraction: frac,
                eval,
            });
        }
    }
    // `candidates` is not empty, so `best` is set.
    best.ok_or(WpError::Invalid(ParamError::NoDataPartition { i }))
}

/// Performance bound (GFLOP/s) and energy efficiency (GFLOP/J) of a CP
/// point without validity checks; `None` outside Lemma 2's region.
/// This is the hot path of the grids.
#[inline]
pub fn cp_point(p: &Platform, i: f64, i_c: f64, i_g: f64) -> Option<(f64, f64)> {
    if (i_c > i) == (i_g > i) || i_c == i || i_g == i {
        return None;
    }
    let s = cp_shares_unchecked(i, i_c, i_g);
    let t = time_per_flop(p, &s);
    let e = energy_per_flop_with_time(p, &s, t);
    Some((1000.0 / t, 1000.0 / e))
}

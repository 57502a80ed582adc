//! The input of the PerDome / PeaPaw views: a platform, a workload and its
//! partitions, and the analysis computed from them once per change.

use serde::{Deserialize, Serialize};

use super::ParamError;
use super::classify::{self, Classification};
use super::eval::{self, WpError, WpEval};
use super::grid::{self, GridPair, GridSpec};
use super::machine::Platform;
use super::measured::{self, Fidelity, MeasuredRow};
use super::optimum::{self, Optima};
use super::partition::Wp;

/// One named partition of the workload, with an optional measurement on the
/// current platform.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NamedPartition {
    pub name: String,
    /// flop/byte (0: the CPU does no flops).
    pub i_c: f64,
    /// flop/byte (0: the GPU does no flops).
    pub i_g: f64,
    /// Measured performance on this platform, GFLOP/s.
    pub measured_gflops: Option<f64>,
}

/// A PerDome / PeaPaw case, everything its figures are built from: the
/// platform, the workload and its partitions. (A session holds the
/// window's state of the model, `PerdomeScenario` in the core, and
/// makes its case.)
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Case {
    pub platform_name: String,
    pub platform: Platform,
    pub workload_name: String,
    /// Intensity of the whole workload I, flop/byte.
    pub i: f64,
    pub partitions: Vec<NamedPartition>,
}

/// Grid resolutions.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Resolution {
    /// Heat map cells per axis.
    pub heatmap: usize,
    /// Surface cells per axis (each becomes a quad).
    pub surface: usize,
}

impl Default for Resolution {
    fn default() -> Self {
        Resolution {
            heatmap: 256,
            surface: 48,
        }
    }
}

/// A partition evaluated, or why it could not be.
#[derive(Clone, Debug, PartialEq)]
pub struct PartitionResult {
    pub partition: NamedPartition,
    pub result: Result<WpEval, WpError>,
}

/// All model results for one case.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    pub case: Case,
    pub heatmap: GridPair,
    pub surface: GridPair,
    pub optima: Optima,
    pub classification: Classification,
    pub partitions: Vec<PartitionResult>,
    pub fidelity: Fidelity,
    pub measured_rows: Vec<MeasuredRow>,
}

/// Minimum half span of the grids, octaves each side of I.
pub const MIN_HALF_SPAN: f64 = 6.0;

impl Analysis {
    /// Compute everything. Fails only on invalid machine parameters or I;
    /// a partition outside the valid region is reported in its own result.
    pub fn compute(case: &Case, res: Resolution) -> Result<Analysis, ParamError> {
        let p = &case.platform;
        p.validate()?;
        let i = case.i;
        Wp::perfect_dp(i).check_values()?;
        let optima = optimum::search(p, i).map_err(|e| match e {
            WpError::Invalid(pe) => pe,
            // p-DP, CO and GO always exist for a valid I.
            WpError::NoSuchPartition(_) => ParamError::NoDataPartition { i },
        })?;
        let span = GridSpec::half_span_for(
            i,
            case.partitions
                .iter()
                .flat_map(|q| [q.i_c, q.i_g])
                .chain([
                    optima.best_performance.eval.wp.i_c,
                    optima.best_performance.eval.wp.i_g,
                ])
                .chain([
                    optima.best_energy.eval.wp.i_c,
                    optima.best_energy.eval.wp.i_g,
                ]),
            MIN_HALF_SPAN,
        );
        let heatmap = grid::compute(p, GridSpec::centred(i, span, even(res.heatmap)));
        // The surface through the best partitions found and the workload's
        // own: its peak is the bound's there, not the nearest cell's.
        let at: Vec<(f64, f64)> = case
            .partitions
            .iter()
            .map(|q| (q.i_c, q.i_g))
            .chain(
                [&optima.best_performance, &optima.best_energy]
                    .map(|b| (b.eval.wp.i_c, b.eval.wp.i_g)),
            )
            .collect();
        let surface = grid::compute_refined(p, GridSpec::centred(i, span, even(res.surface)), &at);
        let partitions: Vec<PartitionResult> = case
            .partitions
            .iter()
            .map(|q| PartitionResult {
                partition: q.clone(),
                result: eval::evaluate(p, Wp::new(i, q.i_c, q.i_g)),
            })
            .collect();
        let measured_rows: Vec<MeasuredRow> = partitions
            .iter()
            .filter_map(|r| {
                r.partition.measured_gflops.map(|m| MeasuredRow {
                    name: r.partition.name.clone(),
                    bound: r.result.as_ref().ok().map(|e| e.gflops),
                    measured: m,
                })
            })
            .collect();
        let fidelity = measured::fidelity(&measured_rows);
        Ok(Analysis {
            case: case.clone(),
            heatmap,
            surface,
            optima,
            classification: classify::classify(p),
            partitions,
            fidelity,
            measured_rows,
        })
    }
}

fn even(n: usize) -> usize {
    let n = n.clamp(8, 2048);
    n + (n % 2)
}

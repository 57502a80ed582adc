//! `hetscope eval perdome|peapaw`: one workload partition as JSON, from
//! the core's PerDome scenario that `--platform`, `--workload`, `--set`
//! and `--segment` build (`params.rs`); `eval energy-fit` and the
//! energy-fit view's options (`energy_fit.rs`).

use serde_json::Value;

pub mod energy_fit;
pub mod params;

use crate::cli::CliError;
use hetscope_core::paper_check::Paper;
use hetscope_core::perdome::{Perdome, PerdomeQuery};
use hetscope_core::{CoreError, Model};

pub use params::ScenarioArgs;

/// Run `eval perdome` or `eval peapaw` (as `paper` reports a partition):
/// the `--set I_C --set I_G` point, else the code segments' partition,
/// else p-DP at I.
pub fn run(paper: Paper, args: &ScenarioArgs) -> Result<Value, CliError> {
    let (s, at) = params::perdome_session(args, None)?;
    let query = PerdomeQuery::Partition { paper, at };
    Perdome::eval(&s.perdome, &query, crate::cli::catalog()?).map_err(model_error)
}

/// A model's refusal as one line: the parameter or partition at fault.
pub(crate) fn model_error(e: CoreError) -> CliError {
    match e {
        CoreError::Param(p) => CliError::usage(p.to_string()),
        e => CliError::usage(e.to_string()),
    }
}

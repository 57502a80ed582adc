//! The functional performance models, headless: devices given by their
//! speed functions, n computation units partitioned over them (evenly,
//! on constant speeds, on the speed functions), with each device's memory
//! limit, out-of-core extension, contention and socket.
//!
//! - `scenario.rs`: what a person chose (the devices with their points,
//!   n, the display options, the measurement settings) and its input;
//! - `eval.rs`: the JSON of `hetscope eval fpm`;
//! - `measured.rs`: measured speed functions as speed-function CSVs.

mod check;
mod eval;
pub mod measured;
pub mod options;
pub mod scenario;
pub mod starpu;

pub use measured::{measured_speed_csv, speed_csvs};
pub use scenario::{FpmScenario, SizesPreset, paper_devices};

use serde_json::Value;

use crate::model::Model;
use crate::recognize::{FileKind, Reading};
use crate::{CoreError, Session};
use hetscope_figure::fpm::{self as figure_fpm, FpmInput, FpmTable};
use hetscope_figure::{Figure, View};
use hetscope_model::ModelId;
use hetscope_model::fpm::Method;
use hetscope_preset::Catalog;
use hetscope_preset::fpm::PAPER_N;
use hetscope_preset::platform::PlatformChoice;

/// The kinds of file the FPM reads, and as what (see `crate::reads`).
pub const READS: &[(FileKind, Reading)] = &[
    (FileKind::SpeedFunction, Reading::Compared),
    (FileKind::StarpuModel, Reading::Preset),
];

/// The functional performance models.
pub struct Fpm;

/// What `eval fpm` reports: one method's partition of the scenario's n
/// over its devices (in whole units when the scenario says so).
#[derive(Clone, Debug, PartialEq)]
pub struct FpmQuery {
    /// The partitioning method.
    pub method: Method,
}

impl Default for FpmQuery {
    /// The FPM partition, on the speed functions.
    fn default() -> Self {
        FpmQuery {
            method: Method::Fpm,
        }
    }
}

/// What an FPM input computes to: the figures' input and the partition
/// table of the times view.
pub struct FpmOutput {
    pub input: FpmInput,
    /// None when the partitions cannot be solved (the times figure then
    /// says why).
    pub table: Option<FpmTable>,
}

impl Model for Fpm {
    const ID: ModelId = ModelId::Fpm;
    type Scenario = FpmScenario;
    type Input = FpmInput;
    type Output = FpmOutput;
    type Query = FpmQuery;

    fn scenario(session: &Session) -> &FpmScenario {
        &session.fpm
    }

    fn scenario_mut(session: &mut Session) -> &mut FpmScenario {
        &mut session.fpm
    }

    fn first_scenario(catalog: &Catalog) -> FpmScenario {
        FpmScenario::from_catalog(catalog)
    }

    /// The platform's devices: its measured speed functions, else one
    /// per socket and GPU from its spec sheets; n in whole blocks.
    fn use_platform(
        s: &mut FpmScenario,
        platform: &PlatformChoice,
        catalog: &Catalog,
    ) -> Result<(), CoreError> {
        let r = platform.preset.fpm(catalog, &platform.origin)?;
        s.devices = r.value;
        s.platform = platform.preset.name.clone();
        s.platform_id = platform.id.clone();
        s.sources = r.sources;
        s.n_units = PAPER_N;
        s.integer = true;
        Ok(())
    }

    /// The second platform's speed functions over the speed view, its
    /// partitions beside the times view.
    fn use_second_platform(
        s: &mut FpmScenario,
        platform: Option<&PlatformChoice>,
        catalog: &Catalog,
    ) -> Result<(), CoreError> {
        let Some(platform) = platform else {
            s.compare = None;
            return Ok(());
        };
        let r = platform.preset.fpm(catalog, &platform.origin)?;
        s.compare = Some((platform.preset.name.clone(), r.value));
        Ok(())
    }

    fn check(s: &FpmScenario) -> Result<(), crate::check::FieldProblem> {
        s.check()
    }

    fn input(s: &FpmScenario, _catalog: &Catalog) -> Result<FpmInput, CoreError> {
        s.input()
    }

    fn compute(input: &FpmInput) -> Result<FpmOutput, CoreError> {
        Ok(FpmOutput {
            input: input.clone(),
            table: figure_fpm::table(input).ok(),
        })
    }

    fn figure(view: View, output: &FpmOutput) -> Result<Figure, CoreError> {
        Ok(figure_fpm::build_figure(view, &output.input)?)
    }

    fn eval(s: &FpmScenario, query: &FpmQuery, _catalog: &Catalog) -> Result<Value, CoreError> {
        eval::partition_json(s, query.method)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_query_partitions_on_the_speed_functions() {
        let cat = Catalog::builtin().expect("presets");
        let s = Fpm::first_scenario(&cat);
        let v = Fpm::eval(&s, &FpmQuery::default(), &cat).expect("a partition");
        assert_eq!(v["method"], "fpm");
        assert_eq!(v["integer"], true);
        let sizes: u64 = v["devices"]
            .as_array()
            .expect("devices")
            .iter()
            .map(|d| d["size"].as_u64().expect("whole"))
            .sum();
        assert_eq!(sizes as f64, s.n_units);
    }
}

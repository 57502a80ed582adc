//! The offload model, headless: whether an OpenMP loop runs faster on the
//! GPU (Hong & Kim's GPU model plus the bus) than on the host (an OpenMP
//! cost model), against problem size and over a suite of kernels.
//!
//! - `scenario.rs`: what a person chose (platform, overrides, kernel and
//!   its edited subscripts, sizes, suite, the platform compared with) and
//!   its input; `overrides.rs`: what the overrides change; `measured.rs`:
//!   measured speedups read once;
//! - `readout.rs`: the decision at the chosen size, in words;
//! - `eval.rs`, `suite.rs`, `hong_kim.rs`: the JSON of `hetscope eval
//!   offload`, `eval offload --suite` and `eval hongkim`.

mod base;
mod check;
mod eval;
mod hong_kim;
mod launched;
pub mod measured;
pub mod options;
mod overrides;
mod readout;
pub mod scenario;
mod suite;
pub mod uncertainty;

pub use hong_kim::{HongKimQuery, hong_kim_names};
pub use launched::Suite;
pub use measured::load_measured;
pub use readout::Readout;
pub use scenario::{BasePlatform, GivenPresets, KernelEdit, OffloadScenario, PresetSizes};

use serde_json::Value;

use crate::model::Model;
use crate::recognize::{FileKind, Reading};
use crate::{CoreError, Session};
use hetscope_figure::offload::OffloadInput;
use hetscope_figure::{self as figure, Figure, View};
use hetscope_model::ModelId;
use hetscope_model::offload::paper_quotes::Mode;
use hetscope_preset::Catalog;
use hetscope_preset::platform::PlatformChoice;

/// The kinds of file the offload decision reads, and as what (see `crate::reads`).
pub const READS: &[(FileKind, Reading)] = &[
    (FileKind::OffloadKernel, Reading::Preset),
    (FileKind::OffloadPlatform, Reading::Preset),
    (FileKind::OffloadSpeedups, Reading::Held),
    (FileKind::HostLoopTimes, Reading::Compared),
];

/// The offload model.
pub struct Offload;

/// What `eval offload` and `eval hongkim` report.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum OffloadQuery {
    /// The decision of the scenario's kernel at the scenario's size.
    #[default]
    Kernel,
    /// Every kernel of the scenario's suite at its own size of `size`
    /// (both sizes when none), against the paper's host thread counts (or
    /// the one the scenario sets) and those of the measured speedups,
    /// beside the paper's values.
    Suite { size: Option<Mode> },
    /// Hong & Kim's GPU model alone (the scenario is not read).
    HongKim(HongKimQuery),
}

/// What the offload model computes: the figures' input and the decision
/// at the chosen size in words (or why there is none).
pub struct OffloadOutput {
    pub input: OffloadInput,
    pub readout: Result<Readout, CoreError>,
}

impl Model for Offload {
    const ID: ModelId = ModelId::Offload;
    type Scenario = OffloadScenario;
    type Input = OffloadInput;
    type Output = OffloadOutput;
    type Query = OffloadQuery;

    fn scenario(session: &Session) -> &OffloadScenario {
        &session.offload
    }

    fn scenario_mut(session: &mut Session) -> &mut OffloadScenario {
        &mut session.offload
    }

    fn first_scenario(catalog: &Catalog) -> OffloadScenario {
        OffloadScenario::from_catalog(catalog)
    }

    /// The platform's id: the scenario resolves it (its paper's offload
    /// preset, else derived from its hardware).
    fn use_platform(
        s: &mut OffloadScenario,
        platform: &PlatformChoice,
        catalog: &Catalog,
    ) -> Result<(), CoreError> {
        s.select_platform(&platform.id);
        if catalog.platform(&platform.key).is_none() {
            // A platform file: its offload platform is held, not named.
            s.given.platform = Some(BasePlatform::of_choice(platform, catalog)?);
        }
        Ok(())
    }

    /// The second platform's curves over the offload view.
    fn use_second_platform(
        s: &mut OffloadScenario,
        platform: Option<&PlatformChoice>,
        catalog: &Catalog,
    ) -> Result<(), CoreError> {
        s.compare = platform.map(|p| p.id.clone());
        s.given.compare = match platform {
            Some(p) if catalog.platform(&p.key).is_none() => {
                Some(BasePlatform::of_choice(p, catalog)?)
            }
            _ => None,
        };
        Ok(())
    }

    fn check(s: &OffloadScenario) -> Result<(), crate::check::FieldProblem> {
        s.check()
    }

    fn input(s: &OffloadScenario, catalog: &Catalog) -> Result<OffloadInput, CoreError> {
        s.input(catalog)
    }

    fn compute(input: &OffloadInput) -> Result<OffloadOutput, CoreError> {
        Ok(OffloadOutput {
            input: input.clone(),
            readout: Readout::of(input),
        })
    }

    fn figure(view: View, output: &OffloadOutput) -> Result<Figure, CoreError> {
        Ok(figure::offload::build(view, &output.input).map(Figure::Chart)?)
    }

    fn eval(
        s: &OffloadScenario,
        query: &OffloadQuery,
        catalog: &Catalog,
    ) -> Result<Value, CoreError> {
        match query {
            OffloadQuery::Kernel => eval::kernel_json(s, catalog),
            OffloadQuery::Suite { size } => suite::suite_json(s, *size, catalog),
            OffloadQuery::HongKim(q) => hong_kim::hong_kim_json(q),
        }
    }
}

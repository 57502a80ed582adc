//! PerDome and PeaPaw, headless: performance and energy efficiency over
//! the CPU and GPU operational intensities (I_C, I_G), the partition
//! comparison, the platform categories and the energy fit of measured
//! runs.
//!
//! - `scenario.rs`: what a person chose (platform, workload, camera,
//!   specifications) and the model's scenario it gives;
//! - `check.rs`: its values checked as its options and files check
//!   theirs (a session file's);
//! - `energy_runs.rs`: measured energy runs and a fit applied to the
//!   platform;
//! - `eval.rs`: the JSON of `eval perdome|peapaw` and `eval energy-fit`.

mod check;
pub mod energy_runs;
mod eval;
pub mod scenario;
pub mod workload;

pub use energy_runs::EnergyRunsState;
pub use eval::{energy_fit_json, point_json};
pub use scenario::{PerdomeScenario, PlatformState};
pub use workload::{Chosen, SEGMENTS, WorkloadState};

use serde_json::Value;

use crate::model::Model;
use crate::paper_check::Paper;
use crate::recognize::{FileKind, Reading};
use crate::{CoreError, Session};
use hetscope_figure::color::ColorOptions;
use hetscope_figure::perdome::energy_fit::{self, EnergyFitInput};
use hetscope_figure::{self as figure, Camera, Figure, FigureError, View};
use hetscope_model::ModelId;
use hetscope_model::perdome::{Analysis, Case, Resolution};
use hetscope_preset::Catalog;
use hetscope_preset::platform::PlatformChoice;

/// The kinds of file PerDome / PeaPaw reads, and as what (see `crate::reads`).
pub const READS: &[(FileKind, Reading)] = &[
    (FileKind::Processor, Reading::Preset),
    (FileKind::Workload, Reading::Preset),
    (FileKind::PerdomeMeasured, Reading::Compared),
    (FileKind::EnergyRuns, Reading::Held),
];

/// PerDome / PeaPaw.
pub struct Perdome;

impl Perdome {
    /// [`Model::compute`], taking from `last` an analysis of the same
    /// case as is asked (while one platform's value is dragged, the
    /// platform compared with is not analysed again every frame).
    pub fn compute_reusing(
        input: &PerdomeInput,
        last: Option<&PerdomeOutput>,
    ) -> Result<PerdomeOutput, CoreError> {
        let res = Resolution::default();
        let analyse = |case: &Case| -> Result<Analysis, CoreError> {
            let done = last
                .into_iter()
                .flat_map(|o| std::iter::once(&o.analysis).chain(&o.compared))
                .find(|a| a.case == *case);
            match done {
                Some(a) => Ok(a.clone()),
                None => Ok(Analysis::compute(case, res)?),
            }
        };
        Ok(PerdomeOutput {
            analysis: analyse(&input.case)?,
            compared: input.compared.as_ref().map(analyse).transpose()?,
            energy: input.energy.clone(),
            log_bars: input.log_bars,
            colors: input.colors,
        })
    }
}

/// What the views are computed from: the workload on the platform and,
/// when one is chosen, on the platform compared with.
#[derive(Clone, Debug, PartialEq)]
pub struct PerdomeInput {
    pub case: Case,
    pub compared: Option<Case>,
    /// The measured energy runs of the energy-fit view.
    pub energy: EnergyFitInput,
    /// The partition comparison's value axes in powers of ten.
    pub log_bars: bool,
    /// How the heat maps and surfaces colour their values.
    pub colors: ColorOptions,
}

/// The analyses of [`PerdomeInput`].
pub struct PerdomeOutput {
    pub analysis: Analysis,
    pub compared: Option<Analysis>,
    /// What the energy-fit view is drawn from.
    pub energy: EnergyFitInput,
    pub log_bars: bool,
    pub colors: ColorOptions,
}

/// What `eval perdome|peapaw|energy-fit` reports.
#[derive(Clone, Debug, PartialEq)]
pub enum PerdomeQuery {
    /// One partition as `paper` reports it (PerDome: the bound; PeaPaw:
    /// with energy and the platform categories): `at` (I_C, I_G) where
    /// given, else the code segments' partition, else p-DP at I.
    Partition {
        paper: Paper,
        at: Option<(f64, f64)>,
    },
    /// e_f, e_b and p_s fitted to the scenario's energy runs.
    EnergyFit,
}

impl Default for PerdomeQuery {
    fn default() -> Self {
        PerdomeQuery::Partition {
            paper: Paper::Perdome,
            at: None,
        }
    }
}

impl Model for Perdome {
    const ID: ModelId = ModelId::Perdome;
    type Scenario = PerdomeScenario;
    type Input = PerdomeInput;
    type Output = PerdomeOutput;
    type Query = PerdomeQuery;

    fn scenario(session: &Session) -> &PerdomeScenario {
        &session.perdome
    }

    fn scenario_mut(session: &mut Session) -> &mut PerdomeScenario {
        &mut session.perdome
    }

    fn first_scenario(catalog: &Catalog) -> PerdomeScenario {
        PerdomeScenario::from_catalog(catalog)
    }

    fn use_platform(
        s: &mut PerdomeScenario,
        platform: &PlatformChoice,
        catalog: &Catalog,
    ) -> Result<(), CoreError> {
        let p = &platform.preset;
        let r = p.resolve(&platform.id, catalog, &platform.origin)?;
        s.apply_platform(r, &p.source, None);
        Ok(())
    }

    /// The second platform's processors, beside the heat maps and
    /// surfaces.
    fn use_second_platform(
        s: &mut PerdomeScenario,
        platform: Option<&PlatformChoice>,
        catalog: &Catalog,
    ) -> Result<(), CoreError> {
        s.compare = None;
        let Some(platform) = platform else {
            return Ok(());
        };
        let p = &platform.preset;
        let r = p.resolve(&platform.id, catalog, &platform.origin)?;
        s.compare = Some((Chosen::builtin(&r.id, &r.name), r.platform));
        Ok(())
    }

    fn check(s: &PerdomeScenario) -> Result<(), crate::check::FieldProblem> {
        s.check()
    }

    fn input(s: &PerdomeScenario, _catalog: &Catalog) -> Result<PerdomeInput, CoreError> {
        if let Some(Err(e)) = s.workload.counted() {
            return Err(e.into());
        }
        Ok(PerdomeInput {
            case: s.case(),
            compared: s.compared_case(),
            energy: s.energy_runs.input(),
            log_bars: s.log_bars,
            colors: s.colors,
        })
    }

    fn compute(input: &PerdomeInput) -> Result<PerdomeOutput, CoreError> {
        Perdome::compute_reusing(input, None)
    }

    fn figure(view: View, c: &PerdomeOutput) -> Result<Figure, CoreError> {
        if view == View::EnergyFit {
            return Ok(Figure::Chart(energy_fit::build(&c.energy)?));
        }
        let mut fig = figure::perdome::build_pair(view, &c.analysis, c.compared.as_ref(), c.colors)
            .ok_or(FigureError::WrongView {
                view: view.key(),
                model: "PerDome / PeaPaw",
            })?;
        if let Figure::Compare(f) = &mut fig {
            f.log_scale = c.log_bars;
        }
        Ok(fig)
    }

    fn camera(s: &PerdomeScenario) -> Camera {
        s.camera
    }

    fn eval(s: &PerdomeScenario, q: &PerdomeQuery, _catalog: &Catalog) -> Result<Value, CoreError> {
        match q {
            PerdomeQuery::Partition { paper, at } => eval::partition_json(s, *paper, *at),
            PerdomeQuery::EnergyFit => energy_fit_json(&s.energy_runs.input()),
        }
    }
}

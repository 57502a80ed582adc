//! The platform overview, headless: every model's verdict on one platform
//! and a second beside it.
//!
//! - `scenario.rs`: the platforms, the workload, the FPM problem size and
//!   a regrouping;
//! - `input.rs`: a platform preset resolved into every model's input;
//! - `eval.rs`: the JSON of `hetscope eval overview`.

mod check;
mod eval;
pub mod input;
pub mod scenario;
pub mod tuned;

pub use eval::overview_json;
pub use input::{
    DEFAULT_FPM_N, KernelCache, OverviewOptions, choice_input, choice_input_cached, platform_input,
};
pub use scenario::{OverviewScenario, SensitivityChoice};
pub use tuned::{Tuned, tuned};

use serde_json::Value;

use crate::model::Model;
use crate::{CoreError, Session};
use hetscope_figure::overview::sensitivity::{self, TornadoInput};
use hetscope_figure::overview::validation::{self, ValidationInput};
use hetscope_figure::overview::{OverviewInput, OverviewVerdicts, build_from};
use hetscope_figure::{Figure, FigureError, View};
use hetscope_model::ModelId;
use hetscope_preset::Catalog;
use hetscope_preset::platform::PlatformChoice;

/// The platform overview.
pub struct Overview;

/// The input with every model's verdicts, and their sentences (written
/// once per change).
#[derive(Clone)]
pub struct OverviewOutput {
    pub input: OverviewInput,
    pub overview: OverviewVerdicts,
    /// Each platform's five verdict sentences.
    pub texts: Vec<[String; 5]>,
    /// What changed between the two platforms.
    pub differences: Vec<String>,
}

impl Model for Overview {
    const ID: ModelId = ModelId::Overview;
    type Scenario = OverviewScenario;
    type Input = OverviewInput;
    type Output = OverviewOutput;
    type Query = ();

    fn scenario(session: &Session) -> &OverviewScenario {
        &session.overview
    }

    fn scenario_mut(session: &mut Session) -> &mut OverviewScenario {
        &mut session.overview
    }

    fn first_scenario(_catalog: &Catalog) -> OverviewScenario {
        OverviewScenario::default()
    }

    fn use_platform(
        s: &mut OverviewScenario,
        platform: &PlatformChoice,
        _catalog: &Catalog,
    ) -> Result<(), CoreError> {
        if s.platform != platform.key {
            (s.cpus, s.gpus) = (None, None);
        }
        s.platform = platform.key.clone();
        Ok(())
    }

    fn use_second_platform(
        s: &mut OverviewScenario,
        platform: Option<&PlatformChoice>,
        _catalog: &Catalog,
    ) -> Result<(), CoreError> {
        s.platform2 = platform.map(|p| p.key.clone());
        Ok(())
    }

    fn check(s: &OverviewScenario) -> Result<(), crate::check::FieldProblem> {
        s.check()
    }

    fn input(s: &OverviewScenario, catalog: &Catalog) -> Result<OverviewInput, CoreError> {
        Overview::input_tuned(s, catalog, None)
    }

    /// The sensitivity view computes the first platform's sensitivity
    /// here (the window does it off its thread and hands the result in).
    /// A result the platform does not have gives its first moved one, as
    /// in the window; `export --result` checks the key drawn.
    fn input_for_view(
        view: View,
        s: &OverviewScenario,
        catalog: &Catalog,
    ) -> Result<OverviewInput, CoreError> {
        let mut input = Self::input(s, catalog)?;
        if view == View::Sensitivity {
            let asked = crate::sensitivity::tornado::Asked::of(s);
            let computed = asked.compute(catalog)?;
            // As the window shows it: a result this platform does not
            // have (a session saved on another platform) falls back to
            // the first one the hardware moves; the figure's `key` says
            // which was drawn.
            let key = computed.chosen_key(&s.sensitivity.result);
            input.sensitivity = Some(computed.tornado(&key)?);
        }
        Ok(input)
    }

    /// The overview and the validation of a session evaluate each model
    /// as its tab holds it ([`tuned`]), as the window does.
    fn session_input(
        view: View,
        session: &Session,
        catalog: &Catalog,
    ) -> Result<OverviewInput, CoreError> {
        if !matches!(view, View::Overview | View::Validation) {
            return Self::input_for_view(view, &session.overview, catalog);
        }
        let tuned = tuned(session, catalog);
        Overview::input_tuned(&session.overview, catalog, tuned.as_ref())
    }

    fn compute(input: &OverviewInput) -> Result<OverviewOutput, CoreError> {
        Overview::compute_reusing(input, None)
    }

    fn figure(view: View, c: &OverviewOutput) -> Result<Figure, CoreError> {
        if view == View::Validation {
            let input = c
                .input
                .validation
                .clone()
                .unwrap_or_else(|| ValidationInput {
                    platform: c.input.first.name.clone(),
                    ..Default::default()
                });
            return Ok(Figure::Chart(validation::build(&input)));
        }
        if view == View::Sensitivity {
            let input = c.input.sensitivity.clone().unwrap_or_else(|| TornadoInput {
                platform: c.input.first.name.clone(),
                empty: Some("Not computed yet.".into()),
                ..Default::default()
            });
            return Ok(Figure::Chart(sensitivity::build(&input)));
        }
        if view != View::Overview {
            return Err(FigureError::WrongView {
                view: view.key(),
                model: "overview",
            }
            .into());
        }
        Ok(Figure::Chart(build_from(&c.input, &c.overview)))
    }

    fn eval(s: &OverviewScenario, _query: &(), catalog: &Catalog) -> Result<Value, CoreError> {
        let input = Self::input(s, catalog)?;
        let o = Self::compute(&input)?;
        overview_json(&input, &o.overview)
    }
}

impl Overview {
    /// [`Model::compute`], each model's verdict on each platform taken
    /// from `last` where what it reads did not change (the window, while
    /// the FPM size is dragged, evaluates FPM alone again).
    pub fn compute_reusing(
        input: &OverviewInput,
        last: Option<&OverviewOutput>,
    ) -> Result<OverviewOutput, CoreError> {
        let last = last.map(|o| (&o.input, &o.overview));
        let overview = OverviewVerdicts::compute_reusing(input, last)?;
        let texts = std::iter::once(&overview.first)
            .chain(overview.second.as_ref())
            .map(|v| v.sentences())
            .collect();
        Ok(OverviewOutput {
            differences: overview.differences(),
            texts,
            overview,
            input: input.clone(),
        })
    }

    /// [`Model::input`] with the first platform's models as their tabs
    /// hold them (`tuned`, where every tab is on that platform).
    pub fn input_tuned(
        s: &OverviewScenario,
        catalog: &Catalog,
        tuned: Option<&Tuned>,
    ) -> Result<OverviewInput, CoreError> {
        let (first, second) = s.options();
        let mut first = platform_input(catalog, &s.platform, &first)?;
        if let Some(t) = tuned {
            t.apply(&mut first, catalog)?;
        }
        Ok(OverviewInput {
            first,
            second: s
                .platform2
                .as_deref()
                .map(|p| platform_input(catalog, p, &second))
                .transpose()?,
            validation: validation_input(s, catalog, tuned.and_then(|t| t.validation.as_ref())),
            sensitivity: None,
        })
    }
}

/// The first platform's models against the scenario's measured files
/// (none named: nothing); a file that cannot be compared is named in the
/// figure's notes, the others are still drawn.
fn validation_input(
    s: &OverviewScenario,
    catalog: &Catalog,
    tabs: Option<&crate::validate::TabParameters>,
) -> Option<ValidationInput> {
    if s.measured.is_empty() {
        return None;
    }
    let paths: Vec<&std::path::Path> = s.measured.iter().map(std::path::Path::new).collect();
    let mut tables = Vec::new();
    let mut problems = Vec::new();
    let (platform, each, edited) =
        match crate::validate::validate_each_tuned(&s.platform, &paths, catalog, tabs) {
            Ok((v, each, edited)) => (v.platform, each, edited),
            Err(e) => {
                problems.push(format!("platform {}: {e}", s.platform));
                (s.platform.clone(), Vec::new(), Vec::new())
            }
        };
    for (file, t) in s.measured.iter().zip(each) {
        match t {
            Ok(t) => tables.push(t.figure_table()),
            Err(e) => problems.push(format!("{file}: {e}")),
        }
    }
    Some(ValidationInput {
        platform,
        tables,
        problems,
        edited,
    })
}

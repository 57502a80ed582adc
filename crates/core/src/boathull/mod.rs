//! The boat hull model, headless: time against operator complexity of an
//! algorithm class on a GPU or a CPU, two processors with their
//! crossover, the roofline and whole applications.
//!
//! - `scenario.rs`: what a person chose (class, processors, f, the
//!   application, a measured curve) and its input;
//! - `eval.rs`: the JSON of `hetscope eval boathull`.

mod check;
mod eval;
pub mod options;
pub mod scenario;
pub mod uncertainty;

pub use scenario::{ApplicationChoice, BoathullScenario, ProcessorChoice};

use serde_json::Value;

use crate::model::Model;
use crate::recognize::{FileKind, Reading};
use crate::{CoreError, Loaded, Session};
use hetscope_figure::boathull::BoathullInput;
use hetscope_figure::{self as figure, Figure, View};
use hetscope_model::ModelId;
use hetscope_model::boathull::MeasuredCurve;
use hetscope_model::perdome::Side;
use hetscope_model::platform::Transfers;
use hetscope_preset::boathull::parse_measured_curve;
use hetscope_preset::platform::PlatformChoice;
use hetscope_preset::{Catalog, PresetError};

/// The kinds of file the boat hull reads, and as what (see `crate::reads`).
pub const READS: &[(FileKind, Reading)] = &[
    (FileKind::Application, Reading::Preset),
    (FileKind::BoathullTimes, Reading::Held),
];

/// The boat hull model.
pub struct Boathull;

/// What `eval boathull` reports.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum BoathullQuery {
    /// The scenario's class on its first processor (with the measured
    /// curve, when the scenario holds one, compared point by point; with
    /// `measured_partner` the second processor decides which measured
    /// processors are of the other kind).
    #[default]
    Class,
    /// The same, the second processor taking part in the comparison.
    ClassWithPartner,
    /// The scenario's application on its first processor.
    Application,
}

impl Model for Boathull {
    const ID: ModelId = ModelId::Boathull;
    type Scenario = BoathullScenario;
    type Input = BoathullInput;
    type Output = BoathullInput;
    type Query = BoathullQuery;

    fn scenario(session: &Session) -> &BoathullScenario {
        &session.boathull
    }

    fn scenario_mut(session: &mut Session) -> &mut BoathullScenario {
        &mut session.boathull
    }

    fn first_scenario(catalog: &Catalog) -> BoathullScenario {
        BoathullScenario::from_catalog(catalog)
    }

    /// The platform's GPU in the boat hull view and its CPU beside it.
    fn use_platform(
        s: &mut BoathullScenario,
        platform: &PlatformChoice,
        catalog: &Catalog,
    ) -> Result<(), CoreError> {
        let derived = platform.preset.boathull.is_none();
        let side = |side| {
            platform
                .preset
                .boathull_side(catalog, &platform.origin, Transfers::Pageable, side)
                .map(|b| ProcessorChoice {
                    derived,
                    ..ProcessorChoice::new(&platform.id, &b.name, b.machine).with_sources(b.sources)
                })
        };
        (s.processor, s.partner) = (side(Side::Gpu)?, side(Side::Cpu)?);
        Ok(())
    }

    /// The second platform's processor of the view's kind, drawn over the
    /// boat hull view.
    fn use_second_platform(
        s: &mut BoathullScenario,
        platform: Option<&PlatformChoice>,
        catalog: &Catalog,
    ) -> Result<(), CoreError> {
        let Some(platform) = platform else {
            s.overlay = None;
            return Ok(());
        };
        let p = &platform.preset;
        let side = s.processor.side();
        let b = p.boathull_side(catalog, &platform.origin, Transfers::Pageable, side)?;
        let name = format!("{} {}", p.name, side.name());
        s.overlay = Some(ProcessorChoice::new(&platform.id, &name, b.machine));
        Ok(())
    }

    fn check(s: &BoathullScenario) -> Result<(), crate::check::FieldProblem> {
        s.check()
    }

    fn input(s: &BoathullScenario, catalog: &Catalog) -> Result<BoathullInput, CoreError> {
        s.input(catalog)
    }

    fn compute(input: &BoathullInput) -> Result<BoathullInput, CoreError> {
        Ok(input.clone())
    }

    fn figure(view: View, input: &BoathullInput) -> Result<Figure, CoreError> {
        Ok(figure::boathull::build(view, input).map(Figure::Chart)?)
    }

    fn eval(
        s: &BoathullScenario,
        query: &BoathullQuery,
        catalog: &Catalog,
    ) -> Result<Value, CoreError> {
        match query {
            BoathullQuery::Class => eval::class_json(s, false),
            BoathullQuery::ClassWithPartner => eval::class_json(s, true),
            BoathullQuery::Application => eval::application_json(s, catalog),
        }
    }
}

/// Read a measured curve (times against f) from a CSV file.
pub fn load_measured(path: &std::path::Path) -> Result<Loaded<MeasuredCurve>, PresetError> {
    let file = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string());
    Loaded::read(path, |text| {
        parse_measured_curve(text, &path.display().to_string(), &file)
    })
}

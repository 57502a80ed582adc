//! The one trait every model implements, in the spirit of egui's demo
//! `View` with a serde state per demo, but with no egui in it: what a
//! person chose ([`Model::Scenario`], a part of the [`Session`]), how a
//! platform and edits become the model's input, evaluation to JSON and the
//! figures of its views. The window adds panels over it (`gui::ModelUi`),
//! the command line adds options; neither computes anything itself.

use std::fmt::Debug;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::check::FieldProblem;
use crate::error::CoreError;
use crate::session::Session;
use hetscope_figure::{Camera, Figure, View};
use hetscope_model::ModelId;
use hetscope_preset::Catalog;
use hetscope_preset::platform::PlatformChoice;

/// A model of hetscope, headless.
pub trait Model: 'static {
    /// Which model this is (its views are `View::of(ID)`).
    const ID: ModelId;
    /// What a person chose and edited: presets by id, edited values, the
    /// data loaded (by shared reference), the camera. Plain serde data,
    /// cheap to clone and compare.
    type Scenario: Clone + PartialEq + Debug + Serialize + DeserializeOwned + Send + 'static;
    /// What the model computes from: presets resolved, values checked.
    type Input: Clone + PartialEq;
    /// What it computed; every view's figure is built from it.
    type Output;
    /// What `eval` reports of a scenario; the default is what the
    /// registry's generic [`crate::registry::eval`] reports.
    type Query: Default + Clone + Debug;

    /// This model's part of a session.
    fn scenario(session: &Session) -> &Self::Scenario;
    fn scenario_mut(session: &mut Session) -> &mut Self::Scenario;

    /// The scenario of a first start: the default presets of `catalog`.
    fn first_scenario(catalog: &Catalog) -> Self::Scenario;

    /// Take a platform: this model's parameters of it (its paper's
    /// presets where the platform names them, else derived from its
    /// hardware). Models without platform parameters keep the scenario.
    fn use_platform(
        _scenario: &mut Self::Scenario,
        _platform: &PlatformChoice,
        _catalog: &Catalog,
    ) -> Result<(), CoreError> {
        Ok(())
    }

    /// Take the platform to compare with, or none: a model that can draws
    /// it over or beside its own views.
    fn use_second_platform(
        _scenario: &mut Self::Scenario,
        _platform: Option<&PlatformChoice>,
        _catalog: &Catalog,
    ) -> Result<(), CoreError> {
        Ok(())
    }

    /// The scenario's values checked as the options, sliders and file
    /// readers that set them check theirs: every number in its range,
    /// data held from files through its file's reader. The first that
    /// fails, with its field in the scenario. (A value may pass and the
    /// input still fail, as a class with a typo does: that the window
    /// shows under the figure.)
    fn check(scenario: &Self::Scenario) -> Result<(), FieldProblem>;

    /// The model's input of a scenario, or why there is none.
    fn input(scenario: &Self::Scenario, catalog: &Catalog) -> Result<Self::Input, CoreError>;

    /// The input of a scenario for drawing `view` without a window: the
    /// same as [`Model::input`] unless a view needs more than every other
    /// (the overview's sensitivity, computed in the window off its
    /// thread).
    fn input_for_view(
        _view: View,
        scenario: &Self::Scenario,
        catalog: &Catalog,
    ) -> Result<Self::Input, CoreError> {
        Self::input(scenario, catalog)
    }

    /// The input of `view` of a whole session: [`Model::input_for_view`]
    /// of the model's scenario, unless the model reads other models'
    /// scenarios too (the overview evaluates each model as its tab holds
    /// it).
    fn session_input(
        view: View,
        session: &Session,
        catalog: &Catalog,
    ) -> Result<Self::Input, CoreError> {
        Self::input_for_view(view, Self::scenario(session), catalog)
    }

    /// Run the model on a valid input.
    fn compute(input: &Self::Input) -> Result<Self::Output, CoreError>;

    /// The figure of one of this model's views.
    fn figure(view: View, output: &Self::Output) -> Result<Figure, CoreError>;

    /// The camera its 3-D views are seen from (the default for a model
    /// without one): the window and an export of a session draw a
    /// surface from it.
    fn camera(_scenario: &Self::Scenario) -> Camera {
        Camera::default()
    }

    /// The JSON object `hetscope eval` prints for `query` of a scenario.
    fn eval(
        scenario: &Self::Scenario,
        query: &Self::Query,
        catalog: &Catalog,
    ) -> Result<Value, CoreError>;
}

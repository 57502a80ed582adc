//! One model in the window: the thin trait every model's panels implement
//! over its headless [`Model`] (in the spirit of egui's demo `View`), and
//! the slot that holds it with what its part of the session computed to.
//!
//! The window keeps one [`ModelSlot`] per registered model (see
//! `gui/mod.rs`) and loops over them: it never matches on a model. The
//! session is the window's one state; a slot recomputes only when its
//! model's part of the session changed (so a text input is parsed once per
//! change), rebuilds a figure only when the computation or the view
//! changed, and keeps the last valid figure on screen under the error
//! when the state is invalid.

use std::any::Any;
use std::path::PathBuf;

use eframe::egui::{self, Ui};

use super::context::ViewContext;
use super::dialog::{FileDialog, OnPick, PathRequest};
use super::error::JobError;
use super::jobs::{Done, Jobs};
use super::state::Tab;
use hetscope_core::{CoreError, Model, Session};
use hetscope_figure::{Camera, Figure, ModelId, View};
use hetscope_preset::Catalog;

/// The scenario of a model UI's model.
pub type Scenario<U> = <<U as ModelUi>::Model as Model>::Scenario;
type Input<U> = <<U as ModelUi>::Model as Model>::Input;
type Output<U> = <<U as ModelUi>::Model as Model>::Output;

/// A model's panels: its side panel and central views over its part of
/// the session. The UI value itself keeps only what a frame needs again
/// (drawing caches, parse caches, a running measurement).
pub trait ModelUi: Sized + 'static {
    /// The model these panels show.
    type Model: Model;

    /// The UI of a first start.
    fn new(catalog: &Catalog) -> Self;

    /// The scenario as saved by a version without per-model storage (one
    /// `hetscope-state` record for everything), when it holds this model.
    fn legacy_state(old: &str) -> Option<Scenario<Self>>;

    /// After the state was read from the model's own saved `record` at
    /// start-up: read again what a record of an older form named by its
    /// path alone. Most models have nothing to do.
    fn restored(&mut self, _record: &str, _ctx: &mut ViewContext<'_>) {}

    /// After the scenario was read from the model's own saved `record` at
    /// start-up: read again what a record of an older form named by its
    /// path alone. Most models have nothing to do.
    fn restored(_m: &mut Editing<'_, Self>, _record: &str, _ctx: &mut ViewContext<'_>) {}

    /// The tabs of this model, in tab-bar order: its views, then any page
    /// without a figure.
    fn tabs() -> Vec<Tab> {
        View::of(Self::Model::ID)
            .into_iter()
            .map(Tab::Figure)
            .collect()
    }

    /// The model's input of the scenario (a UI may reuse what its panel
    /// already parsed).
    fn input(&self, state: &Scenario<Self>, catalog: &Catalog) -> Result<Input<Self>, CoreError> {
        Self::Model::input(state, catalog)
    }

    /// The camera a surface of this model is exported with.
    fn camera(_state: &Scenario<Self>) -> Camera {
        Camera::default()
    }

    /// The part of the scenario a platform gives, with the user's
    /// fine-tuning of it (as RON), so that it can be kept per platform.
    fn platform_part(_state: &Scenario<Self>) -> Option<String> {
        None
    }

    /// Put back a part saved by [`ModelUi::platform_part`]; false when it
    /// cannot be read (the platform's own values are used then).
    fn set_platform_part(_state: &mut Scenario<Self>, _ron: &str) -> bool {
        false
    }

    /// The side panel: pickers, sliders, files.
    fn side_panel_ui(
        m: &mut Editing<'_, Self>,
        ui: &mut Ui,
        shown: Shown<'_, Self>,
        ctx: &mut ViewContext<'_>,
    );

    /// The central area of `tab`.
    fn central_ui(
        m: &mut Editing<'_, Self>,
        ui: &mut Ui,
        tab: Tab,
        shown: Shown<'_, Self>,
        ctx: &mut ViewContext<'_>,
    );
}

/// A model's UI with its part of the session: what panels and background
/// results edit.
pub struct Editing<'a, U: ModelUi> {
    pub ui: &'a mut U,
    pub state: &'a mut Scenario<U>,
}

/// What a slot shows: the last valid results and the current figure.
pub struct Shown<'a, U: ModelUi> {
    pub computed: Option<&'a Output<U>>,
    /// The figure of the tab on screen, if it has one.
    pub figure: Option<&'a Figure>,
    /// Bumped each time the figure changes (views cache their drawings).
    pub generation: u64,
    /// Why the current state is not what is shown, if it is not.
    pub error: Option<&'a CoreError>,
}

impl<U: ModelUi> Clone for Shown<'_, U> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<U: ModelUi> Copy for Shown<'_, U> {}

/// A result for model `U` computed off the UI thread, applied on it.
type ModelJob<U, R> = Box<dyn FnOnce(&mut Editing<'_, U>, R, &mut ViewContext<'_>) + Send>;

/// Run `work` on a new thread and hand its result to `apply` with the
/// UI and scenario of model `U`, on the UI thread.
pub fn spawn_for<U: ModelUi, R: Send + 'static>(
    jobs: &mut Jobs,
    ctx: &egui::Context,
    name: &str,
    work: impl FnOnce() -> R + Send + 'static,
    apply: impl FnOnce(&mut Editing<'_, U>, R, &mut ViewContext<'_>) + Send + 'static,
) -> Result<(), JobError> {
    jobs.spawn(ctx, name, move || {
        let result = work();
        let apply: ModelJob<U, ()> = Box::new(move |m, (), vc| apply(m, result, vc));
        Done::ForModel {
            model: U::Model::ID,
            apply: Box::new(apply),
        }
    })
}

/// Ask for a file for model `U`; the path chosen goes to `on_pick` with
/// the model's UI and scenario.
pub fn pick_file_for<U: ModelUi>(
    jobs: &mut Jobs,
    ctx: &egui::Context,
    dialog: FileDialog,
    on_pick: impl FnOnce(&mut Editing<'_, U>, PathBuf, &mut ViewContext<'_>) + Send + 'static,
) -> Result<(), JobError> {
    let apply: ModelJob<U, PathBuf> = Box::new(on_pick);
    let on_pick = OnPick::Model {
        model: U::Model::ID,
        apply: Box::new(apply),
    };
    jobs.pick(ctx, PathRequest { dialog, on_pick })
}

/// A model's UI with what its part of the session computed to.
pub struct ModelSlot<U: ModelUi> {
    pub ui: U,
    /// The scenario of the last recomputation.
    last_state: Option<Scenario<U>>,
    last_input: Option<Input<U>>,
    computed: Option<Output<U>>,
    /// The computation changed since the figure was built.
    stale: bool,
    figure: Option<(View, Figure)>,
    generation: u64,
    /// Why the scenario gives no input (the last valid results stay).
    input_error: Option<CoreError>,
    /// Why the last input could not be computed.
    compute_error: Option<CoreError>,
    /// The view whose figure could not be built from the current results,
    /// and why.
    figure_error: Option<(View, CoreError)>,
}

impl<U: ModelUi> ModelSlot<U> {
    pub fn new(catalog: &Catalog) -> ModelSlot<U> {
        ModelSlot {
            ui: U::new(catalog),
            last_state: None,
            last_input: None,
            computed: None,
            stale: true,
            figure: None,
            generation: 0,
            input_error: None,
            compute_error: None,
            figure_error: None,
        }
    }

    /// What the last valid scenario computed to.
    pub fn computed(&self) -> Option<&Output<U>> {
        self.computed.as_ref()
    }

    /// The model's UI and scenario and, beside them, what the slot shows
    /// for `tab`.
    fn split<'a>(
        &'a mut self,
        session: &'a mut Session,
        tab: Tab,
    ) -> (Editing<'a, U>, Shown<'a, U>) {
        let ModelSlot {
            ui,
            computed,
            figure,
            generation,
            input_error,
            compute_error,
            figure_error,
            ..
        } = self;
        let shown = Shown {
            computed: computed.as_ref(),
            figure: figure_of(figure, tab),
            generation: *generation,
            error: first_error(input_error, compute_error, figure_error, tab),
        };
        let state = U::Model::scenario_mut(session);
        (Editing { ui, state }, shown)
    }

    /// Recompute from the scenario when it changed since the last call.
    fn update_input(&mut self, state: &Scenario<U>, catalog: &Catalog) -> bool {
        if self.last_state.as_ref() == Some(state) {
            return false;
        }
        self.last_state = Some(state.clone());
        let input = match self.ui.input(state, catalog) {
            Ok(i) => i,
            Err(e) => {
                self.input_error = Some(e);
                return true;
            }
        };
        self.input_error = None;
        if self.last_input.as_ref() == Some(&input) {
            return true;
        }
        match U::Model::compute(&input) {
            Ok(c) => {
                self.computed = Some(c);
                self.compute_error = None;
                self.stale = true;
            }
            Err(e) => self.compute_error = Some(e),
        }
        self.last_input = Some(input);
        true
    }

    /// Build the figure of `view` when it is missing or out of date.
    fn update_figure(&mut self, view: View) -> bool {
        let current = self.figure.as_ref().is_some_and(|(v, _)| *v == view);
        let failed = self.figure_error.as_ref().is_some_and(|(v, _)| *v == view);
        if (current || failed) && !self.stale {
            return false;
        }
        let Some(computed) = &self.computed else {
            return false;
        };
        self.stale = false;
        match U::Model::figure(view, computed) {
            Ok(f) => {
                self.figure = Some((view, f));
                self.generation += 1;
                self.figure_error = None;
            }
            Err(e) => self.figure_error = Some((view, e)),
        }
        true
    }
}

/// The error shown on `tab`: the input's, else the computation's, else
/// that of the tab's figure.
fn first_error<'a>(
    input: &'a Option<CoreError>,
    compute: &'a Option<CoreError>,
    figure: &'a Option<(View, CoreError)>,
    tab: Tab,
) -> Option<&'a CoreError> {
    let figure = figure
        .as_ref()
        .filter(|(v, _)| tab.view() == Some(*v))
        .map(|(_, e)| e);
    input.as_ref().or(compute.as_ref()).or(figure)
}

/// The figure kept for `tab`, if it is that tab's view.
fn figure_of(figure: &Option<(View, Figure)>, tab: Tab) -> Option<&Figure> {
    figure
        .as_ref()
        .filter(|(v, _)| tab.view() == Some(*v))
        .map(|(_, f)| f)
}

/// Reads the state of one model from a record of the first format, where
/// it was the field `$field` of one struct.
macro_rules! legacy_field {
    ($old:expr, $field:ident, $ty:ty) => {{
        #[derive(serde::Deserialize)]
        struct Old {
            $field: $ty,
        }
        ron::from_str::<Old>($old).ok().map(|o| o.$field)
    }};
}
pub(crate) use legacy_field;

/// A [`ModelSlot`] of any model, as the window holds it.
pub trait AnyModel {
    fn id(&self) -> ModelId;
    fn tabs(&self) -> Vec<Tab>;
    /// Recompute what changed for `tab`; true when anything did.
    fn refresh(&mut self, tab: Tab, session: &Session, catalog: &Catalog) -> bool;
    /// The figure of `tab`, when it has one and it is built.
    fn figure(&self, tab: Tab) -> Option<&Figure>;
    /// Why the current scenario is not shown on `tab`, if it is not.
    fn error(&self, tab: Tab) -> Option<&CoreError>;
    fn camera(&self, session: &Session) -> Camera;
    fn side_panel_ui(
        &mut self,
        ui: &mut Ui,
        tab: Tab,
        session: &mut Session,
        ctx: &mut ViewContext<'_>,
    );
    fn central_ui(&mut self, ui: &mut Ui, tab: Tab, session: &mut Session, ctx: &mut ViewContext<'_>);
    /// Apply a background job's result (made by [`spawn_for`]).
    fn apply(&mut self, job: Box<dyn Any + Send>, session: &mut Session, ctx: &mut ViewContext<'_>);
    /// Hand a chosen path to the model (asked for by [`pick_file_for`]).
    fn apply_path(
        &mut self,
        job: Box<dyn Any + Send>,
        path: PathBuf,
        session: &mut Session,
        ctx: &mut ViewContext<'_>,
    );
    /// The platform's part of the scenario, with its fine-tuning (RON).
    fn platform_part(&self, session: &Session) -> Option<String>;
    /// Put back a saved platform part; false when it cannot be read.
    fn set_platform_part(&self, session: &mut Session, ron: &str) -> bool;
    /// The model's scenario as RON, for the window's storage.
    fn save_state(&self, session: &Session) -> Option<String>;
    /// Restore a saved scenario into the session; `legacy` is the single
    /// record of an older version. Returns what was used, for a message.
    fn load_state(&self, session: &mut Session, own: Option<&str>, legacy: Option<&str>)
    -> StateSource;
    /// After the scenario was read from the model's own `record`.
    fn restored(&mut self, session: &mut Session, record: &str, ctx: &mut ViewContext<'_>);
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// Where a model's state came from at start-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StateSource {
    /// Nothing saved: the defaults.
    Defaults,
    /// The model's own saved record.
    Saved,
    /// The single record of an older version.
    Migrated,
    /// A record that could not be read: the defaults.
    Unreadable,
}

impl<U: ModelUi> AnyModel for ModelSlot<U> {
    fn id(&self) -> ModelId {
        U::Model::ID
    }

    fn tabs(&self) -> Vec<Tab> {
        U::tabs()
    }

    fn refresh(&mut self, tab: Tab, session: &Session, catalog: &Catalog) -> bool {
        let mut changed = self.update_input(U::Model::scenario(session), catalog);
        if let Some(view) = tab.view() {
            changed |= self.update_figure(view);
        }
        changed
    }

    fn figure(&self, tab: Tab) -> Option<&Figure> {
        figure_of(&self.figure, tab)
    }

    fn error(&self, tab: Tab) -> Option<&CoreError> {
        first_error(
            &self.input_error,
            &self.compute_error,
            &self.figure_error,
            tab,
        )
    }

    fn camera(&self, session: &Session) -> Camera {
        U::camera(U::Model::scenario(session))
    }

    fn side_panel_ui(
        &mut self,
        ui: &mut Ui,
        tab: Tab,
        session: &mut Session,
        ctx: &mut ViewContext<'_>,
    ) {
        let (mut m, shown) = self.split(session, tab);
        U::side_panel_ui(&mut m, ui, shown, ctx);
    }

    fn central_ui(&mut self, ui: &mut Ui, tab: Tab, session: &mut Session, ctx: &mut ViewContext<'_>) {
        if let Some(e) = self.error(tab) {
            let red = ui.visuals().error_fg_color;
            let text = match (tab.view(), self.figure(tab), &self.computed) {
                (Some(_), Some(_), _) => format!("{e} (showing the last valid figure)"),
                (None, _, Some(_)) => format!("{e} (showing the last valid result)"),
                _ => e.to_string(),
            };
            ui.colored_label(red, text);
        }
        let (mut m, shown) = self.split(session, tab);
        if shown.computed.is_none() || (tab.view().is_some() && shown.figure.is_none()) {
            ui.label("Nothing to show until the inputs are valid.");
            return;
        }
        U::central_ui(&mut m, ui, tab, shown, ctx);
    }

    fn apply(&mut self, job: Box<dyn Any + Send>, session: &mut Session, ctx: &mut ViewContext<'_>) {
        if let Ok(apply) = job.downcast::<ModelJob<U, ()>>() {
            let state = U::Model::scenario_mut(session);
            apply(&mut Editing { ui: &mut self.ui, state }, (), ctx);
        }
    }

    fn apply_path(
        &mut self,
        job: Box<dyn Any + Send>,
        path: PathBuf,
        session: &mut Session,
        ctx: &mut ViewContext<'_>,
    ) {
        if let Ok(apply) = job.downcast::<ModelJob<U, PathBuf>>() {
            let state = U::Model::scenario_mut(session);
            apply(&mut Editing { ui: &mut self.ui, state }, path, ctx);
        }
    }

    fn platform_part(&self, session: &Session) -> Option<String> {
        U::platform_part(U::Model::scenario(session))
    }

    fn set_platform_part(&self, session: &mut Session, ron: &str) -> bool {
        U::set_platform_part(U::Model::scenario_mut(session), ron)
    }

    fn save_state(&self, session: &Session) -> Option<String> {
        ron::to_string(U::Model::scenario(session)).ok()
    }

    fn load_state(
        &self,
        session: &mut Session,
        own: Option<&str>,
        legacy: Option<&str>,
    ) -> StateSource {
        let state = U::Model::scenario_mut(session);
        if let Some(text) = own {
            return match ron::from_str::<Scenario<U>>(text) {
                Ok(s) => {
                    *state = s;
                    StateSource::Saved
                }
                Err(_) => StateSource::Unreadable,
            };
        }
        match legacy.and_then(U::legacy_state) {
            Some(s) => {
                *state = s;
                StateSource::Migrated
            }
            None => StateSource::Defaults,
        }
    }

    fn restored(&mut self, record: &str, ctx: &mut ViewContext<'_>) {
        self.ui.restored(record, ctx);
    }

    fn restored(&mut self, session: &mut Session, record: &str, ctx: &mut ViewContext<'_>) {
        let state = U::Model::scenario_mut(session);
        U::restored(&mut Editing { ui: &mut self.ui, state }, record, ctx);
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

//! The slot that holds one model's UI with what its part of the session
//! computed to, and [`AnyModel`], the slot as the window holds it.
//!
//! The window keeps one [`ModelSlot`] per registered model (see
//! `gui/mod.rs`) and loops over them: it never matches on a model. The
//! session is the window's one state; a slot recomputes only when its
//! model's part of the session changed (so a text input is parsed once per
//! change), rebuilds a figure only when the computation or the view
//! changed, and keeps the last valid figure on screen under the error
//! when the state is invalid.

use std::any::Any;
use std::path::{Path, PathBuf};

use eframe::egui::Ui;

use super::context::ViewContext;
use super::model_ui::{Editing, Input, ModelJob, ModelUi, Output, Scenario, Shown};
use super::state::Tab;
use hetscope_core::recognize::FileKind;
use hetscope_core::{CoreError, Model, Session};
use hetscope_figure::{Camera, Figure, ModelId, View};
use hetscope_preset::Catalog;

/// A model's UI with what its part of the session computed to.
pub struct ModelSlot<U: ModelUi> {
    pub ui: U,
    /// The scenario of the last recomputation, and the UI's input
    /// generation then.
    last_state: Option<Scenario<U>>,
    last_generation: u64,
    last_input: Option<Input<U>>,
    /// The scenario `last_input` was made of.
    input_of: Option<Scenario<U>>,
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
    /// Run `job` on this model's part of the session when it is one of
    /// this model's jobs taking an `R` (a job of another model is not).
    fn run_job<R: 'static>(
        &mut self,
        job: Box<dyn Any + Send>,
        arg: R,
        session: &mut Session,
        ctx: &mut ViewContext<'_>,
    ) {
        if let Ok(apply) = job.downcast::<ModelJob<U, R>>() {
            apply(&mut self.editing(session), arg, ctx);
        }
    }

    /// The UI with its part of `session`, as panels edit them.
    fn editing<'a>(&'a mut self, session: &'a mut Session) -> Editing<'a, U> {
        Editing {
            ui: &mut self.ui,
            state: U::Model::scenario_mut(session),
        }
    }

    pub fn new(catalog: &Catalog) -> ModelSlot<U> {
        ModelSlot {
            ui: U::new(catalog),
            last_state: None,
            last_generation: 0,
            last_input: None,
            input_of: None,
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
        let generation = self.ui.input_generation();
        if self.last_state.as_ref() == Some(state) && self.last_generation == generation {
            return false;
        }
        self.last_state = Some(state.clone());
        self.last_generation = generation;
        let last = self.input_of.as_ref().zip(self.last_input.as_ref());
        let input = match self.ui.input(state, catalog, last) {
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
        match self.ui.compute(&input, self.computed.as_ref()) {
            Ok(c) => {
                self.computed = Some(c);
                self.compute_error = None;
                self.stale = true;
            }
            Err(e) => self.compute_error = Some(e),
        }
        self.last_input = Some(input);
        self.input_of = Some(state.clone());
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

/// A [`ModelSlot`] of any model, as the window holds it.
pub trait AnyModel {
    fn id(&self) -> ModelId;
    fn tabs(&self) -> Vec<Tab>;
    /// Recompute what changed for `tab`; true when anything did.
    fn refresh(&mut self, tab: Tab, session: &Session, catalog: &Catalog) -> bool;
    /// The figure of `tab`, when it has one and it is built.
    fn figure(&self, tab: Tab) -> Option<&Figure>;
    /// How many figures this model has built since the start.
    fn figures_built(&self) -> u64;
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
    fn central_ui(
        &mut self,
        ui: &mut Ui,
        tab: Tab,
        session: &mut Session,
        ctx: &mut ViewContext<'_>,
    );
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
    /// A dropped file of `kind` for this model (see
    /// [`ModelUi::take_file`]): the tab that shows it, if it took it.
    fn take_file(
        &mut self,
        kind: FileKind,
        path: &Path,
        session: &mut Session,
        ctx: &mut ViewContext<'_>,
    ) -> Option<Tab>;
    /// The platform's part of the scenario, with its fine-tuning (RON).
    fn platform_part(&self, session: &Session) -> Option<String>;
    /// Put back a saved platform part; false when it cannot be read.
    fn set_platform_part(&self, session: &mut Session, ron: &str) -> bool;
    /// The model's scenario as RON, for the window's storage.
    fn save_state(&self, session: &Session) -> Option<String>;
    /// Restore a saved scenario into the session; `legacy` is the single
    /// record of an older version. Returns what was used, for a message.
    fn load_state(
        &self,
        session: &mut Session,
        own: Option<&str>,
        legacy: Option<&str>,
    ) -> StateSource;
    /// The panels' settings as RON, for the window's storage.
    fn save_settings(&self) -> Option<String>;
    /// Put back the panels' settings (or find them in the scenario's
    /// `record` of an older version).
    fn restore_settings(&mut self, settings: Option<&str>, record: Option<&str>);
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

    fn figures_built(&self) -> u64 {
        self.generation
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

    fn central_ui(
        &mut self,
        ui: &mut Ui,
        tab: Tab,
        session: &mut Session,
        ctx: &mut ViewContext<'_>,
    ) {
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

    fn apply(
        &mut self,
        job: Box<dyn Any + Send>,
        session: &mut Session,
        ctx: &mut ViewContext<'_>,
    ) {
        self.run_job(job, (), session, ctx);
    }

    fn apply_path(
        &mut self,
        job: Box<dyn Any + Send>,
        path: PathBuf,
        session: &mut Session,
        ctx: &mut ViewContext<'_>,
    ) {
        self.run_job(job, path, session, ctx);
    }

    fn take_file(
        &mut self,
        kind: FileKind,
        path: &Path,
        session: &mut Session,
        ctx: &mut ViewContext<'_>,
    ) -> Option<Tab> {
        U::take_file(&mut self.editing(session), kind, path, ctx)
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

    fn save_settings(&self) -> Option<String> {
        self.ui.settings()
    }

    fn restore_settings(&mut self, settings: Option<&str>, record: Option<&str>) {
        self.ui.restore_settings(settings, record);
    }

    fn restored(&mut self, session: &mut Session, record: &str, ctx: &mut ViewContext<'_>) {
        U::restored(&mut self.editing(session), record, ctx);
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

//! One model in the window: the thin trait every model's panels implement
//! over its headless [`Model`] (in the spirit of egui's demo `View`), what
//! its panels edit ([`Editing`]) and see ([`Shown`]), and its background
//! jobs ([`spawn_for`], [`pick_file_for`]). The slot that holds a model
//! with what it computed is in `model_slot.rs`.

use std::path::{Path, PathBuf};

use eframe::egui::{self, Ui};

use super::context::ViewContext;
use super::dialog::{FileDialog, OnPick, PathRequest};
use super::error::JobError;
use super::jobs::{Done, Jobs};
use super::state::Tab;
use hetscope_core::recognize::FileKind;
use hetscope_core::{CoreError, Model};
use hetscope_figure::{Camera, Figure, View};
use hetscope_preset::Catalog;

/// The scenario of a model UI's model.
pub type Scenario<U> = <<U as ModelUi>::Model as Model>::Scenario;
pub(crate) type Input<U> = <<U as ModelUi>::Model as Model>::Input;
pub(crate) type Output<U> = <<U as ModelUi>::Model as Model>::Output;

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
    /// Kept on purpose: the window's state of builds before per-model
    /// storage lives on users' machines (`tests/gui/gui_state.rs`).
    fn legacy_state(old: &str) -> Option<Scenario<Self>>;

    /// After the scenario was read from the model's own saved `record` at
    /// start-up: read again what a record of an older form named by its
    /// path alone. Most models have nothing to do.
    fn restored(_m: &mut Editing<'_, Self>, _record: &str, _ctx: &mut ViewContext<'_>) {}

    /// What the panels keep between runs besides the scenario (a tool's
    /// settings), as RON; none for most models.
    fn settings(&self) -> Option<String> {
        None
    }

    /// Put back the panels' settings saved by [`ModelUi::settings`], or
    /// find them in the model's saved scenario `record` where an older
    /// version kept them there.
    fn restore_settings(&mut self, _settings: Option<&str>, _record: Option<&str>) {}

    /// The tabs of this model, in tab-bar order: its views, then any page
    /// without a figure.
    fn tabs() -> Vec<Tab> {
        View::of(Self::Model::ID)
            .into_iter()
            .map(Tab::Figure)
            .collect()
    }

    /// The model's input of the scenario (a UI may reuse what its panel
    /// already parsed, or the `last` input and the scenario it was made
    /// of).
    fn input(
        &self,
        state: &Scenario<Self>,
        catalog: &Catalog,
        _last: Option<(&Scenario<Self>, &Input<Self>)>,
    ) -> Result<Input<Self>, CoreError> {
        Self::Model::input(state, catalog)
    }

    /// The model run on `input` (a UI may reuse the `last` output where
    /// the input differs only in what the run does not read).
    fn compute(
        &self,
        input: &Input<Self>,
        _last: Option<&Output<Self>>,
    ) -> Result<Output<Self>, CoreError> {
        Self::Model::compute(input)
    }

    /// Bumped when something besides the scenario that [`ModelUi::input`]
    /// reads has changed (a result computed off the UI thread), so that
    /// the slot makes the input again.
    fn input_generation(&self) -> u64 {
        0
    }

    /// The camera a surface of this model is exported with: the model's
    /// own (the core's, which `export --session` draws with too).
    fn camera(state: &Scenario<Self>) -> Camera {
        <Self::Model as hetscope_core::Model>::camera(state)
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

    /// A file dropped on the window, recognised as `kind`: read it as the
    /// panel's own button would, say on the status line what it became,
    /// and return the tab that shows it; none when this model does not
    /// read files of that kind.
    fn take_file(
        _m: &mut Editing<'_, Self>,
        _kind: FileKind,
        _path: &Path,
        _ctx: &mut ViewContext<'_>,
    ) -> Option<Tab> {
        None
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
pub(crate) type ModelJob<U, R> =
    Box<dyn FnOnce(&mut Editing<'_, U>, R, &mut ViewContext<'_>) + Send>;

/// Run `work` on a new thread and hand its result to `apply` with the
/// UI and scenario of model `U`, on the UI thread.
pub fn spawn_for<U: ModelUi, R: Send + 'static>(
    jobs: &mut Jobs,
    ctx: &egui::Context,
    name: &str,
    work: impl FnOnce() -> R + Send + 'static,
    apply: impl FnOnce(&mut Editing<'_, U>, R, &mut ViewContext<'_>) + Send + 'static,
) -> Result<(), JobError> {
    jobs.spawn(ctx, name, model_job::<U, R>(work, apply, false))
}

/// [`spawn_for`] in the background: the window is not busy meanwhile
/// (a table computed ahead for a view).
pub fn spawn_quiet_for<U: ModelUi, R: Send + 'static>(
    jobs: &mut Jobs,
    ctx: &egui::Context,
    name: &str,
    work: impl FnOnce() -> R + Send + 'static,
    apply: impl FnOnce(&mut Editing<'_, U>, R, &mut ViewContext<'_>) + Send + 'static,
) -> Result<(), JobError> {
    jobs.spawn_quiet(ctx, name, model_job::<U, R>(work, apply, true))
}

/// The thread's work: `work`, then its result for `apply` as a job of
/// model `U`.
fn model_job<U: ModelUi, R: Send + 'static>(
    work: impl FnOnce() -> R + Send + 'static,
    apply: impl FnOnce(&mut Editing<'_, U>, R, &mut ViewContext<'_>) + Send + 'static,
    quiet: bool,
) -> impl FnOnce() -> Done + Send + 'static {
    move || {
        let result = work();
        let apply: ModelJob<U, ()> = Box::new(move |m, (), vc| apply(m, result, vc));
        Done::ForModel {
            model: U::Model::ID,
            apply: Box::new(apply),
            quiet,
        }
    }
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

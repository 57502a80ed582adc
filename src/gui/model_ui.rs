//! One model in the window: the trait every model's GUI implements (in
//! the spirit of egui's demo `View` and rerun's view classes), and the slot
//! that holds it with what its state computed to.
//!
//! The app keeps one [`ModelSlot`] per registered model (see
//! `gui/mod.rs`) and loops over them: it never matches on a model. A slot
//! recomputes only when its model's persisted state changed (so a text
//! input is parsed once per change), rebuilds a figure only when the
//! computation or the view changed, and keeps the last valid figure on
//! screen under the error when the state is invalid.

use std::any::Any;
use std::path::PathBuf;

use eframe::egui::Ui;
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::context::ViewContext;
use super::state::Tab;
use hetscope_core::CoreError;
use hetscope_figure::{Camera, Figure, ModelId, View};
use hetscope_preset::Catalog;
use hetscope_preset::platform::PlatformChoice;

/// A model's GUI: its persisted state, how that state becomes the model's
/// input and figures, and its two areas (side panel and central view).
pub trait ModelUi: Sized + 'static {
    /// What is saved between runs (under the model's own storage key).
    type State: Serialize + DeserializeOwned + Clone + PartialEq;
    /// What the model computes from; plain data, compared to decide
    /// whether anything must be recomputed.
    type Input: PartialEq;
    /// The model's results for an input, from which every view's figure is
    /// built (an analysis, or the input itself when the figures compute).
    type Computed;

    /// The model this is, with its views.
    const GROUP: ModelId;

    /// The first-start UI: the default presets of `catalog`.
    fn new(catalog: &Catalog) -> Self;

    fn state(&self) -> &Self::State;

    fn set_state(&mut self, state: Self::State);

    /// The state as saved by a version without per-model storage (one
    /// `hetscope-state` record for everything), when it holds this model.
    fn legacy_state(old: &str) -> Option<Self::State>;

    /// After the state was read from the model's own saved `record` at
    /// start-up: read again what a record of an older form named by its
    /// path alone. Most models have nothing to do.
    fn restored(&mut self, _record: &str, _ctx: &mut ViewContext<'_>) {}

    /// The tabs of this model, in tab-bar order: its views, then any page
    /// without a figure.
    fn tabs() -> Vec<Tab> {
        View::of(Self::GROUP).into_iter().map(Tab::Figure).collect()
    }

    /// The model's input from the current state, or why there is none.
    fn input(&self, catalog: &Catalog) -> Result<Self::Input, CoreError>;

    /// Run the model on a valid input.
    fn compute(input: &Self::Input) -> Result<Self::Computed, CoreError>;

    /// The figure of one of this model's views.
    fn figure(view: View, computed: &Self::Computed) -> Result<Figure, CoreError>;

    /// The camera a surface of this model is exported with.
    fn camera(&self) -> Camera {
        Camera::default()
    }

    /// Take the platform chosen at the top of the window: this model's
    /// parameters of it (its paper's presets where the platform names
    /// them, else derived from its hardware). Models without platform
    /// parameters keep their state.
    fn use_platform(&mut self, _platform: &PlatformChoice, _ctx: &mut ViewContext<'_>) {}

    /// Take the platform to compare with (the overview's second), or none:
    /// a model that can draws it over its own views.
    fn use_second_platform(
        &mut self,
        _platform: Option<&PlatformChoice>,
        _ctx: &mut ViewContext<'_>,
    ) {
    }

    /// The part of the state a platform gives, with the user's
    /// fine-tuning of it (as RON), so that it can be kept per platform.
    fn platform_part(&self) -> Option<String> {
        None
    }

    /// Put back a part saved by [`ModelUi::platform_part`]; false when it
    /// cannot be read (the platform's own values are used then).
    fn set_platform_part(&mut self, _ron: &str) -> bool {
        false
    }

    /// The side panel: pickers, sliders, files.
    fn side_panel_ui(&mut self, ui: &mut Ui, shown: Shown<'_, Self>, ctx: &mut ViewContext<'_>);

    /// The central area of `tab`.
    fn central_ui(
        &mut self,
        ui: &mut Ui,
        tab: Tab,
        shown: Shown<'_, Self>,
        ctx: &mut ViewContext<'_>,
    );
}

/// What a slot shows: the last valid results and the current figure.
pub struct Shown<'a, M: ModelUi> {
    pub computed: Option<&'a M::Computed>,
    /// The figure of the tab on screen, if it has one.
    pub figure: Option<&'a Figure>,
    /// Bumped each time the figure changes (views cache their drawings).
    pub generation: u64,
    /// Why the current state is not what is shown, if it is not.
    pub error: Option<&'a CoreError>,
}

impl<M: ModelUi> Clone for Shown<'_, M> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<M: ModelUi> Copy for Shown<'_, M> {}

/// A model's UI with what its state computed to.
pub struct ModelSlot<M: ModelUi> {
    pub ui: M,
    /// The state of the last recomputation.
    last_state: Option<M::State>,
    last_input: Option<M::Input>,
    computed: Option<M::Computed>,
    /// The computation changed since the figure was built.
    stale: bool,
    figure: Option<(View, Figure)>,
    generation: u64,
    /// Why the state gives no input (the last valid results stay).
    input_error: Option<CoreError>,
    /// Why the last input could not be computed.
    compute_error: Option<CoreError>,
    /// The view whose figure could not be built from the current results,
    /// and why.
    figure_error: Option<(View, CoreError)>,
}

impl<M: ModelUi> ModelSlot<M> {
    pub fn new(catalog: &Catalog) -> ModelSlot<M> {
        ModelSlot {
            ui: M::new(catalog),
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

    /// What the last valid state computed to.
    pub fn computed(&self) -> Option<&M::Computed> {
        self.computed.as_ref()
    }

    fn shown(&self, tab: Tab) -> Shown<'_, M> {
        Shown {
            computed: self.computed.as_ref(),
            figure: figure_of(&self.figure, tab),
            generation: self.generation,
            error: self.error(tab),
        }
    }

    /// The model's UI and, beside it, what the slot shows for `tab`.
    fn split(&mut self, tab: Tab) -> (&mut M, Shown<'_, M>) {
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
        (ui, shown)
    }

    /// Recompute from the state when it changed since the last call.
    fn update_input(&mut self, catalog: &Catalog) -> bool {
        if self.last_state.as_ref() == Some(self.ui.state()) {
            return false;
        }
        self.last_state = Some(self.ui.state().clone());
        let input = match self.ui.input(catalog) {
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
        match M::compute(&input) {
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
        match M::figure(view, computed) {
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

/// A [`ModelSlot`] of any model, as the app holds it.
pub trait AnyModel {
    fn group(&self) -> ModelId;
    fn tabs(&self) -> Vec<Tab>;
    /// Recompute what changed for `tab`; true when anything did.
    fn refresh(&mut self, tab: Tab, catalog: &Catalog) -> bool;
    /// The figure of `tab`, when it has one and it is built.
    fn figure(&self, tab: Tab) -> Option<&Figure>;
    /// Why the current state is not shown on `tab`, if it is not.
    fn error(&self, tab: Tab) -> Option<&CoreError>;
    fn camera(&self) -> Camera;
    fn side_panel_ui(&mut self, ui: &mut Ui, tab: Tab, ctx: &mut ViewContext<'_>);
    fn central_ui(&mut self, ui: &mut Ui, tab: Tab, ctx: &mut ViewContext<'_>);
    /// Apply a background job's result to the model's UI.
    fn apply(&mut self, apply: super::jobs::ApplyFn, ctx: &mut ViewContext<'_>);
    /// Take the platform chosen at the top of the window.
    fn use_platform(&mut self, platform: &PlatformChoice, ctx: &mut ViewContext<'_>);
    /// Take the platform to compare with, or none.
    fn use_second_platform(&mut self, platform: Option<&PlatformChoice>, ctx: &mut ViewContext<'_>);
    /// The platform's part of the state, with its fine-tuning (RON).
    fn platform_part(&self) -> Option<String>;
    /// Put back a saved platform part; false when it cannot be read.
    fn set_platform_part(&mut self, ron: &str) -> bool;
    /// Hand a chosen path to the model's UI.
    fn apply_path(&mut self, apply: super::jobs::PathFn, path: PathBuf, ctx: &mut ViewContext<'_>);
    /// The persisted state as RON.
    fn save_state(&self) -> Option<String>;
    /// Restore a persisted state; `legacy` is the single record of an
    /// older version. Returns what was used, for a message.
    fn load_state(&mut self, own: Option<&str>, legacy: Option<&str>) -> StateSource;
    /// After the state was read from the model's own `record`.
    fn restored(&mut self, record: &str, ctx: &mut ViewContext<'_>);
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

impl<M: ModelUi> AnyModel for ModelSlot<M> {
    fn group(&self) -> ModelId {
        M::GROUP
    }

    fn tabs(&self) -> Vec<Tab> {
        M::tabs()
    }

    fn refresh(&mut self, tab: Tab, catalog: &Catalog) -> bool {
        let mut changed = self.update_input(catalog);
        if let Some(view) = tab.view() {
            changed |= self.update_figure(view);
        }
        changed
    }

    fn figure(&self, tab: Tab) -> Option<&Figure> {
        self.shown(tab).figure
    }

    fn error(&self, tab: Tab) -> Option<&CoreError> {
        first_error(
            &self.input_error,
            &self.compute_error,
            &self.figure_error,
            tab,
        )
    }

    fn camera(&self) -> Camera {
        self.ui.camera()
    }

    fn side_panel_ui(&mut self, ui: &mut Ui, tab: Tab, ctx: &mut ViewContext<'_>) {
        let (model, shown) = self.split(tab);
        model.side_panel_ui(ui, shown, ctx);
    }

    fn central_ui(&mut self, ui: &mut Ui, tab: Tab, ctx: &mut ViewContext<'_>) {
        if let Some(e) = self.error(tab) {
            let red = ui.visuals().error_fg_color;
            let text = match (tab.view(), self.shown(tab).figure, &self.computed) {
                (Some(_), Some(_), _) => format!("{e} (showing the last valid figure)"),
                (None, _, Some(_)) => format!("{e} (showing the last valid result)"),
                _ => e.to_string(),
            };
            ui.colored_label(red, text);
        }
        let (model, shown) = self.split(tab);
        if shown.computed.is_none() || (tab.view().is_some() && shown.figure.is_none()) {
            ui.label("Nothing to show until the inputs are valid.");
            return;
        }
        model.central_ui(ui, tab, shown, ctx);
    }

    fn apply(&mut self, apply: super::jobs::ApplyFn, ctx: &mut ViewContext<'_>) {
        apply(&mut self.ui, ctx);
    }

    fn use_platform(&mut self, platform: &PlatformChoice, ctx: &mut ViewContext<'_>) {
        self.ui.use_platform(platform, ctx);
    }

    fn use_second_platform(
        &mut self,
        platform: Option<&PlatformChoice>,
        ctx: &mut ViewContext<'_>,
    ) {
        self.ui.use_second_platform(platform, ctx);
    }

    fn platform_part(&self) -> Option<String> {
        self.ui.platform_part()
    }

    fn set_platform_part(&mut self, ron: &str) -> bool {
        self.ui.set_platform_part(ron)
    }

    fn apply_path(&mut self, apply: super::jobs::PathFn, path: PathBuf, ctx: &mut ViewContext<'_>) {
        apply(&mut self.ui, path, ctx);
    }

    fn save_state(&self) -> Option<String> {
        ron::to_string(self.ui.state()).ok()
    }

    fn load_state(&mut self, own: Option<&str>, legacy: Option<&str>) -> StateSource {
        if let Some(text) = own {
            return match ron::from_str::<M::State>(text) {
                Ok(s) => {
                    self.ui.set_state(s);
                    StateSource::Saved
                }
                Err(_) => StateSource::Unreadable,
            };
        }
        match legacy.and_then(M::legacy_state) {
            Some(s) => {
                self.ui.set_state(s);
                StateSource::Migrated
            }
            None => StateSource::Defaults,
        }
    }

    fn restored(&mut self, record: &str, ctx: &mut ViewContext<'_>) {
        self.ui.restored(record, ctx);
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

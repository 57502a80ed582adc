//! The window: the registered models, the tab bar, the status line and the
//! export row. It loops over the models and hands each frame to the one
//! whose tab is on screen; everything a model shows lives in its folder.

use eframe::egui;
use std::path::PathBuf;

use super::context::{Request, StatusKind, StatusLine, ViewContext};

mod drop;
mod edits;
mod frame;
mod menu;
mod requests;
mod session_io;
mod storage;
use super::dialog::{OnPick, PathRequest, PickOutcome};
use super::export_panel;
use super::export_request::ExportRequest;
use super::help::HelpWindows;
use super::jobs::{Done, Jobs};
use super::model_slot::{AnyModel, ModelSlot};
use super::model_ui::Editing;
use super::paper_check::PaperCheckPage;
use super::path_prompt::{PathPrompt, PromptAnswer};
use super::slots::{InSlots, Slots};
use super::state::{AppState, Tab};
use hetscope_core::{CoreError, Session};
use hetscope_export::ExportSize;
use hetscope_figure::{Figure, ModelId};
use hetscope_preset::Catalog;

/// Key of the window's persisted state in eframe's storage; each model's
/// state is under `<STATE_KEY>.<model key>`.
pub const STATE_KEY: &str = "hetscope-state";

/// The storage key of one model's state.
pub fn model_key(model: ModelId) -> String {
    format!("{STATE_KEY}.{}", model.key())
}

/// The hetscope window.
pub struct HetscopeApp {
    /// The window's own persisted state (tab, export size).
    pub state: AppState,
    /// Everything the person chose for every model: the one state the
    /// panels edit.
    pub session: Session,
    catalog: Catalog,
    models: Slots,
    jobs: Jobs,
    status: StatusLine,
    /// What the panels asked of the window this frame.
    requests: Vec<Request>,
    /// The "Paper check" tab (its rows are computed when first shown).
    pub paper_check: PaperCheckPage,
    /// Undo, redo and whether the session has unsaved changes.
    edits: edits::Edits,
    /// The session file the session was opened from or saved to.
    pub session_file: Option<PathBuf>,
    /// About, Help and the getting-started panel.
    pub help: HelpWindows,
    /// The window title last sent (it is sent again only when it changes).
    title: String,
}

impl HetscopeApp {
    /// The app with the default presets and no stored state (also what the
    /// tests drive).
    pub fn default_state() -> Self {
        let mut status = StatusLine::default();
        let catalog = Catalog::builtin().unwrap_or_else(|e| {
            status.error(format!("The built-in presets could not be read: {e}"));
            Catalog::default()
        });
        let models = Slots::new(&catalog);
        let session = Session::new(&catalog);
        let mut app = HetscopeApp {
            state: AppState::default(),
            edits: edits::Edits::new(&session),
            session,
            catalog,
            models,
            jobs: Jobs::default(),
            status,
            requests: Vec::new(),
            paper_check: PaperCheckPage::default(),
            session_file: None,
            help: HelpWindows::default(),
            title: String::new(),
        };
        app.first_platform();
        app
    }

    /// A first start shows one platform in every tab, the overview's
    /// (each paper's own machines are presets of its tab); nothing to
    /// undo, nothing unsaved.
    fn first_platform(&mut self) {
        let platform = self.session.overview.platform.clone();
        if self.use_platform(&platform) {
            self.edits = edits::Edits::new(&self.session);
            self.status = StatusLine::default();
        }
    }

    /// The app as eframe starts it: the stored state when there is one,
    /// then the session file `session` when one was named.
    pub fn new(cc: &eframe::CreationContext<'_>, session: Option<PathBuf>) -> Self {
        let mut app = Self::default_state();
        if let Some(storage) = cc.storage {
            app.restore(storage);
        }
        app.state.theme.apply(&cc.egui_ctx);
        app.help.getting_started = !app.state.getting_started_done;
        let now = app.session.clone();
        app.edits = edits::Edits::new(&now);
        if let Some(path) = session {
            app.open_session_file(&path);
        }
        app
    }

    // ----- the models -----

    fn slot<M: InSlots>(&self) -> &ModelSlot<M> {
        M::slot(&self.models)
    }

    fn slot_mut<M: InSlots>(&mut self) -> &mut ModelSlot<M> {
        M::slot_mut(&mut self.models)
    }

    /// The UI of model `M` (its own caches; its state is in
    /// [`HetscopeApp::session`]).
    pub fn model<M: InSlots>(&self) -> &M {
        &self.slot::<M>().ui
    }

    pub fn model_mut<M: InSlots>(&mut self) -> &mut M {
        &mut self.slot_mut::<M>().ui
    }

    /// What model `M` computed from its last valid state.
    pub fn computed<M: InSlots>(&self) -> Option<&<M::Model as hetscope_core::Model>::Output> {
        self.slot::<M>().computed()
    }

    /// Run `f` with model `M`'s UI and scenario and the context its
    /// panels get (what a panel's button does, for tests and background
    /// results).
    pub fn with_model<M: InSlots, R>(
        &mut self,
        f: impl FnOnce(&mut Editing<'_, M>, &mut ViewContext<'_>) -> R,
    ) -> R {
        let HetscopeApp {
            catalog,
            models,
            session,
            jobs,
            status,
            requests,
            ..
        } = self;
        let slot = M::slot_mut(models);
        let state = <M::Model as hetscope_core::Model>::scenario_mut(session);
        let mut vc = ViewContext {
            catalog,
            jobs,
            status,
            requests,
        };
        f(
            &mut Editing {
                ui: &mut slot.ui,
                state,
            },
            &mut vc,
        )
    }

    /// Run `f` with model `id`, the session and the context its panels
    /// get.
    fn with_model_at<R>(
        &mut self,
        id: ModelId,
        f: impl FnOnce(&mut dyn AnyModel, &mut Session, &mut ViewContext<'_>) -> R,
    ) -> R {
        let HetscopeApp {
            catalog,
            models,
            session,
            jobs,
            status,
            requests,
            ..
        } = self;
        let mut vc = ViewContext {
            catalog,
            jobs,
            status,
            requests,
        };
        f(models.by_id_mut(id), session, &mut vc)
    }

    /// Run `f` with the model on screen, its tab, the session and the
    /// context.
    fn with_current<R>(
        &mut self,
        f: impl FnOnce(&mut dyn AnyModel, Tab, &mut Session, &mut ViewContext<'_>) -> R,
    ) -> R {
        let (id, tab) = (self.current(), self.session.tab);
        self.with_model_at(id, |m, session, vc| f(m, tab, session, vc))
    }

    /// The model whose tab is on screen.
    fn current(&self) -> ModelId {
        self.models
            .all()
            .find(|m| m.tabs().contains(&self.session.tab))
            .map_or(ModelId::ALL[0], |m| m.id())
    }

    // ----- read access (panels and tests) -----

    /// How many figures `model` has built since the start: a change
    /// rebuilds only the view on screen.
    pub fn figures_built(&self, model: ModelId) -> u64 {
        self.models.by_id(model).figures_built()
    }

    /// The registered models, in tab-bar order.
    pub fn model_ids(&self) -> Vec<ModelId> {
        self.models.all().map(|m| m.id()).collect()
    }

    /// The tabs of a registered model.
    pub fn tabs_of(&self, model: ModelId) -> Vec<Tab> {
        self.models.by_id(model).tabs()
    }

    /// The figure of the current view.
    pub fn figure(&self) -> Option<&Figure> {
        self.models.by_id(self.current()).figure(self.session.tab)
    }

    /// Why the current model's state is not shown, if it is not.
    pub fn param_error(&self) -> Option<&CoreError> {
        self.models.by_id(self.current()).error(self.session.tab)
    }

    /// The status line's message.
    pub fn status(&self) -> Option<(StatusKind, &str)> {
        self.status.get()
    }

    /// Whether a dialog, export or measurement is still running.
    pub fn busy(&self) -> bool {
        self.jobs.busy()
    }

    /// Whether a table is being computed in the background (the
    /// sensitivity of the overview's platform).
    pub fn computing(&self) -> bool {
        self.jobs.background()
    }

    /// Recompute what the current tab needs. Returns true when something
    /// changed.
    pub fn refresh(&mut self) -> bool {
        let i = self.current();
        if i == ModelId::Overview {
            // The overview evaluates each model as its tab holds it.
            let HetscopeApp {
                models,
                session,
                catalog,
                ..
            } = self;
            crate::gui::overview::OverviewUi::slot_mut(models)
                .ui
                .follow_tabs(session, catalog);
        }
        self.models
            .by_id_mut(i)
            .refresh(self.session.tab, &self.session, &self.catalog)
    }

    // ----- background work -----

    fn handle_done(&mut self, ctx: &egui::Context, done: Done) {
        match done {
            Done::Picked { request, outcome } => self.picked(ctx, request, outcome),
            Done::Exported(Ok(path)) => self.status.info(format!("Exported {}", path.display())),
            Done::Exported(Err(e)) => self.status.error(format!("Export failed: {e}")),
            Done::ForModel { model, apply, .. } => {
                self.with_model_at(model, |m, session, vc| m.apply(apply, session, vc));
            }
        }
    }

    /// A file dialog closed: use the path, say that none was chosen, or
    /// ask in the window when no dialog could be shown.
    fn picked(&mut self, ctx: &egui::Context, request: PathRequest, outcome: PickOutcome) {
        match outcome {
            PickOutcome::Chosen(path) => self.use_path(ctx, request.on_pick, path),
            PickOutcome::Cancelled => match request.on_pick {
                OnPick::Export(_) => self.status.info("Export cancelled."),
                OnPick::Model { .. } | OnPick::Session { .. } => {
                    self.status.info("No file chosen.")
                }
            },
            PickOutcome::Unavailable => {
                self.jobs.dialogs_unavailable = true;
                self.status.info(
                    "No file dialog can be shown on this desktop: type the path in the window instead.",
                );
                let folder = self.jobs.last_folder.clone();
                self.jobs.prompt = Some(PathPrompt::new(request, folder.as_deref()));
            }
        }
    }

    /// Hand a chosen path to what asked for it, and remember its folder.
    fn use_path(&mut self, ctx: &egui::Context, on_pick: OnPick, path: PathBuf) {
        if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
            self.jobs.last_folder = Some(folder.to_path_buf());
        }
        match on_pick {
            OnPick::Model { model, apply } => {
                self.with_model_at(model, |m, session, vc| {
                    m.apply_path(apply, path, session, vc)
                });
            }
            OnPick::Session { save } => self.session_path_chosen(path, save),
            OnPick::Export(mut request) => {
                self.state.last_export = request.ext.to_string();
                request.path = Some(path);
                export_panel::start_export(ctx, *request, &mut self.jobs, &mut self.status);
            }
        }
    }

    /// The in-window file prompt, when one is open.
    fn path_prompt_ui(&mut self, ctx: &egui::Context) {
        let Some(prompt) = &mut self.jobs.prompt else {
            return;
        };
        match prompt.prompt_ui(ctx) {
            None => {}
            Some(PromptAnswer::Cancelled) => {
                let cancelled = self.jobs.prompt.take();
                if let Some(p) = cancelled {
                    self.picked(ctx, p.request, PickOutcome::Cancelled);
                }
            }
            Some(PromptAnswer::Chosen(path)) => {
                if let Some(p) = self.jobs.prompt.take() {
                    self.use_path(ctx, p.request.on_pick, path);
                }
            }
        }
    }

    /// Export the current figure as `ext` to `path` (`None`: ask where),
    /// on a thread.
    pub fn start_export(&mut self, ctx: &egui::Context, ext: &'static str, path: Option<PathBuf>) {
        self.state.last_export = ext.to_string();
        let i = self.current();
        let Some(figure) = self.models.by_id(i).figure(self.session.tab).cloned() else {
            self.status.error("Nothing to export in this view.");
            return;
        };
        let size = match ExportSize::new(self.state.export_width, self.state.export_height) {
            Ok(s) => s,
            Err(e) => {
                self.status.error(format!("Export failed: {e}"));
                return;
            }
        };
        let request = ExportRequest {
            figure,
            camera: self.models.by_id(i).camera(&self.session),
            size,
            palette: if self.state.export_dark {
                hetscope_figure::layout::palette::Palette::Dark
            } else {
                hetscope_figure::layout::palette::Palette::Light
            },
            ext,
            suggested: format!(
                "{}.{ext}",
                self.session.tab.view().map(|v| v.key()).unwrap_or("figure")
            ),
            path,
            inputs: self.session.inputs(),
        };
        export_panel::start_export(ctx, request, &mut self.jobs, &mut self.status);
    }
}

pub use hetscope_fsio::file_name;

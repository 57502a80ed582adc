//! What the window does for its panels: one platform for every model
//! (the picker at the top, or a panel's request), and the tab a panel
//! asks to open.

use super::HetscopeApp;
use crate::gui::context::Request;
use hetscope_core::registry;
use hetscope_figure::ModelId;
use hetscope_preset::platform::PlatformChoice;

impl HetscopeApp {
    /// Choose the platform `id` for every model. Returns false (and says
    /// why on the status line) when it cannot be read.
    pub fn use_platform(&mut self, id: &str) -> bool {
        let choice = match hetscope_preset::platform::platform_choice(id, &self.catalog) {
            Ok(c) => c,
            Err(e) => {
                self.status.error(e);
                return false;
            }
        };
        self.keep_tuning();
        let mut kept = 0;
        for id in ModelId::ALL {
            let key = tuning_key(&choice.key, id);
            let restored = self.state.tuned.get(&key).is_some_and(|t| {
                self.models
                    .by_id_mut(id)
                    .set_platform_part(&mut self.session, t)
            });
            if restored {
                kept += 1;
            } else {
                self.use_platform_for(id, &choice);
            }
        }
        self.session.platform = Some(choice.key.clone());
        let how = if kept > 0 {
            " (as you left it; Reset gives its own values)"
        } else {
            ""
        };
        self.status.info(format!(
            "Platform for every model: {}{how}",
            choice.preset.name
        ));
        true
    }

    /// Every model on the platform `id` with `cpus` sockets and `gpus`
    /// GPUs counted (PeaPaw 3.3): each model's own values for that
    /// grouping (its fine-tuning of the platform starts again).
    pub fn regroup(&mut self, id: &str, cpus: Option<u32>, gpus: Option<u32>) -> bool {
        let choice = hetscope_preset::platform::platform_choice(id, &self.catalog)
            .and_then(|c| c.regrouped(cpus, gpus));
        let choice = match choice {
            Ok(c) => c,
            Err(e) => {
                self.status.error(e);
                return false;
            }
        };
        let prefix = format!("{}/", choice.key);
        self.state.tuned.retain(|k, _| !k.starts_with(&prefix));
        for id in ModelId::ALL {
            self.use_platform_for(id, &choice);
        }
        self.session.platform = Some(choice.key.clone());
        let counts = match &choice.preset.hardware {
            Some(h) => format!(
                " with {} CPU socket(s) and {} GPU(s) counted",
                h.cpus,
                h.gpus.iter().map(|g| g.count).sum::<u32>()
            ),
            None => String::new(),
        };
        self.status.info(format!(
            "Platform for every model: {}{counts}",
            choice.preset.name
        ));
        true
    }

    /// Compare every model that can with the platform `id`, or stop
    /// comparing.
    pub fn compare_with(&mut self, id: Option<&str>) -> bool {
        let choice =
            match id.map(|id| hetscope_preset::platform::platform_choice(id, &self.catalog)) {
                None => None,
                Some(Ok(c)) => Some(c),
                Some(Err(e)) => {
                    self.status.error(e);
                    return false;
                }
            };
        let refused =
            registry::compare_everywhere(&mut self.session, choice.as_ref(), &self.catalog);
        if let Some((_, e)) = refused.first() {
            self.status.error(e);
        }
        true
    }

    /// Give model `id` the platform `choice`; a refusal goes to the
    /// status line.
    fn use_platform_for(&mut self, id: ModelId, choice: &PlatformChoice) {
        if let Err(e) = registry::use_platform(id, &mut self.session, choice, &self.catalog) {
            self.status.error(e);
        }
    }

    /// Keep every model's fine-tuning of the current platform.
    fn keep_tuning(&mut self) {
        let Some(old) = self.session.platform.clone() else {
            return;
        };
        for m in self.models.all() {
            if let Some(part) = m.platform_part(&self.session) {
                self.state.tuned.insert(tuning_key(&old, m.id()), part);
            }
        }
    }

    /// Every model on its paper's own presets (the first start of earlier
    /// versions), no platform chosen; the overview keeps its platform.
    pub fn use_papers_presets(&mut self) {
        self.keep_tuning();
        let papers = hetscope_core::Session::new(&self.catalog);
        self.session.platform = None;
        self.session.perdome = papers.perdome;
        self.session.boathull = papers.boathull;
        self.session.fpm = papers.fpm;
        self.session.offload = papers.offload;
        if let Some(second) = self.session.platform2.clone() {
            self.compare_with(Some(&second));
        }
        self.status.info("Every model on its paper's own presets");
    }

    /// Every model back to the current platform's own values: its kept
    /// fine-tuning is dropped.
    pub fn reset_platform(&mut self) -> bool {
        let Some(id) = self.session.platform.take() else {
            return false;
        };
        let prefix = format!("{id}/");
        self.state.tuned.retain(|k, _| !k.starts_with(&prefix));
        self.use_platform(&id)
    }

    /// Carry out what the panels asked this frame; true when any.
    pub(super) fn handle_requests(&mut self) -> bool {
        let requests = std::mem::take(&mut self.requests);
        let any = !requests.is_empty();
        for r in requests {
            match r {
                Request::Open(tab) => self.session.tab = tab,
                // Already every model's platform: keep their fine-tuning.
                Request::UsePlatform(id) if self.session.platform.as_deref() == Some(&id) => {}
                Request::UsePlatform(id) => {
                    self.use_platform(&id);
                }
                Request::CompareWith(id) => {
                    self.compare_with(id.as_deref());
                }
                Request::Regroup { id, cpus, gpus } => {
                    self.regroup(&id, cpus, gpus);
                }
            }
        }
        any
    }
}

/// The key of a model's fine-tuning of a platform.
fn tuning_key(platform: &str, model: ModelId) -> String {
    format!("{platform}/{}", model.key())
}

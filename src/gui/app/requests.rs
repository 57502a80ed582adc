//! What the window does for its panels: one platform for every model
//! (the picker at the top, or a panel's request), and the tab a panel
//! asks to open.

use super::HetscopeApp;
use crate::gui::context::Request;

impl HetscopeApp {
    /// Choose the platform `id` for every model. Returns false (and says
    /// why on the status line) when it cannot be read.
    pub fn use_platform(&mut self, id: &str) -> bool {
        let choice = match crate::preset::platform::platform_choice(id, &self.catalog) {
            Ok(c) => c,
            Err(e) => {
                self.status.error(e);
                return false;
            }
        };
        for i in 0..self.models.len() {
            self.with_model_at(i, |m, vc| m.use_platform(&choice, vc));
        }
        self.state.shared_platform = Some(choice.id.clone());
        self.status
            .info(format!("Platform for every model: {}", choice.preset.name));
        true
    }

    /// Carry out what the panels asked this frame; true when any.
    pub(super) fn handle_requests(&mut self) -> bool {
        let requests = std::mem::take(&mut self.requests);
        let any = !requests.is_empty();
        for r in requests {
            match r {
                Request::Open(tab) => self.state.tab = tab,
                // Already every model's platform: keep their fine-tuning.
                Request::UsePlatform(id) if self.state.shared_platform.as_deref() == Some(&id) => {}
                Request::UsePlatform(id) => {
                    self.use_platform(&id);
                }
            }
        }
        any
    }
}

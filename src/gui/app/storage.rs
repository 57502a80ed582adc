//! The window's saved state: its own record (tab, export size, folders,
//! the session's platform, per-platform fine-tuning) and each model's
//! scenario under its own key; older records migrated, unreadable ones
//! named.

use super::{HetscopeApp, STATE_KEY, model_key};
use crate::gui::model_slot::StateSource;
use crate::gui::state::{AppState, STATE_VERSION, Tab};
use hetscope_figure::ModelId;

impl HetscopeApp {
    /// Read the saved state: the window's, then each model's (a record of
    /// an older version is migrated). What could not be read is named on
    /// the status line and starts from the defaults.
    pub(super) fn restore(&mut self, storage: &dyn eframe::Storage) {
        let record = storage.get_string(STATE_KEY);
        let shell = record.as_deref().map(ron::from_str::<AppState>).transpose();
        let mut unreadable = Vec::new();
        let mut newer = None;
        let legacy = match shell {
            Ok(Some(s)) => {
                newer = (s.version > STATE_VERSION).then_some(s.version);
                let legacy = (s.version < STATE_VERSION)
                    .then_some(record.as_deref())
                    .flatten();
                self.state = AppState {
                    version: STATE_VERSION,
                    ..s
                };
                legacy
            }
            Ok(None) => None,
            Err(_) => {
                unreadable.push("the window (tab, export size)");
                None
            }
        };
        self.jobs.last_folder = self.state.last_folder.clone();
        self.session.platform = self.state.shared_platform.clone();
        self.session.tab = self.state.tab;
        let mut migrated = false;
        let mut saved = Vec::new();
        for id in ModelId::ALL {
            let m = self.models.by_id_mut(id);
            let own = storage.get_string(&model_key(m.id()));
            let settings = storage.get_string(&settings_key(m.id()));
            m.restore_settings(settings.as_deref(), own.as_deref());
            match m.load_state(&mut self.session, own.as_deref(), legacy) {
                StateSource::Unreadable => unreadable.push(m.id().title()),
                StateSource::Migrated => migrated = true,
                StateSource::Saved => saved.extend(own.map(|record| (id, record))),
                StateSource::Defaults => {}
            }
        }
        for (id, record) in saved {
            self.with_model_at(id, |m, session, vc| m.restored(session, &record, vc));
        }
        let tab = self.session.tab;
        if tab != Tab::PaperCheck && !self.models.all().any(|m| m.tabs().contains(&tab)) {
            self.session.tab = Tab::default();
        }
        if !unreadable.is_empty() {
            self.status.error(format!(
                "The saved settings of {} could not be read; they start from the defaults.",
                unreadable.join(", ")
            ));
        } else if let Some(v) = newer {
            self.status.info(format!(
                "The settings were saved by a newer hetscope (state version {v}; this one \
                 reads up to {STATE_VERSION}): what this version does not know was left out."
            ));
        } else if migrated {
            self.status
                .info("The settings saved by an earlier version of hetscope were carried over.");
        }
        // Every model compares with the overview's second platform, also
        // when a model's own record predates its comparison.
        let second = self.session.overview.platform2.clone();
        if second.is_some() {
            self.compare_with(second.as_deref());
        }
    }

    /// Save the window's record and each model's scenario.
    pub(super) fn save_to(&mut self, storage: &mut dyn eframe::Storage) {
        self.state.last_folder = self.jobs.last_folder.clone();
        self.state.shared_platform = self.session.platform.clone();
        self.state.tab = self.session.tab;
        eframe::set_value(storage, STATE_KEY, &self.state);
        for m in self.models.all() {
            if let Some(text) = m.save_state(&self.session) {
                storage.set_string(&model_key(m.id()), text);
            }
            if let Some(text) = m.save_settings() {
                storage.set_string(&settings_key(m.id()), text);
            }
        }
    }
}

/// The storage key of a model's panel settings.
fn settings_key(model: hetscope_figure::ModelId) -> String {
    format!("{}.settings", model_key(model))
}

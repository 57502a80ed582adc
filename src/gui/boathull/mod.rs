//! The boat hull views in the window: time against complexity, two
//! processors with their crossover, the roofline and whole applications.
//!
//! - the scenario (class text, two processors, f, the application) is
//!   `hetscope_core::boathull`'s;
//! - `panel.rs`: the side panel (`measured.rs`: its measured curve);
//!   `view.rs`: the central area.

mod dropped;
mod measured;
mod panel;
mod params;
mod view;

use eframe::egui::Ui;

use super::context::ViewContext;
use super::model_ui::{Editing, ModelUi, Scenario, Shown};
use super::state::Tab;
use hetscope_core::boathull::{Boathull, BoathullScenario};
use hetscope_core::{CoreError, Model};
use hetscope_figure::Figure;
use hetscope_figure::boathull::BoathullInput;
use hetscope_model::boathull::{Class, ClassError};
use hetscope_preset::Catalog;

/// The boat hull panels, with what they keep between frames.
#[derive(Default)]
pub struct BoathullUi {
    /// The class text last parsed and what it gave: parsed once per edit.
    parsed: Option<(String, Result<Class, ClassError>)>,
    /// Why the last measured curve could not be loaded.
    measured_error: Option<String>,
}

impl Editing<'_, BoathullUi> {
    /// The class of the current text, parsed when the text changed.
    fn parsed_class(&mut self) -> Result<&Class, &ClassError> {
        let text = &self.state.class_text;
        let parsed = &mut self.ui.parsed;
        if parsed.as_ref().is_none_or(|(t, _)| t != text) {
            *parsed = Some((text.clone(), Class::parse(text)));
        }
        match parsed {
            Some((_, r)) => r.as_ref(),
            None => unreachable!("parsed just above"),
        }
    }
}

impl ModelUi for BoathullUi {
    type Model = Boathull;

    fn take_file(
        m: &mut Editing<'_, Self>,
        kind: hetscope_core::recognize::FileKind,
        path: &std::path::Path,
        ctx: &mut ViewContext<'_>,
    ) -> Option<Tab> {
        dropped::take_file(m, kind, path, ctx)
    }

    fn new(_catalog: &Catalog) -> Self {
        BoathullUi::default()
    }

    /// Version 1 kept this state in the `boathull` field of its record.
    fn legacy_state(old: &str) -> Option<BoathullScenario> {
        super::model_ui::legacy_field!(old, boathull, BoathullScenario)
    }

    fn input(
        &self,
        state: &BoathullScenario,
        catalog: &Catalog,
        _last: Option<(&BoathullScenario, &BoathullInput)>,
    ) -> Result<BoathullInput, CoreError> {
        match &self.parsed {
            Some((text, class)) if *text == state.class_text => {
                state.input_with(class.as_ref(), catalog)
            }
            _ => Boathull::input(state, catalog),
        }
    }

    fn platform_part(state: &BoathullScenario) -> Option<String> {
        ron::to_string(&(&state.processor, &state.partner)).ok()
    }

    fn set_platform_part(state: &mut Scenario<Self>, text: &str) -> bool {
        ron::from_str(text)
            .map(|(p, q)| (state.processor, state.partner) = (p, q))
            .is_ok()
    }

    fn side_panel_ui(
        m: &mut Editing<'_, Self>,
        ui: &mut Ui,
        _shown: Shown<'_, Self>,
        ctx: &mut ViewContext<'_>,
    ) {
        panel::side_panel_ui(ui, m, ctx);
    }

    fn central_ui(
        _m: &mut Editing<'_, Self>,
        ui: &mut Ui,
        _tab: Tab,
        shown: Shown<'_, Self>,
        _ctx: &mut ViewContext<'_>,
    ) {
        if let Some(Figure::Chart(fig)) = shown.figure {
            view::boathull_view_ui(ui, fig);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_class_is_parsed_again_only_after_an_edit() {
        let cat = Catalog::builtin().expect("presets");
        let mut ui = BoathullUi::new(&cat);
        let mut state = BoathullScenario::from_catalog(&cat);
        let mut m = Editing {
            ui: &mut ui,
            state: &mut state,
        };
        assert!(m.parsed_class().is_ok());
        let cached = |m: &Editing<'_, BoathullUi>| m.ui.parsed.as_ref().map(|(t, _)| t.as_ptr());
        let first = cached(&m);
        assert!(m.parsed_class().is_ok());
        assert_eq!(cached(&m), first, "the same text is not parsed again");
        m.state.class_text = "2048x2048|elemnt -> 2048x2048|element".into();
        assert!(m.parsed_class().is_err());
        assert_ne!(cached(&m), first);
        // The input uses the parse of the panel.
        let e = ui
            .input(&state, &Catalog::default(), None)
            .expect_err("an invalid class");
        assert!(e.to_string().contains("elemnt"), "{e}");
    }
}

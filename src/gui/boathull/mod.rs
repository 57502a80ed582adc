//! The boat hull views in the window: time against complexity, two
//! processors with their crossover, the roofline and whole applications.
//!
//! - `state.rs`: what is saved (class text, two processors, f, the
//!   application);
//! - `panel.rs`: the side panel (`measured.rs`: its measured curve);
//!   `view.rs`: the central area.

mod measured;
mod panel;
mod params;

mod view;

use eframe::egui::Ui;
use hetscope_core::boathull::ProcessorChoice;
use hetscope_model::perdome::Side;
use hetscope_model::platform::Transfers;
use hetscope_preset::platform::PlatformChoice;

use super::context::ViewContext;
use super::model_ui::{ModelUi, Shown};
use super::state::Tab;
use hetscope_core::CoreError;
use hetscope_core::boathull::BoathullScenario;
use hetscope_figure::boathull::BoathullInput;
use hetscope_figure::{self as figure, Figure, ModelId, View};
use hetscope_model::boathull::{Class, ClassError};
use hetscope_preset::Catalog;

/// The boat hull model's UI.
pub struct BoathullUi {
    pub state: BoathullScenario,
    /// The class text last parsed and what it gave: parsed once per edit.
    parsed: Option<(String, Result<Class, ClassError>)>,
    /// Why the last measured curve could not be loaded.
    measured_error: Option<String>,
}

impl BoathullUi {
    /// The class of the current text, parsed when the text changed.
    fn parsed_class(&mut self) -> Result<&Class, &ClassError> {
        let text = &self.state.class_text;
        if self.parsed.as_ref().is_none_or(|(t, _)| t != text) {
            self.parsed = Some((text.clone(), Class::parse(text)));
        }
        match &self.parsed {
            Some((_, r)) => r.as_ref(),
            None => unreachable!("parsed just above"),
        }
    }
}

impl ModelUi for BoathullUi {
    type State = BoathullScenario;
    type Input = BoathullInput;
    type Computed = BoathullInput;

    const GROUP: ModelId = ModelId::Boathull;

    fn new(catalog: &Catalog) -> Self {
        BoathullUi {
            state: BoathullScenario::from_catalog(catalog),
            parsed: None,
            measured_error: None,
        }
    }

    fn state(&self) -> &BoathullScenario {
        &self.state
    }

    fn set_state(&mut self, state: BoathullScenario) {
        self.state = state;
    }

    /// Version 1 kept this state in the `boathull` field of its record.
    fn legacy_state(old: &str) -> Option<BoathullScenario> {
        super::model_ui::legacy_field!(old, boathull, BoathullScenario)
    }

    fn input(&self, catalog: &Catalog) -> Result<BoathullInput, CoreError> {
        match &self.parsed {
            Some((text, class)) if *text == self.state.class_text => {
                self.state.input_with(class.as_ref(), catalog)
            }
            _ => self.state.input(catalog),
        }
    }

    fn compute(input: &BoathullInput) -> Result<BoathullInput, CoreError> {
        Ok(input.clone())
    }

    fn figure(view: View, input: &BoathullInput) -> Result<Figure, CoreError> {
        Ok(figure::boathull::build(view, input).map(Figure::Chart)?)
    }

    /// The platform's GPU in the boat hull view and its CPU beside it.
    fn use_platform(&mut self, platform: &PlatformChoice, ctx: &mut ViewContext<'_>) {
        let side = |side| {
            platform
                .preset
                .boathull_side(ctx.catalog, &platform.origin, Transfers::Pageable, side)
                .map(|b| {
                    ProcessorChoice::new(&platform.id, &b.name, b.machine).with_sources(b.sources)
                })
        };
        match side(Side::Gpu).and_then(|g| Ok((g, side(Side::Cpu)?))) {
            Ok((gpu, cpu)) => (self.state.processor, self.state.partner) = (gpu, cpu),
            Err(e) => ctx.status.error(e),
        }
    }

    /// The second platform's processor of the view's kind, drawn over the
    /// boat hull view.
    fn use_second_platform(
        &mut self,
        platform: Option<&PlatformChoice>,
        ctx: &mut ViewContext<'_>,
    ) {
        let Some(platform) = platform else {
            self.state.overlay = None;
            return;
        };
        let p = &platform.preset;
        let side = self.state.processor.side();
        match p.boathull_side(ctx.catalog, &platform.origin, Transfers::Pageable, side) {
            Ok(b) => {
                let name = format!("{} {}", p.name, side.name());
                self.state.overlay = Some(ProcessorChoice::new(&platform.id, &name, b.machine));
            }
            Err(e) => ctx.status.error(e),
        }
    }

    fn platform_part(&self) -> Option<String> {
        ron::to_string(&(&self.state.processor, &self.state.partner)).ok()
    }

    fn set_platform_part(&mut self, text: &str) -> bool {
        ron::from_str(text)
            .map(|(p, q)| (self.state.processor, self.state.partner) = (p, q))
            .is_ok()
    }

    fn side_panel_ui(&mut self, ui: &mut Ui, _shown: Shown<'_, Self>, ctx: &mut ViewContext<'_>) {
        panel::side_panel_ui(ui, self, ctx);
    }

    fn central_ui(
        &mut self,
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
        let mut m = BoathullUi::new(&Catalog::builtin().expect("presets"));
        assert!(m.parsed_class().is_ok());
        let cached = |m: &BoathullUi| m.parsed.as_ref().map(|(t, _)| t.as_ptr());
        let first = cached(&m);
        assert!(m.parsed_class().is_ok());
        assert_eq!(cached(&m), first, "the same text is not parsed again");
        m.state.class_text = "2048x2048|elemnt -> 2048x2048|element".into();
        assert!(m.parsed_class().is_err());
        assert_ne!(cached(&m), first);
        // The input uses the parse of the panel.
        let e = m.input(&Catalog::default()).expect_err("an invalid class");
        assert!(e.to_string().contains("elemnt"), "{e}");
    }
}

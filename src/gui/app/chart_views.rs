//! The boat hull, FPM and offload views in the app: the input of the view
//! on screen, the figure rebuilt when that input changes (an invalid input
//! keeps the last valid figure and reports why), and the central area
//! that shows it.

use eframe::egui;

use super::HetscopeApp;
use crate::figure::boathull::BoathullInput;
use crate::figure::fpm::FpmInput;
use crate::figure::offload::OffloadInput;
use crate::figure::{self, Figure, ModelGroup, View};
use crate::gui::{boathull_view, fpm_view, offload_view};

/// The input of a chart view, compared with the last one to decide
/// whether the figure must be rebuilt.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum ChartInput {
    Boathull(BoathullInput),
    Fpm(FpmInput),
    Offload(OffloadInput),
}

/// The figure of the current chart view (boat hull, FPM, offload) and the
/// input it was built from. An invalid input keeps the last valid figure
/// on screen and reports the error.
#[derive(Default)]
pub(super) struct ChartComputed {
    /// The input of the last build and that build's error, if any.
    pub(super) input: Option<(View, ChartInput, Option<String>)>,
    pub(super) figure: Option<(View, Figure)>,
    pub(super) error: Option<String>,
}

impl HetscopeApp {
    /// The input of a chart view from the state.
    fn chart_input(&self, view: View) -> Result<ChartInput, String> {
        let (s, cat) = (&self.state, &self.catalog);
        match view.group() {
            ModelGroup::Boathull => s.boathull.input(cat).map(ChartInput::Boathull),
            ModelGroup::Fpm => s.fpm.input(cat).map(ChartInput::Fpm),
            ModelGroup::Offload => s.offload.input(cat).map(ChartInput::Offload),
            ModelGroup::Perdome => Err("not a chart view".into()),
        }
    }

    /// Rebuild the chart of `view` when its input changed; an invalid input
    /// keeps the last figure and sets the error. Returns true on a change.
    pub(super) fn refresh_chart(&mut self, view: View) -> bool {
        let input = self.chart_input(view);
        let c = &mut self.chart;
        let input = match input {
            Ok(i) => i,
            Err(e) => {
                let changed = c.error.as_deref() != Some(e.as_str());
                c.error = Some(e);
                return changed;
            }
        };
        if let Some((v, last, build_error)) = &c.input
            && *v == view
            && *last == input
        {
            // Same input as the last build (possibly after an invalid
            // edit): its figure, or its build error, stands.
            let changed = c.error != *build_error;
            c.error = build_error.clone();
            return changed;
        }
        let built = match &input {
            ChartInput::Boathull(i) => figure::boathull::build(view, i),
            ChartInput::Fpm(i) => figure::fpm::build(view, i),
            ChartInput::Offload(i) => figure::offload::build(view, i),
        };
        match built {
            Ok(fig) => {
                c.figure = Some((view, Figure::Chart(fig)));
                c.error = None;
            }
            Err(e) => c.error = Some(e),
        }
        c.input = Some((view, input, c.error.clone()));
        self.computed.generation += 1;
        true
    }

    /// The central area of a boat hull, FPM or offload view.
    pub(super) fn central_chart(&mut self, ui: &mut egui::Ui, view: View) {
        if let Some(e) = &self.chart.error {
            let red = ui.visuals().error_fg_color;
            let text = if self.chart.figure.as_ref().is_some_and(|(v, _)| *v == view) {
                format!("{e} (showing the last valid figure)")
            } else {
                e.clone()
            };
            ui.colored_label(red, text);
        }
        let fig = match &self.chart.figure {
            Some((v, Figure::Chart(f))) if *v == view => f,
            _ => {
                ui.label("Nothing to show until the inputs are valid.");
                return;
            }
        };
        match view.group() {
            ModelGroup::Boathull => boathull_view::show(ui, &mut self.state.boathull, view, fig),
            ModelGroup::Fpm => fpm_view::show(ui, &mut self.state.fpm, view, fig),
            ModelGroup::Offload => offload_view::show(ui, &mut self.state.offload, view, fig),
            ModelGroup::Perdome => {}
        }
    }
}

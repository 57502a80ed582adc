//! Boathull figures (placeholder until the views are built).

use super::{ChartFigure, View};

/// Everything the boathull figures are computed from.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoathullInput {}

/// Build the figure of one boathull view.
pub fn build(view: View, _input: &BoathullInput) -> Result<ChartFigure, String> {
    Err(format!("the view '{}' is not built yet", view.key()))
}

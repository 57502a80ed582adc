//! Fpm figures (placeholder until the views are built).

use super::{ChartFigure, View};

/// Everything the fpm figures are computed from.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FpmInput {}

/// Build the figure of one fpm view.
pub fn build(view: View, _input: &FpmInput) -> Result<ChartFigure, String> {
    Err(format!("the view '{}' is not built yet", view.key()))
}

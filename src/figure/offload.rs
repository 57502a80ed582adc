//! Offload figures (placeholder until the views are built).

use super::{ChartFigure, View};

/// Everything the offload figures are computed from.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OffloadInput {}

/// Build the figure of one offload view.
pub fn build(view: View, _input: &OffloadInput) -> Result<ChartFigure, String> {
    Err(format!("the view '{}' is not built yet", view.key()))
}

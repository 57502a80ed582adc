//! One export asked for in the window: the figure as shown, its camera
//! and size, and where it goes (or the name a save dialog suggests).

use std::path::PathBuf;

use hetscope_export::ExportSize;
use hetscope_figure::layout::palette::Palette;
use hetscope_figure::{Camera, Figure};

/// One export: the figure as shown, and where it goes.
pub struct ExportRequest {
    pub figure: Figure,
    /// The camera of a surface view.
    pub camera: Camera,
    pub size: ExportSize,
    /// Light (the default) or dark, as asked in the export row.
    pub palette: Palette,
    pub ext: &'static str,
    /// The file name a save dialog suggests.
    pub suggested: String,
    /// `None`: ask with a save dialog.
    pub path: Option<PathBuf>,
    /// The files the session reads: an export never writes over one.
    pub inputs: Vec<PathBuf>,
}

//! Figure exporters: SVG, PNG, PDF and CSV.
//!
//! Every format is drawn from the same [`Figure`] the GUI shows. The PNG is
//! the SVG rasterized by resvg and the PDF the SVG converted by svg2pdf,
//! both with one embedded font, so all three share one layout. Sizes are in pixels and do not depend on the screen.

mod chart;
mod csv_out;
mod palette;
mod pdf;
mod perdome;
mod png;
mod scene_svg;
mod svg;
mod svg_parts;
mod svg_util;
mod tree;

use std::path::{Path, PathBuf};

use hetscope_figure::layout::palette::Palette;
use hetscope_figure::{Camera, Figure};

pub use csv_out::render_csv;
pub use palette::recolor_svg;
pub use pdf::{render_pdf, svg_to_pdf};
pub use png::{icon_png, render_png, svg_to_png};
pub use svg::{placed_texts, render_svg};

/// Output format, chosen from the file extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Svg,
    Png,
    Pdf,
    Csv,
}

impl Format {
    /// `.svg`, `.png`, `.pdf` or `.csv` (any letter case).
    pub fn from_path(path: &Path) -> Result<Format, ExportError> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(|e| e.to_ascii_lowercase());
        match ext.as_deref() {
            Some("svg") => Ok(Format::Svg),
            Some("png") => Ok(Format::Png),
            Some("pdf") => Ok(Format::Pdf),
            Some("csv") => Ok(Format::Csv),
            _ => Err(ExportError::Extension {
                path: path.to_path_buf(),
            }),
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Format::Svg => "svg",
            Format::Png => "png",
            Format::Pdf => "pdf",
            Format::Csv => "csv",
        }
    }
}

/// Size of an exported image in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExportSize {
    pub width: u32,
    pub height: u32,
}

impl ExportSize {
    pub const MIN: u32 = 200;
    pub const MAX: u32 = 8000;

    /// A size with both sides in `MIN..=MAX`.
    pub fn new(width: u32, height: u32) -> Result<ExportSize, ExportError> {
        let ok = |v: u32| (Self::MIN..=Self::MAX).contains(&v);
        if ok(width) && ok(height) {
            Ok(ExportSize { width, height })
        } else {
            Err(ExportError::Size { width, height })
        }
    }

    /// Check a size built field by field.
    pub fn validate(self) -> Result<ExportSize, ExportError> {
        ExportSize::new(self.width, self.height)
    }
}

impl Default for ExportSize {
    fn default() -> Self {
        ExportSize {
            width: 1200,
            height: 800,
        }
    }
}

/// Why an export failed.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The file name does not end in a supported extension.
    #[error(
        "cannot export to '{}': the file name must end in .svg, .png, .pdf or .csv",
        .path.display()
    )]
    Extension { path: PathBuf },
    /// Width or height out of range.
    #[error(
        "export size {width} x {height} px is out of range: width and height must be {} to {} px",
        ExportSize::MIN,
        ExportSize::MAX
    )]
    Size { width: u32, height: u32 },
    /// The SVG could not be parsed or rasterized.
    #[error("cannot render the figure: {0}")]
    Render(String),
    /// The file could not be written.
    #[error("cannot write '{}': {source}", .path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// The bytes of `fig` in `format`.
pub fn render(
    fig: &Figure,
    format: Format,
    size: ExportSize,
    camera: &Camera,
) -> Result<Vec<u8>, ExportError> {
    let size = size.validate()?;
    Ok(match format {
        Format::Svg => render_svg(fig, size, camera).into_bytes(),
        Format::Png => render_png(fig, size, camera)?,
        Format::Pdf => render_pdf(fig, size, camera)?,
        Format::Csv => render_csv(fig).into_bytes(),
    })
}

/// The bytes of `fig` in `format`, drawn in `palette` (dark: the light
/// figure's neutral inks and canvas turned over; CSV has no colours).
pub fn render_in(
    fig: &Figure,
    format: Format,
    size: ExportSize,
    camera: &Camera,
    palette: Palette,
) -> Result<Vec<u8>, ExportError> {
    if palette == Palette::Light || format == Format::Csv {
        return render(fig, format, size, camera);
    }
    let size = size.validate()?;
    let svg = palette::recolor_svg(&render_svg(fig, size, camera), palette);
    Ok(match format {
        Format::Png => svg_to_png(&svg, size)?,
        Format::Pdf => svg_to_pdf(&svg)?,
        Format::Svg | Format::Csv => svg.into_bytes(),
    })
}

/// Export `fig` to `path`, the format following the extension.
///
/// The file is written to a temporary file in the target's directory and
/// renamed into place, so a failed export leaves no partial file.
pub fn export_to_file(
    fig: &Figure,
    camera: &Camera,
    size: ExportSize,
    path: &Path,
) -> Result<(), ExportError> {
    let format = Format::from_path(path)?;
    let bytes = render(fig, format, size, camera)?;
    write_atomic(path, &bytes)
}

/// Write `bytes` to `path` with the one atomic writer
/// ([`hetscope_fsio::write_atomic`]); the error names `path`.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), ExportError> {
    hetscope_fsio::write_atomic(path, bytes).map_err(|source| ExportError::Io {
        path: path.to_path_buf(),
        source,
    })
}

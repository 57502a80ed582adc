//! Figure exporters: SVG, PNG and CSV.

//! CSV export: the numbers behind a figure.
//!
//! Heat maps and surfaces: one row per grid cell (`row` = `cell`), then the
//! zero bands (`zero_band`, where I_C or I_G is 0) and the markers
//! (`marker`, with their label). Intensities are cell centres in flop/byte;
//! the value is empty where there is no such partition.
//!
//! Partition comparison: one row per bar.
//!
//! Charts (boat hull, FPM, offload): long format, one row per drawn value:
//! `panel, kind, name, x, y, ...` with the axes' units in the header of
//! each panel's rows (`kind` = `point`, `bar`, `marker`, `ref_line`).

use hetscope_figure::chart::Orientation;
use hetscope_figure::{ChartFigure, CompareFigure, Figure, FigurePair, Marker};
use hetscope_model::perdome::Grid;

/// The figure's underlying data as CSV text.
pub fn render_csv(fig: &Figure) -> String {
    let mut w = csv::Writer::from_writer(Vec::with_capacity(1 << 20));
    let res = match fig {
        Figure::Heatmap(h) => grid_rows(&mut w, &h.grid, &h.markers),
        Figure::Surface(s) => grid_rows(&mut w, &s.grid, &s.markers),
        Figure::Compare(c) => compare_rows(&mut w, c),
        Figure::Chart(c) => chart_rows(&mut w, c),
        Figure::Pair(p) => pair_rows(&mut w, p),
    };
    // Writing to a Vec cannot fail; an error here would be a bug in the
    // csv crate, and the partial text is still returned.
    debug_assert!(res.is_ok());
    let bytes = w
        .into_inner()
        .unwrap_or_else(|e| e.into_inner().get_ref().clone());
    String::from_utf8(bytes).unwrap_or_default()
}

type Out = csv::Writer<Vec<u8>>;

/// Both figures' rows, each led by its platform's name in a `platform`
/// column.
fn pair_rows(w: &mut Out, p: &FigurePair) -> csv::Result<()> {
    let mut header: Option<csv::StringRecord> = None;
    for (name, fig) in p.names.iter().zip([&p.left, &p.right]) {
        let text = render_csv(fig);
        let mut r = csv::ReaderBuilder::new()
            .has_headers(false)
            .from_reader(text.as_bytes());
        for (k, rec) in r.records().enumerate() {
            let rec = rec.map_err(|e| csv::Error::from(std::io::Error::other(e.to_string())))?;
            if k == 0 {
                // One header for both when they name the same columns.
                if header.as_ref() == Some(&rec) {
                    continue;
                }
                header = Some(rec.clone());
                w.write_record(std::iter::once("platform").chain(rec.iter()))?;
            } else {
                w.write_record(std::iter::once(name.as_str()).chain(rec.iter()))?;
            }
        }
    }
    Ok(())
}

fn num(v: f64) -> String {
    if v.is_finite() {
        format!("{v}")
    } else {
        String::new()
    }
}

fn opt(v: Option<f64>) -> String {
    v.map(num).unwrap_or_default()
}

fn grid_rows(w: &mut Out, g: &Grid, markers: &[Marker]) -> csv::Result<()> {
    let value_col = format!("{} [{}]", g.metric.key(), g.metric.unit());
    w.write_record([
        "i_c [flop/byte]",
        "i_g [flop/byte]",
        &value_col,
        "row",
        "label",
    ])?;
    let s = g.spec;
    // (The grid's own columns and rows: a surface's include its markers'.)
    let xs: Vec<String> = g.xs.iter().map(|x| num(x.exp2())).collect();
    let ys: Vec<String> = g.ys.iter().map(|y| num(y.exp2())).collect();
    let raw = g.raw();
    for (iy, i_g) in ys.iter().enumerate() {
        for (ix, x) in xs.iter().enumerate() {
            let v = raw.get(iy * s.nx + ix).copied().unwrap_or(f32::NAN);
            let v = if v.is_nan() {
                String::new()
            } else {
                format!("{v}")
            };
            w.write_record([x.as_str(), i_g, &v, "cell", ""])?;
        }
    }
    for (iy, v) in g.edge_ic0.iter().enumerate() {
        w.write_record(["0", ys[iy].as_str(), &opt(*v), "zero_band", ""])?;
    }
    for (ix, v) in g.edge_ig0.iter().enumerate() {
        w.write_record([xs[ix].as_str(), "0", &opt(*v), "zero_band", ""])?;
    }
    for m in markers {
        w.write_record([&num(m.i_c), &num(m.i_g), &opt(m.value), "marker", &m.label])?;
    }
    w.flush()?;
    Ok(())
}

fn compare_rows(w: &mut Out, c: &CompareFigure) -> csv::Result<()> {
    w.write_record(["panel", "partition", "model", "measured", "unit", "note"])?;
    for p in &c.panels {
        for b in &p.bars {
            w.write_record([
                &p.title,
                &b.label,
                &opt(b.model),
                &opt(b.measured),
                &p.unit,
                &b.note,
            ])?;
        }
    }
    w.flush()?;
    Ok(())
}

fn chart_rows(w: &mut Out, c: &ChartFigure) -> csv::Result<()> {
    w.write_record([
        "panel", "kind", "name", "category", "x", "x_unit", "y", "y_unit", "y_base", "y_lo", "y_hi",
    ])?;
    for p in &c.panels {
        let (xu, yu) = (p.x.unit.as_str(), p.y.unit.as_str());
        for s in &p.series {
            for pt in &s.points {
                w.write_record([
                    &p.title,
                    "point",
                    &s.name,
                    "",
                    &num(pt[0]),
                    xu,
                    &num(pt[1]),
                    yu,
                    "",
                    "",
                    "",
                ])?;
            }
        }
        for set in &p.bars {
            for b in &set.bars {
                let cat = p.categories.get(b.category).cloned().unwrap_or_default();
                let (lo, hi) = match b.range {
                    Some((lo, hi)) => (num(lo), num(hi)),
                    None => (String::new(), String::new()),
                };
                w.write_record([
                    &p.title,
                    "bar",
                    &set.name,
                    &cat,
                    "",
                    "",
                    &num(b.value),
                    yu,
                    &num(b.base),
                    &lo,
                    &hi,
                ])?;
            }
        }
        for m in &p.markers {
            w.write_record([
                &p.title,
                "marker",
                &m.label,
                "",
                &num(m.x),
                xu,
                &num(m.y),
                yu,
                "",
                "",
                "",
            ])?;
        }
        for r in &p.ref_lines {
            let (x, y) = match r.orientation {
                Orientation::Vertical => (num(r.value), String::new()),
                Orientation::Horizontal => (String::new(), num(r.value)),
            };
            w.write_record([
                &p.title, "ref_line", &r.label, "", &x, xu, &y, yu, "", "", "",
            ])?;
        }
    }
    w.flush()?;
    Ok(())
}

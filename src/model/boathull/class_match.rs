//! Matching a parsed class name against the 11 classes of Table 1. A name
//! that matches none gets an error pointing at the part that rules it out
//! (the output size, the tile, the `unordered` prefix, ...).
//!
//! Sizes are compared by their extent with dimensions of 1 ignored, so
//! `1024`, `1x1024` and `1024x1` name the same output.

use super::class_error::{ClassError, ClassProblem, Span};
use super::class_parse::{ClassName, Kind, NameSpans, Part, PartSpans, Size};
use super::class_shape::{ClassShape, out_size, row_size};

/// Dimensions other than 1, for comparing extents.
fn extent(dims: &[u64]) -> Vec<u64> {
    dims.iter().copied().filter(|&d| d != 1).collect()
}

fn same_extent(rows: u64, cols: u64, size: &Size) -> bool {
    extent(&[rows, cols]) == extent(size.dims())
}

fn not_modelled(text: &str, span: Span, why: String) -> ClassError {
    ClassError::at_span(text, span, ClassProblem::NotModelled(why))
}

/// (rows, columns) of a size with at most two dimensions.
fn rows_cols(text: &str, size: &Size, span: Span) -> Result<(u64, u64), ClassError> {
    match size.dims() {
        [k] => Ok((1, *k)),
        [a, b] => Ok((*a, *b)),
        _ => Err(not_modelled(
            text,
            span,
            "at most two dimensions (`AxB`) are modelled".into(),
        )),
    }
}

fn kind_word(kind: &Kind) -> &'static str {
    match kind {
        Kind::Element => "element",
        Kind::Shared => "shared",
        Kind::Tile(_) => "tile",
        Kind::Neighbourhood(_) => "neighbourhood",
    }
}

fn expect_output(
    text: &str,
    out: &Part,
    spans: &PartSpans,
    (rows, cols): (u64, u64),
    what: &str,
) -> Result<(), ClassError> {
    if same_extent(rows, cols, &out.size) {
        Ok(())
    } else {
        let want = out_size(rows, cols);
        Err(not_modelled(
            text,
            spans.size,
            format!("{what}: expected the output size `{want}`"),
        ))
    }
}

/// Decide which Table 1 class a parsed name is.
pub(super) fn classify(
    text: &str,
    name: &ClassName,
    spans: &NameSpans,
) -> Result<ClassShape, ClassError> {
    if let (Some(_), Some(s)) = (name.outputs.get(1), spans.outputs.get(1)) {
        return Err(not_modelled(
            text,
            s.part,
            "the modelled classes have one output".into(),
        ));
    }
    if let (Some(_), Some(s)) = (name.inputs.get(2), spans.inputs.get(2)) {
        return Err(not_modelled(
            text,
            s.part,
            "at most two inputs (`A ^ B`) are modelled".into(),
        ));
    }
    let (Some(input), Some(in_spans), Some(out), Some(out_spans)) = (
        name.inputs.first(),
        spans.inputs.first(),
        name.outputs.first(),
        spans.outputs.first(),
    ) else {
        return Err(ClassError::at_span(
            text,
            Span { start: 0, end: 0 },
            ClassProblem::Expected("an input and an output"),
        ));
    };
    let (a, b) = rows_cols(text, &input.size, in_spans.size)?;
    rows_cols(text, &out.size, out_spans.size)?;
    let unordered_err = |why: &str| match spans.unordered {
        Some(s) => Err(not_modelled(text, s, why.to_string())),
        None => Ok(()),
    };
    let only_element = "the `unordered` prefix is modelled only for `AxB|element -> AxB|element`";

    if let (Some(second), Some(second_spans)) = (name.inputs.get(1), spans.inputs.get(1)) {
        let two = "two inputs are modelled only as `AxB|element ^ AxB|element -> AxB|element`";
        for (part, s) in [(input, in_spans), (second, second_spans), (out, out_spans)] {
            if part.kind != Kind::Element {
                return Err(not_modelled(text, s.kind, two.into()));
            }
        }
        if !same_extent(a, b, &second.size) {
            return Err(not_modelled(
                text,
                second_spans.size,
                format!("both inputs must have the size `{}`", row_size(a, b)),
            ));
        }
        expect_output(text, out, out_spans, (a, b), "differencing keeps the size")?;
        unordered_err(only_element)?;
        return Ok(ClassShape::Pairwise { a, b });
    }

    let kind_dims = |kind_span: Option<Span>, size: &Size| -> Result<(u64, u64), ClassError> {
        let span = kind_span.unwrap_or(in_spans.kind);
        rows_cols(text, size, span)
    };
    let shape = match (&input.kind, &out.kind) {
        (Kind::Element, Kind::Element) => {
            expect_output(
                text,
                out,
                out_spans,
                (a, b),
                "`element -> element` keeps the size",
            )?;
            return Ok(if name.unordered {
                ClassShape::UnorderedElement { a, b }
            } else {
                ClassShape::Element { a, b }
            });
        }
        (Kind::Element, Kind::Shared) => {
            let bins = out
                .size
                .dims()
                .iter()
                .try_fold(1u64, |p, &d| p.checked_mul(d));
            match bins {
                Some(1) => ClassShape::Reduce { a, b },
                Some(bins) => ClassShape::Histogram { a, b, bins },
                None => {
                    return Err(ClassError::at_span(
                        text,
                        out_spans.size,
                        ClassProblem::NumberTooLarge,
                    ));
                }
            }
        }
        (Kind::Element, Kind::Tile(t)) => {
            let (u, v) = kind_dims(out_spans.kind_size, t)?;
            let (Some(rows), Some(cols)) = (a.checked_mul(u), b.checked_mul(v)) else {
                return Err(ClassError::at_span(
                    text,
                    out_spans.size,
                    ClassProblem::NumberTooLarge,
                ));
            };
            let what = "`element -> tile(UxV)` enlarges each element to a tile";
            expect_output(text, out, out_spans, (rows, cols), what)?;
            ClassShape::ElementToTile { a, b, u, v }
        }
        (Kind::Tile(t), Kind::Element) => {
            let (u, v) = kind_dims(in_spans.kind_size, t)?;
            if a % u != 0 || b % v != 0 {
                return Err(not_modelled(
                    text,
                    in_spans.kind_size.unwrap_or(in_spans.kind),
                    format!("the tile must divide the input size `{}`", row_size(a, b)),
                ));
            }
            let what = "`tile(UxV) -> element` makes one element per tile";
            expect_output(text, out, out_spans, (a / u, b / v), what)?;
            if u == 1 && v == b && b > 1 {
                ClassShape::XProjection { a, b }
            } else {
                ClassShape::TileToElement { a, b, u, v }
            }
        }
        (Kind::Tile(t), Kind::Tile(t2)) => {
            let (u, v) = kind_dims(in_spans.kind_size, t)?;
            if t != t2 {
                return Err(not_modelled(
                    text,
                    out_spans.kind_size.unwrap_or(out_spans.kind),
                    format!("`tile -> tile` keeps the tile: expected `{t}`"),
                ));
            }
            if a % u != 0 || b % v != 0 {
                return Err(not_modelled(
                    text,
                    in_spans.kind_size.unwrap_or(in_spans.kind),
                    format!("the tile must divide the input size `{}`", row_size(a, b)),
                ));
            }
            expect_output(
                text,
                out,
                out_spans,
                (a, b),
                "`tile -> tile` keeps the size",
            )?;
            ClassShape::TileToTile { a, b, u, v }
        }
        (Kind::Neighbourhood(w), Kind::Element) => {
            expect_output(
                text,
                out,
                out_spans,
                (a, b),
                "`neighbourhood -> element` keeps the size",
            )?;
            match w.dims() {
                [n] => ClassShape::Neighbourhood1d { a, b, n: *n },
                _ => {
                    let (n, m) = kind_dims(in_spans.kind_size, w)?;
                    ClassShape::Neighbourhood2d { a, b, n, m }
                }
            }
        }
        (i, o) => {
            let span = if *i == Kind::Shared {
                in_spans.kind
            } else {
                out_spans.kind
            };
            return Err(not_modelled(
                text,
                span,
                format!(
                    "`{} -> {}` is not a modelled combination",
                    kind_word(i),
                    kind_word(o)
                ),
            ));
        }
    };
    unordered_err(only_element)?;
    Ok(shape)
}

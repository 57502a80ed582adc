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

/// Why the `unordered` prefix is refused on every other class.
const ONLY_ELEMENT: &str =
    "the `unordered` prefix is modelled only for `AxB|element -> AxB|element`";

/// Decide which Table 1 class a parsed name is.
pub(super) fn classify(
    text: &str,
    name: &ClassName,
    spans: &NameSpans,
) -> Result<ClassShape, ClassError> {
    check_part_counts(text, name, spans)?;
    let m = Match::new(text, name, spans)?;
    match (name.inputs.get(1), spans.inputs.get(1)) {
        (Some(second), Some(second_spans)) => m.pairwise(second, second_spans),
        _ => m.one_input(),
    }
}

/// At most two inputs and one output.
fn check_part_counts(text: &str, name: &ClassName, spans: &NameSpans) -> Result<(), ClassError> {
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
    Ok(())
}

/// A name with its first input and its output, and the input's (rows,
/// columns) `a x b`: what each pairing of kinds is checked against.
struct Match<'a> {
    text: &'a str,
    name: &'a ClassName,
    spans: &'a NameSpans,
    input: &'a Part,
    in_spans: &'a PartSpans,
    out: &'a Part,
    out_spans: &'a PartSpans,
    a: u64,
    b: u64,
}

impl<'a> Match<'a> {
    /// The first input and the output, both with at most two dimensions.
    fn new(text: &'a str, name: &'a ClassName, spans: &'a NameSpans) -> Result<Self, ClassError> {
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
        Ok(Match {
            text,
            name,
            spans,
            input,
            in_spans,
            out,
            out_spans,
            a,
            b,
        })
    }

    fn not_modelled(&self, span: Span, why: String) -> ClassError {
        not_modelled(self.text, span, why)
    }

    /// An error at the output's size: the product overflows.
    fn too_large(&self) -> ClassError {
        ClassError::at_span(self.text, self.out_spans.size, ClassProblem::NumberTooLarge)
    }

    /// The output must have the extent `rows x cols`; `what` says why.
    fn expect_output(&self, (rows, cols): (u64, u64), what: &str) -> Result<(), ClassError> {
        if same_extent(rows, cols, &self.out.size) {
            Ok(())
        } else {
            let want = out_size(rows, cols);
            Err(self.not_modelled(
                self.out_spans.size,
                format!("{what}: expected the output size `{want}`"),
            ))
        }
    }

    /// Refuse the `unordered` prefix (kept only by `element -> element`).
    fn refuse_unordered(&self) -> Result<(), ClassError> {
        match self.spans.unordered {
            Some(s) => Err(self.not_modelled(s, ONLY_ELEMENT.to_string())),
            None => Ok(()),
        }
    }

    /// (rows, columns) of the size inside `tile(..)` or
    /// `neighbourhood(..)`, errors pointing at it (else at the input's kind).
    fn kind_dims(&self, kind_span: Option<Span>, size: &Size) -> Result<(u64, u64), ClassError> {
        let span = kind_span.unwrap_or(self.in_spans.kind);
        rows_cols(self.text, size, span)
    }

    /// The input's tile must divide its size.
    fn check_tile_divides(&self, u: u64, v: u64) -> Result<(), ClassError> {
        let (a, b) = (self.a, self.b);
        if a % u != 0 || b % v != 0 {
            return Err(self.not_modelled(
                self.in_spans.kind_size.unwrap_or(self.in_spans.kind),
                format!("the tile must divide the input size `{}`", row_size(a, b)),
            ));
        }
        Ok(())
    }

    /// Two inputs: only `AxB|element ^ AxB|element -> AxB|element`.
    fn pairwise(&self, second: &Part, second_spans: &PartSpans) -> Result<ClassShape, ClassError> {
        let (a, b) = (self.a, self.b);
        let two = "two inputs are modelled only as `AxB|element ^ AxB|element -> AxB|element`";
        for (part, s) in [
            (self.input, self.in_spans),
            (second, second_spans),
            (self.out, self.out_spans),
        ] {
            if part.kind != Kind::Element {
                return Err(self.not_modelled(s.kind, two.into()));
            }
        }
        if !same_extent(a, b, &second.size) {
            return Err(self.not_modelled(
                second_spans.size,
                format!("both inputs must have the size `{}`", row_size(a, b)),
            ));
        }
        self.expect_output((a, b), "differencing keeps the size")?;
        self.refuse_unordered()?;
        Ok(ClassShape::Pairwise { a, b })
    }

    /// One input: the class of the pairing of its kind with the output's.
    fn one_input(&self) -> Result<ClassShape, ClassError> {
        let shape = match (&self.input.kind, &self.out.kind) {
            (Kind::Element, Kind::Element) => return self.element_to_element(),
            (Kind::Element, Kind::Shared) => self.element_to_shared()?,
            (Kind::Element, Kind::Tile(t)) => self.element_to_tile(t)?,
            (Kind::Tile(t), Kind::Element) => self.tile_to_element(t)?,
            (Kind::Tile(t), Kind::Tile(t2)) => self.tile_to_tile(t, t2)?,
            (Kind::Neighbourhood(w), Kind::Element) => self.neighbourhood(w)?,
            (i, o) => return Err(self.unmodelled_pair(i, o)),
        };
        self.refuse_unordered()?;
        Ok(shape)
    }

    /// `element -> element`, the one class that may be `unordered`.
    fn element_to_element(&self) -> Result<ClassShape, ClassError> {
        let (a, b) = (self.a, self.b);
        self.expect_output((a, b), "`element -> element` keeps the size")?;
        Ok(if self.name.unordered {
            ClassShape::UnorderedElement { a, b }
        } else {
            ClassShape::Element { a, b }
        })
    }

    /// `element -> shared`: a reduction to one value, else a histogram of
    /// as many bins as the output has elements.
    fn element_to_shared(&self) -> Result<ClassShape, ClassError> {
        let (a, b) = (self.a, self.b);
        let bins = self
            .out
            .size
            .dims()
            .iter()
            .try_fold(1u64, |p, &d| p.checked_mul(d));
        match bins {
            Some(1) => Ok(ClassShape::Reduce { a, b }),
            Some(bins) => Ok(ClassShape::Histogram { a, b, bins }),
            None => Err(self.too_large()),
        }
    }

    /// `element -> tile(UxV)`: each element enlarged to a tile.
    fn element_to_tile(&self, t: &Size) -> Result<ClassShape, ClassError> {
        let (a, b) = (self.a, self.b);
        let (u, v) = self.kind_dims(self.out_spans.kind_size, t)?;
        let (Some(rows), Some(cols)) = (a.checked_mul(u), b.checked_mul(v)) else {
            return Err(self.too_large());
        };
        let what = "`element -> tile(UxV)` enlarges each element to a tile";
        self.expect_output((rows, cols), what)?;
        Ok(ClassShape::ElementToTile { a, b, u, v })
    }

    /// `tile(UxV) -> element`: one element per tile; a tile of whole rows
    /// is the x projection.
    fn tile_to_element(&self, t: &Size) -> Result<ClassShape, ClassError> {
        let (a, b) = (self.a, self.b);
        let (u, v) = self.kind_dims(self.in_spans.kind_size, t)?;
        self.check_tile_divides(u, v)?;
        let what = "`tile(UxV) -> element` makes one element per tile";
        self.expect_output((a / u, b / v), what)?;
        Ok(if u == 1 && v == b && b > 1 {
            ClassShape::XProjection { a, b }
        } else {
            ClassShape::TileToElement { a, b, u, v }
        })
    }

    /// `tile(UxV) -> tile(UxV)`: the same tile and size.
    fn tile_to_tile(&self, t: &Size, t2: &Size) -> Result<ClassShape, ClassError> {
        let (a, b) = (self.a, self.b);
        let (u, v) = self.kind_dims(self.in_spans.kind_size, t)?;
        if t != t2 {
            return Err(self.not_modelled(
                self.out_spans.kind_size.unwrap_or(self.out_spans.kind),
                format!("`tile -> tile` keeps the tile: expected `{t}`"),
            ));
        }
        self.check_tile_divides(u, v)?;
        self.expect_output((a, b), "`tile -> tile` keeps the size")?;
        Ok(ClassShape::TileToTile { a, b, u, v })
    }

    /// `neighbourhood(N) -> element` or `neighbourhood(NxM) -> element`.
    fn neighbourhood(&self, w: &Size) -> Result<ClassShape, ClassError> {
        let (a, b) = (self.a, self.b);
        self.expect_output((a, b), "`neighbourhood -> element` keeps the size")?;
        Ok(match w.dims() {
            [n] => ClassShape::Neighbourhood1d { a, b, n: *n },
            _ => {
                let (n, m) = self.kind_dims(self.in_spans.kind_size, w)?;
                ClassShape::Neighbourhood2d { a, b, n, m }
            }
        })
    }

    /// Any other pairing of kinds, pointing at `shared` on the input or
    /// else at the output's kind.
    fn unmodelled_pair(&self, i: &Kind, o: &Kind) -> ClassError {
        let span = if *i == Kind::Shared {
            self.in_spans.kind
        } else {
            self.out_spans.kind
        };
        self.not_modelled(
            span,
            format!(
                "`{} -> {}` is not a modelled combination",
                kind_word(i),
                kind_word(o)
            ),
        )
    }
}
